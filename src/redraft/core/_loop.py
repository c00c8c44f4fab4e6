"""The redraft loop: draft → evaluate → decide → feedback, as a stream of events.

:func:`loop_events` is the one loop. :func:`redraft.stream_run` adds logging,
tracing, sequence numbers and hooks; everything else — :func:`redraft.run`,
the CLI's live view, the store, the HTTP streams — consumes those events.
"""

from __future__ import annotations

import contextlib
import dataclasses
import os
import random
import time
from collections.abc import AsyncIterator, Callable

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
from redraft.core._feedback import base_messages, prepare_feedback
from redraft.core._ledger import Ledger
from redraft.core._provider import Provider
from redraft.core._repair import describe_repairs, repair_draft
from redraft.core._selection import compare_rivals, rivals, select_draft
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
    Verdict,
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
    winner: Draft | None = None
    stop_reason: StopReason = "exhausted"
    failure: RedraftError | None = None
    messages = base_messages(request)
    attempt = 1

    sent: list[tuple[str, list[Message]]] = []
    while attempt <= policy.max_attempts:
        escalate = escalation is not None and policy.escalate_after is not None
        drafter = escalation if escalate and attempt > (policy.escalate_after or 0) else generator
        assert drafter is not None
        feedback: str | None = None
        basis = best_draft(drafts) if drafts else None
        repair = repair_draft(basis, drafts) if basis is not None and policy.repair else None
        if repair is not None:
            # No model call: the checks' own fixes of the kept draft, judged as a draft.
            feedback = describe_repairs(repair[1])
        elif basis is not None:
            messages, feedback = prepare_feedback(policy.feedback, request, basis, attempt)
            if policy.temperature == 0 and (drafter.spec, messages) in sent:
                # Greedy decoding answers the same messages with the same draft:
                # when a redraft fell behind the kept one, the next feedback is
                # built from the kept one again, word for word.
                stop_reason = "stalled"
                break
            if policy.delivery == "revise":
                yield Thinking(
                    run_id=run_id,
                    attempt=attempt,
                    message=_thinking(basis, policy),
                    strategy=policy.feedback,
                    retry_count=attempt - 1,
                )
            yield FeedbackPrepared(
                run_id=run_id, attempt=attempt, strategy=policy.feedback, message=feedback
            )
        if repair is None:
            sent.append((drafter.spec, messages))
        width = 1 if single or drafts else policy.candidates
        numbers = list(range(attempt, attempt + width))
        streams = [
            runner.events(
                n,
                messages,
                generator=drafter,
                feedback=feedback,
                previous=tuple(drafts),
                evaluate=skipped is None,
                repaired=repair[0] if repair is not None else None,
            )
            for n in numbers
        ]
        merged = merge(streams) if width > 1 else streams[0]
        async with contextlib.aclosing(merged):
            async for event in merged:
                yield event
                if isinstance(event, VerdictReached) and event.verdict.passed and width > 1:
                    break  # the first candidate to pass wins; the rest are cancelled
        for n in numbers:
            for event in runner.cancelled(n):
                yield event
        round_drafts = [runner.outcomes[n].draft for n in numbers]
        drafts.extend(d for d in round_drafts if d is not None)
        failures = [runner.outcomes[n].failure for n in numbers]
        if all(d is None for d in round_drafts):
            failure = next((f for f in failures if f is not None), None)
            failed = next((runner.outcomes[n] for n in numbers if runner.outcomes[n].failure), None)
            if failed is not None and failed.context:
                messages = failed.context
            stop_reason = _stop_reason_for(failure) if failure else "error"
            break

        # -- decide -------------------------------------------------------
        called = next((d for d in round_drafts if d is not None and d.tool_calls), None)
        if called is not None:
            # The caller's tools: its next request, with their results, is judged.
            winner, stop_reason = called, "tool_calls"
            break
        judged = [d for d in round_drafts if d is not None and d.verdict is not None]
        winner = next((d for d in judged if d.verdict and d.verdict.passed), None)
        if winner is not None:
            stop_reason = "passed"
            break
        if skipped is not None:
            stop_reason = "skipped"
            break
        if policy.delivery == "shadow":
            stop_reason = "shadow"
            break
        if policy.on_uncertain == "keep" and any(
            d.verdict and d.verdict.passed is None for d in judged
        ):
            stop_reason = "unverified"  # nothing failed; another draft would not be checked better
            break
        last = judged[-1] if judged else None
        if last and last.verdict and last.verdict.degraded:
            limit = _limit_hit(last.verdict, ledger)
            if limit is not None:
                stop_reason = limit
                break
            if policy.on_judge_error == "keep":
                winner, stop_reason = last, "degraded"
                break
        if last and last.verdict and _out_of_reach(last.verdict, policy.max_tokens):
            stop_reason = "out_of_reach"
            break
        if _stalled(drafts, policy):
            stop_reason = "stalled"
            break
        remaining = ledger.remaining_time()
        if remaining is not None and remaining <= 0:
            stop_reason = "deadline"
            break
        attempt += width

    comparison: DraftComparison | None = None
    if evaluator is not None and _may_compare(evaluator, policy, winner, stop_reason):
        pair = rivals(drafts)
        if pair is not None:
            comparison = await compare_rivals(evaluator, request, pair, ledger, policy)
    for event in runner.announce_calls():
        yield event
    result = _result(
        run_id,
        policy,
        drafts,
        ledger,
        stop_reason,
        failure,
        messages if failure else [],
        winner=winner,
        skipped=skipped,
        comparison=comparison,
    )
    if not drafts:
        message = str(failure) if failure else "the run produced no draft"
        yield RunFailed(
            run_id=run_id,
            error=message,
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


def _limit_hit(verdict: Verdict, ledger: Ledger) -> StopReason | None:
    """``deadline`` or ``budget`` when the evaluation failed for want of time
    or tokens: that ends the run for the same reason, not as a judge fault."""
    remaining = ledger.remaining_time()
    if remaining is not None and remaining <= 0:
        return "deadline"
    if any(e.data.get("error_type") == "BudgetExhaustedError" for e in verdict.evidence):
        return "budget"
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


def best_draft(drafts: list[Draft]) -> Draft:
    """The draft feedback builds on: the one kept so far (see :func:`select_draft`)."""
    judged = [d for d in drafts if d.verdict is not None]
    return select_draft(judged) if judged else drafts[-1]


def _thinking(draft: Draft, policy: Policy) -> str:
    verdict = draft.verdict
    if verdict is None:
        return f"Draft {draft.attempt} could not be judged; writing another."
    reason = clause(verdict.reason) or "it fell short"
    return (
        f"Draft {draft.attempt} scored {verdict.score:.2f} (it needs {policy.threshold:.2f}): "
        f"{reason}. Revising it."
    )


def _out_of_reach(verdict: Verdict, max_tokens: int) -> bool:
    """A required check failed that no draft of ``max_tokens`` tokens can pass
    (its evidence says the fewest tokens a passing answer needs)."""
    return any(
        evidence.required
        and evidence.passed is False
        and isinstance(needed := evidence.data.get("min_tokens"), int)
        and needed > max_tokens
        for evidence in verdict.evidence
    )


def _stalled(drafts: list[Draft], policy: Policy) -> bool:
    """Redrafting stopped helping: no real gain on the best score, or the same critique again."""
    if policy.min_improvement is None or len(drafts) < 2:
        return False
    latest, earlier = drafts[-1], drafts[:-1]
    if latest.verdict is None:
        return False
    best = max((d.verdict.score for d in earlier if d.verdict), default=0.0)
    if latest.verdict.score - best <= policy.min_improvement:
        return True
    before = earlier[-1].verdict
    return before is not None and (before.reason, before.suggestions) == (
        latest.verdict.reason,
        latest.verdict.suggestions,
    )


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
    *,
    winner: Draft | None,
    skipped: str | None,
    comparison: DraftComparison | None = None,
) -> RunResult:
    final = winner or pick_final(drafts, policy, stop_reason)
    if comparison is not None:
        final = next((d for d in drafts if d.attempt == comparison.chosen), final)
    score = final.verdict.score if final and final.verdict else 0.0
    passed: bool | None = False
    if final is not None and final.verdict is not None:
        passed = final.verdict.passed
    elif final is not None and (skipped is not None or final.tool_calls):
        passed = None  # not evaluated: unverified, never passed
    return RunResult(
        run_id=run_id,
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
        error=_describe_failure(failure),
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
