"""The local log for library and middleware runs: the run sink the package
installs (see :mod:`redraft.app._sinks`).

A program's runs happen on whatever event loop it has — ``run_sync``'s own,
``asyncio.run``'s, a web framework's — and loops come and go. The log keeps
one of its own, on a daemon thread, with the store and the
:class:`~redraft.store._run_log.RunLog` that writes to it; the sink only
hands each event across (thread-safe, never blocking the run). At exit it
writes what is left, for a few seconds at most.

It is on only when the program asked (``redraft.enable_local_log()`` or
``REDRAFT_LOG=on``; see :func:`redraft.app._sinks.local_log_on`), so a
program that did not writes nothing, not even the store's folder.
``REDRAFT_DATABASE_URL`` names the store (by default the SQLite file in the
user data dir that ``redraft serve`` and ``redraft runs`` use), and
``REDRAFT_LOG_RETENTION_DAYS`` prunes its old local runs when it opens. A
store that cannot be opened or written is reported once, as a warning on the
``redraft.log`` logger, and runs go on.
"""

from __future__ import annotations

import asyncio
import atexit
import contextlib
import logging
import threading

from redraft.app._sinks import RunSink, SinkSource, local_log_on
from redraft.config._settings import Settings, load_settings
from redraft.core._errors import ConfigurationError
from redraft.core._events import RunEvent
from redraft.store._retention import apply_retention
from redraft.store._run_log import RunLog
from redraft.store._store import Store

__all__ = ["LibraryLog", "close_library_logs", "flush_library_logs", "library_sink"]

_log = logging.getLogger("redraft.log")
_EXIT_WAIT_S = 5.0
_logs: dict[str, LibraryLog] = {}
_lock = threading.Lock()


class LibraryLog:
    """One store's log, written from a thread of its own."""

    def __init__(self, url: str | None, retention_days: int | None = None) -> None:
        self._url = url
        self._retention_days = retention_days
        self._store: Store | None = None
        self._logs: dict[SinkSource, RunLog] = {}
        self._early: list[tuple[SinkSource, RunEvent]] = []
        """Events handed over while the store was still opening."""
        self._opened = asyncio.Event()
        self._warned = False
        self._loop = asyncio.new_event_loop()
        self._thread = threading.Thread(
            target=self._loop.run_forever, name="redraft-local-log", daemon=True
        )
        self._thread.start()
        asyncio.run_coroutine_threadsafe(self._open(), self._loop)

    async def _open(self) -> None:
        try:
            self._store = await Store.open(self._url)
        except (ConfigurationError, OSError) as exc:
            self._warn(f"the local log is unavailable ({exc}); runs are not recorded")
        if self._store is not None:
            await apply_retention(self._store, self._retention_days, _log.warning)
        self._opened.set()
        early, self._early = self._early, []
        for source, event in early:
            self._add(source, event)

    def _warn(self, message: str) -> None:
        if not self._warned:
            self._warned = True
            _log.warning(message)

    def sink(self, source: SinkSource) -> RunSink:
        def hand_over(event: RunEvent) -> None:
            self._loop.call_soon_threadsafe(self._add, source, event)

        return hand_over

    def _add(self, source: SinkSource, event: RunEvent) -> None:
        # On the log's own loop, so in the order the runs yielded them.
        if not self._opened.is_set():
            self._early.append((source, event))
            return
        run_log = self._logs.get(source)
        if run_log is None:
            run_log = self._logs[source] = RunLog(self._store, self._warn, source=source)
        run_log.add(event)

    def flush(self, timeout: float = _EXIT_WAIT_S) -> None:
        """Write every event handed over so far, waiting ``timeout`` seconds at most."""
        done = asyncio.run_coroutine_threadsafe(self._flush(), self._loop)
        with contextlib.suppress(Exception):
            done.result(timeout)

    async def _flush(self) -> None:
        await self._opened.wait()
        logs, self._logs = self._logs, {}
        for run_log in logs.values():
            await run_log.close()

    def close(self, timeout: float = _EXIT_WAIT_S) -> None:
        """Flush, close the store and stop the thread."""
        self.flush(timeout)

        async def shut() -> None:
            if self._store is not None:
                await self._store.close()

        with contextlib.suppress(Exception):
            asyncio.run_coroutine_threadsafe(shut(), self._loop).result(timeout)
        self._loop.call_soon_threadsafe(self._loop.stop)
        self._thread.join(timeout)


def library_sink(source: SinkSource, settings: Settings | None = None) -> RunSink | None:
    """The run sink of the local log, or None when it is not on for
    ``source`` (``settings``: those already read, else the environment's)."""
    settings = settings if settings is not None else load_settings()
    if not local_log_on(settings, source):
        return None
    url = settings.database_url or ""
    with _lock:
        log = _logs.get(url)
        if log is None:
            log = _logs[url] = LibraryLog(url or None, settings.log_retention_days)
    return log.sink(source)


def flush_library_logs(timeout: float = _EXIT_WAIT_S) -> None:
    """Write every event handed to the local log so far (a program that
    wants its runs listed before it exits; exiting does it too)."""
    with _lock:
        logs = list(_logs.values())
    for log in logs:
        log.flush(timeout)


def close_library_logs() -> None:
    """Flush and close every local log (done at exit)."""
    with _lock:
        logs = list(_logs.values())
        _logs.clear()
    for log in logs:
        log.close()


# The store writes through worker threads (concurrent.futures), which take no
# new work once the interpreter starts shutting down, before atexit handlers
# run. threading's own exit hooks run before that, newest first: the one
# concurrent.futures registered at import runs after this one.
_register = getattr(threading, "_register_atexit", None)
if _register is not None:
    _register(close_library_logs)
else:  # pragma: no cover - every CPython from 3.9 has it
    atexit.register(close_library_logs)
