"""Runs started by the service: recorded first, announced second.

A run executes in its own task, so a client that disconnects does not cancel
it: the run finishes and is stored, and ``GET /v1/runs/{id}`` shows it. Each
event is written to the store before the requester (or any SSE follower)
sees it.

Runs are leased to this process (see :mod:`redraft.store._run_leases`): one
heartbeat task renews the leases of the runs in flight and closes, as
``interrupted``, the runs of processes that stopped renewing theirs. A run is
capped at ``max_events`` stored events; one about to exceed it is stopped and
ends with ``run_failed`` of type ``limit_exceeded``.
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import logging
import os
import secrets
import socket
from collections.abc import AsyncGenerator, AsyncIterator, Callable
from dataclasses import dataclass, field
from datetime import UTC, datetime

from redraft.app._run import stream_run
from redraft.core._events import RunCompleted, RunEvent, RunFailed
from redraft.core._loop import new_run_id
from redraft.core._types import Policy, RunRequest
from redraft.evaluators import Evaluator
from redraft.observability._logging import bind_log_context
from redraft.providers import Provider
from redraft.providers._mcp import McpUnavailableError, ToolSource
from redraft.server._group_commit import GroupWriter
from redraft.store import Store, StoreUnavailableError
from redraft.store._run_leases import Lease, RunLeaseLostError
from redraft.store._run_replay import RunReplay

__all__ = ["LIMIT_EXCEEDED", "RunExecutor", "RunHandle"]

log = logging.getLogger("redraft.server")

LIMIT_EXCEEDED = "limit_exceeded"
"""``error_type`` of a run stopped at the cap on stored events."""


@dataclass
class RunHandle:
    run_id: str
    # None marks the end; an exception, what stopped the run being recorded.
    _queue: asyncio.Queue[RunEvent | Exception | None] = field(default_factory=asyncio.Queue)
    task: asyncio.Task[None] | None = None

    async def started(self) -> RunEvent:
        """Wait until the run's first event is stored: from then on its id
        resolves on every route, so it is safe to hand to the client."""
        async for event in self.events():
            return event
        raise RuntimeError(f"run {self.run_id} ended before it started")

    async def events(self) -> AsyncIterator[RunEvent]:
        """The run's events as they are recorded; ends after the terminal
        event. Raises what stopped the run being recorded: the store's
        :class:`StoreUnavailableError`, :class:`McpUnavailableError` (the run
        could not start: nothing was stored), or a bug's own exception."""
        while True:
            item = await self._queue.get()
            if item is None:
                return
            if isinstance(item, Exception):
                raise item
            yield item


# The run's events, given the tools its drafts may call.
_Run = Callable[..., AsyncGenerator[RunEvent, None]]


class RunExecutor:
    def __init__(self, store: Store, *, lease_s: float = 30.0, max_events: int = 20_000) -> None:
        self._store = store
        self.owner = f"{socket.gethostname()}:{os.getpid()}:{secrets.token_hex(4)}"
        self.lease = Lease(self.owner, lease_s)
        self.max_events = max_events
        self._writer = GroupWriter(store, lease=self.lease)
        self._tasks: set[asyncio.Task[None]] = set()
        self._leased: set[str] = set()
        """Runs in flight here whose first event is stored: the leases to renew."""
        self._heartbeat: asyncio.Task[None] | None = None
        self.observers: list[Callable[[RunEvent], None]] = []
        """Called with each event once it is stored (metrics); must not raise."""

    async def open(self) -> None:
        """Close the runs that stopped servers left open, then keep leases fresh."""
        # SQLite takes one server process per database (docs/service.md), so
        # at start every run still running there belongs to a process that is
        # gone, whatever its lease says.
        sqlite = self._store.engine.dialect.name == "sqlite"
        await self._close_abandoned(all_foreign=sqlite)
        if self._heartbeat is None:
            self._heartbeat = asyncio.create_task(self._beat(), name="redraft-run-leases")

    async def _beat(self) -> None:
        while True:
            await asyncio.sleep(self.lease.seconds / 3)
            try:
                # Renewed first, and our runs in flight spared: a beat that
                # stalls past the lease (a loaded machine) never closes a run of ours.
                await self._store.run_leases.renew(
                    self.owner, list(self._leased), self.lease.seconds
                )
                await self._close_abandoned(all_foreign=False, spare=list(self._leased))
            except Exception:  # the database may be back on the next beat
                log.exception("run lease heartbeat failed")

    async def _close_abandoned(self, *, all_foreign: bool, spare: list[str] | None = None) -> None:
        closed = await self._store.close_abandoned_runs(
            owner=self.owner, now=datetime.now(UTC), all_foreign=all_foreign, spare=spare or ()
        )
        for run_id in closed:
            log.warning("closed run %s as interrupted: the server running it stopped", run_id)

    def start(
        self,
        *,
        tenant: str,
        request: RunRequest,
        generator: Provider,
        evaluator: Evaluator | None,
        policy: Policy,
        escalation: Provider | None = None,
        judge: Provider | None = None,
        stream_drafts: bool = True,
        tools: ToolSource | None = None,
    ) -> RunHandle:
        handle = RunHandle(run_id=new_run_id())
        # The service records its runs itself: the run sinks stay out.
        run = functools.partial(
            stream_run,
            request,
            generator=generator,
            evaluator=evaluator,
            policy=policy,
            judge=judge,
            run_id=handle.run_id,
            escalation=escalation,
            stream_drafts=stream_drafts,
            sinks=False,
        )
        # Follows the run, to end it with what it has done if it hits the cap.
        replay = RunReplay(handle.run_id, request, policy)
        task = asyncio.create_task(
            self._drive(handle, tenant, run, tools, replay), name=f"redraft-run-{handle.run_id}"
        )
        handle.task = task
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)
        return handle

    async def _drive(
        self, handle: RunHandle, tenant: str, run: _Run, tools: ToolSource | None, replay: RunReplay
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
            self._produce(pending, run, tools, replay, handle),
            name=f"redraft-run-loop-{handle.run_id}",
        )
        announced = 0
        try:
            finished = False
            while not finished:
                batch, error, finished = await _next_batch(pending)
                await self._writer.write(batch, tenant=tenant)
                if batch:
                    self._leased.add(handle.run_id)
                for event in batch:
                    self._announce(handle, event)
                    announced = event.seq
                if error is not None:
                    raise error
        except RunLeaseLostError:
            # This process stalled past its lease and another one closed the
            # run as interrupted: that stored ending is the run's ending here too.
            log.warning(
                "run %s was closed as interrupted while this process stalled", handle.run_id
            )
            try:
                for event in (
                    await self._store.events(handle.run_id, tenant=tenant, after_seq=announced)
                    or []
                ):
                    self._announce(handle, event)
            except Exception as exc:
                handle._queue.put_nowait(exc)
        except McpUnavailableError as exc:
            log.warning("run %s could not start: %s", handle.run_id, exc)
            handle._queue.put_nowait(exc)
        except StoreUnavailableError as exc:
            # Whoever waits on the run logs the whole failure with its request;
            # this line is for a run nobody waits on any more.
            log.warning("run %s could not be recorded: %s (%s)", handle.run_id, exc, exc.detail)
            handle._queue.put_nowait(exc)
        except Exception as exc:
            log.exception("run %s could not be recorded", handle.run_id)
            handle._queue.put_nowait(exc)
        finally:
            self._leased.discard(handle.run_id)
            if not producer.done():
                producer.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await producer
            handle._queue.put_nowait(None)

    def _announce(self, handle: RunHandle, event: RunEvent) -> None:
        for observe in self.observers:
            observe(event)
        handle._queue.put_nowait(event)

    async def _produce(
        self,
        pending: asyncio.Queue[RunEvent | Exception | None],
        run: _Run,
        tools: ToolSource | None,
        replay: RunReplay,
        handle: RunHandle,
    ) -> None:
        bind_log_context(run_id=handle.run_id)
        try:
            async with contextlib.AsyncExitStack() as stack:
                # The tools open in the task that runs the loop.
                toolbox = None if tools is None else await stack.enter_async_context(tools())
                # An async generator (closed below when the cap stops it early).
                await self._pass_on(run(tools=toolbox), pending, replay)
        except Exception as exc:
            pending.put_nowait(exc)
        finally:
            pending.put_nowait(None)

    async def _pass_on(
        self,
        events: AsyncGenerator[RunEvent, None],
        pending: asyncio.Queue[RunEvent | Exception | None],
        replay: RunReplay,
    ) -> None:
        """Queue the run's events for the writer, up to the cap."""
        async with contextlib.aclosing(events):
            async for event in events:
                terminal = isinstance(event, RunCompleted | RunFailed)
                if event.seq >= self.max_events and not terminal:
                    # The cap's last slot goes to the terminal event; closing
                    # the stream stops the loop and its calls in flight.
                    stopped = (
                        f"the run reached the limit of {self.max_events} stored events "
                        "(REDRAFT_MAX_EVENTS_PER_RUN) and was stopped"
                    )
                    pending.put_nowait(replay.failed(error=stopped, error_type=LIMIT_EXCEEDED))
                    break
                replay.add(event)
                pending.put_nowait(event)
                if terminal:
                    break

    async def aclose(self) -> None:
        """Let runs in flight finish on shutdown; cancel them if it takes too long.

        The leases are renewed while runs finish; those cancelled are then
        closed as interrupted at once rather than a lease later."""
        stranded: list[str] = []
        if self._tasks:
            _done, pending = await asyncio.wait(self._tasks, timeout=10)
            stranded = list(self._leased)
            for task in pending:
                task.cancel()
            for task in pending:
                with contextlib.suppress(asyncio.CancelledError, Exception):
                    await task
        if self._heartbeat is not None:
            self._heartbeat.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._heartbeat
            self._heartbeat = None
        await self._writer.aclose()
        if stranded:
            with contextlib.suppress(Exception):
                await self._store.run_leases.release(self.owner, stranded)
                await self._close_abandoned(all_foreign=False)


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
