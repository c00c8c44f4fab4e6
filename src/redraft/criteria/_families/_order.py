"""The order of parts: "a title, then three bullet points, then a
postscript" becomes one order check per "then" (title before bullets,
bullets before postscript); "the code block, then explain it" and "a
table followed by a short paragraph" too.

Measured exactly on lines: a title is a ``<<title>>`` line, bullets and
numbered items are list lines, a postscript runs from a ``P.S.`` line to the
end, code is the lines of fenced blocks, a table its ``| … |`` lines, and
other lines are text; each named part must lie wholly after the
one before. An order check's span is its connector ("then", "followed by")
and nothing else: the parts' own words are left to their own checks, so a
clause whose parts have no check of their own stays partial.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from functools import partial
from typing import Any, ClassVar, Literal, cast

from pydantic import Field, field_validator

from redraft.core._lazy_pattern import compile_lazily
from redraft.criteria._families._arguments import Corrected, Guard, spec_hit
from redraft.criteria._families._base import FamilySpec
from redraft.criteria._outcome import Outcome
from redraft.criteria._sentences import NEGATION, Hit, Rule, Sentence

__all__ = ["ORDER", "ORDER_PARTS", "Order", "OrderPart", "order"]

OrderPart = Literal["title", "text", "bullets", "numbered", "postscript", "code", "table"]
ORDER_PARTS: dict[str, str] = {
    "title": "the title",
    "text": "the text",
    "bullets": "the bullet list",
    "numbered": "the numbered list",
    "postscript": "the postscript",
    "code": "the code block",
    "table": "the table",
}


class Order(FamilySpec):
    """The named parts appear in this order, each wholly after the one before
    (title: a ``<<title>>`` line; text: lines of prose; bullets and numbered:
    list lines; postscript: from a ``P.S.`` line to the end; code: the lines
    of fenced blocks, fences included; table: lines that begin and end with
    ``|``)."""

    kind: Literal["order"] = "order"
    parts: list[OrderPart] = Field(min_length=2, max_length=6)

    @field_validator("parts")
    @classmethod
    def _distinct(cls, value: list[OrderPart]) -> list[OrderPart]:
        if len(set(value)) != len(value):
            raise ValueError("each part may be named once")
        return value

    def describe(self) -> str:
        return ", then ".join(ORDER_PARTS[p] for p in self.parts)

    def slot(self) -> tuple[object, ...]:
        return (self.kind, tuple(self.parts))


_TITLE_LINE = compile_lazily(r"<<[^\S\n]*[^\s<>][^<>\n]*>>")
_PS_LINE = compile_lazily(r"^[\s*_>]*p\.\s?(?:p\.\s?)?s\b", re.IGNORECASE)
_BULLET_LINE = compile_lazily(r"^[ \t]*[*\-+•][ \t]+(\S.*)$", re.MULTILINE)
_NUMBERED_LINE = compile_lazily(r"^[ \t]*\d{1,3}[.)][ \t]+\S")
_FENCE_LINE = compile_lazily(r"^[ \t]{0,3}(?:`{3,}|~{3,})")
_TABLE_LINE = compile_lazily(r"^[ \t]*\|.*\|[ \t]*$")


def _line_parts(text: str) -> dict[str, list[int]]:
    """For each part, the numbers (from 1) of the lines that belong to it."""
    lines: dict[str, list[int]] = {p: [] for p in ORDER_PARTS}
    in_postscript = in_code = False
    for number, line in enumerate(text.splitlines(), 1):
        fence = _FENCE_LINE.match(line) is not None
        if in_code or fence:
            lines["code"].append(number)
            in_code = in_code != fence  # a fence opens or closes the block
            continue
        if not line.strip():
            continue
        if _TABLE_LINE.match(line) and not in_postscript:
            kind = "table"
        elif _PS_LINE.match(line):
            in_postscript = True
            kind = "postscript"
        elif _TITLE_LINE.search(line):
            kind = "title"
        elif _BULLET_LINE.match(line):
            kind = "bullets"
        elif _NUMBERED_LINE.match(line):
            kind = "numbered"
        else:
            kind = "postscript" if in_postscript else "text"  # a postscript's own lines
        lines[kind].append(number)
    return lines


def _order(spec: Order, text: str) -> Outcome:
    lines = _line_parts(text)
    absent = [p for p in spec.parts if not lines[p]]
    if absent:
        names = ", ".join(ORDER_PARTS[p] for p in absent)
        return Outcome(
            False,
            f"the answer lacks {names}; required: {spec.describe()}",
            f"Your answer lacks {names}. Write {spec.describe()}, in that order.",
            score=0.0,
        )
    for before, after in zip(spec.parts, spec.parts[1:], strict=False):
        last, first = max(lines[before]), min(lines[after])
        if last > first:
            return Outcome(
                False,
                f"{ORDER_PARTS[before]} (line {last}) comes after the start of "
                f"{ORDER_PARTS[after]} (line {first}); required: {spec.describe()}",
                f"In your answer {ORDER_PARTS[before]} continues on line {last}, after "
                f"{ORDER_PARTS[after]} begins on line {first}. Put all of "
                f"{ORDER_PARTS[before]} before {ORDER_PARTS[after]}.",
                data={"lines": {p: [min(lines[p]), max(lines[p])] for p in spec.parts}},
            )
    return Outcome(True, f"the answer has {spec.describe()}, in that order")


_CONNECTOR = compile_lazily(
    r"(?:\band\s+)?\bthen\b|\bfollowed\s+by\b|\band\s+after\s+(?:that|this)\b|"
    r"\bafter\s+(?:that|this|which)\s*,?\s*(?:add|write|include|give|put)?\b"
)
_NOUNS: list[tuple[str, OrderPart]] = [
    (r"titles?|headlines?", "title"),
    (r"post\s*scripts?|p\.\s?s\.?", "postscript"),
    (r"numbered\s+(?:list|items?|points?|steps?)", "numbered"),
    (
        r"bullet(?:ed)?(?:[\s-]+(?:points?|list|items?))?s?|(?:markdown\s+)?bulleted\s+list",
        "bullets",
    ),
    (r"code\s+blocks?|code\s+snippets?|snippets?|(?:the|your)\s+code", "code"),
    (r"(?:markdown\s+)?tables?", "table"),
    (
        r"paragraphs?|sentences?|introduction|intro|conclusion|explanation|description|prose|"
        r"explain(?:\s+(?:it|them|this|that|how|why|what))?",
        "text",
    ),
]
_NOUN = compile_lazily(
    r"(?<![\w.])(?:" + "|".join(f"(?P<n{i}>{p})" for i, (p, _) in enumerate(_NOUNS)) + r")(?!\w)"
)
_WINDOW = 80
# The order spec's title is one ``<<title>>`` line: a title the sentence
# does not put in double angular brackets may be a heading, a bold line or
# one per item, and the spec would look for the wrong thing.
_ANGULAR_TITLE = compile_lazily(r"<<|double\s+angular\s+brackets|angle\s+brackets")
# Parts of each item ("each tip: a bold title, then one sentence"), or parts
# named in the plural ("bold titles followed by …"): an order within items.
_PER_ITEM = compile_lazily(r"\b(?:each|every|per|apiece)\b|\b(?:titles|headlines)\b")
# Code or a table the prompt hands over or that exists already ("read the
# table below", "fix my code"): material, not a part of the answer.
_MATERIAL = compile_lazily(
    r"\b(?:read|review|look\s+at|check|analy[sz]e|fix|debug|refactor|given|pasted|sent|"
    r"attached|provided|below|above|following|my|our|this|these|those|i|we|existing)\b"
)
# Where the part before a connector may begin: a clause break or the sentence start.
_CLAUSE = compile_lazily(r"[;:]|\bthen\b|\bfollowed\s+by\b")


def _kinds(text: str) -> list[OrderPart]:
    found = []
    for match in _NOUN.finditer(text):
        for i, (_, kind) in enumerate(_NOUNS):
            if match.group(f"n{i}"):
                found.append(kind)
    return found


def _one(kinds: list[OrderPart]) -> OrderPart | None:
    """The one part a stretch of text names (None when none or several)."""
    named = set(kinds)
    if len(named) > 1 and "text" in named:
        named.discard("text")  # "a summary paragraph in bullet points": the list
    return named.pop() if len(named) == 1 else None


def order(sentence: Sentence) -> Iterator[Hit]:
    """One check per connector whose two parts are units the order spec
    measures as the prompt means them."""
    text = sentence.lower
    blocked = Guard(text).blocked
    angular = bool(_ANGULAR_TITLE.search(text))
    for match in _CONNECTOR.finditer(text):
        if match.start() >= blocked:
            continue
        before = text[max(0, match.start() - _WINDOW) : match.start()]
        breaks = list(_CLAUSE.finditer(before))
        if breaks:
            before = before[breaks[-1].end() :]
        if NEGATION.search(before):
            continue
        after = text[match.end() : match.end() + _WINDOW]
        after = re.split(r"[.;:]|,\s*(?:and\s+)?then\b|\bthen\b|\bfollowed\s+by\b", after)[0]
        first, second = _one(_kinds(before)), _one(_kinds(after)[:1])
        if first is None or second is None or first == second:
            continue
        if "title" in (first, second) and not angular:
            continue
        if any(
            part in ("code", "table") and _MATERIAL.search(stretch)
            for part, stretch in ((first, before), (second, after))
        ):
            continue
        if _PER_ITEM.search(text, 0, match.end() + len(after)):
            continue
        parts = cast(list[OrderPart], [first, second])
        if hit := spec_hit(partial(Order, parts=parts), *match.span()):
            yield hit


class _Order(Corrected):
    name = "order"
    specs = (Order,)
    rules: ClassVar[tuple[Rule, ...]] = (order,)

    def measure(self, spec: Any, text: str) -> Outcome:
        return _order(spec, text)


ORDER = _Order()
