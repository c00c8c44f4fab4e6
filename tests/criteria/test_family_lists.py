"""List items and capital words: how many items a stated list has, and
words written in capitals, read from the phrasings people use."""

from __future__ import annotations

import pytest

from redraft.criteria import (
    BulletCount,
    CapitalWordCount,
    NumberedCount,
    compile_checks,
    measure_text,
)


def counts(prompt: str) -> list[tuple[str, str, int]]:
    return [
        (c.spec.kind_name(), getattr(c.spec, "relation", ""), getattr(c.spec, "value", -1))
        for c in compile_checks(prompt)
    ]


@pytest.mark.parametrize(
    ("prompt", "expected"),
    [
        (
            "Write a bulleted list of 4 things to pack for camping.",
            [("bullet_count", "exactly", 4)],
        ),
        ("Give me a numbered list with 6 steps to bake bread.", [("numbered_count", "exactly", 6)]),
        ("Write a 3-item numbered list of chores.", [("numbered_count", "exactly", 3)]),
        ("Draft a five-point bulleted list of risks.", [("bullet_count", "exactly", 5)]),
        (
            "Give me 4 tips for public speaking as a numbered list.",
            [("numbered_count", "exactly", 4)],
        ),
        ("List 5 ideas for a party, numbered.", [("numbered_count", "exactly", 5)]),
        ("Give me 3 reasons as bullet points.", [("bullet_count", "exactly", 3)]),
        (
            "Give me 3 to 5 tips as a numbered list.",
            [("numbered_count", "at_least", 3), ("numbered_count", "at_most", 5)],
        ),
        (
            "Write a bulleted list of 3-5 items.",
            [("bullet_count", "at_least", 3), ("bullet_count", "at_most", 5)],
        ),
        (
            "List 7 famous bridges, one bullet each, with the city after each name.",
            [("bullet_count", "exactly", 7)],
        ),
        (
            "Answer without bullets or numbering.",
            [("bullet_count", "at_most", 0), ("numbered_count", "at_most", 0)],
        ),
        ("Return the steps numbered from 1 to 10.", [("numbered_count", "exactly", 10)]),
        # the items one sentence asks for, in the list form another names
        ("Give me 6 names for a cat. Numbered list, please.", [("numbered_count", "exactly", 6)]),
        ("Suggest 4 weekend activities. Number them.", [("numbered_count", "exactly", 4)]),
        (
            "Recommend 3 podcasts about history. Use a bulleted list.",
            [("bullet_count", "exactly", 3)],
        ),
        ("No all-caps words.", [("capital_word_count", "at_most", 0)]),
        ("Don't use any words in all caps.", [("capital_word_count", "at_most", 0)]),
        (
            "Write a rant using at least 5 words that are fully capitalized.",
            [("capital_word_count", "at_least", 5)],
        ),
        ("Use at least 3 words which are in all caps.", [("capital_word_count", "at_least", 3)]),
    ],
)
def test_list_and_capital_phrasings(prompt: str, expected: list[tuple[str, str, int]]) -> None:
    assert counts(prompt) == expected


@pytest.mark.parametrize(
    "prompt",
    [
        # nested items, a second list, one list per thing, a question
        "Write a bulleted list of 4 topics, each with 2 sub-bullets.",
        "For each chapter, give a bulleted list of 3 themes.",
        "Make a bulleted list of 4 items for each season.",
        "Give me 5 ideas. Then give me 3 more. Numbered list please.",
        "Give me 5 ideas, each with 2 examples. Numbered list.",
        "Give me ideas for dinner. Numbered list, please.",
        "Give me 5 ideas for dinner. Don't use a numbered list.",
        "Give me 5 ideas. Ideally a numbered list.",
        "Should I use a bulleted list of 5 items?",
        "Give me a numbered list of 3 pros and a numbered list of 3 cons.",
        "Give me 3 or 4 tips as a numbered list.",
        # capitals with an exception, or in what is given
        "Avoid uppercase words other than acronyms.",
        "There are no all-caps words in my draft.",
    ],
)
def test_near_misses_compile_no_count(prompt: str) -> None:
    kinds = {"bullet_count", "numbered_count", "capital_word_count"}
    assert [c for c in counts(prompt) if c[0] in kinds] == []


# Labelled by reading: (answer, bullet lines, numbered lines, all-capital words).
LABELLED = [
    ("* a\n* b\n* c", 3, 0, 0),
    ("1. one\n2. two", 0, 2, 0),
    ("1) one\n2) two\n3) three", 0, 3, 0),
    ("- dash\n+ plus\n• dot", 3, 0, 0),
    ("  * indented\n    - nested", 2, 0, 0),
    ("*bold* is not a bullet", 0, 0, 0),
    ("-no space", 0, 0, 0),
    ("10. ten\n11. eleven", 0, 2, 0),
    ("1.5 is a number", 0, 0, 0),
    ("I AM SO HAPPY", 0, 0, 3),
    ("NASA and the EU met.", 0, 0, 2),
    ("A cat. I ran.", 0, 0, 0),
    ("OK, that's FINE!", 0, 0, 2),
    ("Mixed CamelCase Words", 0, 0, 0),
    ("* WOW\n1. YES", 1, 1, 2),
    ("", 0, 0, 0),
    ("Intro\n\n- a\n- b\n\nOutro", 2, 0, 0),
    ("1. a\n   - sub\n2. b", 1, 2, 0),
    ("**Bold** heading\n- item", 1, 0, 0),
    ('(NOT) "QUOTED"', 0, 0, 2),
]


@pytest.mark.parametrize(("text", "bullets", "numbered", "capitals"), LABELLED)
def test_the_measure_agrees_with_reading(
    text: str, bullets: int, numbered: int, capitals: int
) -> None:
    assert measure_text(BulletCount(relation="exactly", value=bullets), text).passed
    assert measure_text(NumberedCount(relation="exactly", value=numbered), text).passed
    assert measure_text(CapitalWordCount(relation="exactly", value=capitals), text).passed
