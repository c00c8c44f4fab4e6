"""Evaluation sessions in the store: evidence, an append-only log, leased jobs.

Every append writes evidence and log rows in one transaction (see
:mod:`._session_log`); followers are woken only after the commit. So what a
stream shows is always already durable, and numbers never collide across
processes. The background jobs that produce evidence are in :mod:`._session_jobs`.
"""

from __future__ import annotations

import asyncio
import functools
from collections.abc import AsyncIterator
from datetime import UTC, datetime
from typing import Any

from sqlalchemy import func, or_, select
from sqlalchemy.ext.asyncio import AsyncSession

from redraft.sessions._types import NEW_EVENT_NAMES, EvidenceItem
from redraft.store._models import SessionEventRow, SessionEvidenceRow, SessionRow
from redraft.store._session_jobs import (
    EvaluationInProgressError,
    EvidenceNotFoundError,
    Job,
    SessionJobs,
    SessionNotFoundError,
)
from redraft.store._session_log import session_key
from redraft.store._session_views import (
    STREAMED,
    SessionSummary,
    StoredSession,
    Tally,
    item_of,
    session_of,
    summary_of,
)

__all__ = [
    "EvaluationInProgressError",
    "EvidenceNotFoundError",
    "Job",
    "SessionNotFoundError",
    "SessionStore",
]


class SessionStore(SessionJobs):
    """Sessions: creating and reading them, their live log, and (inherited)
    the jobs that evaluate them."""

    # -- sessions ------------------------------------------------------------

    async def create(
        self,
        *,
        tenant: str,
        subject: dict[str, Any],
        panel: list[dict[str, Any]],
        judge_model: str | None,
    ) -> int:
        now = datetime.now(UTC)
        row = SessionRow(
            tenant=tenant,
            created_at=now,
            updated_at=now,
            subject=subject,
            panel=panel,
            judge_model=judge_model,
            status="created",
        )
        async with self._sessions.begin() as db:
            db.add(row)
            await db.flush()
            return row.id

    async def get(self, session_id: int, *, tenant: str) -> StoredSession | None:
        async with self._sessions() as db:
            row = await db.get(SessionRow, session_id)
            if row is None or row.tenant != tenant:
                return None
            evidence = await db.scalars(
                select(SessionEvidenceRow)
                .where(SessionEvidenceRow.session_id == session_id)
                .order_by(SessionEvidenceRow.id)
            )
            calls = await db.scalars(
                select(SessionEventRow.payload)
                .where(SessionEventRow.session_id == session_id, SessionEventRow.type == "call")
                .order_by(SessionEventRow.seq)
            )
        return session_of(row, evidence, calls)

    async def list_sessions(
        self, *, tenant: str, limit: int = 20, before: int | None = None
    ) -> list[SessionSummary]:
        """``tenant``'s sessions, newest first; ``before`` (a session id) pages on."""
        query = select(SessionRow).where(SessionRow.tenant == tenant)
        if before is not None:
            query = query.where(SessionRow.id < before)
        async with self._sessions() as db:
            rows = (await db.scalars(query.order_by(SessionRow.id.desc()).limit(limit))).all()
            totals = await _tallies(db, [r.id for r in rows])
        return [summary_of(r, totals.get(r.id, Tally())) for r in rows]

    async def exists(self, session_id: int, *, tenant: str) -> bool:
        query = select(SessionRow.id).where(
            SessionRow.id == session_id, SessionRow.tenant == tenant
        )
        async with self._sessions() as db:
            return await db.scalar(query) is not None

    async def load(self, session_id: int) -> SessionRow | None:
        """The session row, whoever owns it: for workers resuming jobs."""
        async with self._sessions() as db:
            return await db.get(SessionRow, session_id)

    async def evidence(self, session_id: int, evidence_id: int) -> EvidenceItem | None:
        async with self._sessions() as db:
            row = await db.get(SessionEvidenceRow, (session_id, evidence_id))
        return None if row is None else item_of(row)

    # -- the log -------------------------------------------------------------

    async def stream_items(
        self, session_id: int, *, tenant: str, after_seq: int = 0
    ) -> tuple[list[tuple[int, EvidenceItem]], int] | None:
        """Streamed items after ``after_seq`` with their ``seq`` (evidence with
        its current ``valid`` flag), and the last ``seq`` read; None for no such session."""
        async with self._sessions() as db:
            owner = await db.scalar(select(SessionRow.tenant).where(SessionRow.id == session_id))
            if owner is None or owner != tenant:
                return None
            read = await db.execute(
                select(SessionEventRow.seq, SessionEventRow.type, SessionEventRow.payload)
                .where(SessionEventRow.session_id == session_id, SessionEventRow.seq > after_seq)
                .order_by(SessionEventRow.seq)
            )
            # Rows stored before the rename carry the old names.
            rows = [(seq, NEW_EVENT_NAMES.get(kind, kind), p) for seq, kind, p in read.all()]
            evidence_ids = [p["id"] for _, kind, p in rows if kind == "evidence_recorded"]
            current: dict[int, SessionEvidenceRow] = {}
            if evidence_ids:
                for row in await db.scalars(
                    select(SessionEvidenceRow).where(
                        SessionEvidenceRow.session_id == session_id,
                        SessionEvidenceRow.id.in_(evidence_ids),
                    )
                ):
                    current[row.id] = row
        items: list[tuple[int, EvidenceItem]] = []
        for seq, kind, payload in rows:
            if kind not in STREAMED:
                continue
            item = EvidenceItem.model_validate({**payload, "event_type": kind})
            now = current.get(item.id or 0)
            if now is not None:
                item = item.model_copy(
                    update={"valid": now.valid, "invalidate_reason": now.invalidate_reason}
                )
            items.append((seq, item))
        last = rows[-1][0] if rows else after_seq
        return items, last

    async def follow(
        self, session_id: int, *, tenant: str, after_seq: int = 0, heartbeat_s: float = 15.0
    ) -> AsyncIterator[tuple[int, EvidenceItem] | None]:
        """The stored items after ``after_seq``, then new ones as they are stored,
        until the caller stops or the store closes; None every ``heartbeat_s``
        of quiet. Each wake-up re-reads by ``seq``: no loss, no duplicates."""
        seq = after_seq
        with self._notifier.watch(session_key(session_id)) as wake:
            while not self._notifier.closed:
                wake.clear()
                batch = await self._notifier.shared(
                    ("session", session_id, tenant, seq),
                    self._notifier.generation,
                    functools.partial(self.stream_items, session_id, tenant=tenant, after_seq=seq),
                )
                if batch is None:
                    return
                items, seq = batch
                for item in items:
                    yield item
                if items:
                    continue
                try:
                    await asyncio.wait_for(wake.wait(), heartbeat_s)
                except TimeoutError:
                    yield None


async def _tallies(db: AsyncSession, ids: list[int]) -> dict[int, Tally]:
    """What each session's counted evidence adds up to (:func:`tally`), summed
    in the database: a listing does not read every item."""
    if not ids:
        return {}
    evidence = SessionEvidenceRow
    counted = evidence.valid.is_(True) & (evidence.status == "ok")
    finding = or_(evidence.kind.is_(None), evidence.kind != "model")
    sums = await db.execute(
        select(
            evidence.session_id,
            func.coalesce(func.sum(evidence.score).filter(counted), 0.0),
            func.coalesce(func.sum(evidence.score).filter(counted & finding), 0.0),
            func.count(),
        )
        .where(evidence.session_id.in_(ids))
        .group_by(evidence.session_id)
    )
    scores: dict[int, dict[str, float]] = {}
    # Oldest first, so each member's latest score is the one kept.
    for sid, member, source, score in await db.execute(
        select(evidence.session_id, evidence.evaluator, evidence.source, evidence.score)
        .where(evidence.session_id.in_(ids), counted, evidence.kind == "model")
        .order_by(evidence.session_id, evidence.id)
    ):
        scores.setdefault(sid, {})[member or source] = float(score)
    return {
        sid: Tally(float(score), float(points), scores.get(sid, {}), int(count))
        for sid, score, points, count in sums
    }
