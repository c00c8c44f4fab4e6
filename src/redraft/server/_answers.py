"""The answer-generation contract (``generate_answer``): ``POST /v1/answers``.

The request names an instruction, a response format and evaluation
criteria; the response lists every iteration with its evaluation and returns
the best answer when no iteration met the threshold. With ``"stream": true``
the same answer comes as server-sent events instead: an ``iteration`` event
as each iteration is judged, then the whole response as ``answer`` (or an
``error``). Here the shapes, the mapping to and from a run and the event
stream; the endpoint lives with the other routes.
"""

from __future__ import annotations

from collections.abc import AsyncIterator
from typing import Any

from fastapi.responses import StreamingResponse
from pydantic import BaseModel, ConfigDict, Field, field_validator

from redraft.config._profiles import Profile
from redraft.core._errors import ConfigurationError
from redraft.core._events import DraftCompleted, RunCompleted, RunFailed, VerdictReached
from redraft.core._types import Attempts, Draft, Message, Policy, RunResult, Threshold
from redraft.server._errors import ApiError, stream_failure
from redraft.server._executor import RunHandle
from redraft.server._options import RedraftOptions, RunPlan, plan_run
from redraft.server._wire import MAX_CONTENT_CHARS, MAX_MODEL_CHARS, error_status_for_name
from redraft.wire._sse import encode_sse, with_heartbeats

__all__ = [
    "AnswersRequest",
    "AnswersResponse",
    "EvaluationOut",
    "IterationEvent",
    "IterationOut",
    "answers_failure",
    "answers_response",
    "answers_stream",
    "plan_answers",
]


class AnswersRequest(BaseModel):
    """The answer-generation request (``GenerateAnswerRequest``)."""

    model_config = ConfigDict(
        extra="forbid",
        json_schema_extra={
            "examples": [
                {
                    "instruct": "Explain what a closure is in Python.",
                    "resp_format": "Two short paragraphs.",
                    "eval_crit": "Names the enclosing scope and gives an example.",
                    "iter_max": 3,
                    "score_threshold": 0.8,
                }
            ]
        },
    )

    instruct: str = Field(min_length=1, max_length=MAX_CONTENT_CHARS)
    resp_format: str = Field(max_length=MAX_CONTENT_CHARS)
    eval_crit: str = Field(max_length=MAX_CONTENT_CHARS)
    iter_max: Attempts = Policy.model_fields["max_attempts"].default
    """``max_attempts``, by the name the contract gives it."""
    score_threshold: Threshold = Policy.model_fields["threshold"].default
    """``threshold``, by the name the contract gives it."""
    model: str | None = Field(default=None, min_length=1, max_length=MAX_MODEL_CHARS)
    stream: bool = False
    """Answer with server-sent events, an iteration at a time (see :func:`answers_stream`)."""

    @field_validator("instruct")
    @classmethod
    def _instruct_has_text(cls, value: str) -> str:
        if not value.strip():
            raise ValueError("instruct must not be blank")
        return value


class EvaluationOut(BaseModel):
    """The evaluation of one iteration (``EvaluationResponse``)."""

    score: float
    meets_criteria: bool | None
    """None: nothing failed but not every requirement was verified."""
    evaluation_reasoning: str
    improvement_suggestions: list[str]


class IterationOut(BaseModel):
    """One draft and its evaluation; ``iteration_number`` counts from 1."""

    answer: str
    evaluation: EvaluationOut
    iteration_number: int


class IterationEvent(IterationOut):
    """A streamed iteration: :class:`IterationOut` and whether its draft passed
    (None: nothing failed but not every requirement was verified)."""

    passed: bool | None


class AnswersResponse(BaseModel):
    """The answer-generation response (``GenerateAnswerResponse``).
    ``final_answer`` is the passing answer, or the best-scoring one when
    ``iter_max`` ran out."""

    final_answer: str
    iterations: list[IterationOut]
    success: bool | None
    """None: the final answer is unverified (see the iterations' evaluations)."""
    total_iterations: int
    final_score: float
    metadata: dict[str, Any]


def plan_answers(req: AnswersRequest, profile: Profile) -> RunPlan:
    """The run behind one answers request: the ``criteria`` judge over
    ``eval_crit``, ``critique`` feedback (the evaluator's score, reasoning and
    suggestions), best answer on exhaustion. The profile supplies the models,
    its checks and its deadline and token budget."""
    if not profile.has_judge:
        raise ConfigurationError(
            f"profile {profile.name!r} has no judge model (judge_model = 'none'); "
            "answers need an evaluator: choose a profile or model with a judge"
        )
    options = RedraftOptions.model_validate(
        {
            "threshold": req.score_threshold,
            "max_attempts": req.iter_max,
            "criteria": req.eval_crit or None,
            "format": req.resp_format or None,
            "preset": "criteria",
            "feedback": "critique",
            "on_exhausted": "best",
            "stream_mode": "final",
        }
    )
    return plan_run(profile, options, [Message(role="user", content=req.instruct)])


def answers_response(result: RunResult) -> AnswersResponse:
    """Map a finished run onto the answers response, draft by draft."""
    usage = result.usage
    metadata: dict[str, Any] = {
        "run_id": result.run_id,
        "usage": {**usage.model_dump(), "total_tokens": usage.total_tokens},
        "cost_usd": result.cost_usd,
        "stop_reason": result.stop_reason,
        "final_iteration": result.final_attempt,
        "calls": len(result.calls),
    }
    if result.error:
        metadata["error"] = result.error
    return AnswersResponse(
        final_answer=result.final_answer,
        iterations=[
            IterationOut(answer=d.text, evaluation=_evaluation(d), iteration_number=d.attempt)
            for d in result.drafts
        ],
        success=result.passed,
        total_iterations=result.attempts,
        final_score=result.score,
        metadata=metadata,
    )


def answers_failure(failed: RunFailed) -> ApiError:
    """What a failed run answers: 502 with its ``run_id`` and the ``code`` of
    the error that ended it (``upstream_error``, ``deadline_exceeded`` …)."""
    code = error_status_for_name(failed.error_type, stop_reason=failed.result.stop_reason)[2]
    return ApiError(502, failed.error, type="api_error", code=code, extra={"run_id": failed.run_id})


def answers_stream(handle: RunHandle, *, heartbeat_s: float) -> StreamingResponse:
    """The run as server-sent events, each with an ``event:`` line:
    ``started`` (``run_id``), one ``iteration`` (:class:`IterationEvent`)
    as each draft is judged, then ``answer`` (the :class:`AnswersResponse`
    the request would have got without ``stream``) or ``error`` (the error
    body it would have got). A ``: keep-alive`` comment goes out every
    ``heartbeat_s`` while nothing else does. A client that leaves does not
    stop the run: ``GET /v1/runs/{id}`` shows how it ended."""
    return StreamingResponse(
        _answer_events(handle, heartbeat_s),
        media_type="text/event-stream",
        headers={
            "cache-control": "no-cache",
            "x-accel-buffering": "no",
            "x-redraft-run-id": handle.run_id,
        },
    )


async def _answer_events(handle: RunHandle, heartbeat_s: float) -> AsyncIterator[str]:
    yield encode_sse({"run_id": handle.run_id}, event="started")
    texts: dict[int, str] = {}
    try:
        async for event in with_heartbeats(handle.events(), heartbeat_s):
            if event is None:
                yield ": keep-alive\n\n"
            elif isinstance(event, DraftCompleted):
                texts[event.attempt] = event.text
            elif isinstance(event, VerdictReached):
                draft = Draft(
                    attempt=event.attempt, text=texts.get(event.attempt, ""), verdict=event.verdict
                )
                iteration = IterationEvent(
                    answer=draft.text,
                    evaluation=_evaluation(draft),
                    iteration_number=draft.attempt,
                    passed=event.verdict.passed,
                )
                yield encode_sse(iteration.model_dump_json(), event="iteration")
            elif isinstance(event, RunCompleted):
                yield encode_sse(answers_response(event.result).model_dump_json(), event="answer")
                return
            elif isinstance(event, RunFailed):
                yield encode_sse(answers_failure(event).body(openai_shape=True), event="error")
                return
    except Exception as exc:
        # The headers are out: the failure is the stream's last event.
        failure = stream_failure(exc, path="/v1/answers")
        yield encode_sse(failure.body(openai_shape=True), event="error")
        return
    failure = ApiError(503, "the run ended without a result", type="server_error")
    yield encode_sse(failure.body(openai_shape=True), event="error")


def _evaluation(draft: Draft) -> EvaluationOut:
    verdict = draft.verdict
    if verdict is None:
        return EvaluationOut(
            score=0.0,
            meets_criteria=False,
            evaluation_reasoning="not evaluated",
            improvement_suggestions=[],
        )
    finding = next(
        (
            e
            for e in verdict.evidence
            if e.kind == "judge" and e.status == "ok" and e.data.get("preset") == "criteria"
        ),
        None,
    )
    if finding is None:
        # The judge was skipped (a check failed first) or errored: the
        # verdict's own numbers and reason say why.
        return EvaluationOut(
            score=verdict.score,
            meets_criteria=verdict.passed,
            evaluation_reasoning=verdict.reason,
            improvement_suggestions=list(verdict.suggestions),
        )
    data = finding.data
    reasoning = data.get("evaluation_reasoning") or finding.reason or verdict.reason
    # Checks that failed next to a satisfied judge explain why the draft
    # still did not pass; name them so the iteration reads truthfully.
    failed_checks = [
        e.reason
        for e in verdict.evidence
        if e is not finding and e.status == "ok" and e.required and not e.passed
    ]
    if failed_checks:
        reasoning = f"{reasoning} Also failed: {'; '.join(failed_checks)}"
    judged = data.get("improvement_suggestions")
    suggestions = [str(s) for s in judged] if isinstance(judged, list) else []
    suggestions += [s for s in verdict.suggestions if s not in suggestions]
    meets = data.get("meets_criteria")
    return EvaluationOut(
        score=verdict.score,
        meets_criteria=meets if isinstance(meets, bool) else verdict.passed,
        evaluation_reasoning=str(reasoning),
        improvement_suggestions=suggestions,
    )
