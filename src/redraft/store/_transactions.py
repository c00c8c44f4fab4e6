"""Write transactions written once, as plain functions of a sync connection.

The run log is written on the service's hot path, a few times per request.
Through aiosqlite every statement costs several hops to the driver's thread
and back (measured: about 0.5 ms of CPU for a ``SELECT 1``, against 0.03 ms
on a plain connection). So on a SQLite file a write transaction runs whole
in one hop, on one thread of its own with a plain connection, while reads
stay on the async engine. On PostgreSQL, and on an in-memory SQLite database
that only the async engine's one connection can see, the same function runs
on the async connection through ``run_sync``.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from typing import TypeVar

from sqlalchemy import Connection, Engine
from sqlalchemy.ext.asyncio import AsyncEngine

__all__ = ["Transactions"]

T = TypeVar("T")


class Transactions:
    """Runs ``work(connection)`` in a transaction; :meth:`run` returns its
    result after the commit, or raises what it raised after the rollback.

    ``turn`` is the lock that SQLite's writers in this process take turns
    on (see :class:`._store.OneWriterSessions`); None on PostgreSQL.
    """

    def __init__(
        self, engine: AsyncEngine, *, turn: asyncio.Lock | None, plain: Engine | None
    ) -> None:
        self._engine = engine
        self._turn = turn
        self._plain = plain
        self._thread = (
            ThreadPoolExecutor(1, thread_name_prefix="redraft-store-writer") if plain else None
        )

    async def run(self, work: Callable[[Connection], T]) -> T:
        async with self._turn or contextlib.nullcontext():
            if self._plain is None or self._thread is None:
                async with self._engine.begin() as connection:
                    return await connection.run_sync(work)
            loop = asyncio.get_running_loop()
            done = loop.run_in_executor(self._thread, _in_transaction, self._plain, work)
            try:
                return await asyncio.shield(done)
            except asyncio.CancelledError:
                # The thread cannot be stopped: keep the turn until it is done.
                with contextlib.suppress(Exception):
                    await done
                raise

    def close(self) -> None:
        if self._thread is not None:
            self._thread.shutdown(wait=True)
        if self._plain is not None:
            self._plain.dispose()


def _in_transaction(engine: Engine, work: Callable[[Connection], T]) -> T:
    with engine.begin() as connection:
        return work(connection)
