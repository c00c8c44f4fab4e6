"""Turning a :data:`CheckSpec` into an evaluator with exact evidence.

Every finding states what was measured and what was required in its
``reason``, and a failed one carries one correction line in ``suggestions``
that the feedback hands to the next draft as-is ("Your answer has 137 words;
the limit is 100. Cut at least 37 words."). Small models act on a number
they are given; they rarely act on "too long".
"""

from __future__ import annotations

import json
from typing import Any

from redraft.core._text import noun, plural
from redraft.core._types import Evidence
from redraft.criteria import _measure as measure
from redraft.criteria._families import FAMILY_OF_KIND
from redraft.criteria._families._counted import count_outcome
from redraft.criteria._formats import FORMAT_JUDGES, Outcome
from redraft.criteria._parts import PART_JUDGES
from redraft.criteria._spec import (
    CheckSpec,
    EndsWith,
    ForbiddenChars,
    ForbiddenWords,
    Keyword,
    LetterCase,
    StartsWith,
    Wrapped,
)
from redraft.evaluators._checks import Check

__all__ = ["SpecCheck", "judge_text"]

_NAME_CHARS = 80


def _keyword_outcome(spec: Keyword, text: str) -> Outcome:
    n = len(measure.keyword_matches(text, spec.keyword))
    times = spec.unit[0] if n == 1 else spec.unit[1]
    gap = abs(n - spec.value)
    gap_times = spec.unit[0] if gap == 1 else spec.unit[1]
    fix = (
        f"Use {spec.keyword!r} {gap} more {gap_times}."
        if n < spec.value
        else f"Use {spec.keyword!r} at most {spec.value} "
        f"{spec.unit[0] if spec.value == 1 else spec.unit[1]} (remove {gap})."
    )
    return count_outcome(spec, n, f"uses {spec.keyword!r} {n} {times}", fix)


_CHAR_NAMES = {
    ",": "comma",
    ".": "period",
    "!": "exclamation mark",
    "?": "question mark",
    ";": "semicolon",
    ":": "colon",
    "-": "hyphen",
    "#": "hash sign",
    "*": "asterisk",
    '"': "double quote",
    "'": "apostrophe",
}


def _char_name(ch: str, count: int = 2) -> str:
    """The name of a character, in the form that goes with ``count``."""
    return noun(count, _CHAR_NAMES.get(ch, f"{ch!r} character"))


def _forbidden_chars(spec: ForbiddenChars, text: str) -> Outcome:
    counts = {ch: text.count(ch) for ch in dict.fromkeys(spec.chars)}
    found = {ch: n for ch, n in counts.items() if n}
    data: dict[str, Any] = {"measured": counts}
    if not found:
        return Outcome(True, f"the answer has {spec.describe()}, as required", data=data)
    listed = ", ".join(f"{n} {_char_name(ch, n)}" for ch, n in found.items())
    names = " or ".join(_char_name(ch) for ch in found)
    return Outcome(
        False,
        f"the answer has {listed}; required: {spec.describe()}",
        f"Your answer has {listed}; it must have none. Rewrite it without {names}.",
        data=data,
    )


def _forbidden_words(spec: ForbiddenWords, text: str) -> Outcome:
    counts = {w: len(measure.keyword_matches(text, w)) for w in spec.words}
    found = {w: n for w, n in counts.items() if n}
    data: dict[str, Any] = {"measured": counts}
    if not found:
        return Outcome(True, f"the answer uses {spec.describe()}, as required", data=data)
    listed = ", ".join(f"{w!r} ({n}×)" for w, n in found.items())
    return Outcome(
        False,
        f"the answer uses the forbidden {noun(len(found), 'word')} {listed}; "
        f"required: {spec.describe()}",
        f"Your answer uses {listed}; remove every one of them and do not use "
        + ", ".join(repr(w) for w in spec.words)
        + ".",
        data=data,
    )


def _letter_case(spec: LetterCase, text: str) -> Outcome:
    wrong = [
        ch
        for ch in text
        if ch.isalpha() and (ch.isupper() if spec.case == "lower" else ch.islower())
    ]
    data: dict[str, Any] = {"measured": len(wrong)}
    if not wrong:
        return Outcome(True, f"the answer uses {spec.describe()}, as required", data=data)
    other = "capital" if spec.case == "lower" else "lowercase"
    examples = [w for w in text.split() if any(ch in wrong for ch in w)][:3]
    shown = ", ".join(repr(w.strip(".,;:!?\"'")) for w in examples)
    return Outcome(
        False,
        f"the answer has {plural(len(wrong), other + ' letter')} (e.g. {shown}); "
        f"required: {spec.describe()}",
        f"Your answer has {plural(len(wrong), other + ' letter')}, e.g. {shown}. "
        f"Write every word in {spec.case}case.",
        data=data,
    )


def judge_text(spec: CheckSpec, text: str) -> Outcome:
    """The outcome of ``spec`` on ``text``: pure and deterministic."""
    if spec.kind_name() in FAMILY_OF_KIND:
        return FAMILY_OF_KIND[spec.kind_name()].measure(spec, text)
    if spec.kind_name() in PART_JUDGES:
        return PART_JUDGES[spec.kind_name()](spec, text)
    if isinstance(spec, Keyword):
        return _keyword_outcome(spec, text)
    if isinstance(spec, ForbiddenChars):
        return _forbidden_chars(spec, text)
    if isinstance(spec, ForbiddenWords):
        return _forbidden_words(spec, text)
    if isinstance(spec, LetterCase):
        return _letter_case(spec, text)
    return FORMAT_JUDGES[spec.kind_name()](spec, text)


def repair_for(spec: CheckSpec) -> dict[str, Any] | None:
    """The edit that meets ``spec`` without a model, where one needs no
    judgement (:mod:`redraft.core._repair` makes it); None elsewhere."""
    if spec.kind_name() in FAMILY_OF_KIND:
        return FAMILY_OF_KIND[spec.kind_name()].repair(spec)
    match spec:
        case LetterCase():
            return {"op": "case", "case": spec.case}
        case ForbiddenChars() if set(spec.chars) == {","}:
            return {"op": "remove_commas"}
        case Wrapped(style="double_quotes"):
            return {"op": "wrap_quotes"}
        case EndsWith():
            return {"op": "end_with", "phrase": spec.phrase}
    return None


def _settled_failure(spec: CheckSpec, partial: str) -> bool:
    """Whether ``partial`` (a draft still being written) already fails ``spec``
    whatever follows it."""
    if spec.kind_name() in FAMILY_OF_KIND:
        return FAMILY_OF_KIND[spec.kind_name()].settled_failure(spec, partial)
    if isinstance(spec, ForbiddenChars):
        return any(ch in partial for ch in spec.chars)
    if isinstance(spec, ForbiddenWords):
        # A match at the very end may still grow into another word.
        return any(
            m.end() < len(partial) for w in spec.words for m in measure.keyword_matches(partial, w)
        )
    if isinstance(spec, LetterCase):
        return not judge_text(spec, partial).passed
    if isinstance(spec, StartsWith):
        head = partial.lstrip()
        return len(head) >= len(spec.phrase) and not judge_text(spec, partial).passed
    if isinstance(spec, Wrapped):
        head = partial.lstrip()
        opener = ('"', "“") if spec.style == "double_quotes" else ("```",)
        return len(head) >= 3 and not head.startswith(opener)
    return False


class SpecCheck(Check):
    """The evaluator of one :data:`CheckSpec`.

    ``provenance`` (where the check came from: origin, source span and text)
    is copied into every finding's ``data`` so a run records which stated
    requirement each verdict enforces.
    """

    def __init__(
        self,
        spec: CheckSpec,
        *,
        provenance: dict[str, Any] | None = None,
        name: str | None = None,
        required: bool = True,
    ) -> None:
        self.spec = spec
        self.provenance = dict(provenance or {})
        label = f"{spec.kind_name()}: {spec.describe()}"
        if len(label) > _NAME_CHARS:
            label = label[: _NAME_CHARS - 1] + "…"
        super().__init__(name=name or label, required=required)
        self.source = f"compiled check {spec.kind_name()}"

    async def check(self, text: str) -> Evidence:
        # Off the event loop for a long draft, under the check's time limit.
        return await self._judged(self._judge, text)

    def _judge(self, text: str) -> Evidence:
        return self._finding(judge_text(self.spec, text), partial=False)

    def definite_failure(self, partial: str) -> Evidence | None:
        if not _settled_failure(self.spec, partial):
            return None
        return self._finding(judge_text(self.spec, partial), partial=True)

    def _finding(self, outcome: Outcome, *, partial: bool) -> Evidence:
        data = {
            **outcome.data,
            "check": self.spec.model_dump(mode="json"),
            **self.provenance,
        }
        if partial:
            data["partial"] = True
        if outcome.skipped:
            return Evidence(
                evaluator=self.name,
                kind="check",
                status="skipped",
                reason=outcome.reason,
                source=self.source,
                required=self.required,
                data=data,
            )
        repair = repair_for(self.spec)
        if repair is not None and not outcome.passed and not partial:
            data["repair"] = repair
        return self._evidence(
            passed=outcome.passed,
            reason=outcome.reason,
            suggestion=outcome.suggestion,
            score=outcome.score,
            data=data,
        )

    def __repr__(self) -> str:
        return f"<SpecCheck {json.dumps(self.spec.model_dump(mode='json'), sort_keys=True)}>"
