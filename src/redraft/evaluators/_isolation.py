"""Untrusted CPU work in worker processes with hard limits.

Some checks run pure-Python code whose cost is set by what a client sent:
JSON Schema validation walks a schema the client wrote (a 1 KB schema of
chained ``anyOf`` references makes it exponential), and the requirement
compiler reads a prompt of any length. On a thread such work holds the GIL,
so the event loop starves: health checks stall, leases lapse, and the thread
cannot be stopped once it runs past its limit. :func:`run_isolated` runs it in
a small pool of worker processes instead (`pebble`_), where it can be killed:

- a **wall-clock limit** per task (``limit_s``, waiting for a worker included);
- a **CPU-time limit** per task (``RLIMIT_CPU``, set before each task to the
  worker's CPU time so far plus the task's allowance): past it the kernel
  kills the worker;
- a **memory cap** per worker (``RLIMIT_AS``, :data:`MEMORY_LIMIT_BYTES`):
  an allocation past it fails inside the worker.

A worker that is killed or dies is replaced; the task's caller gets
:class:`~redraft.WorkTimeoutError` (time) or :class:`IsolatedWorkError`
(memory, a crash), which checks turn into ``error`` evidence, never a pass.

Only module-level functions and picklable arguments cross the boundary, and
the work must not need the caller's context variables. RE2 matching stays on
threads (:mod:`redraft.evaluators._offload`): it is linear and releases the
GIL.

Worker processes are off until :func:`isolate_checks` turns them on: the
commands and the service do; a program that imports redraft opts in, because
:mod:`multiprocessing` imports its main module in every worker. Until then
:func:`run_isolated` runs the work on a thread, as before.

.. _pebble: https://pypi.org/project/Pebble/
"""

from __future__ import annotations

import asyncio
import atexit
import concurrent.futures
import contextlib
import math
import multiprocessing
import resource
import signal
import sys
import threading
import time
import weakref
from collections.abc import Callable
from typing import Any, TypeVar

import pebble

from redraft.core._errors import IsolatedWorkError, WorkTimeoutError
from redraft.evaluators._offload import run_bounded

__all__ = [
    "MEMORY_LIMIT_BYTES",
    "WORKERS",
    "isolate_checks",
    "run_isolated",
    "start_isolated_workers",
    "stop_isolated_workers",
]

T = TypeVar("T")

#: Address space one worker may map. An idle worker maps ~70 MB; validating
#: a large document under a large schema takes tens more.
MEMORY_LIMIT_BYTES = 512 * 1024 * 1024

#: Worker processes. Two keep one slow check from blocking the rest without
#: letting checks take every core of a small machine from the service.
WORKERS = 2

# Seconds the worker processes may take to start (a fork server importing
# the checks' modules, then two forks): seconds on a loaded small machine.
_START_LIMIT_S = 60.0

# The modules every task needs, imported once by the fork server so that a
# replacement worker is ready in milliseconds rather than re-importing them.
_PRELOAD = ["redraft.evaluators._json_checks", "redraft.criteria._rules"]


_pool: pebble.ProcessPool | None = None
_lock = threading.Lock()
# Tasks not answered yet: stopping the pool kills their workers without a word
# to them, so :func:`stop_isolated_workers` answers them itself.
_pending: weakref.WeakSet[concurrent.futures.Future[Any]] = weakref.WeakSet()


def _context() -> Any:
    # Forking a threaded server copies its locks mid-use; a fork server is a
    # clean single-threaded parent for every worker.
    if sys.platform.startswith("linux"):
        context = multiprocessing.get_context("forkserver")
        context.set_forkserver_preload(_PRELOAD)
        return context
    return multiprocessing.get_context("spawn")


def _start_worker(memory_bytes: int) -> None:
    _, hard = resource.getrlimit(resource.RLIMIT_AS)
    cap = memory_bytes if hard == resource.RLIM_INFINITY else min(memory_bytes, hard)
    resource.setrlimit(resource.RLIMIT_AS, (cap, hard))


def _run_limited(fn: Callable[..., T], args: tuple[Any, ...], cpu_s: float) -> T:
    """In the worker: ``fn(*args)`` under a CPU-time allowance of ``cpu_s``."""
    usage = resource.getrusage(resource.RUSAGE_SELF)
    used = usage.ru_utime + usage.ru_stime
    _, hard = resource.getrlimit(resource.RLIMIT_CPU)
    soft = math.ceil(used + cpu_s)  # whole seconds: the kernel's granularity
    if hard != resource.RLIM_INFINITY:
        soft = min(soft, hard)
    resource.setrlimit(resource.RLIMIT_CPU, (soft, hard))
    try:
        return fn(*args)
    except MemoryError:
        # The traceback of a failed allocation may itself not fit: say it plainly.
        raise IsolatedWorkError("ran out of memory") from None


_enabled = False


def isolate_checks(enabled: bool = True) -> None:
    """Run untrusted checks in worker processes from now on (or, with
    ``enabled=False``, on threads again).

    Off by default in a program that imports redraft: worker processes start
    through :mod:`multiprocessing`, which imports the program's main module
    in each of them, so its top level must be guarded by ``if __name__ ==
    "__main__":``. ``redraft serve`` and the other commands turn it on."""
    global _enabled
    _enabled = enabled
    if not enabled:
        stop_isolated_workers()


def _executor() -> pebble.ProcessPool:
    # Created on first use, never at import; a pool whose workers all died is
    # replaced rather than refusing every later task.
    global _pool
    with _lock:
        if _pool is None or not _pool.active:
            pool = pebble.ProcessPool(
                max_workers=WORKERS,
                initializer=_start_worker,
                initargs=(MEMORY_LIMIT_BYTES,),
                context=_context(),
            )
            # Starting the fork server and the workers takes a second or so:
            # a no-op task starts them here, off the caller's event loop. A
            # pool that cannot start says so rather than hanging its caller.
            try:
                pool.schedule(_ready).result(timeout=_START_LIMIT_S)
            except Exception as exc:
                pool.stop()  # type: ignore[no-untyped-call]
                raise IsolatedWorkError(
                    f"the worker processes did not start ({type(exc).__name__})"
                ) from None
            _pool = pool
        return _pool


def _ready() -> None:
    """A task that does nothing: its answer means the workers are up."""


async def start_isolated_workers() -> None:
    """Start the worker processes now, so the first check does not wait for
    them (a server calls it while starting up). Does nothing when
    :func:`isolate_checks` is off."""
    if _enabled:
        await asyncio.to_thread(_executor)


def stop_isolated_workers() -> None:
    """Kill the worker processes now (whatever they are doing) and forget the
    pool; the next task starts a new one. Servers call it on shutdown."""
    global _pool
    with _lock:
        pool, _pool = _pool, None
        pending = list(_pending)
    if pool is not None:
        pool.stop()  # type: ignore[no-untyped-call]
        pool.join(timeout=5)
    for future in pending:
        with contextlib.suppress(concurrent.futures.InvalidStateError):
            future.set_exception(IsolatedWorkError("the worker processes stopped"))


atexit.register(stop_isolated_workers)


async def run_isolated(fn: Callable[..., T], /, *args: object, limit_s: float, what: str) -> T:
    """``fn(*args)`` in a worker process; its result, or its exception.

    ``fn`` must be a module-level function and ``args`` picklable. Raises
    :class:`~redraft.WorkTimeoutError` naming ``what`` when it has not
    finished ``limit_s`` seconds after the call (or used more than
    ``limit_s`` seconds of CPU), and :class:`~redraft.IsolatedWorkError`
    when its worker ran out of memory or died. Past its time the worker is
    killed. Until :func:`isolate_checks` is on, the work runs on a thread
    instead (:func:`~redraft.evaluators._offload.run_bounded`).
    """
    if not limit_s > 0:
        raise ValueError(f"limit_s must be a positive number of seconds, got {limit_s!r}")
    if not _enabled:
        return await run_bounded(fn, *args, limit_s=limit_s, what=what)
    started = time.monotonic()
    late = f"{what} took longer than the {limit_s:g} s time limit"
    pool = _pool if _pool is not None and _pool.active else await asyncio.to_thread(_executor)
    try:
        future = pool.schedule(_run_limited, args=(fn, args, limit_s), timeout=limit_s)
    except RuntimeError:  # stopped since: the next task gets a new pool
        raise IsolatedWorkError(f"{what} failed: the worker processes stopped") from None
    _pending.add(future)
    try:
        # Queueing counts: the worker's own timer starts only when it picks the task up.
        return await asyncio.wait_for(asyncio.wrap_future(future), timeout=limit_s)
    except (TimeoutError, concurrent.futures.TimeoutError):
        raise WorkTimeoutError(late, limit_s=limit_s) from None
    except pebble.ProcessExpired as exc:
        # SIGXCPU is the kernel's CPU-time limit; anything else is a crash.
        if exc.exitcode == -signal.SIGXCPU or time.monotonic() - started >= limit_s:
            raise WorkTimeoutError(late, limit_s=limit_s) from None
        raise IsolatedWorkError(f"{what} failed: its worker process died") from None
    except IsolatedWorkError as exc:
        raise IsolatedWorkError(f"{what} failed: {exc}") from None
    except concurrent.futures.process.BrokenProcessPool:
        raise IsolatedWorkError(f"{what} failed: the worker processes stopped") from None
    finally:
        if not future.done():
            # pebble kills the worker running a cancelled task and starts another
            future.cancel()  # type: ignore[no-untyped-call]
