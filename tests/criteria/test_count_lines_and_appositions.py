"""Sentence and paragraph counts in three wordings the count grammar missed:
a criteria line that states counts one after another ("No more than 120
words and exactly 3 paragraphs."), a count set off by a comma after the one
thing asked for ("Please write a summary of X, 3 paragraphs, …"), and a
count after "answer yes or no" (whose "no" negates nothing). Near misses:
several things asked for (the count may be each one's), words (a bare
number is no exact word count), a hedge, a given text, a later part, a real
negation."""

from __future__ import annotations

from typing import Any

import pytest

from redraft.criteria import compile_checks


def counts(prompt: str) -> set[tuple[str, str, int]]:
    found: set[tuple[str, str, int]] = set()
    for check in compile_checks(prompt):
        spec: dict[str, Any] = check.spec.model_dump(mode="json")
        if "value" in spec and "relation" in spec:
            found.add((spec["kind"], spec["relation"], spec["value"]))
    return found


def prose_counts(prompt: str) -> set[tuple[str, str, int]]:
    return {c for c in counts(prompt) if c[0] in ("sentence_count", "paragraph_count")}


@pytest.mark.parametrize(
    ("prompt", "expected"),
    [
        (
            "Write a short fairy tale. No more than 120 words and exactly 3 paragraphs.",
            {("word_count", "at_most", 120), ("paragraph_count", "exactly", 3)},
        ),
        (
            "Write a fable. At most 200 words, 3 paragraphs.",
            {("word_count", "at_most", 200), ("paragraph_count", "exactly", 3)},
        ),
        (
            "Write a poem. No more than 120 words and exactly 3 stanzas.",
            {("word_count", "at_most", 120), ("paragraph_count", "exactly", 3)},
        ),
        (
            "Describe the tide. Under 80 words; at most 4 sentences.",
            {("word_count", "at_most", 79), ("sentence_count", "at_most", 4)},
        ),
    ],
)
def test_a_line_of_counts_states_each_of_them(
    prompt: str, expected: set[tuple[str, str, int]]
) -> None:
    assert counts(prompt) == expected


@pytest.mark.parametrize(
    "prompt",
    [
        # several things asked before: the counts may be each slogan's
        "Give me 3 slogans. Under 8 words and one sentence.",
        # a wish, not a rule
        "Write a fable. No more than 120 words and 3 paragraphs would be ideal.",
        # the counts describe something given
        "Write a fable. 5 words and 3 paragraphs of it are mine.",
    ],
)
def test_a_line_of_counts_about_something_else_states_no_paragraph_count(prompt: str) -> None:
    assert not {c for c in counts(prompt) if c[0] == "paragraph_count"}


@pytest.mark.parametrize(
    ("prompt", "expected"),
    [
        (
            "Please write a summary of the French Revolution, 3 paragraphs, with each "
            "paragraph shorter than the previous one.",
            ("paragraph_count", "exactly", 3),
        ),
        (
            "Please write a summary of the French Revolution, 3 paragraphs.",
            ("paragraph_count", "exactly", 3),
        ),
        ("Write a poem about rain, 4 stanzas.", ("paragraph_count", "exactly", 4)),
        ("Write a short bio for me, 3 sentences, no jargon.", ("sentence_count", "exactly", 3)),
        (
            "Could you write an overview of the water cycle, two paragraphs?",
            ("paragraph_count", "exactly", 2),
        ),
    ],
)
def test_a_count_set_off_after_the_thing_asked_is_its_size(
    prompt: str, expected: tuple[str, str, int]
) -> None:
    assert prose_counts(prompt) == {expected}


@pytest.mark.parametrize(
    "prompt",
    [
        # several things: the count may be each tip's
        "Write 4 tips for studying, 2 sentences.",
        # a bare number of words is a size, not an exact count
        "Write a tagline for my cafe, 6 words.",
        # hedged
        "Write a story about a cat, 3 paragraphs would be nice.",
        # each paragraph's count, not the whole
        "Write a summary, 3 paragraphs each.",
        # a later part's count
        "Write a story, then a moral, 2 sentences.",
        # a letter's greeting and sign-off are blocks of their own
        "Write an email to my boss, 3 paragraphs.",
        # what is given, not what is asked
        "Write a summary of my essay, 3 paragraphs long, is what I need.",
    ],
)
def test_a_count_set_off_after_something_else_is_no_size_of_the_answer(prompt: str) -> None:
    assert not prose_counts(prompt)


@pytest.mark.parametrize(
    ("prompt", "expected"),
    [
        (
            "Is it too spammy? Just answer yes or no and why in one sentence.",
            ("sentence_count", "exactly", 1),
        ),
        ("Reply yes/no and why in 2 sentences.", ("sentence_count", "exactly", 2)),
        (
            "Answer yes or no and don't use more than 3 sentences.",
            ("sentence_count", "at_most", 3),
        ),
    ],
)
def test_yes_or_no_negates_nothing(prompt: str, expected: tuple[str, str, int]) -> None:
    assert prose_counts(prompt) == {expected}


@pytest.mark.parametrize(
    "prompt",
    [
        "Don't answer in one sentence.",
        "Answer yes or no and then explain in two sentences.",
        "Answer yes or no; no need to keep it to one sentence.",
    ],
)
def test_a_real_negation_or_a_later_part_still_compiles_nothing(prompt: str) -> None:
    assert not prose_counts(prompt)


@pytest.mark.parametrize(
    ("prompt", "expected"),
    [
        (
            "Give a one-paragraph summary of the French Revolution that's no longer than "
            "5 sentences and mentions 1789.",
            {("paragraph_count", "exactly", 1), ("sentence_count", "at_most", 5)},
        ),
        ("Give a summary that is no longer than 3 sentences.", {("sentence_count", "at_most", 3)}),
    ],
)
def test_give_without_me_names_the_thing_asked(
    prompt: str, expected: set[tuple[str, str, int]]
) -> None:
    assert prose_counts(prompt) == expected


@pytest.mark.parametrize(
    "prompt",
    [
        # a statement, not a request
        "I will give a speech that has 5 paragraphs.",
        # the user's own essay
        "Give a summary of my essay that has 5 paragraphs.",
    ],
)
def test_give_about_something_else_states_no_count(prompt: str) -> None:
    assert not prose_counts(prompt)


@pytest.mark.parametrize(
    "prompt",
    [
        "Respond with only the corrected sentence: 'Their going to the park.'",
        "Fix this: 'Their going.' Return only the corrected sentence, nothing else.",
        "Give me an example of a pangram. Just the sentence.",
        "What does the -x flag do? Just the answer, one sentence.",
    ],
)
def test_only_the_sentence_is_one_sentence(prompt: str) -> None:
    assert prose_counts(prompt) == {("sentence_count", "exactly", 1)}


@pytest.mark.parametrize(
    "prompt",
    [
        "Rewrite only the first sentence of my essay.",  # a part of a given text
        "Return only the corrected sentences.",  # several
        "Don't return only the corrected sentence.",
        "Ideally, return only the corrected sentence.",
        "If it has errors, return only the corrected sentence.",
        "Return only the corrected sentence. Then explain the fix.",  # a later part
        "Return only the corrected sentence and a short note on the fix.",
        "Translate only the sentence below.",
        "Just the answer, one sentence each.",  # each one's
        "Give me 3 tips. Just the tips, one sentence.",  # maybe each tip's
    ],
)
def test_a_sentence_that_is_not_the_whole_answer_is_no_count(prompt: str) -> None:
    assert not prose_counts(prompt)
