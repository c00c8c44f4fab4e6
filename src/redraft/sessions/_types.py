"""Evaluation sessions' nouns: a session's subject, its panel, and its evidence items.

These are the wire shapes of ``/v1/sessions`` and the evaluation stream. An
evidence item's ``score`` is the evaluator's signed points ("ML
Model Score: 50", "Gambling mentions found: -5"), not the 0..1 score a run's
verdict uses; that one rides along in ``details.normalized_score``.
"""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator

from redraft.app import EvaluationSpec
from redraft.core._evaluator import Subject
from redraft.core._limits import MAX_RULES_PER_CHECK
from redraft.core._types import EvaluatorKind, Evidence, EvidenceStatus, RunRequest

__all__ = [
    "NEW_EVENT_NAMES",
    "OLD_EVENT_NAMES",
    "CheckMember",
    "ChecksMember",
    "EvidenceItem",
    "JudgeMember",
    "ModelMember",
    "PanelMember",
    "SessionEventType",
    "SessionStatus",
    "SessionSubject",
    "WebMember",
    "item_from_evidence",
    "member_name",
    "reevaluation_source",
]

SessionEventType = Literal["evaluation_started", "evidence_recorded", "evaluation_completed"]
OLD_EVENT_NAMES: dict[str, str] = {
    "evaluation_started": "evaluation_start",
    "evidence_recorded": "evidence",
    "evaluation_completed": "evaluation_complete",
}
"""The evaluation-sessions design's names: its unprefixed routes and old rows use them."""
NEW_EVENT_NAMES = {old: new for new, old in OLD_EVENT_NAMES.items()}
SessionStatus = Literal["created", "evaluating", "completed"]
_MAX_SUBJECT = 100_000
_NAME = r"^[A-Za-z0-9_.:-]{1,64}$"


class SessionSubject(BaseModel):
    """A text, or a question and its answer."""

    model_config = ConfigDict(extra="forbid")

    text: str | None = Field(default=None, min_length=1, max_length=_MAX_SUBJECT)
    question: str | None = Field(default=None, max_length=_MAX_SUBJECT)
    answer: str | None = Field(default=None, min_length=1, max_length=_MAX_SUBJECT)

    @model_validator(mode="after")
    def _one_shape(self) -> SessionSubject:
        if self.text is not None and (self.answer is not None or self.question is not None):
            raise ValueError("give either 'text', or 'answer' (with an optional 'question')")
        if self.text is None and self.answer is None:
            raise ValueError("the subject needs 'text', or 'answer' (with an optional 'question')")
        return self

    @property
    def body(self) -> str:
        """What the evaluators judge: the text or the answer."""
        return self.text if self.text is not None else (self.answer or "")

    def to_subject(self) -> Subject:
        return Subject(request=RunRequest.from_prompt(self.question or ""), text=self.body)


class _Member(BaseModel):
    model_config = ConfigDict(extra="forbid")

    name: str | None = Field(default=None, pattern=_NAME)
    """Unique within the panel; defaults to the member's type (``rules`` for a check)."""


class JudgeMember(_Member):
    """An LLM judge listing findings with signed points."""

    type: Literal["judge"]
    model: str | None = Field(default=None, max_length=500)
    """Model spec; unset means the session's judge model."""
    rubric: str | None = Field(default=None, max_length=4000)
    max_findings: int = Field(default=5, ge=1, le=10)
    max_points: int = Field(default=5, ge=1, le=100)


class CheckMember(_Member):
    """Deterministic rules, each worth signed points when it fires."""

    type: Literal["check"]
    rules: list[dict[str, Any]] = Field(min_length=1, max_length=MAX_RULES_PER_CHECK)


_JUDGE_SETTINGS = ("preset", "judge_model", "compile_with_llm")


class ChecksMember(_Member, EvaluationSpec):
    """A run's checks: the fields of an evaluation spec (``must_match``,
    ``max_words``, ``json_schema``, ``checks``, ``check_injection`` …), built
    as a run builds them (:func:`redraft.build_panel`), the subject's question
    standing for the prompt whose stated requirements compile into checks.
    ``criteria`` compile into checks too; the session's ``judge`` member is its
    judge, so the spec's judge settings are refused."""

    type: Literal["checks"]

    @classmethod
    def of(cls, spec: EvaluationSpec) -> ChecksMember:
        """The checks of ``spec`` (a profile's), its judge settings left out."""
        given = {k: v for k, v in spec.given().items() if k not in _JUDGE_SETTINGS}
        return cls.model_validate({"type": "checks", **given})

    @model_validator(mode="after")
    def _no_judge_settings(self) -> ChecksMember:
        judged = [name for name in _JUDGE_SETTINGS if getattr(self, name)]
        if judged:
            raise ValueError(
                f"{', '.join(judged)} configure a run's judge; a session's judge is its "
                "'judge' member"
            )
        return self

    def spec(self) -> EvaluationSpec:
        """The evaluation spec this member holds."""
        return EvaluationSpec.model_construct(
            **{name: getattr(self, name) for name in EvaluationSpec.model_fields}
        )


class ModelMember(_Member):
    """A classical ML scorer, by name (``relevance`` is built in)."""

    type: Literal["model"]
    scorer: str = Field(default="relevance", pattern=_NAME)
    pass_at: float | None = Field(default=None, ge=0.0, le=1.0)


class WebMember(_Member):
    """Checks the URLs the subject cites."""

    type: Literal["web"]
    verify_quotes: bool = True
    timeout_s: float = Field(default=10.0, gt=0, le=60)
    max_urls: int = Field(default=10, ge=1, le=25)


AnyMember = JudgeMember | CheckMember | ChecksMember | ModelMember | WebMember
PanelMember = Annotated[AnyMember, Field(discriminator="type")]


def member_name(member: AnyMember) -> str:
    if member.name:
        return member.name
    if isinstance(member, CheckMember):
        return "rules"
    if isinstance(member, ModelMember):
        return member.scorer
    return member.type


def reevaluation_source(evidence_id: int) -> str:
    return f"Re-evaluation of Evidence #{evidence_id}"


class EvidenceItem(BaseModel):
    """One item of a session's evidence list and of its evaluation stream.

    Markers (``evaluation_started``, ``evaluation_completed``) have no ``id``.
    """

    id: int | None = None
    event_type: SessionEventType = "evidence_recorded"
    score: float = 0
    """Signed points."""
    description: str = ""
    source: str = ""
    valid: bool = True
    invalidate_reason: str | None = None
    evaluator: str | None = None
    kind: EvaluatorKind | None = None
    status: EvidenceStatus = "ok"
    round: int = 0
    """Which evaluation round produced it (re-evaluations belong to the round
    of the evidence they re-assess)."""
    original_id: int | None = None
    """For a re-evaluation: the evidence it re-assesses."""
    details: dict[str, Any] = Field(default_factory=dict)
    created_at: datetime = Field(default_factory=lambda: datetime.now(UTC))


def item_from_evidence(evidence: Evidence, *, member: str) -> EvidenceItem:
    """An evaluator's evidence as a session item; unpointed evidence counts ±1."""
    if evidence.points is not None:
        points = evidence.points
    elif evidence.status != "ok":
        points = 0
    else:
        points = 1 if evidence.passed else -1
    return EvidenceItem(
        score=points,
        description=evidence.reason or evidence.evaluator,
        source=evidence.source or member,
        evaluator=member,
        kind=evidence.kind,
        status=evidence.status,
        details={
            "passed": evidence.passed,
            "normalized_score": evidence.score,
            "suggestions": evidence.suggestions,
            **evidence.data,
        },
    )
