"""Renewing leases: the one statement runs and session jobs share; and the
batch of runs one transaction closes or prunes.

A process holds a lease on each run or session job it is working on; while it
works it pushes the expiry forward, and a row whose lease has run out may be
closed or taken over by another process.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime

from sqlalchemy import ColumnElement, ScalarSelect, select, update
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

from redraft.store._models import RunRow, SessionJobRow

__all__ = ["first_runs", "renew_running"]


async def renew_running(
    sessions: async_sessionmaker[AsyncSession],
    row: type[RunRow] | type[SessionJobRow],
    owner: str,
    ids: Sequence[str] | Sequence[int],
    expires_at: datetime,
) -> int:
    """Move the lease expiry of ``owner``'s running rows among ``ids`` to
    ``expires_at``; the number of rows still leased to it."""
    if not ids:
        return 0
    async with sessions.begin() as db:
        result = await db.execute(
            update(row)
            .where(row.owner == owner, row.status == "running", row.id.in_(list(ids)))
            .values(lease_expires_at=expires_at)
            .returning(row.id)
            .execution_options(synchronize_session=False)
        )
        return len(result.all())


def first_runs(condition: ColumnElement[bool], limit: int) -> ScalarSelect[str]:
    """The ids of the first ``limit`` runs (by id) that meet ``condition``, as a subquery."""
    return select(RunRow.id).where(condition).order_by(RunRow.id).limit(limit).scalar_subquery()
