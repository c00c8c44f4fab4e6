"""A list's form named after the things counted, as a bare participle set off
by a comma ("12 verbs, numbered", "Exactly 5 snacks, bulleted."): the count
is the form's lines', whatever the things are; with the near misses that
must compile no such count."""

from __future__ import annotations

import pytest

from redraft.criteria import compile_checks
from redraft.criteria._families._base import FamilyCount

_FORMS = {"bullet_count", "numbered_count"}


def _forms(prompt: str) -> list[tuple[str, str, int]]:
    return [
        (c.spec.kind, c.spec.relation, c.spec.value)
        for c in compile_checks(prompt)
        if isinstance(c.spec, FamilyCount) and c.spec.kind in _FORMS
    ]


@pytest.mark.parametrize(
    ("prompt", "expected"),
    [
        (
            "Vocabulary drill for my Spanish class. 12 verbs, numbered, all in the infinitive.",
            [("numbered_count", "exactly", 12)],
        ),
        (
            "Make a packing checklist for a beach day. Exactly 5 snacks, bulleted.",
            [("bullet_count", "exactly", 5)],
        ),
        (
            "I want 7 interview questions, numbered, each ending with a question mark.",
            [("numbered_count", "exactly", 7)],
        ),
        (
            "Plan a stretching routine for desk workers: 6 exercises, numbered, each with a hold.",
            [("numbered_count", "exactly", 6)],
        ),
        (
            "Write a reading list for a new manager: at most 4 books, bulleted.",
            [("bullet_count", "at_most", 4)],
        ),
    ],
)
def test_form_after_count_counts_its_lines(
    prompt: str, expected: list[tuple[str, str, int]]
) -> None:
    assert _forms(prompt) == expected


@pytest.mark.parametrize(
    "prompt",
    [
        # hedged, negated, conditional, asked about
        "Write a quiz, maybe 10 questions, numbered.",
        "If you write a quiz, use 10 questions, numbered.",
        "Should a quiz have 10 questions, numbered?",
        # parts labelled, not list lines
        "Write an essay in 5 paragraphs, numbered.",
        "Write a 7-day meal plan: 7 days, numbered.",
        # another set of things, or of the form's lines
        "Give me 5 tips, numbered, and 3 warnings.",
        "Write 6 questions, numbered, with 2 numbered hints under each.",
        # more beside the list: a second numbered part, a title, a then-part
        "Quiz night: 10 questions, numbered. Then the answers, numbered the same way.",
        "Add a title, then 8 facts, numbered.",
        # each part's count, nested lists
        "For each chapter, list 3 themes, bulleted.",
        "Give me 4 ideas, bulleted, with sub-bullets for the steps.",
        # one thing is no list
        "One idea, numbered.",
    ],
)
def test_near_misses_compile_no_form_count(prompt: str) -> None:
    assert _forms(prompt) == []


@pytest.mark.parametrize(
    ("prompt", "expected"),
    [
        (
            "Write 4 social posts about our bakery. Number them. No post may start with the "
            "same word as another.",
            [("numbered_count", "exactly", 4)],
        ),
        (
            "Give me 5 ideas for a party. Use a bulleted list. No idea may repeat another.",
            [("bullet_count", "exactly", 5)],
        ),
        # another list is still a second list
        (
            "Write 4 social posts about our bakery. Number them. Then write another list of tags.",
            [],
        ),
        ("Give me 5 ideas for a party. Number them. Add another 3 for a picnic.", []),
    ],
)
def test_another_closing_a_comparison_is_no_second_list(
    prompt: str, expected: list[tuple[str, str, int]]
) -> None:
    assert _forms(prompt) == expected
