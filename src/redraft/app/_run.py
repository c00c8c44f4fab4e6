"""Running the loop: :func:`stream_run`, :func:`run` and :func:`run_sync`.

The engine (:func:`redraft.core._loop.loop_events`) only drafts, evaluates and
decides. Here its events are logged, traced, numbered and handed to the hooks
before anyone else sees them, so every consumer — the CLI, the store, the HTTP
streams, the middleware — sees the same observed stream.
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import random
import time
from collections.abc import AsyncGenerator, Awaitable, Callable
from typing import Any, ParamSpec, TypeVar

from redraft.app._deadline import with_sized_deadline
from redraft.app._sinks import run_sinks
from redraft.core._errors import QualityError, RunFailedError
from redraft.core._evaluator import Evaluator
from redraft.core._events import RunCompleted, RunEvent, RunFailed
from redraft.core._hooks import Hooks
from redraft.core._loop import loop_events, new_run_id
from redraft.core._provider import Provider
from redraft.core._text import plural
from redraft.core._tools import Toolbox
from redraft.core._types import Policy, RunRequest, RunResult
from redraft.observability._logging import log_run_events
from redraft.observability._telemetry import Telemetry, trace_events

P = ParamSpec("P")
T = TypeVar("T")

__all__ = ["run", "run_sync", "stream_run"]


async def stream_run(
    request: RunRequest | str,
    *,
    generator: Provider,
    evaluator: Evaluator | None,
    policy: Policy | None = None,
    judge: Provider | None = None,
    run_id: str | None = None,
    clock: Callable[[], float] = time.monotonic,
    hooks: Hooks | None = None,
    escalation: Provider | None = None,
    rng: random.Random | None = None,
    tools: Toolbox | None = None,
    telemetry: Telemetry | None = None,
    stream_drafts: bool = True,
    sinks: bool = True,
) -> AsyncGenerator[RunEvent, None]:
    """Run the loop, yielding every event as it happens.

    The stream always ends with :class:`RunCompleted` or, when no draft could
    be judged at all, :class:`RunFailed`. It never raises for provider or
    judge failures; those are recorded on the events and the result.
    ``hooks`` see the events first (the lifecycle hooks);
    ``escalation`` drafts once ``policy.escalate_after`` attempts failed;
    ``rng`` decides sampling (``policy.sample_rate``); ``tools`` are Python
    functions the generator may call while drafting (the tool loop,
    at most ``policy.max_tool_iterations`` rounds per draft). Every run is
    logged on ``redraft.run``, handed to the run sinks (the local log:
    see :mod:`._sinks`) and, with ``telemetry`` (default: the global
    OpenTelemetry tracer provider, when one is configured), traced.
    ``stream_drafts=False`` asks the generator for whole drafts, one chunk
    each, when no one reads them as they are written. ``sinks=False`` keeps
    the run from the run sinks, for a caller that records it itself.

    A policy that leaves ``deadline_s`` unset gets a deadline sized to
    ``generator`` and ``judge`` (the model ``evaluator`` judges with, if
    any) when they run on this machine, never under the 30 s default; the
    result's ``policy.deadline_s`` is the deadline used.
    """
    run_id = run_id or new_run_id()
    events = loop_events(
        request if isinstance(request, RunRequest) else RunRequest.from_prompt(request),
        generator=generator,
        evaluator=evaluator,
        policy=with_sized_deadline(policy or Policy(), generator=generator, judge=judge),
        run_id=run_id,
        clock=clock,
        escalation=escalation,
        rng=rng or random.Random(),
        tools=tools,
        stream_drafts=stream_drafts,
    )
    seq = 0
    handed = run_sinks() if sinks else []
    # Closed with this stream, so a consumer that stops early ends the run's spans.
    observed = trace_events(log_run_events(events, run_id), telemetry)
    async with contextlib.aclosing(observed):
        async for event in observed:
            seq += 1
            event.seq = seq
            if hooks is not None:
                await hooks.dispatch(event)
            for sink in handed:
                sink(event)
            yield event


async def run(
    request: RunRequest | str,
    *,
    generator: Provider,
    evaluator: Evaluator | None,
    policy: Policy | None = None,
    judge: Provider | None = None,
    run_id: str | None = None,
    on_event: Callable[[RunEvent], Any] | None = None,
    hooks: Hooks | None = None,
    escalation: Provider | None = None,
    rng: random.Random | None = None,
    tools: Toolbox | None = None,
) -> RunResult:
    """Drain :func:`stream_run` into its result.

    Raises :class:`RunFailedError` when no draft could be judged and
    :class:`QualityError` when no draft passed and the policy says ``raise``.
    """
    policy = policy or Policy()
    final: RunEvent | None = None
    async for event in stream_run(
        request,
        generator=generator,
        evaluator=evaluator,
        policy=policy,
        judge=judge,
        run_id=run_id,
        hooks=hooks,
        escalation=escalation,
        rng=rng,
        tools=tools,
    ):
        if on_event is not None:
            on_event(event)
        final = event
    if isinstance(final, RunFailed):
        raise RunFailedError(final.error, result=final.result, error_type=final.error_type)
    assert isinstance(final, RunCompleted)  # the stream always ends with one of the two
    result = final.result
    if result.passed is False and policy.on_exhausted == "raise":
        raise QualityError(
            f"no draft passed after {plural(result.attempts, 'attempt')}; "
            f"best score {result.score:.2f} < threshold {policy.threshold:.2f}",
            result=result,
        )
    return result


def _blocking(coroutine: Callable[P, Awaitable[T]]) -> Callable[P, T]:
    """``coroutine`` for code that has no event loop, with its very signature."""

    @functools.wraps(coroutine)
    def call(*args: P.args, **kwargs: P.kwargs) -> T:
        return asyncio.run(coroutine(*args, **kwargs))  # type: ignore[arg-type]

    return call


run_sync = _blocking(run)
run_sync.__name__ = run_sync.__qualname__ = "run_sync"
run_sync.__doc__ = """:func:`run` for code that has no event loop: the same arguments."""
