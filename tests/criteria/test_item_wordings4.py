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
        # a template of each line: the lines are the items read
        ("List 5 rivers, each line formatted as 'Name – length'.", 5),
        (
            "Clue list for a kids' puzzle page: 6 items, every answer exactly 5 letters long, "
            'each line formatted "clue (5): ANSWER".',
            6,
        ),
        # each one's length after a comma is no second set of things
        ("give me 3 names for a dog walking business, one word each, no explanation", 3),
        ("Suggest 5 taglines, 8 words each, for a bakery.", 5),
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
        "My clue list: 6 items, each line formatted 'clue: ANSWER'. Check it.",
        "Give me 3 pros and 3 cons, each line formatted as 'x: y'.",
        # a second set of things, or a part beside them
        "Give me 3 tips and 2 sentences of explanation.",
        "Give me 3 names, 2 words each, and 3 taglines.",
        # a length that may be the whole answer's
        "Give me 3 taglines, 5 words or less.",
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


@pytest.mark.parametrize(
    ("prompt", "expected"),
    [
        (
            "All caps headline, then 5 numbered steps, each step 8 words or fewer.",
            [("numbered_count", "exactly", 5)],
        ),
        (
            "Answer the question in the first sentence, then follow with 2-4 bullet points "
            "of practical advice.",
            [("bullet_count", "at_least", 2), ("bullet_count", "at_most", 4)],
        ),
        (
            "Headline in title case on line one, then a paragraph of 100–130 words, then a "
            "bullet list of exactly 6 features.",
            [("bullet_count", "exactly", 6)],
        ),
        (
            "Write a welcome message: a title line in <<double angle brackets>>, then the rules "
            "as a numbered list of 6.",
            [("numbered_count", "exactly", 6)],
        ),
        (
            "Write a fact card: a title line, then exactly 3 facts as bullet points.",
            [("bullet_count", "exactly", 3)],
        ),
        (
            "Open with one sentence, followed by at most 4 bullets.",
            [("bullet_count", "at_most", 4)],
        ),
    ],
)
def test_a_counted_list_as_a_later_part(prompt: str, expected: list[tuple[str, str, int]]) -> None:
    found = [c for c in _counts(prompt) if c[0] in ("bullet_count", "numbered_count")]
    assert sorted(found) == sorted(expected)


@pytest.mark.parametrize(
    "prompt",
    [
        "My draft has a title, then 5 bullets.",
        "If it's long, add a headline, then 5 bullets.",
        "For each section write a heading, then 3 bullets.",
        "A heading, then 3 bullets for each section.",
        "A heading, then 5 bullets with 2 sub-bullets each.",
        "Intro, then 3 bullets, then another list of 4 numbered steps.",
        "Should I add a headline, then 5 bullets?",
        "Don't write a headline, then 5 bullets.",
        "A subject line, a blank line, then one bullet per original commit.",
        "Title line, then 3 bullets, and a numbered list of 4 steps.",
    ],
)
def test_near_misses_compile_no_later_list_count(prompt: str) -> None:
    found = [c for c in _counts(prompt) if c[0] in ("bullet_count", "numbered_count")]
    assert found == []


@pytest.mark.parametrize(
    ("prompt", "value"),
    [
        ("Summarise the patient's history below in exactly 3 bullets.", 3),
        ("Summarise my doctor's notes in 4 bullet points.", 4),
    ],
)
def test_material_named_with_a_possessive_is_summarised_into_bullets(
    prompt: str, value: int
) -> None:
    assert _counts(prompt) == [("bullet_count", "exactly", value)]


@pytest.mark.parametrize(
    "prompt",
    [
        "Summarise the patient's 3 bullets below.",
        "Summarise the author's essay, which has 3 bullets.",
    ],
)
def test_bullets_of_the_material_are_not_the_answers(prompt: str) -> None:
    assert _counts(prompt) == []
