"""Runs leased to the server process running them; closing the runs of dead ones.

The same scheme as session jobs (:mod:`._session_jobs`): a process that
starts a run takes a lease on it (``owner``, ``lease_expires_at``) and renews
the leases of its runs in flight. A run still ``running`` whose lease ran out
belongs to a process that died (or stalled past its lease): any live process
closes it with a terminal ``run_failed`` event of type ``interrupted``, whose
result is rebuilt from the run's stored events (:class:`._run_replay.RunReplay`).

Fencing: closing claims the run with a conditional UPDATE on its status and
lease, so of two processes closing at once only one appends the terminal
event; and every write of a leased run first renews the lease it holds under
the same condition (:func:`hold`), so a stalled owner that comes back after
its run was closed writes nothing more.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta

from sqlalchemy import and_, or_, select, update
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

from redraft.core._events import EVENT_ADAPTER, RunCompleted, RunFailed
from redraft.core._types import Policy, RunRequest
from redraft.store._leasing import first_runs, renew_running
from redraft.store._models import EventRow, RunRow
from redraft.store._notify import Notifier, notify_in
from redraft.store._record import (
    RunLeaseLostError,
    append_events,
    storable,
    update_tables,
)
from redraft.store._run_replay import RunReplay

__all__ = [
    "INTERRUPTED",
    "INTERRUPTED_MESSAGE",
    "Lease",
    "RunLeaseLostError",
    "RunLeases",
    "run_key",
]

INTERRUPTED = "interrupted"
"""``error_type`` of the terminal event of a run whose server stopped."""
INTERRUPTED_MESSAGE = (
    "the process running this run stopped before it finished (interrupted); "
    "resubmit result.continue_context as the messages, with continuation, to carry on"
)
# Runs closed per transaction: bounds the transaction (each close reads the
# run's whole event log) when a busy server died with many runs in flight.
_CLOSE_AT_ONCE = 50


@dataclass(frozen=True)
class Lease:
    """Who writes a run (one token per server process), and for how long a
    write or renewal keeps it theirs."""

    owner: str
    seconds: float

    def expiry(self) -> datetime:
        return datetime.now(UTC) + timedelta(seconds=self.seconds)


def run_key(run_id: str) -> str:
    """The notification key of a run's event log."""
    return f"run:{run_id}"


class RunLeases:
    def __init__(
        self, sessions: async_sessionmaker[AsyncSession], notifier: Notifier, *, postgres: bool
    ) -> None:
        self._sessions = sessions
        self._notifier = notifier
        self._postgres = postgres

    async def renew(self, owner: str, run_ids: Sequence[str], seconds: float) -> int:
        """Extend the leases of the runs ``owner`` has in flight; the number renewed."""
        expiry = Lease(owner, seconds).expiry()
        return await renew_running(self._sessions, RunRow, owner, run_ids, expiry)

    async def release(self, owner: str, run_ids: Sequence[str]) -> None:
        """Let these runs of ``owner`` be closed at once (a clean shutdown that
        had to cancel them) instead of after their lease."""
        if not run_ids:
            return
        async with self._sessions.begin() as db:
            await db.execute(
                update(RunRow)
                .where(
                    RunRow.owner == owner,
                    RunRow.status == "running",
                    RunRow.id.in_(list(run_ids)),
                )
                .values(lease_expires_at=datetime.now(UTC) - timedelta(seconds=1))
                .execution_options(synchronize_session=False)
            )

    async def close_abandoned(
        self, *, owner: str, now: datetime, all_foreign: bool, spare: Collection[str] = ()
    ) -> list[str]:
        """Close every running run whose lease expired before ``now`` and, with
        ``all_foreign``, every running run of another server and every one
        without a lease (SQLite at server start: one server process per
        database, so any other server is dead; a ``redraft`` command's run
        keeps its lease until it runs out). ``spare`` names runs never closed:
        the caller's own in flight, whose lease a stalled heartbeat may have let
        lapse while the process still runs them. Returns the ids closed, each
        with one terminal event."""
        closed: list[str] = []
        while True:
            batch = await self._close_some(owner, now, all_foreign, spare)
            closed += batch
            if len(batch) < _CLOSE_AT_ONCE:
                return closed

    async def _close_some(
        self, owner: str, now: datetime, all_foreign: bool, spare: Collection[str]
    ) -> list[str]:
        expired = [RunRow.lease_expires_at < now]
        if all_foreign:
            # Another server on this database is gone; a `redraft` command
            # still recording its run renews a lease of its own, and keeps it.
            foreign_server = and_(RunRow.source == "service", RunRow.owner != owner)
            expired += [RunRow.owner.is_(None), foreign_server]
        abandoned = and_(RunRow.status == "running", or_(*expired))
        if spare:
            abandoned = and_(abandoned, RunRow.id.not_in(list(spare)))
        closed: list[str] = []
        async with self._sessions.begin() as db:
            picked = first_runs(abandoned, _CLOSE_AT_ONCE)
            # The claim: the condition is checked again on the row itself, so
            # of two processes closing at once, the second finds it failed.
            claimed = (
                await db.execute(
                    update(RunRow)
                    .where(RunRow.id.in_(picked), abandoned)
                    .values(status="failed")
                    .returning(RunRow.id, RunRow.request, RunRow.policy)
                    .execution_options(synchronize_session=False)
                )
            ).all()
            for run_id, request, policy in sorted(claimed):
                await self._close(db, run_id, RunRequest.model_validate(request), policy)
                closed.append(run_id)
        for run_id in closed:
            self._notifier.publish(run_key(run_id))
        return closed

    async def _close(
        self, db: AsyncSession, run_id: str, request: RunRequest, policy: object
    ) -> None:
        replay = RunReplay(run_id, request, Policy.model_validate(policy))
        payloads = await db.scalars(
            select(EventRow.payload).where(EventRow.run_id == run_id).order_by(EventRow.seq)
        )
        last = None
        for payload in payloads:
            last = EVENT_ADAPTER.validate_python(payload)
            replay.add(last)
        if isinstance(last, RunCompleted | RunFailed):
            # Cannot happen (a terminal event and the status it sets share a
            # transaction), but if it did, the run's own ending stands.
            stored = storable(last)
            await db.run_sync(
                lambda s: update_tables(s.connection(), [stored], postgres=self._postgres)
            )
            return
        ending = storable(replay.failed(error=INTERRUPTED_MESSAGE, error_type=INTERRUPTED))
        await db.run_sync(
            lambda s: append_events(s.connection(), [ending], postgres=self._postgres)
        )
        if self._postgres:
            await notify_in(db, run_key(run_id))
