"""The blind mapper's reading of splits S, T and U's writers' conventions
(bench/_blind_writer_stu.py): each maps to the kind whose check fails exactly
the answers the constraint fails, to one it implies, or to none. The fields
are written here, never copied from a split."""

from __future__ import annotations

from typing import Any

from _blind_cases import covered as _covered
from _blind_cases import expect as _expect
from _blind_cases import implied as _implied


def _count(kind: str, relation: str, value: int, **extra: Any) -> dict[str, Any]:
    return {"kind": kind, "relation": relation, "value": value, **extra}


# -- restated fields --------------------------------------------------------------------


def test_a_word_at_an_end_stated_as_equals() -> None:
    each: dict[str, Any] = {"family": "unit_last_word", "unit": "word", "relation": "equals"}
    found = _expect(each | {"value": "tonight", "scope": "last word of each paragraph"})
    assert _covered(found, {"kind": "each_ends_with", "part": "paragraph", "phrase": "tonight"})
    # the whole answer ending so is not every paragraph ending so
    assert not _covered(found, {"kind": "ends_with", "phrase": "tonight"})
    assert not _covered(found, {"kind": "each_ends_with", "part": "sentence", "phrase": "tonight"})
    first = {"family": "first_word", "unit": "word", "relation": "equals", "value": "Listen"}
    opening = _expect(first)
    assert _covered(opening, {"kind": "starts_with", "phrase": "Listen"})
    assert not _covered(opening, {"kind": "starts_with", "phrase": "Look"})
    # the scope naming the word itself ("first word"): the answer's
    assert _covered(
        _expect(first | {"scope": "first word"}), {"kind": "starts_with", "phrase": "Listen"}
    )
    # a label naming no end: not this reading
    other = _expect(first | {"family": "keyword"})
    assert not _covered(other, {"kind": "starts_with", "phrase": "Listen"})


def test_a_count_whose_unit_names_its_word() -> None:
    rule = {"family": "keyword_count", "unit": "word 'perhaps'", "relation": "at_most", "value": 2}
    found = _expect(rule | {"words": ("perhaps",)})
    assert _covered(found, _count("keyword", "at_most", 2, keyword="perhaps"))
    assert not _covered(found, _count("keyword", "at_most", 3, keyword="perhaps"))
    assert not _covered(found, _count("keyword", "at_most", 2, keyword="maybe"))
    # the word only in the unit: the same
    bare = _expect(rule)
    assert _covered(bare, _count("keyword", "at_most", 2, keyword="perhaps"))


def test_strings_and_codes_banned_or_required_as_phrases() -> None:
    ban = {
        "family": "forbidden_word",
        "unit": "string",
        "relation": "none",
        "words": ("FYI", "w.r.t."),
    }
    found = _expect(ban)
    assert _covered(found, {"kind": "forbidden_words", "words": ["FYI", "w.r.t."]})
    assert not _covered(found, {"kind": "forbidden_words", "words": ["FYI"]})
    need = {"family": "keyword_include", "unit": "code", "relation": "contains"}
    code = _expect(need | {"value": "REF-77-QX", "words": ("REF-77-QX",)})
    assert _covered(code, {"kind": "keyword", "keyword": "REF-77-QX"})
    # a ban within one part stays one part's
    part = _expect(ban | {"scope": "the subject line"})
    assert not _covered(part, {"kind": "forbidden_words", "words": ["FYI", "w.r.t."]})


def test_no_numbering_over_each_line_prefix() -> None:
    rule = {
        "family": "no_numbering",
        "unit": "line prefix",
        "scope": "each line",
        "relation": "none",
    }
    both = _expect(rule | {"quote": "no numbers or bullets in front of lines"})
    none = ({"kind": "bullet_count", "relation": "at_most", "value": 0},)
    numbered = {"kind": "numbered_count", "relation": "at_most", "value": 0}
    assert _covered(both, *none, numbered)
    assert not _covered(both, numbered)
    # a prefix of another kind: not a list's marker
    other = _expect(rule | {"family": "no_prefix", "quote": "no dates in front of lines"})
    assert not _covered(other, *none, numbered)


def test_two_parts_compared_in_the_scope() -> None:
    rule: dict[str, Any] = {"family": "relative_length", "unit": "word", "relation": "more_than"}
    sibling = {"family": "paragraph_count", "unit": "paragraph", "relation": "exactly", "value": 4}
    found = _expect(rule | {"scope": "paragraph 3 vs paragraph 2", "value": "paragraph 2"}, sibling)
    spec = {"kind": "relative_length", "part": "paragraph", "positions": [3], "rank": "longer"}
    assert _covered(found, spec | {"than": [2]})
    assert not _covered(found, spec | {"than": [1]})
    assert not _covered(found, spec | {"positions": [2], "than": [3]})


def test_consecutive_parts_compared_are_a_progression() -> None:
    rule = {"family": "relative_length", "unit": "word", "scope": "consecutive sentences"}
    down = _expect(rule | {"relation": "less_than"})
    spec = {"kind": "length_progression", "part": "sentence", "direction": "decreasing"}
    assert _covered(down, spec | {"unit": "words"})
    assert not _covered(down, spec | {"unit": "words", "direction": "increasing"})
    # a number compared: no progression
    fixed = _expect(rule | {"relation": "less_than", "value": 12})
    assert not _covered(fixed, spec | {"unit": "words"})


def test_the_answer_equal_to_a_json_form() -> None:
    rule = {
        "family": "json_only",
        "unit": "JSON array",
        "relation": "equals",
        "value": "JSON array",
    }
    fenced = _expect(rule | {"quote": "reply with a bare JSON array, without code fences"})
    assert _covered(fenced, {"kind": "json"})
    assert _implied(fenced, {"kind": "code_block_count", "relation": "at_most", "value": 0})
    plain = _expect(rule | {"quote": "reply with a JSON array"})
    assert _covered(plain, {"kind": "json"})
    assert not _implied(plain, {"kind": "code_block_count", "relation": "at_most", "value": 0})
    # one value of the answer: not the whole answer
    part = _expect(rule | {"scope": "the payload field"})
    assert not _covered(part, {"kind": "json"})


def test_a_start_banned_under_a_starts_with_label() -> None:
    rule = {"family": "starts_with", "unit": "character", "relation": "none", "value": "#"}
    found = _expect(rule | {"scope": "first character"})
    assert _covered(found, {"kind": "not_starts_with", "phrases": ["#"]})
    assert not _covered(found, {"kind": "not_starts_with", "phrases": ["#", "!"]})
    assert not _covered(found, {"kind": "forbidden_chars", "chars": "#"})
    # a start asked for: not this reading
    asked = _expect(rule | {"relation": "starts_with"})
    assert not _covered(asked, {"kind": "not_starts_with", "phrases": ["#"]})


def test_placeholders_and_no_others() -> None:
    rule = {"family": "placeholder_set", "unit": "placeholder", "relation": "equals"}
    found = _expect(rule | {"value": ("<<city>>", "<<date>>")})
    assert not found.matchers
    assert _implied(found, {"kind": "keyword", "keyword": "<<city>>"})
    assert not _implied(found, {"kind": "keyword", "keyword": "<<name>>"})


def test_sections_the_quote_heads() -> None:
    rule = {"family": "section_count", "unit": "section", "relation": "exactly", "value": 5}
    headed = _expect(rule | {"quote": "five parts, each under a heading"})
    assert _covered(headed, _count("heading_count", "exactly", 5))
    assert not _covered(headed, _count("heading_count", "exactly", 4))
    bare = _expect(rule | {"quote": "five parts"})
    assert not _covered(bare, _count("heading_count", "exactly", 5))


def test_one_of_several_openings_sharing_words() -> None:
    rule = {
        "family": "first_line_format",
        "unit": "line",
        "scope": "first line",
        "relation": "one_of",
    }
    found = _expect(rule | {"value": ("Status: OPEN", "Status: CLOSED")})
    assert not found.matchers
    assert _implied(found, {"kind": "starts_with", "phrase": "Status:"})
    assert not _implied(found, {"kind": "starts_with", "phrase": "Status: OPEN"})
    # no words shared: nothing implied
    apart = _expect(rule | {"value": ("Yes", "No")})
    assert not _implied(apart, {"kind": "starts_with", "phrase": "Y"})


def test_a_keyword_in_so_many_sentences() -> None:
    rule = {
        "family": "sentences_with_keyword",
        "unit": "sentence",
        "relation": "exactly",
        "value": 3,
    }
    found = _expect(rule | {"words": ("harbour",)})
    assert not found.matchers
    assert _implied(found, {"kind": "keyword", "keyword": "harbour"})
    assert not _implied(found, _count("keyword", "exactly", 3, keyword="harbour"))


def test_at_least_one_code_block_in_each_part() -> None:
    rule = {"family": "code_block", "unit": "code block", "relation": "at_least", "value": 1}
    found = _expect(rule | {"scope": "each Example part"})
    assert _implied(found, _count("code_block_count", "at_least", 1))
    assert not _implied(found, _count("code_block_count", "at_least", 2))


def test_the_last_two_lines_given_as_a_pair() -> None:
    rule = {"family": "ends_with", "unit": "line", "scope": "last two lines", "relation": "equals"}
    found = _expect(rule | {"value": ("Warm wishes,", "The Night Desk")})
    assert _covered(found, {"kind": "ends_with", "phrase": "Warm wishes,\nThe Night Desk"})
    assert not _covered(found, {"kind": "ends_with", "phrase": "Warm wishes, The Night Desk"})
    assert not _covered(found, {"kind": "ends_with", "phrase": "The Night Desk"})


def test_labels_numbered_in_a_run() -> None:
    rule = {"family": "item_labels", "unit": "label", "scope": "answers", "relation": "equals"}
    found = _expect(rule | {"value": ("A1", "A2", "A3")})
    assert _covered(found, {"kind": "label_sequence", "prefix": "A", "first": 1, "last": 3})
    assert not _covered(found, {"kind": "label_sequence", "prefix": "A", "first": 1, "last": 4})
    gap = _expect(rule | {"value": ("A1", "A3")})
    assert not _covered(gap, {"kind": "label_sequence", "prefix": "A", "first": 1, "last": 3})


def test_an_xml_tree_given_root_first() -> None:
    rule = {"family": "xml_structure", "unit": "element", "scope": "document", "relation": "equals"}
    found = _expect(rule | {"value": ("order", "sku", "qty")})
    assert _covered(found, {"kind": "xml", "root": "order", "children": ["sku", "qty"]})
    assert not _covered(found, {"kind": "xml", "root": "sku", "children": ["order", "qty"]})


def test_a_keyword_in_the_first_and_last_parts() -> None:
    rule = {"family": "keyword_in_section", "unit": "phrase", "relation": "contains"}
    paragraphs = {"unit": "paragraph", "relation": "exactly", "value": 4}
    found = _expect(rule | {"scope": "paragraphs 1 and 4", "value": "open data"}, paragraphs)
    spec = {"kind": "keyword_in", "keyword": "open data", "part": "paragraph"}
    assert _covered(found, spec | {"index": 1}, spec | {"index": -1})
    assert not _covered(found, spec | {"index": 1})
    # no sibling fixing the count: "paragraph 4" is not known to be the last
    alone = _expect(rule | {"scope": "paragraphs 1 and 4", "value": "open data"})
    assert not _covered(alone, spec | {"index": 1}, spec | {"index": -1})


def test_date_and_clock_forms_given_as_patterns() -> None:
    rule = {"family": "date_format", "unit": "date", "relation": "matches_format"}
    iso = _expect(rule | {"value": r"^\d{4}-\d{2}-\d{2}$"})
    assert _covered(iso, {"kind": "date_format", "style": "iso"})
    # day and month in either order: no one style
    either = _expect(rule | {"value": r"\d{2}/\d{2}/\d{4}"})
    assert not _covered(either, {"kind": "date_format", "style": "DD/MM/YYYY"})
    clock = {"family": "time_format", "unit": "time", "relation": "matches_format"}
    hours = _expect(clock | {"value": r"([01]\d|2[0-3]):[0-5]\d"})
    assert _covered(hours, {"kind": "time_format", "style": "24h"})
    assert not _covered(hours, {"kind": "time_format", "style": "12h"})
    # "08:15 pm" matches a bare two-digit clock: no style stated
    bare = _expect(clock | {"value": r"\d{2}:\d{2}"})
    assert not _covered(bare, {"kind": "time_format", "style": "24h"})


def test_one_code_block_and_nothing_outside_it() -> None:
    rule = {"family": "code_block", "unit": "code block", "relation": "exactly", "value": 1}
    only = _expect(rule | {"words": ("toml",), "note": "nothing outside the block"})
    assert _covered(only, _count("code_block_count", "exactly", 1, language="toml"))
    assert _implied(only, {"kind": "code_only", "language": "toml"})
    assert not _implied(only, {"kind": "code_only", "language": "ini"})
    loose = _expect(rule | {"words": ("toml",)})
    assert not _implied(loose, {"kind": "code_only", "language": "toml"})


def test_more_fields_in_these_writers_spelling() -> None:
    blank = {"family": "blank_lines", "unit": "line", "relation": "equals", "value": ""}
    assert _covered(
        _expect(blank | {"scope": "between recipe cards"}),
        {"kind": "blank_lines", "between": "blocks", "blank": 1},
    )
    assert not _covered(
        _expect(blank | {"scope": "line 3"}),
        {"kind": "blank_lines", "between": "blocks", "blank": 1},
    )
    items = {"family": "item_count", "unit": "list item", "relation": "exactly", "value": 6}
    assert _covered(_expect(items), _count("item_count", "exactly", 6))
    typed = {
        "family": "json_value_type",
        "unit": "value",
        "scope": "key port",
        "relation": "matches_format",
    }
    sibling = {
        "family": "json_keys",
        "unit": "key",
        "relation": "contains",
        "words": ("port",),
        "note": "JSON",
    }
    spec = {"kind": "json_fields", "fields": [{"name": "port", "type": "integer"}]}
    assert _covered(_expect(typed | {"value": "integer"}, sibling), spec)
    heading = {
        "family": "starts_with",
        "unit": "heading",
        "scope": "first heading",
        "relation": "equals",
    }
    opened = _expect(heading | {"value": "Scope"})
    assert not opened.matchers
    assert _implied(opened, {"kind": "named_sections", "names": ["Scope"]})
    assert not _implied(opened, {"kind": "named_sections", "names": ["Scope", "Terms"]})
    rows = {
        "family": "row_count",
        "unit": "row",
        "scope": "data rows",
        "relation": "exactly",
        "value": 7,
    }
    csv = {"family": "csv_columns", "unit": "column", "scope": "CSV header", "relation": "equals"}
    assert _covered(_expect(rows, csv | {"words": ("a", "b")}), _count("csv_rows", "exactly", 7))
    title = {"family": "title_case", "unit": "line", "scope": "first line", "relation": "all"}
    said = _expect(title | {"note": "major words capitalised"})
    assert _covered(said, {"kind": "title_case", "part": "title", "every": False})
    plain = {"family": "no_markdown", "relation": "none", "words": ("**", "#")}
    assert _covered(_expect(plain), {"kind": "plain_text"})


def test_a_clock_the_time_styles_check_in_part() -> None:
    clock = {"family": "time_format", "unit": "time", "relation": "matches_format"}
    twelve = _expect(clock | {"value": r"^\d{1,2}:\d{2}(am|pm)$"})
    assert not twelve.matchers
    assert _implied(twelve, {"kind": "time_format", "style": "12h"})
    assert not _implied(twelve, {"kind": "time_format", "style": "24h"})
    zoned = _expect(clock | {"value": r"\d{2}:\d{2} GMT"})
    assert _implied(zoned, {"kind": "time_format", "style": "24h"})
    # a clock with seconds: no style states it, nothing implied
    seconds = _expect(clock | {"value": r"\d{2}:\d{2}:\d{2}"})
    assert not _implied(seconds, {"kind": "time_format", "style": "24h"})


def test_marks_banned_beside_no_markdown() -> None:
    marks = {
        "family": "forbidden_char",
        "unit": "character",
        "relation": "none",
        "words": ("*", "_"),
    }
    said = _expect(marks | {"quote": "plain words: no markdown, no asterisks or underscores"})
    assert _covered(said, {"kind": "forbidden_chars", "chars": "*_"})
    assert _implied(said, {"kind": "plain_text"})
    bare = _expect(marks | {"quote": "no asterisks or underscores"})
    assert _covered(bare, {"kind": "forbidden_chars", "chars": "*_"})
    assert not _implied(bare, {"kind": "plain_text"})


def test_a_capital_first_letter_given_as_uppercase() -> None:
    rule = {"family": "start_case", "unit": "sentence", "scope": "each sentence"}
    found = _expect(rule | {"relation": "starts_with", "value": "uppercase"})
    assert _covered(found, {"kind": "each_starts_with", "part": "sentence", "capital": True})
    assert not _covered(found, {"kind": "each_starts_with", "part": "paragraph", "capital": True})
    assert not _covered(
        found, {"kind": "each_starts_with", "part": "sentence", "phrase": "uppercase"}
    )


def test_one_address_counted_under_a_url_unit() -> None:
    rule = {"family": "keyword_count", "unit": "url", "relation": "exactly", "value": 1}
    found = _expect(rule | {"words": ("https://example.org/help",)})
    assert _covered(found, _count("keyword", "exactly", 1, keyword="https://example.org/help"))
    # every link counted is another requirement
    assert not _covered(found, _count("url_count", "exactly", 1))


def test_money_with_decimals_left_free_is_implied() -> None:
    rule = {"family": "price_format", "unit": "price", "relation": "matches_format"}
    found = _expect(rule | {"value": r"^€\d{1,3}(,\d{3})*$"})
    assert _covered(found, {"kind": "money_format", "symbol": "€", "grouped": True, "places": 0})
    assert _implied(found, {"kind": "money_format", "symbol": "€", "grouped": True})
    assert not _implied(found, {"kind": "money_format", "symbol": "$", "grouped": True})


def test_a_document_valid_is_a_part_of_its_keys() -> None:
    rule = {"family": "yaml_keys", "unit": "key", "scope": "YAML document", "relation": "equals"}
    found = _expect(rule | {"value": ("host", "port")})
    assert _covered(found, {"kind": "yaml", "required_keys": ["host", "port"]})
    assert _implied(found, {"kind": "yaml"})
    assert not _implied(found, {"kind": "yaml", "required_keys": ["user"]})
    assert not _implied(found, {"kind": "json"})


def test_every_thing_in_the_response_is_every_thing() -> None:
    rule = {"family": "price_format", "unit": "price", "relation": "matches_format"}
    found = _expect(rule | {"scope": "every price in response", "value": r"\$\d+\.\d{2}"})
    assert _covered(found, {"kind": "money_format", "symbol": "$", "places": 2})
    assert not _covered(found, {"kind": "money_format", "symbol": "$", "places": 0})
    # within one part of the answer: not every price
    part = _expect(rule | {"scope": "the price in the footer", "value": r"\$\d+\.\d{2}"})
    assert not _covered(part, {"kind": "money_format", "symbol": "$", "places": 2})


def test_a_url_count_with_its_address_stays_a_count_of_links() -> None:
    rule = {"family": "url_count", "unit": "URL", "relation": "exactly", "value": 1}
    found = _expect(rule | {"words": ("https://example.org/help",)})
    assert not _covered(found, _count("keyword", "exactly", 1, keyword="https://example.org/help"))


def test_list_items_banned_stay_no_lists() -> None:
    ban = {"family": "no_lists", "unit": "list item", "relation": "none"}
    found = _expect(ban)
    assert _covered(
        found, _count("bullet_count", "at_most", 0), _count("numbered_count", "at_most", 0)
    )
    assert not _covered(found, _count("item_count", "at_most", 0))


def test_the_parts_after_vs_stand_for_an_empty_value() -> None:
    rule = {"family": "relative_length", "unit": "word", "relation": "less_than"}
    sentences = {"unit": "sentence", "relation": "exactly", "value": 4}
    found = _expect(rule | {"scope": "sentence 3 vs 1"}, sentences)
    spec = {"kind": "relative_length", "part": "sentence", "positions": [3]}
    assert _covered(found, spec | {"rank": "shorter", "than": [1]})
    # "shorter than the first" of four is not "the shortest"
    assert not _covered(found, spec | {"rank": "shortest"})
    others = _expect(rule | {"scope": "sentence 3 vs the others"}, sentences)
    assert _covered(others, spec | {"rank": "shortest"})


def test_elements_of_one_item_name_no_root() -> None:
    rule = {"family": "xml_structure", "unit": "element", "relation": "equals"}
    item = _expect(rule | {"scope": "each item", "value": ("sku", "qty", "price")})
    assert not _covered(item, {"kind": "xml", "root": "sku", "children": ["qty", "price"]})
