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
        # a bullet point is read without its marker: no kind says which one
        {"unit": "bullet", "scope": "each bullet", "relation": "starts_with", "value": "•"},
    ],
)
def test_constraints_no_kind_states_map_to_none(fields: dict[str, Any]) -> None:
    assert not _expect(**fields).matchers


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
    found = _expect(unit="date", scope=scope, relation="matches_format", value=value)
    assert _covered(found, _spec(kind="date_format", style=style))
    assert not _covered(found, _spec(kind="date_format", style="MM.DD.YYYY"))


def test_a_line_that_holds_a_date_is_no_kind_its_form_only_implied() -> None:
    found = _expect(
        family="date_format", unit="line", scope="first line", relation="matches_format",
        value="DD/MM/YYYY",
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
    found = _expect(family="only_answer", unit="answer", quote=quote, note=note)
    specs = {
        "json": _spec(kind="json"),
        "code_only": _spec(kind="code_only"),
        "number_only": _spec(kind="number_only"),
    }
    assert _covered(found, specs[kind])
    assert not any(_covered(found, s) for k, s in specs.items() if k != kind)


def test_only_the_answer_in_no_format_a_kind_checks_is_no_kind() -> None:
    found = _expect(family="only_answer", unit="answer", quote="Only the translation")
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
    found = _expect(family="part_order", unit="part", relation="other", note=note)
    if not pairs:
        assert not found.matchers
        return
    assert _covered(found, *(_spec(kind="order", parts=p) for p in pairs))
    assert not _covered(found, _spec(kind="order", parts=list(reversed(pairs[0]))))


def test_numbers_in_digits_or_small_ones_in_words_are_a_number_style() -> None:
    digits = _spec(kind="number_style", style="digits")
    under_ten = _spec(kind="number_style", style="words_below", below=10)
    words = _expect(unit="number word", relation="none", words=("one", "two", "ten"))
    assert _covered(words, digits) and not _covered(words, under_ten)
    small = _expect(unit="digit", relation="none", words=tuple(str(n) for n in range(1, 10)))
    assert _covered(small, under_ten) and not _covered(small, digits)
    both = _expect(unit="digit", relation="other", note="no standalone digits 1-9; 10+ as digits")
    assert not both.matchers and both.implied  # the digits half is no check's


@pytest.mark.parametrize(("value", "style"), [("HH:MM", "24h"), ("12-hour", "12h")])
def test_a_clock_holds_for_every_time_wherever_the_times_are(value: str, style: str) -> None:
    found = _expect(unit="time", scope="each event", relation="matches_format", value=value)
    other = "12h" if style == "24h" else "24h"
    assert _covered(found, _spec(kind="time_format", style=style))
    assert not _covered(found, _spec(kind="time_format", style=other))


def test_a_template_of_labelled_lines_is_an_answer_template_with_those_labels() -> None:
    found = _expect(unit="line", relation="matches_format", value="Title: / Price: / Description:")
    card = _spec(kind="answer_template", template="Title: <t>\nPrice: <p>\nDescription: <d>")
    other = _spec(kind="answer_template", template="Title: <t>\nDescription: <d>\nPrice: <p>")
    assert _covered(found, card) and not _covered(found, other)
    numbered = _expect(unit="line", relation="matches_format", value="Option N: ...")
    three = _spec(kind="answer_template", template="Option 1: ...\nOption 2: ...\nOption 3: ...")
    skipped = _spec(kind="answer_template", template="Option 1: ...\nOption 3: ...")
    assert _covered(numbered, three) and not _covered(numbered, skipped)
