"""Unique items: no item of the answer's list is repeated.

"No duplicates", "don't repeat any item", "each entry must be unique",
"all the names should be different". Measured exactly: the items are the
answer's list items where it has a list, else its non-empty lines, or
the items of a one-line comma-separated list (as
:func:`._item_template.list_units` reads them), compared as :func:`._sorted.sort_key`
compares them (emphasis, leading quotes and brackets and case set aside);
the answer passes when it has items and no two are the same. Repaired
without a model: every repeat after the first is dropped, its line with it.
Read only of the items themselves; "don't repeat yourself" or "no word
twice" (the distinct-words check's) compile nothing, nor does a hedged,
quoted or questioned request.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import Any, ClassVar, Literal

from redraft.core._lazy_pattern import compile_lazily
from redraft.core._repair import Params, RepairOp
from redraft.criteria._families._base import Family, FamilySpec
from redraft.criteria._families._item_template import list_units
from redraft.criteria._families._sorted import sort_key
from redraft.criteria._outcome import Outcome
from redraft.criteria._sentences import Hit, Rule, Sentence, response_context

__all__ = ["UNIQUE_ITEMS", "UniqueItems", "repeated_items"]


class UniqueItems(FamilySpec):
    """No two of the answer's items (list items, else lines) are the same."""

    kind: Literal["unique_items"] = "unique_items"

    def describe(self) -> str:
        return "no item repeated"


def repeated_items(text: str) -> list[str]:
    """Each item of ``text`` that repeats an earlier one, in order."""
    seen: set[str] = set()
    repeats: list[str] = []
    for item in list_units(text):
        key = sort_key(item)
        if key in seen:
            repeats.append(item)
        seen.add(key)
    return repeats


_ITEM = compile_lazily(r"^[ \t]*(?:[-*+]|\d{1,3}[.)])[ \t]+(?P<rest>\S.*)$")


def _drop_repeats(text: str, _params: Params, _repairs: Sequence[Params]) -> str:
    lines = text.split("\n")
    listed = any(_ITEM.match(line) for line in lines)
    seen: set[str] = set()
    kept: list[str] = []
    for line in lines:
        match = _ITEM.match(line)
        item = match.group("rest") if match else line if not listed and line.strip() else None
        if item is not None:
            key = sort_key(item)
            if key in seen:
                continue
            seen.add(key)
        kept.append(line)
    return "\n".join(kept)


DROP_REPEATS = RepairOp(
    "drop_repeated_items", 565, _drop_repeats, lambda _: "repeated items dropped"
)


# -- reading the request ----------------------------------------------------------

_ITEMS = (
    r"(?:items?|entr(?:y|ies)|names?|bullets?|lines?|ideas?|examples?|options?|suggestions?|"
    r"titles?|answers?|points?|tips?|choices?|elements?|values?)"
)
_UNIQUE = compile_lazily(
    # "no duplicates", "no duplicate names", "without duplicates"
    rf"\b(?P<at>(?:no|without(?:\s+any)?)\s+(?:duplicates|duplicated\s+{_ITEMS}|"
    rf"duplicate(?:\s+{_ITEMS})?|repeat(?:ed|s)?\s+{_ITEMS}|repetitions?))\b|"
    # "don't repeat any item", "never repeat an entry"
    rf"\b(?P<at2>(?:do\s+not|don'?t|never)\s+repeat\s+(?:any|an|a|the\s+same)\s+{_ITEMS})\b|"
    # "each item must be unique", "all the names should be different"
    rf"\b(?P<at3>(?:each|every|all(?:\s+the)?|all\s+of\s+the)\s+{_ITEMS}\s+(?:must|should|"
    r"has\s+to|have\s+to|needs?\s+to|need\s+to|shall)\s+be\s+(?:unique|different|distinct))\b|"
    # "no item may appear twice"
    rf"\b(?P<at4>no\s+{_ITEMS}\s+(?:may|should|can|must|shall)\s+(?:appear|be\s+used|be\s+listed|"
    r"occur)\s+(?:twice|more\s+than\s+once))\b"
)


def unique_items(sentence: Sentence) -> Iterator[Hit]:
    """ "No duplicates", "each item must be unique"."""
    text = sentence.lower
    if sentence.original.rstrip().endswith("?"):
        return
    for match in _UNIQUE.finditer(text):
        at = next(match.start(g) for g in ("at", "at2", "at3", "at4") if match.group(g))
        owns = bool(match.group("at") or match.group("at2") or match.group("at4"))
        if response_context(sentence, at, owns_negation=owns):
            yield Hit(UniqueItems(), match.start(), match.end())
            return


class _UniqueItems(Family):
    name = "unique items"
    specs = (UniqueItems,)
    rules: ClassVar[tuple[Rule, ...]] = (unique_items,)
    edits: ClassVar[tuple[RepairOp, ...]] = (DROP_REPEATS,)

    def measure(self, spec: Any, text: str) -> Outcome:
        assert isinstance(spec, UniqueItems)
        items = list_units(text)
        repeats = repeated_items(text)
        data: dict[str, Any] = {"items": len(items), "repeated": [r[:80] for r in repeats[:3]]}
        if items and not repeats:
            return Outcome(True, f"the {len(items)} items are all different", data=data)
        said = "no items" if not items else f"{len(repeats)} repeated item(s)"
        return Outcome(
            False,
            f"the answer has {said}; required: {spec.describe()}",
            self.correction(spec, text),
            score=(len(items) - len(repeats)) / len(items) * 0.99 if items else 0.0,
            data=data,
        )

    def correction(self, spec: Any, text: str) -> str:
        repeats = repeated_items(text)
        if not repeats:
            return "Your answer has no items. List them, one per line."
        shown = ", ".join(repr(r[:40]) for r in repeats[:3]) + (", …" if len(repeats) > 3 else "")
        return (
            f"Your answer repeats {len(repeats)} item(s) ({shown}). "
            "Replace each repeat with a different item."
        )

    def repair(self, spec: Any) -> dict[str, Any] | None:
        return {"op": DROP_REPEATS.name}


UNIQUE_ITEMS = _UniqueItems()
