"""How lists nest: "no more than 2 levels deep", "don't nest the bullets",
"use nested bullet points", "at least 3 sub-bullets", "each point with 2
sub-points".

Measured exactly on the answer's lists as CommonMark reads them
(``markdown-it-py``: a sub-item is indented under its item's text, a list
inside a code fence is none). ``depth``: the deepest list item's level (1
for a flat list, 0 for none); ``nested``: the items below the first level;
``children``: the items directly under every first-level item, each
compared on its own (an answer without a list fails it).
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass
from functools import partial
from typing import Any, ClassVar, Literal

from markdown_it import MarkdownIt

from redraft.core._lazy_pattern import compile_lazily
from redraft.criteria._families._arguments import Corrected, response_spec
from redraft.criteria._families._base import FamilyCount
from redraft.criteria._grammar import NUMBER, RELATION, number_value, relation_of
from redraft.criteria._outcome import Outcome
from redraft.criteria._sentences import Hit, Rule, Sentence
from redraft.criteria._spec_base import RELATION_WORDS, Relation

__all__ = ["LIST_NESTING", "ListNesting", "list_tree"]

_MD = MarkdownIt("commonmark")
What = Literal["depth", "nested", "children"]


class ListNesting(FamilyCount):
    """A count about how the answer's lists nest: their depth, their nested
    items, or the sub-items of every first-level item."""

    kind: Literal["list_nesting"] = "list_nesting"
    what: What

    def describe(self) -> str:
        said = f"{RELATION_WORDS[self.relation]} {self.value}"
        if self.what == "depth":
            return f"lists nested {said} level{'s' if self.value != 1 else ''} deep"
        if self.what == "nested":
            return f"{said} nested list item{'s' if self.value != 1 else ''}"
        return f"every first-level item with {said} sub-item{'s' if self.value != 1 else ''}"

    def slot(self) -> tuple[object, ...]:
        return (self.kind_name(), self.what, self.relation)


@dataclass(frozen=True)
class ListTree:
    """The list items of an answer: each item's level (1 = first level) and,
    for every first-level item, how many items stand directly under it."""

    levels: tuple[int, ...]
    children: tuple[int, ...]


def list_tree(text: str) -> ListTree:
    levels: list[int] = []
    children: list[int] = []
    depth = 0
    for token in _MD.parse(text):
        if token.type in ("bullet_list_open", "ordered_list_open"):
            depth += 1
        elif token.type in ("bullet_list_close", "ordered_list_close"):
            depth -= 1
        elif token.type == "list_item_open":
            levels.append(depth)
            if depth == 1:
                children.append(0)
            elif depth == 2 and children:
                children[-1] += 1
    return ListTree(tuple(levels), tuple(children))


def _measure(spec: ListNesting, text: str) -> Outcome:
    tree = list_tree(text)
    if spec.what == "children":
        if not tree.children:
            return Outcome(False, f"the answer has no list; required: {spec.describe()}")
        bad = [(i, n) for i, n in enumerate(tree.children, 1) if not spec.holds(n)]
        if not bad:
            return Outcome(
                True, f"{spec.describe()}, as required", data={"children": tree.children}
            )
        shown = ", ".join(f"item {i} has {n}" for i, n in bad[:3])
        return Outcome(
            False,
            f"{len(bad)} of {len(tree.children)} first-level items break it ({shown}); "
            f"required: {spec.describe()}",
            f"Give {spec.describe()} ({shown}); indent sub-items under their item.",
            score=1 - len(bad) / len(tree.children),
            data={"children": list(tree.children)},
        )
    n = (
        max(tree.levels, default=0)
        if spec.what == "depth"
        else sum(1 for level in tree.levels if level > 1)
    )
    what = "deepest list level" if spec.what == "depth" else "nested items"
    if spec.holds(n):
        return Outcome(True, f"{what}: {n}, as required ({spec.describe()})", data={"measured": n})
    fix = (
        "Flatten your list: put every item at one level."
        if spec.what == "depth" and spec.relation != "at_least" and spec.value <= 1
        else f"Change how your list nests: {spec.describe()} (indent sub-items under their item)."
    )
    return Outcome(
        False,
        f"{what}: {n}; required: {spec.describe()}",
        fix,
        data={"measured": n},
    )


# -- phrasings ------------------------------------------------------------------------

_SUB = (
    r"(?:sub[\s-]?(?:bullets?|points?|items?|bullet\s+points?)|"
    r"nested\s+(?:bullets?|bullet\s+points?|items?|points?))"
)
_LISTS = r"(?:lists?|bullets?|bullet\s+points?|points|items)"
_COUNT = rf"(?:(?P<rel>{RELATION})\s+)?(?P<num>{NUMBER})"
_ITEM = r"(?:main\s+|top[\s-]level\s+)?(?:bullet(?:\s+point)?|point|item)"
_READINGS: tuple[tuple[re.Pattern[str], What], ...] = (
    # "no more than 2 levels deep", "maximum 2 levels of nesting"
    (
        compile_lazily(
            rf"\b{_COUNT}\s+levels?\s+(?:deep|of\s+(?:nesting|indentation|bullets|depth))\b"
        ),
        "depth",
    ),
    # "nest at most 3 levels", "nested lists no more than 2 levels"
    (
        compile_lazily(rf"\bnest(?:ed|ing)?\s+(?:(?:lists?|bullets?)\s+)?{_COUNT}\s+levels?\b"),
        "depth",
    ),
    # "each point with 2 sub-points", "every bullet should have exactly 3 sub-bullets"
    (
        compile_lazily(
            rf"\b(?:each|every)\s+{_ITEM}\s+(?:(?:should|must|needs\s+to)\s+)?"
            rf"(?:has|have|with|includes?|contains?)\s+{_COUNT}\s+{_SUB}\b"
        ),
        "children",
    ),
    # "2 sub-bullets under each point", "three sub-points per item"
    (
        compile_lazily(
            rf"\b{_COUNT}\s+{_SUB}\s+(?:under|for|per|beneath|below)\s+(?:each|every)?\s*{_ITEM}\b"
        ),
        "children",
    ),
    # "… with 2 sub-points each", "three main points, each with two sub-points"
    (compile_lazily(rf"\b{_COUNT}\s+{_SUB}\s+(?:each|apiece)\b"), "children"),
    (compile_lazily(rf",\s*each\s+(?:one\s+)?(?:with|having)\s+{_COUNT}\s+{_SUB}\b"), "children"),
    # "at least 3 sub-bullets", "include 4 nested items"
    (
        compile_lazily(
            rf"\b{_COUNT}\s+{_SUB}\b(?!\s+(?:under|for|per|beneath|below|each|apiece)\b)"
        ),
        "nested",
    ),
)
_FLAT = compile_lazily(
    rf"\b(?:(?:do\s+not|don't|never)\s+nest(?:\s+(?:the\s+|any\s+)?{_LISTS})?|"
    rf"no\s+(?:nested\s+{_LISTS}|nesting|{_SUB})|without\s+(?:nesting|{_SUB})|"
    r"(?:a\s+|one\s+)?flat\s+(?:bulleted\s+|numbered\s+)?list)\b"
)
_NESTED = compile_lazily(
    rf"\b(?:use|using|with|include|including|add)\s+(?:some\s+)?(?:nested\s+{_LISTS}|{_SUB})\b"
)


def _count(match: re.Match[str]) -> tuple[Relation, int] | None:
    n = number_value(match.group("num"))
    if n is None:
        return None
    if match.group("rel"):
        relation, adjust = relation_of(match.group("rel"))
        return relation, n + adjust
    if "couple" in match.group("num"):
        return None  # "a couple of sub-points" is two or three, no exact count
    return "exactly", n


def list_nesting(sentence: Sentence) -> Iterator[Hit]:
    text = sentence.lower
    taken: list[tuple[int, int]] = []
    for pattern, what in _READINGS:
        for match in pattern.finditer(text):
            if any(a < match.end() and match.start() < b for a, b in taken):
                continue
            count = _count(match)
            if count is None:
                continue
            taken.append(match.span())
            build = partial(ListNesting, what=what, relation=count[0], value=count[1])
            yield from response_spec(sentence, build, match.start(), match.end())
    for match in _FLAT.finditer(text):
        build = partial(ListNesting, what="depth", relation="at_most", value=1)
        yield from response_spec(sentence, build, match.start(), match.end(), owns_negation=True)
    for match in _NESTED.finditer(text):
        build = partial(ListNesting, what="depth", relation="at_least", value=2)
        yield from response_spec(sentence, build, match.start(), match.end())


class _ListNesting(Corrected):
    name = "list nesting"
    specs = (ListNesting,)
    rules: ClassVar[tuple[Rule, ...]] = (list_nesting,)

    def measure(self, spec: Any, text: str) -> Outcome:
        return _measure(spec, text)


LIST_NESTING = _ListNesting()
