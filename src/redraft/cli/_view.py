"""The terminal view of a run: drafts as they stream, verdicts, feedback, totals.

On a terminal the current draft streams live; elsewhere (CI logs, pipes) each
draft is printed once it is complete. Either way the view only consumes the
loop's events.
"""

from __future__ import annotations

from collections import Counter

from rich.console import Console, Group
from rich.live import Live
from rich.markup import escape
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from redraft.core._events import (
    DraftCompleted,
    DraftStarted,
    FeedbackPrepared,
    RunCompleted,
    RunEvent,
    RunFailed,
    RunStarted,
    TextDelta,
    Thinking,
    ToolExecuted,
    VerdictReached,
)
from redraft.core._text import plural
from redraft.core._types import MIN_JUDGE_CONFIDENCE, DraftComparison, Evidence, RunResult, Verdict
from redraft.evals._report import clip
from redraft.evaluators import Reliability, verified_score
from redraft.providers._prices import dollars

__all__ = ["RunView"]

_STATUS_STYLE = {"ok": "", "error": "bold red", "skipped": "dim"}


class RunView:
    def __init__(self, console: Console) -> None:
        self.console = console
        self._live: Live | None = None
        self._attempt = 0
        self._max_attempts = 0
        # Candidates draft at once: each attempt keeps its own text.
        self._texts: dict[int, str] = {}

    def handle(self, event: RunEvent) -> None:
        if isinstance(event, RunStarted):
            self._max_attempts = event.policy.max_attempts
            self.console.print(
                f"[bold]redraft[/] · model [cyan]{event.model}[/] · judge [cyan]{event.judge}[/] · "
                f"threshold {event.policy.threshold:.2f} · up to "
                f"{plural(event.policy.max_attempts, 'attempt')} · feedback {event.policy.feedback}"
            )
        elif isinstance(event, FeedbackPrepared):
            self.console.print(
                Panel(
                    Text(event.message, style="italic"),
                    title=f"feedback → attempt {event.attempt} ({event.strategy})",
                    border_style="yellow",
                    title_align="left",
                )
            )
        elif isinstance(event, Thinking):
            self.console.print(f"[italic magenta]thinking:[/] {event.message}")
        elif isinstance(event, DraftStarted):
            if event.model == "repair" and event.feedback:
                # No feedback goes to a model: say what the checks fixed themselves.
                self.console.print(f"[yellow]{escape(event.feedback)} → attempt {event.attempt}[/]")
            self._attempt = event.attempt
            self._texts[event.attempt] = ""
            if self.console.is_terminal and self._live is None:
                self._live = Live(self._draft_panel(), console=self.console, transient=True)
                self._live.start()
        elif isinstance(event, TextDelta):
            self._texts[event.attempt] = self._texts.get(event.attempt, "") + event.delta
            self._attempt = event.attempt
            if self._live is not None:
                self._live.update(self._draft_panel())
        elif isinstance(event, ToolExecuted):
            # The draft is what the model writes after its last tool call.
            self._texts[event.attempt] = ""
            self._attempt = event.attempt
            run = event.execution
            outcome = f"[red]{_shorten(run.error)}[/]" if run.error else _shorten(run.result)
            call = f"{escape(run.name)}({_shorten(run.arguments)})"
            self.console.print(f"[dim]tool[/] {call} → {outcome}")
        elif isinstance(event, DraftCompleted):
            self._stop_live()
            self._attempt, self._texts[event.attempt] = event.attempt, event.text
            self.console.print(self._draft_panel(done=True, finish=event.finish_reason))
        elif isinstance(event, VerdictReached):
            self.console.print(_verdict_table(event.attempt, event.verdict))
        elif isinstance(event, RunCompleted):
            self._stop_live()
            self._print_result(event.result)
        elif isinstance(event, RunFailed):
            self._stop_live()
            self.console.print(f"[bold red]run failed:[/] {event.error}")
            self._print_totals(event.result)

    def _stop_live(self) -> None:
        if self._live is not None:
            self._live.stop()
            self._live = None

    def _draft_panel(self, *, done: bool = False, finish: str | None = None) -> Panel:
        title = f"draft {self._attempt}/{self._max_attempts}"
        if not done:
            title += " (writing…)"
        elif finish in ("aborted", "cancelled"):
            title += f" ({finish})"
        elif finish == "repair":
            title += " (repaired without a model)"
        return Panel(
            Text(self._texts.get(self._attempt) or "…"),
            title=title,
            title_align="left",
            border_style="blue",
        )

    def _print_result(self, result: RunResult) -> None:
        if result.passed:
            outcome = "[bold green]passed[/]"
        elif result.passed is None:
            outcome = "[bold yellow]unverified[/]"
            if result.stop_reason != "unverified":
                outcome += f" ({result.stop_reason})"
        else:
            outcome = f"[bold yellow]not passed[/] ({result.stop_reason})"
        self.console.print(
            Panel(
                Text(result.final_answer),
                title=f"final answer · attempt {result.final_attempt} · {_final_score(result)}",
                subtitle=outcome,
                title_align="left",
                border_style="green" if result.passed else "yellow",
            )
        )
        if result.comparison is not None:
            self.console.print(describe_comparison(result.comparison))
        if result.error:
            self.console.print(f"[red]stopped early:[/] {result.error}")
        self._print_totals(result)

    def _print_totals(self, result: RunResult) -> None:
        kinds = Counter(call.kind for call in result.calls)
        latency = sum(c.latency_ms for c in result.calls)
        errors = sum(1 for c in result.calls if c.status == "error")
        by_kind = ", ".join(f"{n} {k}" for k, n in kinds.items()) or "none"
        self.console.print(
            f"[dim]run {result.run_id} · {plural(len(result.calls), 'LLM call')} ({by_kind})"
            f"{f', {errors} failed' if errors else ''} · tokens in {result.usage.input_tokens}"
            f" / out {result.usage.output_tokens} · {latency / 1000:.1f}s in calls"
            f" · {describe_cost(result.cost_usd)}[/]"
        )


def describe_cost(usd: float | None) -> str:
    """A run's cost for people: dollars to the cent's hundredth, or why not."""
    return "cost unknown (no price for a model)" if usd is None else dollars(usd)


def _verdict_table(attempt: int, verdict: Verdict) -> Group:
    table = Table(show_header=True, header_style="bold", expand=False, box=None, pad_edge=False)
    table.add_column("evaluator")
    table.add_column("status")
    table.add_column("score", justify="right")
    table.add_column("finding", overflow="fold")
    for evidence in verdict.evidence:
        mark = "✓" if evidence.passed and evidence.status == "ok" else "✗"
        if evidence.status == "skipped":
            mark = "–"
        elif evidence.status == "ok" and not evidence.confident:
            mark = "?"  # a judge not sure of its answer decided nothing
        table.add_row(
            evidence.evaluator,
            Text(f"{mark} {evidence.status}", style=_STATUS_STYLE[evidence.status]),
            "" if evidence.score is None else f"{evidence.score:.2f}",
            evidence.reason,
        )
    label, style = _LABELS[verdict.passed]
    header = Text.assemble(
        (f"verdict {attempt}: ", "bold"), (label, style), f" · {_score(verdict)}"
    )
    account = verdict.account
    records = [_judge_record(e) for e in verdict.evidence if e.kind == "judge" and e.source]
    if not account:
        return Group(header, *records, table, Text(""))
    # Name what the verdict could not vouch for: the count alone does not say.
    open_items = [
        Text(
            f"  ? {' '.join(r.text.split())[:80]}" + (f" — {r.reason}" if r.reason else ""),
            style="yellow",
        )
        for r in verdict.requirements
        if r.passed is None
    ]
    return Group(header, Text(account, style="dim"), *records, *open_items, table, Text(""))


def _score(verdict: Verdict) -> str:
    """The verdict's score, which is that of what was verified: when nothing
    was, there is no score to show, only the account."""
    if not any(verified_score(e) is not None for e in verdict.evidence):
        return "nothing verified"
    return f"score {verdict.score:.2f}"


def _final_score(result: RunResult) -> str:
    """The final draft's score and how many of its requirements stayed
    unverified: counted, never averaged into the score."""
    final = next((d for d in result.drafts if d.attempt == result.final_attempt), None)
    if final is None or final.verdict is None:
        return f"score {result.score:.2f}"
    said = _score(final.verdict)
    requirements = final.verdict.requirements
    open_count = sum(1 for r in requirements if r.passed is None)
    if open_count:
        said += f" · {open_count} of {plural(len(requirements), 'requirement')} unverified"
    return said


def _judge_record(evidence: Evidence) -> Text:
    """How often this judge has been right, beside what it judged: a guess
    should not read like a check."""
    raw = evidence.data.get("reliability")
    record = Reliability.model_validate(raw) if isinstance(raw, dict) else None
    said = record.describe() if record is not None else "not measured yet"
    style = "bold yellow" if record is not None and record.flagged else "dim"
    return Text(f"judge {evidence.source}: {said}", style=style)


_LABELS = {
    True: ("PASS", "bold green"),
    False: ("FAIL", "bold red"),
    None: ("UNVERIFIED", "bold yellow"),
}


def _shorten(text: str) -> str:
    # Tool output is arbitrary text: escaped so it never reads as rich markup.
    return escape(clip(text, 80))


def describe_comparison(comparison: DraftComparison) -> str:
    """One line on the judge's choice between two drafts equal on everything checked."""
    pair = f"drafts {comparison.first} and {comparison.second}"
    if comparison.error is not None:
        return f"[dim]choosing between {pair}: no preference ({comparison.error})[/]"
    sure = f"P {comparison.p_second or 0.0:.2f}, confidence {comparison.confidence:.2f}"
    if comparison.confidence < MIN_JUDGE_CONFIDENCE:
        return f"[dim]choosing between {pair}: the judge was not sure ({sure})[/]"
    other = comparison.first if comparison.chosen == comparison.second else comparison.second
    return f"the judge chose draft {comparison.chosen} over draft {other} ({sure})"
