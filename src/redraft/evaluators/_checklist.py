"""The ``checklist`` preset: one narrow yes/no question per requirement.

Small judges grade far better when they answer one narrow question at a time
and the answer is read as a probability instead of a sampled token. Each item
(a requirement no check verifies, a criterion, or — with neither — "responds
to the request correctly and completely") is asked on its own:

- where the provider returns token log-probabilities, in one call of one
  output token: ``P(yes)`` and ``P(no)`` are the probabilities of the answer
  tokens among the first token's alternatives. The item's confidence is
  ``|P(yes) - P(no)|``: a model that puts little weight on either answer, or
  splits it evenly, is not sure, whatever the normalised odds say;
- elsewhere, every item in one JSON reply with a stated 0-10 confidence.

An item below :data:`~redraft.core.MIN_JUDGE_CONFIDENCE` is ``uncertain``:
it never passes, and it fails nothing either. The verdict lists every item's
answer, probability and confidence (``evidence.data["items"]``), so the
requirement account can record each requirement's own outcome.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import asdict, dataclass, replace
from typing import Literal

from pydantic import Field

from redraft.core._types import MIN_JUDGE_CONFIDENCE
from redraft.evaluators._judge_base import (
    GENERIC_CRITERIA,
    SCORE_0_10,
    Ask,
    Case,
    Conclusion,
    JudgeFailure,
    Preset,
    ReplyModel,
    array_schema,
    clip,
    judge_messages,
    object_schema,
    request_block,
    tagged,
    two_way,
)
from redraft.evaluators._reliability import Band

__all__ = [
    "Checklist",
    "ItemAnswer",
    "banded",
    "checklist_items",
    "conclusion_of",
    "doubted",
    "unasked",
]

_MAX_ITEMS = 12
_YES = frozenset({"yes", "y"})
_NO = frozenset({"no", "n"})
_ITEM_SPLIT = re.compile(r"\s*(?:\n+|;\s+|(?<=[.!?])\s+(?=[A-Z]))\s*")
_BULLET = re.compile(r"^\s*(?:[-*•]|\d+[.)])\s*")

Answer = Literal["yes", "no", "uncertain"]


@dataclass(frozen=True)
class ItemAnswer:
    """The judge's answer on one checklist item."""

    text: str
    answer: Answer
    p_yes: float
    """The probability of "yes" against "no" (0.5 when neither was likely)."""
    confidence: float
    method: Literal["logprobs", "stated", "not asked"]
    doubted: bool = False
    """A "yes" set aside: the judge's record shows it no better than chance."""
    calibrated: bool = False
    """Read through the judge's calibrated band, not the fixed confidence floor."""

    @property
    def passed(self) -> bool | None:
        return None if self.answer == "uncertain" else self.answer == "yes"

    @property
    def score(self) -> float:
        """What the item adds to the verdict's score: ``p_yes``, or once read
        through a calibrated band, how often such an answer was right."""
        if not self.calibrated:
            return self.p_yes
        if self.answer == "uncertain":
            return 0.5
        return self.confidence if self.answer == "yes" else 1.0 - self.confidence


def checklist_items(checklist: Sequence[str], criteria: str | None) -> list[str]:
    """What to ask: the requirements no check verifies (which already hold the
    criteria's clauses when the prompt was accounted for), else the criteria
    one item per line or sentence, else the generic item."""
    if checklist:
        items = [item.strip() for item in checklist if item.strip()]
    elif criteria and criteria.strip():
        items = [_BULLET.sub("", part).strip() for part in _ITEM_SPLIT.split(criteria.strip())]
    else:
        items = []
    unique = list(dict.fromkeys(item for item in items if item))
    return unique[:_MAX_ITEMS] or [GENERIC_CRITERIA]


class _StatedItem(ReplyModel):
    answer: Literal["yes", "no"]
    confidence: int = Field(ge=0, le=10)


class _StatedReply(ReplyModel):
    items: list[_StatedItem]


class Checklist(Preset):
    """Each item a yes/no question; passes when every item is a confident yes."""

    name = "checklist"
    system = (
        "You check whether an answer meets one requirement taken from the request it "
        "responds to. Reply with one word: yes if the answer meets the requirement, "
        "no if it does not."
    )
    stated_system = (
        "You check whether an answer meets each numbered requirement taken from the "
        "request it responds to. For every requirement, in order, give answer (yes or "
        "no) and confidence, an integer from 0 (a guess) to 10 (certain). Reply with one "
        'JSON object: {"items": [{"answer": "yes", "confidence": 8}, ...]}.'
    )

    async def judge(self, ask: Ask, case: Case) -> Conclusion:
        items = checklist_items((), case.criteria)
        return conclusion_of(await self.answers(ask, case, items), case.threshold)

    async def answers(self, ask: Ask, case: Case, items: Sequence[str]) -> list[ItemAnswer]:
        """The judge's answer on each item about the case's answer: one call
        per item where the provider returns log-probabilities, else one call for all."""
        context = [request_block(case.request, with_format=True), tagged("answer", case.answer)]
        if ask.supports_logprobs:
            return [await self._by_logprobs(ask, context, item, i) for i, item in enumerate(items)]
        return await self._by_statement(ask, context, list(items))

    async def _by_logprobs(self, ask: Ask, context: list[str], item: str, index: int) -> ItemAnswer:
        # The item comes last, so every item of a draft shares the request
        # and answer as a prefix a local runtime computes once.
        messages = judge_messages(
            self.system,
            *context,
            f"Requirement: {item}\nDoes the answer meet the requirement? Reply yes or no.",
        )
        mass = await two_way(ask, messages, _YES, _NO, stage=f"item {index + 1}")
        if mass is None:
            # A compatible server that ignored the request: ask in words instead.
            return (await self._by_statement(ask, context, [item]))[0]
        yes, no = mass
        p_yes = yes / (yes + no) if yes + no > 0 else 0.5
        return _answer(item, p_yes, abs(yes - no), "logprobs")

    async def _by_statement(
        self, ask: Ask, context: list[str], items: list[str]
    ) -> list[ItemAnswer]:
        numbered = "\n".join(f"{i}. {item}" for i, item in enumerate(items, 1))
        messages = judge_messages(
            self.stated_system,
            *context,
            tagged("requirements", numbered),
            "Answer every requirement. Reply with the JSON object only.",
        )
        entry = object_schema(
            {"answer": {"type": "string", "enum": ["yes", "no"]}, "confidence": SCORE_0_10}
        )
        schema = object_schema({"items": array_schema(entry, len(items), len(items))})
        reply = await ask(messages, schema, _StatedReply, stage="checklist")
        given = reply.value.items
        if not given:
            raise JudgeFailure("the judge answered none of the checklist items", reply.raw)
        answers: list[ItemAnswer] = []
        for i, item in enumerate(items):
            if i >= len(given):
                answers.append(_answer(item, 0.5, 0.0, "stated"))  # unanswered: no evidence
                continue
            confidence = given[i].confidence / 10
            p_yes = 0.5 + confidence / 2 if given[i].answer == "yes" else 0.5 - confidence / 2
            answers.append(_answer(item, p_yes, confidence, "stated"))
        return answers


def _answer(
    item: str, p_yes: float, confidence: float, method: Literal["logprobs", "stated"]
) -> ItemAnswer:
    confidence = round(min(1.0, max(0.0, confidence)), 4)
    chosen: Answer
    if confidence < MIN_JUDGE_CONFIDENCE or p_yes == 0.5:
        chosen = "uncertain"
    else:
        chosen = "yes" if p_yes > 0.5 else "no"
    return ItemAnswer(item, chosen, round(p_yes, 4), confidence, method)


def banded(answers: Sequence[ItemAnswer], band: Band) -> list[ItemAnswer]:
    """The answers read through the judge's calibrated band: a "yes" where
    its record shows ``P(yes)`` this high was right, a "no" where this low
    was, uncertain elsewhere; the confidence is how often it was right there."""
    read: list[ItemAnswer] = []
    for a in answers:
        if band.yes_from is not None and a.p_yes >= band.yes_from:
            answer: Answer = "yes"
            confidence = band.yes_accuracy or 0.0
        elif band.no_to is not None and a.p_yes <= band.no_to:
            answer, confidence = "no", band.no_accuracy or 0.0
        else:
            answer, confidence = "uncertain", 0.0
        read.append(replace(a, answer=answer, confidence=confidence, calibrated=True))
    return read


def unasked(items: Sequence[str]) -> list[ItemAnswer]:
    """Every item uncertain without a call: for a judge whose calibrated band
    believes no ``P(yes)``, whose every answer would be read as uncertain."""
    return [ItemAnswer(item, "uncertain", 0.5, 0.0, "not asked", calibrated=True) for item in items]


def doubted(answers: Sequence[ItemAnswer]) -> list[ItemAnswer]:
    """The answers of a judge not shown to beat chance: its "yes" passes
    nothing, so each becomes uncertain with no confidence (``p_yes`` keeps
    what it said; its "no" still fails)."""
    return [
        replace(a, answer="uncertain", confidence=0.0, doubted=True) if a.answer == "yes" else a
        for a in answers
    ]


def conclusion_of(answers: Sequence[ItemAnswer], threshold: float) -> Conclusion:
    """The verdict on a checklist: a confident no fails it, an uncertain
    item leaves it unverified, all confident yeses pass it. Its score is the
    mean of the answered items' (None when none was answered)."""
    failed = [a for a in answers if a.answer == "no"]
    unsure = [a for a in answers if a.answer == "uncertain"]
    # The score is that of the items answered: an uncertain one (or one not
    # asked) is left open, not counted as half met.
    decided = [a for a in answers if a.answer != "uncertain"]
    score = sum(a.score for a in decided) / len(decided) if decided else None
    if failed:
        passed, confidence = False, max(a.confidence for a in failed)
    elif unsure:
        # Below the judge confidence floor, so the verdict settles as unverified.
        passed, confidence = False, min(a.confidence for a in unsure)
    else:
        assert score is not None  # every item was answered
        passed, confidence = score >= threshold, min(a.confidence for a in answers)
    yes = sum(a.answer == "yes" for a in answers)
    reason = f"checklist: {yes} of {len(answers)} met"
    if failed:
        reason += "; not met: " + "; ".join(clip(a.text, 120) for a in failed)
    if unsure:
        reason += f"; {len(unsure)} uncertain"
    return Conclusion(
        passed=passed,
        score=score,
        reason=reason,
        suggestions=[f"Make the answer meet this requirement: {a.text}" for a in failed],
        confidence=confidence,
        data={"items": [asdict(a) for a in answers]},
    )
