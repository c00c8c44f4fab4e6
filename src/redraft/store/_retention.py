"""Deleting old runs: ``redraft runs prune`` and ``REDRAFT_LOG_RETENTION_DAYS``.

A run goes with everything that hangs off it: its events, drafts, evidence
and calls (their foreign keys cascade, in the same statement), and the
judges' record's audits made in it (``judge_comparisons.run_id``, which has
no foreign key). Evals keep their outcomes: an outcome names its row's run
but does not need it, as when the log was off.

A live run is never deleted, however old: one still ``running`` goes only
once its lease has run out (its process is gone, see :mod:`._run_leases`),
and one running without a lease (stored through :meth:`Store.record` by a
program, or by a version before leases) stays until something ends it. The
condition is checked again on each row as it is deleted, so a lease renewed
meanwhile keeps its run.

On SQLite, deleted rows would linger in the file's free space and in the
write-ahead log: every connection overwrites what it frees (``secure_delete``,
see :mod:`._engine`), and the log is checkpointed and truncated after a prune.
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable, Collection
from datetime import UTC, datetime, timedelta
from typing import TYPE_CHECKING

from sqlalchemy import ColumnElement, and_, delete, func, or_, select, text
from sqlalchemy.exc import DBAPIError
from sqlalchemy.ext.asyncio import AsyncEngine, AsyncSession, async_sessionmaker

from redraft.store._judge_record import JudgeComparisonRow
from redraft.store._leasing import first_runs
from redraft.store._models import RunRow

if TYPE_CHECKING:
    from redraft.store._store import RunSource, Store

__all__ = ["LOCAL_SOURCES", "RunRetention", "apply_retention", "cutoff"]

LOCAL_SOURCES: tuple[RunSource, ...] = ("cli", "library", "middleware")
"""The local log's runs: what ``REDRAFT_LOG_RETENTION_DAYS`` prunes (the
service's runs are its operator's, pruned with ``redraft runs prune``)."""
# Runs deleted per transaction: each takes its events, drafts and calls with
# it, and a long transaction would hold SQLite's one write lock meanwhile.
_PRUNE_AT_ONCE = 200


def cutoff(days: int, now: datetime | None = None) -> datetime:
    """The moment ``days`` days before ``now``: runs created before it are older."""
    return (now or datetime.now(UTC)) - timedelta(days=days)


def _prunable(
    before: datetime, now: datetime, sources: Collection[RunSource] | None
) -> ColumnElement[bool]:
    conditions = [
        RunRow.created_at < before,
        # A running run whose lease is NULL compares unknown here: kept.
        or_(RunRow.status != "running", RunRow.lease_expires_at < now),
    ]
    if sources is not None:
        conditions.append(RunRow.source.in_(list(sources)))
    return and_(*conditions)


class RunRetention:
    """Counts and deletes runs older than a moment; ``Store.retention``."""

    def __init__(
        self, engine: AsyncEngine, sessions: async_sessionmaker[AsyncSession], *, postgres: bool
    ) -> None:
        self._engine = engine
        self._sessions = sessions
        self._postgres = postgres

    async def count(
        self,
        *,
        before: datetime,
        sources: Collection[RunSource] | None = None,
        now: datetime | None = None,
    ) -> int:
        """How many runs :meth:`prune` would delete now."""
        condition = _prunable(before, now or datetime.now(UTC), sources)
        async with self._sessions() as session:
            found = await session.scalar(select(func.count()).select_from(RunRow).where(condition))
        return int(found or 0)

    async def prune(
        self,
        *,
        before: datetime,
        sources: Collection[RunSource] | None = None,
        now: datetime | None = None,
    ) -> int:
        """Delete the runs created before ``before`` (of ``sources``, or any)
        that are not live at ``now`` (default: the present), with everything
        that hangs off them; how many runs went."""
        condition = _prunable(before, now or datetime.now(UTC), sources)
        removed = 0
        while True:
            batch = await self._prune_some(condition)
            removed += batch
            if batch < _PRUNE_AT_ONCE:
                break
        if removed and not self._postgres:
            await self._truncate_wal()
        return removed

    async def _prune_some(self, condition: ColumnElement[bool]) -> int:
        async with self._sessions.begin() as db:
            picked = first_runs(condition, _PRUNE_AT_ONCE)
            # The condition again on the row itself: on PostgreSQL a run whose
            # lease was renewed since it was picked is re-checked and kept.
            # Its events, drafts, evidence and calls go by ON DELETE CASCADE.
            gone = (
                await db.scalars(
                    delete(RunRow)
                    .where(RunRow.id.in_(picked), condition)
                    .returning(RunRow.id)
                    .execution_options(synchronize_session=False)
                )
            ).all()
            if gone:
                await db.execute(
                    delete(JudgeComparisonRow)
                    .where(JudgeComparisonRow.run_id.in_(list(gone)))
                    .execution_options(synchronize_session=False)
                )
        return len(gone)

    async def _truncate_wal(self) -> None:
        # Best effort: a reader holding an old snapshot keeps the log for now,
        # and SQLite truncates it at a later checkpoint.
        with contextlib.suppress(DBAPIError):
            async with self._engine.connect() as connection:
                await connection.execute(text("PRAGMA wal_checkpoint(TRUNCATE)"))


async def apply_retention(store: Store, days: int | None, warn: Callable[[str], None]) -> int:
    """Prune the local log's runs older than ``days`` (None: keep them all);
    how many went. A failure is said through ``warn`` and costs nothing else."""
    if days is None:
        return 0
    try:
        return await store.retention.prune(before=cutoff(days), sources=LOCAL_SOURCES)
    except Exception as exc:  # the log goes on; only the pruning is lost
        warn(
            f"the local log's old runs could not be pruned (REDRAFT_LOG_RETENTION_DAYS): "
            f"{type(exc).__name__}: {exc}"
        )
        return 0
