"""The ``odds`` command line: a thin click layer over the library.

Each command parses its options, calls the library and hands the result to :mod:`odds.render`;
no arithmetic and no text or JSON building here. A library
error (:class:`odds.errors.OddsError`) becomes one line on stderr and exit code 1; click's usage
errors exit 2. Commands live in the modules listed in ``COMMAND_MODULES``.
"""

from __future__ import annotations

import importlib
import os
import re
import sys

import click

from ..errors import OddsError

COMMAND_MODULES = [
    "odds.cli.sheets",   # games, sheet, export, batch
    "odds.cli.depletion",  # eor, tags, count
    "odds.cli.strategy",  # strategy (player-dealer baccarat's option on 5)
    "odds.cli.design",   # solve, simulate, vectors, verify
    "odds.cli.bets",     # features
    "odds.cli.settle",   # settle
    "odds.cli.compare",  # compare
]


def _one_line(exc: click.UsageError) -> click.UsageError:
    """A usage error as one line on stderr (click prints the usage and a hint on two more):
    ``Error: Invalid value for '--decks': ... (see 'odds sheet --help')``."""
    if exc.ctx is None or isinstance(exc, click.exceptions.NoArgsIsHelpError):
        return exc
    message = re.sub(r"\S{60,}", lambda m: f"{m[0][:20]}...{m[0][-20:]} ({len(m[0])} characters)", exc.format_message())
    short = click.UsageError(f"{message} (see '{exc.ctx.command_path} --help')")
    short.exit_code = exc.exit_code
    return short


class OddsGroup(click.Group):
    """Turns library errors into click errors at the edge, never a traceback; usage errors are
    one line too."""

    def make_context(self, info_name, args, parent=None, **extra):
        try:
            return super().make_context(info_name, args, parent=parent, **extra)
        except click.UsageError as exc:
            raise _one_line(exc) from None

    def invoke(self, ctx):
        try:
            return super().invoke(ctx)
        except OddsError as exc:
            raise click.ClickException(str(exc)) from None
        except click.UsageError as exc:
            raise _one_line(exc) from None


@click.group(cls=OddsGroup, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(package_name="odds")
def cli():
    """Exact odds for casino table games: paytable sheets, depletion, solving.

    Every figure is an exact count of equally likely deals, rolls or pockets.
    """


for _module in COMMAND_MODULES:
    importlib.import_module(_module).register(cli)


def main():
    """``odds``: the command line, with the last guards a user should never see fire - output
    that cannot be written (a full disk, ``> /dev/full``) and an unexpected failure are each one
    line on stderr and exit code 1, not a traceback (``ODDS_DEBUG=1`` shows the traceback)."""
    code = 0
    try:
        try:
            cli.main(prog_name="odds")
        finally:
            sys.stdout.flush()  # an output error surfaces here, while we can still report it
    except SystemExit as exc:
        code = exc.code
    except BrokenPipeError:
        _silence_stdout()  # the reader stopped reading (odds ... | head): nothing to say
        code = 1
    except OSError as exc:
        _silence_stdout()
        _fail(f"cannot write the output: {exc.strerror or exc}")
        code = 1
    except Exception as exc:  # noqa: BLE001 - the last guard; the hostile-input tests keep it from firing
        if os.environ.get("ODDS_DEBUG"):
            raise
        _fail(f"internal error ({exc.__class__.__name__}: {str(exc)[:200]}); please report it "
              f"with the command (ODDS_DEBUG=1 shows where)")
        code = 1
    sys.exit(code)


def _fail(message: str) -> None:
    try:
        click.echo(f"Error: {message}", err=True)
    except OSError:
        pass


def _silence_stdout() -> None:
    """Point stdout at /dev/null, so the interpreter's last flush of the unwritten output does
    not fail again with a traceback-like report."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        os.close(devnull)
    except (OSError, ValueError, AttributeError):
        pass
