"""Wake-ups for followers of a run or a session, within and across processes.

Followers never trust a notification's content: a wake-up only means "read
the log again from your last ``seq``", so a lost, doubled or early one costs
a read and never an event. Within a process the writer wakes followers after
its commit. With PostgreSQL the writer also sends ``pg_notify`` inside its
transaction (delivered at commit), and every process keeps one ``LISTEN``
connection that turns other processes' writes into the same wake-ups.
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import logging
from collections.abc import Awaitable, Callable, Hashable, Iterator
from typing import Any, TypeVar, cast

from sqlalchemy import Connection, text
from sqlalchemy.ext.asyncio import AsyncSession

__all__ = ["CHANNEL", "Notifier", "notify", "notify_in"]

CHANNEL = "redraft_events"
T = TypeVar("T")
log = logging.getLogger("redraft.store")

Connect = Callable[[], Awaitable[Any]]
"""Opens an asyncpg connection for listening."""


class Notifier:
    """Wakes the followers of a key (a run's or a session's log) when it may
    have news, and lets the followers that woke for the same news share one
    read of it (:meth:`shared`): a hundred streams on one session cost one
    query per commit, not a hundred."""

    def __init__(self) -> None:
        self._waiters: dict[str, set[asyncio.Event]] = {}
        self._listener: asyncio.Task[None] | None = None
        self.closed = False
        self.generation = 0
        """Counts the news published: a read begun at generation ``g`` sees
        every commit published up to ``g`` (they were committed before)."""
        self._reads: dict[Hashable, tuple[int, asyncio.Future[Any]]] = {}

    @contextlib.contextmanager
    def watch(self, key: str) -> Iterator[asyncio.Event]:
        """An event set whenever ``key`` may have news (and when the store closes)."""
        wake = asyncio.Event()
        if self.closed:
            wake.set()
        waiters = self._waiters.setdefault(key, set())
        waiters.add(wake)
        try:
            yield wake
        finally:
            waiters.discard(wake)
            if not waiters:
                self._waiters.pop(key, None)

    def publish(self, key: str) -> None:
        self.generation += 1
        for wake in self._waiters.get(key, ()):
            wake.set()

    async def shared(self, name: Hashable, since: int, read: Callable[[], Awaitable[T]]) -> T:
        """``read()``, or the result of the same read (by ``name``) already in
        flight when that one began at generation ``since`` or later, so it
        sees everything a caller who noted ``since`` must see."""
        flight = self._reads.get(name)
        if flight is None or flight[0] < since:
            future = asyncio.ensure_future(read())
            flight = (self.generation, future)
            self._reads[name] = flight
            future.add_done_callback(functools.partial(self._landed, name, flight))
        # One follower going away must not cancel the read for the others.
        return cast("T", await asyncio.shield(flight[1]))

    def _landed(self, name: Hashable, flight: tuple[int, asyncio.Future[Any]], _: object) -> None:
        if self._reads.get(name) is flight:
            del self._reads[name]
        if not flight[1].cancelled():
            flight[1].exception()  # retrieved here too, when every reader went away

    def wake_all(self) -> None:
        self.generation += 1
        for waiters in self._waiters.values():
            for wake in waiters:
                wake.set()

    async def listen(self, connect: Connect) -> None:
        """Start listening on PostgreSQL; returns once the first connection is up."""
        first = await connect()
        self._listener = asyncio.create_task(self._supervise(connect, first), name="redraft-listen")

    async def _supervise(self, connect: Connect, connection: Any) -> None:
        delay = 0.5
        while not self.closed:
            lost = asyncio.Event()

            def on_notify(_conn: Any, _pid: int, _channel: str, payload: str) -> None:
                self.publish(payload)

            def on_terminate(_conn: Any, lost: asyncio.Event = lost) -> None:
                lost.set()

            try:
                if connection is None:
                    connection = await connect()
                connection.add_termination_listener(on_terminate)
                await connection.add_listener(CHANNEL, on_notify)
                delay = 0.5
                # Whatever was written while we were not listening: read again.
                self.wake_all()
                await lost.wait()
                log.warning("lost the PostgreSQL LISTEN connection; reconnecting")
            except asyncio.CancelledError:
                if connection is not None:
                    with contextlib.suppress(Exception):
                        await asyncio.shield(connection.close())
                raise
            except Exception as exc:  # reconnect with backoff rather than give up
                log.warning("PostgreSQL LISTEN failed (%s); retrying in %.1fs", exc, delay)
                await asyncio.sleep(delay)
                delay = min(delay * 2, 10.0)
            connection = None

    async def close(self) -> None:
        self.closed = True
        self.wake_all()
        if self._listener is not None:
            self._listener.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await self._listener


async def notify_in(session: AsyncSession, key: str) -> None:
    """Queue a PostgreSQL notification for ``key``; it is sent when ``session`` commits."""
    await session.execute(_NOTIFY, {"channel": CHANNEL, "key": key})


def notify(connection: Connection, key: str) -> None:
    """:func:`notify_in` on a plain connection (see :mod:`._transactions`)."""
    connection.execute(_NOTIFY, {"channel": CHANNEL, "key": key})


_NOTIFY = text("SELECT pg_notify(:channel, :key)")
