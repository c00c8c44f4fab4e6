"""Heading form: every markdown heading of the answer is of one level ("each
as a level-3 heading (### …)", "use H2 for sections"), or ends with one mark
("headings end with a question mark").

Measured exactly as CommonMark reads the answer (``markdown-it-py``): a
heading is an ATX heading (``#`` … ``######`` then a space) or a setext one
(a line underlined with ``===``, level 1, or ``---``, level 2), outside code
blocks; its text is the heading's inline text, closing ``#``s aside. The
answer passes when it has at least one heading and every heading keeps the
rule: a request for the headings' form asks for headings. An ending is read
after trailing emphasis marks (``**Why?**`` ends with ``?``).

Read only where the request is about every heading ("each question as a
level-3 heading", "all headings should be H2", "use ## headers for the
sections", "use H2 for sections"); not from a count ("exactly 3 H2
headings", which allows an H1 title beside them), nor where the prompt names
another level or a title beside the headings ("an H1 title and H2 sections"),
nor a hedged, negated, quoted or questioned request. The level is repaired
without a model (each heading's marks rewritten, a setext heading turned
into an ATX one); an ending is left to the model, which must reword.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar, Literal

from markdown_it import MarkdownIt
from pydantic import Field

from redraft.core._lazy_pattern import compile_lazily
from redraft.core._repair import RepairOp
from redraft.criteria._families._base import Family, FamilySpec, every_unit_outcome
from redraft.criteria._families._layout_asked import layout_asked
from redraft.criteria._families._lexical import required
from redraft.criteria._outcome import Outcome
from redraft.criteria._sentences import MASK, Hit, Rule, Sentence, lowered, matches_in

__all__ = ["HEADING_FORM", "HeadingEnd", "HeadingLevel", "headings"]

_SHOWN = 3
Mark = Literal["?", "!", ".", ":"]
_MARK_NAMES: dict[str, str] = {
    "?": "a question mark",
    "!": "an exclamation mark",
    ".": "a period",
    ":": "a colon",
}


class HeadingLevel(FamilySpec):
    """Every markdown heading of the answer is of ``level`` (2 for ``##``), and there is one."""

    kind: Literal["heading_level"] = "heading_level"
    level: int = Field(ge=1, le=6)

    def describe(self) -> str:
        return f"every heading at level {self.level} ({'#' * self.level} …)"


class HeadingEnd(FamilySpec):
    """Every markdown heading of the answer ends with ``mark``, and there is one."""

    kind: Literal["heading_end"] = "heading_end"
    mark: Mark

    def describe(self) -> str:
        return f"every heading ends with {_MARK_NAMES[self.mark]} ({self.mark!r})"


@dataclass(frozen=True)
class HeadingSpan:
    """A heading: its level, its text, whether it is written with ``#``s, and
    the lines it spans (``first`` to ``end``, zero-based, end excluded)."""

    level: int
    text: str
    atx: bool
    first: int
    end: int


_PARSER = MarkdownIt("commonmark")


@functools.lru_cache(maxsize=8)
def headings(text: str) -> tuple[HeadingSpan, ...]:
    """Every heading of ``text`` (ATX and setext), outside code blocks, in order."""
    tokens = _PARSER.parse(text)
    found: list[HeadingSpan] = []
    for i, token in enumerate(tokens):
        if token.type != "heading_open":
            continue
        inline = tokens[i + 1].content.strip() if i + 1 < len(tokens) else ""
        first, end = token.map or (0, 0)
        atx = token.markup.startswith("#")
        found.append(HeadingSpan(int(token.tag[1]), inline, atx, first, end))
    return tuple(found)


_CLOSING = compile_lazily(r"[\s*_`]+$")


def _ends(heading: HeadingSpan, mark: str) -> bool:
    return _CLOSING.sub("", heading.text).endswith(mark)


def set_levels(text: str, params: Mapping[str, Any], _repairs: Sequence[Any]) -> str:
    """``text`` with every heading written as an ATX heading of ``params["level"]``."""
    level = int(params["level"])
    found = [h for h in headings(text) if not (h.atx and h.level == level)]
    if not found:
        return text
    lines = text.split("\n")
    for heading in reversed(found):
        lines[heading.first : heading.end] = [f"{'#' * level} {' '.join(heading.text.split())}"]
    return "\n".join(lines)


_SET_LEVELS = RepairOp(
    "set_heading_levels", 580, set_levels, lambda p: f"every heading set to level {p['level']}"
)


# -- reading the request ------------------------------------------------------------

_N = {"first": 1, "second": 2, "third": 3, "fourth": 4, "fifth": 5, "sixth": 6, "top": 1}
_LEVEL = (
    r"(?:level[- ]?(?P<n>[1-6])|h(?P<h>[1-6])|[\"'`‘“]?(?P<marks>#{1,6})[\"'`’”]?|"
    r"(?P<word>first|second|third|fourth|fifth|sixth)[- ]level)"
)
_HEADING = r"(?:markdown\s+|md\s+|section\s+)?(?:headings?|headers?|heading\s+lines?)"
_EVERY = r"(?:each|every|all(?:\s+(?:of\s+)?the)?|all\s+your|the)"
_THINGS = r"(?:[a-z-]+\s+){0,2}?[a-z-]+"
_MODAL = r"(?:(?:should|must|shall|will|need\s+to|needs\s+to|have\s+to|has\s+to|are\s+to)\s+)?"
_LEVEL_PATTERNS = (
    # "each question as a level-3 heading", "format every section as an H2 header"
    compile_lazily(
        rf"\b(?:each|every|all)\s+(?:of\s+(?:the|them|these)\s+)?(?:{_THINGS}\s+)?(?:as|in|with|under)\s+"
        rf"(?:an?\s+|its\s+own\s+)?{_LEVEL}\s+{_HEADING}"
    ),
    # "use H2 headings", "using ## headers for the sections", "use H2 for sections"
    compile_lazily(
        rf"\b(?:use|using|with|in)\s+(?:only\s+)?{_LEVEL}\s+(?:{_HEADING}|(?=for\s))"
        rf"(?:\s*for\s+(?:the\s+|each\s+|every\s+|all\s+(?:the\s+)?)?{_THINGS})?"
    ),
    # "the sections, as ### headings", "format them as H2 headers"
    # (plural: "a section called Setup, as a level-2 heading" is one heading)
    compile_lazily(rf"\bas\s+{_LEVEL}\s+(?:markdown\s+|md\s+|section\s+)?(?:headings|headers)\b"),
    # "all headings should be H2", "headings must be level 3", "the headers at level 2"
    compile_lazily(
        rf"\b(?:{_EVERY}\s+)?(?:[a-z-]+\s+)?{_HEADING}\s+{_MODAL}(?:be\s+|are\s+)?(?:at\s+|written\s+as\s+)?"
        rf"(?:an?\s+)?{_LEVEL}(?:\s+{_HEADING})?"
    ),
)
# Another level, or a title that may be a heading of its own, in the prompt
_ANY_LEVEL = compile_lazily(rf"{_LEVEL}(?:\s+{_HEADING})?|\b(?:title|headline)s?\b")
_QUOTED_MARKS = compile_lazily(r"([\"'`‘“])(#{1,6})([\"'`’”])")


def _readable(sentence: Sentence) -> str:
    """The sentence's lowered text with quoted ``#`` marks ("use '##'
    headings") shown, every other quotation still masked."""
    text = sentence.lower
    for match in _QUOTED_MARKS.finditer(sentence.original):
        a, b = match.span(2)
        text = text[:a] + match.group(2) + text[b:]
    return text


def _level_of(match: re.Match[str]) -> int:
    if match["n"]:
        return int(match["n"])
    if match["h"]:
        return int(match["h"])
    if match["marks"]:
        return len(match["marks"])
    return _N[match["word"]]


def _levels_named(sentence: Sentence) -> set[int | None]:
    """Every heading level the whole prompt names (None for a title)."""
    whole = lowered(sentence.whole)
    for match in matches_in(_QUOTED_MARKS, sentence.full):
        a, b = match.span(2)
        whole = whole[:a] + match.group(2) + whole[b:]
    named: set[int | None] = set()
    for match in _ANY_LEVEL.finditer(whole):
        if match["n"] or match["h"] or match["marks"] or match["word"]:
            if match["marks"] and not re.match(r"\s", whole[match.end() :] or " "):
                continue  # "#hashtag", "C#" are no heading marks
            named.add(_level_of(match))
        else:
            named.add(None)
    return named


# Headings the level is for that are not every heading: sub-headings (there
# are others above them), one named thing ("use ### for the recipe name"),
# or sections named in the prompt ("the sections 'Added' and 'Fixed' as
# level-3 headings": the answer may have a title heading of its own).
_SUB = compile_lazily(r"\bsub[\s-]?(?:headings?|headers?|sections?|titles?|topics?|points?)\b")
_ONE_THING = compile_lazily(
    r"\bfor\s+(?:the|your|its|my)\s+(?:[a-z-]+\s+)?(?!(?:\w+s|each|every|all)\b)[a-z-]+\s*$"
)


_NAMES_GIVEN = compile_lazily(
    r"\b(?:titled|called|named|headed|label+ed)\s+\w|\([^()]*,[^()]*\)|"
    r"\b(?:sections?|headings?|headers?)\s*:?\s+[a-z][\w-]*"
    r"(?:(?:\s*,\s*[a-z][\w-]*)+|(?:\s*,\s*[a-z][\w-]*)*,?\s+(?:and|&)\s+[a-z])"
)


def _not_every_heading(sentence: Sentence, text: str, match: re.Match[str]) -> bool:
    clause = re.split(r"[;.!?]\s", text[: match.start()])[-1]
    if _SUB.search(match.group(0)) or _SUB.search(text, match.end(), match.end() + 40):
        return True
    if _ONE_THING.search(match.group(0)):
        return True
    following = re.match(r"\s*for\s+(?:the|your)\s+(?:[a-z-]+\s+)?[a-z-]+", text[match.end() :])
    if following and _ONE_THING.search(following.group(0)):
        return True
    if sentence.whole:
        # an item of a listing sentence ("…, using ### headers") reads its sentence's start too
        before = sentence.whole[: sentence.start + match.start()].lower()
        clause = re.split(r"[;.!?]\s", before)[-1]
    named = re.search(r"\b(?:sections?|headings?|headers?|titles?)\b", clause)
    if named is None:
        return False
    # the names quoted, or given unquoted ("three sections titled Balance,
    # Content, Fixes", "under four headings (Clothing, Gear, Food, Documents)")
    return MASK in clause or _NAMES_GIVEN.search(clause, named.start()) is not None


def heading_levels(sentence: Sentence) -> Iterator[Hit]:
    """ "Each question as a level-3 heading", "use H2 for sections", "all headings should be H2"."""
    text = _readable(sentence)
    if not re.search(r"head|\bh[1-6]\b|#", text):
        return
    for pattern in _LEVEL_PATTERNS:
        for match in pattern.finditer(text):
            # "… using ## markdown headers" far from the request: a layout asked
            # ("with H2 headings" may describe one part of a longer structure)
            far = match.group(0).startswith("us") and layout_asked(sentence, match.start())
            if MASK in match.group(0) or not (required(sentence, match.start()) or far):
                continue
            if _not_every_heading(sentence, text, match):
                continue
            level = _level_of(match)
            if _levels_named(sentence) - {level}:
                return  # "an H1 title, then H2 sections": not every heading is one level
            yield Hit(HeadingLevel(level=level), *match.span())
            return


_MARK = (
    r"(?:an?\s+)?(?P<named>question\s+mark|exclamation\s+(?:mark|point)|period|full\s+stop|colon)|"
    rf"(?P<q>[\"'`‘“]{MASK}[\"'`’”])"
)
_NAMED_MARKS = {"question": "?", "exclamation": "!", "period": ".", "full": ".", "colon": ":"}
_END_PATTERNS = (
    # "headings should end with a question mark", "every header ending in a colon"
    compile_lazily(
        rf"\b(?:(?:each|every)\s+(?:[a-z-]+\s+)?as\s+an?\s+(?:[\w-]+\s+){{0,2}}?|"
        rf"(?:{_EVERY}\s+)?(?:[a-z-]+\s+)?)(?:{_HEADING}|section\s+titles?)\s+"
        rf"(?:\([^)]{{0,40}}\)\s+)?{_MODAL}(?:ends?|ending|finish(?:es)?|finishing)\s+(?:with|in)\s+(?:{_MARK})"
    ),
    # "end each heading with a question mark"
    compile_lazily(
        rf"\b(?:end|finish|close)\s+{_EVERY}\s+(?:[a-z-]+\s+)?(?:{_HEADING}|section\s+titles?)\s+"
        rf"with\s+(?:{_MARK})"
    ),
    # "phrase every heading as a question", "write the headings as questions"
    compile_lazily(
        rf"\b(?:phrase|word|write|make|frame|turn)\s+{_EVERY}\s+(?:[a-z-]+\s+)?{_HEADING}\s+"
        r"(?:as|into)\s+(?:an?\s+)?(?P<question>questions?)\b"
    ),
)


def _mark_of(sentence: Sentence, match: re.Match[str]) -> str | None:
    if match.groupdict().get("question"):
        return "?"
    if match.groupdict().get("named"):
        return _NAMED_MARKS[match["named"].split()[0]]
    if not match.groupdict().get("q"):
        return None
    inner = sentence.original[match.start("q") + 1 : match.end("q") - 1]
    return inner if inner in _MARK_NAMES else None


def heading_ends(sentence: Sentence) -> Iterator[Hit]:
    """ "Headings should end with a question mark", "phrase every heading as a question"."""
    text = sentence.lower
    if not re.search(r"head|title", text):
        return
    for pattern in _END_PATTERNS:
        for match in pattern.finditer(text):
            mark = _mark_of(sentence, match)
            if mark is None or not required(sentence, match.start()):
                continue
            if re.match(r"\s*(?:or|and|/)\b", text[match.end() :]):
                continue  # "a question mark or an exclamation mark": one of several
            yield Hit(HeadingEnd(mark=mark), *match.span())  # type: ignore[arg-type]
            return


class _HeadingForm(Family):
    name = "heading_form"
    specs = (HeadingLevel, HeadingEnd)
    rules: ClassVar[tuple[Rule, ...]] = (heading_levels, heading_ends)
    edits: ClassVar[tuple[RepairOp, ...]] = (_SET_LEVELS,)

    def _off(self, spec: Any, text: str) -> tuple[tuple[HeadingSpan, ...], list[HeadingSpan]]:
        found = headings(text)
        if isinstance(spec, HeadingLevel):
            return found, [h for h in found if h.level != spec.level]
        return found, [h for h in found if not _ends(h, spec.mark)]

    def measure(self, spec: Any, text: str) -> Outcome:
        found, off = self._off(spec, text)
        data: dict[str, Any] = {
            "headings": len(found),
            "off": len(off),
            "found": [("#" * h.level + " " + h.text)[:80] for h in off[:_SHOWN]],
        }
        return every_unit_outcome(
            self, spec, text, unit="headings", total=len(found), off=len(off), data=data
        )

    def correction(self, spec: Any, text: str) -> str:
        found, off = self._off(spec, text)
        if isinstance(spec, HeadingLevel):
            marks = "#" * spec.level
            if not found:
                return (
                    "Your answer has no headings. Write each heading on a line of its own "
                    f"starting with '{marks} '."
                )
            shown = ", ".join(repr("#" * h.level + " " + h.text[:40]) for h in off[:_SHOWN])
            return (
                f"{len(off)} of your {len(found)} headings are not level {spec.level} ({shown}). "
                f"Start every heading with '{marks} ' (exactly {spec.level} '#')."
            )
        said = _MARK_NAMES[spec.mark]
        if not found:
            return (
                "Your answer has no headings. Write each heading on a line of its own "
                f"starting with '## ', ending with {said}."
            )
        shown = ", ".join(repr(h.text[:40]) for h in off[:_SHOWN])
        return (
            f"{len(off)} of your {len(found)} headings do not end with {said} ({shown}). "
            f"End every heading with {spec.mark!r}."
        )

    def repair(self, spec: Any) -> dict[str, Any] | None:
        if isinstance(spec, HeadingLevel):
            return {"op": _SET_LEVELS.name, "level": spec.level}
        return None


HEADING_FORM = _HeadingForm()
