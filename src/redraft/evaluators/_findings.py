"""An LLM judge that reports findings with signed points (as evaluation sessions score).

Where :class:`~redraft.evaluators.Judge` returns one score for a draft, this
judge lists what it found, each finding worth some points for or against the
subject ("Stable employment verified: +2", "Claims without a source: -3").
Evaluation sessions show those points as each evidence item's score.
"""

from __future__ import annotations

from pydantic import Field

from redraft.core._errors import ConfigurationError
from redraft.core._evaluator import EvaluationContext, Evaluator, Subject, aggregate
from redraft.core._provider import Provider
from redraft.core._types import Evidence, Verdict
from redraft.evaluators._judge_base import (
    MAX_TEXT,
    JudgeFailure,
    ReplyModel,
    array_schema,
    clip,
    judge_messages,
    object_schema,
    tagged,
)
from redraft.evaluators._judges import GatewayAsk

__all__ = ["Finding", "FindingsJudge", "finding_schema", "review_blocks"]

_SYSTEM = (
    "You are a careful reviewer. Assess the answer (or text) below against the rubric. "
    "List your most important findings. Each finding has a short description and points: "
    "positive for something the answer does well or verifies, negative for a problem, "
    "larger magnitude for more important findings. Do not repeat a finding."
)
_DEFAULT_RUBRIC = "Is it accurate, relevant to the question, complete and clearly written?"


class Finding(ReplyModel):
    """One finding as the judge writes it: a description and signed points."""

    description: str = Field(min_length=1)
    points: int


class _Findings(ReplyModel):
    findings: list[Finding] = Field(min_length=1)


def finding_schema(max_points: int) -> dict[str, object]:
    """The schema of one :class:`Finding` worth at most ``max_points`` either way."""
    return object_schema(
        {
            "description": {"type": "string", "minLength": 1, "maxLength": MAX_TEXT},
            # Integer ranges are the one bound small local models enforce.
            "points": {"type": "integer", "minimum": -max_points, "maximum": max_points},
        }
    )


def review_blocks(subject: Subject, material: str, instruction: str) -> list[str]:
    """The user turn of a review: the request (when there is one), the
    answer, what to review it against, and how to reply."""
    question = subject.request.prompt.strip()
    blocks = [tagged("request", question)] if question else []
    return [*blocks, tagged("answer", subject.text), material, instruction]


class FindingsJudge(Evaluator):
    """Asks an LLM for up to ``max_findings`` findings worth ``-max_points``
    to ``+max_points`` each; every finding becomes one evidence item."""

    kind = "judge"
    uses_llm = True

    def __init__(
        self,
        provider: Provider,
        *,
        rubric: str | None = None,
        name: str = "judge",
        max_findings: int = 5,
        max_points: int = 5,
        max_tokens: int = 400,
        temperature: float | None = 0.1,
    ) -> None:
        for label, value, low, high in (
            ("max_findings", max_findings, 1, 10),
            ("max_points", max_points, 1, 100),
            ("max_tokens", max_tokens, 16, 8192),
        ):
            if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
                raise ConfigurationError(f"{label} must be an integer {low}..{high}, got {value!r}")
        self.provider = provider
        self.rubric = rubric.strip() if rubric and rubric.strip() else _DEFAULT_RUBRIC
        self.name = name
        self.max_findings = max_findings
        self.max_points = max_points
        self.max_tokens = max_tokens
        self.temperature = temperature

    async def evaluate(self, subject: Subject, context: EvaluationContext) -> Verdict:
        blocks = review_blocks(
            subject,
            tagged("criteria", self.rubric),
            f"Reply with JSON: up to {self.max_findings} findings, points from "
            f"-{self.max_points} to +{self.max_points}.",
        )
        ask = GatewayAsk(self, subject, context)
        findings = array_schema(finding_schema(self.max_points), 1, self.max_findings)
        schema = object_schema({"findings": findings})
        try:
            reply = await ask(judge_messages(_SYSTEM, *blocks), schema, _Findings, stage="findings")
        except JudgeFailure as failure:
            failed = failure.evidence(self, f"judge:{self.provider.spec}", points=0)
            return aggregate([failed], threshold=context.threshold)
        # Small models repeat themselves despite the prompt; a repeat is not new evidence.
        unique: dict[str, Finding] = {}
        for finding in reply.value.findings[: self.max_findings]:
            unique.setdefault(" ".join(finding.description.casefold().split()), finding)
        evidence = [self._evidence(f) for f in unique.values()]
        return aggregate(evidence, threshold=context.threshold)

    def _evidence(self, finding: Finding) -> Evidence:
        # A model that ignores the schema may overshoot; clamp rather than fail.
        points = max(-self.max_points, min(self.max_points, finding.points))
        return Evidence(
            evaluator=self.name,
            kind="judge",
            passed=points >= 0,
            score=(points + self.max_points) / (2 * self.max_points),
            points=points,
            reason=clip(finding.description),
            source=f"judge:{self.provider.spec}",
            required=self.required,
            data={"max_points": self.max_points},
        )

    def __repr__(self) -> str:
        return f"<FindingsJudge {self.name} provider={self.provider.spec}>"
