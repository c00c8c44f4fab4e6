"""Precision before coverage: a clause is compiled only when the rule reads
all of it. A requirement on one part of the answer (each item, the body,
what follows a code block), a template phrase, or a mark banned in one place
compiles nothing; the same requirement on the whole answer still compiles."""

from __future__ import annotations

from typing import Any

import pytest

from redraft.criteria import CHECK_SPEC_ADAPTER, compile_checks, measure_text


def kinds(prompt: str) -> list[dict[str, Any]]:
    return [
        {"kind": c.spec.kind_name(), **c.spec.model_dump(exclude_defaults=True)}
        for c in compile_checks(prompt)
    ]


def of_kind(prompt: str, kind: str) -> list[dict[str, Any]]:
    return [spec for spec in kinds(prompt) if spec["kind"] == kind]


# -- a count on one part ---------------------------------------------------------------


@pytest.mark.parametrize(
    "prompt",
    [
        # each of several things, stated as one more item of a list
        "Suggest 5 names for a bakery, each in lowercase and under 20 characters.",
        "List four slogans for a gym, every one short and under 6 words.",
        # a part that comes after another part
        "Print the SQL query in a code block, then describe it in at most three sentences.",
        "Give the formula first and after that explain it in under 40 words.",
        # a named part of the answer
        "Draft an announcement; the body should have no more than 2 paragraphs.",
    ],
)
def test_a_count_of_one_part_compiles_nothing(prompt: str) -> None:
    counted = ("char_count", "word_count", "sentence_count", "paragraph_count")
    assert [s for s in kinds(prompt) if s["kind"] in counted] == []


@pytest.mark.parametrize(
    ("prompt", "expected"),
    [
        (
            "Describe your favourite city in lowercase and under 200 characters.",
            {"kind": "char_count", "relation": "at_most", "value": 199},
        ),
        (
            "Describe a sunset, keep it short and under 6 words.",
            {"kind": "word_count", "relation": "at_most", "value": 5},
        ),
        (
            "Explain recursion in at most three sentences.",
            {"kind": "sentence_count", "relation": "at_most", "value": 3},
        ),
        (
            "Write a one-line summary at the very top, then a haiku. Then start your answer "
            "with the phrase 'In short'.",
            {"kind": "starts_with", "phrase": "In short"},
        ),
    ],
)
def test_the_same_count_on_the_whole_answer_still_compiles(
    prompt: str, expected: dict[str, Any]
) -> None:
    assert expected in kinds(prompt)


def test_a_part_placed_at_the_top_starts_the_answer() -> None:
    prompt = (
        "Review the film in 80 words or fewer, then add a verdict at the top "
        "starting with 'Verdict:'."
    )
    assert {"kind": "starts_with", "phrase": "Verdict:"} in kinds(prompt)


# -- paragraphs of a letter, and divider lines -----------------------------------------


@pytest.mark.parametrize(
    "prompt",
    [
        "Compose a thank-you letter to my aunt. Keep it to exactly 3 paragraphs.",
        "Write an email asking for a deadline extension in 2 paragraphs.",
    ],
)
def test_blank_line_paragraphs_of_a_letter_compile_nothing(prompt: str) -> None:
    # The greeting and the sign-off are blocks of their own: "3 paragraphs" is the body.
    assert of_kind(prompt, "paragraph_count") == []


def test_paragraphs_of_a_letter_between_dividers_still_compile() -> None:
    prompt = "Write to my landlord. Your letter should have exactly 3 paragraphs separated by ***."
    assert of_kind(prompt, "paragraph_count") == [
        {"kind": "paragraph_count", "relation": "exactly", "value": 3, "separator": "***"}
    ]


def test_capital_letters_are_not_a_letter_to_write() -> None:
    prompt = "Write a poem in 3 paragraphs, each line starting with a capital letter."
    assert of_kind(prompt, "paragraph_count") == [
        {"kind": "paragraph_count", "relation": "exactly", "value": 3}
    ]


@pytest.mark.parametrize(
    ("prompt", "separator"),
    [
        ("Describe the tides in 3 paragraphs, with a line of --- between them.", "---"),
        ("Answer in exactly 2 paragraphs separated by ***.", "***"),
        ("Answer in 2 paragraphs. Separate them with a blank line.", None),
    ],
)
def test_a_stated_divider_sets_the_separator(prompt: str, separator: str | None) -> None:
    [spec] = of_kind(prompt, "paragraph_count")
    assert spec.get("separator") == separator


@pytest.mark.parametrize(
    "prompt",
    [
        "Write 3 paragraphs separated by a row of === signs.",
        "Write 3 paragraphs separated by a line of dashes.",
        "Write 3 paragraphs, some separated by *** and others by ---.",
    ],
)
def test_a_divider_no_spec_measures_compiles_nothing(prompt: str) -> None:
    assert of_kind(prompt, "paragraph_count") == []


def test_paragraphs_between_dash_dividers_are_measured() -> None:
    spec = CHECK_SPEC_ADAPTER.validate_python(
        {"kind": "paragraph_count", "relation": "exactly", "value": 3, "separator": "---"}
    )
    three = "One.\n---\nTwo, still two.\n\nStill two.\n---\nThree."
    two = "One.\n---\nTwo.\n\nA blank line is no divider."
    assert measure_text(spec, three).passed
    failed = measure_text(spec, two)
    assert not failed.passed
    assert "---" in (failed.suggestion or "")


# -- the order of parts ----------------------------------------------------------------


@pytest.mark.parametrize(
    "prompt",
    [
        # per item, or items named in the plural
        "List 3 habits, each as a short heading, a dash, then one sentence.",
        "Give 5 tips as italic titles followed by a paragraph each.",
        # a title the spec would look for in the wrong form
        "Put a bold headline on top, followed by two paragraphs.",
        "Start with a title, then a bulleted list of ingredients.",
    ],
)
def test_an_order_of_parts_the_spec_cannot_see_compiles_nothing(prompt: str) -> None:
    assert of_kind(prompt, "order") == []


def test_an_order_of_whole_units_still_compiles() -> None:
    prompt = "Give a title wrapped in double angular brackets, then a numbered list of steps."
    assert of_kind(prompt, "order") == [{"kind": "order", "parts": ["title", "numbered"]}]


# -- templates are not phrases ---------------------------------------------------------


@pytest.mark.parametrize(
    "prompt",
    [
        "Start every paragraph with 'Step N:' where N counts up from 1.",
        "Begin each bullet point with 'Day X -'.",
        "Each paragraph should begin with 'Part n' where n is its position.",
    ],
)
def test_a_template_is_not_a_literal_phrase(prompt: str) -> None:
    assert of_kind(prompt, "each_starts_with") == []


def test_a_literal_phrase_still_compiles() -> None:
    assert of_kind("Start every paragraph with 'Note:'.", "each_starts_with") == [
        {"kind": "each_starts_with", "part": "paragraph", "phrase": "Note:"}
    ]


# -- a keyword for several things ------------------------------------------------------


def test_a_keyword_given_to_several_things_compiles_nothing() -> None:
    # In each of the four lines, or in one of them? Neither is read.
    assert of_kind("Write four lines using the word 'harbor'.", "keyword") == []


def test_a_keyword_in_one_answer_still_compiles() -> None:
    found = of_kind("Write a short story using the word 'harbor'.", "keyword")
    assert found == [{"kind": "keyword", "keyword": "harbor"}]


# -- a mark banned in one place --------------------------------------------------------


@pytest.mark.parametrize(
    "prompt",
    [
        "Reply in one line. No full stop at the end.",
        "Do not put a question mark at the end of the title.",
        "No exclamation marks after the greeting.",
    ],
)
def test_a_mark_banned_in_one_place_compiles_nothing(prompt: str) -> None:
    assert of_kind(prompt, "forbidden_chars") == []


@pytest.mark.parametrize(
    "prompt",
    ["Use no periods in your answer.", "Do not use any commas in the response.", "No commas."],
)
def test_a_mark_banned_everywhere_still_compiles(prompt: str) -> None:
    assert len(of_kind(prompt, "forbidden_chars")) == 1
