"""Start and end phrases and words at places: alternatives ("start with
'Yes' or 'No'") never compile one of them alone, and an end phrase is met
only where a word starts ("door" does not end "indoor")."""

from __future__ import annotations

import pytest

from redraft.criteria import compile_checks, measure_text
from redraft.criteria._families._phrases import EndsWith, StartsWith
from redraft.criteria._families._positions import WordAt

DOOR = EndsWith(phrase="door")
THANKS = EndsWith(phrase="Thanks!")
STAR = EndsWith(phrase="*")

# Labelled by reading: (spec, answer, passes).
LABELLED: list[tuple[EndsWith, str, bool]] = [
    (DOOR, "She closed the door", True),
    (DOOR, "She closed the door.", True),  # closing punctuation after a word
    (DOOR, "She closed the Door!", True),  # case aside
    (DOOR, "We stayed indoor", False),  # another word ending in the phrase
    (DOOR, "We stayed indoor.", False),
    (DOOR, "trapdoor", False),
    (DOOR, "door", True),  # the whole answer
    (DOOR, "the back-door", True),  # a hyphen starts a word
    (DOOR, "**door**", True),
    (DOOR, "", False),
    (THANKS, "All done. Thanks!", True),
    (THANKS, "All done.Thanks!", True),  # punctuation before is a boundary
    (THANKS, "All done. NoThanks!", False),
    (STAR, "a star*", True),  # a phrase of marks needs no boundary
]


@pytest.mark.parametrize(("spec", "answer", "passes"), LABELLED)
def test_the_end_phrase_is_met_where_a_word_starts(
    spec: EndsWith, answer: str, passes: bool
) -> None:
    outcome = measure_text(spec, answer)
    assert outcome.passed is passes, outcome.reason


def _phrases(prompt: str) -> list[object]:
    return [
        c.spec for c in compile_checks(prompt) if isinstance(c.spec, (StartsWith, EndsWith, WordAt))
    ]


@pytest.mark.parametrize(
    "prompt",
    [
        "Start your answer with 'Yes' or 'No'.",
        "Begin the first paragraph with 'Yes' or 'No'.",
        "Start the second paragraph with 'Yes' or 'No', then explain.",
        "End with 'Cheers', 'Thanks' or 'Best'.",
        "please begin your reply with 'Hi' / 'Hello'",
        "Close with 'Regards' or a similar sign-off.",
        "The third paragraph must start with the word 'However' or 'Still'.",
    ],
)
def test_alternatives_compile_no_single_phrase(prompt: str) -> None:
    assert _phrases(prompt) == []


@pytest.mark.parametrize(
    ("prompt", "expected"),
    [
        ("Start your answer with 'Yes'.", StartsWith(phrase="Yes")),
        ("Begin with 'Dear Sam,' and keep it short.", StartsWith(phrase="Dear Sam,")),
        ("End with 'Best, Lee' or I'll be upset.", None),  # a threat reads as a choice: refused
        (
            "Begin the first paragraph with the word 'Yes'.",
            WordAt(word="Yes", part="paragraph", index=1, position=1),
        ),
    ],
)
def test_one_phrase_still_compiles(prompt: str, expected: object) -> None:
    assert _phrases(prompt) == ([expected] if expected else [])


def _words_at(prompt: str) -> list[tuple[str, str, int]]:
    return [
        (c.spec.word, c.spec.part, c.spec.index)
        for c in compile_checks(prompt)
        if isinstance(c.spec, WordAt)
    ]


@pytest.mark.parametrize(
    ("prompt", "expected"),
    [
        (
            "Paragraph 1 should start with 'Long ago' and paragraph 2 with 'Now'.",
            [("Long ago", "paragraph", 1), ("Now", "paragraph", 2)],
        ),
        (
            "the first paragraph must begin with 'Once', the second with 'Then' and the third "
            "with 'Finally'",
            [("Once", "paragraph", 1), ("Then", "paragraph", 2), ("Finally", "paragraph", 3)],
        ),
        (
            "The 2nd sentence has to start with the word 'Because', and the 3rd sentence "
            "with 'So'.",
            [("Because", "sentence", 2), ("So", "sentence", 3)],
        ),
    ],
)
def test_the_same_rule_of_another_part_with_its_verb_left_out(
    prompt: str, expected: list[tuple[str, str, int]]
) -> None:
    assert _words_at(prompt) == expected


@pytest.mark.parametrize(
    ("prompt", "expected"),
    [
        # another kind of part: not the same rule
        (
            "The first paragraph must begin with 'Once' and the second sentence with 'Then'.",
            [("Once", "paragraph", 1)],
        ),
        # alternatives in the gapped clause
        (
            "The first paragraph must begin with 'Once' and the second with 'Then' or 'Next'.",
            [("Once", "paragraph", 1)],
        ),
        # a question about it
        ("Should paragraph 1 start with 'A' and paragraph 2 with 'B'?", []),
    ],
)
def test_gapped_near_misses(prompt: str, expected: list[tuple[str, str, int]]) -> None:
    assert _words_at(prompt) == expected
