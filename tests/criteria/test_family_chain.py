"""The chain family: each word starts with the last letter of the word
before it, each sentence or line with the last word of the one before; the
phrasings that compile and the near misses that must not."""

from __future__ import annotations

import pytest
from pydantic import ValidationError

from redraft.criteria import compile_checks
from redraft.criteria._families._chain import CHAIN, Chain

WORDS = Chain(part="word", link="letter")
SENTENCES = Chain(part="sentence", link="word")
LINES = Chain(part="line", link="word")
ITEMS = Chain(part="item", link="letter")
LINE_LETTERS = Chain(part="line", link="letter")

# 27 answers labelled by reading them: (spec, answer, does the chain hold).
LABELLED = [
    (WORDS, "Eagles soar rapidly", True),  # s-s, r-r
    (WORDS, "Eagles soar rapidly, yet", True),  # y-y: the comma is set aside
    (WORDS, "Eagles soar quickly", False),  # r then q
    (WORDS, "Tigers sleep peacefully.", True),
    (WORDS, "**Tigers** sleep peacefully", True),  # markup set aside
    (WORDS, "Tigers Sleep Peacefully", True),  # case ignored
    (WORDS, "Tigers sleep 3 peacefully", True),  # a number is no word of the chain
    (WORDS, "Tigers - sleep peacefully", True),  # nor is a dash
    (WORDS, "Alone", False),  # one word is no chain
    (WORDS, "", False),
    (WORDS, "Élan naïve élite", False),  # n then n ok, e then é: accents count
    (SENTENCES, "I love bread. Bread makes sandwiches. Sandwiches fill me.", True),
    (SENTENCES, "I love bread. Bread is great. Cheese is better.", False),
    (SENTENCES, "I love bread! Bread, however, is dear.", True),  # marks set aside
    (SENTENCES, 'I love bread. "Bread" rises.', True),  # quotes set aside
    (SENTENCES, "One sentence only.", False),
    (SENTENCES, "It's John's. John's dog barks.", True),  # apostrophes kept inside words
    (LINES, "the wind moves\nmoves the trees\ntrees bend low", True),
    (LINES, "the wind moves\nmoves the trees\nbranches bend", False),
    (LINES, "- the wind moves\n- moves the trees", True),  # list markers left out
    (LINES, "the wind moves,\nMoves the trees", True),
    (ITEMS, "- apple\n- egg\n- grape", True),  # e-e, g-g
    (ITEMS, "- apple\n- banana", False),
    (ITEMS, "1. dog\n2. goat\n3. tiger", True),
    (ITEMS, "- dog!\n- (goat)", True),
    (ITEMS, "no list here", False),
    (LINE_LETTERS, "read\ndone\neat", True),
]


@pytest.mark.parametrize(("spec", "answer", "ok"), LABELLED)
def test_the_measure_follows_the_chain(spec: Chain, answer: str, ok: bool) -> None:
    assert CHAIN.measure(spec, answer).passed is ok


def test_the_correction_names_the_broken_link() -> None:
    outcome = CHAIN.measure(WORDS, "Eagles soar quickly")
    assert outcome.suggestion == (
        "Your word 3 ('quickly') starts with 'q', but word 2 ends with 'r': start it with "
        "'r'. Make each word starting with the last letter of the word before it."
    )


def test_words_chain_only_by_letters() -> None:
    with pytest.raises(ValidationError):
        Chain(part="word", link="word")


def _chains(prompt: str) -> list[Chain]:
    return [c.spec for c in compile_checks(prompt) if isinstance(c.spec, Chain)]


@pytest.mark.parametrize(
    ("prompt", "expected"),
    [
        (
            "Write a sentence in which each word begins with the last letter of the previous word.",
            WORDS,
        ),
        ("Every word must start with the final letter of the word before it.", WORDS),
        (
            "word chain please: the last letter of each word is the first letter of the next one",
            WORDS,
        ),
        (
            "Describe a sandwich so that each sentence starts with the last word of the previous "
            "sentence.",
            SENTENCES,
        ),
        (
            "Write a poem. Every line should start with the word the previous line ended with.",
            LINES,
        ),
        (
            "List fruits; each item must begin with the letter that the previous item ends with.",
            ITEMS,
        ),
    ],
)
def test_phrasings_compile(prompt: str, expected: Chain) -> None:
    assert _chains(prompt) == [expected]


@pytest.mark.parametrize(
    "prompt",
    [
        "Check whether each word begins with the last letter of the previous word.",
        "In the text below, each sentence starts with the last word of the previous sentence.",
        "Ideally each word starts with the last letter of the previous word.",
        "Does each line start with the last word of the line before?",
        "Each word doesn't need to begin with the last letter of the previous word.",
        "Explain the game where each word starts with the last letter of the previous word.",
        "Does the game start each word with the last letter of the previous word?",
        "Write a sentence where each word starts with the last letter of the previous word's root.",
        "In my poem below, I start each line with the last word of the previous line.",
    ],
)
def test_near_misses_compile_nothing(prompt: str) -> None:
    assert _chains(prompt) == []
