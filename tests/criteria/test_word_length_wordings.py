"""More wordings of word length (:mod:`redraft.criteria._families._word_length_more`):
the bound after the number, a ban with a modal, a floor put as a ban, a
length before the noun; and the near misses that must compile nothing."""

from __future__ import annotations

import pytest

from redraft.criteria import compile_checks
from redraft.criteria._families import WordLength


def compiled(prompt: str) -> list[WordLength]:
    return [c.spec for c in compile_checks(prompt) if isinstance(c.spec, WordLength)]


@pytest.mark.parametrize(
    ("prompt", "relation", "value"),
    [
        # the bound after the number
        ("Write a slogan. Every word must be 5 letters or fewer.", "at_most", 5),
        ("Describe a cat; each word should be 4 letters or more.", "at_least", 4),
        ("Write a tweet where every single word is six characters or less.", "at_most", 6),
        ("Tell me about tea but use only words with 6 letters or fewer.", "at_most", 6),
        ("Escribe un poema. Every word has to be 3 or fewer letters.", "at_most", 3),
        ("Write a note, two lines max, all words 7 letters max.", "at_most", 7),
        # a ban with a modal, and a floor put as a ban
        ("Write a bedtime story. No word may have more than 10 letters.", "at_most", 10),
        ("Keep it simple: no word can be longer than eight characters.", "at_most", 8),
        (
            "Write a paragraph about rivers that contains no word shorter than 4 letters.",
            "at_least",
            4,
        ),
        ("Describe autumn with no words under three letters.", "at_least", 3),
        # a length before the noun
        ("Write a poem using only five-letter words.", "exactly", 5),
        ("Compose a sentence made up only of 4-letter words.", "exactly", 4),
        # a quoted adjective on the thing asked for
        ("Write me a 'nonsense' sentence where every word has exactly four letters.", "exactly", 4),
    ],
)
def test_wordings_compile(prompt: str, relation: str, value: int) -> None:
    assert compiled(prompt) == [WordLength(relation=relation, value=value)]  # type: ignore[arg-type]


@pytest.mark.parametrize(
    "prompt",
    [
        "My essay has no word shorter than 4 letters. Can you review it?",  # given material
        "Write a poem where a few words are 3 letters or fewer.",  # some words only
        "Every word in the title must be 5 letters or fewer.",  # a part's words
        "Ideally, every word should be 5 letters or fewer.",  # hedged
        'The rule "every word must be 5 letters or fewer" is silly; explain why.',  # quoted
        "Give me 10 five-letter words related to the ocean.",  # words asked for, not every word
        "If you can, use only five-letter words.",  # a condition
        "Is it hard to write with no word longer than 5 letters?",  # a question about it
        "Summarize this: every word must be 5 letters or fewer, the teacher said.",  # material
    ],
)
def test_near_misses_compile_nothing(prompt: str) -> None:
    assert compiled(prompt) == []
