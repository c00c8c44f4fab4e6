"""Runs started by the service: recorded first, announced second.

A run executes in its own task, so a client that disconnects does not cancel
it: the run finishes and is stored, and ``GET /v1/runs/{id}`` shows it. Each
event is written to the store before the requester (or any SSE follower)
sees it.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import AsyncIterator
from dataclasses import dataclass, field

from redraft._events import RunCompleted, RunEvent, RunFailed
from redraft._loop import new_run_id, stream_run
from redraft._types import Policy, RunRequest
from redraft.evaluators import Evaluator
from redraft.providers import Provider
from redraft.store import Store

__all__ = ["RunExecutor", "RunHandle", "StoreUnavailableError"]

log = logging.getLogger("redraft.server")


class StoreUnavailableError(RuntimeError):
    """The store could not record an event, so it may not be announced."""


@dataclass
class RunHandle:
    run_id: str
    # None marks the end; an exception means the store failed.
    _queue: asyncio.Queue[RunEvent | Exception | None] = field(default_factory=asyncio.Queue)
    task: asyncio.Task[None] | None = None

    async def started(self) -> RunEvent:
        """Wait until the run's first event is stored: from then on its id
        resolves on every route, so it is safe to hand to the client."""
        async for event in self.events():
            return event
        raise StoreUnavailableError("the run ended before it started")

    async def events(self) -> AsyncIterator[RunEvent]:
        """The run's events as they are recorded; ends after the terminal event."""
        while True:
            item = await self._queue.get()
            if item is None:
                return
            if isinstance(item, Exception):
                raise StoreUnavailableError(f"the store failed: {item}") from item
            yield item


class RunExecutor:
    def __init__(self, store: Store) -> None:
        self._store = store
        self._tasks: set[asyncio.Task[None]] = set()

    def start(
        self,
        *,
        tenant: str,
        request: RunRequest,
        generator: Provider,
        evaluator: Evaluator,
        policy: Policy,
        escalation: Provider | None = None,
    ) -> RunHandle:
        handle = RunHandle(run_id=new_run_id())
        task = asyncio.create_task(
            self._drive(handle, tenant, request, generator, evaluator, policy, escalation),
            name=f"redraft-run-{handle.run_id}",
        )
        handle.task = task
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)
        return handle

    async def _drive(
        self,
        handle: RunHandle,
        tenant: str,
        request: RunRequest,
        generator: Provider,
        evaluator: Evaluator,
        policy: Policy,
        escalation: Provider | None,
    ) -> None:
        try:
            async for event in stream_run(
                request,
                generator=generator,
                evaluator=evaluator,
                policy=policy,
                run_id=handle.run_id,
                escalation=escalation,
            ):
                await self._store.record(event, tenant=tenant)
                handle._queue.put_nowait(event)
                if isinstance(event, RunCompleted | RunFailed):
                    break
        except Exception as exc:
            log.exception("run %s could not be recorded", handle.run_id)
            handle._queue.put_nowait(exc)
        finally:
            handle._queue.put_nowait(None)

    async def aclose(self) -> None:
        """Let runs in flight finish on shutdown; cancel them if it takes too long."""
        if not self._tasks:
            return
        _done, pending = await asyncio.wait(self._tasks, timeout=10)
        for task in pending:
            task.cancel()
        for task in pending:
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await task
