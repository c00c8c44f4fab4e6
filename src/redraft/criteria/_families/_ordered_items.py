"""Ordered items: the answer's items in order of a key each item shows — its
number, its date or time, or its length.

"Sorted ascending", "in descending order", "from cheapest to most
expensive", "largest first", "in chronological order", "newest to oldest",
"times in ascending order", "sorted from shortest to longest". Measured on
the items :func:`._item_template.list_units` reads (list items, else
non-empty lines, else a one-line comma-separated list), by the keys of
:mod:`._item_keys`: each item must come at or after the one before it (at
or before, descending; strictly, where "strictly" is said). A key no item
may be missing: where one item shows no single number (or no date or time),
the check says it cannot tell and counts as unverified, never as a pass or
a fail — "ordered by population" over bare city names is the judge's to
read. A length with no unit is met in characters, in words where two items
differ in words (single words are all one word long: that reading orders
nothing), or in the one number each item shows ("shortest first" of walks
that show their minutes): it fails only what every reading fails. With
fewer than two items found it cannot tell either (a list the cut does not
find is no proof of disorder). Repaired without a model where the items are
one run of lines and every key reads: they are put in order.

Read where the order is said of the list asked for (as
:mod:`._ordered_items_asked` reads it); alphabetical order is ``sorted_items``'s,
and "sentences of increasing length" ``length_progression``'s.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from itertools import pairwise
from typing import Any, ClassVar

from redraft.core._repair import Params, RepairOp
from redraft.criteria._families._base import Family
from redraft.criteria._families._cells import table_cells
from redraft.criteria._families._item_keys import (
    item_length,
    item_number,
    item_time,
    time_in_order,
)
from redraft.criteria._families._item_template import list_units
from redraft.criteria._families._ordered_items_asked import ordered_items
from redraft.criteria._families._ordered_items_spec import OrderedItems
from redraft.criteria._families._pairs import broken_pairs, pairs_outcome
from redraft.criteria._families._sorted import sort_run
from redraft.criteria._outcome import Outcome
from redraft.criteria._sentences import Rule

__all__ = ["ORDERED_ITEMS", "OrderedItems"]


Holds = Callable[[str, str], bool | None]


def _dated(item: str) -> bool:
    """A date or a clock time beyond a bare year ("1969: 3 astronauts" is
    no date to order by where numbers were asked)."""
    key = item_time(item)
    return key is not None and any(part is not None for part in key[1:])


def _column_named(header: Sequence[str], column: str) -> int | None:
    """The header cell naming ``column``: its name, or its name with a unit
    after it ("Area (sq mi)" for "area"); case and emphasis aside."""
    want = " ".join(column.casefold().split())
    names = [" ".join(cell.strip().strip("*_`").casefold().split()) for cell in header]
    for i, name in enumerate(names):
        if name == want or re.match(rf"{re.escape(want)}\s*[(\[,]", name):
            return i
    return None


def _items(spec: OrderedItems, text: str) -> list[str] | None:
    """What is ordered: the list items, or the cells of the named column of
    the answer's first table holding it (None where no table does)."""
    if spec.column is None:
        return list_units(text)
    for header, rows in table_cells(text):
        at = _column_named(header, spec.column)
        if at is not None:
            return [row[at] if at < len(row) else "" for row in rows]
    return None


def _key_of(spec: OrderedItems, items: Sequence[str]) -> str:
    """What the items are compared by: "in ascending order" over times or
    dates (no single number each) is their time order."""
    if spec.by != "number" or all(item_number(item) is not None for item in items):
        return spec.by
    return "time" if all(_dated(item) for item in items) else "number"


def _holds(spec: OrderedItems, by: str) -> Holds:
    down = spec.direction == "descending"

    def by_number(a: str, b: str) -> bool | None:
        x, y = item_number(a), item_number(b)
        if x is None or y is None:
            return None
        if down:
            x, y = y, x
        return x < y if spec.strict else x <= y

    def by_time(a: str, b: str) -> bool | None:
        x, y = item_time(a), item_time(b)
        if x is None or y is None:
            return None
        return time_in_order(x, y, descending=down, strict=spec.strict)

    def by_length(a: str, b: str) -> bool:
        def fits(unit: str) -> bool:
            x, y = item_length(a, unit), item_length(b, unit)
            if down:
                x, y = y, x
            return x < y if spec.strict else x <= y

        if spec.unit is not None:
            return fits(spec.unit)
        # no unit said: characters, or words where the two differ in words
        # (single words are all one word long: that reading orders nothing),
        # or the quantity each shows ("shortest first" of walks is minutes)
        words_differ = item_length(a, "words") != item_length(b, "words")
        return fits("characters") or (words_differ and fits("words")) or by_number(a, b) is True

    return {"length": by_length, "time": by_time}.get(by, by_number)


def _unread(spec: OrderedItems, items: Sequence[str]) -> str | None:
    """The first item whose key cannot be read, or None where all can."""
    by = _key_of(spec, items)
    if by == "length":
        return None
    read = item_time if by == "time" else item_number
    return next((item for item in items if read(item) is None), None)


def _broken(spec: OrderedItems, items: Sequence[str]) -> list[tuple[str, str]] | None:
    """The adjacent pairs out of order, or None where a pair cannot be compared."""
    holds = _holds(spec, _key_of(spec, items))
    if any(holds(a, b) is None for a, b in pairwise(items)):
        return None
    return [(a, b) for _, a, b in broken_pairs(items, lambda a, b: holds(a, b) is True)]


def _order(text: str, params: Params, _repairs: Sequence[Params]) -> str:
    spec = OrderedItems.model_validate(
        {k: v for k, v in params.items() if k != "op"} | {"kind": "ordered_items"}
    )
    key: Callable[[str], Any]
    by = _key_of(spec, list_units(text))
    if by == "length":
        key = lambda item: item_length(item, spec.unit or "characters")  # noqa: E731
    elif by == "number":
        key = item_number
    else:
        keys = [item_time(item) for item in list_units(text)]
        shapes = {tuple(part is None for part in k) if k else None for k in keys}
        if len(shapes) != 1:
            return text  # items that say different fields have no one order to sort by
        key = item_time
    return sort_run(text, key, reverse=spec.direction == "descending")


ORDER_ITEMS = RepairOp(
    "order_items",
    572,
    _order,
    lambda p: f"items put in {p.get('direction', 'ascending')} order by {p.get('by', 'number')}",
)


class _OrderedItems(Family):
    name = "ordered items"
    specs = (OrderedItems,)
    rules: ClassVar[tuple[Rule, ...]] = (ordered_items,)
    edits: ClassVar[tuple[RepairOp, ...]] = (ORDER_ITEMS,)

    def measure(self, spec: Any, text: str) -> Outcome:
        assert isinstance(spec, OrderedItems)
        items = _items(spec, text)
        data: dict[str, Any] = {"items": len(items or ())}
        if items is None:
            said = f"no table with a {spec.column!r} column"
            return Outcome(False, f"cannot tell the order: {said}", data=data, skipped=True)
        if len(items) < 2:
            # "Canada > Nigeria > Japan": items no cut finds are no proof of disorder
            return Outcome(
                False, f"cannot tell the order: {len(items)} item(s) found", data=data, skipped=True
            )
        unread = _unread(spec, items)
        wrong = _broken(spec, items) if unread is None else None
        if wrong is None:
            what = "single number, date or time" if spec.by == "number" else "date or time"
            said = (
                f"item {unread[:40]!r} shows no {what}"
                if unread is not None
                else "two items share no date field to compare"
            )
            return Outcome(False, f"cannot tell the order: {said}", data=data, skipped=True)
        broken = wrong or []
        data["out_of_order"] = len(broken)
        return pairs_outcome(
            parts=len(items),
            broken=len(broken),
            data=data,
            passed=f"the {len(items)} items are in order",
            too_few=f"{len(items)} item{'s' if len(items) != 1 else ''}",
            broken_said=f"{len(broken)} pair(s) of items out of order",
            required=spec.describe(),
            correction=lambda: self.correction(spec, text),
        )

    def correction(self, spec: Any, text: str) -> str:
        assert isinstance(spec, OrderedItems)
        items = _items(spec, text) or []
        if len(items) < 2:
            return f"Your answer needs at least two items: {spec.describe()}."
        first, second = (_broken(spec, items) or [("", "")])[0]
        return (
            f"Your items are not {spec.describe()}: {second[:40]!r} comes after "
            f"{first[:40]!r}. Put every item in that order."
        )

    def repair(self, spec: Any) -> dict[str, Any] | None:
        assert isinstance(spec, OrderedItems)
        if spec.column is not None:
            return None  # a table's rows move whole: the model's to rewrite
        return {"op": ORDER_ITEMS.name, **spec.model_dump(exclude={"kind"})}


ORDERED_ITEMS = _OrderedItems()
