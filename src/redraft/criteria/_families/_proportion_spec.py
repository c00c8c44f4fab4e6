"""The spec of a proportion (``proportion``) and how one part, word or
letter is judged to have its property: measured in :mod:`._proportion`,
read in :mod:`._proportion_reading`."""

from __future__ import annotations

import re
from typing import Literal

from pydantic import Field, model_validator

from redraft.core._lazy_pattern import compile_lazily
from redraft.criteria import _measure as measure
from redraft.criteria._families._base import FamilySpec
from redraft.criteria._families._parts import parts_of

__all__ = ["UNIT_NAMES", "Proportion", "has_property", "units_of"]

ShareUnits = Literal["sentences", "lines", "paragraphs", "items", "words", "letters"]
Having = Literal[
    "question", "exclamation", "keyword", "starts_with", "capitals", "uppercase", "lowercase"
]
Compare = Literal["at_least", "at_most", "exactly", "more_than", "less_than"]

UNIT_NAMES: dict[str, tuple[str, str]] = {
    "sentences": ("sentence", "sentences"),
    "lines": ("line", "lines"),
    "paragraphs": ("paragraph", "paragraphs"),
    "items": ("list item", "list items"),
    "words": ("word", "words"),
    "letters": ("letter", "letters"),
}
_PART_OF = {"sentences": "sentence", "lines": "line", "paragraphs": "paragraph", "items": "item"}
_COMPARE_WORDS = {
    "at_least": "at least",
    "at_most": "at most",
    "exactly": "exactly",
    "more_than": "more than",
    "less_than": "less than",
}
_LETTER_ONLY = frozenset({"uppercase", "lowercase"})


class Proportion(FamilySpec):
    """``compare`` ``numerator``/``denominator`` of the answer's ``units``
    have the property ``having`` (``word``: the keyword or start)."""

    kind: Literal["proportion"] = "proportion"
    units: ShareUnits = "sentences"
    having: Having
    word: str = Field(default="", max_length=60)
    compare: Compare
    numerator: int = Field(ge=0, le=1000)
    denominator: int = Field(ge=1, le=1000)

    @model_validator(mode="after")
    def _valid(self) -> Proportion:
        if self.numerator > self.denominator:
            raise ValueError("a share is at most the whole")
        if (self.units == "letters") != (self.having in _LETTER_ONLY):
            raise ValueError("only letters have a case of their own, and they have only that")
        if (self.having in ("keyword", "starts_with")) != bool(self.word.strip()):
            raise ValueError("a keyword or a start needs its word, and only they take one")
        if self.units == "words" and self.having not in ("capitals", "starts_with"):
            raise ValueError("a word's share is of capitals or of a start")
        return self

    def share(self) -> str:
        fraction = f"{self.numerator}/{self.denominator}"
        if self.denominator == 100:
            fraction = f"{self.numerator}%"
        return f"{_COMPARE_WORDS[self.compare]} {fraction}"

    def trait(self) -> str:
        return {
            "question": "are questions (end with '?')",
            "exclamation": "end with '!'",
            "keyword": f"contain {self.word!r}",
            "starts_with": f"start with {self.word!r}",
            "capitals": "are in capitals",
            "uppercase": "are uppercase",
            "lowercase": "are lowercase",
        }[self.having]

    def untrait(self) -> str:
        return {
            "question": "are not questions",
            "exclamation": "do not end with '!'",
            "keyword": f"do not contain {self.word!r}",
            "starts_with": f"do not start with {self.word!r}",
            "capitals": "are not in capitals",
            "uppercase": "are lowercase",
            "lowercase": "are uppercase",
        }[self.having]

    def describe(self) -> str:
        return f"{self.share()} of the {UNIT_NAMES[self.units][1]} {self.trait()}"

    def slot(self) -> tuple[object, ...]:
        return (self.kind, self.units, self.having, self.word.casefold(), self.compare)

    def holds(self, k: int, n: int) -> bool:
        have, want = k * self.denominator, self.numerator * n
        return {
            "at_least": have >= want,
            "at_most": have <= want,
            "exactly": have == want,
            "more_than": have > want,
            "less_than": have < want,
        }[self.compare]


_TRAILING = compile_lazily(r"[\s\"'”’»)\]*_`]+$")
_LEADING = compile_lazily(r"^[\s\"'“‘«(\[*_`#>-]+")


def _word_in(part: str, word: str) -> bool:
    pattern = r"(?<!\w)" + r"\s+".join(map(re.escape, word.split())) + r"(?!\w)"
    return re.search(pattern, part, re.IGNORECASE) is not None


def has_property(spec: Proportion, unit: str) -> bool:
    """Whether one part (or word, or letter) ``unit`` has ``spec``'s property."""
    if spec.having == "uppercase":
        return unit.isupper()
    if spec.having == "lowercase":
        return unit.islower()
    if spec.having == "question":
        return _TRAILING.sub("", unit).endswith("?")
    if spec.having == "exclamation":
        return _TRAILING.sub("", unit).endswith("!")
    if spec.having == "keyword":
        return _word_in(unit, spec.word)
    if spec.having == "capitals":
        letters = [ch for ch in unit if ch.isalpha()]
        return bool(letters) and all(ch.isupper() for ch in letters)
    start = _LEADING.sub("", unit).casefold()
    word = spec.word.casefold()
    if len(word) == 1:
        return start.startswith(word)
    return re.match(re.escape(word) + r"(?!\w)", start) is not None


def units_of(spec: Proportion, text: str) -> list[str]:
    """The parts, words or letters of ``text`` whose share ``spec`` takes."""
    if spec.units == "letters":
        return [ch for ch in text if ch.isalpha()]
    if spec.units == "words":
        return measure.words(text)
    return parts_of(text, _PART_OF[spec.units])
