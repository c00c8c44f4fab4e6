"""The judge presets: prompts, output schemas and how each reply becomes a conclusion.

- ``checklist`` (the default, :mod:`._checklist`): one yes/no question per requirement no
  check verifies, each answer read as a probability.
- ``comprehensive`` (from the chat proxy): does the answer cover everything the user asked?
  The judge sees only the user turns and the assistant's answers, as text.
- ``quality`` (from the graph loop): a 0-10 quality grade with confidence, issues and one
  improvement hint.
- ``criteria`` (from answer generation): a 0-10 score against explicit evaluation criteria,
  with reasoning and suggestions.
- ``ragas`` (from the evaluation middleware): two calls; split the answer into
  atomic statements, then score each for faithfulness and relevance.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass
from typing import Any

from pydantic import Field

from redraft.core._text import plural
from redraft.evaluators._checklist import Checklist
from redraft.evaluators._judge_base import (
    GENERIC_CRITERIA,
    MAX_ITEMS,
    MAX_STATEMENT_REASON,
    MAX_STATEMENTS,
    SCORE_0_10,
    TEXT,
    TEXT_LIST,
    Ask,
    Case,
    Conclusion,
    JudgeFailure,
    Preset,
    ReplyModel,
    array_schema,
    clip,
    clip_list,
    judge_messages,
    minimal_turns,
    object_schema,
    request_block,
    tagged,
    transcript,
)

__all__ = ["PRESETS", "Comprehensive", "Criteria", "Quality", "Ragas"]


class _ComprehensiveReply(ReplyModel):
    comprehensive: bool
    reason: str | None = None


class Comprehensive(Preset):
    """``{comprehensive, reason}`` on a minimal context (user turns
    and assistant answers as text only). Passes when comprehensive."""

    name = "comprehensive"
    system = (
        "You check whether an assistant's final answer fully responds to a conversation: "
        "does it address every question and request the user made? Judge completeness "
        "only. Reply with one JSON object with two keys: comprehensive (true or false) "
        "and reason (one or two sentences of your own; when false, say what is missing)."
    )
    schema = object_schema({"comprehensive": {"type": "boolean"}, "reason": TEXT})

    async def judge(self, ask: Ask, case: Case) -> Conclusion:
        conversation = tagged("conversation", transcript(minimal_turns(case.request)))
        messages = judge_messages(
            self.system,
            conversation,
            tagged("answer", case.answer),
            "Is the answer comprehensive? Reply with the JSON object only.",
        )
        reply = await ask(messages, self.schema, _ComprehensiveReply)
        verdict = reply.value.comprehensive
        reason = clip(reply.value.reason) or (
            "judged comprehensive" if verdict else "judged not comprehensive"
        )
        return Conclusion(
            passed=verdict,
            score=1.0 if verdict else 0.0,
            reason=reason,
            suggestions=[] if verdict else [reason],
            data={**reply.raw, "comprehensive": verdict, "reason": reason},
        )


class _QualityReply(ReplyModel):
    quality_score: int = Field(ge=0, le=10)
    confidence_score: int | None = Field(default=None, ge=0, le=10)
    issues: list[str] = Field(default_factory=list)
    improvement_hint: str | None = None


class Quality(Preset):
    """``{quality_score, confidence_score, issues, improvement_hint}``.
    Score is quality/10; passes at the threshold."""

    name = "quality"
    system = (
        "You grade how well an answer serves the request it responds to. Give "
        "quality_score, an integer from 0 (wrong or useless) to 10 (correct, complete, "
        "clear and in the requested format); confidence_score, an integer from 0 to 10 "
        f"for how sure you are of that grade; issues, at most {MAX_ITEMS} short "
        "descriptions of what is wrong (an empty list when nothing is); and "
        "improvement_hint, one sentence telling the writer how to make the answer better "
        "(empty when no change is needed). Reply with one JSON object with exactly these "
        "four keys."
    )
    schema = object_schema(
        {
            "quality_score": SCORE_0_10,
            "confidence_score": SCORE_0_10,
            "issues": TEXT_LIST,
            "improvement_hint": TEXT,
        }
    )

    async def judge(self, ask: Ask, case: Case) -> Conclusion:
        blocks = [request_block(case.request, with_format=True)]
        if case.criteria:
            blocks.append(tagged("requirements", case.criteria))
        messages = judge_messages(
            self.system,
            *blocks,
            tagged("answer", case.answer),
            "Grade the answer. Reply with the JSON object only.",
        )
        reply = await ask(messages, self.schema, _QualityReply)
        value = reply.value
        issues = clip_list(value.issues)
        hint = clip(value.improvement_hint)
        score = value.quality_score / 10
        reason = f"quality {value.quality_score}/10"
        if value.confidence_score is not None:
            reason += f", confidence {value.confidence_score}/10"
        if issues:
            reason += ": " + "; ".join(issues)
        passed = score >= case.threshold
        return Conclusion(
            passed=passed,
            score=score,
            reason=reason,
            suggestions=[] if passed else clip_list([*issues, hint], MAX_ITEMS + 1),
            confidence=None if value.confidence_score is None else value.confidence_score / 10,
            data={**reply.raw, **value.model_dump(), "issues": issues, "improvement_hint": hint},
        )


class _CriteriaReply(ReplyModel):
    score: int = Field(ge=0, le=10)
    meets_criteria: bool
    evaluation_reasoning: str | None = None
    improvement_suggestions: list[str] = Field(default_factory=list)


class Criteria(Preset):
    """``{score, meets_criteria, evaluation_reasoning,
    improvement_suggestions}``. Passes when the criteria are met and
    score/10 reaches the threshold."""

    name = "criteria"
    system = (
        "You evaluate an answer against the evaluation criteria you are given. Give "
        "score, an integer from 0 (meets none of the criteria) to 10 (fully meets every "
        "criterion); meets_criteria, true only when the answer satisfies every "
        "criterion; evaluation_reasoning, a short explanation of your judgement; and "
        f"improvement_suggestions, at most {MAX_ITEMS} specific, actionable changes (an "
        "empty list when the answer fully meets the criteria). Reply with one JSON "
        "object with exactly these four keys."
    )
    schema = object_schema(
        {
            "score": SCORE_0_10,
            "meets_criteria": {"type": "boolean"},
            "evaluation_reasoning": TEXT,
            "improvement_suggestions": TEXT_LIST,
        }
    )

    async def judge(self, ask: Ask, case: Case) -> Conclusion:
        applied = case.criteria or case.request.criteria or GENERIC_CRITERIA
        messages = judge_messages(
            self.system,
            request_block(case.request, with_format=True),
            tagged("criteria", applied),
            tagged("answer", case.answer),
            "Evaluate the answer against the criteria. Reply with the JSON object only.",
        )
        reply = await ask(messages, self.schema, _CriteriaReply)
        value = reply.value
        score = value.score / 10
        passed = value.meets_criteria and score >= case.threshold
        reasoning = clip(value.evaluation_reasoning)
        suggestions = clip_list(value.improvement_suggestions)
        reason = reasoning or (
            f"score {value.score}/10; "
            f"{'meets' if value.meets_criteria else 'does not meet'} the criteria"
        )
        return Conclusion(
            passed=passed,
            score=score,
            reason=reason,
            suggestions=[] if passed else suggestions,
            data={
                **reply.raw,
                **value.model_dump(),
                "evaluation_reasoning": reasoning,
                "improvement_suggestions": suggestions,
                "criteria": applied,
            },
        )


class _StatementsReply(ReplyModel):
    statements: list[str]


class _StatementScore(ReplyModel):
    index: int
    score: int = Field(ge=1, le=10)
    reason: str | None = None


class _ScoresReply(ReplyModel):
    verdicts: list[_StatementScore]


class Ragas(Preset):
    """Two calls. Extract atomic statements, then score each 1-10
    for faithfulness and relevance; the score is the mean of (s-1)/9."""

    name = "ragas"
    extract_system = (
        "You split an answer into atomic statements: short, self-contained claims that "
        "each state exactly one thing, rewritten so each makes sense without the rest "
        f"of the answer. List at most {MAX_STATEMENTS}, the most important first. Reply "
        'with one JSON object: {"statements": ["...", "..."]}.'
    )
    extract_schema = object_schema({"statements": array_schema(TEXT, 1, MAX_STATEMENTS)})
    score_system = (
        "You score numbered statements taken from an answer. For each one give an "
        "integer score from 1 to 10 for how faithful it is (true, not invented or "
        "unsupported) and how relevant it is to the request: 1 means false or off-topic, "
        "10 means correct and directly useful. Reply with one JSON object: "
        '{"verdicts": [{"index": <statement number>, "score": <1-10>, "reason": '
        '"<short reason>"}]}, with one verdict for every statement.'
    )

    @staticmethod
    def score_schema(count: int) -> dict[str, Any]:
        verdict = object_schema(
            {
                "index": {"type": "integer", "minimum": 1, "maximum": count},
                "score": {"type": "integer", "minimum": 1, "maximum": 10},
                "reason": {"type": "string", "maxLength": MAX_STATEMENT_REASON},
            }
        )
        return object_schema({"verdicts": array_schema(verdict, count, count)})

    async def judge(self, ask: Ask, case: Case) -> Conclusion:
        context = request_block(case.request)
        extracted = await ask(
            judge_messages(
                self.extract_system,
                context,
                tagged("answer", case.answer),
                "List the answer's atomic statements. Reply with the JSON object only.",
            ),
            self.extract_schema,
            _StatementsReply,
            stage="statements",
        )
        statements = clip_list(extracted.value.statements, MAX_STATEMENTS)
        if not statements:
            raise JudgeFailure(
                "the judge found no statements to score in the answer",
                {"statements_reply": extracted.raw},
            )
        numbered = "\n".join(f"{i}. {s}" for i, s in enumerate(statements, 1))
        scored = await ask(
            judge_messages(
                self.score_system,
                context,
                tagged("statements", numbered),
                "Score every statement. Reply with the JSON object only.",
            ),
            self.score_schema(len(statements)),
            _ScoresReply,
            stage="scores",
        )
        by_index: dict[int, _StatementScore] = {}
        for item in scored.value.verdicts:
            if 1 <= item.index <= len(statements):
                by_index.setdefault(item.index, item)
        if not by_index:
            raise JudgeFailure(
                f"the judge scored none of the {plural(len(statements), 'statement')}",
                {"statements": statements, "verdicts_reply": scored.raw},
            )
        # An unscored statement counts as 0: a judge that skips a claim must
        # not thereby raise the answer's mean.
        rows = [_Row.of(i, statement, by_index.get(i)) for i, statement in enumerate(statements, 1)]
        mean = sum(row.normalised for row in rows) / len(rows)
        passed = mean >= case.threshold
        weakest = sorted(rows, key=lambda row: row.normalised)
        reason = f"{plural(len(rows), 'statement')}, mean faithfulness and relevance {mean:.2f}"
        low = weakest[0]
        if low.normalised < 1.0:
            shown = f"{low.score}/10" if low.score is not None else "not scored"
            reason += f"; weakest: {low.statement!r} ({shown})"
        below = [row for row in weakest if row.normalised < case.threshold][:3]
        suggestions = [row.suggestion() for row in (below or weakest[:1])]
        return Conclusion(
            passed=passed,
            score=mean,
            reason=reason,
            suggestions=[] if passed else suggestions,
            data={
                "statements": statements,
                "verdicts": [asdict(row) for row in rows],
                "unscored": [row.index for row in rows if row.score is None],
                "score": mean,
                "statements_reply": extracted.raw,
                "verdicts_reply": scored.raw,
            },
        )


@dataclass(frozen=True)
class _Row:
    """One statement with its score; ``normalised`` maps 1..10 onto 0..1."""

    index: int
    statement: str
    score: int | None
    normalised: float
    reason: str

    @classmethod
    def of(cls, index: int, statement: str, verdict: _StatementScore | None) -> _Row:
        if verdict is None:
            return cls(index, statement, None, 0.0, "not scored")
        reason = clip(verdict.reason, MAX_STATEMENT_REASON)
        return cls(index, statement, verdict.score, (verdict.score - 1) / 9, reason)

    def suggestion(self) -> str:
        detail = f": {self.reason}" if self.reason else "."
        return f"Fix or remove the statement {self.statement!r}{detail}"


PRESETS: dict[str, Preset] = {
    preset.name: preset for preset in (Checklist(), Quality(), Criteria(), Comprehensive(), Ragas())
}
