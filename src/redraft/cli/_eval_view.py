"""What ``redraft eval`` shows while it runs and when it ends: a progress
bar on a terminal (rows done, passed, tokens, cost, time left), one line per
finished row (on a terminal above the bar, in a pipe alone), and a summary."""

from __future__ import annotations

from pathlib import Path

from rich.console import Console
from rich.progress import (
    BarColumn,
    MofNCompleteColumn,
    Progress,
    TaskID,
    TextColumn,
    TimeRemainingColumn,
)
from rich.table import Table

from redraft.cli._view import describe_cost
from redraft.core._text import plural
from redraft.evals import Eval, EvalOutcome, summarise
from redraft.evals._report import Table as SummaryTable
from redraft.evals._report import summary_table

__all__ = ["EvalView", "print_summary"]


_VERDICTS = {True: "[green]passed[/]", False: "[red]failed[/]", None: "[yellow]unverified[/]"}


class EvalView:
    """The eval's progress on ``console``; use it as a context manager."""

    def __init__(self, console: Console, evaluation: Eval, *, to_run: int) -> None:
        self._console = console
        self._evaluation = evaluation
        self._passed = sum(1 for o in evaluation.outcomes if o.arm == "loop" and o.passed is True)
        self._tokens = sum(o.tokens for o in evaluation.outcomes)
        costs = [o.cost_usd for o in evaluation.outcomes]
        self._cost: float | None = None if None in costs else sum(c or 0.0 for c in costs)
        self._progress = Progress(
            TextColumn("[bold]{task.description}"),
            BarColumn(),
            MofNCompleteColumn(),
            TextColumn("passed {task.fields[passed]}"),
            TextColumn("tokens {task.fields[tokens]}"),
            TextColumn("{task.fields[cost]}"),
            TimeRemainingColumn(),
            console=console,
            # In a pipe a bar redrawn in place is noise: the row lines say it all.
            disable=not console.is_terminal,
            transient=True,
        )
        self._task: TaskID = self._progress.add_task(
            evaluation.name, total=to_run, passed=0, tokens=0, cost=""
        )
        self._update(advance=0)

    def __enter__(self) -> EvalView:
        self._progress.start()
        return self

    def __exit__(self, *exc_info: object) -> None:
        self._progress.stop()

    def add(self, outcome: EvalOutcome) -> None:
        """A row finished: say so, and move the bar on."""
        if outcome.arm == "loop" and outcome.passed is True:
            self._passed += 1
        self._tokens += outcome.tokens
        if self._cost is not None:
            self._cost = None if outcome.cost_usd is None else self._cost + outcome.cost_usd
        total = len(self._evaluation.rows)
        arm = f" [dim]{outcome.arm}[/]" if len(self._evaluation.config.arms) > 1 else ""
        error = f" [red]{outcome.error}[/]" if outcome.error else ""
        self._progress.console.print(
            f"row {outcome.row_id} ({outcome.row + 1}/{total}){arm}: {_VERDICTS[outcome.passed]}"
            f" score {outcome.score:.2f}, {plural(outcome.attempts, 'attempt')}, "
            f"{outcome.tokens} tokens, {describe_cost(outcome.cost_usd)}"
            f" [dim]{outcome.run_id or ''}[/]{error}",
            highlight=False,
        )
        self._update(advance=1)

    def _update(self, *, advance: int) -> None:
        self._progress.update(
            self._task,
            advance=advance,
            passed=self._passed,
            tokens=self._tokens,
            cost=describe_cost(self._cost),
        )


def _summary(figures: SummaryTable, title: str) -> Table:
    """The reports' summary turned on its side: a figure per line, an arm
    per column. Ten figures side by side need 90 columns; two arms need 50,
    so an 80-column terminal shows every figure whole."""
    table = Table(title=title, title_justify="left")
    table.add_column("", no_wrap=True)
    for row in figures.rows:
        table.add_column(row[0], justify="right", no_wrap=True)
    for index, header in enumerate(figures.headers[1:], start=1):
        table.add_row(header, *(row[index] for row in figures.rows))
    return table


def print_summary(console: Console, evaluation: Eval, written: list[Path]) -> None:
    """The figures of each arm, the comparison, and where the reports are."""
    stats = summarise(evaluation)
    console.print(_summary(summary_table(stats), f"Eval {evaluation.id}: {evaluation.name}"))
    paired = stats.comparison
    if paired is not None:
        console.print(
            f"The loop against one draft: gained {plural(len(paired.gained), 'row')}, "
            f"lost {len(paired.lost)}; exact McNemar p = {paired.p_value:.3g}."
        )
    if stats.pending:
        console.print(
            f"[yellow]{plural(stats.pending, 'row run')} not run yet:[/] "
            f"redraft eval --resume {evaluation.id}"
        )
    for path in written:
        console.print(f"wrote {path}")
