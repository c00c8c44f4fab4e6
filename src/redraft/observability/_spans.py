"""The spans of one traced run: :class:`RunTrace` turns events into spans.

Kept apart from :mod:`redraft.observability._telemetry` (which decides *whether* to trace)
because only this module touches the OpenTelemetry API, and only once a run
is actually traced. Spans carry the events' own times: a call is announced
after it finished, so its span ends then and starts ``latency_ms`` earlier
(never before its parent). The layout is in ``docs/observability.md``.
"""

from __future__ import annotations

import json
import logging
import time
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from redraft.core._events import (
    CallRecorded,
    DraftCompleted,
    DraftStarted,
    EvidenceRecorded,
    FeedbackPrepared,
    RunCompleted,
    RunEvent,
    RunFailed,
    RunStarted,
    ToolExecuted,
    VerdictReached,
)
from redraft.core._types import CallRecord, Evidence, Message

__all__ = ["RunTrace"]

AGENT_NAME = "redraft"
RUN_SPAN = f"invoke_agent {AGENT_NAME}"
DRAFT_SPAN = "redraft.draft"
EVALUATION_SPAN = "redraft.evaluation"
EVALUATION_EVENT = "gen_ai.evaluation.result"

log = logging.getLogger("redraft.telemetry")


def _ns(at: float) -> int:
    return int(at * 1e9)


def _clean(attributes: dict[str, Any]) -> dict[str, Any]:
    """OpenTelemetry attributes cannot be None."""
    return {k: v for k, v in attributes.items() if v is not None}


def _split_spec(spec: str) -> tuple[str, str]:
    """``openai:gpt-4o`` → (``openai``, ``gpt-4o``); ``local`` → (``local``, ``local``)."""
    family, _, model = spec.partition(":")
    return family, model or family


def _error_type(error: str | None) -> str:
    """The class part of a recorded error (``ProviderError: …`` → ``ProviderError``)."""
    head = (error or "").split(":", 1)[0].strip()
    return head if head and " " not in head else "_OTHER"


def _message(role: str, text: str, **extra: str) -> dict[str, Any]:
    return {"role": role, "parts": [{"type": "text", "content": text}], **extra}


def _messages_json(messages: Sequence[Message]) -> str:
    return json.dumps([_message(m.role, m.text) for m in messages], ensure_ascii=False)


def _output_json(text: str, finish_reason: str | None) -> str:
    output = _message("assistant", text, finish_reason=finish_reason or "stop")
    return json.dumps([output], ensure_ascii=False)


@dataclass
class _Attempt:
    number: int
    span: Any
    start_ns: int
    last_ns: int
    completed_ns: int | None = None
    evaluation: Any = None
    evaluation_start_ns: int = 0
    answer: Any = None
    """The draft's own chat span, kept open until its verdict is added to it."""
    answer_end_ns: int = 0


class RunTrace:
    """The open spans of one run. Never raises into the loop: a failure here
    stops this run's tracing and is logged."""

    def __init__(self, tracer: Any, capture: bool) -> None:
        from opentelemetry import trace

        self._api = trace
        self._tracer = tracer
        self._capture = capture
        self._run: Any = None
        self._run_start_ns = 0
        self._judge = ""
        self._attempts: dict[int, _Attempt] = {}
        self._done = False

    def observe(self, event: RunEvent) -> None:
        if self._done:
            return
        try:
            self._observe(event)
        except Exception:
            self._done = True
            log.warning("tracing run %s failed; its spans stop here", event.run_id, exc_info=True)

    def _start(
        self, name: str, parent: Any, start_ns: int, attributes: dict[str, Any], kind: Any = None
    ) -> Any:
        context = self._api.set_span_in_context(parent) if parent is not None else None
        return self._tracer.start_span(
            name,
            context=context,
            kind=kind if kind is not None else self._api.SpanKind.INTERNAL,
            attributes=_clean(attributes),
            start_time=start_ns,
        )

    def _fail(self, span: Any, error_type: str, description: str | None = None) -> None:
        span.set_attribute("error.type", error_type)
        span.set_status(self._api.Status(self._api.StatusCode.ERROR, description or error_type))

    # -- events ---------------------------------------------------------------

    def _observe(self, event: RunEvent) -> None:
        at = _ns(event.at)
        if isinstance(event, RunStarted):
            self._run_started(event, at)
        elif self._run is None:
            return  # joined mid-stream: nothing to hang spans on
        elif isinstance(event, DraftStarted):
            self._draft_started(event, at)
        elif isinstance(event, CallRecorded):
            self._call(event.call, at)
        elif isinstance(event, ToolExecuted):
            self._tool(event, at)
        elif isinstance(event, DraftCompleted):
            self._draft_completed(event, at)
        elif isinstance(event, EvidenceRecorded):
            self._evidence(event, at)
        elif isinstance(event, VerdictReached):
            self._verdict(event, at)
        elif isinstance(event, FeedbackPrepared):
            attributes: dict[str, Any] = {
                "redraft.attempt": event.attempt,
                "redraft.feedback.strategy": event.strategy,
            }
            if self._capture:
                attributes["redraft.feedback.message"] = event.message
            self._run.add_event("redraft.feedback", attributes, timestamp=at)
        elif isinstance(event, RunCompleted | RunFailed):
            self._run_ended(event, at)

    def _run_started(self, event: RunStarted, at: int) -> None:
        provider, model = _split_spec(event.model)
        policy = event.policy
        attributes: dict[str, Any] = {
            "gen_ai.operation.name": "invoke_agent",
            "gen_ai.agent.name": AGENT_NAME,
            "gen_ai.provider.name": provider,
            "gen_ai.request.model": model,
            "redraft.run_id": event.run_id,
            "redraft.evaluator": event.judge,
            "redraft.policy.threshold": policy.threshold,
            "redraft.policy.max_attempts": policy.max_attempts,
            "redraft.policy.feedback": policy.feedback,
            "redraft.policy.delivery": policy.delivery,
        }
        if self._capture:
            attributes["gen_ai.input.messages"] = _messages_json(event.request.messages)
        self._judge = event.judge
        self._run_start_ns = at
        self._run = self._start(RUN_SPAN, None, at, attributes)

    def _draft_started(self, event: DraftStarted, at: int) -> None:
        _family, model = _split_spec(event.model or "")
        attributes: dict[str, Any] = {
            "redraft.run_id": event.run_id,
            "redraft.attempt": event.attempt,
            "redraft.redraft": event.attempt > 1,
            "gen_ai.request.model": model or None,
        }
        if self._capture and event.feedback:
            attributes["redraft.feedback.message"] = event.feedback
        span = self._start(DRAFT_SPAN, self._run, at, attributes)
        self._attempts[event.attempt] = _Attempt(event.attempt, span, start_ns=at, last_ns=at)

    def _parent_for(self, call: CallRecord, end: int, latency: int) -> tuple[Any, int]:
        attempt = self._attempts.get(call.attempt)
        if attempt is None:
            return self._run, self._run_start_ns
        attempt.last_ns = max(attempt.last_ns, end)
        if call.kind in ("judge", "re_evaluation"):
            self._ensure_evaluation(attempt, end - latency)
            return attempt.evaluation, attempt.evaluation_start_ns
        return attempt.span, attempt.start_ns

    def _call(self, call: CallRecord, at: int) -> None:
        latency = int(call.latency_ms * 1e6)
        parent, floor = self._parent_for(call, at, latency)
        attributes: dict[str, Any] = {
            "gen_ai.operation.name": "chat",
            "gen_ai.provider.name": call.provider,
            "gen_ai.request.model": call.model,
            "gen_ai.request.max_tokens": call.parameters.get("max_tokens"),
            "gen_ai.request.temperature": call.parameters.get("temperature"),
            "gen_ai.usage.input_tokens": call.usage.input_tokens,
            "gen_ai.usage.output_tokens": call.usage.output_tokens,
            "gen_ai.response.finish_reasons": [call.finish_reason] if call.finish_reason else None,
            "redraft.call.kind": call.kind,
            "redraft.call.status": call.status,
            "redraft.call.retry": call.retry,
            "redraft.attempt": call.attempt,
            "redraft.evaluator": call.evaluator,
        }
        if self._capture:
            attributes["gen_ai.input.messages"] = _messages_json(call.messages)
            attributes["gen_ai.output.messages"] = _output_json(call.text, call.finish_reason)
        start = max(at - latency, floor)
        span = self._start(
            f"chat {call.model}", parent, start, attributes, self._api.SpanKind.CLIENT
        )
        if call.status == "error":
            self._fail(span, _error_type(call.error), call.error)
        attempt = self._attempts.get(call.attempt)
        if call.kind == "draft" and call.status != "error" and attempt is not None:
            # The latest good draft call wrote the text the verdict is about.
            self._end_answer(attempt)
            attempt.answer, attempt.answer_end_ns = span, at
        else:
            span.end(end_time=at)

    def _tool(self, event: ToolExecuted, at: int) -> None:
        execution = event.execution
        attempt = self._attempts.get(event.attempt)
        parent, floor = (attempt.span, attempt.start_ns) if attempt else (self._run, 0)
        attributes: dict[str, Any] = {
            "gen_ai.operation.name": "execute_tool",
            "gen_ai.tool.name": execution.name,
            "gen_ai.tool.call.id": execution.call_id,
            "gen_ai.tool.type": "function",
            "redraft.attempt": event.attempt,
        }
        if self._capture:
            attributes["gen_ai.tool.call.arguments"] = execution.arguments
            attributes["gen_ai.tool.call.result"] = execution.result
        start = max(at - int(execution.latency_ms * 1e6), floor)
        span = self._start(f"execute_tool {execution.name}", parent, start, attributes)
        if execution.error is not None:
            self._fail(span, _error_type(execution.error), execution.error)
        span.end(end_time=at)

    def _draft_completed(self, event: DraftCompleted, at: int) -> None:
        attempt = self._attempts.get(event.attempt)
        if attempt is None:
            return
        attempt.completed_ns = attempt.last_ns = at
        span = attempt.span
        span.set_attribute("redraft.draft.finish_reason", event.finish_reason or "stop")
        if self._capture:
            output = _output_json(event.text, event.finish_reason)
            span.set_attribute("gen_ai.output.messages", output)
        if event.finish_reason == "cancelled":
            self._close_attempt(event.attempt, at)

    def _ensure_evaluation(self, attempt: _Attempt, fallback_start: int) -> None:
        if attempt.evaluation is not None:
            return
        start = attempt.completed_ns if attempt.completed_ns is not None else fallback_start
        start = max(start, attempt.start_ns)
        attempt.evaluation_start_ns = start
        attempt.evaluation = self._start(
            EVALUATION_SPAN,
            attempt.span,
            start,
            {"redraft.evaluator": self._judge, "redraft.attempt": attempt.number},
        )

    def _evidence(self, event: EvidenceRecorded, at: int) -> None:
        attempt = self._attempts.get(event.attempt)
        if attempt is None:
            return
        self._ensure_evaluation(attempt, at)
        attempt.last_ns = at
        attempt.evaluation.add_event(
            EVALUATION_EVENT, _clean(_evidence_result(event.evidence)), timestamp=at
        )

    def _verdict(self, event: VerdictReached, at: int) -> None:
        attempt = self._attempts.get(event.attempt)
        if attempt is None:
            return
        verdict = event.verdict
        self._ensure_evaluation(attempt, at)
        errors = [e for e in verdict.evidence if e.status == "error"]
        result: dict[str, Any] = {
            "gen_ai.evaluation.name": self._judge,
            "gen_ai.evaluation.score.value": verdict.score,
            "gen_ai.evaluation.score.label": "pass" if verdict.passed else "fail",
            "gen_ai.evaluation.explanation": verdict.reason or None,
        }
        if errors:
            result["error.type"] = str(errors[0].data.get("error_type") or "_OTHER")
        target = attempt.answer if attempt.answer is not None else attempt.span
        target.add_event(EVALUATION_EVENT, _clean(result), timestamp=at)
        evaluation = attempt.evaluation
        scored = {"redraft.verdict.score": verdict.score, "redraft.verdict.passed": verdict.passed}
        evaluation.set_attributes(scored)
        if errors:
            self._fail(evaluation, result["error.type"], "an evaluator failed")
        evaluation.end(end_time=at)
        attempt.evaluation = None
        attempt.span.set_attributes(scored)
        self._close_attempt(event.attempt, at)

    def _end_answer(self, attempt: _Attempt) -> None:
        if attempt.answer is not None:
            attempt.answer.end(end_time=attempt.answer_end_ns)
            attempt.answer = None

    def _close_attempt(self, number: int, at: int | None = None) -> None:
        attempt = self._attempts.pop(number, None)
        if attempt is None:
            return
        end = at if at is not None else attempt.last_ns
        self._end_answer(attempt)
        if attempt.evaluation is not None:
            attempt.evaluation.end(end_time=end)
        if attempt.completed_ns is None:
            self._fail(attempt.span, "draft_failed", "the draft could not be written")
        attempt.span.end(end_time=end)

    def _run_ended(self, event: RunCompleted | RunFailed, at: int) -> None:
        for number in list(self._attempts):
            self._close_attempt(number)
        result = event.result
        span = self._run
        attributes: dict[str, Any] = {
            "gen_ai.usage.input_tokens": result.usage.input_tokens,
            "gen_ai.usage.output_tokens": result.usage.output_tokens,
            "redraft.passed": result.passed,
            "redraft.score": result.score,
            "redraft.attempts": result.attempts,
            "redraft.stop_reason": result.stop_reason,
        }
        if self._capture:
            attributes["gen_ai.output.messages"] = _output_json(result.final_answer, None)
        span.set_attributes(attributes)
        if isinstance(event, RunFailed):
            self._fail(span, event.error_type)
        span.end(end_time=at)
        self._done = True

    def abandon(self) -> None:
        """End what is still open: the consumer stopped before the run ended."""
        done, self._done = self._done, True
        if done or self._run is None:
            return
        now = time.time_ns()
        for number in list(self._attempts):
            self._close_attempt(number, now)
        self._fail(self._run, "cancelled", "the run's stream was closed before it ended")
        self._run.end(end_time=now)


def _evidence_result(evidence: Evidence) -> dict[str, Any]:
    """One evaluator's finding as a ``gen_ai.evaluation.result`` event."""
    # error and skipped findings keep their status as the label
    label = ("pass" if evidence.passed else "fail") if evidence.status == "ok" else evidence.status
    result: dict[str, Any] = {
        "gen_ai.evaluation.name": evidence.evaluator,
        "gen_ai.evaluation.score.value": evidence.score,
        "gen_ai.evaluation.score.label": label,
        "gen_ai.evaluation.explanation": evidence.reason or None,
        "redraft.evaluator.kind": evidence.kind,
    }
    if evidence.status == "error":
        result["error.type"] = str(evidence.data.get("error_type") or "_OTHER")
    return result
