"""The blind mapper expects a kind only where that kind's check, with the
parameters read from the writer's fields, states the constraint: a template
of the whole item, a count of a list's items (bench/_blind_layout.py,
bench/_blind_items.py). Synthetic constraints, none from a split."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

import pytest

from redraft.criteria import CHECK_SPEC_ADAPTER

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "bench"))

import _blind_map  # type: ignore[import-not-found]


def _constraint(index: int = 0, **fields: Any) -> Any:
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


def _expect(*siblings: dict[str, Any], **fields: Any) -> Any:
    c = _constraint(**fields)
    others = tuple(_constraint(index=i, **s) for i, s in enumerate(siblings, start=1))
    row = _blind_map.Row("t-1", None, "", (c, *others), None)
    return _blind_map.expect(c, row)


def _spec(**fields: Any) -> dict[str, Any]:
    return dict(CHECK_SPEC_ADAPTER.validate_python(fields).model_dump())


def _covered(expectation: Any, *specs: dict[str, Any]) -> bool:
    return bool(expectation.matchers) and all(
        any(m.exact(s) for s in specs) for m in expectation.matchers
    )


def _expects(expectation: Any, kind: str) -> bool:
    return kind in expectation.kinds


# -- item_template: a template of the whole item ---------------------------------------


@pytest.mark.parametrize(
    ("unit", "scope", "value", "template"),
    [
        ("line", "each line", "Country: capital", "Nation: city"),
        ("bullet point", "every bullet", "N% – Category", "30% – Rent"),
        ("item", "each item", "Name (N)", "Planet (moons)"),
        ("entries", "each entry", "word (Language)", "term (tongue)"),
        ("recommendation", "each recommendation", "Title — Author", "Book — Writer"),
    ],
)
def test_a_format_of_each_whole_item_is_an_item_template(
    unit: str | None, scope: str, value: str, template: str
) -> None:
    found = _expect(unit=unit, scope=scope, relation="matches_format", value=value)
    assert _covered(found, _spec(kind="item_template", template=template))


@pytest.mark.parametrize(
    ("unit", "scope", "value"),
    [
        # a piece of each item: the item holds more than the template
        ("time slot", "each agenda item", "HH:MM–HH:MM"),
        ("duration", "each activity", "(N min)"),
        ("price", "each line", "$N.NN"),
        # no unit: the scope alone does not say the template is the whole item
        (None, "each item", "HH:MM"),
        # a part another kind names, not a list's item
        ("heading", "each heading", "Day N: City"),
        ("paragraph", "each paragraph", "Reason N: text"),
        # the items of one section, not of the answer
        ("bullet", "each bullet in the Risks section", "Risk – mitigation"),
        ("line", "every line under Ingredients", "qty – item"),
        # a regular expression, not a template
        ("line", "each line", "#[0-9A-F]{6}"),
        ("item", "each item", "[A-Z]{2}"),
    ],
)
def test_a_format_no_whole_item_template_states_is_no_item_template(
    unit: str, scope: str, value: str
) -> None:
    found = _expect(unit=unit, scope=scope, relation="matches_format", value=value)
    assert not _expects(found, "item_template")


# -- item_count: the items of one list ----------------------------------------------


@pytest.mark.parametrize(
    "unit",
    ["quotation", "quote", "panel", "card", "letter a/e/i/o/u", "each letter A-Z", "vowel"],
)
def test_quotes_panels_cards_and_letters_are_no_list_items(unit: str) -> None:
    found = _expect(unit=unit, relation="exactly", value=4)
    assert not _covered(found, _spec(kind="item_count", relation="exactly", value=4))


@pytest.mark.parametrize("note", ["2 per word", "three for each topic", "1 each"])
def test_a_count_summed_over_groups_is_no_item_count(note: str) -> None:
    found = _expect(unit="example", relation="exactly", value=4, note=note)
    assert not _covered(found, _spec(kind="item_count", relation="exactly", value=4))


def test_a_count_of_things_without_a_per_group_note_is_still_an_item_count() -> None:
    found = _expect(unit="example", relation="exactly", value=4, note="varied examples")
    assert _covered(found, _spec(kind="item_count", relation="exactly", value=4))
