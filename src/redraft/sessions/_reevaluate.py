"""Re-evaluation in evaluation sessions: a person marks evidence invalid, an LLM re-assesses it.

The result is NEW evidence; the original stays in the list, marked invalid.
It is an :class:`~redraft.evaluators.Evaluator` so that it runs through the
same panel runner (ledger, deadline, call records) as any other member.
"""

from __future__ import annotations

from redraft.core._evaluator import EvaluationContext, Evaluator, Subject, aggregate
from redraft.core._provider import Provider
from redraft.core._types import Evidence, Verdict
from redraft.evaluators._findings import Finding, finding_schema, review_blocks
from redraft.evaluators._judge_base import JudgeFailure, clip, judge_messages, tagged
from redraft.evaluators._judges import GatewayAsk
from redraft.sessions._types import EvidenceItem, reevaluation_source

__all__ = ["REEVALUATOR", "Reassessment"]

REEVALUATOR = "re-evaluation"

_SYSTEM = (
    "You review an automated evaluation. A person marked one piece of its evidence as "
    "invalid and said why. Re-assess that point with their objection in mind and give a "
    "corrective finding: 0 points when the original point should simply not count, "
    "positive points when the objection shows the subject deserves credit there, negative "
    "points only if a real problem remains for a different reason. Be brief and concrete."
)


class Reassessment(Evaluator):
    """Re-assesses one invalidated evidence item against the reviewer's reason."""

    kind = "judge"
    uses_llm = True
    name = REEVALUATOR

    def __init__(
        self,
        provider: Provider | None,
        original: EvidenceItem,
        objection: str | None,
        *,
        max_points: int = 5,
        max_tokens: int = 300,
        temperature: float | None = 0.1,
        unavailable: str | None = None,
    ) -> None:
        """``provider`` None means re-evaluation cannot run; ``unavailable`` says why."""
        if original.id is None:
            raise ValueError("only stored evidence (with an id) can be re-evaluated")
        self._provider = provider
        self.original = original
        self.objection = (objection or "").strip() or "The reviewer gave no reason."
        self.max_points = max_points
        self.max_tokens = max_tokens
        self.temperature = temperature
        self.source = reevaluation_source(original.id)
        self.unavailable = unavailable or "no judge model is configured for this session"

    @property
    def provider(self) -> Provider:
        if self._provider is None:  # evaluate() checks first; this is for GatewayAsk
            raise RuntimeError("no judge model")
        return self._provider

    async def evaluate(self, subject: Subject, context: EvaluationContext) -> Verdict:
        original = self.original
        about = {"original_id": original.id, "objection": self.objection}
        statement = (
            f"Evidence #{original.id} from {original.source or original.evaluator}: "
            f"{original.description} ({original.score:+g} points)\n"
            f"Reviewer's objection: {self.objection}"
        )
        blocks = review_blocks(
            subject,
            tagged("statements", statement),
            f"Reply with JSON: a description and points from -{self.max_points} "
            f"to +{self.max_points}.",
        )
        try:
            if self._provider is None:
                raise JudgeFailure(self.unavailable)
            reply = await GatewayAsk(self, subject, context)(
                judge_messages(_SYSTEM, *blocks),
                finding_schema(self.max_points),
                Finding,
                stage="re-evaluation",
            )
        except JudgeFailure as failure:
            # A failing re-evaluation is evidence with score 0 and the error described.
            failed = JudgeFailure(f"Re-evaluation failed: {failure.reason}", failure.data)
            evidence = failed.evidence(self, self.source, points=0, data=about)
            return aggregate([evidence], threshold=context.threshold)
        points = max(-self.max_points, min(self.max_points, reply.value.points))
        evidence = Evidence(
            evaluator=self.name,
            kind="judge",
            passed=points >= 0,
            score=(points + self.max_points) / (2 * self.max_points),
            points=points,
            reason=f"Re-assessed: {clip(reply.value.description)}",
            source=self.source,
            data=about,
        )
        return aggregate([evidence], threshold=context.threshold)
