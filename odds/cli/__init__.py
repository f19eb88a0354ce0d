"""The ``odds`` command line: a thin click layer over the library.

Each command parses its options, calls the library and renders; no arithmetic here. A library
error (:class:`odds.errors.OddsError`) becomes one line on stderr and exit code 1; click's usage
errors exit 2. Commands live in the modules listed in ``COMMAND_MODULES``.
"""

from __future__ import annotations

import importlib

import click

from ..errors import OddsError

COMMAND_MODULES = [
    "odds.cli.sheets",   # games, sheet, export, batch
    "odds.cli.depletion",  # eor, tags, count
    "odds.cli.strategy",  # strategy (player-dealer baccarat's option on 5)
    "odds.cli.design",   # solve, simulate, vectors, verify
    "odds.cli.bets",     # features
]


class OddsGroup(click.Group):
    """Turns library errors into click errors at the edge, never a traceback."""

    def invoke(self, ctx):
        try:
            return super().invoke(ctx)
        except OddsError as exc:
            raise click.ClickException(str(exc)) from None


@click.group(cls=OddsGroup, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(package_name="odds")
def cli():
    """Exact odds for casino table games: paytable sheets, depletion, solving.

    Every figure is an exact count of equally likely deals, rolls or pockets.
    """


for _module in COMMAND_MODULES:
    importlib.import_module(_module).register(cli)


def main():
    cli(prog_name="odds")
