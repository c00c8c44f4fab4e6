"""Running an eval's rows: every (row, arm) pair through the loop, a few at
a time, each outcome handed on as soon as it is known.

Every row runs with its own :class:`~redraft.Redrafter` over the eval's one
generator and judge, since a row may state requirements of its own; the
providers are shared, so an embedded model loads once. A run that fails
(the provider down, the judge erroring) is an outcome like any other, kept
and counted as not passed; only a failure no row could escape (a bad
option, a refused key) stops the eval.
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Awaitable, Callable, Sequence
from typing import Any

from redraft.app._redrafter import Redrafter
from redraft.config._settings import Settings
from redraft.config._spec import NO_JUDGE
from redraft.core._errors import ConfigurationError, QualityError, RunFailedError
from redraft.core._events import RunEvent
from redraft.core._provider import Provider
from redraft.core._types import RunResult
from redraft.evals._models import Arm, Eval, EvalOutcome
from redraft.evaluators import Reliabilities

__all__ = ["redrafter_for", "run_outcomes"]


async def run_outcomes(
    evaluation: Eval,
    work: Sequence[tuple[int, Arm]],
    *,
    generator: Provider,
    judge: Provider | None,
    on_outcome: Callable[[EvalOutcome], Awaitable[None]],
    on_event: Callable[[RunEvent], Any] | None = None,
    concurrency: int = 1,
    settings: Settings | None = None,
    reliability: Reliabilities | None = None,
) -> None:
    """Run ``work``, the (row, arm) pairs of ``evaluation``, ``concurrency``
    at a time; ``on_outcome`` gets each outcome as it ends and ``on_event``
    every event of every run. Raises :class:`~redraft.RunFailedError` for a
    failure that needs new settings, after the runs under way are cancelled."""
    if concurrency < 1:
        raise ValueError("concurrency must be at least 1")
    queue = list(reversed(work))

    async def run_row(index: int, arm: Arm) -> RunResult:
        redrafter = redrafter_for(
            evaluation,
            index,
            arm,
            generator=generator,
            judge=judge,
            settings=settings,
            reliability=reliability,
        )
        request = evaluation.rows[index].request(with_reference=judge is not None)
        try:
            return await redrafter.run(request, on_event=on_event)
        except RunFailedError as exc:
            if exc.needs_new_settings:
                raise
            return exc.result
        except QualityError as exc:
            return exc.result

    async def worker() -> None:
        while queue:
            index, arm = queue.pop()
            started = time.monotonic()
            result = await run_row(index, arm)
            outcome = EvalOutcome.of(
                evaluation.rows[index], index, arm, result, time.monotonic() - started
            )
            await on_outcome(outcome)

    try:
        async with asyncio.TaskGroup() as group:
            for _ in range(min(concurrency, len(queue))):
                group.create_task(worker())
    except BaseExceptionGroup as failures:
        # One failure cancels the other workers; the caller wants that one.
        first = next(e for e in failures.exceptions if not isinstance(e, asyncio.CancelledError))
        raise first from None


def redrafter_for(
    evaluation: Eval,
    index: int,
    arm: Arm,
    *,
    generator: Provider,
    judge: Provider | None,
    settings: Settings | None = None,
    reliability: Reliabilities | None = None,
) -> Redrafter:
    """The redrafter that runs row ``index`` in ``arm``: the eval's options,
    the row's own over them. Raises :class:`~redraft.ConfigurationError`
    naming the row for options that cannot work together (criteria with no
    judge), so an eval can refuse them before its first run."""
    row = evaluation.rows[index]
    config = evaluation.config
    spec = config.evaluation_spec(row).given()
    spec.pop("judge_model", None)
    try:
        return Redrafter(
            generator,
            judge_model=judge if judge is not None else NO_JUDGE,
            policy=config.policy_of(arm),
            settings=settings,
            reliability=reliability,
            **spec,
        )
    except ConfigurationError as exc:
        raise ConfigurationError(f"row {row.id or index + 1}: {exc}") from None
