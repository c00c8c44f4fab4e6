"""The mapper's reading of a count of listed things beside a count of
nested items, and of checkbox items (bench/_blind_item_forms.py)."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

from redraft.criteria import CHECK_SPEC_ADAPTER

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "bench"))

import _blind_map  # type: ignore[import-not-found]


def _constraint(index: int, **fields: Any) -> Any:
    c = {
        "row_id": "t-1",
        "index": index,
        "family": "unlabelled",
        "quote": "",
        "unit": None,
        "scope": "response",
        "relation": "other",
        "value": None,
        "words": (),
        "verifiable": True,
        "note": "",
        "source": "prompt",
    } | fields
    return _blind_map.Constraint(**c)


def _expect(first: dict[str, Any], *siblings: dict[str, Any]) -> Any:
    constraints = tuple(_constraint(i, **f) for i, f in enumerate((first, *siblings)))
    row = _blind_map.Row("t-1", None, "", constraints, None)
    return _blind_map.expect(constraints[0], row)


def _spec(**fields: Any) -> dict[str, Any]:
    return dict(CHECK_SPEC_ADAPTER.validate_python(fields).model_dump())


def _covered(expectation: Any, *specs: dict[str, Any]) -> bool:
    return bool(expectation.matchers) and all(
        any(m.exact(s) for s in specs) for m in expectation.matchers
    )


_ITEMS = {"family": "item_count", "unit": "item", "relation": "exactly", "value": 3}
_THREE_ITEMS = _spec(kind="item_count", relation="exactly", value=3)


def test_a_refused_form_leaves_the_items_maybe_in_prose() -> None:
    no_bullets = {"family": "no_bullets", "unit": "bullet", "relation": "none", "value": 0}
    assert not _covered(_expect(_ITEMS, no_bullets), _THREE_ITEMS)
    nested_none = {"family": "flat_list", "unit": "nested bullet", "relation": "none"}
    assert not _covered(_expect(_ITEMS, nested_none), _THREE_ITEMS)


def test_a_count_of_nested_items_leaves_the_count_to_item_count() -> None:
    nested = {"family": "nested_bullet_count", "unit": "nested bullet", "scope": "under Testing",
              "relation": "at_least", "value": 2, "words": ("Testing",)}  # fmt: skip
    at_least = {**_ITEMS, "relation": "at_least", "value": 8}
    found = _expect(at_least, nested)
    assert _covered(found, _spec(kind="item_count", relation="at_least", value=8))
    assert not _covered(found, _spec(kind="bullet_count", relation="at_least", value=8))


def test_a_form_stated_by_a_sibling_still_counts_its_own_lines() -> None:
    bullets = {"family": "bullet_format", "unit": "bullet", "relation": "matches_format",
               "value": "- item"}  # fmt: skip
    assert not _covered(_expect(_ITEMS, bullets), _THREE_ITEMS)


def test_checkbox_items_are_bullet_lines_or_items() -> None:
    boxes = {"family": "item_count", "unit": "checkbox item", "relation": "exactly", "value": 10}
    found = _expect(boxes)
    assert _covered(found, _spec(kind="item_count", relation="exactly", value=10))
    assert _covered(found, _spec(kind="bullet_count", relation="exactly", value=10))
    assert not _covered(found, _spec(kind="item_count", relation="exactly", value=9))
