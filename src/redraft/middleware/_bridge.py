"""Sync clients on top of the async loop, and the stream objects calls return.

The loop and the providers are async. A wrapped *sync* client runs its runs
on a private event loop in a daemon thread that it owns: one loop for the
wrapper's whole life, so the ``AsyncOpenAI``/``AsyncAnthropic`` client built
for it keeps its connection pool on one loop, and calls work the same
whether or not the calling thread already runs an event loop (a notebook, an
async web app calling sync code). The caller's context variables travel with
each call.
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import contextvars
import logging
import threading
import weakref
from collections.abc import AsyncIterator, Awaitable, Callable, Coroutine, Iterable, Iterator
from typing import Any, Generic, Self, TypeVar

__all__ = ["AsyncStream", "LoopThread", "SyncRuntime", "SyncStream"]

T = TypeVar("T")

log = logging.getLogger("redraft.middleware")


class LoopThread:
    """A private event loop in a daemon thread, started on first use."""

    def __init__(self, name: str) -> None:
        self._name = name
        self._lock = threading.Lock()
        self._loop: asyncio.AbstractEventLoop | None = None
        self._thread: threading.Thread | None = None

    def _ensure(self) -> asyncio.AbstractEventLoop:
        with self._lock:
            if self._loop is None:
                loop = asyncio.new_event_loop()
                ready = threading.Event()

                def serve() -> None:
                    asyncio.set_event_loop(loop)
                    loop.call_soon(ready.set)
                    loop.run_forever()

                thread = threading.Thread(target=serve, name=self._name, daemon=True)
                thread.start()
                ready.wait()
                self._loop, self._thread = loop, thread
            return self._loop

    def run(self, coro: Coroutine[Any, Any, T]) -> T:
        """Run ``coro`` on the private loop and wait for its result.

        The coroutine runs in a copy of the caller's context. If the caller is
        interrupted (``KeyboardInterrupt``) the run is cancelled.
        """
        if self._thread is not None and threading.current_thread() is self._thread:
            coro.close()
            raise RuntimeError(
                "a wrapped sync client was called from inside its own run; use the async client"
            )
        loop = self._ensure()
        context = contextvars.copy_context()
        done: concurrent.futures.Future[T] = concurrent.futures.Future()
        tasks: list[asyncio.Task[T]] = []
        abandoned = threading.Event()

        def finish(task: asyncio.Task[T]) -> None:
            if task.cancelled():
                done.cancel()
            elif (error := task.exception()) is not None:
                done.set_exception(error)
            else:
                done.set_result(task.result())

        def start() -> None:
            if abandoned.is_set():
                coro.close()
                done.cancel()
                return
            # Called in ``context``, so the task copies the caller's context.
            task = loop.create_task(coro)
            tasks.append(task)
            task.add_done_callback(finish)

        def cancel() -> None:
            for task in tasks:
                task.cancel()

        loop.call_soon_threadsafe(start, context=context)
        try:
            return done.result()
        except BaseException:
            if not done.done():
                abandoned.set()
                loop.call_soon_threadsafe(cancel)
            raise

    def close(self, final: Coroutine[Any, Any, None] | None = None) -> None:
        """Run ``final`` (closing clients) on the loop, then stop the thread."""
        if self._loop is None:
            if final is not None:
                final.close()
            return
        try:
            if final is not None:
                self.run(final)
        finally:
            loop, thread = self._loop, self._thread
            self._loop = self._thread = None
            loop.call_soon_threadsafe(loop.stop)
            if thread is not None:
                thread.join()
            loop.close()

    def stop_soon(self) -> None:
        """Let the thread end without waiting (a wrapper nobody closed was
        garbage-collected)."""
        loop = self._loop
        if loop is not None and not loop.is_closed():
            loop.call_soon_threadsafe(loop.stop)


class SyncRuntime:
    """What a wrapped sync client shares with its ``with_options()`` copies:
    the private loop and the async resources built for them, closed together
    by the first ``close()`` (as the SDK's copies share one connection pool)."""

    def __init__(self, name: str) -> None:
        self.loop = LoopThread(name)
        self.closed = False
        self._closers: list[Callable[[], Awaitable[object]]] = []
        # A wrapper that is never closed must not keep its thread forever.
        self._finalizer = weakref.finalize(self, self.loop.stop_soon)

    def on_close(self, closer: Callable[[], Awaitable[object]]) -> None:
        """Run ``closer`` on the private loop when the runtime closes."""
        self._closers.append(closer)

    def run(self, coro: Coroutine[Any, Any, T]) -> T:
        if self.closed:
            coro.close()
            raise RuntimeError("this wrapped client is closed")
        return self.loop.run(coro)

    def close(self) -> None:
        if self.closed:
            return
        self.closed = True
        self._finalizer.detach()
        self.loop.close(self._close_all())

    async def _close_all(self) -> None:
        closers, self._closers = self._closers, []
        for closer in closers:
            try:
                await closer()
            except Exception:  # one failing close must not leak the others
                log.warning("redraft: closing %r failed", closer, exc_info=True)


class _Stream(Generic[T]):
    def __init__(self, items: Iterable[T]) -> None:
        self._items: Iterator[T] = iter(items)
        self.closed = False


class SyncStream(_Stream[T]):
    """The ``stream=True`` result of a wrapped sync call: iterate it, use it
    as a context manager, or ``close()`` it, like the SDK's ``Stream``."""

    def __iter__(self) -> Iterator[T]:
        return self

    def __next__(self) -> T:
        if self.closed:
            raise StopIteration
        try:
            return next(self._items)
        except StopIteration:
            self.close()
            raise

    def close(self) -> None:
        self.closed = True
        self._items = iter(())

    def __enter__(self) -> Self:
        return self

    def __exit__(self, *exc_info: object) -> None:
        self.close()


class AsyncStream(_Stream[T]):
    """The ``stream=True`` result of a wrapped async call: ``async for`` it,
    ``async with`` it, or ``await close()`` it, like the SDK's ``AsyncStream``."""

    def __aiter__(self) -> AsyncIterator[T]:
        return self

    async def __anext__(self) -> T:
        if self.closed:
            raise StopAsyncIteration
        try:
            return next(self._items)
        except StopIteration:
            await self.close()
            raise StopAsyncIteration from None

    async def close(self) -> None:
        self.closed = True
        self._items = iter(())

    async def __aenter__(self) -> Self:
        return self

    async def __aexit__(self, *exc_info: object) -> None:
        await self.close()
