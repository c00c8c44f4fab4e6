"""A requirement said of each part, or of a part at the head of its clause
list, is no requirement of the whole answer: "each answer" of an FAQ, "each
section heading … ALL CAPS", "subject in lowercase, …, no trailing period"
(near misses of the compiler's own false checks)."""

from __future__ import annotations

import pytest

from redraft.criteria import compile_checks


def kinds(prompt: str, system: str | None = None) -> list[str]:
    return [c.spec.kind_name() for c in compile_checks(prompt, system=system)]


# -- "each answer" of questions and answers is one part's --


@pytest.mark.parametrize(
    "prompt",
    [
        "Write a FAQ with 4 questions. Each question in bold, each answer max two sentences.",
        "Write an FAQ. Each answer no more than two sentences.",
        "Write an FAQ. Keep each answer under 30 words.",
        "Write a Q&A: each reply at most 3 sentences.",
        "Make a quiz of 5 questions; every answer under 10 words.",
    ],
)
def test_each_answer_of_an_faq_is_no_count_of_the_whole(prompt: str) -> None:
    assert "sentence_count" not in kinds(prompt)
    assert "word_count" not in kinds(prompt)


@pytest.mark.parametrize(
    ("prompt", "kind"),
    [
        ("Keep each answer under 100 words.", "word_count"),
        ("Explain photosynthesis. Each answer must be under 50 words.", "word_count"),
        ("Answer in no more than two sentences.", "sentence_count"),
    ],
)
def test_each_answer_without_questions_is_the_response(prompt: str, kind: str) -> None:
    assert kind in kinds(prompt)


# -- case and final marks said of a part at the head of the list --


@pytest.mark.parametrize(
    ("prompt", "system"),
    [
        (
            "Summarise.",
            "Use numbered sections, and each section heading is in caps, so use ALL CAPS.",
        ),
        ("Write 5 tips, each tip in lowercase.", None),
        ("Each title in all caps.", None),
        ("The title in all caps, please.", None),
        ("Write a list; every item should use uppercase letters.", None),
    ],
)
def test_case_of_a_part_is_no_case_of_the_whole(prompt: str, system: str | None) -> None:
    assert "letter_case" not in kinds(prompt, system)


@pytest.mark.parametrize(
    "prompt",
    [
        "Output one commit message: a first line; subject in lowercase, max 50 characters, "
        "no trailing period.",
        "Each heading in bold, no trailing period.",
        "Every bullet: short, no final period.",
        "Write 3 sections; each section title must be short, no trailing period.",
        "Write a list of tips; the title in caps, no trailing period.",
    ],
)
def test_end_of_a_part_is_no_end_of_the_whole(prompt: str) -> None:
    assert "no_final_mark" not in kinds(prompt)


@pytest.mark.parametrize(
    ("prompt", "kind"),
    [
        ("Respond in ALL CAPS.", "letter_case"),
        ("Write a poem. No trailing period.", "no_final_mark"),
        ("Write a haiku in lowercase, no trailing period.", "letter_case"),
        ("Write a haiku in lowercase, no trailing period.", "no_final_mark"),
    ],
)
def test_the_whole_answer_still_compiles(prompt: str, kind: str) -> None:
    assert kind in kinds(prompt)


# -- a count for some of the parts is no count of each part --


def each_counts(prompt: str) -> list[tuple[str, object, object]]:
    return [
        (c.spec.kind_name(), getattr(c.spec, "relation", None), getattr(c.spec, "value", None))
        for c in compile_checks(prompt)
        if c.spec.kind_name() == "each_count"
    ]


@pytest.mark.parametrize(
    "prompt",
    [
        "Use bullet lists in the last three sections with 4-6 bullets each.",
        "Write the first two paragraphs with 3 sentences each.",
        "Use sections 2-4 with 3 bullets each.",
        "In the other sections, use 2 bullets each.",
        "Give the remaining sections 3 bullets each.",
        "Write two of the sections with 5 bullets each.",
    ],
)
def test_some_parts_give_no_each_count(prompt: str) -> None:
    assert each_counts(prompt) == []


@pytest.mark.parametrize(
    ("prompt", "expected"),
    [
        ("Write 4 sections with 3 bullets each.", [("each_count", "exactly", 3)]),
        ("Write 5 paragraphs, each with at most 4 sentences.", [("each_count", "at_most", 4)]),
        (
            "Write a 'Pros' section and a 'Cons' section, 4 bullets in each.",
            [("each_count", "exactly", 4)],
        ),
    ],
)
def test_every_part_gives_its_each_count(prompt: str, expected: list[tuple[str, str, int]]) -> None:
    assert each_counts(prompt) == expected


# -- a list of quoted words is no one word every part starts or ends with --


def affixes(prompt: str) -> list[tuple[str, object]]:
    return [
        (c.spec.kind_name(), getattr(c.spec, "phrase", None))
        for c in compile_checks(prompt)
        if c.spec.kind_name() in ("each_starts_with", "each_ends_with")
    ]


@pytest.mark.parametrize(
    "prompt",
    [
        "Each paragraph must start with the word 'Welcome', 'During', or 'Before', in that order.",
        "Each paragraph must start with 'First', then 'Second', then 'Finally'.",
        "Every bullet must begin with 'Tip' or 'Fact'.",
        "Each stanza must end with 'goodnight', followed by 'sleep tight'.",
        "Each paragraph should open with 'One', 'Two' and 'Three' respectively.",
    ],
)
def test_listed_words_are_no_single_affix(prompt: str) -> None:
    assert affixes(prompt) == []


@pytest.mark.parametrize(
    ("prompt", "expected"),
    [
        (
            "Each paragraph must start with the word 'Welcome'.",
            [("each_starts_with", "Welcome")],
        ),
        (
            "Each paragraph should start with 'Note:' and stay short.",
            [("each_starts_with", "Note:")],
        ),
    ],
)
def test_one_quoted_word_is_the_affix(prompt: str, expected: list[tuple[str, str]]) -> None:
    assert affixes(prompt) == expected
