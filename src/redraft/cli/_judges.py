"""``redraft judges``: how often each judge has been right (the judges' record).

It reads the store named by ``REDRAFT_DATABASE_URL`` (by default the SQLite
file in the user data dir), where ``redraft ask``, ``redraft judge`` and
``redraft serve`` keep the judges' audits. ``--json`` prints exactly what
``GET /v1/judges`` returns in its ``data``. Exit codes: 0 done, 2 usage or
configuration (a database that cannot be opened). Subcommands (``calibrate``)
are added to :data:`judges` by their own modules.
"""

from __future__ import annotations

import json

import click
from rich.table import Table
from rich.text import Text

from redraft.app._shipped_record import with_shipped
from redraft.cli._stored import table_console, with_store
from redraft.evaluators._reliability import Reliability
from redraft.store._judge_record import record_json

__all__ = ["judges"]


def _records() -> list[Reliability]:
    """Every judge's record, by judge then preset; a bad database exits 2."""
    records = with_shipped(with_store(lambda store: store.judges.reliabilities()))
    return [records[key] for key in sorted(records)]


@click.group(invoke_without_command=True)
@click.option("--json", "as_json", is_flag=True, help="Print one JSON array (GET /v1/judges).")
@click.pass_context
def judges(context: click.Context, as_json: bool) -> None:
    """How often each judge has been right: balanced accuracy [95% interval],
    κ and sample size, from audits against exact checks and calibration."""
    if context.invoked_subcommand is not None:
        return
    found = _records()
    if as_json:
        click.echo(json.dumps([record_json(record) for record in found]))
        return
    if all(record.shipped for record in found):
        click.echo(
            "No judge has been measured here yet: judges audit themselves as they run "
            "(REDRAFT_JUDGE_AUDIT_RATE), or run `redraft judges calibrate`.",
            err=True,
        )
    table_console().print(_table(found))


def _status(record: Reliability) -> Text:
    if record.flagged:
        return Text("no better than chance", style="bold yellow")
    if record.status == "unmeasured":
        # A judge unsure of every answer decides nothing: not a coin, not a check.
        never = record.uncertain and not record.n
        return Text("never sure" if never else "not measured yet", style="dim")
    return Text("reliable", style="green")


def _accuracy(record: Reliability) -> str:
    accuracy, interval = record.balanced_accuracy, record.interval
    if accuracy is None or interval is None:
        return "-"
    return f"{accuracy:.2f} [{interval[0]:.2f}, {interval[1]:.2f}]"


def _table(found: list[Reliability]) -> Table:
    table = Table(box=None, header_style="bold", pad_edge=False)
    table.add_column("JUDGE", overflow="fold")
    table.add_column("PRESET", no_wrap=True)
    table.add_column("N", justify="right")
    table.add_column("BALANCED ACCURACY", no_wrap=True)
    table.add_column("κ", justify="right")
    table.add_column("UNCERTAIN", justify="right")
    table.add_column("STATUS", no_wrap=True)
    table.add_column("CALIBRATED", overflow="fold")
    for record in found:
        table.add_row(
            record.judge,
            record.preset,
            str(record.n),
            _accuracy(record),
            "-" if record.kappa is None else f"{record.kappa:.2f}",
            str(record.uncertain),
            _status(record),
            ("-" if record.band is None else record.band.describe())
            + (" (shipped with the model)" if record.shipped else ""),
        )
    return table
