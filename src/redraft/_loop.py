"""The redraft loop: draft → evaluate → decide → feedback, as a stream of events.

:func:`stream_run` is the one loop. Everything else — :func:`run`, the CLI's
live view, the store, the HTTP streams — consumes its events.
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import time
from collections.abc import AsyncIterator, Callable
from typing import Any

from redraft._errors import (
    BudgetExhaustedError,
    ProviderError,
    QualityError,
    RealModelCallBlockedError,
    RedraftError,
    RunFailedError,
)
from redraft._events import (
    CallRecorded,
    DraftCompleted,
    DraftStarted,
    EvidenceRecorded,
    FeedbackPrepared,
    RunCompleted,
    RunEvent,
    RunFailed,
    RunStarted,
    TextDelta,
    VerdictReached,
)
from redraft._feedback import base_messages, prepare_feedback
from redraft._ledger import Ledger
from redraft._types import (
    Draft,
    Evidence,
    Message,
    ModelRequest,
    Policy,
    RunRequest,
    RunResult,
    StopReason,
    Verdict,
)
from redraft.evaluators._base import EvaluationContext, Evaluator, Subject
from redraft.providers._base import Provider

__all__ = ["new_run_id", "run", "run_sync", "stream_run"]


def new_run_id() -> str:
    """A run id that sorts by creation time: ``run_`` + 12 hex ms + 12 random hex."""
    return f"run_{int(time.time() * 1000):012x}{os.urandom(6).hex()}"


async def stream_run(
    request: RunRequest | str,
    *,
    generator: Provider,
    evaluator: Evaluator,
    policy: Policy | None = None,
    run_id: str | None = None,
    clock: Callable[[], float] = time.monotonic,
) -> AsyncIterator[RunEvent]:
    """Run the loop, yielding every event as it happens.

    The stream always ends with :class:`RunCompleted` or, when no draft could
    be judged at all, :class:`RunFailed`. It never raises for provider or
    judge failures; those are recorded on the events and the result.
    """
    if isinstance(request, str):
        request = RunRequest.from_prompt(request)
    policy = policy or Policy()
    run_id = run_id or new_run_id()
    ledger = Ledger(policy, clock=clock)
    seq = 0

    def stamp(event: RunEvent) -> RunEvent:
        nonlocal seq
        seq += 1
        event.seq = seq
        return event

    def announce_calls() -> list[RunEvent]:
        return [stamp(CallRecorded(run_id=run_id, call=c)) for c in ledger.new_records()]

    yield stamp(
        RunStarted(
            run_id=run_id,
            request=request,
            policy=policy,
            model=generator.spec,
            judge=evaluator.name,
        )
    )

    drafts: list[Draft] = []
    stop_reason: StopReason = "exhausted"
    failure: RedraftError | None = None
    messages = base_messages(request)

    for attempt in range(1, policy.max_attempts + 1):
        feedback: str | None = None
        if drafts:
            messages, feedback = prepare_feedback(policy.feedback, request, drafts[-1], attempt)
            yield stamp(
                FeedbackPrepared(
                    run_id=run_id, attempt=attempt, strategy=policy.feedback, message=feedback
                )
            )
        yield stamp(DraftStarted(run_id=run_id, attempt=attempt, feedback=feedback))

        # -- draft --------------------------------------------------------
        text = ""
        finish: str | None = None
        try:
            draft_request = ModelRequest(
                messages=messages, max_tokens=policy.max_tokens, temperature=policy.temperature
            )
            chunks = ledger.stream(generator, draft_request, kind="draft", attempt=attempt)
            async with contextlib.aclosing(chunks):
                async for chunk in chunks:
                    if chunk.delta:
                        text += chunk.delta
                        yield stamp(TextDelta(run_id=run_id, attempt=attempt, delta=chunk.delta))
                    finish = chunk.finish_reason or finish
        except RedraftError as exc:
            failure = exc
        for event in announce_calls():
            yield event
        if failure is not None:
            stop_reason = _stop_reason_for(failure)
            break
        yield stamp(DraftCompleted(run_id=run_id, attempt=attempt, text=text, finish_reason=finish))

        # -- evaluate -----------------------------------------------------
        verdict = await _judge(
            evaluator,
            Subject(request=request, text=text, attempt=attempt, previous=tuple(drafts)),
            EvaluationContext(threshold=policy.threshold, gateway=ledger),
            ledger,
        )
        for event in announce_calls():
            yield event
        for evidence in verdict.evidence:
            yield stamp(EvidenceRecorded(run_id=run_id, attempt=attempt, evidence=evidence))
        yield stamp(VerdictReached(run_id=run_id, attempt=attempt, verdict=verdict))
        drafts.append(
            Draft(
                attempt=attempt, text=text, verdict=verdict, feedback=feedback, finish_reason=finish
            )
        )

        # -- decide -------------------------------------------------------
        if verdict.passed:
            stop_reason = "passed"
            break
        remaining = ledger.remaining_time()
        if remaining is not None and remaining <= 0:
            stop_reason = "deadline"
            break

    result = _result(
        run_id, policy, drafts, ledger, stop_reason, failure, messages if failure else []
    )
    if not drafts:
        message = str(failure) if failure else "the run produced no draft"
        yield stamp(
            RunFailed(
                run_id=run_id,
                error=message,
                error_type=type(failure).__name__ if failure else "RunFailedError",
                result=result,
            )
        )
        return
    yield stamp(RunCompleted(run_id=run_id, result=result))


async def run(
    request: RunRequest | str,
    *,
    generator: Provider,
    evaluator: Evaluator,
    policy: Policy | None = None,
    run_id: str | None = None,
    on_event: Callable[[RunEvent], Any] | None = None,
) -> RunResult:
    """Drain :func:`stream_run` into its result.

    Raises :class:`RunFailedError` when no draft could be judged and
    :class:`QualityError` when no draft passed and the policy says ``raise``.
    """
    policy = policy or Policy()
    final: RunEvent | None = None
    async for event in stream_run(
        request, generator=generator, evaluator=evaluator, policy=policy, run_id=run_id
    ):
        if on_event is not None:
            on_event(event)
        final = event
    if isinstance(final, RunFailed):
        raise RunFailedError(final.error, result=final.result, error_type=final.error_type)
    assert isinstance(final, RunCompleted)  # the stream always ends with one of the two
    result = final.result
    if not result.passed and policy.on_exhausted == "raise":
        raise QualityError(
            f"no draft passed after {result.attempts} attempt(s); "
            f"best score {result.score:.2f} < threshold {policy.threshold:.2f}",
            result=result,
        )
    return result


def run_sync(
    request: RunRequest | str,
    *,
    generator: Provider,
    evaluator: Evaluator,
    policy: Policy | None = None,
) -> RunResult:
    """:func:`run` for code that has no event loop."""
    return asyncio.run(run(request, generator=generator, evaluator=evaluator, policy=policy))


async def _judge(
    evaluator: Evaluator, subject: Subject, context: EvaluationContext, ledger: Ledger
) -> Verdict:
    """Evaluate under the run's deadline; any failure becomes a degraded verdict."""
    try:
        async with asyncio.timeout(ledger.remaining_time()):
            verdict = await evaluator.evaluate(subject, context)
    except TimeoutError:
        return _error_verdict(evaluator, "the run's deadline passed during evaluation")
    except RedraftError as exc:
        return _error_verdict(evaluator, f"{type(exc).__name__}: {exc}")
    except Exception as exc:  # an evaluator bug must not end the run or pass a draft
        return _error_verdict(evaluator, f"evaluator crashed: {type(exc).__name__}: {exc}")
    if verdict.passed and verdict.degraded:
        # Whatever the evaluator says, a failed judge never counts as a pass.
        verdict = verdict.model_copy(
            update={"passed": False, "reason": f"degraded evaluation: {verdict.reason}"}
        )
    return verdict


def _error_verdict(evaluator: Evaluator, reason: str) -> Verdict:
    evidence = Evidence(
        evaluator=evaluator.name, kind=evaluator.kind, status="error", passed=False, reason=reason
    )
    return Verdict(score=0.0, passed=False, reason=reason, evidence=[evidence])


def _stop_reason_for(error: RedraftError) -> StopReason:
    if isinstance(error, BudgetExhaustedError):
        return "deadline" if error.limit == "deadline" else "budget"
    return "error"


def _result(
    run_id: str,
    policy: Policy,
    drafts: list[Draft],
    ledger: Ledger,
    stop_reason: StopReason,
    failure: RedraftError | None,
    failed_messages: list[Message],
) -> RunResult:
    final = _pick_final(drafts, policy, stop_reason)
    score = final.verdict.score if final and final.verdict else 0.0
    return RunResult(
        run_id=run_id,
        final_answer=final.text if final else "",
        passed=bool(final and final.verdict and final.verdict.passed),
        score=score,
        attempts=len(drafts),
        final_attempt=final.attempt if final else None,
        stop_reason=stop_reason,
        drafts=drafts,
        calls=list(ledger.calls),
        usage=ledger.usage,
        policy=policy,
        error=_describe_failure(failure),
        continue_context=failed_messages,
    )


def _pick_final(drafts: list[Draft], policy: Policy, stop_reason: StopReason) -> Draft | None:
    if not drafts:
        return None
    if stop_reason == "passed" or policy.on_exhausted == "last":
        return drafts[-1]
    # best (and raise, whose error still carries the best draft): the
    # highest-scoring draft; the earliest one wins a tie.
    return max(drafts, key=lambda d: d.verdict.score if d.verdict else 0.0)


def _describe_failure(failure: RedraftError | None) -> str | None:
    if failure is None:
        return None
    if isinstance(failure, ProviderError | RealModelCallBlockedError | BudgetExhaustedError):
        return f"{type(failure).__name__}: {failure}"
    return str(failure)
