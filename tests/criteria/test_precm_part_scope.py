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
