"""The nouns of redraft: messages, calls, evidence, verdicts, drafts, runs.

All are pydantic models so that the CLI's ``--json``, the store and the HTTP
service serialise them the same way.
"""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, computed_field, field_validator, model_validator

__all__ = [
    "FREE",
    "DEFAULT_DEADLINE_S",
    "CallKind",
    "CallRecord",
    "Completion",
    "Draft",
    "DraftComparison",
    "Evidence",
    "EvidenceStatus",
    "EvaluatorKind",
    "FeedbackStrategy",
    "Message",
    "ModelRequest",
    "OnExhausted",
    "OnUncertain",
    "Policy",
    "Requirement",
    "RequirementCoverage",
    "RunRequest",
    "RunResult",
    "StopReason",
    "StreamChunk",
    "ToolCall",
    "TokenLogprobs",
    "TokenPrices",
    "ToolSpec",
    "Usage",
    "Verdict",
]

Role = Literal["system", "user", "assistant", "tool"]
CallKind = Literal["draft", "judge", "feedback", "re_evaluation"]
EvidenceStatus = Literal["ok", "error", "skipped"]
EvaluatorKind = Literal["judge", "check", "model", "web", "human"]
FeedbackStrategy = Literal["encourage", "critique", "hint", "progressive"]
OnExhausted = Literal["best", "last", "raise"]
OnUncertain = Literal["keep", "redraft"]
StopReason = Literal[
    "passed",
    "exhausted",
    "deadline",
    "budget",
    "error",
    "degraded",
    "stalled",
    "skipped",
    "shadow",
    "unverified",
    "out_of_reach",
    "tool_calls",
]
"""Why a run stopped. ``degraded``: the judge failed and the policy keeps the
draft; ``stalled``: redrafts stopped improving (or, at temperature 0, the next
draft would be asked for in exactly the words of an earlier one); ``skipped``: not evaluated
(sampling, a trivial request, or nothing to evaluate); ``shadow``: evaluated
but never redrafted; ``unverified``: nothing failed but not every requirement
could be verified, and the policy keeps the draft (``on_uncertain``);
``out_of_reach``: a failed requirement needs more tokens than a draft may
write (``max_tokens``), so no redraft could pass; ``tool_calls``: the draft
called the caller's own tools (``RunRequest.tools``), which the run hands
back unjudged (``RunResult.tool_calls``)."""
RequirementCoverage = Literal["exact", "judged", "unverified"]
"""Who decided a requirement: exact checks, the judge, or nobody."""
MIN_JUDGE_CONFIDENCE = 0.5
"""Below this confidence a judge's verdict decides nothing: what it judged
stays unverified."""
Delivery = Literal["blocking", "revise", "parallel", "shadow"]
Attempts = Annotated[int, Field(ge=1, le=10)]
"""How many drafts a run may make (:attr:`Policy.max_attempts`)."""
Threshold = Annotated[float, Field(ge=0.0, le=1.0)]
"""The score a verdict needs to pass (:attr:`Policy.threshold`)."""
DEFAULT_DEADLINE_S = 30.0
JudgeContext = Literal["minimal", "full"]


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


class TokenPrices(BaseModel):
    """What a model's tokens cost, in US dollars per million."""

    input_per_million: float = Field(ge=0.0)
    output_per_million: float = Field(ge=0.0)

    def cost(self, usage: Usage) -> float:
        return (
            usage.input_tokens * self.input_per_million
            + usage.output_tokens * self.output_per_million
        ) / 1_000_000


FREE = TokenPrices(input_per_million=0.0, output_per_million=0.0)
"""The price of a model that runs here (the embedded one) or is scripted."""


class ToolSpec(BaseModel):
    """A function the model may call, described as in OpenAI's ``tools``."""

    name: str = Field(pattern=r"^[A-Za-z0-9_-]{1,64}$")
    description: str = ""
    parameters: dict[str, Any] = Field(default_factory=lambda: {"type": "object", "properties": {}})
    """JSON Schema of the arguments object."""


class ToolCall(BaseModel):
    """One call the model asked for; ``arguments`` is the JSON text it wrote."""

    id: str
    name: str
    arguments: str = "{}"


class ModelRequest(BaseModel):
    """What redraft asks a provider for. ``json_schema`` asks for constrained
    JSON output where the provider supports it; ``tools`` offers functions;
    ``top_logprobs`` asks for each output token's most likely alternatives
    where the provider returns log-probabilities (``supports_logprobs``)."""

    messages: list[Message]
    max_tokens: int = Field(default=512, ge=1)
    temperature: float | None = None
    json_schema: dict[str, Any] | None = None
    stop: list[str] | None = None
    tools: list[ToolSpec] | None = None
    top_logprobs: int | None = Field(default=None, ge=1, le=20)


class TokenLogprobs(BaseModel):
    """One output token's log-probability and, keyed by their text, the
    most likely tokens the model could have written in its place."""

    token: str
    logprob: float
    top: dict[str, float] = Field(default_factory=dict)


class Completion(BaseModel):
    text: str
    usage: Usage = Field(default_factory=Usage)
    finish_reason: str | None = None
    model: str | None = None
    tool_calls: list[ToolCall] = Field(default_factory=list)
    """Calls the model asked for instead of (or besides) answering."""
    logprobs: list[TokenLogprobs] | None = None
    """Per output token, when the request asked (``top_logprobs``) and the
    provider could tell."""


class StreamChunk(BaseModel):
    """One piece of a streamed completion. The last chunk carries ``usage``,
    ``finish_reason`` and any ``tool_calls``."""

    delta: str = ""
    usage: Usage | None = None
    finish_reason: str | None = None
    model: str | None = None
    tool_calls: list[ToolCall] | None = None
    logprobs: list[TokenLogprobs] | None = None
    """The log-probabilities of this chunk's tokens, when asked for."""


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
    confidence: float | None = Field(default=None, ge=0.0, le=1.0)
    """How sure a judge said it was (0–1); None when it did not say."""
    data: dict[str, Any] = Field(default_factory=dict)

    @property
    def confident(self) -> bool:
        return self.confidence is None or self.confidence >= MIN_JUDGE_CONFIDENCE


class Requirement(BaseModel):
    """One clause of the prompt or criteria that constrains the answer, and
    how a verdict accounted for it.

    ``coverage`` says who decided it; ``passed`` is the outcome (None: not
    verified). ``partial`` marks a clause whose checks capture only part of
    it: they can fail it, never pass it."""

    text: str
    source: Literal["prompt", "criteria", "system", "check"] = "prompt"
    """Where it was stated (``system``: the request's system messages);
    ``check`` for a check given directly."""
    span: tuple[int, int] | None = None
    coverage: RequirementCoverage = "unverified"
    passed: bool | None = None
    checks: list[str] = Field(default_factory=list)
    """The checks that read this clause, by description."""
    partial: bool = False
    confidence: float | None = None
    reason: str = ""


class Verdict(BaseModel):
    """The aggregate of the evidence for one draft.

    ``passed`` is True only when every stated requirement was verified by a
    check or confidently judged; None when nothing failed but something was
    not verified (see ``requirements``)."""

    score: float = Field(ge=0.0, le=1.0)
    passed: bool | None
    reason: str = ""
    suggestions: list[str] = Field(default_factory=list)
    evidence: list[Evidence] = Field(default_factory=list)
    requirements: list[Requirement] = Field(default_factory=list)

    @property
    def degraded(self) -> bool:
        """True when some evaluator failed rather than judged."""
        return any(e.status == "error" for e in self.evidence)

    @computed_field  # type: ignore[prop-decorator]
    @property
    def account(self) -> str:
        """The requirement account in one line: "3 requirements: 1 exact ✓,
        1 judged ✗ (confidence 0.7), 1 unverified"."""
        if not self.requirements:
            return ""
        parts: list[str] = []
        for coverage in ("exact", "judged", "unverified"):
            items = [r for r in self.requirements if r.coverage == coverage]
            if coverage == "unverified":
                if items:
                    parts.append(f"{len(items)} unverified")
                continue
            for outcome, mark in ((True, "✓"), (False, "✗"), (None, "?")):
                group = [r for r in items if r.passed is outcome]
                if not group:
                    continue
                confidences = [r.confidence for r in group if r.confidence is not None]
                note = f" (confidence {min(confidences):.1f})" if confidences else ""
                parts.append(f"{len(group)} {coverage} {mark}{note}")
        noun = "requirement" if len(self.requirements) == 1 else "requirements"
        return f"{len(self.requirements)} {noun}: {', '.join(parts)}"


class Draft(BaseModel):
    attempt: int = Field(ge=1)
    text: str
    verdict: Verdict | None = None
    feedback: str | None = None
    """The feedback message this draft was written under (None for the first)."""
    finish_reason: str | None = None
    tool_calls: list[ToolCall] = Field(default_factory=list, exclude_if=lambda value: not value)
    """The caller's tools this draft called instead of answering: it is not judged."""


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
    status: Literal["ok", "error", "cached"] = "ok"
    error: str | None = None
    finish_reason: str | None = None
    retry: int = Field(default=0, ge=0)
    """0 for a call's first try; n for its n-th provider retry (429, 5xx,
    connection drop). Retries are not redraft attempts."""
    cost_usd: float | None = None
    """What the call cost in US dollars, from the model's prices; None when
    no price is known for the model."""


class Policy(BaseModel):
    """When to stop and what to return."""

    threshold: Threshold = Field(
        default=0.8, description="Score a verdict needs to pass (the score of what was verified)."
    )
    max_attempts: Attempts = Field(default=3, description="Drafts at most.")
    on_exhausted: OnExhausted = Field(
        default="best", description="What to return when no draft passed."
    )
    on_uncertain: OnUncertain = Field(
        default="keep",
        description="Whether a draft nothing failed but not all was verified is kept or redrafted.",
    )
    """When a verdict is uncertain (nothing failed, but a requirement is
    unverified or the judge was not confident): ``keep`` the draft and stop
    (``unverified``), or ``redraft`` as if it had failed."""
    feedback: FeedbackStrategy = Field(
        default="critique",
        description="How a failed verdict becomes the next draft's instructions.",
    )
    deadline_s: float | None = Field(
        default=DEFAULT_DEADLINE_S,
        gt=0,
        description="Wall-clock seconds for the whole run, judge calls included.",
    )
    """The graph loop's workflow timeout; None means no limit. Left unset, it
    is 30 s, or, when a model runs on this machine (the embedded one), enough
    for every call the policy allows at its measured speed: the run's result
    shows the deadline used."""
    token_budget: int | None = Field(
        default=None, ge=1, description="Tokens for the whole run, judge calls included."
    )
    cost_budget_usd: float | None = Field(
        default=None,
        gt=0,
        description="US dollars for the whole run, judge calls included, from the models' prices.",
    )
    """A call that could take the run past it is cut short or not made
    (``stop_reason: "budget"``); a model with no known price is not called
    under it."""
    max_tokens: int = Field(default=512, ge=1, description="Output cap of one draft.")
    temperature: float | None = Field(
        default=None,
        ge=0.0,
        le=2.0,
        description="Sampling temperature of the drafts; 0 makes the embedded model's drafts "
        "repeatable.",
    )
    delivery: Delivery = Field(
        default="blocking",
        description="blocking: judge each draft when done; revise: explain, then replace a "
        "failed draft; parallel: checks watch the draft as it streams and stop it early; "
        "shadow: one draft, judged, never changed.",
    )
    candidates: int = Field(
        default=1,
        ge=1,
        le=8,
        description="Draft this many candidates at once first; the first to pass wins.",
    )
    sample_rate: float = Field(default=1.0, ge=0.0, le=1.0)
    """Share of runs evaluated at all (gradual rollout); the rest return their
    first draft with stop reason ``skipped``."""
    skip_trivial: bool = False
    """Skip evaluating trivial requests (greetings, thanks, acknowledgements)."""
    judge_timeout_s: float | None = Field(
        default=None,
        gt=0,
        description="Seconds one evaluation may take; past it the draft is kept, marked degraded.",
    )
    pairwise: bool = Field(
        default=False,
        description="When no draft passes and two are equal on everything checked, ask the "
        "judge to choose between them (two more judge calls).",
    )
    """Both ways round, instead of comparing the drafts' absolute scores; the
    choice and its calls are on the result (``comparison``). Off by default:
    it costs two judge calls with both drafts in them, and the embedded model
    as judge decided none of 10 pairs (bench/results/fidelity-pairwise.md)."""
    repair: bool = Field(
        default=True,
        description="Let a failed check fix what needs no model (lowercase, no commas, "
        "quotes, an ending, a word limit at a sentence end) as the next attempt, at no token "
        "cost; it is kept only if the checks find it better.",
    )
    on_judge_error: Literal["keep", "redraft"] = "keep"
    """When evaluation fails (timeout, provider down, open breaker): ``keep``
    the draft and stop (the middleware's default), or ``redraft`` anyway."""
    min_improvement: float | None = Field(default=None, ge=0.0, le=1.0)
    """Stop (``stalled``) when a redraft improves on the best score so far by
    no more than this, or gets the same critique as the draft before it;
    None (the default) never stops early."""
    escalate_after: int | None = Field(default=None, ge=1, le=10)
    """After this many failed attempts, draft with the escalation model."""
    provider_retries: int = Field(default=2, ge=0, le=10)
    """Retries of one provider call on 429, 5xx and dropped connections,
    with backoff honouring ``Retry-After``; not redraft attempts."""
    retry_backoff_s: float = Field(default=0.5, ge=0.0, le=60.0)
    """First backoff; it doubles with each retry (with jitter)."""
    max_tool_iterations: int = Field(default=5, ge=1, le=50)
    """Model → tools → model rounds one draft may take before the run ends
    with ``continue_context`` (the chat proxy's tool-loop limit)."""
    judge_context: JudgeContext = "minimal"
    """What judges see: ``minimal`` (user turns and the answer, as in the
    chat proxy) or ``full`` (plus tool executions and timings)."""

    @model_validator(mode="after")
    def _candidates_fit(self) -> Policy:
        if self.candidates > self.max_attempts:
            raise ValueError(
                f"candidates ({self.candidates}) cannot exceed max_attempts ({self.max_attempts})"
            )
        return self


class RunRequest(BaseModel):
    """What one run is about."""

    messages: list[Message]
    format: str | None = None
    criteria: str | None = None
    continues: str | None = Field(default=None, exclude_if=lambda value: value is None)
    """The id of the run this one carries on from (the service's
    ``redraft.continues``); stored with the run. Left out of the JSON when unset."""
    profile: str | None = Field(default=None, exclude_if=lambda value: value is None)
    """The name of the service profile the run was planned from (the
    request's ``model``); stored with the run, so that continuing it can use
    the same one. Left out of the JSON when unset."""
    tools: list[ToolSpec] | None = Field(default=None, exclude_if=lambda value: value is None)
    """The caller's own tools (OpenAI's ``tools``): offered to the drafts, never
    run here. A draft that calls one ends the run with the calls
    (``stop_reason`` ``tool_calls``), unjudged; the caller runs them and sends
    their results in a new request, whose answer is judged as usual."""

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

    @property
    def system(self) -> str:
        """The system messages' text, in order, a blank line between them
        ("" when there is none): standing requirements on every answer."""
        return "\n\n".join(m.text for m in self.messages if m.role == "system" and m.text.strip())


class DraftComparison(BaseModel):
    """Two drafts side by side: the one the usual rules keep (``first``) and
    its closest rival (``second``), equal on every verified requirement.

    The judge is asked twice, the drafts in both orders, because small judges
    favour a position; ``p_second`` is the mean probability that ``second``
    is better, and ``confidence`` is the weaker reading's, or 0 when the two
    orders disagree. Below the judge confidence floor the usual rules stand."""

    first: int
    second: int
    chosen: int
    """The attempt kept: ``second`` only on a confident preference for it."""
    evaluator: str
    p_second: float | None = None
    confidence: float = 0.0
    method: Literal["logprobs", "stated"] | None = None
    error: str | None = None
    """Why the judge gave no preference (its call failed, the budget ran out)."""


class RunResult(BaseModel):
    """Everything a run produced. ``model_dump()`` is the documented result JSON."""

    run_id: str
    final_answer: str
    passed: bool | None
    """True: every requirement verified or confidently judged; False: the
    final answer failed; None: not (fully) verified — see the final draft's
    requirement account."""
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
    skipped_reason: str | None = None
    """Why the run was not evaluated (stop reason ``skipped``)."""
    tool_calls: list[ToolCall] = Field(default_factory=list, exclude_if=lambda value: not value)
    """The caller's tools the final draft called (``stop_reason`` ``tool_calls``)."""
    comparison: DraftComparison | None = None
    """The judge's choice between two drafts the verified evidence could not
    separate (policy ``pairwise``), when one was asked for."""

    @computed_field  # type: ignore[prop-decorator]
    @property
    def cost_usd(self) -> float | None:
        """What every call of the run cost in US dollars; None when a call's
        model has no known price (a sum without it would claim too little)."""
        costs = [call.cost_usd for call in self.calls]
        return None if None in costs else sum(c for c in costs if c is not None)
