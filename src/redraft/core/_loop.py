"""The redraft loop: draft → evaluate → decide → feedback, as a stream of events.

:func:`loop_events` is the one loop. :func:`redraft.stream_run` adds logging,
tracing, sequence numbers and hooks; everything else — :func:`redraft.run`,
the CLI's live view, the store, the HTTP streams — consumes those events.
What comes after each round is the stop rules' call (:mod:`._stop_rules`).
"""

from __future__ import annotations

import contextlib
import dataclasses
import functools
import os
import random
import time
from collections.abc import AsyncGenerator, AsyncIterator, Callable

from redraft.core._analysis import analyse_query
from redraft.core._attempt import AttemptRunner, merge
from redraft.core._errors import (
    BudgetExhaustedError,
    ProviderError,
    RealModelCallBlockedError,
    RedraftError,
)
from redraft.core._evaluator import Evaluator
from redraft.core._events import (
    FeedbackPrepared,
    RunCompleted,
    RunEvent,
    RunFailed,
    RunStarted,
    Thinking,
    VerdictReached,
)
from redraft.core._feedback import base_messages
from redraft.core._ledger import Ledger
from redraft.core._provider import Provider
from redraft.core._selection import best_draft, compare_rivals, rivals
from redraft.core._stop_rules import Redraft, Repair, Round, Stop, decide
from redraft.core._text import clause
from redraft.core._tools import Toolbox
from redraft.core._types import (
    Draft,
    DraftComparison,
    Message,
    Policy,
    RunRequest,
    RunResult,
    StopReason,
)

__all__ = ["best_draft", "loop_events", "new_run_id", "pick_final"]


def new_run_id() -> str:
    """A run id that sorts by creation time: ``run_`` + 12 hex ms + 12 random hex."""
    return f"run_{int(time.time() * 1000):012x}{os.urandom(6).hex()}"


async def loop_events(
    request: RunRequest,
    *,
    generator: Provider,
    evaluator: Evaluator | None,
    policy: Policy,
    run_id: str,
    clock: Callable[[], float],
    escalation: Provider | None,
    rng: random.Random,
    tools: Toolbox | None,
    stream_drafts: bool = True,
) -> AsyncIterator[RunEvent]:
    """The run's events from :class:`RunStarted` to :class:`RunCompleted` or
    :class:`RunFailed`; provider and judge failures are recorded, never raised.
    ``stream_drafts=False`` asks for whole drafts where nothing needs their
    pieces (delivery ``parallel`` always streams: its checks watch them)."""
    ledger = Ledger(policy, clock=clock)
    runner = AttemptRunner(
        run_id,
        request,
        policy,
        evaluator,
        ledger,
        clock,
        toolbox=tools,
        stream_drafts=stream_drafts or policy.delivery == "parallel",
    )
    if policy.judge_context == "full":
        runner.query = dataclasses.asdict(analyse_query(request))
    judge = evaluator.name if evaluator is not None else "none"
    yield RunStarted(
        run_id=run_id, request=request, policy=policy, model=generator.spec, judge=judge
    )
    skipped = _skip_reason(request, policy, rng, evaluator)
    single = skipped is not None or policy.delivery == "shadow"
    drafts: list[Draft] = []
    messages = base_messages(request)
    sent: list[tuple[str, list[Message]]] = []  # each model request so far, for greedy_repeat
    attempt = 1
    step: Repair | Redraft | None = None
    while True:
        drafter = _drafter(attempt, policy, generator, escalation)
        feedback = step.feedback if step is not None else None
        repaired = step.text if isinstance(step, Repair) else None
        if isinstance(step, Redraft):
            messages = step.messages
            for event in _feedback_events(run_id, attempt, step, policy):
                yield event
        if repaired is None:
            sent.append((drafter.spec, messages))
        width = 1 if single or drafts else policy.candidates
        numbers = range(attempt, attempt + width)
        attempts = functools.partial(
            runner.events,
            messages=messages,
            generator=drafter,
            feedback=feedback,
            previous=tuple(drafts),
            evaluate=skipped is None,
            repaired=repaired,
        )
        async with contextlib.aclosing(_round(runner, numbers, attempts)) as events:
            async for event in events:
                yield event
        outcomes = [runner.outcomes[n] for n in numbers]
        drafts.extend(o.draft for o in outcomes if o.draft is not None)
        upcoming = _drafter(attempt + width, policy, generator, escalation).spec
        state = Round(request, policy, ledger, attempt, width, outcomes, tuple(drafts), skipped)
        decision = decide(dataclasses.replace(state, next_model=upcoming, sent=tuple(sent)))
        if isinstance(decision, Stop):
            break
        step = decision
        attempt += width
    if decision.failed is not None and decision.failed.context:
        messages = decision.failed.context
    ending = _finish(request, evaluator, runner, drafts, decision, messages, skipped)
    async with contextlib.aclosing(ending) as events:
        async for event in events:
            yield event


def _drafter(
    attempt: int, policy: Policy, generator: Provider, escalation: Provider | None
) -> Provider:
    """Who writes ``attempt``: the escalation model once ``escalate_after`` attempts failed."""
    escalate_after = policy.escalate_after
    if escalation is not None and escalate_after is not None and attempt > escalate_after:
        return escalation
    return generator


def _feedback_events(run_id: str, attempt: int, step: Redraft, policy: Policy) -> list[RunEvent]:
    """``thinking`` (delivery ``revise``) and ``feedback_prepared`` before a redraft."""
    events: list[RunEvent] = []
    if policy.delivery == "revise":
        events.append(
            Thinking(
                run_id=run_id,
                attempt=attempt,
                message=_thinking(step.basis, policy),
                strategy=policy.feedback,
                retry_count=attempt - 1,
            )
        )
    events.append(
        FeedbackPrepared(
            run_id=run_id, attempt=attempt, strategy=policy.feedback, message=step.feedback
        )
    )
    return events


async def _round(
    runner: AttemptRunner,
    numbers: range,
    attempt: Callable[[int], AsyncGenerator[RunEvent, None]],
) -> AsyncGenerator[RunEvent, None]:
    """A round's events: one attempt's, or candidates' merged until the first passes."""
    streams = [attempt(n) for n in numbers]
    merged = merge(streams) if len(streams) > 1 else streams[0]
    async with contextlib.aclosing(merged):
        async for event in merged:
            yield event
            if isinstance(event, VerdictReached) and event.verdict.passed and len(streams) > 1:
                break  # the first candidate to pass wins; the rest are cancelled
    for n in numbers:
        for event in runner.cancelled(n):
            yield event


async def _finish(
    request: RunRequest,
    evaluator: Evaluator | None,
    runner: AttemptRunner,
    drafts: list[Draft],
    stop: Stop,
    messages: list[Message],
    skipped: str | None,
) -> AsyncGenerator[RunEvent, None]:
    """The run's last events: its calls, then :class:`RunCompleted`, or
    :class:`RunFailed` when it has no draft."""
    policy, ledger, run_id = runner.policy, runner.ledger, runner.run_id
    comparison: DraftComparison | None = None
    if evaluator is not None and _may_compare(evaluator, policy, stop.winner, stop.reason):
        pair = rivals(drafts)
        if pair is not None:
            comparison = await compare_rivals(evaluator, request, pair, ledger, policy)
    for event in runner.announce_calls():
        yield event
    failure = stop.failed.failure if stop.failed is not None else None
    result = _result(
        runner, drafts, stop, messages if failure else [], skipped=skipped, comparison=comparison
    )
    if not drafts:
        yield RunFailed(
            run_id=run_id,
            error=str(failure) if failure else "the run produced no draft",
            error_type=type(failure).__name__ if failure else "RunFailedError",
            result=result,
        )
        return
    yield RunCompleted(run_id=run_id, result=result)


def _skip_reason(
    request: RunRequest, policy: Policy, rng: random.Random, evaluator: Evaluator | None
) -> str | None:
    if evaluator is None:
        return "nothing to evaluate: no judge model and no check"
    if policy.sample_rate < 1.0 and rng.random() >= policy.sample_rate:
        return f"not sampled (sample_rate={policy.sample_rate:g})"
    if policy.skip_trivial:
        analysis = analyse_query(request)
        if analysis.trivial:
            return f"trivial request ({analysis.kind}): {analysis.reason}"
    return None


def _may_compare(
    evaluator: Evaluator, policy: Policy, winner: Draft | None, stop_reason: StopReason
) -> bool:
    """Whether the final choice may ask the judge: no draft won, a judge
    is there to ask, and the run did not end for want of time or tokens."""
    return (
        policy.pairwise
        and evaluator.uses_llm
        and winner is None
        and policy.on_exhausted != "last"
        and stop_reason not in ("skipped", "shadow", "deadline", "budget", "error")
    )


def _thinking(draft: Draft, policy: Policy) -> str:
    verdict = draft.verdict
    if verdict is None:
        return f"Draft {draft.attempt} could not be judged; writing another."
    reason = clause(verdict.reason) or "it fell short"
    return (
        f"Draft {draft.attempt} scored {verdict.score:.2f} (it needs {policy.threshold:.2f}): "
        f"{reason}. Revising it."
    )


def _result(
    runner: AttemptRunner,
    drafts: list[Draft],
    stop: Stop,
    failed_messages: list[Message],
    *,
    skipped: str | None,
    comparison: DraftComparison | None,
) -> RunResult:
    policy, ledger, stop_reason = runner.policy, runner.ledger, stop.reason
    final = stop.winner or pick_final(drafts, policy, stop_reason)
    if comparison is not None:
        final = next((d for d in drafts if d.attempt == comparison.chosen), final)
    score = final.verdict.score if final and final.verdict else 0.0
    passed: bool | None = False
    if final is not None and final.verdict is not None:
        passed = final.verdict.passed
    elif final is not None and (skipped is not None or final.tool_calls):
        passed = None  # not evaluated: unverified, never passed
    return RunResult(
        run_id=runner.run_id,
        final_answer=final.text if final else "",
        passed=passed,
        score=score,
        attempts=len(drafts),
        final_attempt=final.attempt if final else None,
        stop_reason=stop_reason,
        drafts=drafts,
        calls=list(ledger.calls),
        usage=ledger.usage,
        policy=policy,
        error=_describe_failure(stop.failed.failure if stop.failed is not None else None),
        continue_context=failed_messages,
        skipped_reason=skipped,
        comparison=comparison,
        tool_calls=final.tool_calls if final is not None and stop_reason == "tool_calls" else [],
    )


def pick_final(drafts: list[Draft], policy: Policy, stop_reason: StopReason) -> Draft | None:
    if not drafts:
        return None
    if stop_reason in ("skipped", "shadow") or policy.on_exhausted == "last":
        return drafts[-1]
    # best (and raise, whose error still carries the best draft): never a
    # draft worse on verified requirements than one written before it.
    return best_draft(drafts)


def _describe_failure(failure: RedraftError | None) -> str | None:
    if failure is None:
        return None
    if isinstance(failure, ProviderError | RealModelCallBlockedError | BudgetExhaustedError):
        return f"{type(failure).__name__}: {failure}"
    return str(failure)
