"""Word lengths read from the words asked for ("Give 10 words, each at
least 4 letters", "Give me 6 five-letter words", "one word, 6 to 9
letters"), from a label and its bans ("Reading age matters: no sentence
over 15 words, no word over 10 letters"), from the answer's own words ("no
word in your version may be longer than 8 letters") and from a clause about
the thing asked for after its topic ("a paragraph about rain in which every
word …"). Near misses: another part asked for, the user's own text, a
hedge, names rather than words, a count of something else."""

from __future__ import annotations

import pytest

from redraft.criteria import compile_checks
from redraft.criteria._families._word_length import WordLength


def _lengths(prompt: str, system: str | None = None) -> list[tuple[str, int]]:
    return [
        (c.spec.relation, c.spec.value)
        for c in compile_checks(prompt, system=system)
        if isinstance(c.spec, WordLength)
    ]


@pytest.mark.parametrize(
    ("prompt", "expected"),
    [
        ("List 8 nouns, each at least 6 letters, comma-separated on one line.", [("at_least", 6)]),
        ("Give me 5 verbs, each exactly 4 letters, one per line, nothing else.", [("exactly", 4)]),
        (
            "Puzzle words: 9 words, each between 3 and 7 letters, all caps, on one line.",
            [("at_least", 3), ("at_most", 7)],
        ),
        (
            "I'm building a game. Give me 7 six-letter words about space, on one line.",
            [("exactly", 6)],
        ),
        ("Suggest a single invented word, 7 letters, starting with 'K'.", [("exactly", 7)]),
        ("Name my app. It should be one word, no more than 5 letters.", [("at_most", 5)]),
        (
            "Invent a shop name. Only the name, one word, 4 to 8 letters.",
            [
                ("at_least", 4),
                ("at_most", 8),
            ],
        ),
        (
            "Write a note for new staff. Keep it plain: no word over 9 letters, no jargon.",
            [("at_most", 9)],
        ),
        (
            "Rewrite my intro. No word in your answer may be longer than 7 letters.",
            [("at_most", 7)],
        ),
        (
            "Write a poem about the moon in which every word has 4 letters or fewer.",
            [("at_most", 4)],
        ),
    ],
)
def test_word_lengths_compile(prompt: str, expected: list[tuple[str, int]]) -> None:
    assert _lengths(prompt) == expected


def test_a_label_and_its_bans_in_a_system_prompt() -> None:
    system = "You tell stories to toddlers. Simple words: no word may have more than 7 letters."
    assert _lengths("Tell me a story about a duck.", system=system) == [("at_most", 7)]


@pytest.mark.parametrize(
    "prompt",
    [
        # another part the length is not of
        "List 8 nouns, each at least 6 letters, then explain each one in a sentence.",
        "Give me 5 verbs, each exactly 4 letters, with a definition for each.",
        "Give me 7 six-letter words about space on one line and a short intro paragraph.",
        # the words may come with a line before them: no sign they are all of it
        "Give me 6 four-letter words about cats.",
        "List 8 nouns, each at least 6 letters.",
        # not words: names, the user's own words
        "Give me 12 animal names, each between 4 and 7 letters.",
        "My list has 9 words, each between 3 and 7 letters. Is that good?",
        # hedged or conditional
        "If possible, give me 5 verbs, each exactly 4 letters.",
        # one word of a sentence, not the answer
        "Write a tweet about tea. Use one word, 8 letters, as a hashtag and explain it.",
        # a label about given text
        "My draft's rule: no word over 9 letters. Does it follow it?",
    ],
)
def test_near_misses_compile_no_word_length(prompt: str) -> None:
    assert _lengths(prompt) == []
