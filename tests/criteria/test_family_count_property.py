"""The count-property family: a count of the answer's (or each part's)
words, sentences, lines, paragraphs, characters or items is even, odd,
prime, a multiple of a number or a palindrome; the phrasings that compile
and the near misses that must not."""

from __future__ import annotations

import pytest

from redraft.criteria import compile_checks
from redraft.criteria._families._count_property import (
    COUNT_PROPERTY,
    CountProperty,
    holds_property,
)

ODD_WORDS = CountProperty(units="words", property="odd")
EVEN_WORDS = CountProperty(units="words", property="even")
PRIME_WORDS = CountProperty(units="words", property="prime")
PRIME_WORDS_OVER_5 = CountProperty(units="words", property="prime", at_least=6)
ODD_SENTENCES = CountProperty(units="sentences", property="odd")
EVEN_LINES = CountProperty(units="lines", property="even")
TENS_OF_CHARACTERS = CountProperty(units="characters", property="multiple", of=10)
EVEN_PER_SENTENCE = CountProperty(units="words", part="sentence", property="even")
ODD_ITEMS = CountProperty(units="items", property="odd")
PALINDROME_WORDS = CountProperty(units="words", property="palindrome")

# 24 answers labelled by reading them: (spec, answer, does the count have the property).
LABELLED = [
    (ODD_WORDS, "One two three.", True),
    (ODD_WORDS, "One two three four.", False),
    (ODD_WORDS, "", False),  # no words: 0 is even
    (EVEN_WORDS, "", True),
    (EVEN_WORDS, "- apple\n- pear", True),  # the bullets' dashes are no words
    (EVEN_WORDS, "I don't know.", False),  # 3 words, or 4: not even under both readings
    (ODD_WORDS, "It's well-known", False),  # 2 tokens, or 4 runs: neither is odd
    (EVEN_WORDS, "**Bold** move", True),  # markup is no word of its own
    (PRIME_WORDS_OVER_5, "a b c d e f g", True),  # 7
    (PRIME_WORDS_OVER_5, "a b c d e", False),  # 5 is prime, but not above 5
    (PRIME_WORDS_OVER_5, "a b c d e f g h i", False),  # 9
    (PRIME_WORDS_OVER_5, "a b c d e f g h i j k", True),  # 11
    (ODD_SENTENCES, "It rains. It pours! Why?", True),
    (ODD_SENTENCES, "It rains. It pours.", False),
    (EVEN_LINES, "roses\nviolets\n\n", True),  # blank lines are no lines
    (EVEN_LINES, "one\ntwo\nthree", False),
    (TENS_OF_CHARACTERS, "abcdefghij", True),
    (TENS_OF_CHARACTERS, "  héllo worl \n", True),  # 10 characters once trimmed
    (TENS_OF_CHARACTERS, "abcdefghi", False),
    (EVEN_PER_SENTENCE, "Cats sleep. Dogs bark loudly now.", True),
    (EVEN_PER_SENTENCE, "Cats sleep. Dogs bark loudly.", False),
    (EVEN_PER_SENTENCE, "", False),  # no sentences at all
    (ODD_ITEMS, "Fruit:\n- apple\n- pear\n- plum", True),
    (ODD_ITEMS, "1. apple\n2. pear", False),
    (PALINDROME_WORDS, " ".join(["w"] * 11), True),
    (PALINDROME_WORDS, " ".join(["w"] * 12), False),
]


@pytest.mark.parametrize(("spec", "answer", "ok"), LABELLED)
def test_the_measure_reads_the_count(spec: CountProperty, answer: str, ok: bool) -> None:
    assert COUNT_PROPERTY.measure(spec, answer).passed is ok


def test_properties_of_numbers() -> None:
    assert [n for n in range(20) if holds_property(n, "prime")] == [2, 3, 5, 7, 11, 13, 17, 19]
    assert holds_property(121, "palindrome") and not holds_property(12, "palindrome")
    assert holds_property(0, "even") and holds_property(21, "multiple", 7)


def test_the_correction_names_the_count_and_a_count_that_would_do() -> None:
    outcome = COUNT_PROPERTY.measure(PRIME_WORDS_OVER_5, "a b c d e f g h")
    assert outcome.suggestion == (
        "Your answer has 8 words; the number of words must be a prime number of at least 6 "
        "(for instance 7). Add or remove words until it is."
    )
    each = COUNT_PROPERTY.measure(EVEN_PER_SENTENCE, "Cats sleep. Dogs bark loudly.")
    assert each.suggestion is not None and "2nd: 'Dogs bark loudly.'" in each.suggestion


def test_a_spec_states_its_base_only_for_a_multiple() -> None:
    with pytest.raises(ValueError, match="multiple"):
        CountProperty(units="words", property="multiple")
    with pytest.raises(ValueError, match="multiple"):
        CountProperty(units="words", property="even", of=3)
    with pytest.raises(ValueError, match="no count of paragraphs"):
        CountProperty(units="paragraphs", part="sentence", property="even")


def _read(prompt: str) -> list[CountProperty]:
    return [c.spec for c in compile_checks(prompt) if isinstance(c.spec, CountProperty)]


@pytest.mark.parametrize(
    ("prompt", "spec"),
    [
        ("The number of words must be a prime number greater than 5.", PRIME_WORDS_OVER_5),
        (
            "Write a story with a prime number of words.",
            CountProperty(units="words", property="prime"),
        ),
        ("Use an odd number of sentences.", ODD_SENTENCES),
        ("Write a slogan where the number of words is a prime number.", PRIME_WORDS),
        ("Write a short poem whose word count is prime.", PRIME_WORDS),
        ("Please write an odd number of sentences about rain.", ODD_SENTENCES),
        ("Your response's sentence count must be odd.", ODD_SENTENCES),
        ("Keep the number of lines even.", EVEN_LINES),
        ("Write a poem. The total number of lines should be an even number.", EVEN_LINES),
        ("Write a limerick; the character count has to be divisible by 10.", TENS_OF_CHARACTERS),
        ("Write a tweet. Number of characters must be a multiple of ten.", TENS_OF_CHARACTERS),
        ("Make the word count of each sentence an even number.", EVEN_PER_SENTENCE),
        ("Each sentence must have an even number of words.", EVEN_PER_SENTENCE),
        ("The number of words per sentence should be even.", EVEN_PER_SENTENCE),
        ("give list with odd number of items", None),  # no article: not read
        ("Give me a list with an odd number of items.", ODD_ITEMS),
    ],
)
def test_phrasings_compile(prompt: str, spec: CountProperty | None) -> None:
    assert _read(prompt) == ([spec] if spec else [])


@pytest.mark.parametrize(
    "prompt",
    [
        "An odd number of guests came to the party; write about it.",  # the topic's count
        "Is the number of words odd?",
        "The number of words in my draft is odd.",  # described, not asked
        "Ideally, use an even number of lines.",
        "Don't use an odd number of sentences.",
        "Write about prime numbers in 3 sentences.",
        "Count how many words are odd in the text below.",
        'Translate "the number of words must be even" into French.',
        "If the number of lines is odd, add a closing line.",
        "Tell me a story where the number of dragons is odd.",
        "Explain why the number of players must be even.",
    ],
)
def test_near_misses_compile_nothing(prompt: str) -> None:
    assert _read(prompt) == []
