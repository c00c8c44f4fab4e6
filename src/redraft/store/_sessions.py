"""Evaluation sessions in the store: evidence, an append-only log, leased jobs.

Every append bumps the session row's counters first (see
:class:`~._models.SessionRow`), then writes evidence and log rows, all in one
transaction; followers are woken only after the commit. So what a stream
shows is always already durable, and numbers never collide across processes.

Background work is a *job* leased to one process. The owner renews its
leases; a job whose lease ran out belongs to a process that died, and
:meth:`SessionStore.claim_expired` hands it to a live one, recording the
interruption in the log first.
"""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator, Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from typing import Any

from sqlalchemy import func, select, update
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

from redraft._types import CallRecord
from redraft.sessions._types import EvidenceItem, SessionStatus
from redraft.store._models import SessionEventRow, SessionEvidenceRow, SessionJobRow, SessionRow
from redraft.store._notify import Notifier, notify_in
from redraft.store._session_views import (
    STREAMED,
    SessionSummary,
    StoredSession,
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


class SessionNotFoundError(LookupError):
    """No such session for this tenant."""


class EvidenceNotFoundError(LookupError):
    """The session has no evidence with that id."""


class EvaluationInProgressError(RuntimeError):
    """The session is already being evaluated."""


@dataclass(frozen=True)
class Job:
    """A leased piece of background work on a session."""

    id: int
    session_id: int
    kind: str
    """``evaluate`` or ``re_evaluate``."""
    round: int
    members: list[str]
    evidence_id: int | None
    owner: str
    pending: list[str] = field(default_factory=list)
    """Members still to run (all of them, unless the job was resumed)."""
    resumed: int = 0


@dataclass(frozen=True)
class _Append:
    type: str
    payload: dict[str, Any]
    item: EvidenceItem | None = None
    """For ``evidence``: the item, numbered while appending."""
    member: str = ""


def _now() -> datetime:
    return datetime.now(UTC)


def _key(session_id: int) -> str:
    return f"session:{session_id}"


class SessionStore:
    def __init__(
        self, sessions: async_sessionmaker[AsyncSession], notifier: Notifier, *, postgres: bool
    ) -> None:
        self._sessions = sessions
        self._notifier = notifier
        self._postgres = postgres

    # -- sessions ------------------------------------------------------------

    async def create(
        self,
        *,
        tenant: str,
        subject: dict[str, Any],
        panel: list[dict[str, Any]],
        judge_model: str | None,
    ) -> int:
        now = _now()
        row = SessionRow(
            tenant=tenant,
            created_at=now,
            updated_at=now,
            subject=subject,
            panel=panel,
            judge_model=judge_model,
            status="created",
            rounds=0,
            interruptions=0,
            last_seq=0,
            last_evidence_id=0,
        )
        async with self._sessions.begin() as db:
            db.add(row)
            await db.flush()
            return row.id

    async def get(self, session_id: int, *, tenant: str) -> StoredSession | None:
        async with self._sessions() as db:
            row = await db.scalar(
                select(SessionRow).where(SessionRow.id == session_id, SessionRow.tenant == tenant)
            )
            if row is None:
                return None
            evidence = (
                await db.scalars(
                    select(SessionEvidenceRow)
                    .where(SessionEvidenceRow.session_id == session_id)
                    .order_by(SessionEvidenceRow.id)
                )
            ).all()
            calls = (
                await db.scalars(
                    select(SessionEventRow.payload)
                    .where(SessionEventRow.session_id == session_id, SessionEventRow.type == "call")
                    .order_by(SessionEventRow.seq)
                )
            ).all()
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
            ids = [r.id for r in rows]
            totals: dict[int, tuple[float, int]] = {}
            if ids:
                counted = SessionEvidenceRow.valid.is_(True) & (SessionEvidenceRow.status == "ok")
                for sid, score, count in await db.execute(
                    select(
                        SessionEvidenceRow.session_id,
                        func.coalesce(func.sum(SessionEvidenceRow.score).filter(counted), 0.0),
                        func.count(),
                    )
                    .where(SessionEvidenceRow.session_id.in_(ids))
                    .group_by(SessionEvidenceRow.session_id)
                ):
                    totals[sid] = (float(score), int(count))
        return [summary_of(r, *totals.get(r.id, (0.0, 0))) for r in rows]

    async def exists(self, session_id: int, *, tenant: str) -> bool:
        async with self._sessions() as db:
            found = await db.scalar(
                select(SessionRow.id).where(
                    SessionRow.id == session_id, SessionRow.tenant == tenant
                )
            )
        return found is not None

    async def load(self, session_id: int) -> SessionRow | None:
        """The session row, whoever owns it: for workers resuming jobs."""
        async with self._sessions() as db:
            return await db.get(SessionRow, session_id)

    async def evidence(self, session_id: int, evidence_id: int) -> EvidenceItem | None:
        async with self._sessions() as db:
            row = await db.get(SessionEvidenceRow, (session_id, evidence_id))
        return None if row is None else item_of(row)

    # -- evaluation jobs -----------------------------------------------------

    async def begin_evaluation(
        self, session_id: int, *, tenant: str, members: list[str], owner: str, lease_s: float
    ) -> Job:
        """Start an evaluation round. Raises :class:`SessionNotFoundError` or
        :class:`EvaluationInProgressError`."""
        now = _now()
        async with self._sessions.begin() as db:
            # The UPDATE comes first so that two starts queue here, not race past the check.
            rounds = await db.scalar(
                update(SessionRow)
                .where(SessionRow.id == session_id, SessionRow.tenant == tenant)
                .values(updated_at=now)
                .returning(SessionRow.rounds)
            )
            if rounds is None:
                raise SessionNotFoundError(session_id)
            running = await db.scalar(
                select(SessionJobRow.id).where(
                    SessionJobRow.session_id == session_id,
                    SessionJobRow.kind == "evaluate",
                    SessionJobRow.status == "running",
                )
            )
            if running is not None:
                raise EvaluationInProgressError(session_id)
            job = self._new_job(session_id, "evaluate", rounds + 1, members, None, owner, lease_s)
            db.add(job)
            await db.flush()
            start = EvidenceItem(
                event_type="evaluation_start",
                description="Evaluation started",
                round=rounds + 1,
                details={"members": members, "job_id": job.id},
            )
            await self._append(
                db,
                session_id,
                [_Append("evaluation_start", {}, start)],
                rounds=rounds + 1,
                status="evaluating",
            )
        self._notifier.publish(_key(session_id))
        return Job(job.id, session_id, "evaluate", rounds + 1, members, None, owner, members)

    async def record_outcome(
        self,
        job: Job,
        *,
        member: str,
        items: Sequence[EvidenceItem],
        calls: Sequence[CallRecord],
        lease_s: float,
    ) -> list[EvidenceItem] | None:
        """Store one member's evidence and calls; the numbered items, or None
        when ``job`` is no longer ours (another process took it over)."""
        async with self._sessions.begin() as db:
            if not await self._renew(db, job, lease_s):
                return None
            appends = [
                _Append("call", {"member": member, **call.model_dump(mode="json")}, member=member)
                for call in calls
            ]
            appends += [
                _Append("evidence", {}, item.model_copy(update={"round": job.round}), member)
                for item in items
            ]
            stored = await self._append(db, job.session_id, appends, job_id=job.id)
        self._notifier.publish(_key(job.session_id))
        return stored

    async def finish(self, job: Job, *, lease_s: float) -> bool:
        """Close ``job``; an evaluation round ends with ``evaluation_complete``."""
        async with self._sessions.begin() as db:
            if not await self._renew(db, job, lease_s, status="done"):
                return False
            if job.kind == "evaluate":
                count = await db.scalar(
                    select(func.count()).where(
                        SessionEvidenceRow.session_id == job.session_id,
                        SessionEvidenceRow.round == job.round,
                    )
                )
                done = EvidenceItem(
                    event_type="evaluation_complete",
                    description="Initial evaluation completed"
                    if job.round == 1
                    else f"Evaluation round {job.round} completed",
                    round=job.round,
                    details={"evidence_count": count, "members": job.members, "job_id": job.id},
                )
                await self._append(
                    db,
                    job.session_id,
                    [_Append("evaluation_complete", {}, done)],
                    status="completed",
                )
        self._notifier.publish(_key(job.session_id))
        return True

    async def update_evidence(
        self,
        session_id: int,
        evidence_id: int,
        *,
        tenant: str,
        valid: bool,
        reason: str | None,
        owner: str,
        lease_s: float,
    ) -> Job | None:
        """Mark evidence valid or invalid; a newly invalid item gets a
        re-evaluation job, returned. Raises the NotFound errors."""
        now = _now()
        async with self._sessions.begin() as db:
            exists = await db.scalar(
                update(SessionRow)
                .where(SessionRow.id == session_id, SessionRow.tenant == tenant)
                .values(updated_at=now)
                .returning(SessionRow.id)
            )
            if exists is None:
                raise SessionNotFoundError(session_id)
            row = await db.get(SessionEvidenceRow, (session_id, evidence_id))
            if row is None:
                raise EvidenceNotFoundError(evidence_id)
            newly_invalid = row.valid and not valid
            row.valid = valid
            row.invalidate_reason = None if valid else reason
            row.updated_at = now
            change = {"evidence_id": evidence_id, "valid": valid, "invalidate_reason": reason}
            await self._append(db, session_id, [_Append("evidence_update", change)])
            if not newly_invalid:
                return None
            job = self._new_job(
                session_id, "re_evaluate", row.round, ["re-evaluation"], evidence_id, owner, lease_s
            )
            db.add(job)
            await db.flush()
        members = ["re-evaluation"]
        return Job(
            job.id, session_id, "re_evaluate", row.round, members, evidence_id, owner, members
        )

    async def renew_leases(self, owner: str, job_ids: Sequence[int], lease_s: float) -> int:
        """Extend the leases of the jobs ``owner`` is running now; the number renewed."""
        if not job_ids:
            return 0
        async with self._sessions.begin() as db:
            result = await db.execute(
                update(SessionJobRow)
                .where(
                    SessionJobRow.owner == owner,
                    SessionJobRow.status == "running",
                    SessionJobRow.id.in_(list(job_ids)),
                )
                .values(lease_expires_at=_now() + timedelta(seconds=lease_s))
                .returning(SessionJobRow.id)
            )
            return len(result.all())

    async def release(self, owner: str) -> None:
        """Let the next process take this one's unfinished jobs at once (clean shutdown)."""
        async with self._sessions.begin() as db:
            await db.execute(
                update(SessionJobRow)
                .where(SessionJobRow.owner == owner, SessionJobRow.status == "running")
                .values(lease_expires_at=_now() - timedelta(seconds=1))
            )

    async def claim_expired(self, owner: str, lease_s: float) -> list[Job]:
        """Take over jobs whose owner stopped renewing, recording each interruption."""
        now = _now()
        claimed: list[Job] = []
        async with self._sessions.begin() as db:
            rows = (
                await db.scalars(
                    update(SessionJobRow)
                    .where(SessionJobRow.status == "running", SessionJobRow.lease_expires_at < now)
                    .values(
                        owner=owner,
                        lease_expires_at=now + timedelta(seconds=lease_s),
                        resumed=SessionJobRow.resumed + 1,
                        updated_at=now,
                    )
                    .returning(SessionJobRow)
                )
            ).all()
            for row in sorted(rows, key=lambda r: r.id):
                finished = set(
                    (
                        await db.scalars(
                            select(SessionEvidenceRow.member).where(
                                SessionEvidenceRow.session_id == row.session_id,
                                SessionEvidenceRow.job_id == row.id,
                            )
                        )
                    ).all()
                )
                pending = [m for m in row.members if m not in finished]
                interruption = {"job_id": row.id, "kind": row.kind, "pending": pending}
                appends = [_Append("interrupted", interruption)]
                if row.kind == "evaluate":
                    names = ", ".join(pending) or "nothing"
                    resumed = EvidenceItem(
                        event_type="evaluation_start",
                        description=f"Evaluation resumed after an interruption ({names} to go)",
                        round=row.round,
                        details={"resumed": True, **interruption},
                    )
                    appends.append(_Append("evaluation_start", {}, resumed))
                await self._append(db, row.session_id, appends, interrupted=True)
                claimed.append(
                    Job(
                        row.id,
                        row.session_id,
                        row.kind,
                        row.round,
                        list(row.members),
                        row.evidence_id,
                        owner,
                        pending,
                        row.resumed,
                    )
                )
        for job in claimed:
            self._notifier.publish(_key(job.session_id))
        return claimed

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
            rows = (
                await db.execute(
                    select(SessionEventRow.seq, SessionEventRow.type, SessionEventRow.payload)
                    .where(
                        SessionEventRow.session_id == session_id, SessionEventRow.seq > after_seq
                    )
                    .order_by(SessionEventRow.seq)
                )
            ).all()
            evidence_ids = [p["id"] for _, t, p in rows if t == "evidence"]
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
            item = EvidenceItem.model_validate(payload)
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
        with self._notifier.watch(_key(session_id)) as wake:
            while not self._notifier.closed:
                wake.clear()
                batch = await self.stream_items(session_id, tenant=tenant, after_seq=seq)
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

    # -- internals -----------------------------------------------------------

    def _new_job(
        self,
        session_id: int,
        kind: str,
        round_: int,
        members: list[str],
        evidence_id: int | None,
        owner: str,
        lease_s: float,
    ) -> SessionJobRow:
        now = _now()
        return SessionJobRow(
            session_id=session_id,
            kind=kind,
            round=round_,
            members=members,
            evidence_id=evidence_id,
            status="running",
            owner=owner,
            lease_expires_at=now + timedelta(seconds=lease_s),
            resumed=0,
            created_at=now,
            updated_at=now,
        )

    async def _renew(
        self, db: AsyncSession, job: Job, lease_s: float, *, status: str = "running"
    ) -> bool:
        # Fencing: a process that stalled past its lease finds the job gone and writes nothing.
        now = _now()
        kept = await db.scalar(
            update(SessionJobRow)
            .where(
                SessionJobRow.id == job.id,
                SessionJobRow.owner == job.owner,
                SessionJobRow.status == "running",
            )
            .values(
                status=status, lease_expires_at=now + timedelta(seconds=lease_s), updated_at=now
            )
            .returning(SessionJobRow.id)
        )
        return kept is not None

    async def _append(
        self,
        db: AsyncSession,
        session_id: int,
        appends: Sequence[_Append],
        *,
        job_id: int | None = None,
        rounds: int | None = None,
        status: SessionStatus | None = None,
        interrupted: bool = False,
    ) -> list[EvidenceItem]:
        """Number and write ``appends``; returns the evidence items as stored."""
        now = _now()
        n_evidence = sum(1 for a in appends if a.type == "evidence")
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
                if append.type == "evidence":
                    evidence_id += 1
                    item = item.model_copy(update={"id": evidence_id, "created_at": now})
                    db.add(_evidence_row(session_id, item, seq, job_id, append.member, now))
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
        if self._postgres:
            await notify_in(db, _key(session_id))
        return stored


def _evidence_row(
    session_id: int, item: EvidenceItem, seq: int, job_id: int | None, member: str, now: datetime
) -> SessionEvidenceRow:
    assert item.id is not None
    return SessionEvidenceRow(
        session_id=session_id,
        id=item.id,
        job_id=job_id,
        member=member,
        round=item.round,
        seq=seq,
        score=item.score,
        description=item.description,
        source=item.source,
        valid=item.valid,
        invalidate_reason=item.invalidate_reason,
        evaluator=item.evaluator,
        kind=item.kind,
        status=item.status,
        original_id=item.original_id,
        details=item.details,
        created_at=now,
        updated_at=now,
    )
