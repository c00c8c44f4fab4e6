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
from collections.abc import AsyncIterator, Callable
from dataclasses import dataclass, field

from redraft._events import RunCompleted, RunEvent, RunFailed
from redraft._logging import bind_log_context
from redraft._loop import new_run_id, stream_run
from redraft._types import Policy, RunRequest
from redraft.evaluators import Evaluator
from redraft.providers import Provider
from redraft.server._group_commit import GroupWriter
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
        self._writer = GroupWriter(store)
        self._tasks: set[asyncio.Task[None]] = set()
        self.observers: list[Callable[[RunEvent], None]] = []
        """Called with each event once it is stored (metrics); must not raise."""

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
        bind_log_context(run_id=handle.run_id)  # this task's own context
        # The loop runs ahead in its own task while events are written: each
        # commit stores every event that queued up during the previous one,
        # and the writer commits the batches of every run in flight together
        # (group commit), so a streamed draft costs a few disk flushes, not
        # one per chunk, and concurrent runs share them. Nothing is announced
        # before its commit.
        pending: asyncio.Queue[RunEvent | Exception | None] = asyncio.Queue()
        producer = asyncio.create_task(
            self._produce(pending, request, generator, evaluator, policy, handle, escalation),
            name=f"redraft-run-loop-{handle.run_id}",
        )
        try:
            finished = False
            while not finished:
                batch, error, finished = await _next_batch(pending)
                await self._writer.write(batch, tenant=tenant)
                for event in batch:
                    for observe in self.observers:
                        observe(event)
                    handle._queue.put_nowait(event)
                if error is not None:
                    raise error
        except Exception as exc:
            log.exception("run %s could not be recorded", handle.run_id)
            handle._queue.put_nowait(exc)
        finally:
            if not producer.done():
                producer.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await producer
            handle._queue.put_nowait(None)

    @staticmethod
    async def _produce(
        pending: asyncio.Queue[RunEvent | Exception | None],
        request: RunRequest,
        generator: Provider,
        evaluator: Evaluator,
        policy: Policy,
        handle: RunHandle,
        escalation: Provider | None,
    ) -> None:
        bind_log_context(run_id=handle.run_id)
        try:
            async for event in stream_run(
                request,
                generator=generator,
                evaluator=evaluator,
                policy=policy,
                run_id=handle.run_id,
                escalation=escalation,
            ):
                pending.put_nowait(event)
                if isinstance(event, RunCompleted | RunFailed):
                    break
        except Exception as exc:
            pending.put_nowait(exc)
        finally:
            pending.put_nowait(None)

    async def aclose(self) -> None:
        """Let runs in flight finish on shutdown; cancel them if it takes too long."""
        if self._tasks:
            _done, pending = await asyncio.wait(self._tasks, timeout=10)
            for task in pending:
                task.cancel()
            for task in pending:
                with contextlib.suppress(asyncio.CancelledError, Exception):
                    await task
        await self._writer.aclose()


async def _next_batch(
    pending: asyncio.Queue[RunEvent | Exception | None],
) -> tuple[list[RunEvent], Exception | None, bool]:
    """Wait for one event, then take every one already queued behind it.

    Returns the events, the loop's failure if one came (after the events it
    yielded first, which are still recorded) and whether the run is over.
    """
    batch: list[RunEvent] = []
    item = await pending.get()
    while True:
        if item is None:
            return batch, None, True
        if isinstance(item, Exception):
            return batch, item, True
        batch.append(item)
        if isinstance(item, RunCompleted | RunFailed):
            return batch, None, True
        if pending.empty():
            return batch, None, False
        item = pending.get_nowait()
