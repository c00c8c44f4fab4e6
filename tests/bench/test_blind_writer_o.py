"""The blind mapper's reading of split O's writer's conventions
(bench/_blind_writer_o.py) and the shared readings added beside them
(bench/_blind_described.py, _blind_tables.py, _blind_formats.py): each maps
to the kind whose check fails exactly the answers the constraint fails, to
one it implies, or to none. The fields are written here, never copied
from a split."""

from __future__ import annotations

from typing import Any

from _blind_cases import covered as _covered
from _blind_cases import expect as _expect
from _blind_cases import implied as _implied


def _count(kind: str, relation: str, value: int, **extra: Any) -> dict[str, Any]:
    return {"kind": kind, "relation": relation, "value": value, **extra}


# -- split O's writer ------------------------------------------------------------------


def test_a_count_with_no_unit_under_a_line_label_counts_lines() -> None:
    one: dict[str, Any] = {"family": "one_line", "unit": None, "relation": "exactly", "value": 1}
    found = _expect(one)
    assert _covered(found, _count("line_count", "exactly", 1))
    assert not _covered(found, _count("sentence_count", "exactly", 1))
    # another label names no unit: not this reading
    other = _expect(one | {"family": "brevity"})
    assert not _covered(other, _count("line_count", "exactly", 1))
    # "single line" with a count of three is no single line
    three = _expect(one | {"family": "single_line", "value": 3})
    assert not _covered(three, _count("line_count", "exactly", 3))


def test_numbers_banned_under_a_numbering_label_ban_numbered_items() -> None:
    ban: dict[str, Any] = {"family": "no_numbering", "unit": "number", "relation": "none"}
    found = _expect(ban | {"value": 0})
    assert _covered(found, _count("numbered_count", "at_most", 0))
    # numbers themselves stay allowed (a song called "22")
    assert not _covered(found, _count("number_count", "at_most", 0))
    plain = _expect(ban | {"family": "digits_banned", "value": 0})
    assert not _covered(plain, _count("numbered_count", "at_most", 0))


def test_a_kana_field_implies_some_kana_and_no_other_japanese_script() -> None:
    field: dict[str, Any] = {"family": "kana", "unit": "character", "relation": "all"}
    found = _expect(field | {"scope": "the Japanese column", "value": "katakana"})
    assert not found.expressible
    assert _implied(found, {"kind": "script", "script": "Katakana", "rule": "some"})
    assert _implied(found, {"kind": "script", "script": "Han", "rule": "none"})
    assert _implied(found, {"kind": "script", "script": "Hiragana", "rule": "none"})
    # the other fields are Latin: every letter in the script is not a part
    assert not _implied(found, {"kind": "script", "script": "Katakana", "rule": "only"})
    # a field of another language keeps only its own script
    greek = _expect(field | {"scope": "Greek side", "value": "greek"})
    assert _implied(greek, {"kind": "script", "script": "Greek", "rule": "some"})
    assert not _implied(greek, {"kind": "script", "script": "Latin", "rule": "none"})
    # a scope naming no language's field: not this reading
    vague = _expect(field | {"scope": "headline", "value": "katakana"})
    assert not _implied(vague, {"kind": "script", "script": "Han", "rule": "none"})


def test_units_scoped_to_the_answers_end_with_no_value_stand_there() -> None:
    placed: dict[str, Any] = {"family": "tag_place", "unit": "hashtags", "relation": "other"}
    found = _expect(placed | {"scope": "the end of the post"})
    assert _covered(found, {"kind": "units_at", "unit": "hashtag", "at": "end"})
    assert not _covered(found, {"kind": "units_at", "unit": "hashtag", "at": "start"})
    links = _expect(placed | {"unit": "url", "scope": "top of the answer"})
    assert _covered(links, {"kind": "units_at", "unit": "link", "at": "start"})
    # a value says more than where they stand
    said = _expect(placed | {"scope": "end of response", "value": "grouped"})
    assert not _covered(said, {"kind": "units_at", "unit": "hashtag", "at": "end"})


# -- shared readings -------------------------------------------------------------------


def test_named_hashtags_counted_are_each_ones_own_count() -> None:
    tags: dict[str, Any] = {"family": "tag_once", "unit": "hashtag", "relation": "exactly"}
    found = _expect(tags | {"value": 2, "words": ("#SpringFair",)})
    assert _covered(found, _count("keyword", "exactly", 2, keyword="#SpringFair"))
    # every hashtag counted is not the named one's count
    assert not _covered(found, _count("hashtag_count", "exactly", 2))
    # words that are no hashtags: the general reading
    bare = _expect(tags | {"value": 2, "words": ("spring fair",)})
    assert not _covered(bare, _count("keyword", "exactly", 2, keyword="spring fair"))


def test_the_first_word_banned_is_the_answer_not_starting_so() -> None:
    ban: dict[str, Any] = {"family": "opener", "unit": "word", "relation": "none"}
    found = _expect(ban | {"scope": "opening word", "value": "Dear", "words": ("Dear",)})
    assert _covered(found, {"kind": "not_starts_with", "phrases": ["Dear"]})
    assert not _covered(found, {"kind": "not_starts_with", "phrases": ["Hello"]})
    # banned in the last word: not the start
    last = _expect(ban | {"scope": "last word", "value": "Dear", "words": ("Dear",)})
    assert not _covered(last, {"kind": "not_starts_with", "phrases": ["Dear"]})


def test_items_opening_with_task_boxes_imply_a_checklist() -> None:
    boxes: dict[str, Any] = {"family": "box_prefix", "unit": "item", "scope": "every item"}
    found = _expect(boxes | {"relation": "one_of", "words": ("* [ ]", "* [x]")})
    assert not found.expressible
    assert _implied(found, {"kind": "checklist"})
    # one box alone names the checklist form: the general reading, exact
    one = _expect(boxes | {"relation": "starts_with", "value": "- [ ]", "words": ("- [ ]",)})
    assert not one.reason.startswith("items opening with given task boxes")
    # prefixes that are no task boxes
    dashes = _expect(boxes | {"relation": "one_of", "words": ("- ", "* ")})
    assert not _implied(dashes, {"kind": "checklist"})


def test_ticked_boxes_counted_are_no_count_of_items() -> None:
    ticked: dict[str, Any] = {"family": "ticked", "unit": "ticked boxes", "relation": "exactly"}
    found = _expect(ticked | {"value": 3})
    assert not found.expressible
    assert not _covered(found, _count("item_count", "exactly", 3))
    # bullets counted are counted so
    bullets = _expect(ticked | {"family": "bullets", "unit": "bullets", "value": 3})
    assert _covered(bullets, _count("bullet_count", "exactly", 3))


def test_lines_banning_list_markers_ban_bullets_and_numbers() -> None:
    lines: dict[str, Any] = {"family": "plain_lines", "unit": "line", "relation": "other"}
    found = _expect(lines | {"scope": "every line", "value": "no bullets or numbering"})
    bans = (_count("bullet_count", "at_most", 0), _count("numbered_count", "at_most", 0))
    assert _covered(found, *bans)
    assert not _covered(found, bans[1])
    # a value that bans something else
    other = _expect(lines | {"scope": "every line", "value": "no trailing spaces"})
    assert not _covered(other, *bans)


def test_a_numbered_items_count_implies_the_items_count() -> None:
    numbered: dict[str, Any] = {"family": "steps", "unit": "numbered items"}
    found = _expect(numbered | {"relation": "at_least", "value": 4})
    assert _covered(found, _count("numbered_count", "at_least", 4))
    assert _implied(found, _count("item_count", "at_least", 4))
    assert not _implied(found, _count("item_count", "at_least", 5))
    # a cap alone: bullets with no number would count as items
    capped = _expect(numbered | {"relation": "at_most", "value": 4})
    assert not _implied(capped, _count("item_count", "at_most", 4))


def test_a_first_row_equal_to_names_is_the_csv_header_where_csv_is_named() -> None:
    row: dict[str, Any] = {"family": "csv_head", "unit": "row", "scope": "top row"}
    row |= {"relation": "equals", "value": "id,name,score", "words": ("id", "name", "score")}
    found = _expect(row)
    assert _covered(found, {"kind": "csv_columns", "columns": ["id", "name", "score"]})
    assert not _covered(found, {"kind": "csv_columns", "columns": ["name", "id", "score"]})
    # CSV named by a sibling's fields, not the label
    sibling: dict[str, Any] = {"unit": None, "relation": "other", "value": "csv"}
    told = _expect(row | {"family": "header"}, sibling)
    assert _covered(told, {"kind": "csv_columns", "columns": ["id", "name", "score"]})
    # nothing names CSV: the first row of what?
    untold = _expect(row | {"family": "header"})
    assert not _covered(untold, {"kind": "csv_columns", "columns": ["id", "name", "score"]})


def test_a_tables_columns_imply_a_table() -> None:
    cols: dict[str, Any] = {"family": "cols", "unit": "column", "scope": "the table"}
    found = _expect(cols | {"relation": "equals", "words": ("Item", "Cost")})
    assert _covered(found, {"kind": "table_columns", "columns": ["Item", "Cost"], "exact": True})
    assert _implied(found, _count("table_count", "at_least", 1))
    assert not _implied(found, _count("table_count", "exactly", 2))


def test_only_the_answer_whose_value_is_a_number_is_a_bare_number() -> None:
    only: dict[str, Any] = {"family": "answer_only", "unit": "number", "relation": "other"}
    found = _expect(only | {"value": "a number"})
    assert _covered(found, {"kind": "number_only"})
    # an integer is narrower than any number in digits
    integer = _expect(only | {"value": "integer"})
    assert not _covered(integer, {"kind": "number_only"})
    # a label that says nothing of "only"
    said = _expect(only | {"family": "figure", "value": "a number"})
    assert not _covered(said, {"kind": "number_only"})


def test_the_answer_one_time_alone_implies_the_24_hour_clock() -> None:
    clock: dict[str, Any] = {"family": "clock", "unit": "time", "relation": "matches_format"}
    found = _expect(clock | {"value": r"^\d{2}:\d{2}$"})
    assert not found.expressible
    assert _implied(found, {"kind": "time_format", "style": "24h"})
    assert not _implied(found, {"kind": "time_format", "style": "12h"})
    # unanchored, "08:15 pm" matches it: the clock is no part of it
    loose = _expect(clock | {"value": r"\d{2}:\d{2}"})
    assert not _implied(loose, {"kind": "time_format", "style": "24h"})


def test_elements_counted_under_a_key_imply_the_key_an_array() -> None:
    items: dict[str, Any] = {"family": "tags_min", "unit": "item", "scope": "tags"}
    keys: dict[str, Any] = {"unit": "key", "relation": "equals", "words": ("title", "tags")}
    keys |= {"scope": "top-level object", "value": ("title", "tags")}
    found = _expect(items | {"relation": "at_least", "value": 2}, keys)
    assert _covered(found, _count("json_items", "at_least", 2, shape="array", key="tags"))
    typed = {"kind": "json_fields", "fields": [{"name": "tags", "type": "array"}]}
    assert _implied(found, typed)
    # another key's type, or a type of its elements, is more than it says
    assert not _implied(
        found, {"kind": "json_fields", "fields": [{"name": "title", "type": "array"}]}
    )
    elements = {
        "kind": "json_fields",
        "fields": [{"name": "tags", "type": "array", "items": "integer"}],
    }
    assert not _implied(found, elements)


def test_body_paragraphs_under_a_first_line_title_count_after_the_title() -> None:
    body: dict[str, Any] = {"unit": "paragraph", "scope": "body", "relation": "exactly", "value": 3}
    headline = {"family": "uppercase_line", "unit": "line", "scope": "first line"}
    found = _expect(body, headline)
    after = _count("paragraph_count", "exactly", 3, separator="blank_line", after_title=True)
    assert _covered(found, after)
    assert not _covered(found, _count("paragraph_count", "exactly", 3, separator="blank_line"))
    # no title on the first line: the body is not one the kind addresses
    alone = _expect(body, {"family": "ends_with", "unit": "line", "scope": "last line"})
    assert not _covered(alone, after)
