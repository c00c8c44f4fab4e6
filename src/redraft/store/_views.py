"""What readers of the store get: runs as listed and as stored, the filter a
listing takes, and the mapping from the tables' rows to those models."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import Any, Literal

from pydantic import BaseModel
from sqlalchemy import ColumnElement, select
from sqlalchemy.ext.asyncio import AsyncSession

from redraft.core._events import RunEvent
from redraft.core._types import (
    CallRecord,
    Draft,
    Evidence,
    Policy,
    RunRequest,
    RunResult,
    StopReason,
    Usage,
    Verdict,
)
from redraft.store._evals import RunEval
from redraft.store._models import CallRow, DraftRow, EvidenceRow, RunRow

__all__ = [
    "SUMMARY_COLUMNS",
    "RunFilter",
    "RunSource",
    "RunStatus",
    "RunSummary",
    "StoredRun",
    "call_of",
    "continued_by",
    "draft_of",
    "summary_of",
]

RunStatus = Literal["running", "completed", "failed"]
RunSource = Literal["service", "cli", "library", "middleware"]
SUMMARY_COLUMNS = (
    "id",
    "created_at",
    "updated_at",
    "status",
    "model",
    "judge",
    "prompt",
    "passed",
    "score",
    "attempts",
    "stop_reason",
    "input_tokens",
    "output_tokens",
    "error",
    "source",
    "cost_usd",
    "continues",
    "profile",
)


class RunSummary(BaseModel):
    """One line of a run listing."""

    id: str
    created_at: datetime
    updated_at: datetime
    status: RunStatus
    model: str
    judge: str
    prompt: str
    """The last user turn, cut to 500 characters."""
    passed: bool | None
    score: float | None
    attempts: int
    stop_reason: StopReason | None
    usage: Usage
    error: str | None
    source: RunSource
    """Where it came from: ``redraft serve``, the ``redraft`` command, a
    program's own runs (``library``: the local log, or :class:`Store`
    itself), or an SDK call wrapped by the middleware."""
    cost_usd: float | None = None
    """What its calls cost in US dollars, once it ended; None while it runs
    or when a call's model has no known price."""
    continues: str | None = None
    """The id of the run this one carries on from (``redraft.continues``)."""
    continued_by: list[str] = []
    """The runs that carry on from this one, oldest first."""
    profile: str | None = None
    """The service profile it ran with (the request's ``model``); None for
    runs of the CLI or a library."""
    eval: RunEval | None = None
    """The eval it ran a row of (``redraft eval``); None for any other run."""


@dataclass(frozen=True)
class RunFilter:
    """Which runs a listing shows; every field left None lets all through."""

    passed: bool | None = None
    model: str | None = None
    """The generator spec, exactly (``openai:gpt-4o-mini``)."""
    since: datetime | None = None
    """Runs created at or after this (aware) time."""
    query: str | None = None
    """Text the prompt contains, in any case."""
    source: RunSource | None = None

    def where(self) -> list[ColumnElement[bool]]:
        conditions: list[ColumnElement[bool]] = []
        if self.passed is not None:
            conditions.append(RunRow.passed.is_(self.passed))
        if self.model is not None:
            conditions.append(RunRow.model == self.model)
        if self.since is not None:
            conditions.append(RunRow.created_at >= self.since)
        if self.query:
            # LIKE's own wildcards in the text are matched as themselves.
            escaped = self.query.replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_")
            conditions.append(RunRow.prompt.ilike(f"%{escaped}%", escape="\\"))
        if self.source is not None:
            conditions.append(RunRow.source == self.source)
        return conditions


class StoredRun(RunSummary):
    """A run as stored: summary, request, result, tables and the full event log."""

    final_answer: str | None
    request: RunRequest
    policy: Policy
    result: RunResult | None
    """The loop's result; None while the run is still going."""
    drafts: list[Draft]
    calls: list[CallRecord]
    events: list[RunEvent]


def summary_of(
    row: RunRow, followers: dict[str, list[str]], evals: dict[str, RunEval]
) -> dict[str, Any]:
    """The run's summary, with the runs that continue it (:func:`continued_by`)
    and its eval (:func:`~._evals.evals_of_runs`)."""
    summary = {name: getattr(row, name) for name in SUMMARY_COLUMNS}
    tokens = {name: summary.pop(name) for name in ("input_tokens", "output_tokens")}
    links = {"continued_by": followers.get(row.id, []), "eval": evals.get(row.id)}
    return {**summary, **links, "usage": Usage(**tokens)}


async def continued_by(
    session: AsyncSession, run_ids: list[str], tenant: str
) -> dict[str, list[str]]:
    """The runs of ``tenant`` that continue each of ``run_ids``, oldest first."""
    if not run_ids:
        return {}
    query = (
        select(RunRow.continues, RunRow.id)
        .where(RunRow.continues.in_(run_ids), RunRow.tenant == tenant)
        .order_by(RunRow.created_at, RunRow.id)
    )
    followers: dict[str, list[str]] = {}
    for continued, run_id in (await session.execute(query)).all():
        if continued is not None:
            followers.setdefault(continued, []).append(run_id)
    return followers


def draft_of(row: DraftRow, evidence: list[EvidenceRow]) -> Draft:
    verdict = None
    # A verdict may be unverified (passed NULL); the score says one was reached.
    if row.verdict_score is not None:
        verdict = Verdict(
            score=row.verdict_score,
            passed=row.verdict_passed,
            reason=row.verdict_reason or "",
            suggestions=row.verdict_suggestions or [],
            evidence=[_evidence(e) for e in evidence],
            requirements=row.verdict_requirements or [],
        )
    return Draft(
        attempt=row.attempt,
        text=row.text,
        verdict=verdict,
        feedback=row.feedback,
        finish_reason=row.finish_reason,
    )


def _evidence(row: EvidenceRow) -> Evidence:
    return Evidence.model_validate({name: getattr(row, name) for name in Evidence.model_fields})


def call_of(row: CallRow) -> CallRecord:
    # Every field but usage is a column of the same name.
    fields = {name: getattr(row, name) for name in CallRecord.model_fields if name != "usage"}
    usage = {"input_tokens": row.input_tokens, "output_tokens": row.output_tokens}
    return CallRecord.model_validate({**fields, "usage": usage})
