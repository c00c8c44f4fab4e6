"""What readers get back for sessions: pydantic views built from the rows."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import asdict, dataclass, field
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
    "Tally",
    "item_of",
    "session_of",
    "summary_of",
    "tally",
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
    """The sum of the points of valid evidence that evaluated without error,
    the model scores' 0–100 included (the evaluation-sessions design's
    total): ``points`` and ``model_scores`` hold the two apart."""
    points: float = 0.0
    """The findings' signed points (judges, checks, web checks,
    re-evaluations), valid and evaluated without error: no model score."""
    model_scores: dict[str, float] = {}
    """Each model member's latest valid score out of 100 (``relevance``): a
    rating of the subject, not points to add to the findings'."""
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


@dataclass(frozen=True)
class Tally:
    """What a session's counted evidence adds up to (see :class:`SessionSummary`)."""

    score: float = 0.0
    points: float = 0.0
    model_scores: dict[str, float] = field(default_factory=dict)
    evidence_count: int = 0


def tally(items: Sequence[EvidenceItem]) -> Tally:
    """The counted evidence (valid, evaluated without error) summed, the
    model scores apart from the findings' points."""
    counted = [i for i in items if i.valid and i.status == "ok"]
    model_scores: dict[str, float] = {}
    for item in sorted((i for i in counted if i.kind == "model"), key=lambda i: i.id or 0):
        model_scores[item.evaluator or item.source] = item.score
    return Tally(
        score=float(sum(i.score for i in counted)),
        points=float(sum(i.score for i in counted if i.kind != "model")),
        model_scores=model_scores,
        evidence_count=len(items),
    )


def summary_of(row: SessionRow, counted: Tally) -> SessionSummary:
    return SessionSummary(
        session_id=row.id,
        status=row.status,  # type: ignore[arg-type]  # written from SessionStatus only
        created_at=row.created_at,
        updated_at=row.updated_at,
        subject=row.subject,
        rounds=row.rounds,
        interruptions=row.interruptions,
        **asdict(counted),
    )


def session_of(
    row: SessionRow, evidence: Iterable[SessionEvidenceRow], calls: Iterable[dict[str, Any]]
) -> StoredSession:
    items = [item_of(e) for e in evidence]
    summary = summary_of(row, tally(items))
    return StoredSession(
        **summary.model_dump(),
        panel=row.panel,
        judge_model=row.judge_model,
        evidence_list=items,
        calls=[SessionCall.model_validate(c) for c in calls],
    )
