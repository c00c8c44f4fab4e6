"""The word_length family: every word within a number of letters; the
phrasings that compile and the near misses that must not."""

from __future__ import annotations

import pytest

from redraft.criteria import CHECK_SPEC_ADAPTER, compile_checks, measure_text
from redraft.criteria._families import WordLength

AT_MOST_8 = WordLength(relation="at_most", value=8)
AT_MOST_5 = WordLength(relation="at_most", value=5)
AT_LEAST_4 = WordLength(relation="at_least", value=4)

# Labelled by reading: (spec, answer, passes).
LABELLED: list[tuple[WordLength, str, bool]] = [
    (AT_MOST_8, "The dragon flew over the hills.", True),
    (AT_MOST_8, "The dragon flew over magnificent hills.", False),  # magnificent: 11
    (AT_MOST_8, "Dinosaur!", True),  # exactly 8
    (AT_MOST_8, "Dinosaurs!", False),  # 9
    (AT_MOST_8, "A well-known tale.", False),  # well-known counts whole: 9
    (AT_MOST_8, "Don't you wonder?", True),  # the apostrophe is no letter
    (AT_MOST_8, "It cost 1234567890 coins.", True),  # a number is no word
    (AT_MOST_8, "", True),
    (AT_MOST_8, "What did the dragon eat for lunch today?", True),
    (AT_MOST_8, "Wonderful adventures await.", False),  # wonderful: 9, adventures: 10
    (AT_MOST_8, "Ça va très bien.", True),
    (AT_MOST_5, "I like cats and dogs.", True),
    (AT_MOST_5, "I like kittens.", False),
    (AT_MOST_5, "- tea\n- milk\n- bread", True),
    (AT_MOST_5, "# Title\nSmall words only.", True),
    (AT_MOST_5, "Small words, mostly.", False),  # mostly: 6
    (AT_LEAST_4, "Many large words here", True),
    (AT_LEAST_4, "Many large words are here", False),  # are: 3
    (AT_LEAST_4, "", False),  # no word has four letters
    (AT_LEAST_4, "Bold, brave, tough.", True),
    (WordLength(relation="exactly", value=3), "The cat sat", True),
    (WordLength(relation="exactly", value=3), "The cat sat down", False),
]


@pytest.mark.parametrize(("spec", "answer", "passes"), LABELLED)
def test_the_measure_agrees_with_labelled_answers(
    spec: WordLength, answer: str, passes: bool
) -> None:
    outcome = measure_text(spec, answer)
    assert outcome.passed is passes, outcome.reason
    if not passes:
        assert outcome.suggestion


def test_the_correction_shows_the_words_and_their_lengths() -> None:
    assert measure_text(AT_MOST_8, "Wonderful adventures await.").suggestion == (
        "2 of your words break the rule: 'Wonderful' (9), 'adventures' (10). Replace them with "
        "shorter words, so every word has at most 8 letters (a hyphenated word counts whole)."
    )


def test_the_spec_round_trips() -> None:
    assert CHECK_SPEC_ADAPTER.validate_json(CHECK_SPEC_ADAPTER.dump_json(AT_MOST_8)) == AT_MOST_8
    assert AT_MOST_8.describe() == "every word has at most 8 letters"


def compiled(prompt: str) -> list[object]:
    return [c.spec for c in compile_checks(prompt) if isinstance(c.spec, WordLength)]


@pytest.mark.parametrize(
    ("prompt", "expected"),
    [
        ("Never use words longer than 8 letters.", AT_MOST_8),
        ("No word longer than eight letters, please.", AT_MOST_8),
        ("Explain rain to a child. Do not use any words over 8 letters.", AT_MOST_8),
        ("Every word must be at most 5 letters long.", AT_MOST_5),
        ("Each word should have fewer than 6 letters.", AT_MOST_5),
        ("Write it using only words of at most five letters.", AT_MOST_5),
        ("Describe the sea with words of no more than 5 characters.", AT_MOST_5),
        ("Use a maximum word length of 8 letters.", AT_MOST_8),
        ("Write a sentence where every word has at least 4 letters.", AT_LEAST_4),
        ("Reply in plain words, no words longer than 8 letters.", AT_MOST_8),
    ],
)
def test_phrasings_that_compile(prompt: str, expected: WordLength) -> None:
    assert compiled(prompt) == [expected]


@pytest.mark.parametrize(
    "prompt",
    [
        "What is the longest word with fewer than 8 letters?",
        "Find words longer than 8 letters in this text: the magnificent hills.",
        "If possible, use no words longer than 8 letters.",
        "Every word in the title should be at most 5 letters.",
        "My essay has no words longer than 8 letters.",
        'Translate "never use words longer than 8 letters" into German.',
        "Give me five words longer than 8 letters.",
        "List 10 words of at least 12 letters.",
        "Is a word of more than 20 letters allowed in Scrabble?",
        "Each word of the password should have at most 5 letters.",
    ],
)
def test_near_misses_compile_nothing(prompt: str) -> None:
    assert compiled(prompt) == []
