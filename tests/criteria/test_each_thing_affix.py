"""How each of the things asked starts or ends ("5 fun facts, each ending
with '!'", "Begin each reason with 'Because'"): the every-part kinds of the
answer's items, read only of the things themselves."""

from __future__ import annotations

import pytest

from redraft.criteria import compile_checks, measure_text
from redraft.criteria._families._each_part_spec import EachEndsWith, EachStartsWith


def affixes(prompt: str) -> list[tuple[str, str, str | None]]:
    return [
        (c.spec.kind, c.spec.part, c.spec.phrase)
        for c in compile_checks(prompt)
        if isinstance(c.spec, EachStartsWith | EachEndsWith)
    ]


@pytest.mark.parametrize(
    ("prompt", "expected"),
    [
        (
            "Give me 5 fun facts, each ending with an exclamation mark.",
            ("each_ends_with", "item", "!"),
        ),
        (
            "List 3 reasons. Begin each reason with 'Because'.",
            ("each_starts_with", "item", "Because"),
        ),
        ("Give 5 tips, each must end with a question mark.", ("each_ends_with", "item", "?")),
        (
            "List 5 questions. Every item must end with a question mark.",
            ("each_ends_with", "item", "?"),
        ),
        (
            "Write 10 icebreaker questions. Every one must end with a question mark.",
            ("each_ends_with", "item", "?"),
        ),
        (
            "Write 4 alt-text descriptions. Each starts with 'Photo of'.",
            ("each_starts_with", "item", "Photo of"),
        ),
    ],
)
def test_each_thing_starts_or_ends_so(prompt: str, expected: tuple[str, str, str]) -> None:
    assert affixes(prompt) == [expected]


@pytest.mark.parametrize(
    "prompt",
    [
        "Write 5 terms with definitions. Each definition must end with a period.",  # a part of each
        "Give 3 tips. Each should ideally end with a question.",  # hedged
        "Give 3 tips. If possible, each ends with '!'.",  # conditional
        "My 5 notes below each end with a period; rewrite them.",  # given material
        "Write 5 slogans and 2 taglines, each ending with '!'.",  # two sets: which?
        "Write a poem. Each stanza ends with 'love'.",  # a part of prose, not things asked
        "List 6 words, each ending in the letter 'a'.",  # words are a unit, not things
        "Should each of the 4 tips end with a question mark?",  # a question
    ],
)
def test_near_misses_compile_no_affix_of_the_things(prompt: str) -> None:
    assert affixes(prompt) == []


def test_one_per_line_leaves_it_to_every_line() -> None:
    prompt = "Give me 4 fun facts, one per line, each starting with 'Did you know'."
    assert affixes(prompt) == []
    assert any(c.spec.kind == "each_line" for c in compile_checks(prompt))


def test_a_numbered_list_made_so_is_read_once() -> None:
    prompt = "Five slogans, numbered 1-5, and make every one end with an exclamation mark."
    assert affixes(prompt) == [("each_ends_with", "numbered", "!")]


@pytest.mark.parametrize(
    ("answer", "passes"),
    [
        ("1. Why is the sky blue?\n2. How do birds fly?", True),
        ("- Why is the sky blue?\n- Birds fly.", False),
        ("Why is the sky blue?, How do birds fly?", True),  # a comma list's items
    ],
)
def test_each_item_ends_so_on_labelled_answers(answer: str, passes: bool) -> None:
    assert measure_text(EachEndsWith(part="item", phrase="?"), answer).passed is passes
