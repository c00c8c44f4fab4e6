"""The typed event stream one run yields.

The loop is the only producer; the CLI view, the store, SSE and the
OpenAI-compatible stream are consumers. ``type`` is the discriminator, so a
stored event reads back with :data:`EVENT_ADAPTER` (under an old name too).
"""

from __future__ import annotations

import time
from typing import Annotated, Any, Literal

from pydantic import BaseModel, BeforeValidator, Field, TypeAdapter

from redraft.core._tools import ToolExecution
from redraft.core._types import (
    CallRecord,
    Evidence,
    FeedbackStrategy,
    Policy,
    RunRequest,
    RunResult,
    Verdict,
)

__all__ = [
    "EVENT_ADAPTER",
    "CallRecorded",
    "DraftCompleted",
    "DraftStarted",
    "EvidenceRecorded",
    "FeedbackPrepared",
    "RENAMED_EVENTS",
    "RunCompleted",
    "RunEvent",
    "RunFailed",
    "RunStarted",
    "TextDelta",
    "Thinking",
    "ToolExecuted",
    "VerdictReached",
]


class _Event(BaseModel):
    run_id: str
    seq: int = 0
    """Position in the run's stream, from 1; set by the loop."""
    at: float = Field(default_factory=time.time)


class RunStarted(_Event):
    type: Literal["run_started"] = "run_started"
    request: RunRequest
    policy: Policy
    model: str
    judge: str


class DraftStarted(_Event):
    type: Literal["draft_started"] = "draft_started"
    attempt: int
    feedback: str | None = None
    model: str | None = None
    """The generator's spec (it changes when the policy escalates)."""


class TextDelta(_Event):
    type: Literal["text_delta"] = "text_delta"
    attempt: int
    delta: str


class ToolExecuted(_Event):
    """A tool the model called while drafting ran; the draft is the text
    written after the last of these."""

    type: Literal["tool_executed"] = "tool_executed"
    attempt: int
    execution: ToolExecution


class DraftCompleted(_Event):
    type: Literal["draft_completed"] = "draft_completed"
    attempt: int
    text: str
    finish_reason: str | None = None
    """The model's, or ``aborted`` (a partial check failed, delivery
    ``parallel``), ``cancelled`` (another candidate passed first) or
    ``deadline`` (the run's deadline cut the draft short: the text is what was
    written by then)."""


class CallRecorded(_Event):
    type: Literal["call_recorded"] = "call_recorded"
    call: CallRecord


class EvidenceRecorded(_Event):
    type: Literal["evidence_recorded"] = "evidence_recorded"
    attempt: int
    evidence: Evidence


class VerdictReached(_Event):
    type: Literal["verdict_reached"] = "verdict_reached"
    attempt: int
    verdict: Verdict


class Thinking(_Event):
    """The ``thinking`` message (delivery ``revise``): why the draft the
    user just saw is being replaced."""

    type: Literal["thinking"] = "thinking"
    attempt: int
    """The attempt that will replace it."""
    message: str
    strategy: FeedbackStrategy | None = None
    """How the verdict becomes the revision's instructions (the feedback
    strategy); None in events stored before it was recorded."""
    retry_count: int = Field(default=0, ge=0)
    """Which redraft this is: 1 for the first (``attempt - 1``), as the graph
    loop design counts regenerations; 0 in events stored before it was recorded."""


class FeedbackPrepared(_Event):
    type: Literal["feedback_prepared"] = "feedback_prepared"
    attempt: int
    """The attempt this feedback will drive."""
    strategy: FeedbackStrategy
    message: str


class RunCompleted(_Event):
    type: Literal["run_completed"] = "run_completed"
    result: RunResult


class RunFailed(_Event):
    type: Literal["run_failed"] = "run_failed"
    error: str
    error_type: str
    result: RunResult


RENAMED_EVENTS = {
    "evidence": "evidence_recorded",
    "verdict": "verdict_reached",
    "feedback": "feedback_prepared",
}
"""Old event ``type`` names → today's: runs stored before the rename hold the old ones."""


def _renamed(value: Any) -> Any:
    old = value.get("type") if isinstance(value, dict) else None
    return {**value, "type": RENAMED_EVENTS[old]} if old in RENAMED_EVENTS else value


RunEvent = Annotated[
    (
        RunStarted
        | DraftStarted
        | TextDelta
        | ToolExecuted
        | DraftCompleted
        | CallRecorded
        | EvidenceRecorded
        | VerdictReached
        | FeedbackPrepared
        | Thinking
        | RunCompleted
        | RunFailed
    ),
    Field(discriminator="type"),
    BeforeValidator(_renamed),
]

EVENT_ADAPTER: TypeAdapter[RunEvent] = TypeAdapter(RunEvent)
