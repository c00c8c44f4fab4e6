"""What readers get back for sessions: pydantic views built from the rows."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime
from typing import Any, get_args

from pydantic import BaseModel

from redraft.core._types import CallRecord
from redraft.sessions._types import EvidenceItem, SessionEventType, SessionStatus
from redraft.store._models import SessionEvidenceRow, SessionRow

__all__ = [
    "STREAMED",
    "SessionCall",
    "SessionSummary",
    "StoredSession",
    "item_of",
    "session_of",
    "summary_of",
]

STREAMED = frozenset(get_args(SessionEventType))
"""Log entries the evaluation stream shows; the rest (calls, evidence updates,
interruptions) are kept for the record. Entries stored before the rename
carry the old names (:data:`~redraft.sessions.NEW_EVENT_NAMES` maps them)."""


class SessionSummary(BaseModel):
    session_id: int
    status: SessionStatus
    created_at: datetime
    updated_at: datetime
    subject: dict[str, Any]
    score: float
    """The sum of the points of valid evidence that evaluated without error."""
    evidence_count: int
    rounds: int
    interruptions: int


class SessionCall(CallRecord):
    member: str
    """The panel member (or ``re-evaluation``) that made the call."""


class StoredSession(SessionSummary):
    panel: list[dict[str, Any]]
    judge_model: str | None
    evidence_list: list[EvidenceItem]
    calls: list[SessionCall]


def item_of(row: SessionEvidenceRow) -> EvidenceItem:
    # Every field but event_type is a column; evidence rows are all "evidence_recorded".
    return EvidenceItem.model_validate(row, from_attributes=True)


def total(items: Sequence[EvidenceItem]) -> float:
    return float(sum(i.score for i in items if i.valid and i.status == "ok"))


def summary_of(row: SessionRow, score: float, evidence_count: int) -> SessionSummary:
    return SessionSummary(
        session_id=row.id,
        status=row.status,  # type: ignore[arg-type]  # written from SessionStatus only
        created_at=row.created_at,
        updated_at=row.updated_at,
        subject=row.subject,
        score=score,
        evidence_count=evidence_count,
        rounds=row.rounds,
        interruptions=row.interruptions,
    )


def session_of(
    row: SessionRow, evidence: Sequence[SessionEvidenceRow], calls: Sequence[dict[str, Any]]
) -> StoredSession:
    items = [item_of(e) for e in evidence]
    summary = summary_of(row, total(items), len(items))
    return StoredSession(
        **summary.model_dump(),
        panel=row.panel,
        judge_model=row.judge_model,
        evidence_list=items,
        calls=[SessionCall.model_validate(c) for c in calls],
    )
