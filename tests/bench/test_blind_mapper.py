"""The blind splits' mapper (bench/_blind_map.py) reads each writer's
conventions by rule: what it expects of a constraint, checked against real
check specs. The bench helpers import each other as top-level modules, so
bench/ goes on the path (as ``python bench/blind.py`` puts it there)."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

import pytest

from redraft.criteria import CHECK_SPEC_ADAPTER

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "bench"))

import _blind_map  # type: ignore[import-not-found]


def _constraint(**fields: Any) -> Any:
    c = {
        "row_id": "t-1",
        "index": 0,
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


def _expect(**fields: Any) -> Any:
    c = _constraint(**fields)
    row = _blind_map.Row("t-1", None, "", (c,), None)
    return _blind_map.expect(c, row)


def _spec(**fields: Any) -> dict[str, Any]:
    return dict(CHECK_SPEC_ADAPTER.validate_python(fields).model_dump())


def _covered(expectation: Any, *specs: dict[str, Any]) -> bool:
    return bool(expectation.matchers) and all(
        any(m.exact(s) for s in specs) for m in expectation.matchers
    )


def test_a_keyword_count_as_unit_word_is_a_keyword_check_per_word() -> None:
    found = _expect(unit="word", relation="at_least", value=1, words=("breathe", "sleep"))
    breathe = _spec(kind="keyword", keyword="breathe", relation="at_least", value=1)
    sleep = _spec(kind="keyword", keyword="sleep", relation="at_least", value=1)
    assert _covered(found, breathe, sleep)
    assert not _covered(found, breathe)
    assert not _covered(found, _spec(kind="word_count", relation="at_least", value=1))


def test_the_last_word_is_the_word_at_the_end_or_the_answer_ending_with_it() -> None:
    found = _expect(unit="word", relation="ends_with", value="home", words=("home",))
    assert _covered(found, _spec(kind="word_at", word="home", position=-1))
    assert _covered(found, _spec(kind="ends_with", phrase="home"))
    assert not _covered(found, _spec(kind="word_at", word="home", position=1))


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
    found = _expect(unit="letter", scope=scope, relation="equals", value=value)
    assert _covered(found, _spec(kind="acrostic", word=word, part=part))
    other = "sentence" if part == "line" else "line"
    assert not _covered(found, _spec(kind="acrostic", word=word, part=other))


def test_a_count_within_each_word_is_the_word_length() -> None:
    found = _expect(unit="word", scope="each word", relation="at_most", value=10)
    assert _covered(found, _spec(kind="word_length", relation="at_most", value=10))


def test_table_rows_counted_in_the_table_body() -> None:
    found = _expect(unit="table row", scope="table body", relation="exactly", value=7)
    assert _covered(found, _spec(kind="table_rows", relation="exactly", value=7))


def test_do_not_begin_with_at_the_response_where_the_label_names_the_start() -> None:
    found = _expect(
        family="not_starts_with",
        unit="answer",
        relation="none",
        value=("Image of", "Picture of"),
        words=("Image of", "Picture of"),
    )
    assert _covered(found, _spec(kind="not_starts_with", phrases=["Image of", "Picture of"]))
    # without a label naming the start, a ban anywhere is no opening
    unlabelled = _expect(unit="answer", relation="none", words=("Olá",))
    assert not unlabelled.matchers


def test_n_separators_are_n_plus_one_separated_pieces() -> None:
    found = _expect(unit="separator", relation="exactly", value=2, words=("---",))
    assert _covered(found, _spec(kind="separated_versions", versions=3, separator="---"))
    assert not _covered(found, _spec(kind="separated_versions", versions=2, separator="---"))


def test_a_comma_as_the_value_of_a_list_is_a_comma_list() -> None:
    found = _expect(unit="list", relation="other", value=",")
    assert _covered(found, _spec(kind="comma_list"))


def test_symbols_banned_as_the_value_need_each_symbol_banned() -> None:
    found = _expect(unit="character", relation="none", value=("—", ";"))
    assert _covered(found, _spec(kind="forbidden_chars", chars="—;"))
    assert _covered(
        found, _spec(kind="forbidden_chars", chars="—"), _spec(kind="forbidden_chars", chars=";")
    )
    assert not _covered(found, _spec(kind="forbidden_chars", chars="—"))


def test_a_phrase_wanted_in_capitals_is_only_implied_by_a_case_blind_check() -> None:
    found = _expect(
        unit="word",
        scope="first word",
        relation="equals",
        value="SCORPIO",
        quote="Start with the word 'Scorpio' in all caps",
    )
    assert not found.matchers
    assert any(m.exact(_spec(kind="starts_with", phrase="Scorpio")) for m in found.implied)


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
        {
            "unit": "date",
            "scope": "signup_date column",
            "relation": "matches_format",
            "value": "YYYY-MM-DD",
        },
    ],
)
def test_constraints_no_kind_states_map_to_none(fields: dict[str, Any]) -> None:
    assert not _expect(**fields).matchers


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
    found = _expect(unit=unit, scope=scope, relation=relation, value=value)
    wanted = [_spec(kind="item_count", relation=r, value=v) for r, v in specs]
    assert _covered(found, *wanted)
    assert not _covered(found, _spec(kind="item_count", relation="exactly", value=99))


def _expect_beside(c: dict[str, Any], sibling: dict[str, Any]) -> Any:
    first, second = _constraint(**c), _constraint(index=1, **sibling)
    row = _blind_map.Row("t-1", None, "", (first, second), None)
    return _blind_map.expect(first, row)


def test_a_count_of_listed_things_in_a_named_form_is_that_forms_count() -> None:
    reasons = {"unit": "reason", "relation": "exactly", "value": 4}
    numbered = {"unit": "list", "relation": "matches_format", "value": "numbered list"}
    found = _expect_beside(reasons, numbered)
    assert _covered(found, _spec(kind="numbered_count", relation="exactly", value=4))
    assert not _covered(found, _spec(kind="item_count", relation="exactly", value=4))
    # a comma-separated list has no count of its own: the items are counted
    comma = {"unit": "list", "relation": "other", "value": ",", "family": "delimiter_format"}
    found = _expect_beside(reasons, comma)
    assert _covered(found, _spec(kind="item_count", relation="exactly", value=4))


@pytest.mark.parametrize(
    "unit", ["poem", "version", "example sentence", "quoted span", "word", "flashcard"]
)
def test_pieces_of_prose_and_other_units_are_no_item_count(unit: str) -> None:
    found = _expect(unit=unit, relation="exactly", value=3)
    assert not _covered(found, _spec(kind="item_count", relation="exactly", value=3))


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
    found = _expect(unit=unit, scope=scope, relation=relation, value=value)
    assert _covered(found, _spec(kind="part_count", **spec))
    wrong = spec | {"value": spec["value"] + 1}
    assert not _covered(found, _spec(kind="part_count", **wrong))


def test_a_count_within_each_new_part_is_an_each_count() -> None:
    found = _expect(unit="bullet", scope="each section", relation="between", value=[3, 6])
    low = _spec(kind="each_count", part="section", units="bullets", relation="at_least", value=3)
    high = _spec(kind="each_count", part="section", units="bullets", relation="at_most", value=6)
    assert _covered(found, low, high)
    assert not _covered(found, low)
    words = _expect(unit="word", scope="each numbered item", relation="at_most", value=15)
    assert _covered(
        words, _spec(kind="each_word_count", part="numbered", relation="at_most", value=15)
    )


def test_a_part_named_by_its_role_is_no_part_count() -> None:
    found = _expect(unit="word", scope="email body", relation="at_most", value=120)
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
    found = _expect(**({"value": 1} | fields))
    assert _covered(found, _spec(kind="blank_lines", between=between, blank=blank))
    other = "lines" if between != "lines" else "items"
    assert not _covered(found, _spec(kind="blank_lines", between=other, blank=blank))


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
    assert not _expect(**fields).matchers


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
    found = _expect(**fields)
    assert _covered(found, _spec(**spec))
    assert not _covered(found, _spec(kind="heading_count", relation="at_least", value=1))


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
    found = _expect(**fields)
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
    found = _expect(**fields)
    if marker == "(A)":  # no such style: the family states none
        assert not any("list_marker" in m.kinds for m in found.matchers)
        return
    assert _covered(found, _spec(kind="list_marker", marker=marker))
    assert not _covered(found, _spec(kind="list_marker", marker="+"))


def test_the_marker_of_one_item_maps_to_no_marker_style() -> None:
    found = _expect(unit="list marker", scope="first item", relation="equals", value="1.")
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
    found = _expect(**fields)
    assert _covered(found, _spec(kind="title_case", **spec))
    assert not _covered(found, _spec(kind="title_case", part=spec["part"], every=not spec["every"]))


def test_title_case_of_the_whole_answer_maps_to_no_part() -> None:
    found = _expect(unit="word", scope="response", relation="other", value="title case")
    assert not any("title_case" in m.kinds for m in found.matchers)
