"""How one event changes the tables: the write half of :meth:`Store.record`.

Every function here runs inside the caller's transaction; none commits.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import UTC, datetime
from typing import Any

from sqlalchemy import case, func, select, update
from sqlalchemy.dialects import postgresql, sqlite
from sqlalchemy.ext.asyncio import AsyncSession

from redraft.core._events import (
    EVENT_ADAPTER,
    CallRecorded,
    DraftCompleted,
    RunCompleted,
    RunEvent,
    RunFailed,
    RunStarted,
    VerdictReached,
)
from redraft.evaluators._reliability import comparisons_in
from redraft.store._judge_record import comparison_rows, insert_comparisons
from redraft.store._models import CallRow, DraftRow, EventRow, EvidenceRow, RunRow

__all__ = ["PROMPT_CHARS", "apply", "check_owner", "new_run", "storable", "timestamp"]

PROMPT_CHARS = 500


def timestamp(at: float) -> datetime:
    return datetime.fromtimestamp(at, UTC)


def _scrub(value: Any) -> tuple[Any, bool]:
    """Replace NUL characters, which PostgreSQL text and JSONB cannot hold."""
    if isinstance(value, str):
        return (value.replace("\x00", "\ufffd"), True) if "\x00" in value else (value, False)
    if isinstance(value, list):
        items = [_scrub(v) for v in value]
        return [v for v, _ in items], any(c for _, c in items)
    if isinstance(value, dict):
        pairs = [(_scrub(k), _scrub(v)) for k, v in value.items()]
        changed = any(kc or vc for (_, kc), (_, vc) in pairs)
        return {k: v for (k, _), (v, _) in pairs}, changed
    return value, False


def storable(event: RunEvent) -> tuple[RunEvent, dict[str, Any]]:
    """The event's JSON payload, and the event as it will read back from it."""
    payload, changed = _scrub(event.model_dump(mode="json"))
    # Both backends store the same text, so a run reads back the same on either.
    return (EVENT_ADAPTER.validate_python(payload) if changed else event), payload


def new_run(event: RunStarted, tenant: str, at: datetime) -> dict[str, Any]:
    return {
        "id": event.run_id,
        "tenant": tenant,
        "created_at": at,
        "updated_at": at,
        "status": "running",
        "model": event.model,
        "judge": event.judge,
        "prompt": event.request.prompt[:PROMPT_CHARS],
        "attempts": 0,
        "input_tokens": 0,
        "output_tokens": 0,
        "policy": event.policy.model_dump(mode="json"),
        "request": event.request.model_dump(mode="json"),
    }


async def check_owner(session: AsyncSession, run_id: str, tenant: str) -> None:
    owner = await session.scalar(select(RunRow.tenant).where(RunRow.id == run_id))
    if owner is None:
        raise LookupError(f"run {run_id!r} has no run_started event in the store")
    if owner != tenant:
        raise PermissionError(f"run {run_id!r} belongs to another tenant")


# Rows per multi-row INSERT of events: 5 parameters each, far under every
# backend's limit on bound parameters.
_EVENTS_PER_INSERT = 200


async def append_events(
    session: AsyncSession,
    rows: Sequence[tuple[RunEvent, datetime, dict[str, Any]]],
    *,
    postgres: bool,
) -> None:
    """Append one group's events (a few multi-row INSERTs; a ``(run_id, seq)``
    already stored is skipped), then bring the tables up to date for the new
    ones, in order. Each run row is touched once, at its latest new event,
    not once per event."""
    fresh: set[tuple[str, int]] = set()
    insert = postgresql.insert if postgres else sqlite.insert
    for start in range(0, len(rows), _EVENTS_PER_INSERT):
        chunk = [values for _, _, values in rows[start : start + _EVENTS_PER_INSERT]]
        statement = (
            insert(EventRow)
            .values(chunk)
            .on_conflict_do_nothing(index_elements=["run_id", "seq"])
            .returning(EventRow.run_id, EventRow.seq)
        )
        fresh.update((run_id, seq) for run_id, seq in (await session.execute(statement)).all())
    latest: dict[str, tuple[datetime, bool]] = {}
    for event, at, _ in rows:
        if (event.run_id, event.seq) in fresh:
            latest[event.run_id] = (at, await apply(session, event, at))
    for run_id, (at, touched) in latest.items():
        if not touched:
            await touch_run(session, run_id, at)


async def apply(session: AsyncSession, event: RunEvent, at: datetime) -> bool:
    """Keep the tables in step with a newly appended event.

    Returns whether the run row was updated (its ``updated_at`` set to
    ``at``). Events that change nothing on the run row (text deltas, a draft
    starting) leave it alone: the caller touches the run once per batch
    instead of once per event (:func:`touch_run`).
    """
    run = update(RunRow).where(RunRow.id == event.run_id)
    if isinstance(event, CallRecorded):
        await _add_call(session, event)
        usage = event.call.usage
        run = run.values(
            input_tokens=RunRow.input_tokens + usage.input_tokens,
            output_tokens=RunRow.output_tokens + usage.output_tokens,
        )
    elif isinstance(event, DraftCompleted):
        await _add_draft(session, event)
        return False
    elif isinstance(event, VerdictReached):
        await _add_verdict(session, event)
        # Candidates are judged in the order they finish, not by number.
        run = run.values(
            attempts=case((RunRow.attempts < event.attempt, event.attempt), else_=RunRow.attempts)
        )
    elif isinstance(event, RunCompleted | RunFailed):
        run = run.values(**_outcome(event))
    else:
        return False
    await session.execute(run.values(updated_at=at))
    return True


async def touch_run(session: AsyncSession, run_id: str, at: datetime) -> None:
    """Set the run's ``updated_at`` (the time of its latest stored event)."""
    await session.execute(update(RunRow).where(RunRow.id == run_id).values(updated_at=at))


async def _add_call(session: AsyncSession, event: CallRecorded) -> None:
    count = await session.scalar(
        select(func.count()).select_from(CallRow).where(CallRow.run_id == event.run_id)
    )
    call = event.call
    session.add(
        CallRow(
            run_id=event.run_id,
            position=(count or 0) + 1,
            kind=call.kind,
            attempt=call.attempt,
            provider=call.provider,
            model=call.model,
            evaluator=call.evaluator,
            messages=[m.model_dump(mode="json", exclude_none=True) for m in call.messages],
            parameters=call.parameters,
            text=call.text,
            input_tokens=call.usage.input_tokens,
            output_tokens=call.usage.output_tokens,
            latency_ms=call.latency_ms,
            status=call.status,
            error=call.error,
            finish_reason=call.finish_reason,
            retry=call.retry,
        )
    )
    await session.flush()


async def _draft_feedback(session: AsyncSession, run_id: str, attempt: int) -> str | None:
    """The feedback the draft was written under, from its draft_started event."""
    payloads = await session.scalars(
        select(EventRow.payload).where(EventRow.run_id == run_id, EventRow.type == "draft_started")
    )
    for payload in payloads:
        if payload.get("attempt") == attempt:
            feedback = payload.get("feedback")
            return feedback if isinstance(feedback, str) else None
    return None


async def _add_draft(session: AsyncSession, event: DraftCompleted) -> None:
    session.add(
        DraftRow(
            run_id=event.run_id,
            attempt=event.attempt,
            text=event.text,
            feedback=await _draft_feedback(session, event.run_id, event.attempt),
            finish_reason=event.finish_reason,
        )
    )
    await session.flush()


async def _add_verdict(session: AsyncSession, event: VerdictReached) -> None:
    draft = await session.scalar(
        select(DraftRow).where(DraftRow.run_id == event.run_id, DraftRow.attempt == event.attempt)
    )
    if draft is None:  # a verdict with no draft_completed before it: keep the verdict anyway
        draft = DraftRow(run_id=event.run_id, attempt=event.attempt, text="")
        session.add(draft)
    verdict = event.verdict
    draft.verdict_score = verdict.score
    draft.verdict_passed = verdict.passed
    draft.verdict_reason = verdict.reason
    draft.verdict_suggestions = list(verdict.suggestions)
    draft.verdict_requirements = [r.model_dump(mode="json") for r in verdict.requirements]
    for position, evidence in enumerate(verdict.evidence, start=1):
        session.add(
            EvidenceRow(
                run_id=event.run_id,
                attempt=event.attempt,
                position=position,
                **evidence.model_dump(mode="json"),
            )
        )
    await session.flush()
    await _add_audits(session, event)


async def _add_audits(session: AsyncSession, event: VerdictReached) -> None:
    """The judges' audits in the verdict's evidence join the judges' record."""
    audits = comparisons_in(evidence.data for evidence in event.verdict.evidence)
    if audits:
        tenant = await session.scalar(select(RunRow.tenant).where(RunRow.id == event.run_id))
        at = timestamp(event.at)
        rows = comparison_rows(audits, tenant=tenant or "", run_id=event.run_id, at=at)
        await insert_comparisons(session, rows)


def _outcome(event: RunCompleted | RunFailed) -> dict[str, Any]:
    result = event.result
    return {
        "status": "completed" if isinstance(event, RunCompleted) else "failed",
        "passed": result.passed,
        "score": result.score,
        "attempts": result.attempts,
        "stop_reason": result.stop_reason,
        "final_answer": result.final_answer,
        "input_tokens": result.usage.input_tokens,
        "output_tokens": result.usage.output_tokens,
        "error": event.error if isinstance(event, RunFailed) else result.error,
        "result": result.model_dump(mode="json"),
    }
