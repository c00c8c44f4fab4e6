"""The nouns of redraft: messages, calls, evidence, verdicts, drafts, runs.

All are pydantic models so that the CLI's ``--json``, the store and the HTTP
service serialise them the same way.
"""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, field_validator

__all__ = [
    "CallKind",
    "CallRecord",
    "Completion",
    "Draft",
    "Evidence",
    "EvidenceStatus",
    "EvaluatorKind",
    "FeedbackStrategy",
    "Message",
    "ModelRequest",
    "OnExhausted",
    "Policy",
    "RunRequest",
    "RunResult",
    "StopReason",
    "StreamChunk",
    "Usage",
    "Verdict",
]

Role = Literal["system", "user", "assistant", "tool"]
CallKind = Literal["draft", "judge", "feedback", "re_evaluation"]
EvidenceStatus = Literal["ok", "error", "skipped"]
EvaluatorKind = Literal["judge", "check", "model", "web", "human"]
FeedbackStrategy = Literal["encourage", "critique", "hint", "progressive"]
OnExhausted = Literal["best", "last", "raise"]
StopReason = Literal["passed", "exhausted", "deadline", "budget", "error"]


class Message(BaseModel):
    """One chat message. ``content`` may be a list of parts (text, images) as in
    OpenAI's wire format; redraft only reads the text parts."""

    model_config = ConfigDict(extra="allow")

    role: Role
    content: str | list[dict[str, Any]] | None = None
    name: str | None = None
    tool_call_id: str | None = None

    @property
    def text(self) -> str:
        if isinstance(self.content, str):
            return self.content
        if not self.content:
            return ""
        return "".join(
            str(part.get("text", "")) for part in self.content if part.get("type") == "text"
        )


class Usage(BaseModel):
    input_tokens: int = Field(default=0, ge=0)
    output_tokens: int = Field(default=0, ge=0)

    @property
    def total_tokens(self) -> int:
        return self.input_tokens + self.output_tokens

    def __add__(self, other: Usage) -> Usage:
        return Usage(
            input_tokens=self.input_tokens + other.input_tokens,
            output_tokens=self.output_tokens + other.output_tokens,
        )


class ModelRequest(BaseModel):
    """What redraft asks a provider for. ``json_schema`` asks for constrained
    JSON output where the provider supports it."""

    messages: list[Message]
    max_tokens: int = Field(default=512, ge=1)
    temperature: float | None = None
    json_schema: dict[str, Any] | None = None
    stop: list[str] | None = None


class Completion(BaseModel):
    text: str
    usage: Usage = Field(default_factory=Usage)
    finish_reason: str | None = None
    model: str | None = None


class StreamChunk(BaseModel):
    """One piece of a streamed completion. The last chunk carries ``usage`` and
    ``finish_reason``."""

    delta: str = ""
    usage: Usage | None = None
    finish_reason: str | None = None
    model: str | None = None


class Evidence(BaseModel):
    """One finding of one evaluator about one draft."""

    evaluator: str
    kind: EvaluatorKind = "check"
    status: EvidenceStatus = "ok"
    passed: bool = False
    score: float | None = Field(default=None, ge=0.0, le=1.0)
    points: float | None = None
    reason: str = ""
    source: str = ""
    suggestions: list[str] = Field(default_factory=list)
    required: bool = True
    valid: bool = True
    data: dict[str, Any] = Field(default_factory=dict)


class Verdict(BaseModel):
    """The aggregate of the evidence for one draft."""

    score: float = Field(ge=0.0, le=1.0)
    passed: bool
    reason: str = ""
    suggestions: list[str] = Field(default_factory=list)
    evidence: list[Evidence] = Field(default_factory=list)

    @property
    def degraded(self) -> bool:
        """True when some evaluator failed rather than judged."""
        return any(e.status == "error" for e in self.evidence)


class Draft(BaseModel):
    attempt: int = Field(ge=1)
    text: str
    verdict: Verdict | None = None
    feedback: str | None = None
    """The feedback message this draft was written under (None for the first)."""
    finish_reason: str | None = None


class CallRecord(BaseModel):
    """One LLM request made by redraft. Never holds credentials."""

    kind: CallKind
    attempt: int
    provider: str
    model: str
    evaluator: str | None = None
    messages: list[Message] = Field(default_factory=list)
    parameters: dict[str, Any] = Field(default_factory=dict)
    text: str = ""
    usage: Usage = Field(default_factory=Usage)
    latency_ms: float = 0.0
    status: Literal["ok", "error"] = "ok"
    error: str | None = None
    finish_reason: str | None = None


class Policy(BaseModel):
    """When to stop and what to return."""

    threshold: float = Field(default=0.8, ge=0.0, le=1.0)
    max_attempts: int = Field(default=3, ge=1, le=10)
    on_exhausted: OnExhausted = "best"
    feedback: FeedbackStrategy = "critique"
    deadline_s: float | None = Field(default=None, gt=0)
    """Wall-clock limit for the whole run, every call included."""
    token_budget: int | None = Field(default=None, ge=1)
    """Token limit for the whole run (input + output, judge and feedback calls included)."""
    max_tokens: int = Field(default=512, ge=1)
    """Output cap of one draft call."""
    temperature: float | None = None


class RunRequest(BaseModel):
    """What one run is about."""

    messages: list[Message]
    format: str | None = None
    criteria: str | None = None

    @field_validator("messages")
    @classmethod
    def _needs_a_user_turn(cls, messages: list[Message]) -> list[Message]:
        if not any(m.role == "user" for m in messages):
            raise ValueError("messages must contain at least one user message")
        return messages

    @classmethod
    def from_prompt(
        cls, prompt: str, *, format: str | None = None, criteria: str | None = None
    ) -> RunRequest:
        return cls(
            messages=[Message(role="user", content=prompt)], format=format, criteria=criteria
        )

    @property
    def prompt(self) -> str:
        """The last user turn's text: what the drafts answer."""
        for message in reversed(self.messages):
            if message.role == "user":
                return message.text
        return ""


class RunResult(BaseModel):
    """Everything a run produced. ``model_dump()`` is the documented result JSON."""

    run_id: str
    final_answer: str
    passed: bool
    score: float
    attempts: int
    final_attempt: int | None
    stop_reason: StopReason
    drafts: list[Draft]
    calls: list[CallRecord]
    usage: Usage
    policy: Policy
    error: str | None = None
    continue_context: list[Message] = Field(default_factory=list)
