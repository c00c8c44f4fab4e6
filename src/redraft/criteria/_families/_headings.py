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

from redraft.criteria._families._base import CountFamily, FamilyCount, counted_hit, hit
from redraft.criteria._families._markdown import atx_headings
from redraft.criteria._families._reading import CountPhrases
from redraft.criteria._sentences import Hit, Rule, Sentence, response_context
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


_LEVEL = re.compile(r"\bh([1-6])\b|\blevel[- ]([1-6])\b")

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
_H1_TITLE = re.compile(
    r"\b(?:use|using|with|include|including|add|have|give\s+it)\s+(?:an|one|a\s+single)\s+"
    r"h1\s+(?:title|heading|header)\b"
)


def heading_counts(sentence: Sentence) -> Iterator[Hit]:
    """ "Use exactly 3 H2 headings", "at least four section headings", "no headers"."""
    for match in _H1_TITLE.finditer(sentence.lower):
        if response_context(sentence, match.start()):
            yield from hit(functools.partial(_heading, level=1), "exactly", 1, match.span())
    for found in _PHRASES.read(sentence):
        level_said = _LEVEL.search(sentence.lower, found.start, found.end)
        level = int(level_said.group(1) or level_said.group(2)) if level_said else None
        yield from counted_hit(functools.partial(_heading, level=level), found)


class _Headings(CountFamily):
    name = "headings"
    specs = (HeadingCount,)
    rules: ClassVar[tuple[Rule, ...]] = (heading_counts,)
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
