"""``redraft runs``: recorded runs in the terminal (the twin of the web UI's run page).

It reads the store named by ``REDRAFT_DATABASE_URL`` (by default the SQLite
file in the user data dir), the one ``redraft serve`` writes and ``redraft
ask`` logs its runs to. Runs belong to
tenants (API-key owners); without keys every run is the ``default`` tenant's,
hence the ``--tenant`` default. ``--json`` prints exactly what
``GET /v1/runs`` (its ``data``) and ``GET /v1/runs/{id}`` return.
``redraft runs prune`` deletes old runs, every tenant's (see
:mod:`redraft.store._retention`).
Exit codes: 0 done, 2 usage, configuration or an unknown run id (as
``redraft keys`` does for an unknown key).
"""

from __future__ import annotations

import json
import re
from datetime import UTC, datetime, timedelta
from typing import Any

import click
from rich.console import Group
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from redraft.cli._stored import fail, table_console, with_store
from redraft.cli._view import describe_cost
from redraft.core._text import plural
from redraft.core._types import CallRecord, Draft, Evidence
from redraft.evals._report import clip
from redraft.providers._prices import dollars
from redraft.store import RunFilter, RunSummary, StoredRun
from redraft.store._retention import cutoff

__all__ = ["runs"]

DEFAULT_TENANT = "default"
"""The service's tenant when it runs without API keys (``redraft.server._auth``,
not imported: it would load the whole web stack for a listing)."""


tenant_option = click.option(
    "--tenant",
    default=DEFAULT_TENANT,
    show_default=True,
    help="Whose runs: the tenant of the API key that made them.",
)


_UNITS = {"s": "seconds", "m": "minutes", "h": "hours", "d": "days", "w": "weeks"}


class Since(click.ParamType[datetime]):
    """A moment: an ISO date or time (UTC unless it says otherwise), or a
    span back from now (``30m``, ``12h``, ``7d``)."""

    name = "when"
    _SPAN = re.compile(r"(\d+)\s*([smhdw])")

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> Any:
        if isinstance(value, datetime):
            return value
        text = str(value).strip()
        span = self._SPAN.fullmatch(text)
        if span:
            return datetime.now(UTC) - timedelta(**{_UNITS[span[2]]: int(span[1])})
        try:
            moment = datetime.fromisoformat(text)
        except ValueError:
            self.fail(
                f"{text!r} is neither a date or time (2026-11-25, 2026-11-25T09:30) "
                "nor a span back from now (30m, 12h, 7d)",
                param,
                ctx,
            )
        return moment if moment.tzinfo else moment.replace(tzinfo=UTC)


MAX_DAYS = 100_000
"""About 270 years: any longer and the cutoff would fall before year 1."""


class Days(click.ParamType[int]):
    """A whole number of days, 0 to :data:`MAX_DAYS`."""

    name = "days"
    _WHOLE = re.compile(r"[0-9]+")

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> Any:
        if isinstance(value, int):
            return value
        text = str(value).strip()
        if self._WHOLE.fullmatch(text) and int(text) <= MAX_DAYS:
            return int(text)
        self.fail(
            f"{text!r} is not a number of days: give a whole number from 0 to {MAX_DAYS} "
            "(30 removes the runs created more than 30 days ago)",
            param,
            ctx,
        )


_SOURCES = ["service", "cli", "library", "middleware"]


@click.group()
def runs() -> None:
    """Recorded runs: those of `redraft serve` and `redraft ask`, read from the store."""


@runs.command("list")
@click.option("--limit", type=click.IntRange(1, 1000), default=20, show_default=True)
@click.option("--before", metavar="RUN_ID", help="Page on: only runs older than this one.")
@click.option("--passed/--failed", "passed", default=None, help="Only runs that passed, or failed.")
@click.option("--model", metavar="SPEC", help="Only runs drafted by this model spec.")
@click.option("--since", type=Since(), help="Only runs since then (2026-11-25, 12h, 7d).")
@click.option("--query", metavar="TEXT", help="Only runs whose prompt contains TEXT (any case).")
@click.option(
    "--source",
    type=click.Choice(_SOURCES),
    help="Only runs from `redraft serve`, `redraft ask`, or a program using the store.",
)
@tenant_option
@click.option("--json", "as_json", is_flag=True, help="Print one JSON array.")
def list_(
    limit: int,
    before: str | None,
    passed: bool | None,
    model: str | None,
    since: datetime | None,
    query: str | None,
    source: Any,
    tenant: str,
    as_json: bool,
) -> None:
    """List recent runs, newest first: time, prompt, outcome, tokens and cost
    (and, on a wide terminal, source, model, attempts and stop reason)."""
    where = RunFilter(passed=passed, model=model, since=since, query=query, source=source)
    found = with_store(
        lambda store: store.list_runs(tenant=tenant, limit=limit, before=before, where=where)
    )
    if as_json:
        click.echo(json.dumps([run.model_dump(mode="json") for run in found]))
        return
    if not found:
        click.echo(
            f"No runs for tenant {tenant!r}{' match' if where != RunFilter() else ''}. "
            "`redraft ask` and `redraft serve` record them.",
            err=True,
        )
        return
    console = table_console()
    console.print(_list_table(found, width=console.width))


@runs.command()
@click.argument("run_id")
@tenant_option
@click.option("--json", "as_json", is_flag=True, help="Print the stored run as one JSON object.")
def show(run_id: str, tenant: str, as_json: bool) -> None:
    """Show RUN_ID: its drafts, verdicts, evidence, LLM calls and totals."""
    run = with_store(lambda store: store.get_run(run_id, tenant=tenant))
    if run is None:
        fail(f"no run {run_id!r} for tenant {tenant!r}; `redraft runs list` shows the recent ones")
    if as_json:
        # The service's detail, to the field: imported here, as `serve` does,
        # so that other commands never load the web framework.
        from redraft.server import run_detail

        click.echo(json.dumps(run_detail(run)))
        return
    table_console().print(_detail(run))


@runs.command()
@click.option(
    "--older-than",
    "days",
    type=Days(),
    required=True,
    metavar="DAYS",
    help="Remove the runs created more than DAYS days ago (0: every run that has ended).",
)
@click.option(
    "--source",
    "sources",
    type=click.Choice(_SOURCES),
    multiple=True,
    help="Only runs from this source (repeat for several) [default: every source].",
)
@click.option("--dry-run", is_flag=True, help="Say how many runs would be removed; remove none.")
def prune(days: int, sources: tuple[Any, ...], dry_run: bool) -> None:
    """Delete the runs older than DAYS, every tenant's, with their drafts,
    verdicts, evidence, calls and events, and print how many went.

    A run still running is kept until it ends or its process is gone.
    """
    before = cutoff(days)
    chosen = sources or None
    if dry_run:
        count = with_store(lambda store: store.retention.count(before=before, sources=chosen))
        click.echo(f"would remove {plural(count, 'run')} created before {_when(before)} UTC")
        return
    count = with_store(lambda store: store.retention.prune(before=before, sources=chosen))
    click.echo(f"removed {plural(count, 'run')} created before {_when(before)} UTC")


# -- rendering -------------------------------------------------------------------


def _when(moment: datetime) -> str:
    return moment.strftime("%Y-%m-%d %H:%M:%S")


def _passed(passed: bool | None) -> Text:
    if passed is None:
        return Text("-", style="dim")
    return Text("yes", style="green") if passed else Text("no", style="red")


def _score(score: float | None) -> str:
    return "-" if score is None else f"{score:.2f}"


_WIDE = 150
"""From this width on (a pipe's included), a listing also says where each
run came from, its model, attempts and stop reason; narrower terminals, down
to 80 columns, get the rest on one line per run."""

_MARKS = {True: ("✓", "green"), False: ("✗", "red"), None: ("?", "yellow")}


def _result(run: RunSummary) -> Text:
    """Passed (✓), not (✗) or unverified (?) and the score, in one narrow cell."""
    if run.status != "completed":
        return Text(run.status, style="red" if run.status == "failed" else "dim")
    return Text.assemble(_MARKS[run.passed], f" {_score(run.score)}")


def _source(run: RunSummary) -> str:
    """Where it came from; a row of an eval says so, and in which arm (a
    baseline run and a loop run otherwise look alike)."""
    return run.source if run.eval is None else f"eval · {run.eval.arm}"


def _cost_cell(run: RunSummary) -> str:
    if run.cost_usd is None:
        return "-" if run.status == "running" else "unknown"
    return dollars(run.cost_usd)


def _list_table(found: list[RunSummary], *, width: int) -> Table:
    wide = width >= _WIDE
    # Narrow, a column's padding is one space, not two: the prompt gets them.
    table = Table(
        title=None, box=None, header_style="bold", pad_edge=False, collapse_padding=not wide
    )
    table.add_column("ID", no_wrap=True)
    table.add_column("TIME (UTC)", no_wrap=True)
    if wide:
        table.add_column("FROM", no_wrap=True)
        table.add_column("MODEL", no_wrap=True)
    # The one column that gives way (the others never wrap): its cells stay
    # one line, clipped to what fits.
    table.add_column("PROMPT", min_width=8)
    if wide:
        table.add_column("ATTEMPTS", justify="right", no_wrap=True)
        table.add_column("PASSED", no_wrap=True)
        table.add_column("SCORE", justify="right", no_wrap=True)
    else:
        table.add_column("RESULT", no_wrap=True)
    table.add_column("TOKENS", justify="right", no_wrap=True)
    table.add_column("COST", justify="right", no_wrap=True)
    if wide:
        table.add_column("STATUS", no_wrap=True)
    for run in found:
        prompt = Text(clip(run.prompt, 80), no_wrap=True, overflow="ellipsis")
        tokens, cost = str(run.usage.total_tokens), _cost_cell(run)
        if wide:
            table.add_row(
                run.id,
                _when(run.created_at),
                _source(run),
                run.model,
                prompt,
                str(run.attempts),
                _passed(run.passed),
                _score(run.score),
                tokens,
                cost,
                run.stop_reason or run.status,
            )
        else:
            when = run.created_at.strftime("%m-%d %H:%M")
            table.add_row(run.id, when, prompt, _result(run), tokens, cost)
    return table


def _detail(run: StoredRun) -> Group:
    latency = sum(call.latency_ms for call in run.calls)
    header = Table.grid(padding=(0, 2))
    header.add_column(style="bold")
    header.add_column()
    header.add_row("run", run.id)
    header.add_row("time (UTC)", _when(run.created_at))
    header.add_row("from", _source(run))
    if run.eval is not None:
        header.add_row("eval", f"{run.eval.id}, row {run.eval.row + 1}")
    header.add_row("status", f"{run.status} ({run.stop_reason or 'running'})")
    header.add_row("model", run.model)
    header.add_row("judge", run.judge)
    finished = run.passed is None and run.status == "completed"
    header.add_row(
        "passed", Text("unverified", style="yellow") if finished else _passed(run.passed)
    )
    header.add_row("score", f"{_score(run.score)} (threshold {run.policy.threshold:.2f})")
    header.add_row("attempts", f"{run.attempts} of {run.policy.max_attempts}")
    if run.error:
        header.add_row("error", Text(run.error, style="red"))
    header.add_row("prompt", Text(run.prompt))
    parts: list[Panel | Table | Text] = [Panel(header, title="run", title_align="left")]
    parts.extend(_draft_panel(draft) for draft in run.drafts)
    if run.final_answer is not None:
        parts.append(Panel(Text(run.final_answer), title="final answer", title_align="left"))
    parts.append(_calls_table(run.calls))
    parts.append(
        Text(
            f"totals: {len(run.calls)} calls, {run.usage.input_tokens} input + "
            f"{run.usage.output_tokens} output = {run.usage.total_tokens} tokens, "
            f"{latency:.0f} ms in LLM calls, {describe_cost(_cost(run.calls))}"
        )
    )
    return Group(*parts)


def _cost(calls: list[CallRecord]) -> float | None:
    """What the calls so far cost (a run still going has no result yet)."""
    costs = [call.cost_usd for call in calls]
    return None if None in costs else sum(c for c in costs if c is not None)


def _draft_panel(draft: Draft) -> Panel:
    body: list[Text | Table] = []
    if draft.feedback:
        body.append(Text(f"written under feedback:\n{draft.feedback}\n", style="dim"))
    body.append(Text(draft.text))
    verdict = draft.verdict
    if verdict is None:
        body.append(Text("not evaluated", style="dim"))
        title, style = f"draft {draft.attempt}", "dim"
    else:
        outcome, style = _OUTCOMES[verdict.passed]
        title = f"draft {draft.attempt}: {outcome}, score {verdict.score:.2f}"
        if verdict.reason:
            body.append(Text(f"verdict: {verdict.reason}"))
        body.extend(Text(f"  - {s}") for s in verdict.suggestions)
        if verdict.evidence:
            body.append(_evidence_table(verdict.evidence))
    return Panel(Group(*body), title=title, title_align="left", border_style=style)


_OUTCOMES = {True: ("passed", "green"), False: ("failed", "red"), None: ("unverified", "yellow")}


def _finding(item: Evidence) -> Text:
    """Whether one finding passed: nothing to say for an evaluator that did
    not run, or a judge too unsure to decide."""
    if item.status == "skipped":
        return Text("skipped", style="dim")
    if item.status == "ok" and not item.confident:
        return Text("unsure", style="yellow")
    return _passed(item.passed)


def _evidence_table(evidence: list[Evidence]) -> Table:
    table = Table(box=None, header_style="bold", pad_edge=False)
    for name in ("EVALUATOR", "KIND", "STATUS", "PASSED", "SCORE", "REASON"):
        table.add_column(name, overflow="fold")
    for item in evidence:
        table.add_row(
            item.evaluator,
            item.kind,
            item.status if item.valid else f"{item.status} (invalidated)",
            _finding(item),
            _score(item.score),
            item.reason,
        )
    return table


def _calls_table(calls: list[CallRecord]) -> Table:
    table = Table(title="calls", title_justify="left", box=None, header_style="bold")
    for name in ("KIND", "ATTEMPT", "MODEL", "STATUS", "IN", "OUT", "LATENCY MS", "RETRY"):
        right = name in ("ATTEMPT", "IN", "OUT", "LATENCY MS", "RETRY")
        table.add_column(name, justify="right" if right else "left", overflow="fold")
    for call in calls:
        status = call.status if call.error is None else f"{call.status}: {call.error}"
        table.add_row(
            call.kind,
            str(call.attempt),
            f"{call.provider}:{call.model}",
            status,
            str(call.usage.input_tokens),
            str(call.usage.output_tokens),
            f"{call.latency_ms:.0f}",
            str(call.retry),
        )
    return table
