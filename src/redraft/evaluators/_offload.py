"""CPU-heavy evaluation work, run off the event loop under a time limit.

Checks are coroutines, but their work (matching patterns, parsing JSON and
validating it against a schema, applying rules, compiling a prompt's stated
requirements) is plain CPU. Done inline on a long text it would hold the event
loop, and with it every other request the service is answering.
:func:`run_bounded` runs such work on a small dedicated thread pool and waits
at most ``limit_s`` seconds (:data:`DEFAULT_LIMIT_S` unless told otherwise);
past that it raises :class:`~redraft.WorkTimeoutError`, which checks turn into
error evidence: the draft is not judged, the run goes on degraded.

Past the limit the work is also asked to stop: loops that call
:func:`check_deadline` between steps (every pattern's ``finditer`` does) raise
at their next step, so the thread comes back to the pool. Work that never
checks runs to its end in the background, holding one of the pool's threads;
work still queued when its time is up never starts.

Moving work to a thread frees the loop only while that work lets go of the
GIL: RE2 matching does, and pure-Python code such as ``jsonschema`` yields it
every few milliseconds. One long C call that keeps the GIL (Python's ``re``
on a pathological pattern) would still stall the loop, which is why user
patterns run on RE2 (:mod:`redraft.evaluators._patterns`).

Texts up to :data:`INLINE_CHARS` characters are cheap enough to judge inline:
the work takes milliseconds at most, and mostly less than a thread round trip.
"""

from __future__ import annotations

import asyncio
import contextvars
import functools
import os
import threading
import time
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from typing import TypeVar

from redraft.core._errors import WorkTimeoutError

__all__ = ["DEFAULT_LIMIT_S", "INLINE_CHARS", "check_deadline", "run_bounded"]

T = TypeVar("T")

#: Seconds one piece of bounded work may take (queueing included). Linear-time
#: work on the largest accepted inputs takes tens of milliseconds; two seconds
#: means something is wrong, and is short enough that the run stays responsive.
DEFAULT_LIMIT_S = 2.0

#: Texts this long or shorter are judged inline (per pattern: a rule check
#: with n rules goes off the loop past ``INLINE_CHARS / n`` characters).
#: Measured on a 2-core machine: a round trip through the pool costs ~60 µs;
#: at 2,000 characters a pattern search costs ~7 µs, five rules ~0.3 ms, and
#: the worst case, a match at every character, ~6 ms per pattern. At 20,000
#: characters those become ~55 µs, ~2.5 ms and ~60 ms: too long to hold the loop.
INLINE_CHARS = 2_000

# Enough threads that one stuck piece of work does not starve the rest, few
# enough that bounded work cannot crowd out the event loop on a small machine.
_MAX_WORKERS = max(2, min(4, os.cpu_count() or 2))

_pool: ThreadPoolExecutor | None = None
_pool_lock = threading.Lock()
_local = threading.local()


def _executor() -> ThreadPoolExecutor:
    # Created on first use, never at import: importing redraft starts no thread.
    global _pool
    with _pool_lock:
        if _pool is None:
            _pool = ThreadPoolExecutor(
                max_workers=_MAX_WORKERS, thread_name_prefix="redraft-bounded"
            )
        return _pool


def check_deadline() -> None:
    """Raise :class:`~redraft.WorkTimeoutError` when the bounded work running
    on this thread is past its limit; does nothing outside bounded work."""
    deadline: float | None = getattr(_local, "deadline", None)
    if deadline is not None and time.monotonic() > deadline:
        limit: float = getattr(_local, "limit_s", 0.0)
        raise WorkTimeoutError(f"stopped after the {limit:g} s time limit", limit_s=limit)


def _call_with_deadline(fn: Callable[[], T], deadline: float, limit_s: float) -> T:
    if time.monotonic() > deadline:  # queued past its time: nobody is waiting
        raise WorkTimeoutError(f"never started within {limit_s:g} s", limit_s=limit_s)
    _local.deadline, _local.limit_s = deadline, limit_s
    try:
        return fn()
    finally:
        _local.deadline = None


async def run_bounded(
    fn: Callable[..., T], /, *args: object, limit_s: float = DEFAULT_LIMIT_S, what: str
) -> T:
    """``fn(*args)`` on the bounded pool; its result, or its exception.

    Raises :class:`~redraft.WorkTimeoutError` naming ``what`` and the limit
    when it has not finished ``limit_s`` seconds after the call (time spent
    waiting for a free thread counts). The caller's context variables are
    visible to ``fn``.
    """
    if not limit_s > 0:
        raise ValueError(f"limit_s must be a positive number of seconds, got {limit_s!r}")
    loop = asyncio.get_running_loop()
    deadline = time.monotonic() + limit_s
    bound = functools.partial(fn, *args)
    context = contextvars.copy_context()
    job = functools.partial(context.run, _call_with_deadline, bound, deadline, limit_s)
    future = loop.run_in_executor(_executor(), job)
    try:
        done, _ = await asyncio.wait((future,), timeout=limit_s)
    finally:
        if not future.done():
            future.cancel()  # unstarted work is dropped; started work stops at its next check
    late = f"{what} took longer than the {limit_s:g} s time limit"
    if not done:
        raise WorkTimeoutError(late, limit_s=limit_s)
    try:
        return future.result()
    except WorkTimeoutError:
        raise WorkTimeoutError(late, limit_s=limit_s) from None
