"""Requests whose verb is left out and sizes given in brackets: a prompt that
opens by naming the thing it wants ("Short heist story (under 200 words)
…", "Six sentences about a thunderstorm …") asks for it as "write" would,
and "a short essay (4 paragraphs)" gives the essay's size; a thing given
("my essay (4 paragraphs)"), a later part, or a sentence about the count
("three paragraphs about it are below") is no such request. "Not long,
maximum 120 words" softens nothing away, and a range read before "total"
("between 3 and 5 emojis total") is no count of its high end."""

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


@pytest.mark.parametrize(
    ("prompt", "expected"),
    [
        (
            "Short heist story (under 200 words) that contains exactly 3 numbers.",
            ("word_count", "at_most", 199),
        ),
        ("A short essay on the bicycle, under 200 words.", ("word_count", "at_most", 199)),
        ("Story about a dog, no more than 150 words.", ("word_count", "at_most", 150)),
        ("Quick limerick about cats, at least 30 words.", ("word_count", "at_least", 30)),
        (
            "Write a short essay (4 paragraphs) on the history of the bicycle.",
            ("paragraph_count", "exactly", 4),
        ),
        ("Short essay (3 paragraphs) on bikes.", ("paragraph_count", "exactly", 3)),
        ("Write a paragraph (5 sentences) about rain.", ("sentence_count", "exactly", 5)),
        (
            "Write a story (3 paragraphs, under 300 words) about rain.",
            ("paragraph_count", "exactly", 3),
        ),
        (
            "Six sentences about a thunderstorm for a punctuation lesson.",
            ("sentence_count", "exactly", 6),
        ),
        ("Three paragraphs on why cats nap so much.", ("paragraph_count", "exactly", 3)),
        (
            "Please write the formal letter. Not long, maximum 120 words.",
            ("word_count", "at_most", 120),
        ),
    ],
)
def test_the_thing_asked_without_a_verb_gives_the_answers_size(
    prompt: str, expected: tuple[str, str, int]
) -> None:
    assert expected in counts(prompt)


@pytest.mark.parametrize(
    "prompt",
    [
        # a thing given, not asked
        "Summarise my essay (4 paragraphs) in two bullet points.",
        "Summarise John's essay (4 paragraphs) in two bullet points.",
        "My essay on the bicycle (under 200 words) got a B. Any tips?",
        "Write a reply to the letter (3 paragraphs) my aunt sent.",
        "The story below is under 200 words. Summarize it.",
        # several things asked: the bracket may be each one's
        "Write 3 stories (2 paragraphs) about rain.",
        # hedged inside the bracket
        "Write a short essay (4 paragraphs or so) on bikes.",
        "Write an essay (ideally 4 paragraphs) on bikes.",
        # a sentence about the count, not a request for it
        "Three paragraphs about the war are below. Fix the grammar.",
        "Write a story. Six sentences about a dog follow.",
        # the opening names one part of the answer; a later sentence adds another
        "Motto for our chess club, in Latin, fewer than 5 words. "
        "Then on a second line the English translation.",
        "Not long ago I wrote 3 paragraphs about it.",
    ],
)
def test_no_size_for_a_thing_given_or_a_part(prompt: str) -> None:
    assert not {
        c for c in counts(prompt) if c[0] in {"word_count", "paragraph_count", "sentence_count"}
    }, prompt


def test_the_opening_request_reads_other_families_too() -> None:
    kinds = {c.spec.kind_name() for c in compile_checks("Haiku about rain, all lowercase.")}
    assert "letter_case" in kinds
    # but not when a later sentence adds a part in another language
    kinds = {
        c.spec.kind_name()
        for c in compile_checks(
            "Motto for our chess club, in Latin. Then the English translation below it."
        )
    }
    assert "language" not in kinds


def test_the_bracket_is_no_part_of_the_quoted_phrase() -> None:
    (check,) = [
        c
        for c in compile_checks("Write a short essay (4 paragraphs) on bikes.")
        if c.spec.kind_name() == "paragraph_count"
    ]
    assert check.source_text == "4 paragraphs"


@pytest.mark.parametrize(
    ("prompt", "expected"),
    [
        (
            "I need a short note for my colleague. Please not longer than 3 sentences.",
            ("sentence_count", "at_most", 3),
        ),
        ("Write a story, no shorter than 200 words.", ("word_count", "at_least", 200)),
        ("Write a story, not shorter than 200 words.", ("word_count", "at_least", 200)),
        (
            "Tell my team the deadline moved. Make it 2 sentences, mention both dates.",
            ("sentence_count", "exactly", 2),
        ),
        ("Write about tides. Make it 3 paragraphs.", ("paragraph_count", "exactly", 3)),
        ("Write a note. Don't make it longer than 3 sentences.", ("sentence_count", "at_most", 3)),
        (
            "Product description for a toothbrush, 6 sentences total, and make it fun.",
            ("sentence_count", "exactly", 6),
        ),
    ],
)
def test_relations_said_without_a_verb(prompt: str, expected: tuple[str, str, int]) -> None:
    assert expected in counts(prompt)


@pytest.mark.parametrize(
    "prompt",
    [
        "My essay is not longer than 300 words. Give me a title for it.",
        # "make it N words" is a target, as "keep it N words" is: words are not counted exactly
        "Write about tides. Make it 100 words.",
        "Make the 3 sentences funnier.",
        "Rewrite these. Make them 2 sentences each.",
        # "total" of a unit a bare number does not count exactly
        "Write a story, 150 words total.",
        "Two short paragraphs about cats and one about dogs, 3 paragraphs total.",
    ],
)
def test_no_relation_without_the_answer(prompt: str) -> None:
    assert not {
        c for c in counts(prompt) if c[0] in {"word_count", "paragraph_count", "sentence_count"}
    }, prompt


@pytest.mark.parametrize(
    "prompt",
    [
        "Compose a welcome message. Use between 3 and 5 emojis total, and keep it short.",
        "Use 3 to 5 emojis total.",
        "Write a poem, 4 or 5 lines total.",
    ],
)
def test_a_range_before_total_is_no_count_of_its_high_end(prompt: str) -> None:
    found = counts(prompt)
    assert not any(relation == "exactly" for _, relation, _ in found), found
    assert {relation for _, relation, _ in found} == {"at_least", "at_most"}


@pytest.mark.parametrize(
    ("prompt", "expected"),
    [
        (
            "Shorten this headline to 8 words or fewer: 'Local Council Announces Big Plan'",
            ("word_count", "at_most", 8),
        ),
        ("Tighten this paragraph to under 60 words.", ("word_count", "at_most", 59)),
        ("Shorten it to 2 sentences.", ("sentence_count", "at_most", 2)),
        ("Cut it down to 3 paragraphs.", ("paragraph_count", "at_most", 3)),
        ("Please condense my notes to 100 words.", ("word_count", "at_most", 100)),
    ],
)
def test_a_text_shortened_to_a_count_is_bounded_by_it(
    prompt: str, expected: tuple[str, str, int]
) -> None:
    assert expected in counts(prompt)


@pytest.mark.parametrize(
    "prompt",
    [
        # a second part asked beside the shortened text
        "Can you shorten my essay to 500 words and list what you cut?",
        "Shorten it to 2 sentences, then explain the changes.",
        # told, not asked
        "I had to shorten my essay to 500 words. Any tips?",
        # shortened to a count of something else
        "Shorten the email to my boss to 3 sentences.",
    ],
)
def test_no_bound_when_the_shortened_text_is_not_the_whole_answer(prompt: str) -> None:
    assert not {
        c for c in counts(prompt) if c[0] in {"word_count", "paragraph_count", "sentence_count"}
    }, prompt


@pytest.mark.parametrize(
    ("prompt", "kind", "kept"),
    [
        # "also" before a thing names a later part: the opening's reading is one part's
        ("Motto for our chess club, in Latin. Also the English translation.", "language", False),
        ("Write 3 paragraphs. Also a short P.S. at the end.", "paragraph_count", False),
        ("In one word, what is Paris? Afterwards, a sentence on why.", "word_count", False),
        # "also" before a rule adds a requirement, not a part
        ("Motto for our chess club, in Latin. Also, no more than 5 words.", "language", True),
        ("Write 3 paragraphs. Also include the word cat.", "paragraph_count", True),
    ],
)
def test_a_later_part_is_read_alike_by_the_opening_and_the_counts(
    prompt: str, kind: str, kept: bool
) -> None:
    kinds = {c.spec.kind_name() for c in compile_checks(prompt)}
    assert (kind in kinds) is kept
