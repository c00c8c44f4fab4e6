"""A session's append-only log: numbering and writing entries in one go.

Appending bumps the session row's counters first (see
:class:`~._models.SessionRow`), which serialises appenders on that row, then
writes the evidence and log rows with the numbers it got.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

from sqlalchemy import update
from sqlalchemy.ext.asyncio import AsyncSession

from redraft.sessions._types import EvidenceItem, SessionStatus
from redraft.store._models import SessionEventRow, SessionEvidenceRow, SessionRow
from redraft.store._notify import notify_in

__all__ = ["Append", "append_to_log", "evidence_row", "session_key"]


@dataclass(frozen=True)
class Append:
    type: str
    payload: dict[str, Any]
    item: EvidenceItem | None = None
    """For ``evidence_recorded``: the item, numbered while appending."""
    member: str = ""


def session_key(session_id: int) -> str:
    """The notification key of a session's log."""
    return f"session:{session_id}"


async def append_to_log(
    db: AsyncSession,
    postgres: bool,
    session_id: int,
    appends: Sequence[Append],
    *,
    job_id: int | None = None,
    rounds: int | None = None,
    status: SessionStatus | None = None,
    interrupted: bool = False,
) -> list[EvidenceItem]:
    """Number and write ``appends``; returns the evidence items as stored."""
    now = datetime.now(UTC)
    n_evidence = sum(1 for a in appends if a.type == "evidence_recorded")
    values: dict[str, Any] = {
        "last_seq": SessionRow.last_seq + len(appends),
        "last_evidence_id": SessionRow.last_evidence_id + n_evidence,
        "updated_at": now,
    }
    if rounds is not None:
        values["rounds"] = rounds
    if status is not None:
        values["status"] = status
    if interrupted:
        values["interruptions"] = SessionRow.interruptions + 1
    last_seq, last_id = (
        await db.execute(
            update(SessionRow)
            .where(SessionRow.id == session_id)
            .values(**values)
            .returning(SessionRow.last_seq, SessionRow.last_evidence_id)
        )
    ).one()
    seq = last_seq - len(appends)
    evidence_id = last_id - n_evidence
    stored: list[EvidenceItem] = []
    for append in appends:
        seq += 1
        item = append.item
        payload = append.payload
        if item is not None:
            if append.type == "evidence_recorded":
                evidence_id += 1
                item = item.model_copy(update={"id": evidence_id, "created_at": now})
                db.add(evidence_row(session_id, item, seq, job_id, append.member, now))
                stored.append(item)
            else:
                item = item.model_copy(update={"created_at": now})
            payload = item.model_dump(mode="json")
        db.add(
            SessionEventRow(
                session_id=session_id,
                seq=seq,
                type=append.type,
                at=now,
                evidence_id=item.id if item is not None else None,
                payload=payload,
            )
        )
    await db.flush()
    if postgres:
        await notify_in(db, session_key(session_id))
    return stored


def evidence_row(
    session_id: int, item: EvidenceItem, seq: int, job_id: int | None, member: str, now: datetime
) -> SessionEvidenceRow:
    assert item.id is not None
    return SessionEvidenceRow(
        session_id=session_id,
        job_id=job_id,
        member=member,
        seq=seq,
        created_at=now,
        updated_at=now,
        # The rest of the columns are the item's own fields.
        **item.model_dump(exclude={"event_type", "created_at"}),
    )
