"""The local log: runs made outside the service, recorded as they happen.

Runs go to the same store ``redraft serve`` uses (``REDRAFT_DATABASE_URL``, by
default one SQLite file in the user data dir), so ``redraft runs`` and the web
UI's Runs page list them beside the service's, marked ``cli`` (the
``redraft`` command), ``library`` or ``middleware`` (see
:mod:`._library_log`). Events are
written in batches while the run goes on, under a lease this process renews
(as the service does: see :mod:`redraft.store._run_leases`), so a command
killed mid-run leaves its run to be closed as ``interrupted``, never half.

The log never costs the run anything: a store that cannot be written is
reported once (``warn``) and the run goes on unlogged.
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import secrets
import socket
from collections.abc import Callable
from datetime import UTC, datetime
from typing import TYPE_CHECKING

from redraft.core._events import RunCompleted, RunEvent, RunFailed, RunStarted
from redraft.store._run_leases import Lease

if TYPE_CHECKING:
    from redraft.store._store import RunSource, Store

__all__ = ["TENANT", "RunLog"]

TENANT = "default"
"""The tenant of local runs: the service's own when it needs no key."""


class RunLog:
    """Hands the runs' events to the store in the background; :meth:`add` is
    the run's ``on_event`` callback, :meth:`close` waits for the last write."""

    def __init__(
        self,
        store: Store | None,
        warn: Callable[[str], None],
        *,
        source: RunSource = "cli",
        lease_s: float = 30.0,
    ) -> None:
        self._store = store
        self._warn = warn
        self._source: RunSource = source
        owner = f"{source}:{socket.gethostname()}:{os.getpid()}:{secrets.token_hex(4)}"
        self._lease = Lease(owner, lease_s)
        self._pending: list[RunEvent] = []
        self._open: set[str] = set()
        """Runs started and not yet ended in the store: the leases to renew."""
        self._wake = asyncio.Event()
        self._closing = False
        self._writer: asyncio.Task[None] | None = None

    def add(self, event: RunEvent) -> None:
        if self._store is None:
            return
        self._pending.append(event)
        self._wake.set()
        if self._writer is None:
            self._writer = asyncio.create_task(self._write_forever(self._store))

    async def close(self, *, end_open_runs: bool = True) -> None:
        """Write what is left, then stop. Runs that started and never ended
        (the command was interrupted) are closed as ``interrupted`` now,
        rather than when their lease runs out and a server notices;
        ``end_open_runs=False`` leaves them to their lease, as a killed
        process does."""
        if self._writer is None:
            return
        self._closing = True
        self._wake.set()
        await self._writer
        if end_open_runs and self._store is not None and self._open:
            owner, stranded = self._lease.owner, sorted(self._open)
            with contextlib.suppress(Exception):  # the lease closes them later anyway
                await self._store.run_leases.release(owner, stranded)
                await self._store.close_abandoned_runs(
                    owner=owner, now=datetime.now(UTC), all_foreign=False
                )

    async def _write_forever(self, store: Store) -> None:
        while True:
            # A run waiting on a slow model writes nothing for a while: its
            # lease is renewed all the same, or a server would close it.
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self._wake.wait(), self._lease.seconds / 3)
            self._wake.clear()
            batch, self._pending = self._pending, []
            try:
                if batch:
                    await store.record_groups(
                        [(batch, TENANT)], lease=self._lease, source=self._source
                    )
                elif self._open:
                    await store.run_leases.renew(
                        self._lease.owner, list(self._open), self._lease.seconds
                    )
            except Exception as exc:  # the run must not fail for its log
                self._give_up(exc)
                return
            for event in batch:
                if isinstance(event, RunStarted):
                    self._open.add(event.run_id)
                elif isinstance(event, RunCompleted | RunFailed):
                    self._open.discard(event.run_id)
            if self._closing and not self._pending:
                return

    def _give_up(self, error: Exception) -> None:
        self._store = None
        self._warn(
            f"the local log stopped ({type(error).__name__}: {error}); runs go on but are "
            "not recorded (REDRAFT_LOG=off turns the log off)"
        )
