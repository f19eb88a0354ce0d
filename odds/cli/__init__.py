"""The ``odds`` command line: a thin click layer over the library.

Each command parses its options, calls the library and hands the result to :mod:`odds.render`;
no arithmetic and no text or JSON building here. A library
error (:class:`odds.errors.OddsError`) becomes one line on stderr and exit code 1; click's usage
errors exit 2. Commands live in the modules listed in ``COMMANDS``; a command's module is imported
only when that command runs or shows its help, so ``odds --help`` or ``odds games`` does not pay
for (nor import numpy for) ``odds count``.
"""

from __future__ import annotations

import gc
import importlib
import os
import re
import sys
from collections.abc import MutableMapping

import click

from ..errors import OddsError
from ..text import escape

COMMANDS = {
    "games": "odds.cli.sheets",
    "sheet": "odds.cli.sheets",
    "export": "odds.cli.bulk",
    "batch": "odds.cli.bulk",
    "eor": "odds.cli.depletion",
    "tags": "odds.cli.depletion",
    "count": "odds.cli.depletion",
    "strategy": "odds.cli.strategy",  # player-dealer baccarat's option on 5
    "solve": "odds.cli.design",
    "simulate": "odds.cli.design",
    "vectors": "odds.cli.design",
    "verify": "odds.cli.design",
    "features": "odds.cli.bets",
    "settle": "odds.cli.settle",
    "compare": "odds.cli.compare",
    "track": "odds.cli.floor",  # the game floor: the live tracker and the session audit
    "audit": "odds.cli.floor",
    "check": "odds.cli.sheets",
}
"""Every command, by name: the module whose ``register(cli)`` adds it (a test checks each module
registers exactly the names listed for it)."""
COMMAND_MODULES = list(dict.fromkeys(COMMANDS.values()))


class LazyCommands(MutableMapping):
    """``cli.commands``: the commands by name, a command's module imported the first time the
    command is looked up. Listing the names (``odds --help``, ``name in cli.commands``) imports
    nothing; :meth:`summary` gives a command's one-line help without importing it either."""

    def __init__(self, modules: dict[str, str]):
        self._modules = dict(modules)
        self._loaded: dict = {}

    def __getitem__(self, name):
        if name not in self._loaded and name in self._modules:
            importlib.import_module(self._modules[name]).register(self)
        return self._loaded[name]

    def add_command(self, command, name=None):
        """What a module's ``register(cli)`` calls; the command's help gets its examples and the
        GAME ids (:mod:`odds.cli.examples`)."""
        from .examples import epilog

        name = name or command.name
        takes_game = any(p.name == "game_id" for p in command.params)
        command.epilog = command.epilog or epilog(name, takes_game)
        self[name] = command

    def __setitem__(self, name, command):
        self._loaded[name] = command

    def __delitem__(self, name):
        if name not in self:
            raise KeyError(name)
        self._modules.pop(name, None)
        self._loaded.pop(name, None)

    def __contains__(self, name):
        return name in self._modules or name in self._loaded

    def __iter__(self):
        return iter(dict.fromkeys([*self._modules, *self._loaded]))

    def __len__(self):
        return len(dict.fromkeys([*self._modules, *self._loaded]))

    def summary(self, name: str, limit: int) -> str:
        """The command's short help as click shows it in ``odds --help``: from the loaded
        command, else from its function's docstring, read from the module's source (the test
        ``tests/test_startup.py`` checks both give the same listing)."""
        if name in self._loaded or name not in self._modules:
            return self[name].get_short_help_str(limit)
        doc = _docstrings(self._modules[name]).get(name)
        if doc is None:  # not a plain @click.command() function: load it
            return self[name].get_short_help_str(limit)
        return click.Command(name, help=doc).get_short_help_str(limit)


def _docstrings(module: str) -> dict[str, str]:
    """The docstring of each ``@click.command()`` function of a module, by command name (click's
    default name: the function's, lower case, ``_`` as ``-``), read without importing it."""
    import ast
    import importlib.util

    spec = importlib.util.find_spec(module)
    tree = ast.parse(open(spec.origin, encoding="utf-8").read())
    out = {}
    for node in tree.body:
        if not isinstance(node, ast.FunctionDef):
            continue
        for deco in node.decorator_list:
            if (
                isinstance(deco, ast.Call)
                and not deco.args
                and not deco.keywords
                and isinstance(deco.func, ast.Attribute)
                and deco.func.attr == "command"
            ):
                doc = ast.get_docstring(node, clean=False)
                if doc is not None:
                    out[node.name.lower().replace("_", "-")] = doc
    return out


def _one_line(exc: click.UsageError) -> click.UsageError:
    """A usage error as one line on stderr (click prints the usage and a hint on two more):
    ``Error: Invalid value for '--decks': ... (see 'odds sheet --help')``."""
    if exc.ctx is None or isinstance(exc, click.exceptions.NoArgsIsHelpError):
        return exc
    message = re.sub(r"\S{60,}", lambda m: f"{m[0][:20]}...{m[0][-20:]} ({len(m[0])} characters)", exc.format_message())
    short = click.UsageError(f"{escape(message)} (see '{exc.ctx.command_path} --help')")
    short.exit_code = exc.exit_code
    return short


def _given_once(cmd: click.Command, args: list[str], path: str) -> None:
    """Refuse (exit 2) an option of ``cmd`` that takes one value and appears twice in ``args``."""
    single = {}
    for param in cmd.params:
        if isinstance(param, click.Option) and not param.multiple and not param.count:
            for opt in param.opts:
                single[opt] = (param, not param.is_flag)
    seen: dict[str, list[str]] = {}
    tokens = iter(args)
    for token in tokens:
        if token == "--":
            break
        opt, _, inline = token.partition("=")
        if opt not in single:
            continue
        param, takes_value = single[opt]
        value = inline if inline or "=" in token else (next(tokens, "") if takes_value else opt)
        seen.setdefault(param.name, []).append(value)
        if len(seen[param.name]) == 2:
            first, then = seen[param.name]
            shown_values = f" ({escape(first[:40])}, then {escape(then[:40])})" if takes_value else ""
            error = click.UsageError(f"{opt} is given twice{shown_values}: give it once (see '{path} --help')")
            raise error


class OddsGroup(click.Group):
    """Turns library errors into click errors at the edge, never a traceback; usage errors are
    one line too. Its commands load on first use (:class:`LazyCommands`)."""

    def format_commands(self, ctx, formatter):
        """click's listing of the commands in ``odds --help``, from :meth:`LazyCommands.summary`
        so that no command module is imported for it."""
        names = [n for n in self.list_commands(ctx)]
        if not names:
            return
        limit = formatter.width - 6 - max(len(n) for n in names)
        rows = [(name, self.commands.summary(name, limit)) for name in names]
        with formatter.section("Commands"):
            formatter.write_dl(rows)

    def resolve_command(self, ctx, args):
        """click's, and an option that takes one value given twice is a usage error (click would
        keep the last silently: ``--decks 6 --decks 8`` priced 8 decks)."""
        name, cmd, rest = super().resolve_command(ctx, args)
        if cmd is not None and not ctx.resilient_parsing:
            _given_once(cmd, rest, f"{ctx.command_path} {name}")
        return name, cmd, rest

    def make_context(self, info_name, args, parent=None, **extra):
        try:
            return super().make_context(info_name, args, parent=parent, **extra)
        except click.UsageError as exc:
            raise _one_line(exc) from None

    def invoke(self, ctx):
        from ..exact.report import reporting
        from ..runs import RunStopped, signal_of, stopping_on_signals
        from .progress import report_build

        try:
            # SIGTERM stops a command as Ctrl-C does; a table that takes over a second to build says so
            with stopping_on_signals(), reporting(report_build):
                return super().invoke(ctx)
        except OddsError as exc:
            if _scheduler_gone(exc):
                # A scheduler that stopped answering holds threads of distributed's client, and its exit
                # hooks wait on them (about a second, or forever): main() leaves at once after the line.
                _leave_at_once.append(True)
            # one line, whatever a file put in the message (a newline, an escape sequence)
            raise click.ClickException(escape(str(exc))) from None
        except click.UsageError as exc:
            raise _one_line(exc) from None
        except KeyboardInterrupt as exc:  # a stop: one line, and the shell's code (130 after Ctrl-C)
            stopped = exc if isinstance(exc, RunStopped) else RunStopped(signal_of(exc), 0, None, "")
            text = stopped.message() if stopped.unit else stopped.message().split(" after ")[0]
            click.echo(f"\n{text}" if sys.stderr.isatty() else text, err=True)
            raise click.exceptions.Exit(stopped.exit_code) from None


@click.group(
    cls=OddsGroup,
    commands=LazyCommands(COMMANDS),
    context_settings={"help_option_names": ["-h", "--help"]},
    # examples, as every command's help ends with (odds/cli/examples.py: not imported by odds --help)
    epilog="\b\nExamples:\n  odds games\n  odds sheet baccarat --bet tie\n  odds COMMAND --help",
)
@click.version_option(package_name="odds")
def cli():
    """Exact odds for casino table games: paytable sheets, depletion, solving.

    Every figure is an exact count of equally likely deals, rolls or pockets.
    """


def _scheduler_gone(exc: OddsError) -> bool:
    """Whether ``exc`` says a run lost its Dask scheduler. Only a run on a cluster can, and it has
    imported :mod:`odds.runs.cluster` (with logging and distributed's helpers): the other commands
    - a sheet from the cache above all - do not import it to ask."""
    cluster = sys.modules.get("odds.runs.cluster")
    return cluster is not None and isinstance(exc, cluster.SchedulerGone)


_leave_at_once: list[bool] = []
"""Set when the run's threads may never end (a stopped Dask scheduler): :func:`main` then exits
without waiting for them."""


def main():
    """``odds``: the command line, with the last guards a user should never see fire - output
    that cannot be written (a full disk, ``> /dev/full``) and an unexpected failure are each one
    line on stderr and exit code 1, not a traceback (``ODDS_DEBUG=1`` shows the traceback)."""
    _one_blas_thread()
    _fewer_collections()
    _safe_streams()
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
        _fail(
            f"internal error ({exc.__class__.__name__}: {str(exc)[:200]}); please report it "
            f"with the command (ODDS_DEBUG=1 shows where)"
        )
        code = 1
    if _leave_at_once:
        sys.stdout.flush()
        sys.stderr.flush()
        os._exit(code if isinstance(code, int) else 1)
    gc.freeze()  # the exit's last collection would walk every object left just before they all go
    sys.exit(code)


def _fewer_collections() -> None:
    """Python's cyclic garbage collector with larger generations, as mypy's command line sets it.
    A command's start-up makes objects that live as long as the process (modules, classes,
    functions, a paytable's parsed conditions), and at the default thresholds (700, 10, 10) the
    collector walks them again and again: 61 passes in an ``odds sheet`` from the cache, 1% of its
    instructions (callgrind), none at these (issue 21). A long run still collects its cycles,
    every 100,000 new objects instead of 700. The program's only: importing odds changes no
    setting. At exit :func:`main` freezes what is left (:func:`gc.freeze`) so that the
    interpreter's last collection does not walk it all once more (3.5% of a sheet's
    instructions): files are closed and streams flushed before that, never by a finalizer."""
    gc.set_threshold(100_000, 20, 20)


def _one_blas_thread() -> None:
    """The ``odds`` program (not the library: importing odds changes no environment variable)
    starts its BLAS with one thread, a user's own setting winning. OpenBLAS starts its thread pool
    when numpy loads and stops it at exit: 60 ms of every command that computes, on this 2-core
    machine (``python -c "import numpy"``: 0.145 s with two threads, 0.084 s with one), and the
    commands' products are small (their loops run under :func:`odds.threads.single_threaded_blas`
    anyway). Set here, before any numpy import: the commands load numpy on first use."""
    if "numpy" not in sys.modules:
        for var in ("OPENBLAS_NUM_THREADS", "OMP_NUM_THREADS", "MKL_NUM_THREADS"):
            os.environ.setdefault(var, "1")


class _ClosedOutput:
    """What stands for stdout when the program was started with it closed (``>&-``: Python then
    has no ``sys.stdout``): writing fails with one clear line instead of an AttributeError."""

    encoding = "utf-8"
    errors = "backslashreplace"

    def write(self, text):
        import errno

        raise OSError(errno.EBADF, "stdout is closed")

    def flush(self):
        pass

    def isatty(self):
        return False


def _safe_streams() -> None:
    """stdout as the program can always use it: a closed stdout is :class:`_ClosedOutput`, and
    text the terminal's encoding cannot hold (a bet named in Chinese on a Latin-1 terminal) is
    written as backslash escapes instead of failing."""
    if sys.stdout is None:
        sys.stdout = _ClosedOutput()
    for stream in (sys.stdout, sys.stderr):
        if stream is not None and hasattr(stream, "reconfigure"):
            try:
                stream.reconfigure(errors="backslashreplace")
            except (ValueError, OSError):
                pass


def _fail(message: str) -> None:
    try:
        click.echo(f"Error: {escape(message)}", err=True)
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
