"""Turning a :data:`CheckSpec` into an evaluator with exact evidence.

Every finding states what was measured and what was required in its
``reason``, and a failed one carries one correction line in ``suggestions``
that the feedback hands to the next draft as-is ("Your answer has 137 words;
the limit is 100. Cut at least 37 words."). Small models act on a number
they are given; they rarely act on "too long".
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

from redraft.core._text import noun, plural
from redraft.core._types import Evidence
from redraft.criteria import _measure as measure
from redraft.criteria._families import FAMILY_OF_KIND
from redraft.criteria._formats import FORMAT_JUDGES, Outcome
from redraft.criteria._parts import PART_JUDGES
from redraft.criteria._spec import (
    CheckSpec,
    CountSpec,
    EndsWith,
    ForbiddenChars,
    ForbiddenWords,
    Keyword,
    LetterCase,
    LetterCount,
    ParagraphCount,
    SectionCount,
    StartsWith,
    WordCount,
    Wrapped,
)
from redraft.evaluators._checks import Check

__all__ = ["SpecCheck", "judge_text"]

_NAME_CHARS = 80


def _counter(spec: CountSpec) -> Callable[[str], int]:
    """How many of the spec's unit ``text`` has."""
    match spec:
        case Keyword():
            return lambda text: len(measure.keyword_matches(text, spec.keyword))
        case LetterCount():
            return lambda text: measure.letters(text, spec.letter)
        case ParagraphCount():
            return lambda text: len(measure.paragraphs(text, spec.separator))
        case SectionCount():
            return lambda text: measure.sections(text, spec.marker)
    simple: dict[str, Callable[[str], int]] = {
        "word_count": lambda text: len(measure.words(text)),
        "sentence_count": lambda text: len(measure.sentences(text)),
        "char_count": measure.characters,
        "bullet_count": measure.bullets,
        "numbered_count": measure.numbered_items,
        "placeholder_count": lambda text: len(measure.placeholders(text)),
        "highlight_count": lambda text: len(measure.highlights(text)),
        "capital_word_count": lambda text: len(measure.capital_words(text)),
    }
    return simple[spec.kind_name()]


# Counts that more text can only raise: past an "at most" they stay past it.
_GROWING = frozenset({"word_count", "char_count", "letter_count", "bullet_count", "numbered_count"})
# Units one shortens rather than removes.
_CUT = frozenset({"word_count", "char_count", "sentence_count", "paragraph_count"})


def _noun(spec: CountSpec, n: int) -> str:
    return spec.unit[0] if n == 1 else spec.unit[1]


def _has(spec: CountSpec, n: int) -> str:
    if isinstance(spec, Keyword):
        return f"uses {spec.keyword!r} {n} {_noun(spec, n)}"
    if isinstance(spec, LetterCount):
        return f"has the letter {spec.letter!r} {n} {_noun(spec, n)}"
    return f"has {n} {_noun(spec, n)}"


def _fix(spec: CountSpec, n: int) -> str:
    """The correction for a count ``n`` that misses the requirement."""
    gap = abs(n - spec.value)
    if isinstance(spec, Keyword):
        return (
            f"Use {spec.keyword!r} {gap} more {_noun(spec, gap)}."
            if n < spec.value
            else f"Use {spec.keyword!r} at most {spec.value} {_noun(spec, spec.value)} "
            f"(remove {gap})."
        )
    if isinstance(spec, LetterCount):
        more = "more" if n < spec.value else "fewer"
        return f"Use the letter {spec.letter!r} {gap} {more} {_noun(spec, gap)}."
    at_least = "at least " if spec.relation != "exactly" else ""
    if n < spec.value:
        return f"Add {at_least}{gap} more {_noun(spec, gap)}{_written_as(spec)}."
    verb = "Cut" if spec.kind_name() in _CUT else "Remove"
    return f"{verb} {at_least}{gap} {_noun(spec, gap)}."


def _written_as(spec: CountSpec) -> str:
    """How the unit is written, for units that are markup: a small model
    told to "add 3 bullet points" writes a numbered list as often as not."""
    match spec:
        case ParagraphCount(separator="***"):
            return ", separated by a line of ***"
        case ParagraphCount(separator="---"):
            return ", separated by a line of ---"
        case ParagraphCount():
            return ", separated by a blank line"
        case SectionCount():
            return f', each starting on a line "{spec.marker} 1", "{spec.marker} 2", …'
    forms = {
        "bullet_count": ', each a line starting with "* "',
        "numbered_count": ', each a line starting with "1. ", "2. ", …',
        "placeholder_count": " in square brackets, like [name]",
        "highlight_count": ", each wrapped in asterisks, like *this*",
    }
    return forms.get(spec.kind_name(), "")


def _counted(spec: CountSpec, text: str) -> int:
    """The count the requirement is judged on. Words have two common
    readings (whitespace-separated, or runs of word characters: "don't" is
    one or two); a word limit passes only when it holds under both, so a
    pass here is a pass whoever counts."""
    n = _counter(spec)(text)
    if spec.kind_name() != "word_count":
        return n
    other = measure.word_runs(text)
    if spec.relation == "at_most":
        return max(n, other)
    if spec.relation == "at_least":
        return min(n, other)
    return n if other == spec.value else other


def _count_outcome(spec: CountSpec, text: str) -> Outcome:
    n = _counted(spec, text)
    required = spec.describe()
    data: dict[str, Any] = {"measured": n, "relation": spec.relation, "value": spec.value}
    if spec.holds(n):
        return Outcome(True, f"the answer {_has(spec, n)}, as required ({required})", data=data)
    high, low = max(n, spec.value), min(n, spec.value)
    score = low / high if high else 0.0
    if spec.kind_name() == "word_count" and spec.relation != "at_most":
        # Tokenizers split on spaces first, so a word is at least one token:
        # a draft capped below this many tokens can never meet the requirement.
        data["min_tokens"] = spec.value
    if spec.relation == "at_most":
        wanted = f"the limit is {spec.value}"
    elif spec.relation == "at_least":
        wanted = f"it needs at least {spec.value}"
    else:
        wanted = f"it needs exactly {spec.value}"
    return Outcome(
        False,
        f"the answer {_has(spec, n)}; required: {required}",
        f"Your answer {_has(spec, n)}; {wanted}. {_fix(spec, n)}",
        score=min(score, 0.99),
        data=data,
    )


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
    if isinstance(spec, CountSpec):
        return _count_outcome(spec, text)
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
        case WordCount(relation="at_most"):
            return {"op": "cut_words", "limit": spec.value}
    return None


def _settled_failure(spec: CheckSpec, partial: str) -> bool:
    """Whether ``partial`` (a draft still being written) already fails ``spec``
    whatever follows it."""
    if isinstance(spec, CountSpec):
        if spec.kind_name() not in _GROWING or spec.relation == "at_least":
            return False
        return _counter(spec)(partial) > spec.value
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
