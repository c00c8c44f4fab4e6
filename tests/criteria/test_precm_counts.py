"""Counts read with the scope and relation they were stated with: words
that are a list's items are no word count; a bound on the things asked
is no exact number of lines; the last of several counts is no count of
headings (near misses of the compiler's own false checks)."""

from __future__ import annotations

import pytest

from redraft.criteria import compile_checks


def kinds(prompt: str) -> list[tuple[str, object, object]]:
    return [
        (c.spec.kind_name(), getattr(c.spec, "relation", None), getattr(c.spec, "value", None))
        for c in compile_checks(prompt)
    ]


def of_kind(prompt: str, kind: str) -> list[tuple[str, object, object]]:
    return [k for k in kinds(prompt) if k[0] == kind]


# -- words asked for as the items of a list --


@pytest.mark.parametrize(
    "prompt",
    [
        "Make a spelling quiz for my son. 10 words, numbered.",
        "Give me 5 words, one per line.",
        "List 8 words that describe autumn.",
        "Give me a list of ten words about the sea.",
        "Give me 6 words, each on its own line.",
        "Suggest 4 words, bulleted, that rhyme with cat.",
        "I need 7 words in a numbered list for the game.",
    ],
)
def test_words_as_items_are_no_word_count(prompt: str) -> None:
    assert of_kind(prompt, "word_count") == []


@pytest.mark.parametrize(
    ("prompt", "expected"),
    [
        ("Describe yourself in 3 words.", ("word_count", "exactly", 3)),
        ("Write a slogan. 6 words, no more.", ("word_count", "at_most", 6)),
        ("Write a six-word story.", ("word_count", "exactly", 6)),
        ("Summarise the plot in at most 50 words.", ("word_count", "at_most", 50)),
        ("Answer in under 100 words and list no examples.", ("word_count", "at_most", 99)),
    ],
)
def test_words_of_the_answer_still_count(prompt: str, expected: tuple[str, str, int]) -> None:
    assert of_kind(prompt, "word_count") == [expected]


# -- a bound on the things each line holds is no number of lines --


@pytest.mark.parametrize(
    "prompt",
    [
        "Use a numbered list with one step per line, no more than 7 steps.",
        "Give me 3-5 tips, one tip per line.",
        "Write at least 6 reasons, each reason on its own line.",
        "Write 5 steps or fewer, one step per line.",
        "Give me up to 8 names, one name per line.",
        "Write between 4 and 6 rules, one rule per line.",
    ],
)
def test_bounded_things_give_no_line_count(prompt: str) -> None:
    assert of_kind(prompt, "line_count") == []


@pytest.mark.parametrize(
    ("prompt", "value"),
    [
        ("Give me 7 steps, one step per line.", 7),
        ("Write exactly 7 steps, one step per line.", 7),
        ("List 8 bars, each bar on its own line.", 8),
        ("Give me 5 tips, one tip per line, at most 20 words each.", 5),
    ],
)
def test_stated_things_give_their_line_count(prompt: str, value: int) -> None:
    assert of_kind(prompt, "line_count") == [("line_count", "exactly", value)]


# -- the last of several counts is no count of the headings --


@pytest.mark.parametrize(
    "prompt",
    [
        "Create a dinner menu: 3 starters, 4 mains, 2 desserts, under headings STARTERS, MAINS.",
        "Write 3 starters, 4 mains and 2 desserts, each under its own heading.",
        "Write 2 poems and 3 stories, each under a heading.",
        "Give me 4 pros & 3 cons, each with a heading.",
        "Plan 5 breakfasts, 5 lunches, plus 5 dinners, each under an H2 heading.",
    ],
)
def test_last_of_several_counts_is_no_heading_count(prompt: str) -> None:
    assert of_kind(prompt, "heading_count") == []


@pytest.mark.parametrize(
    ("prompt", "value"),
    [
        ("Write 5 tips, each under a heading.", 5),
        ("Give me 3 recipes, each with its own H2 heading.", 3),
    ],
)
def test_one_count_of_things_is_their_heading_count(prompt: str, value: int) -> None:
    assert of_kind(prompt, "heading_count") == [("heading_count", "exactly", value)]


# -- pieces told apart by a separator: as many as the things asked --


def versions(prompt: str) -> list[tuple[int, bool]]:
    return [
        (int(getattr(c.spec, "versions", 0)), bool(getattr(c.spec, "at_least", False)))
        for c in compile_checks(prompt)
        if c.spec.kind_name() == "separated_versions"
    ]


@pytest.mark.parametrize(
    ("prompt", "expected"),
    [
        (
            "Write 3 LinkedIn hooks for our campaign. Each one sentence. "
            "Separate them with a line containing only '---'.",
            [(3, False)],
        ),
        ("Write 4 slogans. Separate them with '***'.", [(4, False)]),
        ("Give me 6 taglines for a bakery. Separate them with '---'.", [(6, False)]),
        # no one count of things asked: at least two pieces
        ("Write some slogans. Separate them with '***'.", [(2, True)]),
        ("Write 3 tips and 2 warnings. Separate them with '---'.", [(2, True)]),
        # the things asked after the separator are not what "them" names
        ("Separate them with '---'. Write 3 hooks.", [(2, True)]),
    ],
)
def test_separated_pieces_counted_by_the_things_asked(
    prompt: str, expected: list[tuple[int, bool]]
) -> None:
    assert versions(prompt) == expected


# -- characters placed at a start or an end are no count of the answer's --


def char_counts(prompt: str) -> list[tuple[object, object, object]]:
    return [
        (
            getattr(c.spec, "char_class", None),
            getattr(c.spec, "relation", None),
            getattr(c.spec, "value", None),
        )
        for c in compile_checks(prompt)
        if c.spec.kind_name() == "char_class_count"
    ]


@pytest.mark.parametrize(
    "prompt",
    [
        "Generate 5 usernames. Rules: must start with a letter, must end with exactly two digits.",
        "End your reply with exactly two digits.",
        "Your reply must begin with at least 3 capital letters.",
        "Write a code ending with three digits.",
        "Each ID starts with 2 capital letters.",
    ],
)
def test_placed_characters_are_no_count(prompt: str) -> None:
    assert char_counts(prompt) == []


@pytest.mark.parametrize(
    ("prompt", "expected"),
    [
        ("Include exactly two digits.", [("digit", "exactly", 2)]),
        ("Use at least 3 capital letters.", [("uppercase", "at_least", 3)]),
    ],
)
def test_counted_characters_still_count(prompt: str, expected: list[tuple[str, str, int]]) -> None:
    assert char_counts(prompt) == expected
