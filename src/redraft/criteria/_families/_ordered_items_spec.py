"""The ``ordered_items`` spec: what :mod:`._ordered_items` measures and
:mod:`._ordered_items_asked` reads."""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from redraft.criteria._families._base import FamilySpec

__all__ = ["OrderedItems"]


class OrderedItems(FamilySpec):
    """The answer's items in order of their number, date or time, or length."""

    kind: Literal["ordered_items"] = "ordered_items"
    by: Literal["number", "time", "length"] = "number"
    direction: Literal["ascending", "descending"] = "ascending"
    strict: bool = False
    unit: Literal["characters", "words"] | None = None
    """For ``by="length"``: None is characters, words where two items differ in
    words, or the number each shows (any reading that holds)."""
    column: str | None = Field(default=None, min_length=1, max_length=60, pattern=r"\S")
    """Where set, the items are the cells of the answer's table column of that
    name (its rows sorted by it), not its list items."""

    def describe(self) -> str:
        said = self._items()
        if self.column is None:
            return said
        return said.replace("items", f"table rows by their {self.column!r} cells", 1)

    def _items(self) -> str:
        down = self.direction == "descending"
        strictly = "strictly " if self.strict else ""
        if self.by == "length":
            unit = f" in {self.unit}" if self.unit else ""
            way = "longest to shortest" if down else "shortest to longest"
            return f"items ordered {strictly}from {way}{unit}"
        if self.by == "time":
            way = "latest first" if down else "earliest first"
            return f"items in {strictly}{'reverse ' if down else ''}chronological order ({way})"
        return f"items in {strictly}{self.direction} order of their numbers"
