"""Heading count: the answer's markdown ATX headings, optionally of one level.

Measured exactly as CommonMark reads the answer (:mod:`._markdown`): a line of
one to six ``#`` followed by a space or the line's end, indented by at most
three spaces; a ``#`` line inside a fenced code block is code, not a heading,
and ``#hashtag`` (no space) is not one. A setext heading (a line underlined
with ``===`` or ``---``) is not counted: the correction asks for ``#``
headings. Read from "use exactly 3 H2 headings", "at least four section
headings", "between 2 and 4 headers", "no headings", "use an H1 title" (exactly
one H1); not from headings of
one part ("a heading for each section", "2 headings per page"), a table's or
an email's headers, or headings of a level the phrase does not name by
number ("top-level headings").
"""

from __future__ import annotations

import functools
import re
from collections.abc import Iterator, Sequence
from typing import Any, ClassVar, Literal

from pydantic import Field

from redraft.core._lazy_pattern import compile_lazily
from redraft.criteria._families._base import CountFamily, FamilyCount, counted_hit, hit
from redraft.criteria._families._layout_asked import layout_asked
from redraft.criteria._families._markdown import atx_headings
from redraft.criteria._families._reading import CountPhrases, things_counted
from redraft.criteria._grammar import NUMBER, number_value
from redraft.criteria._sentences import (
    MASK,
    Hit,
    Rule,
    Sentence,
    lowered,
    response_context,
    searched,
)
from redraft.criteria._spec_base import Relation

__all__ = ["HEADINGS", "HeadingCount"]


class HeadingCount(FamilyCount):
    """Markdown ATX headings (``#`` … ``######``) outside code blocks; with
    ``level``, only headings of that level (2 for ``##``)."""

    kind: Literal["heading_count"] = "heading_count"
    level: int | None = Field(default=None, ge=1, le=6)
    unit: ClassVar[tuple[str, str]] = ("heading", "headings")

    def describe(self) -> str:
        said = super().describe()
        return said if self.level is None else f"{said} of level {self.level} (H{self.level})"

    def slot(self) -> tuple[object, ...]:
        return (*super().slot(), self.level)


_LEVEL = compile_lazily(r"\bh([1-6])\b|\blevel[- ]([1-6])\b")

# another part's headings: "each page has 3 '##' headings"
_BEFORE = compile_lazily(
    r"\b(?:each|every|per|table|column|row|csv|spreadsheet|e-?mail|page|slide|chapter|file|sub)s?\b"
)

_PHRASES = CountPhrases(
    unit=(
        r"(?:(?:h[1-6]|level[- ][1-6]|section|markdown|separate)\s+)?(?:headings?|headers?)|"
        r"h[1-6]s"
    ),
    singular="heading|header",
    bare=r"use|using|with|include|includes|including|contain|containing|have|has|add",
    none=True,
    before=(
        r"\b(?:each|every|per|table|column|row|csv|spreadsheet|e-?mail|http|api|request|page|"
        r"slide|chapter|file|sub)s?\b"
    ),
)


def _heading(relation: Relation, value: int, *, level: int | None) -> HeadingCount:
    return HeadingCount(relation=relation, value=value, level=level)


# "use an H1 title": one top heading (a title of another level is not said)
_H1_TITLE = compile_lazily(
    r"(?:\b(?:use|using|with|include|including|add|have|give\s+it)\s+|(?:^|[:;])\s*)"
    r"(?:an|one|a\s+single)\s+h1\s+(?:title|heading|header)\b"
)


# "header" is also a table's first row, a CSV's, an email's or a page's: said
# where the prompt asks for one of those ("a 5x5 markdown table, no header
# text"), or of a row, cells or text ("no header row"), it is theirs unless
# the phrase names a heading's level or marks
_HEADER_WORD = compile_lazily(r"\bheaders?\b")
_HEADER_PART = compile_lazily(r"\s+(?:text|rows?|cells?|lines?|fields?|names?|columns?|labels?)\b")
_HEADER_OWNERS = compile_lazily(
    r"\b(?:tables?|csv|tsv|spreadsheets?|columns?|rows?|cells?|e-?mails?|letters?|memos?|"
    r"pages?|http|requests?|files?)\b"
)
_HEADING_SAID = compile_lazily(r"(?:\b(?:h[1-6]|markdown\s+headers?|section|level[- ][1-6])\b|#)")


def _others_header(sentence: Sentence, start: int, end: int) -> bool:
    """Whether the "header" counted at ``start:end`` is a table's, a file's or
    a message's rather than a markdown heading."""
    phrase = sentence.lower[start:end]
    if not _HEADER_WORD.search(phrase) or _HEADING_SAID.search(phrase):
        return False
    return bool(
        _HEADER_PART.match(sentence.lower, end) or searched(_HEADER_OWNERS, lowered(sentence.whole))
    )


def heading_counts(sentence: Sentence) -> Iterator[Hit]:
    """ "Use exactly 3 H2 headings", "at least four section headings", "no headers"."""
    for match in _H1_TITLE.finditer(sentence.lower):
        if response_context(sentence, match.start()):
            yield from hit(functools.partial(_heading, level=1), "exactly", 1, match.span())
    for found in _PHRASES.read(sentence):
        if _others_header(sentence, found.start, found.end):
            continue
        level_said = _LEVEL.search(sentence.lower, found.start, found.end)
        level = int(level_said.group(1) or level_said.group(2)) if level_said else None
        yield from counted_hit(functools.partial(_heading, level=level), found)


_DAYS = ("monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday")
_HEADING = (
    r"(?:(?:markdown|section|separate)\s+)?(?:(?P<h>h[1-6])|(?:(?:level[- ](?P<lv>[1-6])|"
    r"(?P<marks>#{1,6})|h[1-6])\s+)?(?:markdown\s+)?(?:headings?|headers?))"
)
# "Use '## Week 1' through '## Week 4' as headings": one heading per number
_RANGE = compile_lazily(
    r"['\"‘“](?P<m1>#{1,6}\s+)?(?P<w1>[A-Za-z]+)\s+(?P<a>\d{1,2})['\"’”]\s+"
    r"(?:through|thru|to|until|-|–)\s+['\"‘“](?P<m2>#{1,6}\s+)?(?P<w2>[A-Za-z]+)\s+(?P<b>\d{1,2})"
    r"['\"’”]\s+as\s+(?:the\s+|your\s+)?(?:markdown\s+|section\s+)?(?:headings|headers)\b",
)
# "one H2 per day (Monday to Sunday)", "one heading per day …, 14 days total"
_PER = compile_lazily(
    rf"\b(?:one|a|an|1)\s+{_HEADING}\s+(?:per|for\s+each|for\s+every|each)\s+(?P<unit>day|week|month|"
    r"step|stage|phase|question|topic|chapter|lesson|session|round|country|city|region)\b"
)
_DAY_RANGE = compile_lazily(
    r"\s*\(?\s*(?:from\s+)?(?P<a>"
    + "|".join(_DAYS)
    + r")\s+(?:to|through|thru|-|–)\s+(?P<b>"
    + "|".join(_DAYS)
    + r")\b"
)
# "exactly five questions, each as a level-3 heading", "three sections with H2 headings"
_EACH_UNDER = compile_lazily(
    rf"\b(?:(?:exactly|only)\s+)?(?P<num>{NUMBER})\s+(?:[\w-]+\s+){{0,2}}?[a-z]+s\s*,?\s+"
    r"(?:each\s+(?:as|with|under|in)|with|under)\s+(?:an?\s+|its\s+own\s+|their\s+own\s+)?"
    + _HEADING.replace("?P<h>", "?P<h2>")
    .replace("?P<lv>", "?P<lv2>")
    .replace("?P<marks>", "?P<marks2>")
)

# A count of things just before the one read, in the same list: the
# headings then head all of them, or each group, never the last count alone
_COUNT_BEFORE = compile_lazily(
    rf"\b{NUMBER}\s+(?:[\w-]+\s+){{0,2}}?[a-z]+s\s*(?:,\s*(?:and\s+|plus\s+)?|and\s+|plus\s+|&\s*)$"
)

# "use exactly 6 '##' headings", "under exactly 3 headings that start with ##": the
# level said by its marks
_MARKED = compile_lazily(
    rf"\b(?P<exact>(?:exactly|only)\s+)?(?P<num>{NUMBER})\s+"
    r"(?:(?:['\"‘“](?P<m1>#{1,6})['\"’”]|(?P<m2>#{1,6}))\s+(?:markdown\s+)?(?:headings|headers)\b|"
    r"(?:markdown\s+)?(?:headings|headers)\s+(?:that\s+(?:start|begin)|starting|beginning)\s+"
    r"with\s+['\"‘“]?(?P<m3>#{1,6})(?![#\w]))"
)
_MARKED_VERB = compile_lazily(r"\b(?:use|using|with|under|include|including|have|add|into)\s+$")


def _level(match: re.Match[str], *groups: str) -> int | None:
    for group in groups:
        said = match.group(group)
        if said:
            return len(said) if said.startswith("#") else int(said.lstrip("h"))
    return None


def headings_named(sentence: Sentence) -> Iterator[Hit]:
    """Headings counted by what they head: "use '## Week 1' through '## Week
    4' as headings" (4), "one H2 per day (Monday to Sunday)" (7), "one
    heading per day …, 14 days total", "five questions, each as a level-3
    heading" (5 of level 3), "three sections with H2 headings"."""
    text = sentence.lower
    for match in _RANGE.finditer(sentence.original):
        if match.group("w1").lower() != match.group("w2").lower():
            continue
        a, b = int(match.group("a")), int(match.group("b"))
        marks = (match.group("m1") or "").strip()
        if (
            b > a
            and marks == (match.group("m2") or "").strip()
            and layout_asked(sentence, match.start())
        ):
            level = len(marks) or None
            yield from hit(
                functools.partial(_heading, level=level), "exactly", b - a + 1, match.span()
            )
            return
    for match in _PER.finditer(text):
        value: int | None = None
        days = _DAY_RANGE.match(text, match.end())
        if days and match.group("unit") == "day":
            value = _DAYS.index(days.group("b")) - _DAYS.index(days.group("a")) + 1
        else:
            value = things_counted(sentence.whole, match.group("unit"))
        if value and value >= 2 and layout_asked(sentence, match.start()):
            level = _level(match, "h", "lv", "marks")
            yield from hit(functools.partial(_heading, level=level), "exactly", value, match.span())
            return
    # the marks are often quoted, and a quotation is masked in ``text``
    for match in _MARKED.finditer(sentence.original.lower()):
        if MASK in text[match.start() : match.end("num")]:
            continue  # the count is inside a quotation: "summarise this: '… 6 ## headings'"
        value = number_value(match.group("num"))
        # a bare number counts where a verb asks for it: "use 6 '##' headings"
        exact = match.group("exact") or _MARKED_VERB.search(text, 0, match.start())
        clause = re.split(r"[,;:(]|\b(?:and|but|then)\b", text[: match.start()])[-1]
        if _BEFORE.search(clause) or not (value and exact):
            continue
        if layout_asked(sentence, match.start()):
            level = _level(match, "m1", "m2", "m3")
            yield from hit(functools.partial(_heading, level=level), "exactly", value, match.span())
            return
    for match in _EACH_UNDER.finditer(text):
        value = number_value(match.group("num"))
        if _COUNT_BEFORE.search(text, 0, match.start()):
            continue  # "3 starters, 4 mains, 2 desserts, under headings": the last count of several
        if _others_header(sentence, match.start(), match.end()):
            continue  # "a CSV of 5 snacks with a header row": the CSV's first line
        if value and value >= 2 and layout_asked(sentence, match.start()):
            level = _level(match, "h2", "lv2", "marks2")
            yield from hit(functools.partial(_heading, level=level), "exactly", value, match.span())
            return


class _Headings(CountFamily):
    name = "headings"
    specs = (HeadingCount,)
    rules: ClassVar[tuple[Rule, ...]] = (heading_counts, headings_named)
    remove_hint = " (turn the extra heading lines into plain text or merge their sections)"

    def found(self, spec: Any, text: str) -> Sequence[str]:
        return [
            "#" * h.level + " " + h.text
            for h in atx_headings(text)
            if spec.level is None or h.level == spec.level
        ]

    def correction(self, spec: Any, text: str) -> str:
        said = super().correction(spec, text)
        if len(self.found(spec, text)) < spec.value:
            marks = "#" * (spec.level or 2)
            said += f" Write each heading on a line of its own starting with {marks!r} and a space."
        return said


HEADINGS = _Headings()
