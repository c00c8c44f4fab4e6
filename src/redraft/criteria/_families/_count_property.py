"""Properties of counts: a count of the answer's words, sentences, lines,
paragraphs, characters or list items, or of each part's words, is even,
odd, prime, a multiple of a number, or a palindrome ("an odd number of
sentences", "the number of words must be a prime number greater than 5",
"make the word count of each sentence an even number", "the total number of
characters must be divisible by 10").

Measured exactly on the counts the count families use: words as
whitespace-separated tokens holding a letter or a digit, and also as runs of
word characters ("don't" is one word or two); a property of a word count
holds only when it holds under both readings, so a pass is a pass whoever
counts. Sentences, paragraphs, lines and list items are cut as
:func:`._parts.parts_of` cuts them; characters are the answer's text
without surrounding whitespace. A bound read with the property ("a prime
number greater than 5") is part of the same check.

Compiles nothing where the count describes the topic ("an odd number of
guests"), is hedged, negated, asked about or said of given material, or is
stated without a directive ("the number of words in my draft is odd").
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any, ClassVar, Literal

from pydantic import Field, model_validator

from redraft.core._lazy_pattern import compile_lazily
from redraft.criteria import _measure as measure
from redraft.criteria._families._base import Family, FamilySpec
from redraft.criteria._families._parts import parts_of
from redraft.criteria._families._per_part import every_part_outcome
from redraft.criteria._grammar import NUMBER, number_value
from redraft.criteria._outcome import Outcome
from redraft.criteria._sentences import Hit, Rule, Sentence, response_context
from redraft.criteria._spec_base import MAX_COUNT
from redraft.criteria._spec_parts import PART_NAMES, Part

__all__ = ["COUNT_PROPERTY", "CountProperty", "holds_property"]

CountUnits = Literal["words", "sentences", "lines", "paragraphs", "characters", "items"]
Property = Literal["even", "odd", "prime", "multiple", "palindrome"]

_UNIT_NAMES: dict[str, tuple[str, str]] = {
    "words": ("word", "words"),
    "sentences": ("sentence", "sentences"),
    "lines": ("line", "lines"),
    "paragraphs": ("paragraph", "paragraphs"),
    "characters": ("character", "characters"),
    "items": ("list item", "list items"),
}
# what a part's own count may be of: a sentence holds words and characters
_PART_HOLDS: dict[str, frozenset[str]] = {
    "sentence": frozenset({"words", "characters"}),
    "line": frozenset({"words", "characters"}),
    "paragraph": frozenset({"words", "characters", "sentences", "lines"}),
    "bullet": frozenset({"words", "characters"}),
    "numbered": frozenset({"words", "characters"}),
    "item": frozenset({"words", "characters"}),
    "section": frozenset({"words", "characters", "sentences", "paragraphs"}),
}


def holds_property(n: int, prop: str, of: int | None = None) -> bool:
    """Whether the count ``n`` is ``prop`` (``of``: the multiple's base)."""
    if prop == "even":
        return n % 2 == 0
    if prop == "odd":
        return n % 2 == 1
    if prop == "prime":
        return n >= 2 and all(n % d for d in range(2, int(n**0.5) + 1))
    if prop == "multiple":
        return of is not None and n % of == 0
    return str(n) == str(n)[::-1]


class CountProperty(FamilySpec):
    """The answer's count of ``units`` (or each ``part``'s) has ``property``,
    within ``at_least`` and ``at_most`` where a bound is stated."""

    kind: Literal["count_property"] = "count_property"
    units: CountUnits = "words"
    part: Part | None = None
    property: Property
    of: int | None = Field(default=None, ge=2, le=1000)
    at_least: int | None = Field(default=None, ge=0, le=MAX_COUNT)
    at_most: int | None = Field(default=None, ge=0, le=MAX_COUNT)

    @model_validator(mode="after")
    def _valid(self) -> CountProperty:
        if (self.property == "multiple") != (self.of is not None):
            raise ValueError("'of' goes with a multiple, and only with one")
        if self.part is not None and self.units not in _PART_HOLDS.get(self.part, frozenset()):
            raise ValueError(f"a {self.part} has no count of {self.units} here")
        if self.at_least is not None and self.at_most is not None and self.at_least > self.at_most:
            raise ValueError("at_least is above at_most")
        return self

    def wanted(self) -> str:
        said = {
            "even": "an even number",
            "odd": "an odd number",
            "prime": "a prime number",
            "palindrome": "a palindrome number (reads the same both ways)",
        }.get(self.property, f"a multiple of {self.of}")
        if self.at_least is not None:
            said += f" of at least {self.at_least}"
        if self.at_most is not None:
            said += f" of at most {self.at_most}"
        return said

    def describe(self) -> str:
        whose = "the answer's" if self.part is None else f"each {PART_NAMES[self.part][0]}'s"
        return f"{whose} number of {_UNIT_NAMES[self.units][1]} is {self.wanted()}"

    def slot(self) -> tuple[object, ...]:
        return (self.kind, self.units, self.part, self.property)

    def ok(self, n: int) -> bool:
        return (
            holds_property(n, self.property, self.of)
            and (self.at_least is None or n >= self.at_least)
            and (self.at_most is None or n <= self.at_most)
        )


def _counts(units: str, text: str) -> tuple[int, ...]:
    """The count of ``units`` in ``text``: every common reading of it."""
    if units == "words":
        return tuple(sorted({len(measure.words(text)), measure.word_runs(text)}))
    if units == "characters":
        return (measure.characters(text),)
    if units == "lines":
        return (len(parts_of(text, "line")),)
    part = {"sentences": "sentence", "paragraphs": "paragraph", "items": "item"}[units]
    return (len(parts_of(text, part)),)


def _holds(spec: CountProperty, text: str) -> bool:
    return all(spec.ok(n) for n in _counts(spec.units, text))


def _counted(counts: tuple[int, ...], noun: str) -> str:
    if len(counts) == 1:
        return f"{counts[0]} {noun}"
    return f"{counts[0]} {noun} ({counts[1]} if a contraction or a hyphenated word counts as two)"


def _nearest(spec: CountProperty, n: int) -> int | None:
    """The count nearest ``n`` (above first) that meets ``spec``."""
    for step in range(1, 2000):
        for candidate in (n + step, n - step):
            if candidate >= 0 and spec.ok(candidate):
                return candidate
    return None


# -- reading the request ----------------------------------------------------------

_UNITS = (
    r"words?|sentences?|lines?|paragraphs?|characters?|(?:list\s+)?items?|"
    r"bullet(?:[\s-]+points?|s)?"
)
_UNIT = rf"(?P<unit>{_UNITS})"
_PARTS_SAID = r"sentence|line|paragraph|stanza|bullet(?:[\s-]+point)?|(?:list\s+)?item|section"
_PART = rf"(?P<part>{_PARTS_SAID})"
_PROPERTY = (
    rf"(?:an?\s+)?(?:(?P<prop>even|odd|prime|palindromic)(?:\s+number)?|"
    rf"(?:a\s+)?palindrome(?:\s+number)?|(?:an?\s+)?(?:exact\s+)?multiple\s+of\s+(?P<mult>{NUMBER})|"
    rf"(?:evenly\s+)?divisible\s+by\s+(?P<div>{NUMBER}))"
)
_BOUND = (
    rf"(?:\s*,?\s+(?:(?P<gt>greater|more|larger|bigger|higher)\s+than|(?P<lt>less|smaller|"
    rf"fewer|lower)\s+than|(?P<ge>of\s+at\s+least)|(?P<le>of\s+at\s+most))\s+(?P<bound>{NUMBER}))?"
)
_WHOSE = (
    r"(?:\s+(?:(?:in|of|for)\s+(?P<each>each|every)|(?P<per>per))\s+" + _PART + r"|"
    r"\s+(?:in|of)\s+(?:(?:your|the)\s+(?:entire\s+|whole\s+"
    r"|full\s+)?(?:answer|response|reply|text|output|poem|story|essay|paragraph|message)))?"
)
_BE = r"(?:\s+(?:must|should|shall|has\s+to|needs\s+to|will\s+need\s+to|ought\s+to)\s+be|\s+be)"
_COUNT = (
    rf"(?:the\s+)?(?:total\s+)?(?:(?:number|count)\s+of\s+{_UNIT}|(?P<unit2>{_UNITS})[\s-]count)"
    rf"{_WHOSE}"
)
# "the number of words must be prime", "make the word count of each sentence even"
_STATED = compile_lazily(
    rf"(?P<make>\b(?:make|keep|ensure\s+(?:that\s+)?|make\s+sure\s+(?:that\s+)?|where|whose|"
    rf"so\s+that|such\s+that|in\s+which)\s+)?"
    rf"\b{_COUNT}(?:{_BE}|\s+(?P<is>is|are))?\s+{_PROPERTY}{_BOUND}(?![\w-])"
)
# "use an odd number of sentences", "each line has an even number of words"
_HAVING = compile_lazily(
    rf"(?:\b(?:each|every)\s+(?P<owner>{_PARTS_SAID})\s+(?:(?:must|should|needs\s+to|has\s+to)\s+)?"
    rf"(?:have|has|contain|contains|use|be\s+made\s+of|consist\s+of)\s+)?"
    rf"\b(?:an?\s+)(?P<hprop>even|odd|prime)\s+number\s+of\s+{_UNIT}"
    rf"(?:\s+(?:in|per|for)\s+(?:each|every)\s+{_PART})?(?![\w-])"
)
_PARTS: dict[str, Part] = {
    "sentence": "sentence",
    "line": "line",
    "paragraph": "paragraph",
    "stanza": "paragraph",
    "bullet": "bullet",
    "item": "item",
    "section": "section",
}


def _units(raw: str) -> str:
    word = raw.split()[-1].split("-")[-1]
    if raw.startswith(("bullet", "list", "item")):
        return "items"
    return word if word.endswith("s") else word + "s"


def _part(raw: str | None) -> Part | None:
    if not raw:
        return None
    return _PARTS[raw.split()[-1].split("-")[0] if not raw.startswith("bullet") else "bullet"]


def _build(
    units: str, part: Part | None, prop: str, of: int | None, bound: tuple[str, int] | None
) -> CountProperty | None:
    low = high = None
    if bound is not None:
        how, n = bound
        low = n + 1 if how == "gt" else n if how == "ge" else None
        high = n - 1 if how == "lt" else n if how == "le" else None
    try:
        return CountProperty.model_validate(
            {
                "units": units,
                "part": part,
                "property": prop,
                "of": of,
                "at_least": low,
                "at_most": high,
            }
        )
    except ValueError:
        return None


def _property(match: re.Match[str]) -> tuple[str, int | None] | None:
    prop = match.group("prop")
    if prop:
        return ("palindrome" if prop == "palindromic" else prop), None
    base = match.group("mult") or match.group("div")
    if base:
        n = number_value(base)
        return None if n is None else ("multiple", n)
    return "palindrome", None


def _bound(match: re.Match[str]) -> tuple[str, int] | None:
    if not match.group("bound"):
        return None
    how = next(g for g in ("gt", "lt", "ge", "le") if match.group(g))
    n = number_value(match.group("bound"))
    return None if n is None else (how, n)


def count_properties(sentence: Sentence) -> Iterator[Hit]:
    """ "The number of words must be prime", "an odd number of sentences"."""
    text = sentence.lower
    if text.rstrip().endswith("?"):
        return
    for match in _STATED.finditer(text):
        # a bare "is" states a fact unless a directive makes it one
        if match.group("is") and not match.group("make"):
            continue
        if not (match.group("make") or re.search(_BE, match.group(0))):
            continue
        read = _property(match)
        bound = _bound(match) if match.group("bound") else None
        if read is None or (match.group("bound") and bound is None):
            continue
        part = _part(match.group("part")) if match.group("each") or match.group("per") else None
        unit = match.group("unit") or match.group("unit2")
        spec = _build(_units(unit), part, read[0], read[1], bound)
        if spec is not None and response_context(sentence, match.start()):
            yield Hit(spec, match.start(), match.end())
    for match in _HAVING.finditer(text):
        owner = match.group("owner")
        part = _part(owner) if owner else _part(match.group("part"))
        spec = _build(_units(match.group("unit")), part, match.group("hprop"), None, None)
        if spec is not None and response_context(sentence, match.start()):
            yield Hit(spec, match.start(), match.end())


class _CountProperty(Family):
    name = "count property"
    specs = (CountProperty,)
    rules: ClassVar[tuple[Rule, ...]] = (count_properties,)

    def measure(self, spec: Any, text: str) -> Outcome:
        assert isinstance(spec, CountProperty)
        noun = _UNIT_NAMES[spec.units][1]
        if spec.part is not None:
            found = parts_of(text, spec.part)
            if not found:
                plural = PART_NAMES[spec.part][1]
                return Outcome(
                    False,
                    f"the answer has no {plural}; required: {spec.describe()}",
                    self.correction(spec, text),
                    score=0.0,
                )
            fix = f"Make the number of {noun} in each of them {spec.wanted()} (count them)."
            return every_part_outcome(spec, found, lambda p: _holds(spec, p), fix)
        counts = _counts(spec.units, text)
        data: dict[str, Any] = {"measured": list(counts)}
        said = _counted(counts, noun)
        if all(spec.ok(n) for n in counts):
            return Outcome(True, f"the answer has {said}, as required", data=data)
        return Outcome(
            False,
            f"the answer has {said}; required: {spec.describe()}",
            self.correction(spec, text),
            score=0.0,
            data=data,
        )

    def correction(self, spec: Any, text: str) -> str:
        assert isinstance(spec, CountProperty)
        noun = _UNIT_NAMES[spec.units][1]
        if spec.part is not None:
            return f"Make the number of {noun} in every {PART_NAMES[spec.part][0]} {spec.wanted()}."
        counts = _counts(spec.units, text)
        near = _nearest(spec, counts[0])
        hint = f" (for instance {near})" if near is not None else ""
        clash = (
            " Avoid contractions and hyphenated words, which some count as two."
            if len(counts) > 1
            else ""
        )
        return (
            f"Your answer has {_counted(counts, noun)}; the number of {noun} must be "
            f"{spec.wanted()}{hint}. Add or remove {noun} until it is.{clash}"
        )


COUNT_PROPERTY = _CountProperty()
