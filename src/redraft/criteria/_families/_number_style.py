"""How numbers are written: in digits, never in words ("use digits, not
words"); small numbers in words ("spell out numbers under ten"); or large
ones with their thousands grouped by commas ("use commas as thousands
separators").

Measured exactly under stated definitions, on every number the answer
writes; an answer with none passes.

- ``digits``: no number word (``two`` … ``nineteen``, the tens, ``hundred``,
  ``thousand``, ``million``, ``billion``, ``dozen``); approximate, stated:
  ``one`` and ``zero`` are not counted (``one`` is a pronoun as often as a
  number: "no one", "the one I liked").
- ``words_below``: no numeral standing alone whose value is under ``below``
  (``3 cats``); a digit that is part of a longer figure (``3.5``, ``1,024``,
  ``2024-05-01``, ``10:30``, ``3/4``, ``v2``), a percentage (``5%``) or a
  list marker at a line's start (``1.``) is not such a numeral.
- ``grouped``: every whole number of five digits or more is written with
  commas between its thousands (``12,500``, not ``12500``), and no grouping
  is malformed (``1,25,000``); approximate, stated: a four-digit number is
  not checked (a year or a code as often as an amount).

Repairs need no judgement for ``grouped`` (commas are added); spelling a
number out, or writing a number word as digits, may change the sentence's
grammar, so those are left for the redraft.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any, ClassVar, Literal

from pydantic import Field, model_validator

from redraft.core._lazy_pattern import compile_lazily
from redraft.core._repair import RepairOp
from redraft.criteria._families._base import Family, FamilySpec, values_outcome
from redraft.criteria._families._lexical import required
from redraft.criteria._grammar import NUMBER, number_value
from redraft.criteria._outcome import Outcome
from redraft.criteria._sentences import Hit, Rule, Sentence

__all__ = ["NUMBER_STYLE", "NumberStyle", "off_numbers"]

_SHOWN = 3

Style = Literal["digits", "words_below", "grouped"]


class NumberStyle(FamilySpec):
    """Every number written in one style: ``digits`` (no number words),
    ``words_below`` (no numeral under ``below`` standing alone) or
    ``grouped`` (thousands separated by commas)."""

    kind: Literal["number_style"] = "number_style"
    style: Style
    below: int | None = Field(default=None, ge=2, le=101)

    @model_validator(mode="after")
    def _below_with_words(self) -> NumberStyle:
        if (self.below is None) == (self.style == "words_below"):
            raise ValueError("below is the bound of words_below, and only of it")
        return self

    def describe(self) -> str:
        if self.style == "digits":
            return "numbers written in digits, not words"
        if self.style == "words_below":
            return f"numbers under {self.below} spelled out in words"
        return "numbers with their thousands separated by commas"


_NUMBER_WORDS = compile_lazily(
    r"(?i)\b(?:two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|thirteen|fourteen|"
    r"fifteen|sixteen|seventeen|eighteen|nineteen|twenty|thirty|forty|fifty|sixty|seventy|"
    r"eighty|ninety|hundred|thousand|million|billion|dozen)s?\b"
)
# A numeral standing alone: not joined to other digits or figure marks.
_ALONE = compile_lazily(r"(?<![\w.,:/$€£#-])(?P<n>\d+)(?![\w%]|[.,:/-]\d)")
_MARKER = compile_lazily(r"^[ \t>*-]*$")
_UNGROUPED = compile_lazily(r"(?<![\w.,])\d{5,}(?![\w]|[.,]\d)")
_GROUPED = compile_lazily(r"(?<![\w.,])\d{1,3}(?:,\d+)+(?![\w]|\.\d{3})")


def off_numbers(spec: NumberStyle, text: str) -> list[str]:
    """The numbers ``text`` writes otherwise than ``spec`` asks."""
    if spec.style == "digits":
        return [m.group(0) for m in _NUMBER_WORDS.finditer(text)]
    if spec.style == "words_below":
        assert spec.below is not None
        found = []
        for match in _ALONE.finditer(text):
            line_start = text.rfind("\n", 0, match.start()) + 1
            rest = text[match.end() : match.end() + 1]
            if rest in (".", ")") and _MARKER.match(text[line_start : match.start()]):
                continue  # a list marker: "1. Preheat the oven"
            if int(match["n"]) < spec.below:
                found.append(match.group(0))
        return found
    found = [m.group(0) for m in _UNGROUPED.finditer(text)]
    found += [
        m.group(0)
        for m in _GROUPED.finditer(text)
        if any(len(group) != 3 for group in m.group(0).split(",")[1:])
    ]
    return found


def _group(match: re.Match[str]) -> str:
    return f"{int(match.group(0)):,}"


_GROUP = RepairOp(
    "group_thousands",
    345,
    lambda text, _p, _r: _UNGROUPED.sub(_group, text),
    lambda _: "thousands separated by commas",
)


# -- phrasings --------------------------------------------------------------------------

_NUMBERS = r"(?:all\s+|any\s+|the\s+|every\s+)?(?:numbers?|numerals?|figures?|quantities|amounts)"
_DIGITS = compile_lazily(
    # "use digits, not words", "write (all) numbers as digits/numerals"
    rf"\b(?:use|using)\s+(?:only\s+)?(?:digits|numerals|arabic\s+numerals)\s*,?\s*"
    r"(?:not|rather\s+than|instead\s+of)\s+(?:number\s+)?words\b"
    rf"|\b(?:write|give|express|put)\s+{_NUMBERS}\s+(?:as|in)\s+(?:digits|numerals|figures)"
    r"(?:\s*,?\s*(?:not|never|rather\s+than)\s+(?:in\s+)?words)?\b"
    rf"|\b{_NUMBERS}\s+(?:should|must)\s+(?:always\s+)?be\s+(?:written\s+)?(?:as|in)\s+"
    r"(?:digits|numerals|figures)\b"
    r"|\b(?:don'?t|do\s+not|never)\s+spell\s+out\s+(?:any\s+)?(?:the\s+)?numbers\b"
)
_BELOW = (
    r"(?:under|below|less\s+than|smaller\s+than|up\s+to|from\s+one\s+(?:to|through)|"
    r"one\s+(?:to|through|thru)|1\s*(?:-|to|through)|zero\s+(?:to|through))"
)
_SPELLED = compile_lazily(
    # "spell out numbers under ten", "spell out numbers one through nine"
    rf"\bspell\s+out\s+(?:all\s+|any\s+|the\s+)?numbers?\s+(?P<a>{_BELOW})\s+(?P<n1>{NUMBER})\b"
    # "write numbers below 10 as words", "numbers under ten should be spelled out"
    rf"|(?<!\bthe\s)\b(?:write\s+)?(?:all\s+|any\s+)?numbers?\s+(?P<b>{_BELOW})\s+(?P<n2>{NUMBER})\s+"
    r"(?:(?:should|must)\s+(?:always\s+)?be\s+)?(?:as\s+words|in\s+words|spelled\s+out|"
    r"written\s+(?:out|as\s+words|in\s+words))\b"
)
_GROUPING = compile_lazily(
    r"\b(?:use|using|with)\s+(?:a\s+)?commas?\s+(?:as|for)\s+(?:the\s+)?thousands?\s+separators?\b"
    r"|\bseparate\s+(?:the\s+)?thousands\s+(?:with|by)\s+(?:a\s+)?commas?\b"
    r"|\bthousands\s+(?:should\s+be\s+|must\s+be\s+)?separated\s+by\s+commas?\b"
    r"|\b(?:write|give|format)\s+(?:all\s+|large\s+|the\s+)?numbers\s+with\s+(?:comma\s+)?"
    r"thousands\s+separators\b"
)


# What may come before the request: the clause's start, or a word that asks.
_LEAD = compile_lazily(
    r"(?:^|[.,;:!(\u2014\u2013-]|\b(?:please|always|and|also|should|must|to|then|but|you|"
    r"just|kindly|remember\s+to))\s*$"
)


def _asked(sentence: Sentence, start: int) -> bool:
    """Whether the phrase at ``start`` asks it of the answer ("spell out …",
    "please use digits …"), not says what someone else does ("style guides
    spell out …")."""
    return _LEAD.search(sentence.lower[:start]) is not None and required(sentence, start)


def _bound(words: str, value: int) -> int:
    """``below`` for "under ten" (10), "one through nine" (10), "up to ten" (11)."""
    if re.match(r"(?:under|below|less|smaller)", words):
        return value
    return value + 1


def number_style_rules(sentence: Sentence) -> Iterator[Hit]:
    """ "Use digits, not words", "spell out numbers under ten", "use commas as
    thousands separators"."""
    text = sentence.lower
    if not re.search(r"digit|numer|number|figure|spell|thousand", text):
        return
    for match in _DIGITS.finditer(text):
        if _asked(sentence, match.start()):
            yield Hit(NumberStyle(style="digits"), *match.span())
            return
    for match in _SPELLED.finditer(text):
        value = number_value(match["n1"] or match["n2"])
        if value is None or not 2 <= value <= 100:
            continue
        below = _bound(match["a"] or match["b"], value)
        if below > 11 and not re.match(r"under|below|less|smaller", match["a"] or match["b"]):
            continue  # "the numbers 1 to 20 as words": which numbers to write, not a style
        if _asked(sentence, match.start()):
            yield Hit(NumberStyle(style="words_below", below=below), *match.span())
            return
    for match in _GROUPING.finditer(text):
        if _asked(sentence, match.start()):
            yield Hit(NumberStyle(style="grouped"), *match.span())
            return


class _NumberStyle(Family):
    name = "number_style"
    specs = (NumberStyle,)
    rules: ClassVar[tuple[Rule, ...]] = (number_style_rules,)
    edits: ClassVar[tuple[RepairOp, ...]] = (_GROUP,)

    def measure(self, spec: Any, text: str) -> Outcome:
        return values_outcome(self, spec, text, off_numbers(spec, text))

    def correction(self, spec: Any, text: str) -> str:
        shown = ", ".join(off_numbers(spec, text)[:_SHOWN])
        if spec.style == "digits":
            return f"Write these numbers in digits (3, not three): {shown}."
        if spec.style == "words_below":
            return f"Spell out these numbers under {spec.below} in words (three, not 3): {shown}."
        return f"Separate the thousands of these numbers with commas (12,500): {shown}."

    def repair(self, spec: Any) -> dict[str, Any] | None:
        return {"op": "group_thousands"} if spec.style == "grouped" else None


NUMBER_STYLE = _NumberStyle()
