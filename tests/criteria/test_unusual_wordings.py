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
