"""Wordings of less usual requirements that once compiled a false check:
both sides of a keyword's count, counts of distinct things, one part's count
in a sequence of parts, and a letter's count read as a keyword."""

from __future__ import annotations

from typing import Any

import pytest

from redraft.criteria import compile_checks


def specs(prompt: str) -> list[dict[str, Any]]:
    return [c.spec.model_dump(mode="json") for c in compile_checks(prompt)]


def keyword_bounds(prompt: str) -> set[tuple[str, str, int]]:
    return {
        (s["keyword"], s["relation"], s["value"]) for s in specs(prompt) if s["kind"] == "keyword"
    }


@pytest.mark.parametrize(
    ("prompt", "bounds"),
    [
        (
            "Mention the word 'data' at least 3 times but no more than 5 times.",
            {("data", "at_least", 3), ("data", "at_most", 5)},
        ),
        (
            'Use "budget" at least 2 times and at most 4 times in your reply.',
            {("budget", "at_least", 2), ("budget", "at_most", 4)},
        ),
        (
            "The keyword 'cloud' should appear at least twice but not more than four times.",
            {("cloud", "at_least", 2), ("cloud", "at_most", 4)},
        ),
        (
            "Use 'synergy' at least once, but fewer than 3 times.",
            {("synergy", "at_least", 1), ("synergy", "at_most", 2)},
        ),
        (
            "Use 'river' at least twice and 'stone' no more than once.",
            {("river", "at_least", 2), ("stone", "at_most", 1)},
        ),
    ],
)
def test_both_sides_of_a_keyword_count_bind_the_same_keyword(
    prompt: str, bounds: set[tuple[str, str, int]]
) -> None:
    assert keyword_bounds(prompt) == bounds


def test_crossed_bounds_on_a_keyword_compile_no_count() -> None:
    # at least 5 and at most 3 holds for no answer: the writer slipped
    crossed = "Use the word 'bright' at least 5 times but no more than 3 times."
    assert keyword_bounds(crossed) == set()


@pytest.mark.parametrize(
    "prompt",
    [
        "Your answer must have no more than 20 distinct words.",
        "Use at most 10 different words.",
        "Write a tweet with at most 3 different hashtags.",
        "Include at least 5 different emojis.",
        "Use no more than 12 unique words in the slogan you write.",
        "Answer with fewer than 15 unique characters.",
        "Use at least 4 different numbers.",
    ],
)
def test_a_count_of_distinct_tokens_is_no_count_of_occurrences(prompt: str) -> None:
    # the same word or emoji twice adds one occurrence but no new kind
    kinds = {"word_count", "emoji_count", "hashtag_count", "char_count", "number_count"}
    assert not [s for s in specs(prompt) if s["kind"] in kinds]


@pytest.mark.parametrize(
    ("prompt", "kind", "value"),
    [
        ("Give me 5 distinct bullet points on safety.", "bullet_count", 5),
        ("Use at most 20 words.", "word_count", 20),
        ("Include at most 3 hashtags.", "hashtag_count", 3),
    ],
)
def test_distinct_parts_and_plain_tokens_still_count(prompt: str, kind: str, value: int) -> None:
    assert [(s["kind"], s["value"]) for s in specs(prompt) if s["kind"] == kind] == [(kind, value)]


@pytest.mark.parametrize(
    "prompt",
    [
        "Write a sentence with exactly 7 words, then a sentence with exactly 9 words.",
        "Write one sentence of 7 words and then another one with exactly 9 words.",
        "Write a haiku, then a sentence with exactly 9 words.",
        "Give a title, then a paragraph of at most 80 words.",
        "Start with a greeting, then write exactly 3 sentences.",
        "Write 2 sentences followed by a short list of tips.",
        "Two paragraphs of background, and another paragraph with your advice.",
    ],
)
def test_one_part_of_a_sequence_is_no_count_of_the_whole(prompt: str) -> None:
    counts = {"word_count", "sentence_count", "paragraph_count"}
    assert not [s for s in specs(prompt) if s["kind"] in counts]


@pytest.mark.parametrize(
    ("prompt", "kind", "value"),
    [
        ("Write exactly 4 sentences.", "sentence_count", 4),
        (
            "Write 4 paragraphs, each starting with these words: Once, Then, Later, Finally.",
            "paragraph_count",
            4,
        ),
    ],
)
def test_a_count_beside_no_sequence_still_counts(prompt: str, kind: str, value: int) -> None:
    assert [(s["kind"], s["value"]) for s in specs(prompt) if s["kind"] == kind] == [(kind, value)]


@pytest.mark.parametrize(
    ("prompt", "relation", "value"),
    [
        ("Your reply must contain the letter 'x' no more than 2 times.", "at_most", 2),
        ("Include the letter 'z' at most once.", "at_most", 1),
        ("The letter 'e' should appear at least 10 times.", "at_least", 10),
    ],
)
def test_a_letter_with_a_count_is_a_letter_count_not_a_keyword(
    prompt: str, relation: str, value: int
) -> None:
    found = specs(prompt)
    assert not [s for s in found if s["kind"] == "keyword"]
    assert [(s["relation"], s["value"]) for s in found if s["kind"] == "letter_count"] == [
        (relation, value)
    ]


def kinds(prompt: str) -> list[str]:
    return [s["kind"] for s in specs(prompt)]


# Each near miss names a kind that must not compile from it: the wording says
# something narrower, of parts, or inverted.
NEAR_MISSES = [
    ("Write a birthday note with exactly two question marks in it.", "question_count"),
    ("Give me 3 recipes. Each recipe: a short title of 3-5 words, then the steps.", "part_count"),
    ("List 6 tools. For each tool, a title of at most 4 words and one line of use.", "part_count"),
    ("Make an FAQ with 5 questions and their answers. Answers max 3 sentences.", "sentence_count"),
    ("Draft a Q&A for our app, 4 entries. Answers: under 40 words.", "word_count"),
    ("Write 4 riddles. Number them R1 to R4.", "numbered_count"),
    ("Give me 5 steps; number them as Step 1, Step 2 and so on.", "numbered_count"),
    (
        "Write 3 slogans, each must start with a verb and be no longer than 8 words.",
        "word_count",
    ),
    ("Write a haiku, every line should be lowercase and be under 6 words.", "word_count"),
    ("Describe a rainy day and exclude every word containing the letter 'a'.", "word_pattern"),
    ("Avoid all words that contain the letter 'e' when you describe your dog.", "word_pattern"),
    ("Write a limerick about tea, then translate it into French.", "language"),
    ("Compose a short toast and also translate it into German.", "language"),
    ("Write two poems with a line of three dashes (- - -) between them.", "separated_versions"),
    ("What length is best for a cover letter? I heard it should be under 300 words.", "word_count"),
    ("Apparently tweets must be at most 280 characters. Is that still true?", "char_count"),
    (
        "Outline it. Use Roman numerals (I., II.) for main sections and a., b. for subpoints.",
        "list_marker",
    ),
    (
        "Invent a postcode for a novel, formatted like SW1A 1AA. Just the number.",
        "number_only",
    ),
    (
        "Make up a phone number for a film prop, like (555) 010-9999. Just the number.",
        "number_only",
    ),
]


@pytest.mark.parametrize(("prompt", "kind"), NEAR_MISSES)
def test_near_misses_of_less_usual_wordings_compile_no_false_check(prompt: str, kind: str) -> None:
    assert kind not in kinds(prompt)


# The same kinds still compile where the wording asks for them.
POSITIVES = [
    ("Your message must contain exactly one question mark.", "punctuation_count"),
    ("Every notification: a title of at most 30 characters on line 1.", "part_count"),
    ("Give me 5 ideas. Number them.", "numbered_count"),
    ("Every word must contain the letter 'a'.", "word_pattern"),
    ("Translate this sentence into French: 'I like tea.'", "language"),
    ("Write two poems separated by a line of three asterisks.", "separated_versions"),
    ("Number the steps with Roman numerals (I., II., III.).", "list_marker"),
    ("What is 17 times 23? Just the number.", "number_only"),
    ("Write a tweet, keep it under 200 characters and include 2 hashtags.", "hashtag_count"),
]


@pytest.mark.parametrize(("prompt", "kind"), POSITIVES)
def test_the_same_kinds_compile_where_asked(prompt: str, kind: str) -> None:
    assert kind in kinds(prompt)


@pytest.mark.parametrize(
    "prompt",
    [
        "In your response, the word 'cloud' should appear less often than the word 'rain'.",
        "Use 'north' more often than 'south'.",
        "The word 'yes' must appear as often as the word 'no'.",
    ],
)
def test_a_keyword_compared_with_another_compiles_no_count(prompt: str) -> None:
    assert keyword_bounds(prompt) == set()


@pytest.mark.parametrize(
    "prompt",
    [
        "Write two sentences: one with exactly 5 words and one with exactly 10 words.",
        "Give me two slogans, the first with at most 4 words, the other with 8.",
        "Write three sentences, one of them with exactly 12 words.",
    ],
)
def test_a_count_said_of_one_of_several_parts_is_no_count_of_the_whole(prompt: str) -> None:
    assert "word_count" not in kinds(prompt)


@pytest.mark.parametrize(
    "prompt",
    [
        "List 4 animals with exactly 5 letters each.",
        "Name three rivers with at most 6 letters.",
        "Give me 5 passwords, each with at least 2 digits.",
    ],
)
def test_a_character_count_of_each_thing_listed_is_no_count_of_the_answer(prompt: str) -> None:
    assert "char_class_count" not in kinds(prompt)


def test_a_character_count_of_the_one_thing_asked_still_counts() -> None:
    assert "char_class_count" in kinds("Write a password with at least 2 digits.")
