"""Runs sessions' background work: evaluation rounds and re-evaluations.

Each job is leased in the store to this process (``owner``). A heartbeat
renews the leases of the jobs running here and takes over jobs whose owner
stopped renewing (it died), resuming them: an evaluation round runs only
the members that had not stored their evidence yet. Evidence is stored
before it is streamed, by the store.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import os
import secrets
import socket
from collections.abc import Callable

from pydantic import TypeAdapter

from redraft.core._errors import ConfigurationError
from redraft.core._text import plural
from redraft.core._types import CallKind, Verdict
from redraft.evaluators import EvaluationContext, Evaluator, Subject
from redraft.observability._logging import bind_log_context
from redraft.sessions import (
    REEVALUATOR,
    PanelEnvironment,
    PanelMember,
    Reassessment,
    SessionSubject,
    build_members,
    evaluate_panel,
    item_from_evidence,
    member_name,
    reevaluation_source,
)
from redraft.store import Store
from redraft.store._models import SessionRow
from redraft.store._sessions import Job

__all__ = ["PANEL_ADAPTER", "SessionWorker"]

log = logging.getLogger("redraft.server")
PANEL_ADAPTER: TypeAdapter[list[PanelMember]] = TypeAdapter(list[PanelMember])

EnvironmentFor = Callable[[SessionRow], PanelEnvironment]


class SessionWorker:
    def __init__(self, store: Store, environment_for: EnvironmentFor, *, lease_s: float) -> None:
        self._store = store
        self._environment_for = environment_for
        self.lease_s = lease_s
        self.owner = f"{socket.gethostname()}:{os.getpid()}:{secrets.token_hex(4)}"
        self._tasks: dict[int, asyncio.Task[None]] = {}
        self._heartbeat: asyncio.Task[None] | None = None

    async def start(self) -> None:
        """Take over what a dead process left, then keep leases fresh."""
        await self._sweep()
        self._heartbeat = asyncio.create_task(self._beat(), name="redraft-session-heartbeat")

    async def begin_evaluation(self, session_id: int, *, tenant: str) -> Job:
        row = await self._store.sessions.load(session_id)
        panel = [] if row is None else PANEL_ADAPTER.validate_python(row.panel)
        members = [member_name(m) for m in panel]
        job = await self._store.sessions.begin_evaluation(
            session_id, tenant=tenant, members=members, owner=self.owner, lease_s=self.lease_s
        )
        self._spawn(job)
        return job

    async def update_evidence(
        self, session_id: int, evidence_id: int, *, tenant: str, valid: bool, reason: str | None
    ) -> Job | None:
        job = await self._store.sessions.update_evidence(
            session_id,
            evidence_id,
            tenant=tenant,
            valid=valid,
            reason=reason,
            owner=self.owner,
            lease_s=self.lease_s,
        )
        if job is not None:
            self._spawn(job)
        return job

    async def aclose(self) -> None:
        if self._heartbeat is not None:
            self._heartbeat.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._heartbeat
        tasks = list(self._tasks.values())
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
        # Unfinished jobs go to the next process at once instead of after the lease.
        with contextlib.suppress(Exception):
            await self._store.sessions.release(self.owner)

    # -- internals -----------------------------------------------------------

    def _spawn(self, job: Job) -> None:
        task = asyncio.create_task(self._run(job), name=f"redraft-session-job-{job.id}")
        self._tasks[job.id] = task
        task.add_done_callback(lambda _: self._tasks.pop(job.id, None))

    async def _beat(self) -> None:
        while True:
            await asyncio.sleep(self.lease_s / 3)
            try:
                await self._store.sessions.renew_leases(self.owner, list(self._tasks), self.lease_s)
                await self._sweep()
            except Exception:  # the database may be back on the next beat
                log.exception("session lease heartbeat failed")

    async def _sweep(self) -> None:
        for job in await self._store.sessions.claim_expired(self.owner, self.lease_s):
            log.warning("resuming interrupted session job %s (session %s)", job.id, job.session_id)
            self._spawn(job)

    async def _run(self, job: Job) -> None:
        # Each job runs in its own task, so this binds only the job's own logs.
        bind_log_context(session_id=job.session_id)
        try:
            row = await self._store.sessions.load(job.session_id)
            if row is None:
                return
            subject = SessionSubject.model_validate(row.subject).to_subject()
            environment = self._environment_for(row)
            call_kind: CallKind
            if job.kind == "evaluate":
                members = self._members(row, environment, job)
                call_kind = "judge"
            else:
                members = await self._reassessment(job, environment)
                call_kind = "re_evaluation"
            log.info(
                "session job %s (%s) running %s",
                job.id,
                job.kind,
                plural(len(members), "evaluator"),
            )
            async for outcome in evaluate_panel(subject, members, call_kind=call_kind):
                items = [item_from_evidence(e, member=outcome.member) for e in outcome.evidence]
                if job.kind == "re_evaluate" and job.evidence_id is not None:
                    source = reevaluation_source(job.evidence_id)
                    items = [
                        i.model_copy(update={"original_id": job.evidence_id, "source": source})
                        for i in items
                    ]
                stored = await self._store.sessions.record_outcome(
                    job,
                    member=outcome.member,
                    items=items,
                    calls=outcome.calls,
                    lease_s=self.lease_s,
                )
                if stored is None:
                    log.warning("session job %s was taken over; stopping here", job.id)
                    return
            await self._store.sessions.finish(job, lease_s=self.lease_s)
            log.info("session job %s (%s) finished", job.id, job.kind)
        except asyncio.CancelledError:
            raise
        except Exception:
            # Its lease is no longer renewed, so the sweep retries it after a lease.
            log.exception("session job %s failed", job.id)

    def _members(
        self, row: SessionRow, environment: PanelEnvironment, job: Job
    ) -> dict[str, Evaluator]:
        try:
            built = build_members(PANEL_ADAPTER.validate_python(row.panel), environment)
        except ConfigurationError as exc:
            # Validated at creation; the server's configuration changed since.
            return {name: _Broken(name, str(exc)) for name in job.pending}
        return {name: built[name] for name in job.pending if name in built}

    async def _reassessment(self, job: Job, environment: PanelEnvironment) -> dict[str, Evaluator]:
        assert job.evidence_id is not None
        original = await self._store.sessions.evidence(job.session_id, job.evidence_id)
        if original is None:
            return {}
        provider, unavailable = None, None
        if environment.judge_model is not None:
            try:
                provider = environment.provider(environment.judge_model)
            except ConfigurationError as exc:
                unavailable = f"the judge model {environment.judge_model!r} is unusable: {exc}"
        return {
            REEVALUATOR: Reassessment(
                provider, original, original.invalidate_reason, unavailable=unavailable
            )
        }


class _Broken(Evaluator):
    """Stands in for a member that can no longer be built: its evidence says why."""

    def __init__(self, name: str, reason: str) -> None:
        self.name = name
        self.reason = reason

    async def evaluate(self, subject: Subject, context: EvaluationContext) -> Verdict:
        raise ConfigurationError(self.reason)
