"""The closed vocabulary: every word of the answer is one of a stated list;
the phrasings that compile and the near misses that must not."""

from __future__ import annotations

import pytest
from pydantic import ValidationError

from redraft.criteria import compile_checks
from redraft.criteria._families._vocab import VOCABULARY, Vocabulary

CAT = Vocabulary(words=["the", "cat", "sat", "on", "a", "mat", "don't"])
YES_NO = Vocabulary(words=["yes", "no", "maybe"])
ARROWS = Vocabulary(words=["up", "down", "left", "right"])

# 22 answers labelled by reading them: (spec, answer, are all its words listed).
LABELLED = [
    (CAT, "The cat sat on the mat.", True),
    (CAT, "THE CAT SAT.", True),  # case set aside
    (CAT, "**The cat** sat — on a mat!", True),  # markup and punctuation set aside
    (CAT, "The cat sat on the mat 3 times.", False),  # "times" is not listed
    (CAT, "The cat sat on 2 mats.", False),  # a listed word allows no other form
    (CAT, "The cat sat on 2 mat.", True),  # a bare number is no word
    (CAT, "The dog sat.", False),
    (CAT, "", False),  # no words: nothing was written from the list
    (CAT, "Don’t sat.", True),  # a curly apostrophe reads as a straight one
    (CAT, "Dont sat.", False),
    (CAT, "the-cat sat", False),  # a hyphenated compound is one word, not listed
    (CAT, "The\ncat\nsat", True),
    (YES_NO, "Yes.", True),
    (YES_NO, "Maybe, maybe not.", False),
    (YES_NO, "No", True),
    (YES_NO, "Yes — no — maybe", True),
    (YES_NO, "Yeah", False),
    (YES_NO, "Sí", False),
    (ARROWS, "up up down down left right left right", True),
    (ARROWS, "- up\n- down", True),  # list markers set aside
    (ARROWS, "1. up\n2. down", True),  # numbers set aside
    (ARROWS, "Go up", False),
]


@pytest.mark.parametrize(("spec", "answer", "ok"), LABELLED)
def test_the_measure_reads_every_word(spec: Vocabulary, answer: str, ok: bool) -> None:
    assert VOCABULARY.measure(spec, answer).passed is ok


def test_the_correction_names_the_words_off_the_list() -> None:
    outcome = VOCABULARY.measure(ARROWS, "Go up then left")
    assert outcome.suggestion == (
        "2 of your words are not on the list ('Go', 'then'). Rewrite the answer using only "
        "these words, exactly as listed: up, down, left, right."
    )


def test_a_list_holds_single_words() -> None:
    with pytest.raises(ValidationError):
        Vocabulary(words=["red", "light blue"])
    with pytest.raises(ValidationError):
        Vocabulary(words=["red"])


def _vocab(prompt: str) -> list[Vocabulary]:
    return [c.spec for c in compile_checks(prompt) if isinstance(c.spec, Vocabulary)]


@pytest.mark.parametrize(
    ("prompt", "words"),
    [
        (
            "Write a story using only words from this list: the, cat, sat, on, a, mat.",
            ["the", "cat", "sat", "on", "a", "mat"],
        ),
        ("Use only the words 'red', 'blue' and 'green'.", ["red", "blue", "green"]),
        ("Describe a cat. Use nothing but the words meow, purr, hiss.", ["meow", "purr", "hiss"]),
        ("Use no other words except up, down, left, right.", ["up", "down", "left", "right"]),
        ("Answer using only the words yes, no and never.", ["yes", "no", "never"]),
        ("tell me a poem, only use words from my list: sun / moon / star", ["sun", "moon", "star"]),
        (
            "Using nothing but the words in this list, compose a line: red, fox, runs.",
            ["red", "fox", "runs"],
        ),
    ],
)
def test_phrasings_compile(prompt: str, words: list[str]) -> None:
    assert [v.words for v in _vocab(prompt)] == [words]


@pytest.mark.parametrize(
    "prompt",
    [
        "Use only words a child would know.",
        "Use only words like happy, sad and angry.",
        "Can I use only words from this list: cat, dog?",
        "Reply with only yes or no.",  # a choice of answers: the option check's
        "If you can, use only the words red, blue and green.",
        "My teacher made us use only the words cat, hat and mat. Was that fair?",
        "Explain why some poets write using only the words of one syllable.",
    ],
)
def test_near_misses_compile_nothing(prompt: str) -> None:
    assert _vocab(prompt) == []
