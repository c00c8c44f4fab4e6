"""Blank lines: the gaps between the answer's lines, paragraphs, blocks or
list items ("separate paragraphs with a blank line", "no blank lines",
"double-spaced", "one empty line between items").

Measured exactly on the answer's lines, surrounding blank lines aside: a
blank line is a line of only whitespace, and a gap is the run of blank lines
between two non-empty lines. What each ``between`` reads:

- ``lines``: every gap is ``blank`` lines long ("no blank lines" and
  "single-spaced": 0; "double-spaced", "a blank line after every line": 1);
- ``paragraphs``: every gap is exactly one blank line. Whether a line
  break inside a block starts a new paragraph cannot be told (a sign-off's
  "Best,\nAna" is one paragraph), so adjacent lines are never asked to be
  apart: two paragraphs not set apart read as one, which a paragraph count
  catches (a stated approximation);
- ``blocks`` (stanzas, sections, entries, cards, questions …): as for
  paragraphs, and the answer has at least two blocks (a poem "in stanzas
  separated by a blank line" that has no blank line fails);
- ``items``: each top-level list item after the first of its list has exactly
  ``blank`` blank lines before it (0: "no blank lines between the bullets").

Repaired without a model: blank lines are added or taken away where a gap
breaks the rule (for paragraphs and blocks a gap too long is shortened;
parts never set apart are left to the model, which knows where one ends).
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Mapping, Sequence
from typing import Any, ClassVar, Literal

from pydantic import Field, model_validator

from redraft.core._lazy_pattern import compile_lazily
from redraft.core._repair import RepairOp
from redraft.criteria._families._base import Family, FamilySpec
from redraft.criteria._families._lexical import required
from redraft.criteria._grammar import NUMBER
from redraft.criteria._outcome import Outcome
from redraft.criteria._sentences import NEGATION, Hit, Rule, Sentence, sentence_blocked

__all__ = ["BLANK_LINES", "BlankLines", "gaps"]

Between = Literal["lines", "paragraphs", "blocks", "items"]


class BlankLines(FamilySpec):
    """The blank lines between the answer's lines, paragraphs, blocks or list
    items: ``blank`` (0 or 1) of them where ``between`` says."""

    kind: Literal["blank_lines"] = "blank_lines"
    between: Between
    blank: int = Field(ge=0, le=1)

    @model_validator(mode="after")
    def _one_between_parts(self) -> BlankLines:
        if self.blank == 0 and self.between in ("paragraphs", "blocks"):
            raise ValueError("paragraphs and blocks are set apart by a blank line (blank=1)")
        return self

    def describe(self) -> str:
        if self.blank == 0:
            where = "lines" if self.between == "lines" else "list items"
            return f"no blank line between {where}"
        where = {
            "lines": "every two lines",
            "paragraphs": "paragraphs",
            "blocks": "blocks (at least two)",
            "items": "list items",
        }[self.between]
        return f"exactly one blank line between {where}"


# -- measuring ----------------------------------------------------------------------

_ITEM = compile_lazily(r"^(?P<indent>[ \t]*)(?:[-*+•]|\d{1,3}[.)]|[a-zA-Z][.)])[ \t]+\S")
_RULE = compile_lazily(r"^[ \t]*(?:[-*_][ \t]*){3,}$")


def _indent(line: str) -> int:
    return len(line.expandtabs(4)) - len(line.expandtabs(4).lstrip())


def _item(line: str) -> bool:
    return _ITEM.match(line) is not None and _RULE.match(line) is None


def gaps(text: str) -> tuple[list[str], list[int]]:
    """The non-empty lines of ``text`` and the blank lines before each after
    the first (``gaps[i]`` lies between ``lines[i]`` and ``lines[i + 1]``)."""
    lines: list[str] = []
    between: list[int] = []
    run = 0
    for line in text.split("\n"):
        if not line.strip():
            run += 1
            continue
        if lines:
            between.append(run)
        lines.append(line.rstrip())
        run = 0
    return lines, between


def _wanted(spec: BlankLines, lines: Sequence[str], between: Sequence[int]) -> list[int | None]:
    """The blank lines each gap must have (None: any it has is fine)."""
    want: list[int | None] = []
    if spec.between == "items":
        tops = [_indent(line) for line in lines if _item(line)]
        top = min(tops, default=0)
    for i, gap in enumerate(between):
        before, after = lines[i], lines[i + 1]
        if spec.between == "lines":
            want.append(spec.blank)
        elif spec.between in ("blocks", "paragraphs"):
            want.append(1 if gap else None)
        else:
            same_list = _item(after) and _indent(after) == top and _in_list(before, top)
            want.append(spec.blank if same_list else None)
    return want


def _in_list(line: str, top: int) -> bool:
    # The line before a top-level item belongs to its list when it is an item
    # or is indented under one (a sub-item, a continuation).
    return _item(line) or _indent(line) > top


def _off(spec: BlankLines, text: str) -> tuple[int, int, list[str]]:
    """How many gaps break the rule, how many gaps are judged, and the line
    after each gap that breaks it."""
    lines, between = gaps(text)
    want = _wanted(spec, lines, between)
    judged = [(i, w) for i, w in enumerate(want) if w is not None]
    bad = [i for i, w in judged if between[i] != w]
    return len(bad), len(judged), [lines[i + 1].strip()[:60] for i in bad]


def set_gaps(text: str, params: Mapping[str, Any], _repairs: Sequence[Any]) -> str:
    """``text`` with every gap the spec in ``params`` judges set to what it
    wants; lines and other gaps unchanged, surrounding blank lines dropped."""
    spec = BlankLines(between=params["between"], blank=int(params["blank"]))
    lines, between = gaps(text)
    if not lines or not _off(spec, text)[0]:
        return text
    want = _wanted(spec, lines, between)
    out = [lines[0]]
    for i, line in enumerate(lines[1:]):
        wanted = want[i]
        out.extend([""] * (between[i] if wanted is None else wanted))
        out.append(line)
    return "\n".join(out)


_SET_GAPS = RepairOp(
    "set_blank_lines",
    750,
    set_gaps,
    lambda p: "blank lines set: " + BlankLines(between=p["between"], blank=p["blank"]).describe(),
)


# -- reading the request ------------------------------------------------------------

_BLANK = r"(?:blank|empty)\s+lines?"
_A_BLANK = rf"(?:(?:a|one|1|an|a\s+single|single|exactly\s+one)\s+)?{_BLANK}"
_PARTS = (
    r"(?P<part>paragraphs?|paras|stanzas?|verses?|sections?|blocks?|entries|entry|cards?|"
    r"questions?|answers?|examples?|subtitles?|records?|days?|messages?|posts?|jokes?|"
    r"versions?|items?|list\s+items?|bullets?|bullet\s+points?|points?|lines?|"
    # any other plural: "between tips", "between the recipes"
    r"(?!(?:this|thus|ones|yes|his|its|always|words|letters|characters|commas)\b)[a-z]{3,}s)"
)
_THE = r"(?:(?:the|your|all|each|every|of\s+the|all\s+the|all\s+of\s+the|two|adjacent)\s+)*"
_PATTERNS = (
    # "separate the paragraphs with a blank line", "separate stanzas by one empty line"
    compile_lazily(rf"\bseparat\w*\s+{_THE}{_PARTS}\s+(?:with|by|using)\s+{_A_BLANK}\b"),
    # "paragraphs separated by blank lines", "stanzas, separated by an empty line"
    compile_lazily(
        rf"\b(?:(?:the|your|all|all\s+the|all\s+your|each|every)\s+)?{_PARTS},?\s+(?:(?:are|is|should\s+be|must\s+be|each)\s+)?"
        rf"(?:separated|set\s+apart|divided|split)\s+(?:by|with)\s+{_A_BLANK}\b"
    ),
    # "a blank line between paragraphs", "leave one empty line between each item",
    # "blank line after every line"
    compile_lazily(
        rf"\b(?:(?:pls|plz|please)\s+)?(?:(?:leave|put|insert|add|keep|have|use|include|with)\s+)?{_A_BLANK}\s+(?:between|after)\s+{_THE}{_PARTS}\b"
    ),
    # "a blank line between each couplet": one of them named after "each"
    compile_lazily(
        rf"\b(?:(?:leave|put|insert|add|keep|have|use|include|with)\s+)?{_A_BLANK}\s+(?:between|after)\s+"
        r"(?:each|every)\s+(?P<part>(?!(?:word|letter|character|comma|syllable)\b)[a-z]{3,})\b"
    ),
    # "separate them with an empty line", "separate the two by a blank line"
    compile_lazily(
        rf"\bseparat\w*\s+(?P<part>them|the\s+two|the\s+three|these)\s+(?:with|by|using)\s+{_A_BLANK}\b"
    ),
)
_AFTER_PART = compile_lazily(
    r"\s+(?:of|in|within|inside)\s+(?!(?:the|your)\s+(?:answer|response|reply)\b)"
)
_NONE = compile_lazily(
    rf"\b(?P<neg>no|without|zero|avoid|never\s+(?:use|leave|add|put|insert|include)|"
    rf"(?:don'?t|do\s+not)\s+(?:use|leave|add|put|insert|include))\s+(?:any\s+)?{_BLANK}\b"
    rf"(?:\s+between\s+{_THE}{_PARTS})?"
)
# One place rather than every gap of a kind: "… between the title and the body"
_ONE_PLACE = compile_lazily(r"\s+(?:between|after|before|above|below|under|beneath)\b")
_PAIR = compile_lazily(r"\s+(?:and|&)\s+")
_SPACED = compile_lazily(r"\b(?P<kind>double|single)[- ]spac(?:ed|ing)\b")

# "two blank lines between sections", "3 empty lines": more than one blank line
_MORE_THAN_ONE = compile_lazily(
    r"\b(?:two|three|four|five|double|triple|multiple|several|[2-9])\s+(?:extra\s+)?$"
)

# "Explain why editors want a blank line between paragraphs": a topic, not a rule
_TOPIC = compile_lazily(r"\b(?:why|how|whether|what|when|where|who)\b")


# "Three paragraphs, separated by …": a count opens a criteria line.
_COUNT_LEAD = compile_lazily(rf"^\s*{NUMBER}\s+$")
# "Write a blues lyric: 3 verses, blank line between verses": terse items
# after a request's colon.
_REQUEST_HEAD = compile_lazily(
    r"^\s*(?:please\s+)?(?:write|compose|create|give\s+me|make|draft|generate)\b[^:]*$"
)
_ITEM_WORDS = 8


def _after_request(sentence: Sentence, start: int) -> bool:
    head, colon, tail = sentence.lower[:start].rpartition(":")
    if not colon or not _REQUEST_HEAD.match(head) or not tail.rstrip().endswith(","):
        return False
    items = tail.rstrip().rstrip(",").split(",")
    if any(len(item.split()) > _ITEM_WORDS or NEGATION.search(item) for item in items):
        return False
    return not sentence_blocked(sentence, start) and required(sentence, 0)


def _asked(sentence: Sentence, start: int, *, owns_negation: bool = False) -> bool:
    if _TOPIC.search(sentence.lower, 0, start):
        return False
    if required(sentence, start, owns_negation=owns_negation):
        return True
    if owns_negation:
        return False
    if _COUNT_LEAD.match(sentence.lower[:start]):
        return not sentence_blocked(sentence, start) and required(sentence, 0)
    return _after_request(sentence, start)


def _between(part: str) -> Between:
    word = part.split()[-1]
    if word.startswith("line"):
        return "lines"
    if word.startswith(("paragraph", "para")):
        return "paragraphs"
    if word.startswith(("item", "bullet", "point")):
        return "items"
    return "blocks"


def blank_lines(sentence: Sentence) -> Iterator[Hit]:
    """ "Separate paragraphs with a blank line", "no blank lines", "double-spaced"."""
    text = sentence.lower
    if "blank" not in text and "empty" not in text and "spac" not in text:
        return
    for match in _NONE.finditer(text):
        part = match["part"]
        between: Between = "lines" if part is None else _between(part)
        if between not in ("lines", "items") or _AFTER_PART.match(text, match.end()):
            continue
        if part is None and _ONE_PLACE.match(text, match.end()):
            continue  # "no blank line between the heading and its paragraph": one gap
        if _asked(sentence, match.start(), owns_negation=True):
            yield Hit(BlankLines(between=between, blank=0), *match.span())
            return
    for pattern in _PATTERNS:
        for match in pattern.finditer(text):
            if _AFTER_PART.match(text, match.end()) or _AFTER_PART.match(text, match.end("part")):
                continue  # "a blank line between the stanzas of my poem": not the answer's
            if not match["part"].endswith("s") and _PAIR.match(text, match.end("part")):
                continue  # "an empty line between the question and the answer": one gap
            gap = re.search(_BLANK, match.group(0))
            if gap and _MORE_THAN_ONE.search(text, 0, match.start() + gap.start()):
                continue  # "two blank lines between sections": a gap no spec states
            if _asked(sentence, match.start()):
                yield Hit(BlankLines(between=_between(match["part"]), blank=1), *match.span())
                return
    for match in _SPACED.finditer(text):
        if _asked(sentence, match.start()):
            blank = 1 if match["kind"] == "double" else 0
            yield Hit(BlankLines(between="lines", blank=blank), *match.span())
            return


class _BlankLines(Family):
    name = "blank_lines"
    specs = (BlankLines,)
    rules: ClassVar[tuple[Rule, ...]] = (blank_lines,)
    edits: ClassVar[tuple[RepairOp, ...]] = (_SET_GAPS,)

    def measure(self, spec: Any, text: str) -> Outcome:
        assert isinstance(spec, BlankLines)
        off, judged, shown = _off(spec, text)
        lines, _ = gaps(text)
        data: dict[str, Any] = {"gaps": judged, "off": off, "found": shown[:3]}
        if not lines:
            return Outcome(
                False,
                f"the answer is empty; required: {spec.describe()}",
                "Write the answer.",
                data=data,
            )
        if spec.between == "blocks" and not judged:
            return Outcome(
                False,
                f"the answer is one block with no blank line; required: {spec.describe()}",
                self.correction(spec, text),
                data=data,
            )
        if not off:
            return Outcome(True, f"{spec.describe()}, as required", data=data)
        return Outcome(
            False,
            f"{off} of {judged} gaps break the rule; required: {spec.describe()}",
            self.correction(spec, text),
            score=min(1 - off / judged, 0.99),
            data=data,
        )

    def correction(self, spec: Any, text: str) -> str:
        assert isinstance(spec, BlankLines)
        off, judged, shown = _off(spec, text)
        if spec.between == "blocks" and not judged:
            return "Your answer has no blank line. Put exactly one blank line between the blocks."
        where = f" (before {shown[0]!r})" if shown else ""
        if spec.blank == 0:
            what = "lines" if spec.between == "lines" else "list items"
            return (
                f"{off} of the gaps between your {what} hold a blank line{where}. "
                f"Remove every blank line between {what}."
            )
        return (
            f"{off} of {judged} gaps in your answer do not hold exactly one blank line{where}. "
            f"Put exactly one blank line between {spec.describe().split(' between ', 1)[1]}."
        )

    def repair(self, spec: Any) -> dict[str, Any] | None:
        assert isinstance(spec, BlankLines)
        return {"op": _SET_GAPS.name, "between": spec.between, "blank": spec.blank}


BLANK_LINES = _BlankLines()
