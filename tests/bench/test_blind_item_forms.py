"""The mapper's reading of a count of listed things beside a count of
nested items, and of checkbox items (bench/_blind_item_forms.py)."""

from __future__ import annotations

from _blind_cases import covered, dump, expect

_ITEMS = {"family": "item_count", "unit": "item", "relation": "exactly", "value": 3}
_THREE_ITEMS = dump({"kind": "item_count", "relation": "exactly", "value": 3})


def test_a_refused_form_leaves_the_items_maybe_in_prose() -> None:
    no_bullets = {"family": "no_bullets", "unit": "bullet", "relation": "none", "value": 0}
    assert not covered(expect(_ITEMS, no_bullets), _THREE_ITEMS)
    nested_none = {"family": "flat_list", "unit": "nested bullet", "relation": "none"}
    assert not covered(expect(_ITEMS, nested_none), _THREE_ITEMS)


def test_a_count_of_nested_items_leaves_the_count_to_item_count() -> None:
    nested = {"family": "nested_bullet_count", "unit": "nested bullet", "scope": "under Testing",
              "relation": "at_least", "value": 2, "words": ("Testing",)}  # fmt: skip
    at_least = {**_ITEMS, "relation": "at_least", "value": 8}
    found = expect(at_least, nested)
    assert covered(found, {"kind": "item_count", "relation": "at_least", "value": 8})
    assert not covered(found, {"kind": "bullet_count", "relation": "at_least", "value": 8})


def test_a_form_stated_by_a_sibling_still_counts_its_own_lines() -> None:
    bullets = {"family": "bullet_format", "unit": "bullet", "relation": "matches_format",
               "value": "- item"}  # fmt: skip
    assert not covered(expect(_ITEMS, bullets), _THREE_ITEMS)


def test_checkbox_items_are_bullet_lines_or_items() -> None:
    boxes = {"family": "item_count", "unit": "checkbox item", "relation": "exactly", "value": 10}
    found = expect(boxes)
    assert covered(found, {"kind": "item_count", "relation": "exactly", "value": 10})
    assert covered(found, {"kind": "bullet_count", "relation": "exactly", "value": 10})
    assert not covered(found, {"kind": "item_count", "relation": "exactly", "value": 9})
