"""One attempt of the loop — draft, then evaluate — as a stream of events.

The loop runs attempts one after another, or several at once (candidates),
merging their events; either way each attempt's outcome lands in an
:class:`AttemptOutcome` the loop reads when the attempt's events are exhausted.
"""

from __future__ import annotations

import asyncio
import contextlib
import time
from collections.abc import AsyncGenerator, AsyncIterator, Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from redraft.core._errors import BudgetExhaustedError, RedraftError, ToolLoopLimitError
from redraft.core._evaluator import (
    EvaluationContext,
    Evaluator,
    Subject,
    error_verdict,
    settle,
)
from redraft.core._events import (
    CallRecorded,
    DraftCompleted,
    DraftStarted,
    EvidenceRecorded,
    RunEvent,
    TextDelta,
    ToolExecuted,
    VerdictReached,
)
from redraft.core._ledger import Ledger
from redraft.core._provider import Provider
from redraft.core._tool_loop import ToolConversation, draft_with_tools
from redraft.core._tools import Toolbox, ToolExecution
from redraft.core._types import (
    Draft,
    Evidence,
    Message,
    ModelRequest,
    Policy,
    RunRequest,
    StreamChunk,
    Verdict,
)

__all__ = ["AttemptOutcome", "AttemptRunner", "evaluate_within_limits", "merge"]


@dataclass
class AttemptOutcome:
    """What one attempt left behind."""

    attempt: int
    text: str = ""
    draft: Draft | None = None
    failure: RedraftError | None = None
    started: bool = False
    draft_ms: float = 0.0
    executions: list[ToolExecution] = field(default_factory=list)
    context: list[Message] = field(default_factory=list)
    """The conversation to resubmit when the attempt failed (tool turns included)."""
    finish: str | None = None
    """The finish reason the draft's stream gave (or ``deadline``: cut short)."""
    early: Evidence | None = None
    """With delivery ``parallel``: the check that stopped the draft while it was written."""


@dataclass
class AttemptRunner:
    """Runs attempts of one run: shared ledger, request, policy and evaluator."""

    run_id: str
    request: RunRequest
    policy: Policy
    evaluator: Evaluator | None
    """None: nothing to evaluate, every attempt is drafted unevaluated."""
    ledger: Ledger
    clock: Callable[[], float] = time.monotonic
    outcomes: dict[int, AttemptOutcome] = field(default_factory=dict)
    query: dict[str, object] | None = None
    """The query analysis, for judges that see the full context."""
    toolbox: Toolbox | None = None
    stream_drafts: bool = True
    """False: ask the generator for whole drafts (no one watches them being
    written: a non-streamed request, no early stop), one chunk each."""

    def announce_calls(self) -> list[RunEvent]:
        return [CallRecorded(run_id=self.run_id, call=c) for c in self.ledger.new_records()]

    async def events(
        self,
        attempt: int,
        messages: list[Message],
        *,
        generator: Provider,
        feedback: str | None,
        previous: Sequence[Draft],
        evaluate: bool = True,
        repaired: str | None = None,
    ) -> AsyncGenerator[RunEvent, None]:
        """Draft ``attempt`` and (unless ``evaluate`` is False) judge it.

        With delivery ``parallel`` the evaluator's :meth:`definite_failure`
        watches the partial draft and aborts it the moment it cannot pass.
        ``repaired``: the draft is this text, made without a model (see
        :mod:`redraft.core._repair`); only its evaluation runs.
        """
        evaluator = self.evaluator if evaluate else None
        outcome = self.outcomes.setdefault(attempt, AttemptOutcome(attempt))
        outcome.started = True
        model = "repair" if repaired is not None else generator.spec
        yield DraftStarted(run_id=self.run_id, attempt=attempt, feedback=feedback, model=model)
        conversation = ToolConversation(messages)
        writing = self._write(outcome, conversation, generator, repaired, evaluator)
        async with contextlib.aclosing(writing) as written:
            async for event in written:
                yield event
        for event in self.announce_calls():
            yield event
        if outcome.failure is not None:
            return
        finish = "aborted" if outcome.early is not None else outcome.finish
        text, called = outcome.text, conversation.client_calls
        if called:
            # The caller runs its own tools: nothing to judge until it answers.
            finish = "tool_calls"
        yield DraftCompleted(run_id=self.run_id, attempt=attempt, text=text, finish_reason=finish)
        verdict: Verdict | None = None
        if not called and evaluator is not None:
            verdict = await self._verdict(evaluator, outcome, previous, finish)
            for event in self.announce_calls():
                yield event
            for evidence in verdict.evidence:
                yield EvidenceRecorded(run_id=self.run_id, attempt=attempt, evidence=evidence)
            yield VerdictReached(run_id=self.run_id, attempt=attempt, verdict=verdict)
        outcome.draft = Draft(
            attempt=attempt,
            text=text,
            verdict=verdict,
            feedback=feedback,
            finish_reason=finish,
            tool_calls=called,
        )

    async def _write(
        self,
        outcome: AttemptOutcome,
        conversation: ToolConversation,
        generator: Provider,
        repaired: str | None,
        evaluator: Evaluator | None,
    ) -> AsyncGenerator[RunEvent, None]:
        """The drafting step: the draft's pieces and tool runs as events; its
        text, finish reason and any failure are left on ``outcome``."""
        attempt, started = outcome.attempt, self.clock()
        try:
            chunks = (
                _whole(repaired)
                if repaired is not None
                else self._draft(generator, conversation, attempt)
            )
            async with contextlib.aclosing(chunks):
                async for chunk in chunks:
                    if isinstance(chunk, ToolExecution):
                        # The draft is what the model writes after its last tool call.
                        outcome.text = ""
                        outcome.executions.append(chunk)
                        for event in self.announce_calls():
                            yield event
                        yield ToolExecuted(run_id=self.run_id, attempt=attempt, execution=chunk)
                        continue
                    if chunk.delta:
                        outcome.text += chunk.delta
                        yield TextDelta(run_id=self.run_id, attempt=attempt, delta=chunk.delta)
                        if evaluator is not None and self.policy.delivery == "parallel":
                            outcome.early = evaluator.definite_failure(outcome.text)
                            if outcome.early is not None:
                                break
                    outcome.finish = chunk.finish_reason or outcome.finish
        except BudgetExhaustedError as exc:
            if exc.limit == "deadline" and outcome.text.strip():
                # What was written before the deadline is kept, marked cut short:
                # an answer in hand beats an empty one. It is never passed unjudged.
                outcome.finish = "deadline"
            else:
                outcome.failure, outcome.context = exc, list(conversation.messages)
        except RedraftError as exc:
            outcome.failure = exc
            outcome.context = (
                list(exc.messages)
                if isinstance(exc, ToolLoopLimitError)
                else list(conversation.messages)
            )
        outcome.draft_ms = (self.clock() - started) * 1000

    async def _verdict(
        self,
        evaluator: Evaluator,
        outcome: AttemptOutcome,
        previous: Sequence[Draft],
        finish: str | None,
    ) -> Verdict:
        """The judging step: the evaluator's verdict on the written draft."""
        if outcome.early is not None:
            verdict = _early_verdict(outcome.early)
        else:
            verdict = await evaluate_within_limits(
                evaluator,
                Subject(
                    request=self.request,
                    text=outcome.text,
                    attempt=outcome.attempt,
                    previous=tuple(previous),
                ),
                EvaluationContext(
                    threshold=self.policy.threshold,
                    gateway=self.ledger,
                    extra=self._judge_extra(outcome),
                ),
                self.ledger,
                timeout_s=self.policy.judge_timeout_s,
            )
        if finish == "deadline" and verdict.passed is not False:
            # What the checks saw is kept, but an answer cut short is not whole.
            verdict = verdict.model_copy(
                update={"passed": False, "reason": f"cut short by the deadline; {verdict.reason}"}
            )
        return verdict

    def _draft(
        self, generator: Provider, conversation: ToolConversation, attempt: int
    ) -> AsyncGenerator[StreamChunk | ToolExecution, None]:
        theirs = self.request.tools or []
        if (self.toolbox is not None and len(self.toolbox)) or theirs:
            return draft_with_tools(
                self.ledger,
                generator,
                conversation,
                self.toolbox if self.toolbox is not None else Toolbox(),
                attempt=attempt,
                max_iterations=self.policy.max_tool_iterations,
                max_tokens=self.policy.max_tokens,
                temperature=self.policy.temperature,
                client_tools=theirs,
            )
        request = ModelRequest(
            messages=conversation.messages,
            max_tokens=self.policy.max_tokens,
            temperature=self.policy.temperature,
        )
        return self.ledger.stream(
            generator, request, kind="draft", attempt=attempt, native_stream=self.stream_drafts
        )

    def cancelled(self, attempt: int) -> list[RunEvent]:
        """Close the record of an attempt stopped because another one passed."""
        outcome = self.outcomes[attempt]
        if outcome.draft is not None or outcome.failure is not None or not outcome.started:
            return []
        outcome.draft = Draft(attempt=attempt, text=outcome.text, finish_reason="cancelled")
        return [
            *self.announce_calls(),
            DraftCompleted(
                run_id=self.run_id, attempt=attempt, text=outcome.text, finish_reason="cancelled"
            ),
        ]

    def _judge_extra(self, outcome: AttemptOutcome) -> dict[str, object]:
        if self.policy.judge_context != "full":
            return {}
        extra: dict[str, object] = {
            "judge_context": "full",
            "timings": {"draft_ms": round(outcome.draft_ms, 1), "attempt": outcome.attempt},
        }
        if self.query is not None:
            extra["query_analysis"] = self.query
        if outcome.executions:
            extra["tool_executions"] = [e.model_dump() for e in outcome.executions]
        return extra


async def _whole(text: str) -> AsyncGenerator[StreamChunk, None]:
    yield StreamChunk(delta=text, finish_reason="repair")


def _early_verdict(evidence: Evidence) -> Verdict:
    reason = f"stopped while drafting: {evidence.evaluator}: {evidence.reason}"
    return Verdict(
        score=evidence.score or 0.0,
        passed=False,
        reason=reason,
        suggestions=list(evidence.suggestions),
        evidence=[evidence],
    )


async def evaluate_within_limits(
    evaluator: Evaluator,
    subject: Subject,
    context: EvaluationContext,
    ledger: Ledger,
    *,
    timeout_s: float | None = None,
) -> Verdict:
    """Evaluate within the run's deadline (and the judge's own limit); any
    failure becomes a degraded verdict that never passes."""
    remaining = ledger.remaining_time()
    limit = min((t for t in (remaining, timeout_s) if t is not None), default=None)
    try:
        async with asyncio.timeout(limit):
            verdict = await evaluator.evaluate(subject, context)
    except TimeoutError:
        if timeout_s is not None and (remaining is None or timeout_s < remaining):
            return _error_verdict(evaluator, f"the judge timed out after {timeout_s:g}s")
        return _error_verdict(evaluator, "the run's deadline passed during evaluation")
    except RedraftError as exc:
        return _error_verdict(evaluator, f"{type(exc).__name__}: {exc}", type(exc).__name__)
    except Exception as exc:  # an evaluator bug must not end the run or pass a draft
        return _error_verdict(
            evaluator, f"evaluator crashed: {type(exc).__name__}: {exc}", type(exc).__name__
        )
    if verdict.passed is not False and verdict.degraded:
        # Whatever the evaluator says, a failed judge never counts as a pass.
        verdict = verdict.model_copy(
            update={"passed": False, "reason": f"degraded evaluation: {verdict.reason}"}
        )
    return settle(verdict)


def _error_verdict(evaluator: Evaluator, reason: str, error_type: str = "TimeoutError") -> Verdict:
    return error_verdict(evaluator, reason, data={"error_type": error_type})


async def merge(streams: Sequence[AsyncIterator[RunEvent]]) -> AsyncGenerator[RunEvent, None]:
    """The events of several attempts as they come. Closing the merged stream
    early cancels the attempts still running."""
    queue: asyncio.Queue[RunEvent | None] = asyncio.Queue()

    async def pump(stream: AsyncIterator[RunEvent]) -> None:
        try:
            async for event in stream:
                queue.put_nowait(event)
        finally:
            queue.put_nowait(None)

    tasks = [asyncio.create_task(pump(s)) for s in streams]
    running = len(tasks)
    try:
        while running:
            item = await queue.get()
            if item is None:
                running -= 1
            else:
                yield item
    finally:
        for task in tasks:
            task.cancel()
        results: list[Any] = await asyncio.gather(*tasks, return_exceptions=True)
        for result in results:
            if isinstance(result, Exception):
                raise result
