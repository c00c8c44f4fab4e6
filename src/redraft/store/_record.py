"""How events change the tables: the write half of :meth:`Store.record`.

Every function here runs inside the caller's transaction (a plain
connection: see :mod:`._transactions`); none commits.

Recording is on the service's hot path (every request stores its run), so a
transaction's writes are planned in Python first and then issued as a few
Core ``executemany`` statements, one per table, whatever the number of runs
and events in it: no ORM unit of work, no read per event. Each statement's
shape is fixed, so SQLAlchemy compiles it once per process.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any

from sqlalchemy import Connection, Table, bindparam, case, select, update
from sqlalchemy.dialects import postgresql, sqlite

from redraft.core._events import (
    EVENT_ADAPTER,
    CallRecorded,
    DraftCompleted,
    DraftStarted,
    RunCompleted,
    RunEvent,
    RunFailed,
    RunStarted,
    VerdictReached,
)
from redraft.core._types import CallRecord
from redraft.evaluators._reliability import comparisons_in
from redraft.store._judge_record import JudgeComparisonRow, comparison_rows
from redraft.store._models import CallRow, DraftRow, EventRow, EvidenceRow, RunRow

__all__ = [
    "PROMPT_CHARS",
    "EventRecord",
    "RunLeaseLostError",
    "append_events",
    "claim_runs",
    "storable",
    "timestamp",
    "update_tables",
]

PROMPT_CHARS = 500

# The Core tables: a list of parameter sets given to an ORM entity's
# statement would mean an ORM bulk operation, with its own rules and costs.
_RUNS: Table = RunRow.__table__  # type: ignore[assignment]
_EVENTS: Table = EventRow.__table__  # type: ignore[assignment]
_DRAFTS: Table = DraftRow.__table__  # type: ignore[assignment]
_EVIDENCE: Table = EvidenceRow.__table__  # type: ignore[assignment]
_CALLS: Table = CallRow.__table__  # type: ignore[assignment]
_COMPARISONS: Table = JudgeComparisonRow.__table__  # type: ignore[assignment]
# A call's own fields that are columns of the same name, as the payload holds them.
_CALL_FIELDS = [name for name in CallRecord.model_fields if name not in ("messages", "usage")]


class RunLeaseLostError(RuntimeError):
    """The run is no longer this process's to write: it was closed as
    interrupted after its lease ran out (see :mod:`._run_leases`)."""


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


@dataclass(frozen=True)
class EventRecord:
    """One event as it is stored: the event as it reads back, its time and
    its JSON payload (the text the log keeps)."""

    event: RunEvent
    at: datetime
    payload: dict[str, Any]

    def row(self) -> dict[str, Any]:
        event = self.event
        return {
            "run_id": event.run_id,
            "seq": event.seq,
            "type": event.type,
            "at": self.at,
            "payload": self.payload,
        }


def storable(event: RunEvent) -> EventRecord:
    """The event as it will be stored, and read back from the store."""
    payload = event.model_dump(mode="json")
    changed = False
    # JSON writes a NUL as \u0000: one pass in pydantic's core, not a walk in Python.
    if "\\u0000" in event.model_dump_json():
        payload, changed = _scrub(payload)
    # Both backends store the same text, so a run reads back the same on either.
    stored = EVENT_ADAPTER.validate_python(payload) if changed else event
    return EventRecord(stored, timestamp(stored.at), payload)


def _new_run(record: EventRecord, tenant: str, source: str) -> dict[str, Any]:
    event, payload = record.event, record.payload
    assert isinstance(event, RunStarted)
    return {
        "id": event.run_id,
        "tenant": tenant,
        "created_at": record.at,
        "updated_at": record.at,
        "status": "running",
        **{name: payload[name] for name in ("model", "judge", "policy", "request")},
        "prompt": event.request.prompt[:PROMPT_CHARS],
        "source": source,
        "continues": event.request.continues,
        "profile": event.request.profile,
    }


def claim_runs(
    connection: Connection,
    groups: Sequence[tuple[Sequence[EventRecord], str]],
    *,
    lease: tuple[str, datetime] | None,
    source: str,
) -> set[str]:
    """Check that every run written belongs to its group's tenant and start
    the new ones; the ids of the runs written.

    A run is new when its ``run_started`` is among the events and it is not
    stored yet; with ``lease`` (owner, expiry) a new run is leased to that
    owner and the stored ones must still be leased to it and running, and
    have that lease renewed. ``source`` says where new runs come from.
    Raises :class:`LookupError` for a run never started,
    :class:`PermissionError` for another tenant's run and
    :class:`~redraft.store._run_leases.RunLeaseLostError` for a lost lease.
    """
    wanted: dict[str, str] = {}
    starts: dict[str, EventRecord] = {}
    for records, tenant in groups:
        for record in records:
            run_id = record.event.run_id
            if wanted.setdefault(run_id, tenant) != tenant:
                raise PermissionError(f"run {run_id!r} belongs to another tenant")
            if isinstance(record.event, RunStarted):
                starts.setdefault(run_id, record)
    owners = select(_RUNS.c.id, _RUNS.c.tenant).where(_RUNS.c.id.in_(wanted))
    stored = dict(connection.execute(owners).all())
    fresh: list[dict[str, Any]] = []
    for run_id, tenant in wanted.items():
        owner = stored.get(run_id)
        if owner is not None:
            if owner != tenant:
                raise PermissionError(f"run {run_id!r} belongs to another tenant")
        elif run_id in starts:
            row = _new_run(starts[run_id], tenant, source)
            row["owner"], row["lease_expires_at"] = lease or (None, None)
            fresh.append(row)
        else:
            raise LookupError(f"run {run_id!r} has no run_started event in the store")
    if fresh:
        connection.execute(_RUNS.insert(), fresh)
    if lease is not None and stored:
        _hold(connection, list(stored), lease)
    return set(wanted)


def _hold(connection: Connection, run_ids: list[str], lease: tuple[str, datetime]) -> None:
    """Renew the lease on stored runs, or raise when one is no longer ours.

    An UPDATE rather than a read: on PostgreSQL it locks the rows until the
    commit, so a concurrent close waits for this write and then sees it.
    """
    owner, expiry = lease
    kept = set(
        (
            connection.execute(
                update(_RUNS)
                .where(_RUNS.c.id.in_(run_ids), _RUNS.c.owner == owner, _RUNS.c.status == "running")
                .values(lease_expires_at=expiry)
                .returning(_RUNS.c.id)
            )
        ).scalars()
    )
    lost = sorted(set(run_ids) - kept)
    if lost:
        raise RunLeaseLostError(f"run {lost[0]!r} is no longer leased to this process")


def append_events(
    connection: Connection, records: Sequence[EventRecord], *, postgres: bool
) -> None:
    """Append events to the log (a ``(run_id, seq)`` already stored is
    skipped) and bring the tables up to date for the new ones."""
    if not records:
        return
    fresh = set(connection.execute(_APPEND_EVENTS[postgres], [r.row() for r in records]))
    new = [r for r in records if (r.event.run_id, r.event.seq) in fresh]
    update_tables(connection, new, postgres=postgres)


@dataclass
class _Changes:
    """What a transaction's new events do to the tables, as rows to write."""

    calls: list[dict[str, Any]] = field(default_factory=list)
    drafts: list[dict[str, Any]] = field(default_factory=list)
    verdicts: list[dict[str, Any]] = field(default_factory=list)
    evidence: list[dict[str, Any]] = field(default_factory=list)
    runs: dict[str, dict[str, Any]] = field(default_factory=dict)
    outcomes: list[dict[str, Any]] = field(default_factory=list)
    audited: list[EventRecord] = field(default_factory=list)
    feedback: dict[tuple[str, int], str | None] = field(default_factory=dict)
    """Each draft's feedback, from its ``draft_started`` event."""

    def add(self, record: EventRecord) -> None:
        event, payload = record.event, record.payload
        run = self.runs.setdefault(
            event.run_id, {"b_id": event.run_id, "b_in": 0, "b_out": 0, "b_attempts": 0}
        )
        run["b_at"] = record.at
        if isinstance(event, CallRecorded):
            self.calls.append(_call_row(event, payload["call"]))
            run["b_in"] += event.call.usage.input_tokens
            run["b_out"] += event.call.usage.output_tokens
        elif isinstance(event, DraftStarted):
            self.feedback[(event.run_id, event.attempt)] = event.feedback
        elif isinstance(event, DraftCompleted):
            self.drafts.append(
                {
                    "run_id": event.run_id,
                    "attempt": event.attempt,
                    "text": payload["text"],
                    "finish_reason": event.finish_reason,
                }
            )
        elif isinstance(event, VerdictReached):
            self._add_verdict(record)
            # Candidates are judged in the order they finish, not by number.
            run["b_attempts"] = max(run["b_attempts"], event.attempt)
        elif isinstance(event, RunCompleted | RunFailed):
            self.outcomes.append({"b_id": event.run_id, **_outcome(event, payload)})

    def _add_verdict(self, record: EventRecord) -> None:
        event, verdict = record.event, record.payload["verdict"]
        assert isinstance(event, VerdictReached)
        row = {"run_id": event.run_id, "attempt": event.attempt, "text": ""}
        # The verdict's columns are its fields, prefixed.
        self.verdicts.append(
            row | {c: verdict[c.removeprefix("verdict_")] for c in _VERDICT_COLUMNS}
        )
        for position, evidence in enumerate(verdict["evidence"], start=1):
            self.evidence.append(
                {"run_id": event.run_id, "attempt": event.attempt, "position": position, **evidence}
            )
        if comparisons_in(e.data for e in event.verdict.evidence):
            self.audited.append(record)


def _call_row(event: CallRecorded, call: dict[str, Any]) -> dict[str, Any]:
    usage = call["usage"]
    return {
        **{name: call[name] for name in _CALL_FIELDS},
        "run_id": event.run_id,
        # The call's place in the run's log orders the calls: no count to read.
        "position": event.seq,
        "messages": [m.model_dump(mode="json", exclude_none=True) for m in event.call.messages],
        "input_tokens": usage["input_tokens"],
        "output_tokens": usage["output_tokens"],
    }


def _outcome(event: RunCompleted | RunFailed, payload: dict[str, Any]) -> dict[str, Any]:
    result = event.result
    return {
        "status": "completed" if isinstance(event, RunCompleted) else "failed",
        "passed": result.passed,
        "score": result.score,
        "attempts": result.attempts,
        "stop_reason": result.stop_reason,
        "final_answer": payload["result"]["final_answer"],
        "input_tokens": result.usage.input_tokens,
        "output_tokens": result.usage.output_tokens,
        "error": payload["error"] if isinstance(event, RunFailed) else payload["result"]["error"],
        "result": payload["result"],
        "cost_usd": payload["result"].get("cost_usd"),
    }


# Every statement has one fixed shape, so it is compiled once per process.
_TOUCH_RUN = (
    update(_RUNS)
    .where(_RUNS.c.id == bindparam("b_id"))
    .values(
        input_tokens=_RUNS.c.input_tokens + bindparam("b_in"),
        output_tokens=_RUNS.c.output_tokens + bindparam("b_out"),
        attempts=case(
            (_RUNS.c.attempts < bindparam("b_attempts"), bindparam("b_attempts")),
            else_=_RUNS.c.attempts,
        ),
        updated_at=bindparam("b_at"),
    )
)
_OUTCOME_COLUMNS = (
    "status",
    "passed",
    "score",
    "attempts",
    "stop_reason",
    "final_answer",
    "input_tokens",
    "output_tokens",
    "error",
    "result",
    "cost_usd",
)
_END_RUN = (
    update(_RUNS)
    .where(_RUNS.c.id == bindparam("b_id"))
    .values({name: bindparam(name) for name in _OUTCOME_COLUMNS})
)
_VERDICT_COLUMNS = [c.name for c in _DRAFTS.c if c.name.startswith("verdict_")]


def _upsert_verdict(insert: Any) -> Any:
    """A verdict joins its draft's row; one that comes first keeps an empty draft."""
    statement = insert(_DRAFTS)
    return statement.on_conflict_do_update(
        index_elements=["run_id", "attempt"],
        set_={name: statement.excluded[name] for name in _VERDICT_COLUMNS},
    )


_UPSERT_VERDICT = {False: _upsert_verdict(sqlite.insert), True: _upsert_verdict(postgresql.insert)}


def _append_events(insert: Any) -> Any:
    """Events into the log; one already there is skipped, and the new ones named."""
    return (
        insert(_EVENTS)
        .on_conflict_do_nothing(index_elements=["run_id", "seq"])
        .returning(_EVENTS.c.run_id, _EVENTS.c.seq)
    )


_APPEND_EVENTS = {False: _append_events(sqlite.insert), True: _append_events(postgresql.insert)}


def update_tables(
    connection: Connection, records: Sequence[EventRecord], *, postgres: bool
) -> None:
    """Keep the runs, drafts, evidence and calls tables in step with newly
    appended events (given in order)."""
    if not records:
        return
    changes = _Changes()
    for record in records:
        changes.add(record)
    if changes.calls:
        connection.execute(_CALLS.insert(), changes.calls)
    if changes.drafts:
        _fill_feedback(connection, changes)
        connection.execute(_DRAFTS.insert(), changes.drafts)
    if changes.verdicts:
        connection.execute(_UPSERT_VERDICT[postgres], changes.verdicts)
    if changes.evidence:
        connection.execute(_EVIDENCE.insert(), changes.evidence)
    connection.execute(_TOUCH_RUN, list(changes.runs.values()))
    if changes.outcomes:
        connection.execute(_END_RUN, changes.outcomes)
    for record in changes.audited:
        _add_audits(connection, record)


def _fill_feedback(connection: Connection, changes: _Changes) -> None:
    """Each completed draft's feedback: from its ``draft_started`` event in
    this batch, or else from the log."""
    missing = {
        d["run_id"] for d in changes.drafts if (d["run_id"], d["attempt"]) not in changes.feedback
    }
    if missing:
        started = connection.execute(
            select(_EVENTS.c.run_id, _EVENTS.c.payload).where(
                _EVENTS.c.run_id.in_(missing), _EVENTS.c.type == "draft_started"
            )
        )
        for run_id, payload in started:
            feedback = payload.get("feedback")
            changes.feedback.setdefault(
                (run_id, payload.get("attempt")), feedback if isinstance(feedback, str) else None
            )
    for draft in changes.drafts:
        draft["feedback"] = changes.feedback.get((draft["run_id"], draft["attempt"]))


def _add_audits(connection: Connection, record: EventRecord) -> None:
    """The judges' audits in the verdict's evidence join the judges' record."""
    event = record.event
    assert isinstance(event, VerdictReached)
    audits = comparisons_in(evidence.data for evidence in event.verdict.evidence)
    tenant = connection.scalar(select(_RUNS.c.tenant).where(_RUNS.c.id == event.run_id))
    rows = comparison_rows(audits, tenant=tenant or "", run_id=event.run_id, at=record.at)
    connection.execute(_COMPARISONS.insert(), rows)
