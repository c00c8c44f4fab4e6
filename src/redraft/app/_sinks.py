"""Where every run's events go besides its caller: the run sinks.

:func:`stream_run` hands each event of a run to the sinks :func:`run_sinks`
finds when the run starts. A sink is a callable that takes the event and
returns at once (it must never block the run or raise into it); a factory
added with :func:`add_run_sink` makes one, or None when it has nothing to
do (its log turned off).

The package installs one factory itself: the local log (see
:mod:`redraft.store._library_log`), which puts library and middleware runs in
the store ``redraft runs`` and the web UI read, but only when the program
asks (:func:`enable_local_log`, or ``REDRAFT_LOG=on``): a program's prompts
are its users', and nothing of theirs is written to disk unasked. Callers
that record their runs themselves — ``redraft ask``, ``redraft eval``, the
service — run inside :func:`recorded_elsewhere` so that nothing is recorded
twice; :func:`local_log_on` decides for them and the package alike.
"""

from __future__ import annotations

import contextlib
import logging
from collections.abc import Callable, Iterator
from contextvars import ContextVar
from typing import Literal

from redraft.config._settings import Settings
from redraft.core._events import RunEvent

__all__ = [
    "RunSink",
    "RunSinkFactory",
    "SinkSource",
    "add_run_sink",
    "enable_local_log",
    "local_log_on",
    "recorded_elsewhere",
    "run_sinks",
    "run_source",
]

SinkSource = Literal["library", "middleware"]
RunSink = Callable[[RunEvent], None]
RunSinkFactory = Callable[[SinkSource], "RunSink | None"]
"""Makes the sink for a run from ``source`` (``library`` or ``middleware``)."""

_factories: list[RunSinkFactory] = []
_elsewhere: ContextVar[bool] = ContextVar("redraft_recorded_elsewhere", default=False)
_source: ContextVar[SinkSource] = ContextVar("redraft_run_source", default="library")
_log = logging.getLogger("redraft.run")
_local_log_asked = False


def enable_local_log() -> None:
    """Record this program's runs from now on in the local log, where
    ``redraft runs`` and the web UI list them: library runs (:class:`Redrafter`,
    :func:`run`, …) marked ``library``, calls through :func:`redraft.wrap` or
    :func:`redraft.refine` marked ``middleware``. Without it (or
    ``REDRAFT_LOG=on``) a program's runs are written nowhere;
    ``REDRAFT_LOG=off`` in the environment still wins, so whoever runs the
    program can always keep its runs off the disk."""
    global _local_log_asked
    _local_log_asked = True


def local_log_on(settings: Settings, source: Literal["cli", "library", "middleware"]) -> bool:
    """Whether runs from ``source`` go to the local log: ``REDRAFT_LOG`` when
    it is set (``on``: all, ``off``: none); unset, the ``redraft`` command's
    (``cli``) do and a program's do once it called :func:`enable_local_log`."""
    if settings.log is not None:
        return settings.log
    return source == "cli" or _local_log_asked


def add_run_sink(factory: RunSinkFactory) -> None:
    """Give every run from now on the sink ``factory`` makes (none when it
    returns None). Adding the same factory twice adds it once."""
    if factory not in _factories:
        _factories.append(factory)


@contextlib.contextmanager
def recorded_elsewhere() -> Iterator[None]:
    """Runs started inside go to no sink: their caller records them."""
    token = _elsewhere.set(True)
    try:
        yield
    finally:
        _elsewhere.reset(token)


@contextlib.contextmanager
def run_source(source: SinkSource) -> Iterator[None]:
    """Runs started inside are recorded as coming from ``source``."""
    token = _source.set(source)
    try:
        yield
    finally:
        _source.reset(token)


def run_sinks() -> list[RunSink]:
    """The sinks of a run starting now, in this context."""
    if _elsewhere.get():
        return []
    sinks = []
    for factory in _factories:
        try:
            sink = factory(_source.get())
        except Exception:  # a sink that cannot start costs the run nothing
            _log.warning("a run sink could not start", exc_info=True)
            continue
        if sink is not None:
            sinks.append(sink)
    return sinks
