"""The character-class count: how many digits, letters, vowels, capitals,
special characters or characters of a stated set the answer has; the
phrasings that compile and the near misses that must not."""

from __future__ import annotations

import pytest
from pydantic import ValidationError

from redraft.criteria import compile_checks
from redraft.criteria._families._charset import CHAR_CLASS_COUNT, CharClassCount


def _spec(relation: str, value: int, cls: str, chars: str = "") -> CharClassCount:
    return CharClassCount.model_validate(
        {"relation": relation, "value": value, "char_class": cls, "chars": chars}
    )


TWO_DIGITS = _spec("at_least", 2, "digit")
NO_DIGITS = _spec("at_most", 0, "digit")
ONE_MARK = _spec("at_least", 1, "listed", "!@#$%")
TEN_LETTERS = _spec("at_most", 10, "letter")
THREE_CAPS = _spec("exactly", 3, "uppercase")
SPECIAL = _spec("at_least", 1, "special")
VOWELS = _spec("at_least", 5, "vowel")
CONSONANTS = _spec("at_most", 3, "consonant")
LOWER = _spec("at_least", 4, "lowercase")

# 26 answers labelled by reading them: (spec, answer, does the count hold).
LABELLED = [
    (TWO_DIGITS, "Tr0ub4dor&3", True),  # 0, 4 and 3
    (TWO_DIGITS, "Troubador7", False),
    (TWO_DIGITS, "In 2024 we met.", True),  # one number, four digits
    (TWO_DIGITS, "", False),
    (TWO_DIGITS, "Two and three", False),  # numbers in words are no digits
    (TWO_DIGITS, "٣٤ apples", False),  # Arabic-Indic digits are not 0 to 9
    (NO_DIGITS, "No numbers here.", True),
    (NO_DIGITS, "Room 1", False),
    (ONE_MARK, "Secret#Pass", True),
    (ONE_MARK, "Secret-Pass!", True),
    (ONE_MARK, "Secret-Pass", False),  # a hyphen is not in the set
    (ONE_MARK, "Secret&Pass", False),
    (TEN_LETTERS, "EcoClean", True),  # 8 letters
    (TEN_LETTERS, "EcoCleanPlus", False),  # 12
    (TEN_LETTERS, "Eco-Clean 2", True),  # the hyphen, space and digit are no letters
    (TEN_LETTERS, "Écologique", True),  # 10 letters, an accented one among them
    (THREE_CAPS, "NASA", False),  # four
    (THREE_CAPS, "The UN and Me", False),  # four: T, U, N and M
    (THREE_CAPS, "Ada met Bob in Rome.", True),
    (SPECIAL, "hello world", False),  # a space is no special character
    (SPECIAL, "hello, world", True),
    (VOWELS, "rhythm myths", False),  # y is no vowel
    (VOWELS, "AEIOU", True),
    (CONSONANTS, "Aria", True),  # r only
    (LOWER, "ABCd", False),
    (LOWER, "**bold** text", True),
]


@pytest.mark.parametrize(("spec", "answer", "ok"), LABELLED)
def test_the_measure_counts_each_character(spec: CharClassCount, answer: str, ok: bool) -> None:
    assert CHAR_CLASS_COUNT.measure(spec, answer).passed is ok


def test_the_correction_says_how_many_to_add_or_remove() -> None:
    short = CHAR_CLASS_COUNT.measure(TWO_DIGITS, "Troubador7")
    assert short.suggestion == ("Your answer has 1 digit; it needs at least 2 digits. Add 1 more.")
    over = CHAR_CLASS_COUNT.measure(NO_DIGITS, "Room 12, floor 3")
    assert over.suggestion is not None and "(1 2 3)" in over.suggestion


def test_a_listed_class_needs_its_characters_and_only_it_takes_them() -> None:
    with pytest.raises(ValidationError):
        _spec("at_least", 1, "listed")
    with pytest.raises(ValidationError):
        _spec("at_least", 1, "digit", "!")


def _counts(prompt: str) -> list[CharClassCount]:
    return [c.spec for c in compile_checks(prompt) if isinstance(c.spec, CharClassCount)]


@pytest.mark.parametrize(
    ("prompt", "want"),
    [
        ("Suggest a password. It must contain at least 2 digits.", [TWO_DIGITS]),
        ("suggest one password pls, it needs to have no fewer than two digits", [TWO_DIGITS]),
        ("Make up a username with at least two numerals.", [TWO_DIGITS]),
        ("Give me a passphrase; include at least one of !@#$%.", [ONE_MARK]),
        ("Suggest a password. Include at least 1 character from '!@#$%'.", [ONE_MARK]),
        (
            "Name a detergent. It should be one word and be no longer than 10 letters.",
            [TEN_LETTERS],
        ),
        ("Write a motto that uses exactly 3 capital letters.", [THREE_CAPS]),
        ("Your reply must contain exactly three uppercase letters.", [THREE_CAPS]),
        ("Invent a slogan that has at least one special character.", [SPECIAL]),
        ("Write a word puzzle answer using at least 5 vowels.", [VOWELS]),
    ],
)
def test_phrasings_compile(prompt: str, want: list[CharClassCount]) -> None:
    assert _counts(prompt) == want


@pytest.mark.parametrize(
    "prompt",
    [
        "Why do passwords need at least one symbol?",
        "Each line must contain at least 2 digits.",
        "Write at least 3 letters to your local MP.",
        "Use no more than 10 letters per word.",
        "My code has at least 2 digits in it — is that secure?",
        "If possible, include at least one special character.",
        'The rule "at least 2 digits" is in the policy below. Summarise the policy.',
        "Explain why PINs with at least 6 digits are safer.",
        "The password must be 12 characters and include at least one symbol; show it in code.",
    ],
)
def test_near_misses_compile_nothing(prompt: str) -> None:
    assert _counts(prompt) == []
