"""Item and question counts in more request grammars: values made up one to a
line ("8 fake customer IDs", in a code block too), a list document named
("a glossary of 10 terms", "a 'Never Have I Ever' list of 8 prompts"), a
list's size with its layout after it ("a glossary of 10 in the format …"),
and a set of questions sized after a colon ("Pub quiz round on rivers: 4
questions."); with the near misses that must compile no such count."""

from __future__ import annotations

import pytest

from redraft.criteria import compile_checks
from redraft.criteria._families._answer_items import answer_items
from redraft.criteria._families._base import FamilyCount

_KINDS = {"item_count", "bullet_count", "numbered_count", "question_count", "line_count"}


def _counts(prompt: str) -> list[tuple[str, str, int]]:
    return [
        (c.spec.kind, c.spec.relation, c.spec.value)
        for c in compile_checks(prompt)
        if isinstance(c.spec, FamilyCount) and c.spec.kind in _KINDS
    ]


@pytest.mark.parametrize(
    ("prompt", "value"),
    [
        # values made up one to a line, whatever verb makes them
        ("Create 5 sample order IDs.", 5),
        ("Make 6 random passwords, each 12 characters long.", 6),
        ("Draft 4 test email addresses for our staging server.", 4),
        # a wish asks for them when they are made up
        ("I need 5 fake Canadian postal codes for testing, format A1A 1A1.", 5),
        ("We need 7 dummy tracking numbers for the demo.", 7),
        # a code block's lines are the values
        ("Generate 8 fake customer IDs for a test database. Put them in a code block.", 8),
        ("Give me 3 sample UUIDs in a single code block.", 3),
        # a list document sizes its entries
        ("Produce a glossary of 5 cloud terms.", 5),
        ("Write a glossary of 6 baking terms.", 6),
        ("Build a word bank of 12 weather words.", 12),
        ("Make me a list of 6 in the format 'x – y'.", 6),
        (
            "Knitting abbreviations: give me a glossary of 10 in the format 'k2tog: knit two "
            "together', sorted alphabetically.",
            10,
        ),
        # a list's name in quotes
        ("Write a 'Never Have I Ever' list of 8 prompts for a work-friendly game.", 8),
        ('Create a "Bucket List" list of 9 trips.', 9),
    ],
)
def test_item_counts_compile(prompt: str, value: int) -> None:
    assert ("item_count", "exactly", value) in _counts(prompt)
    assert [k for k, _, _ in _counts(prompt)] == ["item_count"]


@pytest.mark.parametrize(
    "prompt",
    [
        # not made up, or not asked: the asker's own or a need, not a request
        "I need 2 codes to get into the building.",
        "I have 5 order numbers: 1, 2, 3, 4, 5. Sort them.",
        "Do not generate 8 fake IDs.",
        # code the values are inside of, or a part beside them
        "Write a Python function that generates 5 fake IDs in a code block.",
        "Generate 5 fake IDs, then explain how they were made in a code block.",
        # a list document that is one part of the answer, or each part's
        "Write an essay that includes a glossary of 5 terms.",
        "My glossary of 10 terms is below; fix it.",
        "Build a glossary of 10 terms for each chapter.",
        "Write a 'Top Picks' list of 5 books, then a paragraph on why.",
        "Write an essay and a 'Top 3' list of 3 books.",
        # a bare size where the number may be a value, or hedged
        "Give me a list of 5 in the format below, rated out of 10.",
        "If you can, give me a glossary of 10.",
        "Give me 8 in the format 'a: b'.",
    ],
)
def test_near_misses_compile_no_item_count(prompt: str) -> None:
    assert "item_count" not in [k for k, _, _ in _counts(prompt)]


@pytest.mark.parametrize(
    ("prompt", "value"),
    [
        ("Pub quiz round on rivers: 4 questions.", 4),
        ("Create an interview kit: 8 questions for a customer success manager.", 8),
        ("Survey for new hires: 6 questions.", 6),
        ("Biology test: 10 questions about cells.", 10),
        ("Please write a warm-up quiz on fractions: exactly 5 questions.", 5),
    ],
)
def test_a_question_set_sized_after_a_colon(prompt: str, value: int) -> None:
    assert _counts(prompt) == [("question_count", "exactly", value)]


@pytest.mark.parametrize(
    "prompt",
    [
        "My quiz round on rivers: 4 questions. Can you check it?",
        "Here is the quiz: 4 questions.",
        "Don't write a quiz: 4 questions.",
        "If you make a quiz: 4 questions.",
        "Pub quiz round: 4 questions? Maybe.",
        "A quiz on rivers: 4 questions I could ask my class.",
        "Quiz on rivers: 4 questions per round.",
        "Pub quiz round on rivers: 4 questions, each with a hint.",
        "Write an FAQ section: 4 questions.",
    ],
)
def test_near_misses_compile_no_question_count(prompt: str) -> None:
    assert "question_count" not in [k for k, _, _ in _counts(prompt)]


@pytest.mark.parametrize(
    ("answer", "items"),
    [
        ("Here are your IDs:\n\n```\nCUST-0001\nCUST-0002\nCUST-0003\n```", 3),
        ("```\nCUST-0001, CUST-0002, CUST-0003\n```", 3),
        ("```text\nA1A 1A1\nB2B 2B2\n```", 2),
        ("Glossary:\n\n**APERTURE** — the opening.\n**ISO** — sensitivity.", 2),
    ],
)
def test_values_in_a_code_block_are_its_lines(answer: str, items: int) -> None:
    assert len(answer_items(answer)) == items
