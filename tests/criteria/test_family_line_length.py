"""The line_length family: every non-empty line within a number of words or
characters; the phrasings that state it and the near misses that must
compile nothing."""

from __future__ import annotations

import pytest

from redraft.criteria import CHECK_SPEC_ADAPTER, compile_checks, measure_text
from redraft.criteria._families import LineLength

AT_MOST_20_CHARS = LineLength(relation="at_most", value=20, length_in="characters")
AT_MOST_5_WORDS = LineLength(relation="at_most", value=5, length_in="words")
EXACTLY_3_WORDS = LineLength(relation="exactly", value=3, length_in="words")

# Labelled by reading: (spec, answer, passes).
LABELLED: list[tuple[LineLength, str, bool]] = [
    (AT_MOST_20_CHARS, "Short line\nAnother short one", True),
    (AT_MOST_20_CHARS, "exactly twenty chars", True),  # 20 characters
    (AT_MOST_20_CHARS, "twenty-one characters", False),  # 21 characters
    (AT_MOST_20_CHARS, "ok\n\n\nstill ok\n", True),  # blank lines are not lines
    (AT_MOST_20_CHARS, "trailing spaces     \nfine", True),  # trailing whitespace left out
    (AT_MOST_20_CHARS, "                 indented", False),  # indentation counts
    (AT_MOST_20_CHARS, "one\nthis line is far too long for the limit\nthree", False),
    (AT_MOST_20_CHARS, "A single long sentence with no line breaks at all.", False),
    (AT_MOST_20_CHARS, "", True),  # no line is too long
    (AT_MOST_20_CHARS, "- bullet one\n- bullet two", True),
    (AT_MOST_5_WORDS, "The cat sat down.\nIt purred softly.", True),
    (AT_MOST_5_WORDS, "The cat sat on the mat.", False),  # 6 words
    (AT_MOST_5_WORDS, "- one two three four five", True),  # a bullet's dash is not a word
    (AT_MOST_5_WORDS, "don't stop me now please", True),  # don't is one word
    (AT_MOST_5_WORDS, "well — that is that", True),  # a lone dash is not a word
    (AT_MOST_5_WORDS, "Roses are red\nViolets are blue and so are you", False),
    (AT_MOST_5_WORDS, "word\n\nword word word word word", True),
    (EXACTLY_3_WORDS, "Morning light breaks\nBirds sing loud\nDay has come", True),
    (EXACTLY_3_WORDS, "Morning light breaks\nBirds sing\nDay has come", False),
    (EXACTLY_3_WORDS, "Morning light breaks open\nBirds sing loud", False),
    (EXACTLY_3_WORDS, "", False),  # no line has three words
    (EXACTLY_3_WORDS, "one two three", True),
    (LineLength(relation="at_least", value=4, length_in="words"), "a b c d\ne f g h i", True),
    (LineLength(relation="at_least", value=4, length_in="words"), "a b c d\ne f", False),
]


@pytest.mark.parametrize(("spec", "answer", "passes"), LABELLED)
def test_the_line_length_measure_on_labelled_answers(
    spec: LineLength, answer: str, passes: bool
) -> None:
    outcome = measure_text(spec, answer)
    assert outcome.passed is passes, outcome.reason
    if not passes:
        assert outcome.suggestion


def test_the_correction_shows_the_worst_line_and_the_rule() -> None:
    answer = "fine\nthis line is longer than twenty\nand this one is much much longer still\nok"
    outcome = measure_text(AT_MOST_20_CHARS, answer)
    assert outcome.suggestion == (
        "2 of your 4 lines break the rule (one has 38 characters: "
        "'and this one is much much longer still'). Shorten them or break them into more "
        "lines, so every line has at most 20 characters (spaces count)."
    )
    assert outcome.data["off"] == 2 and outcome.data["lengths"] == [31, 38]
    short = measure_text(EXACTLY_3_WORDS, "one two\nthree four five")
    assert short.suggestion is not None and "Lengthen them or join short lines" in short.suggestion


def test_the_spec_round_trips_and_describes_itself() -> None:
    data = {"kind": "line_length", "relation": "at_most", "value": 8, "length_in": "words"}
    spec = CHECK_SPEC_ADAPTER.validate_python(data)
    assert CHECK_SPEC_ADAPTER.validate_json(CHECK_SPEC_ADAPTER.dump_json(spec)) == spec
    assert spec.describe() == "every line has at most 8 words"
    with pytest.raises(ValueError, match="length_in"):
        CHECK_SPEC_ADAPTER.validate_python({**data, "length_in": "syllables"})


def lengths(prompt: str) -> list[tuple[str, int, str]]:
    return [
        (c.spec.relation, c.spec.value, c.spec.length_in)
        for c in compile_checks(prompt)
        if isinstance(c.spec, LineLength)
    ]


@pytest.mark.parametrize(
    ("prompt", "expected"),
    [
        ("Keep each line under 40 characters.", [("at_most", 39, "characters")]),
        ("No line longer than 8 words.", [("at_most", 8, "words")]),
        ("Write a limerick. Every line must have at most 9 words.", [("at_most", 9, "words")]),
        ("Use no more than 30 characters per line.", [("at_most", 30, "characters")]),
        ("Write it in lines of no more than 12 words.", [("at_most", 12, "words")]),
        ("A maximum line length of 72 characters.", [("at_most", 72, "characters")]),
        ("No line should exceed 60 chars.", [("at_most", 60, "characters")]),
        ("Keep every line to 10 words or fewer.", [("at_most", 10, "words")]),
        ("Write a song in which every line contains exactly 4 words.", [("exactly", 4, "words")]),
        ("List six colours, one word per line.", [("exactly", 1, "words")]),
        ("Each line should be at least 5 words long.", [("at_least", 5, "words")]),
        ("Limit each line to 50 characters.", [("at_most", 50, "characters")]),
    ],
)
def test_phrasings_that_compile(prompt: str, expected: list[tuple[str, int, str]]) -> None:
    assert lengths(prompt) == expected


@pytest.mark.parametrize(
    "prompt",
    [
        "Write a python script and keep lines under 80 characters.",  # lines of code
        "Each line of the table should be under 20 words.",  # one part
        "The first line should be under 10 words.",
        "If possible, keep each line under 40 characters.",
        "Ideally no line longer than 8 words.",
        "My poem has lines of at most 8 words; can you rhyme it?",
        "Write 3 words per line max.",  # a maximum, not an exact count
        "Keep each line around 40 characters.",
        "Keep each subject line under 50 characters.",
        "Each headline must be under 60 characters.",
    ],
)
def test_near_misses_compile_nothing(prompt: str) -> None:
    assert lengths(prompt) == []
