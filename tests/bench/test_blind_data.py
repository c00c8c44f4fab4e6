"""The blind mapper's reading of what a JSON answer holds (bench/_blind_data.py):
array lengths, key counts, keys of each object, types, allowed values and
null bans map to ``json_items`` / ``json_fields`` only where the data is JSON."""

from __future__ import annotations

from typing import Any

import pytest

from _blind_cases import covered, expect


def _expect(siblings: tuple[dict[str, Any], ...] = (), **fields: Any) -> Any:
    return expect(fields, *siblings)


def _covered(expectation: Any, **spec: Any) -> bool:
    return covered(expectation, spec)


def test_an_array_length_is_the_json_arrays_element_count() -> None:
    found = _expect(family="json_array_length", unit="object", relation="exactly", value=4)
    assert _covered(found, kind="json_items", relation="exactly", value=4)
    assert not _covered(found, kind="json_items", relation="exactly", value=5)
    assert not _covered(found, kind="json_items", shape="object", relation="exactly", value=4)
    top = _expect(
        family="json_array_length",
        unit="array element",
        scope="top-level array",
        relation="at_most",
        value=3,
    )
    assert _covered(top, kind="json_items", relation="at_most", value=3)


def test_a_key_count_is_the_objects_keys_only_where_the_data_is_json() -> None:
    json_row = _expect(
        siblings=({"family": "json_format", "relation": "matches_format", "value": "json"},),
        unit="key",
        relation="exactly",
        value=5,
    )
    assert _covered(json_row, kind="json_items", shape="object", relation="exactly", value=5)
    yaml_row = _expect(
        siblings=({"family": "yaml_format", "relation": "matches_format", "value": "yaml"},),
        unit="key",
        relation="exactly",
        value=5,
    )
    assert not _covered(yaml_row, kind="json_items", shape="object", relation="exactly", value=5)


def test_keys_of_each_object_and_their_types() -> None:
    keys = _expect(
        family="json_keys",
        unit="key",
        scope="each object",
        relation="equals",
        value=["city", "population"],
    )
    fields = [{"name": "city"}, {"name": "population", "type": "integer"}]
    assert _covered(keys, kind="json_fields", fields=fields, each=True)
    assert not _covered(keys, kind="json_fields", fields=fields, each=False)
    typed = _expect(family="json_value_type", scope="population", relation="other", value="integer")
    assert _covered(typed, kind="json_fields", fields=fields, each=True)
    number = [{"name": "population", "type": "number"}]
    assert not _covered(typed, kind="json_fields", fields=number)  # integer is not number
    pairs = _expect(
        family="json_value_type",
        relation="other",
        value=[["id", "number"], ["tags", "array of strings"]],
    )
    assert _covered(
        pairs,
        kind="json_fields",
        fields=[
            {"name": "id", "type": "number"},
            {"name": "tags", "type": "array", "items": "string"},
        ],
    )


def test_allowed_values_and_no_nulls() -> None:
    json = ({"family": "json_format", "relation": "matches_format", "value": "json"},)
    status = _expect(
        siblings=json,
        family="enum_value",
        scope="status",
        relation="one_of",
        value=["open", "closed"],
    )
    fields = [{"name": "status", "one_of": ["open", "closed"]}]
    assert _covered(status, kind="json_fields", fields=fields)
    alone = _expect(
        family="enum_value", scope="status", relation="one_of", value=["open", "closed"]
    )
    assert not _covered(alone, kind="json_fields", fields=fields)  # nothing says it is JSON
    alone = _expect(
        family="enum_value", scope="status", relation="one_of", value=["open", "closed"]
    )
    assert not _covered(alone, kind="json_fields", fields=fields)  # nothing says it is JSON
    nulls = _expect(family="forbidden_value_json", unit="null value", relation="none")
    assert _covered(nulls, kind="json_fields", no_nulls=True)


def test_a_columns_form_or_options_are_column_values() -> None:
    pages = _expect(
        family="cell_format", scope="Pages column", relation="matches_format", value="^\\d+$"
    )
    assert _covered(pages, kind="column_values", column="pages", form="integer")
    assert not _covered(pages, kind="column_values", column="Title", form="integer")
    assert not _covered(pages, kind="column_values", column="Pages", form="number")
    dates = _expect(
        family="date_format", scope="date column", relation="matches_format", value="YYYY-MM-DD"
    )
    assert _covered(dates, kind="column_values", column="Date", form="iso_date")
    status = _expect(
        family="enum", scope="Status column", relation="one_of", value=["Done", "Open"]
    )
    assert _covered(
        status, kind="column_values", column="Status", form="one_of", options=["done", "open"]
    )
    assert not _covered(
        status, kind="column_values", column="Status", form="one_of", options=["Done", "x"]
    )


_TWO_PLACES = ["\\d+\\.\\d{2}", "2 decimals", "two decimal places", "N.NN", "0.00"]


@pytest.mark.parametrize("value", _TWO_PLACES)
def test_a_columns_decimal_places_are_column_values_decimals(value: str) -> None:
    price = _expect(
        family="decimal_places", scope="price column", relation="matches_format", value=value
    )
    assert _covered(price, kind="column_values", column="price", form="decimals", places=2)
    assert not _covered(price, kind="column_values", column="price", form="decimals", places=1)
    assert not _covered(price, kind="column_values", column="cost", form="decimals", places=2)
    assert not _covered(price, kind="column_values", column="price", form="number")


def test_a_column_format_with_a_sign_or_no_places_is_no_decimals() -> None:
    signed = _expect(
        family="decimal_places", scope="price column", relation="matches_format", value="£N.NN"
    )
    assert not _covered(signed, kind="column_values", column="price", form="decimals", places=2)
    bare = _expect(family="decimal_places", scope="price", relation="matches_format", value="N.NN")
    assert not _covered(bare, kind="column_values", column="price", form="decimals", places=2)


def test_hashtags_or_emoji_at_the_end_are_units_at() -> None:
    tags = _expect(family="hashtag_position", unit="hashtag", relation="ends_with")
    assert _covered(tags, kind="units_at", unit="hashtag", at="end")
    assert not _covered(tags, kind="units_at", unit="emoji", at="end")
    first = _expect(family="emoji_position", unit="emoji", relation="starts_with")
    assert _covered(first, kind="units_at", unit="emoji", at="start")
    phrase = _expect(family="ends_with", unit="hashtag", relation="ends_with", value="#love")
    assert not _covered(phrase, kind="units_at", unit="hashtag", at="end")  # a given one


def test_something_in_every_part_is_each_contains() -> None:
    word = _expect(
        family="keyword_frequency",
        unit="keyword",
        scope="each sentence",
        relation="at_least",
        value=1,
        words=("sunlight",),
    )
    spec = {"kind": "each_contains", "part": "sentence", "what": "keyword", "keyword": "Sunlight"}
    assert _covered(word, **spec)
    assert not _covered(word, **(spec | {"part": "paragraph"}))
    emoji = _expect(
        family="emoji_count", unit="emoji", scope="each bullet", relation="exactly", value=1
    )
    one = {
        "kind": "each_contains",
        "part": "bullet",
        "what": "emoji",
        "relation": "exactly",
        "value": 1,
    }
    assert _covered(emoji, **one)
    assert not _covered(emoji, **(one | {"relation": "at_least"}))


def test_words_named_in_a_style_are_words_styled() -> None:
    marked = _expect(
        family="bold_text", unit="bold span", relation="contains", words=("**May 14**",)
    )
    assert _covered(marked, kind="words_styled", words=["may 14"], style="bold")
    assert not _covered(marked, kind="words_styled", words=["May 14"], style="italic")
    valued = _expect(family="italic_word", unit="italic span", relation="contains", value="Dune")
    assert _covered(valued, kind="words_styled", words=["Dune", "Arrakis"], style="italic")


def test_nesting_levels_and_sub_items_are_list_nesting() -> None:
    depth = _expect(family="nesting_depth", unit="nesting level", relation="at_most", value=2)
    assert _covered(depth, kind="list_nesting", what="depth", relation="at_most", value=2)
    each = _expect(
        family="nested_bullet_count",
        unit="nested bullet",
        scope="each main point",
        relation="exactly",
        value=2,
    )
    assert _covered(each, kind="list_nesting", what="children", relation="exactly", value=2)
    assert not _covered(each, kind="list_nesting", what="nested", relation="exactly", value=2)
    total = _expect(family="sub_points", unit="sub-points", relation="at_least", value=3)
    assert _covered(total, kind="list_nesting", what="nested", relation="at_least", value=3)
