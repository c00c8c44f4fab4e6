"""Numbers in a range: every number the answer writes lies between two
bounds.

"Give me 10 random integers between 1 and 100", "every number must be
between 0 and 50", "pick five numbers from 1 to 49". Measured exactly on the
numbers written in digits (``-3``, ``42``, ``1,000``, ``2.5``), a numbered
list's markers (``1.``, ``2)``) left out as markers: each must lie between
``low`` and ``high``, both included, and the answer must write at least one.

Read only where the numbers asked for are the answer's: a count of numbers,
integers or whole numbers with a range ("10 random integers between 1 and
100"), or every number of the answer ("all numbers between 0 and 50"). A
range describing the topic ("ages 18 to 25", "a story about the years 1900
to 1950"), a score in one field, a hedged, negated, quoted or asked request
compiles nothing.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any, ClassVar, Literal

from pydantic import model_validator

from redraft.core._lazy_pattern import compile_lazily
from redraft.criteria._families._base import Family, FamilySpec
from redraft.criteria._grammar import NUMBER, number_value
from redraft.criteria._outcome import Outcome
from redraft.criteria._sentences import Hit, Rule, Sentence, response_context

__all__ = ["NUMBERS_IN_RANGE", "NumbersInRange", "numbers_in"]


class NumbersInRange(FamilySpec):
    """Every number the answer writes in digits lies from ``low`` to ``high``."""

    kind: Literal["numbers_in_range"] = "numbers_in_range"
    low: float
    high: float

    @model_validator(mode="after")
    def _ordered(self) -> NumbersInRange:
        if self.low >= self.high:
            raise ValueError("low must be below high")
        return self

    def describe(self) -> str:
        return f"every number between {_shown(self.low)} and {_shown(self.high)}"


def _shown(value: float) -> str:
    return str(int(value)) if value == int(value) else str(value)


_MARKER = compile_lazily(r"^[ \t]*\d{1,3}[.)][ \t]+", re.MULTILINE)
_NUMBER_IN = compile_lazily(r"(?<![\w.])-?(?:\d{1,3}(?:,\d{3})+|\d+)(?:\.\d+)?(?![\w])")


def numbers_in(text: str) -> list[float]:
    """The numbers ``text`` writes in digits, a numbered list's markers left out."""
    plain = _MARKER.sub("", text)
    return [float(m.group().replace(",", "")) for m in _NUMBER_IN.finditer(plain)]


# -- reading the request ----------------------------------------------------------

_RANGE = (
    rf"(?:between\s+(?P<low>{NUMBER})\s+and\s+(?P<high>{NUMBER})|"
    rf"from\s+(?P<lo2>{NUMBER})\s+to\s+(?P<hi2>{NUMBER}))"
)
# "10 random integers between 1 and 100", "five whole numbers from 1 to 49"
_COUNTED = compile_lazily(
    r"\b(?:give|list|generate|pick|choose|write|name|output|produce|return|provide|draw)"
    r"\s+(?:me\s+|us\s+)?"
    rf"(?:{NUMBER})\s+(?:(?:random|different|distinct|unique)\s+)*"
    rf"(?:integers|numbers|whole\s+numbers)\s+(?:(?:each|all)\s+)?{_RANGE}\b"
)
# "every number must be between 0 and 50", "all numbers from 1 to 10"
_EVERY = compile_lazily(
    rf"\b(?:every|each|all(?:\s+the)?|all\s+of\s+the)\s+(?:numbers?|integers?|values?)\s+"
    r"(?:in\s+(?:your|the)\s+(?:answer|response|reply|list|output)\s+)?"
    rf"(?:(?:must|should|has\s+to|have\s+to|need\s+to|needs\s+to)\s+(?:be\s+|lie\s+|fall\s+)?"
    rf"|(?:is|are)\s+)?(?:within\s+|in\s+the\s+range\s+)?{_RANGE}\b"
)
_HEDGE = compile_lazily(r"\b(?:roughly|about|around|approximately|ideally|mostly|preferably)\b")
_ROLE = compile_lazily(r"^\s*(?:years?|years\s+old|percent|%|degrees|people|kg|km|minutes|hours)")


def numbers_in_range(sentence: Sentence) -> Iterator[Hit]:
    """ "Ten random integers between 1 and 100", "every number between 0 and 50"."""
    text = sentence.lower
    if text.rstrip().endswith("?") or _HEDGE.search(text):
        return
    for pattern in (_COUNTED, _EVERY):
        for match in pattern.finditer(text):
            if _ROLE.match(text[match.end() :]):
                continue  # "between 18 and 25 years": a quantity with a unit
            if not response_context(sentence, match.start()):
                continue
            found = match.groupdict()
            low = number_value(found["low"] or found["lo2"])
            high = number_value(found["high"] or found["hi2"])
            if low is None or high is None or low >= high:
                continue
            yield Hit(NumbersInRange(low=low, high=high), match.start(), match.end())
            return


class _NumbersInRange(Family):
    name = "numbers in range"
    specs = (NumbersInRange,)

    def measure(self, spec: Any, text: str) -> Outcome:
        assert isinstance(spec, NumbersInRange)
        found = numbers_in(text)
        off = [n for n in found if not spec.low <= n <= spec.high]
        data: dict[str, Any] = {"numbers": len(found), "off": [_shown(n) for n in off[:3]]}
        if found and not off:
            return Outcome(True, f"the {len(found)} numbers hold: {spec.describe()}", data=data)
        said = "no number" if not found else f"{len(off)} number(s) out of range"
        return Outcome(
            False,
            f"the answer has {said}; required: {spec.describe()}",
            self.correction(spec, text),
            score=max(0.0, 1 - len(off) / len(found)) * 0.99 if found else 0.0,
            data=data,
        )

    def correction(self, spec: Any, text: str) -> str:
        assert isinstance(spec, NumbersInRange)
        found = numbers_in(text)
        bounds = f"{_shown(spec.low)} and {_shown(spec.high)}"
        if not found:
            return f"Your answer writes no number in digits; give numbers between {bounds}."
        off = ", ".join(_shown(n) for n in found if not spec.low <= n <= spec.high)
        return f"These numbers are out of range: {off}. Use only numbers between {bounds}."

    rules: ClassVar[tuple[Rule, ...]] = (numbers_in_range,)


NUMBERS_IN_RANGE = _NumbersInRange()
