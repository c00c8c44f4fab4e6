"""The ``redraft`` command line."""

from __future__ import annotations

import click

from redraft._version import __version__
from redraft.cli._ask import ask
from redraft.cli._calibrate import calibrate
from redraft.cli._checks import checks
from redraft.cli._judge import judge
from redraft.cli._judges import judges
from redraft.cli._keys import keys
from redraft.cli._runs import runs
from redraft.cli._serve import serve

__all__ = ["cli", "main"]


@click.group()
@click.version_option(__version__, prog_name="redraft")
def cli() -> None:
    """Make an LLM check its own answer and redraft it until it passes."""


cli.add_command(ask)
cli.add_command(checks)
cli.add_command(judge)
judges.add_command(calibrate)
cli.add_command(judges)
cli.add_command(serve)
cli.add_command(keys)
cli.add_command(runs)


def main() -> None:
    cli()
