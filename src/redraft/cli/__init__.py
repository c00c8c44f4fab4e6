"""The ``redraft`` command line."""

from __future__ import annotations

import os

import click

from redraft._version import __version__
from redraft.cli._ask import ask
from redraft.cli._calibrate import calibrate
from redraft.cli._checks import checks
from redraft.cli._eval import eval_command
from redraft.cli._judge import judge
from redraft.cli._judges import judges
from redraft.cli._keys import keys
from redraft.cli._runs import runs
from redraft.cli._serve import serve
from redraft.evaluators._isolation import isolate_checks

__all__ = ["cli", "main"]


@click.group()
@click.version_option(__version__, prog_name="redraft")
@click.option(
    "--log-format",
    type=click.Choice(["auto", "text", "json"]),
    help="How log records are written to stderr: auto is readable text on a terminal "
    "and JSON elsewhere [default: $REDRAFT_LOG_FORMAT or auto].",
)
def cli(log_format: str | None) -> None:
    """Make an LLM check its own answer and redraft it until it passes."""
    # Untrusted checks (JSON Schema, long prompts) run in worker processes
    # with hard limits; the command's own main module is guarded, as that needs.
    isolate_checks()
    if log_format is not None:
        # Every command reads its settings from the environment.
        os.environ["REDRAFT_LOG_FORMAT"] = log_format


judges.add_command(calibrate)
for command in (ask, checks, eval_command, judge, judges, serve, keys, runs):
    cli.add_command(command)


def main() -> None:
    cli()
