"""Background work on sessions: leased jobs, and the log entries they write.

A job (an evaluation round, a re-evaluation) is leased to one process. The
owner renews its leases; a job whose lease ran out belongs to a process that
died, and :meth:`SessionJobs.claim_expired` hands it to a live one, recording
the interruption in the log first. Every write checks the lease it holds
(fencing), so a process that stalled past its lease writes nothing more.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from typing import Any

from sqlalchemy import func, select, update
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

from redraft.core._types import CallRecord
from redraft.evaluators import Comparison
from redraft.sessions import REEVALUATOR
from redraft.sessions._types import EvidenceItem, SessionEventType
from redraft.store._judge_record import comparison_rows, insert_comparisons
from redraft.store._leasing import renew_running
from redraft.store._models import SessionEvidenceRow, SessionJobRow, SessionRow
from redraft.store._notify import Notifier
from redraft.store._session_log import Append, append_to_log, session_key

__all__ = [
    "EvaluationInProgressError",
    "EvidenceNotFoundError",
    "Job",
    "SessionJobs",
    "SessionNotFoundError",
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


def _now() -> datetime:
    return datetime.now(UTC)


def _marker(kind: SessionEventType, description: str, round_: int, /, **details: Any) -> Append:
    """A stream marker: an evaluation round starting (again) or ending."""
    item = EvidenceItem(event_type=kind, description=description, round=round_, details=details)
    return Append(kind, {}, item)


class SessionJobs:
    def __init__(
        self, sessions: async_sessionmaker[AsyncSession], notifier: Notifier, *, postgres: bool
    ) -> None:
        self._sessions = sessions
        self._notifier = notifier
        self._postgres = postgres

    # -- evaluation jobs -----------------------------------------------------

    async def begin_evaluation(
        self, session_id: int, *, tenant: str, members: list[str], owner: str, lease_s: float
    ) -> Job:
        """Start an evaluation round. Raises :class:`SessionNotFoundError` or
        :class:`EvaluationInProgressError`."""
        async with self._sessions.begin() as db:
            rounds = await self._touch(db, session_id, tenant, _now())
            running = await db.scalar(
                select(SessionJobRow.id).where(
                    SessionJobRow.session_id == session_id,
                    SessionJobRow.kind == "evaluate",
                    SessionJobRow.status == "running",
                )
            )
            if running is not None:
                raise EvaluationInProgressError(session_id)
            job = await self._start_job(
                db, session_id, "evaluate", rounds + 1, members, None, owner, lease_s
            )
            start = _marker(
                "evaluation_started",
                "Evaluation started",
                rounds + 1,
                members=members,
                job_id=job.id,
            )
            await self._log(db, session_id, [start], rounds=rounds + 1, status="evaluating")
        self._notifier.publish(session_key(session_id))
        return job

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
                Append("call", {"member": member, **call.model_dump(mode="json")}, member=member)
                for call in calls
            ]
            appends += [
                Append(
                    "evidence_recorded", {}, item.model_copy(update={"round": job.round}), member
                )
                for item in items
            ]
            stored = await self._log(db, job.session_id, appends, job_id=job.id)
        self._notifier.publish(session_key(job.session_id))
        return stored

    async def finish(self, job: Job, *, lease_s: float) -> bool:
        """Close ``job``; an evaluation round ends with ``evaluation_completed``."""
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
                done = _marker(
                    "evaluation_completed",
                    "Initial evaluation completed"
                    if job.round == 1
                    else f"Evaluation round {job.round} completed",
                    job.round,
                    evidence_count=count,
                    members=job.members,
                    job_id=job.id,
                )
                await self._log(db, job.session_id, [done], status="completed")
        self._notifier.publish(session_key(job.session_id))
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
            await self._touch(db, session_id, tenant, now)
            row = await db.get(SessionEvidenceRow, (session_id, evidence_id))
            if row is None:
                raise EvidenceNotFoundError(evidence_id)
            newly_invalid = row.valid and not valid
            row.valid = valid
            row.invalidate_reason = None if valid else reason
            row.updated_at = now
            change = {"evidence_id": evidence_id, "valid": valid, "invalidate_reason": reason}
            await self._log(db, session_id, [Append("evidence_update", change)])
            if not newly_invalid:
                return None
            overturned = overturned_finding(row)
            if overturned is not None:
                rows = comparison_rows([overturned], tenant=tenant, run_id=None, at=now)
                await insert_comparisons(db, rows)
            return await self._start_job(
                db, session_id, "re_evaluate", row.round, [REEVALUATOR], evidence_id, owner, lease_s
            )

    async def renew_leases(self, owner: str, job_ids: Sequence[int], lease_s: float) -> int:
        """Extend the leases of the jobs ``owner`` is running now; the number renewed."""
        expiry = _now() + timedelta(seconds=lease_s)
        return await renew_running(self._sessions, SessionJobRow, owner, job_ids, expiry)

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
                    await db.scalars(
                        select(SessionEvidenceRow.member).where(
                            SessionEvidenceRow.session_id == row.session_id,
                            SessionEvidenceRow.job_id == row.id,
                        )
                    )
                )
                pending = [m for m in row.members if m not in finished]
                interruption = {"job_id": row.id, "kind": row.kind, "pending": pending}
                appends = [Append("interrupted", interruption)]
                if row.kind == "evaluate":
                    names = ", ".join(pending) or "nothing"
                    resumed = f"Evaluation resumed after an interruption ({names} to go)"
                    appends.append(
                        _marker(
                            "evaluation_started", resumed, row.round, resumed=True, **interruption
                        )
                    )
                await self._log(db, row.session_id, appends, interrupted=True)
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
            self._notifier.publish(session_key(job.session_id))
        return claimed

    # -- internals -----------------------------------------------------------

    async def _log(
        self, db: AsyncSession, session_id: int, appends: Sequence[Append], **how: Any
    ) -> list[EvidenceItem]:
        return await append_to_log(db, self._postgres, session_id, appends, **how)

    async def _touch(self, db: AsyncSession, session_id: int, tenant: str, now: datetime) -> int:
        """Mark ``tenant``'s session updated; its rounds. Raises :class:`SessionNotFoundError`."""
        # The UPDATE comes first so that two writers queue here, not race past later checks.
        rounds: int | None = await db.scalar(
            update(SessionRow)
            .where(SessionRow.id == session_id, SessionRow.tenant == tenant)
            .values(updated_at=now)
            .returning(SessionRow.rounds)
        )
        if rounds is None:
            raise SessionNotFoundError(session_id)
        return rounds

    async def _start_job(
        self,
        db: AsyncSession,
        session_id: int,
        kind: str,
        round_: int,
        members: list[str],
        evidence_id: int | None,
        owner: str,
        lease_s: float,
    ) -> Job:
        now = _now()
        row = SessionJobRow(
            session_id=session_id,
            kind=kind,
            round=round_,
            members=members,
            evidence_id=evidence_id,
            status="running",
            owner=owner,
            lease_expires_at=now + timedelta(seconds=lease_s),
            created_at=now,
            updated_at=now,
        )
        db.add(row)
        await db.flush()
        return Job(row.id, session_id, kind, round_, members, evidence_id, owner, members)

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


def overturned_finding(row: SessionEvidenceRow) -> Comparison | None:
    """A judge's finding a person marked invalid, as a comparison for the
    judges' record: a finding worth points (positive: the judge saw the
    quality it names; negative: it saw the problem) that was wrong."""
    if row.kind != "judge" or row.status != "ok" or not row.source.startswith("judge:"):
        return None
    said = row.score >= 0
    return Comparison(
        judge=row.source.removeprefix("judge:"),
        preset="findings",
        requirement=row.description,
        truth=not said,
        said=said,
        source="human",
    )
