"""One writer for every run in flight: group commit across runs.

Each run's events must be stored before they are announced, and a durable
commit costs a disk flush. With one commit per run batch, concurrent runs
queue for the store one flush at a time; here a single task takes every batch
that is waiting, commits them in one transaction and wakes each writer. If
that shared transaction fails, each batch is retried on its own, so one run's
bad batch never fails another run.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import Sequence
from dataclasses import dataclass, field

from redraft.core._events import RunEvent
from redraft.store import Store
from redraft.store._run_leases import Lease

__all__ = ["GroupWriter"]


@dataclass
class _Batch:
    events: Sequence[RunEvent]
    tenant: str
    done: asyncio.Future[None] = field(
        default_factory=lambda: asyncio.get_running_loop().create_future()
    )


class GroupWriter:
    """Commits run events for many runs at once; :meth:`write` returns once
    the caller's events are stored (or raises what storing them raised)."""

    def __init__(self, store: Store, *, lease: Lease | None = None) -> None:
        self._store = store
        self._lease = lease
        """Every run written here is leased to this (the executor's process)."""
        self._waiting: asyncio.Queue[_Batch] = asyncio.Queue()
        self._task: asyncio.Task[None] | None = None

    async def write(self, events: Sequence[RunEvent], *, tenant: str) -> None:
        if not events:
            return
        if self._task is None or self._task.done():
            self._task = asyncio.create_task(self._commit_forever(), name="redraft-group-commit")
        batch = _Batch(events, tenant)
        self._waiting.put_nowait(batch)
        await batch.done

    async def _commit_forever(self) -> None:
        while True:
            group = [await self._waiting.get()]
            while not self._waiting.empty():
                group.append(self._waiting.get_nowait())
            await self._commit(group)

    async def _commit(self, group: list[_Batch]) -> None:
        shared_error = await self._record(group)
        if shared_error is None or len(group) == 1:
            for batch in group:
                _settle(batch, shared_error)
            return
        for batch in group:
            _settle(batch, await self._record([batch]))

    async def _record(self, group: list[_Batch]) -> Exception | None:
        """Store ``group`` in one transaction; what that raised, if anything."""
        try:
            await self._store.record_groups(
                [(b.events, b.tenant) for b in group], lease=self._lease, source="service"
            )
        except Exception as error:
            return error
        return None

    async def aclose(self) -> None:
        """Stop the writer once nothing is waiting (call after the runs ended)."""
        if self._task is None:
            return
        self._task.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await self._task
        self._task = None


def _settle(batch: _Batch, error: Exception | None) -> None:
    if batch.done.done():
        return
    if error is None:
        batch.done.set_result(None)
    else:
        batch.done.set_exception(error)
