"""Length progression: each sentence, line, paragraph or list item is longer
(or shorter) than the one before it.

"Each sentence longer than the previous one", "every line has more words
than the line before it", "paragraphs that get progressively shorter",
"each line has exactly one more word than the line before, starting with
one word" (a word pyramid). Measured exactly on the parts
:func:`._parts.parts_of` cuts (sentences approximately, as
``sentence_count`` cuts them): a part's length is its words (tokens holding
a letter or a digit) or its characters (its text without surrounding
whitespace). Every part must be longer than the one before it (shorter,
``decreasing``), or at least as long where ``strict`` is off; with a
``step``, exactly ``step`` words or characters more (fewer) each time; with
a ``start``, the first part has exactly that length. At least two parts.

"Longer" and "shorter" with no unit (``unit`` None) fail only what every
reading fails: the parts hold in words or in characters, either will do
(a line one word shorter may be longer in characters). Compiles nothing
where the request is hedged ("roughly increasing", "more or less"),
negated, quoted or asked, or where the comparison is with something other
than the part before ("each sentence shorter than 20 words", "longer
than the original").
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from itertools import pairwise
from typing import Any, ClassVar, Literal

from pydantic import Field, model_validator

from redraft.core._lazy_pattern import compile_lazily
from redraft.criteria import _measure as measure
from redraft.criteria._families._base import Family, FamilySpec
from redraft.criteria._families._parts import parts_of
from redraft.criteria._grammar import number_value
from redraft.criteria._outcome import Outcome
from redraft.criteria._sentences import THING, Hit, Rule, Sentence, response_context

__all__ = ["LENGTH_PROGRESSION", "LengthProgression", "lengths"]

ProgressionPart = Literal["sentence", "line", "paragraph", "item"]
_PART_NAMES: dict[str, tuple[str, str]] = {
    "sentence": ("sentence", "sentences"),
    "line": ("line", "lines"),
    "paragraph": ("paragraph", "paragraphs"),
    "item": ("list item", "list items"),
}


class LengthProgression(FamilySpec):
    """Each part is longer (``increasing``) or shorter (``decreasing``) than
    the one before it, in words or characters."""

    kind: Literal["length_progression"] = "length_progression"
    part: ProgressionPart = "sentence"
    #: None where no unit is said: the parts hold in words or in characters
    unit: Literal["words", "characters"] | None = "words"
    direction: Literal["increasing", "decreasing"] = "increasing"
    #: strictly longer each time; off, a part may be as long as the one before
    strict: bool = True
    #: exactly this many more (fewer) words or characters each time
    step: int | None = Field(default=None, ge=1)
    #: the first part's length, where stated ("starting with one word")
    start: int | None = Field(default=None, ge=1)

    @model_validator(mode="after")
    def _step_is_strict(self) -> LengthProgression:
        if self.step is not None and not self.strict:
            raise ValueError("a step of growth is strict by nature")
        if self.unit is None and (self.step is not None or self.start is not None):
            raise ValueError("a step or a first length is counted in a unit")
        return self

    def describe(self) -> str:
        one = _PART_NAMES[self.part][0]
        unit = self.unit or "words or characters"
        if self.step is not None:
            more = "more" if self.direction == "increasing" else "fewer"
            said = f"each {one} {self.step} {unit if self.step > 1 else unit[:-1]} {more}"
        else:
            comparative = "longer" if self.direction == "increasing" else "shorter"
            said = f"each {one} {comparative} (in {unit})"
            if not self.strict:
                said = f"each {one} at least as {'long' if comparative == 'longer' else 'short'}"
                said += f" (in {unit})"
        said += f" than the {one} before it"
        if self.start is not None:
            said += f", the first {self.start} {unit if self.start > 1 else unit[:-1]} long"
        return said


def lengths(spec: LengthProgression, text: str, unit: str | None = None) -> list[int]:
    """The length of each part of ``text`` that ``spec`` compares, in order
    (in ``unit`` where given, else the spec's; characters where it says none)."""
    parts = parts_of(text, spec.part)
    if (unit or spec.unit or "characters") == "characters":
        return [len(part.strip()) for part in parts]
    return [len(measure.words(part)) for part in parts]


def _breaks(spec: LengthProgression, sizes: list[int]) -> list[int]:
    """The indexes (of the later part) of every pair that breaks the progression."""
    sign = 1 if spec.direction == "increasing" else -1
    off: list[int] = []
    for i, (a, b) in enumerate(pairwise(sizes), start=1):
        grows = (b - a) * sign
        if spec.step is not None:
            bad = grows != spec.step
        else:
            bad = grows <= 0 if spec.strict else grows < 0
        if bad:
            off.append(i)
    return off


# -- reading the request ----------------------------------------------------------

_PART = (
    r"(?P<part>sentences?|lines?|paragraphs?|stanzas?|bullet(?:\s+points?)?s?|"
    r"(?:list\s+)?items?|verses?)"
)
_BEFORE = (
    r"(?:the\s+)?(?:one\s+(?:before|above)(?:\s+it)?|previous(?:\s+one|\s+\w+)?|"
    r"preceding(?:\s+one|\s+\w+)?|prior\s+one|last(?:\s+one)?|"
    r"(?:sentence|line|paragraph|stanza|bullet|item|verse)\s+(?:before|above)(?:\s+it)?)"
)
_N = r"(?:one|two|three|four|five|\d{1,2})"
# "each line has (exactly) one more word than the line before it",
# "every sentence is longer than the previous one"
_EACH = compile_lazily(
    r"\b(?:each|every)\s+(?:(?:new|next|following|subsequent|successive)\s+)?" + _PART + r"\s+"
    r"(?:(?:is|should\s+be|must\s+be|has\s+to\s+be|needs\s+to\s+be|being|to\s+be|"
    r"has|should\s+have|must\s+have|needs\s+to\s+have|contains?|containing|having|with|"
    r"gets?|getting)\s+)?"
    r"(?:(?P<exact>exactly\s+)?(?P<step>" + _N + r")\s+(?P<stepcmp>more|fewer|less)\s+"
    r"(?P<stepunit>words?|characters?)|"
    r"(?P<cmp>longer|shorter)(?:\s+(?:in|by)\s+(?P<inunit>words?|characters?))?|"
    r"(?P<many>more|fewer)\s+(?P<manyunit>words?|characters?))"
    r"\s+than\s+" + _BEFORE + r"\b"
)
# "paragraphs that get progressively shorter", "sentences of increasing length"
_GROW = compile_lazily(
    r"\b" + _PART + r"\s+(?:(?:that|which|should|must|will|to)\s+)?"
    r"(?:(?:get|gets|grow|grows|become|becomes|getting|growing|becoming)\s+)?"
    r"(?:progressively|successively|increasingly|steadily)\s+(?P<cmp>longer|shorter)\b"
    r"(?!\s+than)"
)
# "sentences of increasing length", "lines in decreasing length"
_ORDERED = compile_lazily(
    r"\b" + _PART + r"\s+(?:of|in|with)\s+(?P<dir>increasing|decreasing|ascending|descending)"
    r"\s+(?:order\s+of\s+)?(?:length|word\s+count)\b"
)
_START = compile_lazily(
    r"^\s*,?\s*(?:and\s+)?(?:starting|beginning)\s+(?:with|at|from)\s+(?:the\s+first\s+\w+\s+"
    r"(?:having|with|at)\s+)?(?:a\s+single|(?P<n>" + _N + r"))\s+(?P<unit>words?|characters?)\b"
)
_HEDGE = compile_lazily(r"\b(?:roughly|more\s+or\s+less|mostly|generally|ideally|try\s+to|approx)")


# "a poem in which every line …", "a story where each sentence …": the clause
# describes the thing asked for (as :mod:`._line_length` reads it)
_DESCRIBED = compile_lazily(
    rf"\b(?:{THING}|paragraph|list|text)(?:\s+(?:about|on)(?:\s+(?!each\b|every\b)[\w'-]+){{1,4}}?)?\s+"
    r"(?P<joint>in\s+which|where|whose|such\s+that|so\s+that)\s+$"
)


def _required(sentence: Sentence, start: int) -> bool:
    if response_context(sentence, start):
        return True
    described = _DESCRIBED.search(sentence.lower[:start])
    return described is not None and response_context(sentence, described.start("joint"))


def _part_of(name: str) -> ProgressionPart | None:
    if name.startswith(("sentence",)):
        return "sentence"
    if name.startswith(("line", "verse")):
        return "line"
    if name.startswith(("paragraph", "stanza")):
        return "paragraph"
    if name.startswith(("bullet", "item", "list")):
        return "item"
    return None


def _unit(name: str | None) -> Literal["words", "characters"]:
    return "characters" if name and name.startswith("char") else "words"


_ONE_PART = compile_lazily(
    r"^\s*,?\s*(?:only\s+)?(?:in|of|within|inside|for)\s+(?:the|each|every|your|one)\s+"
    r"(?:[\w-]+\s+){0,2}?(?:first|second|third|last|final|next|other|opening|closing|middle|"
    r"paragraph|stanza|section|verse|part|chorus|intro\w*|conclusion)\b"
)


def length_progression(sentence: Sentence) -> Iterator[Hit]:
    """ "Each sentence longer than the one before", "progressively shorter paragraphs"."""
    text = sentence.lower
    if text.rstrip().endswith("?") or _HEDGE.search(text):
        return
    for pattern in (_EACH, _GROW, _ORDERED):
        for match in pattern.finditer(text):
            if not _required(sentence, match.start()):
                continue
            if _ONE_PART.match(text[match.end() :]):
                continue  # "… in the first paragraph only": one part's parts
            spec = _spec(match, text)
            if spec is not None:
                yield Hit(spec, match.start(), match.end())
                return


Direction = Literal["increasing", "decreasing"]


# the unit said after the comparison: "(count words)", "in word count",
# ", by character count", "(in characters)"
_UNIT_AFTER = compile_lazily(
    r"\s*[,(]?\s*(?:count(?:ing)?\s+(?:the\s+)?(?P<unit>words|characters)|"
    r"(?:by|in)\s+(?:terms\s+of\s+)?(?:(?P<unit2>word|character)\s+count|"
    r"(?P<unit3>words|characters)))\b"
)


def _spec(match: re.Match[str], text: str) -> LengthProgression | None:
    found = match.groupdict()
    part = _part_of(found.get("part") or "")
    if part is None:
        return None
    step = start = None
    direction: Direction
    unit: Literal["words", "characters"] | None
    if found.get("step"):
        step = number_value(found["step"])
        direction = "increasing" if found["stepcmp"] == "more" else "decreasing"
        unit = _unit(found["stepunit"])
        after = _START.match(text[match.end() :])
        if after:
            start = number_value(after.group("n")) if after.group("n") else 1
            if _unit(after.group("unit")) != unit:
                return None
    elif found.get("many"):
        direction = "increasing" if found["many"] == "more" else "decreasing"
        unit = _unit(found["manyunit"])
    elif found.get("cmp"):
        direction = "increasing" if found["cmp"] == "longer" else "decreasing"
        unit = _unit(found.get("inunit")) if found.get("inunit") else None
    else:
        direction = "increasing" if found["dir"] in {"increasing", "ascending"} else "decreasing"
        unit = None
    said = _UNIT_AFTER.match(text, match.end())
    if unit is None and said is not None:
        unit = _unit(
            said.group("unit") or said.group("unit2") or said.group("unit3")
        )  # "… longer than the one before it (count words)"
    return LengthProgression(part=part, unit=unit, direction=direction, step=step, start=start)


class _LengthProgression(Family):
    name = "length progression"
    specs = (LengthProgression,)
    rules: ClassVar[tuple[Rule, ...]] = (length_progression,)

    def measure(self, spec: Any, text: str) -> Outcome:
        assert isinstance(spec, LengthProgression)
        sizes = lengths(spec, text)
        off = _breaks(spec, sizes)
        if off and spec.unit is None and not _breaks(spec, lengths(spec, text, "words")):
            off, sizes = [], lengths(spec, text, "words")  # no unit said: words hold
        first_off = spec.start is not None and bool(sizes) and sizes[0] != spec.start
        data: dict[str, Any] = {"lengths": sizes[:20], "off": len(off) + int(first_off)}
        one, many = _PART_NAMES[spec.part]
        if len(sizes) >= 2 and not off and not first_off:
            return Outcome(True, f"the {len(sizes)} {many} hold: {spec.describe()}", data=data)
        if len(sizes) < 2:
            said = f"{len(sizes)} {one if len(sizes) == 1 else many}"
        else:
            said = f"{many} of {spec.unit or 'character'} lengths {', '.join(map(str, sizes[:12]))}"
        return Outcome(
            False,
            f"the answer has {said}; required: {spec.describe()}",
            self.correction(spec, text),
            score=max(0.0, 1 - len(off) / max(len(sizes) - 1, 1)) * 0.99 if sizes else 0.0,
            data=data,
        )

    def correction(self, spec: Any, text: str) -> str:
        assert isinstance(spec, LengthProgression)
        sizes = lengths(spec, text)
        one, many = _PART_NAMES[spec.part]
        wanted = f"Make {spec.describe()}."
        if len(sizes) < 2:
            return f"Your answer needs at least two {many}. {wanted}"
        if spec.start is not None and sizes[0] != spec.start:
            return f"Your first {one} has {sizes[0]} {spec.unit or 'characters'}. {wanted}"
        at = _breaks(spec, sizes)[0]
        return (
            f"Your {one} {at + 1} has {sizes[at]} {spec.unit or 'characters'} after "
            f"{sizes[at - 1]} in "
            f"{one} {at}. {wanted}"
        )


LENGTH_PROGRESSION = _LengthProgression()
