"""The blind mapper's reading of split M's writer's conventions
(bench/_blind_writer_m.py) and the shared readings added beside them: each
maps to the kind whose check fails exactly the answers the constraint
fails, to one it implies, or to none. The fields are written here, never
copied from a split."""

from __future__ import annotations

from typing import Any

from _blind_cases import covered as _covered
from _blind_cases import expect as _expect
from _blind_cases import implied as _implied


def _count(kind: str, relation: str, value: int, **extra: Any) -> dict[str, Any]:
    return {"kind": kind, "relation": relation, "value": value, **extra}


def test_a_wrapping_label_with_the_mark_in_the_note_is_wrapped() -> None:
    wrap: dict[str, Any] = {
        "family": "wrapped_in",
        "unit": "answer",
        "note": 'begins and ends with "',
    }
    found = _expect(wrap)
    assert _covered(found, {"kind": "wrapped", "style": "double_quotes"})
    assert not _covered(found, {"kind": "wrapped", "style": "code_block"})
    # another mark (brackets): no kind states it
    assert not _expect(wrap | {"note": "begins with [ and ends with ]"}).expressible


def test_labels_equal_to_names_are_named_sections_a_part_in_capitals() -> None:
    labels: dict[str, Any] = {"family": "label_sequence", "unit": "label", "relation": "equals"}
    plain = _expect(labels | {"words": ("Pros", "Cons")})
    sections = {"kind": "named_sections", "names": ["Pros", "Cons"], "ordered": True}
    assert _covered(plain, sections)
    assert not _covered(plain, sections | {"ordered": False})
    caps = _expect(labels | {"words": ("PROS", "CONS")})
    assert not caps.expressible
    assert _implied(caps, sections)
    assert _implied(caps, sections | {"ordered": False})
    assert not _implied(caps, {"kind": "named_sections", "names": ["Pros"], "ordered": False})


def test_xml_elements_in_order_imply_the_xml_root_and_children() -> None:
    xml: dict[str, Any] = {"family": "xml_layout", "unit": "element", "scope": "XML"}
    xml |= {"relation": "equals", "words": ("song", "name", "artist")}
    found = _expect(xml)
    assert not found.expressible
    assert _implied(found, {"kind": "xml", "root": "song", "children": ["name", "artist"]})
    assert not _implied(found, {"kind": "xml", "root": "name", "children": ["artist"]})


def test_a_line_to_include_implies_its_phrase_only() -> None:
    line: dict[str, Any] = {"family": "required_phrase", "unit": "line", "relation": "contains"}
    line |= {"value": "Doors open 7pm", "words": ("Doors open 7pm",)}
    found = _expect(line)
    assert not found.expressible
    assert _implied(found, _count("keyword", "at_least", 1, keyword="Doors open 7pm"))
    # a line naming a section is the sections' reading, not this one
    labelled = _expect(line | {"family": "section_label"})
    assert not labelled.reason.startswith("a line equal to a text")


def test_a_count_of_words_by_their_letters_is_no_keyword() -> None:
    words: dict[str, Any] = {"family": "words_with_prefix", "unit": "word", "words": ("bl",)}
    found = _expect(words | {"relation": "at_least", "value": 5})
    assert not found.expressible
    assert not _implied(found, _count("keyword", "at_least", 5, keyword="bl"))
    # the same fields under a keyword label: a keyword count
    plain = _expect(words | {"family": "keyword_count", "relation": "at_least", "value": 5})
    assert _covered(plain, _count("keyword", "at_least", 5, keyword="bl"))


def test_a_csv_header_row_equal_to_names_is_the_csv_columns() -> None:
    header: dict[str, Any] = {"family": "csv_header", "unit": "header row", "scope": "CSV"}
    found = _expect(header | {"relation": "equals", "value": "id,name,qty"})
    assert _covered(found, {"kind": "csv_columns", "columns": ["id", "name", "qty"]})
    assert not _covered(found, {"kind": "csv_columns", "columns": ["id", "qty", "name"]})
    # a header of another format (pipes, no CSV named): not the CSV's
    piped = _expect(header | {"scope": "response", "relation": "equals", "value": "id|name"})
    assert not _covered(piped, {"kind": "csv_columns", "columns": ["id|name"]})


def test_a_delimiter_of_one_mark_is_a_comma_list_of_it() -> None:
    listed: dict[str, Any] = {"family": "delimiter", "unit": "item", "value": (";",)}
    found = _expect(listed)
    assert _covered(found, {"kind": "comma_list", "separator": ";"})
    assert not _covered(found, {"kind": "comma_list", "separator": ","})
    one_line: dict[str, Any] = {"family": "delimiter", "unit": "line", "relation": "exactly"}
    one_line |= {"value": 1, "words": ("/",)}
    line = _expect(one_line)
    assert _covered(line, {"kind": "comma_list", "separator": "/"})
    assert not _covered(line, _count("line_count", "exactly", 1))
    assert _implied(line, _count("line_count", "exactly", 1))
    # one line under a label naming no separator: no comma list
    plain = _expect(one_line | {"family": "line_count", "words": ()})
    assert not _covered(plain, {"kind": "comma_list", "separator": "/"})


def test_a_count_of_items_beside_checkboxes_counts_the_bullets_or_items() -> None:
    items: dict[str, Any] = {"family": "item_count", "unit": "item", "relation": "at_least"}
    items |= {"value": 8}
    boxes: dict[str, Any] = {"family": "checkbox_list", "unit": "line", "scope": "each item"}
    boxes |= {"relation": "starts_with", "value": "- [ ]"}
    found = _expect(items, boxes)
    assert _covered(found, _count("bullet_count", "at_least", 8))
    assert _covered(found, _count("item_count", "at_least", 8))
    assert not _covered(found, _count("item_count", "at_least", 7))
    # beside a numbered list: its own count, not the bullets'
    numbered = _expect(items, boxes | {"family": "list_format", "value": "numbered list"})
    assert not _covered(numbered, _count("bullet_count", "at_least", 8))


def test_line_one_in_title_case_is_the_titles() -> None:
    case: dict[str, Any] = {"family": "title_case", "unit": "word", "scope": "first line"}
    found = _expect(case | {"relation": "all", "value": "title case"})
    assert _covered(found, {"kind": "title_case", "part": "title", "every": False})
    assert not _covered(found, {"kind": "title_case", "part": "heading", "every": False})
    last = _expect(case | {"scope": "last line", "relation": "all", "value": "title case"})
    assert not _covered(last, {"kind": "title_case", "part": "title", "every": False})


def test_exactly_the_urls_named_are_a_url_count_and_their_keywords() -> None:
    url = "https://shop.example/item"
    named: dict[str, Any] = {"family": "url_count", "unit": "URL", "relation": "exactly"}
    named |= {"value": 1, "words": (url,)}
    found = _expect(named)
    urls = _count("url_count", "exactly", 1)
    present = _count("keyword", "at_least", 1, keyword=url)
    assert _covered(found, urls, present)
    assert not _covered(found, present)
    assert _implied(found, urls) and _implied(found, present)
    assert not _implied(found, _count("keyword", "exactly", 2, keyword=url))


def test_headings_equal_to_names_at_a_level_imply_the_level() -> None:
    heads: dict[str, Any] = {"family": "heading_sequence", "unit": "heading"}
    heads |= {"relation": "equals", "words": ("Intro", "Plan"), "note": "## headings in order"}
    found = _expect(heads)
    assert _covered(found, {"kind": "named_sections", "names": ["Intro", "Plan"], "ordered": True})
    assert _implied(found, {"kind": "heading_level", "level": 2})
    assert not _implied(found, {"kind": "heading_level", "level": 3})
    # no level said: no heading level implied
    bare = _expect(heads | {"note": ""})
    assert not _implied(bare, {"kind": "heading_level", "level": 2})


def test_a_keyword_bounded_from_above_in_parts_implies_nothing() -> None:
    capped: dict[str, Any] = {"family": "keyword_frequency", "unit": "keyword"}
    capped |= {"scope": "each body", "relation": "at_most", "value": 1, "words": ("sorry",)}
    found = _expect(capped)
    assert not _implied(found, _count("keyword", "at_least", 1, keyword="sorry"))
    needed = _expect(capped | {"relation": "at_least"})
    assert _implied(needed, _count("keyword", "at_least", 1, keyword="sorry"))
