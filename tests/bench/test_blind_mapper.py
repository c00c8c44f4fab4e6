"""The blind splits' mapper (bench/_blind_map.py) reads each writer's
conventions by rule: what it expects of a constraint, checked against real
check specs. The bench helpers import each other as top-level modules, so
bench/ goes on the path (as ``python bench/blind.py`` puts it there)."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest

from _blind_cases import constraint, covered, dump, expect, expect_in_row, implied


def test_a_keyword_count_as_unit_word_is_a_keyword_check_per_word() -> None:
    found = expect(
        {"unit": "word", "relation": "at_least", "value": 1, "words": ("breathe", "sleep")}
    )
    breathe = dump({"kind": "keyword", "keyword": "breathe", "relation": "at_least", "value": 1})
    sleep = dump({"kind": "keyword", "keyword": "sleep", "relation": "at_least", "value": 1})
    assert covered(found, breathe, sleep)
    assert not covered(found, breathe)
    assert not covered(found, {"kind": "word_count", "relation": "at_least", "value": 1})


def test_the_last_word_is_the_word_at_the_end_or_the_answer_ending_with_it() -> None:
    found = expect({"unit": "word", "relation": "ends_with", "value": "home", "words": ("home",)})
    assert covered(found, {"kind": "word_at", "word": "home", "position": -1})
    assert covered(found, {"kind": "ends_with", "phrase": "home"})
    assert not covered(found, {"kind": "word_at", "word": "home", "position": 1})


@pytest.mark.parametrize(
    ("scope", "value", "word", "part"),
    [
        ("each line first letter", "RAMADAN", "RAMADAN", "line"),
        ("first letter of each sentence", ("A", "E", "I", "O", "U"), "AEIOU", "sentence"),
    ],
)
def test_the_first_letters_of_every_line_or_sentence_spell_an_acrostic(
    scope: str, value: object, word: str, part: str
) -> None:
    found = expect({"unit": "letter", "scope": scope, "relation": "equals", "value": value})
    assert covered(found, {"kind": "acrostic", "word": word, "part": part})
    other = "sentence" if part == "line" else "line"
    assert not covered(found, {"kind": "acrostic", "word": word, "part": other})


def test_a_count_within_each_word_is_the_word_length() -> None:
    found = expect({"unit": "word", "scope": "each word", "relation": "at_most", "value": 10})
    assert covered(found, {"kind": "word_length", "relation": "at_most", "value": 10})


def test_table_rows_counted_in_the_table_body() -> None:
    found = expect({"unit": "table row", "scope": "table body", "relation": "exactly", "value": 7})
    assert covered(found, {"kind": "table_rows", "relation": "exactly", "value": 7})


def test_do_not_begin_with_at_the_response_where_the_label_names_the_start() -> None:
    found = expect(
        {
            "family": "not_starts_with",
            "unit": "answer",
            "relation": "none",
            "value": ("Image of", "Picture of"),
            "words": ("Image of", "Picture of"),
        }
    )
    assert covered(found, {"kind": "not_starts_with", "phrases": ["Image of", "Picture of"]})
    # without a label naming the start, a ban anywhere is no opening
    unlabelled = expect({"unit": "answer", "relation": "none", "words": ("Olá",)})
    assert not unlabelled.matchers


def test_n_separators_are_n_plus_one_separated_pieces() -> None:
    found = expect({"unit": "separator", "relation": "exactly", "value": 2, "words": ("---",)})
    assert covered(found, {"kind": "separated_versions", "versions": 3, "separator": "---"})
    assert not covered(found, {"kind": "separated_versions", "versions": 2, "separator": "---"})


def test_a_comma_as_the_value_of_a_list_is_a_comma_list() -> None:
    found = expect({"unit": "list", "relation": "other", "value": ","})
    assert covered(found, {"kind": "comma_list"})


def test_symbols_banned_as_the_value_need_each_symbol_banned() -> None:
    found = expect({"unit": "character", "relation": "none", "value": ("—", ";")})
    assert covered(found, {"kind": "forbidden_chars", "chars": "—;"})
    assert covered(
        found, {"kind": "forbidden_chars", "chars": "—"}, {"kind": "forbidden_chars", "chars": ";"}
    )
    assert not covered(found, {"kind": "forbidden_chars", "chars": "—"})


def test_a_phrase_wanted_in_capitals_is_only_implied_by_a_case_blind_check() -> None:
    found = expect(
        {
            "unit": "word",
            "scope": "first word",
            "relation": "equals",
            "value": "SCORPIO",
            "quote": "Start with the word 'Scorpio' in all caps",
        }
    )
    assert not found.matchers
    assert implied(found, {"kind": "starts_with", "phrase": "Scorpio"})


@pytest.mark.parametrize(
    "fields",
    [
        # a count within one part is never a count of the whole answer
        {
            "unit": "word",
            "scope": "each caption",
            "relation": "at_least",
            "value": 1,
            "words": ("Fjord",),
        },
        {"unit": "emoji", "scope": "each caption", "relation": "at_most", "value": 1},
    ],
)
def test_constraints_no_kind_states_map_to_none(fields: dict[str, Any]) -> None:
    assert not expect(fields).matchers


@pytest.mark.parametrize(
    ("unit", "scope", "relation", "value", "specs"),
    [
        ("country", "response", "exactly", 4, [("exactly", 4)]),
        ("idea", "list", "at_least", 7, [("at_least", 7)]),
        ("subject line", "response", "exactly", 3, [("exactly", 3)]),
        ("prompt idea", "response", "between", [7, 11], [("at_least", 7), ("at_most", 11)]),
        ("step", "response", "less_than", 6, [("at_most", 5)]),
    ],
)
def test_a_count_of_listed_things_is_an_item_count(
    unit: str, scope: str, relation: str, value: Any, specs: list[tuple[str, int]]
) -> None:
    found = expect({"unit": unit, "scope": scope, "relation": relation, "value": value})
    wanted = [dump({"kind": "item_count", "relation": r, "value": v}) for r, v in specs]
    assert covered(found, *wanted)
    assert not covered(found, {"kind": "item_count", "relation": "exactly", "value": 99})


def test_a_count_of_listed_things_in_a_named_form_is_that_forms_count() -> None:
    reasons = {"unit": "reason", "relation": "exactly", "value": 4}
    numbered = {"unit": "list", "relation": "matches_format", "value": "numbered list"}
    found = expect(reasons, numbered)
    assert covered(found, {"kind": "numbered_count", "relation": "exactly", "value": 4})
    assert not covered(found, {"kind": "item_count", "relation": "exactly", "value": 4})
    # a comma-separated list has no count of its own: the items are counted
    comma = {"unit": "list", "relation": "other", "value": ",", "family": "delimiter_format"}
    found = expect(reasons, comma)
    assert covered(found, {"kind": "item_count", "relation": "exactly", "value": 4})


@pytest.mark.parametrize(
    "unit", ["poem", "version", "example sentence", "quoted span", "word", "flashcard"]
)
def test_pieces_of_prose_and_other_units_are_no_item_count(unit: str) -> None:
    found = expect({"unit": unit, "relation": "exactly", "value": 3})
    assert not covered(found, {"kind": "item_count", "relation": "exactly", "value": 3})


@pytest.mark.parametrize(
    ("scope", "unit", "relation", "value", "spec"),
    [
        (
            "first paragraph",
            "word",
            "less_than",
            50,
            {"part": "paragraph", "index": 1, "units": "words", "relation": "at_most", "value": 49},
        ),
        (
            "paragraph 2",
            "sentence",
            "exactly",
            3,
            {
                "part": "paragraph",
                "index": 2,
                "units": "sentences",
                "relation": "exactly",
                "value": 3,
            },
        ),
        (
            "last line",
            "character",
            "at_most",
            60,
            {
                "part": "line",
                "index": -1,
                "units": "characters",
                "relation": "at_most",
                "value": 60,
            },
        ),
        (
            "title",
            "word",
            "at_most",
            8,
            {"part": "title", "index": 1, "units": "words", "relation": "at_most", "value": 8},
        ),
        (
            "subject line",
            "character",
            "less_than",
            60,
            {
                "part": "title",
                "index": 1,
                "units": "characters",
                "relation": "at_most",
                "value": 59,
            },
        ),
        (
            "paragraph two",
            "word",
            "at_least",
            40,
            {
                "part": "paragraph",
                "index": 2,
                "units": "words",
                "relation": "at_least",
                "value": 40,
            },
        ),
        (
            "headline (first line)",
            "word",
            "at_most",
            12,
            {"part": "line", "index": 1, "units": "words", "relation": "at_most", "value": 12},
        ),
    ],
)
def test_a_count_within_one_part_is_a_part_count(
    scope: str, unit: str, relation: str, value: int, spec: dict[str, Any]
) -> None:
    found = expect({"unit": unit, "scope": scope, "relation": relation, "value": value})
    assert covered(found, {"kind": "part_count", **spec})
    wrong = spec | {"value": spec["value"] + 1}
    assert not covered(found, {"kind": "part_count", **wrong})


def test_a_count_within_each_new_part_is_an_each_count() -> None:
    found = expect(
        {"unit": "bullet", "scope": "each section", "relation": "between", "value": [3, 6]}
    )
    low = dump(
        {
            "kind": "each_count",
            "part": "section",
            "units": "bullets",
            "relation": "at_least",
            "value": 3,
        }
    )
    high = dump(
        {
            "kind": "each_count",
            "part": "section",
            "units": "bullets",
            "relation": "at_most",
            "value": 6,
        }
    )
    assert covered(found, low, high)
    assert not covered(found, low)
    words = expect(
        {"unit": "word", "scope": "each numbered item", "relation": "at_most", "value": 15}
    )
    assert covered(
        words, {"kind": "each_word_count", "part": "numbered", "relation": "at_most", "value": 15}
    )


def test_a_part_named_by_its_role_is_no_part_count() -> None:
    found = expect({"unit": "word", "scope": "email body", "relation": "at_most", "value": 120})
    assert not any("part_count" in m.kinds for m in found.matchers)


# -- the format-of-parts families (bench/_blind_format_parts.py) ---------------------


@pytest.mark.parametrize(
    ("fields", "between", "blank"),
    [
        (
            {"unit": "blank line", "scope": "between paragraphs", "relation": "exactly"},
            "paragraphs",
            1,
        ),
        ({"unit": "blank line", "scope": "between stanzas", "relation": "exactly"}, "blocks", 1),
        ({"unit": "empty line", "scope": "between list items", "relation": "exactly"}, "items", 1),
        (
            {
                "unit": "blank line",
                "scope": "between paragraphs",
                "relation": "other",
                "value": None,
            },
            "paragraphs",
            1,
        ),
        ({"unit": "blank lines", "scope": "response", "relation": "none"}, "lines", 0),
        ({"unit": "blank line", "scope": "between bullets", "relation": "none"}, "items", 0),
        (
            {"unit": "line spacing", "scope": "response", "relation": "equals", "value": "double"},
            "lines",
            1,
        ),
    ],
)
def test_blank_lines_between_parts_map_to_the_blank_lines_family(
    fields: dict[str, Any], between: str, blank: int
) -> None:
    found = expect({"value": 1} | fields)
    assert covered(found, {"kind": "blank_lines", "between": between, "blank": blank})
    other = "lines" if between != "lines" else "items"
    assert not covered(found, {"kind": "blank_lines", "between": other, "blank": blank})


@pytest.mark.parametrize(
    "fields",
    [
        # one place, not every gap
        {"unit": "line", "scope": "second line", "relation": "equals", "value": ""},
        {"unit": "blank line", "scope": "after the title", "relation": "exactly", "value": 1},
        # two blank lines between parts: no spec states it
        {"unit": "blank line", "scope": "between stanzas", "relation": "exactly", "value": 2},
        # none between paragraphs would run them together: not a gap rule
        {"unit": "blank line", "scope": "between paragraphs", "relation": "none"},
    ],
)
def test_blank_lines_no_spec_states_map_to_none(fields: dict[str, Any]) -> None:
    assert not expect(fields).matchers


@pytest.mark.parametrize(
    ("fields", "spec"),
    [
        (
            {"unit": "heading", "scope": "headings", "relation": "matches_format", "value": "##"},
            {"kind": "heading_level", "level": 2},
        ),
        (
            {
                "unit": "heading",
                "scope": "each question",
                "relation": "starts_with",
                "value": "### ",
            },
            {"kind": "heading_level", "level": 3},
        ),
        (
            {"unit": "section headers", "scope": "all", "relation": "equals", "value": "H2"},
            {"kind": "heading_level", "level": 2},
        ),
        (
            {"unit": "heading", "scope": "each heading", "relation": "ends_with", "value": "?"},
            {"kind": "heading_end", "mark": "?"},
        ),
    ],
)
def test_the_form_of_every_heading_maps_to_the_heading_form_family(
    fields: dict[str, Any], spec: dict[str, Any]
) -> None:
    found = expect(fields)
    assert covered(found, spec)
    assert not covered(found, {"kind": "heading_count", "relation": "at_least", "value": 1})


@pytest.mark.parametrize(
    "fields",
    [
        # one heading, not every one
        {"unit": "heading", "scope": "first heading", "relation": "starts_with", "value": "# "},
        # a heading's words, not its form
        {"unit": "heading", "scope": "each day", "relation": "matches_format", "value": "Day N"},
        {"unit": "heading", "scope": "each heading", "relation": "ends_with", "value": "Summary"},
    ],
)
def test_heading_constraints_no_form_states_map_elsewhere(fields: dict[str, Any]) -> None:
    found = expect(fields)
    assert not any(m.kinds & {"heading_level", "heading_end"} for m in found.matchers)


@pytest.mark.parametrize(
    ("fields", "marker"),
    [
        (
            {"unit": "bullet marker", "scope": "each bullet", "relation": "equals", "value": "-"},
            "-",
        ),
        ({"unit": "bullet", "scope": "each bullet", "relation": "starts_with", "value": "•"}, "•"),
        ({"unit": "bullet", "scope": "each bullet", "relation": "starts_with", "value": "* "}, "*"),
        (
            {
                "unit": "numbered item",
                "scope": "each item",
                "relation": "matches_format",
                "value": "N)",
            },
            "1)",
        ),
        (
            {
                "unit": "list marker",
                "scope": "each item",
                "relation": "matches_format",
                "value": "I. II. III.",
            },
            "I.",
        ),
        (
            {
                "unit": "list item",
                "scope": "top level",
                "relation": "matches_format",
                "value": "^(I|II|III)\\. ",
            },
            "I.",
        ),
        ({"unit": "list marker", "scope": "each item", "relation": "equals", "value": "a)"}, "a)"),
        (
            {"unit": "list marker", "scope": "each item", "relation": "equals", "value": "(A)"},
            "(A)",
        ),
    ],
)
def test_the_marker_of_every_item_maps_to_the_list_markers_family(
    fields: dict[str, Any], marker: str
) -> None:
    found = expect(fields)
    if marker == "(A)":  # no such style: the family states none
        assert not any("list_marker" in m.kinds for m in found.matchers)
        return
    assert covered(found, {"kind": "list_marker", "marker": marker})
    assert not covered(found, {"kind": "list_marker", "marker": "+"})


def test_the_marker_of_one_item_maps_to_no_marker_style() -> None:
    found = expect(
        {"unit": "list marker", "scope": "first item", "relation": "equals", "value": "1."}
    )
    assert not any("list_marker" in m.kinds for m in found.matchers)


@pytest.mark.parametrize(
    ("fields", "spec"),
    [
        (
            {"unit": "word", "scope": "each headline", "relation": "all", "value": "Title Case"},
            {"part": "item", "every": False},
        ),
        (
            {
                "unit": "word",
                "scope": "title",
                "relation": "all",
                "value": "capitalized",
                "note": "major words capitalised",
            },
            {"part": "title", "every": False},
        ),
        (
            {"unit": "word", "scope": "each item", "relation": "all", "value": "capitalized"},
            {"part": "item", "every": True},
        ),
        (
            {
                "unit": "word",
                "scope": "section headings",
                "relation": "other",
                "value": None,
                "note": "title case",
            },
            {"part": "heading", "every": False},
        ),
    ],
)
def test_title_case_of_parts_maps_to_the_title_case_family(
    fields: dict[str, Any], spec: dict[str, Any]
) -> None:
    found = expect(fields)
    assert covered(found, {"kind": "title_case", **spec})
    assert not covered(
        found, {"kind": "title_case", "part": spec["part"], "every": not spec["every"]}
    )


def test_title_case_of_the_whole_answer_maps_to_no_part() -> None:
    found = expect(
        {"unit": "word", "scope": "response", "relation": "other", "value": "title case"}
    )
    assert not any("title_case" in m.kinds for m in found.matchers)


# -- properties, formats and choices read from the brief's fields (_blind_properties) --


@pytest.mark.parametrize(
    ("unit", "value", "case"),
    [
        ("letter", "lowercase", "lower"),
        ("answer", "all lower case", "lower"),
        ("sentences", "no capital letters", "lower"),
        ("text", "ALL CAPS", "upper"),
        ("a word", "uppercase", "upper"),
        ("character", "in upper-case", "upper"),
    ],
)
def test_every_letter_in_one_case_is_the_letter_case(unit: str, value: str, case: str) -> None:
    found = expect({"unit": unit, "relation": "all", "value": value})
    assert covered(found, {"kind": "letter_case", "case": case})
    other = "upper" if case == "lower" else "lower"
    assert not covered(found, {"kind": "letter_case", "case": other})


def test_every_word_capitalized_is_title_case_not_capitals() -> None:
    assert not expect({"unit": "word", "relation": "all", "value": "capitalized"}).matchers
    headings = expect(
        {"unit": "word", "scope": "each heading", "relation": "all", "value": "Title Case"}
    )
    assert covered(headings, {"kind": "title_case", "part": "heading", "every": False})
    assert not covered(headings, {"kind": "letter_case", "case": "upper"})


@pytest.mark.parametrize(
    ("unit", "scope"),
    [("sentence", "each sentence"), ("first letter", "every sentence"), ("sentences", "response")],
)
def test_each_sentence_capitalized_starts_with_a_capital(unit: str, scope: str) -> None:
    found = expect(
        {"unit": unit, "scope": scope, "relation": "all", "value": "start with a capital letter"}
    )
    assert covered(found, {"kind": "each_starts_with", "part": "sentence", "capital": True})
    assert not covered(found, {"kind": "each_starts_with", "part": "paragraph", "capital": True})


def test_no_word_repeated_is_distinct_words_in_its_scope() -> None:
    found = expect({"unit": "word", "relation": "all", "value": "unique"})
    assert covered(found, {"kind": "distinct_words", "within": "response"})
    each = expect(
        {"unit": "words", "scope": "per sentence", "relation": "all", "value": "distinct"}
    )
    assert covered(each, {"kind": "distinct_words", "within": "sentence"})
    assert not covered(each, {"kind": "distinct_words", "within": "response"})


@pytest.mark.parametrize(
    ("value", "spec"),
    [
        ("markdown table", {"kind": "table_count", "relation": "at_least", "value": 1}),
        ("a table", {"kind": "table_count", "relation": "exactly", "value": 1}),
        ("code block", {"kind": "wrapped", "style": "code_block"}),
        ("fenced code block", {"kind": "code_only", "language": None}),
        ("lowercase", {"kind": "letter_case", "case": "lower"}),
    ],
)
def test_a_format_of_the_whole_answer_maps_by_its_value(value: str, spec: dict[str, Any]) -> None:
    assert covered(expect({"unit": "answer", "relation": "matches_format", "value": value}), spec)


@pytest.mark.parametrize(
    ("unit", "scope", "value", "kind"),
    [
        ("date", "response", "YYYY-MM-DD", "date_format"),
        ("date", "each date", "yyyy-mm-dd", "date_format"),
        ("value", "all dates", "ISO 8601", "date_format"),
        ("time", "every time", "HH:MM", "time_format"),
        ("times", "output", "24-hour", "time_format"),
    ],
)
def test_every_date_or_time_in_a_format(unit: str, scope: str, value: str, kind: str) -> None:
    found = expect({"unit": unit, "scope": scope, "relation": "matches_format", "value": value})
    assert covered(found, {"kind": kind})


def test_a_choice_among_phrases_is_the_whole_answer_or_one_phrase_in_it() -> None:
    whole = expect({"unit": "answer", "relation": "one_of", "value": ("yes", "no")})
    assert covered(whole, {"kind": "one_of", "options": ["Yes", "No"]})
    phrase = expect({"unit": "phrase", "relation": "one of", "words": ("Go for it.", "Not now.")})
    assert covered(phrase, {"kind": "phrase_choice", "options": ["Go for it.", "Not now."]})
    assert not covered(phrase, {"kind": "one_of", "options": ["Go for it.", "Not now."]})
    # a choice for each word is a closed vocabulary, no whole-answer choice
    each_word = expect(
        {"unit": "word", "scope": "each word", "relation": "one_of", "words": ("a", "b")}
    )
    assert not covered(each_word, {"kind": "one_of", "options": ["a", "b"]})
    assert covered(each_word, {"kind": "vocabulary", "words": ["a", "b"]})


def test_the_keys_a_note_lists_are_the_keys_required() -> None:
    found = expect(
        {
            "unit": "answer",
            "relation": "matches_format",
            "value": "json",
            "note": "keys: name, age and email",
        }
    )
    assert covered(found, {"kind": "json", "required_keys": ["name", "age", "email"]})
    keys = expect(
        {"unit": "key", "scope": "JSON object", "relation": "contains", "note": "keys: id, total"}
    )
    assert covered(keys, {"kind": "json", "required_keys": ["id", "total"]})
    assert not covered(keys, {"kind": "json", "required_keys": ["id"]})


def test_each_paragraph_as_the_unit_is_the_part() -> None:
    found = expect({"unit": "each paragraph", "relation": "starts_with", "value": "Note:"})
    assert covered(found, {"kind": "each_starts_with", "part": "paragraph", "phrase": "Note:"})
    assert not covered(found, {"kind": "starts_with", "phrase": "Note:"})


def test_no_numbers_and_no_digits() -> None:
    numbers = expect({"unit": "number", "relation": "none"})
    assert covered(numbers, {"kind": "number_count", "relation": "at_most", "value": 0})
    digits = expect({"unit": "digit", "relation": "none"})
    assert covered(digits, {"kind": "forbidden_chars", "chars": "0123456789"})
    # a numeral holds a digit, but a digit need not be a numeral ("H2O"): only implied
    zero = dump({"kind": "number_count", "relation": "at_most", "value": 0})
    assert not covered(digits, zero)
    assert any(m.exact(zero) for m in digits.implied)


def test_the_list_sorted_is_the_answers_items_sorted() -> None:
    found = expect(
        {"unit": "item", "scope": "the list", "relation": "other", "value": "alphabetical"}
    )
    assert covered(found, {"kind": "sorted_items", "order": "alphabetical"})
    by_part = expect(
        {"unit": "item", "scope": "list", "relation": "other", "value": "alphabetical by surname"}
    )
    assert not by_part.matchers


@pytest.mark.parametrize("unit", ["word", "keyword", "occurrence", "times", "mentions", None])
def test_a_keyword_count_reads_any_unit_naming_its_occurrences(unit: str | None) -> None:
    found = expect({"unit": unit, "relation": "at_least", "value": 2, "words": ("budget",)})
    assert covered(
        found, {"kind": "keyword", "keyword": "budget", "relation": "at_least", "value": 2}
    )
    assert not covered(found, {"kind": "word_count", "relation": "at_least", "value": 2})


def test_paragraphs_separated_by_three_dashes_are_counted_on_that_separator() -> None:
    found = expect(
        {"unit": "separator", "scope": "between paragraphs", "relation": "equals", "value": "---"}
    )
    dashes = dump(
        {"kind": "paragraph_count", "relation": "exactly", "value": 3, "separator": "---"}
    )
    assert covered(found, dashes)
    blank = dump(
        {"kind": "paragraph_count", "relation": "exactly", "value": 3, "separator": "blank_line"}
    )
    assert not covered(found, blank)


@pytest.mark.parametrize(
    ("unit", "case"),
    [("capital letters", "lower"), ("uppercase letter", "lower"), ("lowercase letters", "upper")],
)
def test_no_letters_of_one_case_is_every_letter_in_the_other(unit: str, case: str) -> None:
    found = expect({"unit": unit, "relation": "none"})
    assert covered(found, {"kind": "letter_case", "case": case})


def test_a_word_length_in_characters_is_the_word_length() -> None:
    found = expect({"unit": "characters", "scope": "every word", "relation": "at most", "value": 9})
    assert covered(found, {"kind": "word_length", "relation": "at_most", "value": 9})


def test_one_first_word_for_every_paragraph_is_each_paragraph_starting_with_it() -> None:
    found = expect(
        {
            "unit": "word",
            "scope": "first word of each paragraph",
            "relation": "equals",
            "value": "So",
        }
    )
    assert covered(found, {"kind": "each_starts_with", "part": "paragraph", "phrase": "So"})
    # a list of first words, one per paragraph in order, is the word at each paragraph's start
    listed = expect(
        {
            "unit": "word",
            "scope": "first word of each paragraph",
            "relation": "equals",
            "words": ("First", "Then", "Finally"),
        }
    )
    assert not covered(listed, {"kind": "each_starts_with", "part": "paragraph", "phrase": "First"})


@pytest.mark.parametrize("unit", ["capitalized words", "Title-case word", "proper nouns"])
def test_words_with_an_initial_capital_are_no_items_nor_all_caps(unit: str) -> None:
    c = constraint(unit=unit, relation="at_least", value=3)
    listed = constraint(index=1, unit="list", relation="matches_format", value="numbered list")
    found = expect_in_row(c, listed)
    assert not found.matchers


def test_a_phrase_the_note_wants_case_sensitive_is_only_implied_by_a_case_blind_check() -> None:
    sensitive = expect(
        {"unit": "answer", "relation": "starts_with", "value": "iPhone", "note": "case-sensitive"}
    )
    assert not sensitive.matchers
    assert any(
        m.exact(dump({"kind": "starts_with", "phrase": "iPhone"})) for m in sensitive.implied
    )
    blind = expect(
        {"unit": "answer", "relation": "starts_with", "value": "iPhone", "note": "case-insensitive"}
    )
    assert covered(blind, {"kind": "starts_with", "phrase": "iphone"})


# -- structure stated with contains or other (_blind_structure) and implied parts -----------


@pytest.mark.parametrize(("value", "language"), [("sql", "sql"), ("```python", "python")])
def test_a_code_block_containing_its_language_is_a_block_in_that_language(
    value: str, language: str
) -> None:
    found = expect({"unit": "code block", "relation": "contains", "value": value})
    block = dump(
        {"kind": "code_block_count", "relation": "exactly", "value": 1, "language": language}
    )
    assert covered(found, block)
    other = dump(
        {"kind": "code_block_count", "relation": "exactly", "value": 1, "language": "ruby"}
    )
    assert not covered(found, other)


def test_a_table_the_answer_contains_is_a_table() -> None:
    found = expect({"unit": "table", "relation": "contains", "value": "markdown table"})
    assert covered(found, {"kind": "table_count", "relation": "at_least", "value": 1})


def test_headings_the_answer_contains_are_named_sections_in_order_where_said() -> None:
    found = expect({"unit": "heading", "relation": "contains", "words": ("Pros", "Cons")})
    assert covered(found, {"kind": "named_sections", "names": ["PROS", "CONS"], "ordered": False})
    ordered = expect(
        {
            "unit": "sections",
            "relation": "other",
            "words": ("Intro", "Plan"),
            "quote": "in this order",
        }
    )
    assert covered(ordered, {"kind": "named_sections", "names": ["Intro", "Plan"], "ordered": True})
    assert not covered(ordered, {"kind": "named_sections", "names": ["Intro", "Plan"]})
    # an ordering with no word of order is no ordering
    assert not expect({"unit": "heading", "relation": "other", "words": ("Intro", "Plan")}).matchers


def test_headings_at_a_level_are_only_implied_by_named_sections() -> None:
    found = expect({"unit": "heading", "relation": "contains", "words": ("## Added", "## Fixed")})
    assert not found.matchers
    named = dump({"kind": "named_sections", "names": ["Added", "Fixed"], "ordered": False})
    assert any(m.exact(named) for m in found.implied)


def test_three_separators_between_paragraphs_are_four_paragraphs_on_that_separator() -> None:
    found = expect(
        {
            "unit": "separator",
            "scope": "between paragraphs",
            "relation": "exactly",
            "value": 3,
            "words": ("***",),
        }
    )
    assert covered(
        found, {"kind": "paragraph_count", "relation": "exactly", "value": 4, "separator": "***"}
    )
    c = constraint(unit="paragraph", relation="exactly", value=4)
    sep = constraint(
        index=1, unit="separator", scope="between paragraphs", relation="exactly", value=3,
        words=("***",),
    )  # fmt: skip
    paragraphs = expect_in_row(c, sep)
    assert covered(
        paragraphs,
        {"kind": "paragraph_count", "relation": "exactly", "value": 4, "separator": "***"},
    )


@pytest.mark.parametrize(("unit", "chars"), [("code fence", None), ("space", " "), ("pipe", "|")])
def test_named_symbols_and_code_fences_banned(unit: str, chars: str | None) -> None:
    found = expect({"unit": unit, "relation": "none", "value": 0})
    spec = (
        dump({"kind": "code_block_count", "relation": "at_most", "value": 0})
        if chars is None
        else dump({"kind": "forbidden_chars", "chars": chars})
    )
    assert covered(found, spec)


def test_every_word_starting_with_one_letter_is_a_tautogram() -> None:
    found = expect({"unit": "word", "scope": "each word", "relation": "starts_with", "value": "S"})
    assert covered(found, {"kind": "tautogram", "letter": "s"})
    # a phrase at the start of each word is no tautogram
    assert not covered(
        expect({"unit": "word", "scope": "each word", "relation": "starts_with", "value": "Sh"}),
        {"kind": "tautogram", "letter": "s"},
    )


def test_yaml_keys_where_the_label_or_a_code_block_names_yaml() -> None:
    keys = constraint(family="yaml_keys", unit="key", relation="contains", words=("name", "port"))
    found = expect_in_row(keys)
    assert covered(found, {"kind": "yaml", "required_keys": ["name", "port"]})
    plain = constraint(unit="key", relation="contains", words=("name", "port"))
    block = constraint(index=1, unit="code block", relation="contains", value="yaml")
    assert covered(expect_in_row(plain, block), {"kind": "yaml", "required_keys": ["name", "port"]})


def test_a_start_the_label_negates_under_relation_other() -> None:
    found = expect(
        {"family": "not_starts_with", "unit": "answer", "relation": "other", "value": "I'm sorry"}
    )
    assert covered(found, {"kind": "not_starts_with", "phrases": ["I'm sorry"]})
    assert not expect(
        {"family": "starts_with", "unit": "answer", "relation": "other", "value": "Hi"}
    ).matchers


def test_parts_no_kind_states_whole_imply_the_checks_that_state_a_part() -> None:
    bandit = expect(
        {"unit": "word", "scope": "first line", "relation": "contains", "words": ("Bandit",)}
    )
    assert not bandit.matchers
    anywhere = dump({"kind": "keyword", "keyword": "Bandit", "relation": "at_least", "value": 1})
    assert any(m.exact(anywhere) for m in bandit.implied)
    digit = expect({"unit": "answer", "relation": "matches_format", "value": "single digit"})
    assert not digit.matchers
    assert implied(digit, {"kind": "number_only"})
    utc = expect({"unit": "time", "relation": "matches_format", "value": "HH:MM UTC"})
    assert not utc.matchers
    assert implied(utc, {"kind": "time_format"})


def test_a_ban_of_bullets_whose_quote_bans_numbering_too_bans_both_lists() -> None:
    found = expect({"unit": "bullet", "relation": "none", "quote": "no numbering, no bullets"})
    bullets = dump({"kind": "bullet_count", "relation": "at_most", "value": 0})
    numbered = dump({"kind": "numbered_count", "relation": "at_most", "value": 0})
    assert covered(found, bullets, numbered)
    assert not covered(found, bullets)
    only = expect({"unit": "bullet", "relation": "none", "quote": "no bullet points"})
    assert covered(only, bullets)


@pytest.mark.parametrize(
    ("value", "scope", "style"),
    [
        ("YYYY-MM-DD", "response", "iso"),
        ("ISO 8601", "each action item", "iso"),
        ("DD/MM/YYYY", "signup_date column", "DD/MM/YYYY"),
        ("D Month YYYY", "response", "D Month YYYY"),
        ("March 5, 2024", "response", "Month D, YYYY"),
    ],
)
def test_a_date_form_holds_for_every_date_wherever_the_dates_are(
    value: str, scope: str, style: str
) -> None:
    found = expect({"unit": "date", "scope": scope, "relation": "matches_format", "value": value})
    assert covered(found, {"kind": "date_format", "style": style})
    assert not covered(found, {"kind": "date_format", "style": "MM.DD.YYYY"})


def test_a_line_that_holds_a_date_is_no_kind_its_form_only_implied() -> None:
    found = expect(
        {"family": "date_format", "unit": "line", "scope": "first line",
         "relation": "matches_format", "value": "DD/MM/YYYY"}
    )  # fmt: skip
    assert not found.matchers
    assert found.implied


@pytest.mark.parametrize(
    ("quote", "note", "kind"),
    [
        ("No other text.", "JSON only", "json"),
        ("Output only the code, nothing else", "", "code_only"),
        ("just the number, nothing else", "", "number_only"),
    ],
)
def test_only_the_answer_is_the_check_of_the_format_it_names(
    quote: str, note: str, kind: str
) -> None:
    found = expect({"family": "only_answer", "unit": "answer", "quote": quote, "note": note})
    specs = {
        "json": dump({"kind": "json"}),
        "code_only": dump({"kind": "code_only"}),
        "number_only": dump({"kind": "number_only"}),
    }
    assert covered(found, specs[kind])
    assert not any(covered(found, s) for k, s in specs.items() if k != kind)


def test_only_the_answer_in_no_format_a_kind_checks_is_no_kind() -> None:
    found = expect({"family": "only_answer", "unit": "answer", "quote": "Only the translation"})
    assert not found.matchers
    assert "no format" in found.reason


@pytest.mark.parametrize(
    ("note", "pairs"),
    [
        ("code block before explanation", [["code", "text"]]),
        ("summary before bullets", [["text", "bullets"]]),
        ("footnote list after paragraph", []),  # a footnote list: no part an order finds
        ("table first, then the notes", []),
        ("intro, then table, then bullet list", [["text", "table"], ["table", "bullets"]]),
        ("paragraph after the table", [["table", "text"]]),
    ],
)
def test_an_order_of_parts_is_one_order_check_per_neighbouring_pair(
    note: str, pairs: list[list[str]]
) -> None:
    found = expect({"family": "part_order", "unit": "part", "relation": "other", "note": note})
    if not pairs:
        assert not found.matchers
        return
    assert covered(found, *(dump({"kind": "order", "parts": p}) for p in pairs))
    assert not covered(found, {"kind": "order", "parts": list(reversed(pairs[0]))})


def test_numbers_in_digits_or_small_ones_in_words_are_a_number_style() -> None:
    digits = dump({"kind": "number_style", "style": "digits"})
    under_ten = dump({"kind": "number_style", "style": "words_below", "below": 10})
    words = expect({"unit": "number word", "relation": "none", "words": ("one", "two", "ten")})
    assert covered(words, digits) and not covered(words, under_ten)
    small = expect(
        {"unit": "digit", "relation": "none", "words": tuple(str(n) for n in range(1, 10))}
    )
    assert covered(small, under_ten) and not covered(small, digits)
    both = expect(
        {"unit": "digit", "relation": "other", "note": "no standalone digits 1-9; 10+ as digits"}
    )
    assert not both.matchers and both.implied  # the digits half is no check's


@pytest.mark.parametrize(("value", "style"), [("HH:MM", "24h"), ("12-hour", "12h")])
def test_a_clock_holds_for_every_time_wherever_the_times_are(value: str, style: str) -> None:
    found = expect(
        {"unit": "time", "scope": "each event", "relation": "matches_format", "value": value}
    )
    other = "12h" if style == "24h" else "24h"
    assert covered(found, {"kind": "time_format", "style": style})
    assert not covered(found, {"kind": "time_format", "style": other})


def test_a_template_of_labelled_lines_is_an_answer_template_with_those_labels() -> None:
    found = expect(
        {"unit": "line", "relation": "matches_format", "value": "Title: / Price: / Description:"}
    )
    card = dump({"kind": "answer_template", "template": "Title: <t>\nPrice: <p>\nDescription: <d>"})
    other = dump(
        {"kind": "answer_template", "template": "Title: <t>\nDescription: <d>\nPrice: <p>"}
    )
    assert covered(found, card) and not covered(found, other)
    numbered = expect({"unit": "line", "relation": "matches_format", "value": "Option N: ..."})
    three = dump(
        {"kind": "answer_template", "template": "Option 1: ...\nOption 2: ...\nOption 3: ..."}
    )
    skipped = dump({"kind": "answer_template", "template": "Option 1: ...\nOption 3: ..."})
    assert covered(numbered, three) and not covered(numbered, skipped)


@pytest.mark.parametrize(
    ("fields", "case"),
    [
        ({"unit": "letter", "relation": "all", "value": "lowercase"}, "lower"),
        ({"unit": "answer", "relation": "other", "value": "all lowercase"}, "lower"),
        ({"unit": None, "relation": "matches_format", "value": "lower case"}, "lower"),
        ({"unit": "text", "relation": "equals", "note": "lowercase only"}, "lower"),
        ({"family": "lowercase_only", "unit": "response", "relation": "all"}, "lower"),
        ({"unit": "letter", "relation": "none", "value": "uppercase"}, "lower"),
        ({"unit": "response", "relation": "other", "value": "ALL CAPS"}, "upper"),
        ({"family": "uppercase_only", "unit": "answer", "relation": "other"}, "upper"),
        ({"unit": "text", "relation": "none", "value": "lowercase letters"}, "upper"),
    ],
)
def test_the_whole_answer_in_one_case_maps_however_the_writer_put_it(
    fields: dict[str, Any], case: str
) -> None:
    found = expect(fields)
    assert covered(found, {"kind": "letter_case", "case": case})
    other = "upper" if case == "lower" else "lower"
    assert not covered(found, {"kind": "letter_case", "case": other})


@pytest.mark.parametrize(
    "fields",
    [
        {"unit": "heading", "relation": "all", "value": "uppercase"},
        {"unit": "word", "scope": "title", "relation": "all", "value": "uppercase"},
        {"unit": "word", "relation": "all", "value": "uppercase", "words": ("NASA", "FBI")},
        {"unit": "first letter", "scope": "each sentence", "relation": "all", "value": "uppercase"},
        # "none" with only the label to say of what: no reading
        {"family": "lowercase_only", "unit": "letter", "relation": "none"},
        {"unit": "letter", "relation": "all", "value": "lowercase except acronyms in caps"},
    ],
)
def test_a_case_of_a_part_or_of_listed_words_is_no_whole_answer_case(
    fields: dict[str, Any],
) -> None:
    found = expect(fields)
    assert not covered(found, {"kind": "letter_case", "case": "lower"})
    assert not covered(found, {"kind": "letter_case", "case": "upper"})


@pytest.mark.parametrize(
    "fields",
    [
        {"unit": "bullet", "scope": "each bullet", "relation": "starts_with", "value": "-"},
        {"unit": "bullet marker", "relation": "equals", "value": "dash"},
        {"unit": "list marker", "relation": "all", "value": "hyphens"},
        {"unit": "marker", "scope": "bullets", "relation": "other", "value": "hyphen (-)"},
        {"unit": "line", "scope": "each bullet", "relation": "matches_format", "value": "- "},
    ],
)
def test_a_bullet_marker_maps_however_the_writer_names_it(fields: dict[str, Any]) -> None:
    found = expect(fields)
    assert covered(found, {"kind": "list_marker", "marker": "-"})
    assert not covered(found, {"kind": "list_marker", "marker": "*"})


@pytest.mark.parametrize(
    "fields",
    [
        # a line starting with a dash is no statement about bullets
        {"unit": "line", "scope": "response", "relation": "starts_with", "value": "-"},
        {"unit": "item", "scope": "response", "relation": "other", "value": "dash-separated"},
        {"unit": "bullet", "scope": "first bullet", "relation": "starts_with", "value": "-"},
    ],
)
def test_a_dash_that_is_no_bullet_marker_maps_to_no_list_marker(fields: dict[str, Any]) -> None:
    assert not covered(expect(fields), {"kind": "list_marker", "marker": "-"})


def test_a_checkbox_format_is_no_bullet_marker() -> None:
    found = expect(
        {"unit": "item", "scope": "each item", "relation": "matches_format", "value": "- [ ] item"}
    )
    assert not covered(found, {"kind": "list_marker", "marker": "-"})


def test_a_case_said_only_in_the_quote_maps_from_the_quote() -> None:
    found = expect({"family": "case", "unit": "letter", "relation": "all", "quote": "in lowercase"})
    assert covered(found, {"kind": "letter_case", "case": "lower"})
    banned = expect({"unit": None, "relation": "none", "quote": "no capital letters at all"})
    assert covered(banned, {"kind": "letter_case", "case": "lower"})


def test_a_language_as_the_format_of_a_quoted_code_block_is_that_blocks_language() -> None:
    found = expect(
        {
            "unit": None,
            "relation": "matches_format",
            "value": "sql",
            "quote": "inside a ```sql block",
        }
    )
    sql = dump({"kind": "code_block_count", "relation": "exactly", "value": 1, "language": "sql"})
    assert covered(found, sql)
    plain = expect(
        {
            "unit": None,
            "relation": "matches_format",
            "value": "yaml",
            "quote": "Write a YAML config",
        }
    )
    yaml_block = dump(
        {"kind": "code_block_count", "relation": "exactly", "value": 1, "language": "yaml"}
    )
    assert not covered(plain, yaml_block)


def test_a_start_every_part_keeps_implies_the_answers_start() -> None:
    found = expect({"unit": "item", "scope": "each item", "relation": "starts_with", "value": "re"})
    assert implied(found, {"kind": "starts_with", "phrase": "re"})
    assert not covered(found, {"kind": "starts_with", "phrase": "re"})
    whole = expect({"unit": None, "scope": "response", "relation": "starts_with", "value": "Dear"})
    assert not whole.implied


def _expect_in(c: Any, *siblings: Any) -> Any:
    """``c`` mapped in a row beside ``siblings`` (each index its own)."""
    constraints = tuple(replace(s, index=i) for i, s in enumerate((c, *siblings)))
    return expect_in_row(*constraints)


@pytest.mark.parametrize(
    "fields",
    [
        {"unit": "column", "relation": "equals", "value": ("Day", "Meal")},
        {"unit": "columns", "relation": "exactly", "words": ("Day", "Meal")},
        {
            "unit": "the columns",
            "scope": "entire answer",
            "relation": "equals",
            "words": ("day", "meal"),
        },
    ],
)
def test_columns_of_a_format_no_field_names_are_a_tables_or_a_csvs(fields: dict[str, Any]) -> None:
    found = expect(fields)
    assert covered(found, {"kind": "table_columns", "columns": ["Day", "Meal"]})
    assert covered(found, {"kind": "csv_columns", "columns": ["Day", "Meal"]})
    assert not covered(found, {"kind": "table_columns", "columns": ["Day", "Meal"], "exact": False})
    assert not covered(found, {"kind": "csv_columns", "columns": ["Meal", "Day"]})


def test_columns_of_a_format_a_sibling_names_are_that_formats_only() -> None:
    csv = constraint(unit="answer", relation="matches_format", value="CSV")
    found = _expect_in(constraint(unit="column", relation="equals", value=("a", "b")), csv)
    assert covered(found, {"kind": "csv_columns", "columns": ["a", "b"]})
    assert not covered(found, {"kind": "table_columns", "columns": ["a", "b"]})
    table = constraint(unit="table", relation="exactly", value=1)
    rows = _expect_in(constraint(unit="row", relation="exactly", value=4), table)
    assert covered(rows, {"kind": "table_rows", "relation": "exactly", "value": 4})
    assert not covered(rows, {"kind": "csv_rows", "relation": "exactly", "value": 4})


@pytest.mark.parametrize(
    ("fields", "relation", "value"),
    [
        ({"unit": "row", "relation": "exactly", "value": 7}, "exactly", 7),
        ({"unit": "rows", "relation": "at least", "value": "10"}, "at_least", 10),
        ({"unit": "data row", "relation": "fewer_than", "value": 6}, "at_most", 5),
    ],
)
def test_rows_of_a_format_no_field_names_are_a_tables_or_a_csvs_data_rows(
    fields: dict[str, Any], relation: str, value: int
) -> None:
    found = expect(fields)
    assert covered(found, {"kind": "table_rows", "relation": relation, "value": value})
    assert covered(found, {"kind": "csv_rows", "relation": relation, "value": value})
    assert not covered(found, {"kind": "line_count", "relation": relation, "value": value})


def test_rows_or_columns_of_one_part_are_no_whole_answer_table() -> None:
    assert not expect(
        {"unit": "row", "scope": "each section", "relation": "exactly", "value": 3}
    ).matchers
    one = expect(
        {"unit": "column", "scope": "section 2", "relation": "equals", "value": ("a", "b")}
    )
    assert not covered(one, {"kind": "table_columns", "columns": ["a", "b"]})


@pytest.mark.parametrize(
    ("scope", "value", "unit", "part"),
    [
        ("each sentence", "!", None, "sentence"),
        ("every sentence", "?", "sentence", "sentence"),
        ("per paragraph", ".", "final punctuation", "paragraph"),
        ("each bullet", "!", None, "bullet"),
    ],
)
def test_every_part_all_one_closing_mark_is_each_part_ending_with_it(
    scope: str, value: str, unit: str | None, part: str
) -> None:
    found = expect({"unit": unit, "scope": scope, "relation": "all", "value": value})
    assert covered(found, {"kind": "each_ends_with", "part": part, "phrase": value})
    assert not covered(found, {"kind": "each_starts_with", "part": part, "phrase": value})
    assert not covered(found, {"kind": "ends_with", "phrase": value})


def test_a_part_all_a_mark_only_under_another_unit_or_a_word_is_no_ending() -> None:
    assert not expect(
        {"unit": "word", "scope": "each sentence", "relation": "all", "value": "!"}
    ).matchers
    assert not expect(
        {"unit": None, "scope": "each sentence", "relation": "all", "value": "wow"}
    ).matchers
    assert not expect(
        {"unit": None, "scope": "each line", "relation": "all", "value": "!"}
    ).matchers


@pytest.mark.parametrize("value", ["number only", "just the number", "a number", "Number_only"])
def test_the_answer_a_bare_number_is_number_only(value: str) -> None:
    found = expect({"unit": None, "relation": "matches_format", "value": value})
    assert covered(found, {"kind": "number_only"})


@pytest.mark.parametrize(
    "fields",
    [
        {"relation": "matches_format", "value": "^-?\\d+$"},  # an integer: narrower
        {"relation": "matches_format", "value": "phone number"},
        {"relation": "matches_format", "value": "number only", "scope": "each line"},
    ],
)
def test_a_number_format_that_is_not_the_bare_answer_is_no_number_only(
    fields: dict[str, Any],
) -> None:
    assert not covered(expect(fields), {"kind": "number_only"})


@pytest.mark.parametrize(
    "fields",
    [
        {"relation": "other", "note": "letters read same reversed"},
        {"relation": "other", "value": "palindrome"},
        {"relation": "all", "value": "reads the same backwards"},
    ],
)
def test_an_answer_that_reads_the_same_backwards_is_a_palindrome(fields: dict[str, Any]) -> None:
    assert covered(expect(fields), {"kind": "palindrome"})


def test_a_palindrome_of_a_part_or_negated_is_none() -> None:
    part = expect({"relation": "other", "value": "palindrome", "scope": "last line"})
    assert not covered(part, {"kind": "palindrome"})
    negated = expect({"relation": "other", "note": "should not be a palindrome"})
    assert not covered(negated, {"kind": "palindrome"})


def test_the_answer_equal_to_a_text_implies_its_presence_and_both_ends() -> None:
    found = expect({"unit": None, "relation": "equals", "value": "Out of office"})
    assert not found.matchers
    assert implied(
        found, {"kind": "keyword", "keyword": "out of office", "relation": "at_least", "value": 1}
    )
    assert implied(found, {"kind": "starts_with", "phrase": "Out of office"})
    assert implied(found, {"kind": "ends_with", "phrase": "Out of office."})
    assert not implied(
        found, {"kind": "keyword", "keyword": "office", "relation": "at_least", "value": 1}
    )
    count = expect({"unit": None, "relation": "equals", "value": "42"})
    assert not count.implied


def test_every_part_starting_with_a_phrase_implies_the_phrase_is_there() -> None:
    found = expect(
        {"unit": None, "scope": "each paragraph", "relation": "starts_with", "value": "Keep going"}
    )
    assert covered(found, {"kind": "each_starts_with", "part": "paragraph", "phrase": "keep going"})
    present = dump({"kind": "keyword", "keyword": "keep going", "relation": "at_least", "value": 1})
    assert implied(found, present)
    assert not implied(
        expect({"scope": "response", "relation": "starts_with", "value": "Hi"}), present
    )


def test_headings_at_a_level_in_a_stated_order_imply_the_ordered_sections() -> None:
    found = expect(
        {
            "unit": None,
            "relation": "other",
            "value": ("## Gear", "## Food"),
            "note": "headings in this order",
        }
    )
    ordered = dump({"kind": "named_sections", "names": ["Gear", "Food"], "ordered": True})
    assert not found.matchers
    assert implied(found, ordered)
    assert not implied(found, {"kind": "named_sections", "names": ["Gear", "Food"]})
    unordered = expect(
        {"unit": None, "relation": "other", "value": ("## Gear", "## Food"), "note": ""}
    )
    assert not implied(unordered, ordered)


def test_a_list_value_of_an_equality_is_read_as_its_words() -> None:
    json = constraint(unit=None, relation="matches_format", value="json")
    keys = constraint(unit="key", relation="equals", value=("name", "age"))
    found = _expect_in(keys, json)
    assert covered(found, {"kind": "json", "required_keys": ["name", "age"]})
    assert not covered(found, {"kind": "json", "required_keys": ["name"]})


@pytest.mark.parametrize("run", ["---", "******", "~~~"])
def test_a_run_of_marks_as_relation_other_separates_the_pieces(run: str) -> None:
    found = expect({"unit": None, "relation": "other", "value": run})
    pieces = dump({"kind": "separated_versions", "versions": 2, "at_least": True, "separator": run})
    assert covered(found, pieces)
    assert not covered(found, {"kind": "separated_versions", "versions": 2, "separator": "==="})
    two = _expect_in(
        constraint(unit="version", relation="exactly", value=2),
        constraint(unit=None, relation="other", value=run),
    )
    assert covered(two, {"kind": "separated_versions", "versions": 2, "separator": run})
    assert not covered(two, {"kind": "separated_versions", "versions": 3, "separator": run})


def test_a_run_that_separates_parts_no_kind_counts_maps_to_no_pieces() -> None:
    assert not expect({"unit": None, "relation": "other", "value": ";"}).matchers
    assert not expect(
        {"unit": None, "relation": "other", "value": "---", "scope": "each item"}
    ).matchers


def test_paragraphs_a_sibling_separates_by_a_run_as_relation_other_count_on_it() -> None:
    rule = constraint(unit=None, relation="other", value="***")
    found = _expect_in(constraint(unit="paragraph", relation="at_least", value=3), rule)
    assert covered(
        found, {"kind": "paragraph_count", "relation": "at_least", "value": 3, "separator": "***"}
    )
    assert not covered(found, {"kind": "paragraph_count", "relation": "at_least", "value": 3})


@pytest.mark.parametrize(
    "fields",
    [
        {"relation": "other", "words": ("Once upon",), "note": "must not start with this"},
        {"relation": "other", "words": ("Sure",), "note": "never begin with it"},
        {
            "relation": "none",
            "words": ("Sure", "Okay"),
            "note": "the reply should not open with these",
        },
    ],
)
def test_a_start_the_note_bans_is_not_starts_with(fields: dict[str, Any]) -> None:
    found = expect({"unit": None, **fields})
    banned = [w for w in fields["words"]]
    assert covered(found, {"kind": "not_starts_with", "phrases": banned})
    assert not covered(found, {"kind": "starts_with", "phrase": banned[0]})


def test_a_phrase_under_relation_other_with_a_note_that_bans_no_start_is_no_kind() -> None:
    found = expect(
        {"unit": None, "relation": "other", "words": ("Once upon",), "note": "use it once"}
    )
    assert not covered(found, {"kind": "not_starts_with", "phrases": ["Once upon"]})


@pytest.mark.parametrize(("scope", "value"), [("each line", "- "), ("every line", "> ")])
def test_every_line_all_a_text_ending_in_a_space_starts_with_it(scope: str, value: str) -> None:
    found = expect({"unit": None, "scope": scope, "relation": "all", "value": value})
    assert covered(found, {"kind": "each_line", "position": "start", "phrase": value.strip()})
    assert not covered(found, {"kind": "each_line", "position": "end", "phrase": value.strip()})
    assert implied(found, {"kind": "starts_with", "phrase": value.strip()})


def test_every_line_all_a_text_with_no_trailing_space_is_no_start() -> None:
    found = expect({"unit": None, "scope": "each line", "relation": "all", "value": ";"})
    assert not covered(found, {"kind": "each_line", "position": "start", "phrase": ";"})


def test_a_number_to_include_maps_alike_as_the_value_or_the_word() -> None:
    spec = dump({"kind": "keyword", "keyword": "60", "relation": "at_least", "value": 1})
    assert covered(expect({"unit": None, "relation": "contains", "words": ("60",)}), spec)
    assert covered(expect({"unit": None, "relation": "contains", "value": "60"}), spec)


@pytest.mark.parametrize("unit", ["character", "chars", "the chars"])
def test_every_character_in_one_case_maps_however_the_unit_is_spelt(unit: str) -> None:
    found = expect({"unit": unit, "relation": "all", "value": "lowercase"})
    assert covered(found, {"kind": "letter_case", "case": "lower"})


@pytest.mark.parametrize(
    "fields",
    [
        {"relation": "other", "value": "P.S."},
        {"relation": "other", "words": ("PS",)},
        {"unit": "postscript", "relation": "other", "value": "postscript"},
    ],
)
def test_a_postscript_named_under_relation_other_is_a_postscript(fields: dict[str, Any]) -> None:
    assert covered(expect(fields), {"kind": "postscript", "marker": "P.S."})


def test_a_postscript_of_one_part_is_no_postscript() -> None:
    found = expect({"relation": "other", "value": "P.S.", "scope": "each email"})
    assert not covered(found, {"kind": "postscript", "marker": "P.S."})


@pytest.mark.parametrize(
    ("value", "kind"),
    [
        ("numbered", "numbered_count"),
        ("a numbered list", "numbered_count"),
        ("bullets", "bullet_count"),
        ("bullet points", "bullet_count"),
    ],
)
def test_a_list_form_under_relation_other_is_a_list_of_that_kind(value: str, kind: str) -> None:
    found = expect({"unit": None, "relation": "other", "value": value})
    assert covered(found, {"kind": kind, "relation": "at_least", "value": 1})
    other = "bullet_count" if kind == "numbered_count" else "numbered_count"
    assert not covered(found, {"kind": other, "relation": "at_least", "value": 1})


def test_a_list_form_of_one_section_is_no_whole_answer_list() -> None:
    found = expect(
        {"unit": None, "relation": "other", "value": "numbered", "scope": "steps section"}
    )
    assert not covered(found, {"kind": "numbered_count", "relation": "at_least", "value": 1})


@pytest.mark.parametrize("value", ["blank line", "a blank line", "empty lines"])
def test_parts_separated_by_a_blank_line_is_one_blank_line_per_gap(value: str) -> None:
    found = expect({"unit": None, "relation": "other", "value": value})
    assert covered(found, {"kind": "blank_lines", "between": "paragraphs", "blank": 1})
    assert covered(found, {"kind": "blank_lines", "between": "blocks", "blank": 1})
    assert not covered(found, {"kind": "blank_lines", "between": "lines", "blank": 1})
    assert not covered(found, {"kind": "blank_lines", "between": "items", "blank": 0})


def test_a_blank_line_after_one_line_is_no_gap_rule() -> None:
    found = expect({"unit": None, "relation": "other", "value": "blank line", "scope": "line 2"})
    assert not covered(found, {"kind": "blank_lines", "between": "paragraphs", "blank": 1})


@pytest.mark.parametrize(
    ("unit", "words"),
    [
        ("label", ("PART A", "PART B")),
        ("labels", ("Verse 1", "Verse 2")),
        ("section label", ("Pros:", "Cons:")),
    ],
)
def test_label_lines_named_as_labels_are_named_sections(unit: str, words: tuple[str, ...]) -> None:
    found = expect({"unit": unit, "relation": "contains", "words": words})
    names = [w.rstrip(":") for w in words]
    assert covered(found, {"kind": "named_sections", "names": names})
    assert not covered(found, {"kind": "named_sections", "names": names[:1]})


def test_labels_that_are_markers_or_symbols_are_no_named_sections() -> None:
    found = expect({"unit": "label", "relation": "contains", "words": ("(★)", "A)")})
    assert not found.matchers


def test_one_heading_to_contain_is_a_named_section() -> None:
    found = expect({"unit": "heading", "relation": "contains", "words": ("Next steps",)})
    assert covered(found, {"kind": "named_sections", "names": ["Next steps"]})
    level = expect({"unit": "heading", "relation": "contains", "words": ("### Next steps",)})
    assert not level.matchers
    assert implied(level, {"kind": "named_sections", "names": ["Next steps"]})


@pytest.mark.parametrize(
    ("sibling", "part", "relation", "value"),
    [
        ("numbered item", "numbered", "ends_with", "?"),
        ("bullet points", "bullet", "ends_with", "!"),
        ("numbered list items", "numbered", "starts_with", "Because"),
    ],
)
def test_each_item_of_a_list_a_sibling_counts_starts_or_ends_so(
    sibling: str, part: str, relation: str, value: str
) -> None:
    count = constraint(unit=sibling, relation="exactly", value=3)
    found = _expect_in(
        constraint(unit="item", scope="each item", relation=relation, value=value), count
    )
    kind = f"each_{relation}"
    assert covered(found, {"kind": kind, "part": "item", "phrase": value})
    assert covered(found, {"kind": kind, "part": part, "phrase": value})
    assert not covered(found, {"kind": kind, "part": "sentence", "phrase": value})
    assert implied(found, {"kind": relation, "phrase": value})


def test_each_item_of_no_markdown_list_starts_or_ends_as_an_item_or_a_line() -> None:
    # an item of a comma list or a line of questions: the item part cuts both
    item = constraint(unit=None, scope="each item", relation="starts_with", value="re")
    prose = constraint(unit=None, relation="other", value=",")
    count = constraint(unit="numbered item", relation="exactly", value=8)
    for found in (
        _expect_in(item, prose, count),
        _expect_in(item, constraint(unit="question", relation="exactly", value=5)),
    ):
        assert covered(found, {"kind": "each_starts_with", "part": "item", "phrase": "re"})
        assert covered(found, {"kind": "each_starts_with", "part": "line", "phrase": "re"})
        assert not covered(found, {"kind": "each_starts_with", "part": "sentence", "phrase": "re"})
    banned = constraint(unit="numbered item", relation="none")
    bullets = constraint(unit="bullet", relation="exactly", value=3)
    ends = constraint(unit=None, scope="each item", relation="ends_with", value="?")
    found = _expect_in(ends, banned, bullets)
    assert covered(found, {"kind": "each_ends_with", "part": "bullet", "phrase": "?"})
    assert not covered(found, {"kind": "each_ends_with", "part": "numbered", "phrase": "?"})


@pytest.mark.parametrize("unit", ["numbered item", "numbered list item", "numbered list items"])
def test_a_numbering_format_maps_however_the_numbered_items_are_named(unit: str) -> None:
    found = expect(
        {"unit": unit, "scope": "each item", "relation": "matches_format", "value": "N)"}
    )
    assert covered(found, {"kind": "list_marker", "marker": "1)"})
    assert not covered(found, {"kind": "list_marker", "marker": "1."})


@pytest.mark.parametrize(("value", "places"), [("\\d+\\.\\d{2}", 2), ("#.###", 3), ("0.0", 1)])
def test_a_number_form_with_decimals_implies_that_many_decimal_places(
    value: str, places: int
) -> None:
    found = expect({"unit": None, "relation": "matches_format", "value": value})
    assert not found.matchers
    assert implied(found, {"kind": "decimal_places", "places": places})
    assert not implied(found, {"kind": "decimal_places", "places": places + 1})


def test_a_number_form_without_decimals_or_of_a_part_implies_no_decimal_places() -> None:
    assert not expect({"unit": None, "relation": "matches_format", "value": "#,###"}).implied
    part = expect(
        {"unit": None, "relation": "matches_format", "value": "#.##", "scope": "price column"}
    )
    assert not implied(part, {"kind": "decimal_places", "places": 2})


@pytest.mark.parametrize(
    ("sibling", "form"), [("bullet", "bullet_count"), ("numbered list items", "numbered_count")]
)
def test_things_counted_beside_a_list_a_sibling_uses_are_that_lists_items(
    sibling: str, form: str
) -> None:
    uses = constraint(unit=sibling, relation="at_least", value=1)
    found = _expect_in(constraint(unit="tip", relation="exactly", value=4), uses)
    assert covered(found, {"kind": form, "relation": "exactly", "value": 4})
    assert covered(found, {"kind": "item_count", "relation": "exactly", "value": 4})
    assert not covered(found, {"kind": "item_count", "relation": "at_least", "value": 4})


def test_things_counted_beside_a_banned_or_a_partial_list_are_no_lists_items() -> None:
    tip = constraint(unit="tip", relation="exactly", value=4)
    banned = constraint(unit="bullet", relation="none")
    assert not _expect_in(tip, banned).matchers
    section = constraint(unit="bullet", relation="at_least", value=2, scope="Pros section")
    assert not _expect_in(tip, section).matchers
    both = (
        constraint(unit="bullet", relation="at_least", value=1),
        constraint(unit="numbered item", relation="exactly", value=2),
    )
    assert not _expect_in(tip, *both).matchers


@pytest.mark.parametrize(
    "fields",
    [
        {"unit": "first word", "scope": "each line", "value": "capitalized"},
        {"unit": "line", "scope": "every line", "value": "starts with a capital letter"},
        {"unit": "lines", "scope": "response", "value": "capitalised"},
    ],
)
def test_every_line_starting_with_a_capital_is_each_line_starting_so(
    fields: dict[str, Any],
) -> None:
    found = expect({"relation": "all", **fields})
    assert covered(found, {"kind": "each_starts_with", "part": "line", "capital": True})
    assert not covered(found, {"kind": "each_starts_with", "part": "sentence", "capital": True})
    assert not covered(found, {"kind": "letter_case", "case": "upper"})


@pytest.mark.parametrize(
    "fields",
    [
        {"unit": "letter", "note": "script: Cyrillic"},
        {"unit": None, "value": "cyrillic"},
        {"unit": "characters", "value": "Cyrillic letters only"},
    ],
)
def test_every_letter_in_one_named_script_is_that_script_only(fields: dict[str, Any]) -> None:
    found = expect({"relation": "all", **fields})
    assert covered(found, {"kind": "script", "script": "Cyrillic", "rule": "only"})
    assert not covered(found, {"kind": "script", "script": "Cyrillic", "rule": "some"})
    assert not covered(found, {"kind": "script", "script": "Latin", "rule": "only"})


def test_letters_in_two_scripts_or_of_a_part_are_no_one_script() -> None:
    both = expect({"relation": "all", "unit": "letter", "note": "Latin or Cyrillic"})
    assert not both.matchers
    part = expect({"relation": "all", "unit": "letter", "note": "Devanagari", "scope": "line 2"})
    assert not covered(part, {"kind": "script", "script": "Devanagari", "rule": "only"})


@pytest.mark.parametrize(
    ("note", "marks"),
    [("must not end with '.'", "."), ("no period at the end", "."), ("mustn't end in ?", "?")],
)
def test_a_final_mark_the_note_bans_is_no_final_mark(note: str, marks: str) -> None:
    found = expect({"unit": None, "relation": "other", "note": note})
    assert covered(found, {"kind": "no_final_mark", "marks": marks})
    assert not covered(found, {"kind": "no_final_mark", "marks": ".!?"})


def test_a_final_mark_the_note_asks_for_is_no_ban() -> None:
    found = expect({"unit": None, "relation": "other", "note": "must end with '.'"})
    assert not covered(found, {"kind": "no_final_mark", "marks": "."})


@pytest.mark.parametrize("unit", ["spelled-out number", "number words", "numbers in words"])
def test_no_number_in_words_is_numbers_in_digits(unit: str) -> None:
    found = expect({"unit": unit, "relation": "none"})
    assert covered(found, {"kind": "number_style", "style": "digits"})
    assert not covered(
        expect({"unit": "number", "relation": "none"}), {"kind": "number_style", "style": "digits"}
    )


@pytest.mark.parametrize(
    ("unit", "scope"),
    [("version", "each version"), ("line", "each part"), ("label", "each section")],
)
def test_each_part_starting_with_one_of_its_colon_labels_is_named_sections(
    unit: str | None, scope: str
) -> None:
    found = expect(
        {"unit": unit, "scope": scope, "relation": "starts_with", "words": ("Short:", "Long:")}
    )
    assert covered(found, {"kind": "named_sections", "names": ["Short:", "Long:"]})


def test_a_start_without_colon_labels_or_for_the_whole_answer_is_no_named_sections() -> None:
    plain = expect(
        {"unit": "line", "scope": "each line", "relation": "starts_with", "words": ("Yes", "No")}
    )
    assert not covered(plain, {"kind": "named_sections", "names": ["Yes", "No"]})
    whole = expect({"unit": "answer", "relation": "starts_with", "words": ("Short:", "Long:")})
    assert not covered(whole, {"kind": "named_sections", "names": ["Short:", "Long:"]})
