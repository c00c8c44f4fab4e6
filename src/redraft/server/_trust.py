"""The judges' record as the service's runs read it.

Every run's panel needs the record (a flagged judge passes nothing alone),
but a query per run would put the store on every request's path; the record
changes slowly, so it is read at most every ``ttl_s`` seconds. A store that
cannot answer leaves the last record in place: runs go on, judged as before.
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Callable

from redraft.evaluators import Reliabilities
from redraft.store import Store

__all__ = ["RecordCache"]

log = logging.getLogger("redraft")


class RecordCache:
    def __init__(
        self, store: Store, *, ttl_s: float = 30.0, clock: Callable[[], float] = time.monotonic
    ) -> None:
        self._store = store
        self._ttl_s = ttl_s
        self._clock = clock
        self._record: Reliabilities = {}
        self._read_at: float | None = None
        self._lock = asyncio.Lock()

    async def get(self) -> Reliabilities:
        if self._fresh():
            return self._record
        async with self._lock:
            if not self._fresh():
                try:
                    self._record = await self._store.judges.reliabilities()
                except Exception as exc:  # the record is advisory: a run must not fail over it
                    log.warning("the judges' record could not be read: %s", exc)
                self._read_at = self._clock()
        return self._record

    def _fresh(self) -> bool:
        return self._read_at is not None and self._clock() - self._read_at < self._ttl_s
