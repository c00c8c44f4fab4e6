"""The separated-versions family: the answer is a stated number of
different pieces with a stated separator between them; the phrasings that
compile and the near misses that must not."""

from __future__ import annotations

import pytest

from redraft.criteria import compile_checks
from redraft.criteria._families._versions import (
    SEPARATED_VERSIONS,
    SeparatedVersions,
    separated_pieces,
)

TWO = SeparatedVersions(versions=2, separator="******")
THREE = SeparatedVersions(versions=3, separator="---")
SOME = SeparatedVersions(at_least=True, separator="***")
WORD = SeparatedVersions(separator="OR")

# 26 answers labelled by reading them: (spec, answer, is it the pieces asked for).
LABELLED = [
    (TWO, "A ladder.\n******\nA rocket.", True),
    (TWO, "A ladder. ****** A rocket.", True),  # the separator need not be on its own line
    (TWO, "******\nA ladder.\n******\nA rocket.\n******", True),  # separators at the ends: no piece
    (TWO, "A ladder.\n\nA rocket.", False),  # no separator at all: one piece
    (TWO, "A ladder.\n******\nA ladder.", False),  # the same piece twice
    (TWO, "A ladder.\n******\n  A ladder.  ", False),  # the same once whitespace is stripped
    (TWO, "A ladder.\n******\n******\nA rocket.", False),  # an empty piece between separators
    (TWO, "One.\n******\nTwo.\n******\nThree.", False),  # three pieces
    (TWO, "A ladder.\n*******\nA rocket.", False),  # seven asterisks are not the separator
    (TWO, "A ladder.\n***\nA rocket.", False),  # nor are three
    (TWO, "A **bold** ladder.\n******\nA *small* rocket.", True),  # emphasis is not a separator
    (TWO, "", False),
    (THREE, "Red.\n---\nGreen.\n---\nBlue.", True),
    (THREE, "Red.\n---\nGreen.", False),
    (THREE, "Red.\n----\nGreen.\n----\nBlue.", False),  # four dashes are another divider
    (THREE, "Red - Green - Blue", False),
    (THREE, "Red.\n---\nGreen.\n---\nBlue.\n---\nPink.", False),
    (THREE, "Red.\n---\nRed.\n---\nBlue.", False),
    (SOME, "First take.\n***\nSecond take.", True),
    (SOME, "First.\n***\nSecond.\n***\nThird.\n***\nFourth.", True),
    (SOME, "Only one take here.", False),
    (SOME, "Only one take here.\n***", False),  # a trailing separator adds no piece
    (SOME, "Take.\n***\nTake.", False),
    (WORD, "Tea OR coffee", True),  # a word separator is found as written
    (WORD, "Tea or coffee", False),
    (WORD, "Tea OR coffee OR juice", False),
]


@pytest.mark.parametrize(("spec", "answer", "ok"), LABELLED)
def test_the_measure_splits_at_the_separator(
    spec: SeparatedVersions, answer: str, ok: bool
) -> None:
    assert SEPARATED_VERSIONS.measure(spec, answer).passed is ok


def test_pieces_are_stripped_and_empty_ones_counted() -> None:
    assert separated_pieces("***", "\n***\nA\n***\n\n***\nB\n***\n") == (["A", "B"], 1)


def test_the_spec_refuses_what_no_answer_can_be() -> None:
    with pytest.raises(ValueError, match="greater than or equal to 2"):
        SeparatedVersions(versions=1, separator="***")
    with pytest.raises(ValueError, match="visible character"):
        SeparatedVersions(separator="   ")
    with pytest.raises(ValueError, match="at most 20 characters"):
        SeparatedVersions(separator="*" * 21)


def test_the_correction_names_what_is_missing() -> None:
    short = SEPARATED_VERSIONS.measure(TWO, "Just one answer.")
    assert not short.passed and short.suggestion is not None
    assert short.suggestion.startswith("Your answer has 1 version separated by '******'")
    assert "exactly 2" in short.suggestion
    same = SEPARATED_VERSIONS.measure(TWO, "Yes.\n******\nYes.")
    assert (
        same.suggestion == "Two versions are the same word for word: make every version different."
    )
    empty = SEPARATED_VERSIONS.measure(THREE, "A\n---\n---\nB\n---\nC")
    assert empty.suggestion == "Remove the --- lines that have nothing between them."
    assert empty.data["empty"] == 1


def _specs(prompt: str) -> list[tuple[str, int, str]]:
    return [
        ("at_least" if c.spec.at_least else "exactly", c.spec.versions, c.spec.separator)
        for c in compile_checks(prompt)
        if isinstance(c.spec, SeparatedVersions)
    ]


@pytest.mark.parametrize(
    ("prompt", "want"),
    [
        (
            "Name a good first pet. Give exactly two different responses separated by ******.",
            ("exactly", 2, "******"),
        ),
        ("Write 3 versions of the slogan, separated by ---.", ("exactly", 3, "---")),
        (
            "Offer two takes on the headline. Separate the two takes with six asterisks (******).",
            ("exactly", 2, "******"),
        ),
        (
            "Suggest names for a bakery. Give me four options. Separate the options with "
            "three equals signs.",
            ("exactly", 4, "==="),
        ),
        (
            "Write a short bio and a tagline. Separate the bio and the tagline using ~~~.",
            ("exactly", 2, "~~~"),
        ),
        (
            "Draft two versions of the invite, and separate them with ***.",
            ("exactly", 2, "***"),
        ),
        ("Your responses should be separated by +++.", ("at_least", 2, "+++")),
        ("Write at least three versions separated by ---.", ("at_least", 3, "---")),
        (
            "Compose two riddles for kids. Separate the riddles as shown:\nRiddle 1\n####\n"
            "Riddle 2",
            ("exactly", 2, "####"),
        ),
        (
            "Split the story into three scenes, separated by 5 dashes.",
            ("exactly", 3, "-----"),
        ),
        (
            "Give a pair of answers to the question 'why is the sky blue', divided by ***.",
            ("exactly", 2, "***"),
        ),
    ],
)
def test_phrasings_compile(prompt: str, want: tuple[str, int, str]) -> None:
    assert _specs(prompt) == [want]


@pytest.mark.parametrize(
    "prompt",
    [
        "Write 3 paragraphs separated by ***.",  # the paragraph count's
        "Write the essay in at least 4 sections separated by ---.",
        "Don't separate the two versions with ***.",
        "If you can, give two responses separated by ***.",
        "Should I separate the two responses with ******?",
        "Ideally, write two versions separated by ---.",
        'Fix this: "Give two answers separated by ***."',
        "My draft has two versions separated by ***; which is better?",
        "Give two responses, separated by a blank line.",  # no separator stated exactly
        "Write at most three versions separated by ---.",  # a bound, not the count
        "Give two different responses.",  # nothing separates them
        "Separate the names with commas.",
    ],
)
def test_near_misses_compile_nothing(prompt: str) -> None:
    assert _specs(prompt) == []
