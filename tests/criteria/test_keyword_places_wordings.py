"""Keywords required in named parts (two parts at once, unquoted names and
literals), a word's bracketed alternative form under a count, and a ban's
clause ended by a comma before "use the word …": the phrasings that compile
and the near misses that must compile nothing of the kind."""

from __future__ import annotations

import pytest

from _compiled_specs import keyword_counts as _keywords
from _compiled_specs import specs_of_kind as _specs


def _placed(prompt: str) -> set[tuple[str, str, int]]:
    return {
        (str(s["keyword"]), str(s["part"]), int(str(s["index"])))
        for s in _specs(prompt, "keyword_in")
    }


@pytest.mark.parametrize(
    ("prompt", "expected"),
    [
        (
            "Write a toast and include 'cheers' in the first and last sentence.",
            {("cheers", "sentence", 1), ("cheers", "sentence", -1)},
        ),
        (
            "Use the word 'dawn' in the first sentence and the last sentence.",
            {("dawn", "sentence", 1), ("dawn", "sentence", -1)},
        ),
        (
            "Include Lisbon in both the first and the last paragraph.",
            {("Lisbon", "paragraph", 1), ("Lisbon", "paragraph", -1)},
        ),
        (
            "Write a fable where the fox's name, Captain Rufus, appears in the first "
            "sentence and the last sentence.",
            {("Captain Rufus", "sentence", 1), ("Captain Rufus", "sentence", -1)},
        ),
        (
            "Keep it short, and mention the coach's name, Mr. Idris, in the first and "
            "second sentence.",
            {("Mr. Idris", "sentence", 1), ("Mr. Idris", "sentence", 2)},
        ),
        (
            "Four sentences; the first sentence must contain his name, Dr. Osei; end warmly.",
            {("Dr. Osei", "sentence", 1)},
        ),
        (
            "Third sentence must include the email help@shop.example.",
            {("help@shop.example", "sentence", 3)},
        ),
        ("The second paragraph must mention the year 1969.", {("1969", "paragraph", 2)}),
        (
            "The first sentence must name Verdi and the year 1871.",
            {("Verdi", "sentence", 1), ("1871", "sentence", 1)},
        ),
    ],
)
def test_placed_keywords_compile(prompt: str, expected: set[tuple[str, str, int]]) -> None:
    assert _placed(prompt) == expected


@pytest.mark.parametrize(
    "prompt",
    [
        # hedged, conditional, asked, negated
        "If you can, include 'cheers' in the first and last sentence.",
        "Does the first sentence mention Verdi?",
        "Don't include 'cheers' in the first and last sentence.",
        "The first sentence must not name Verdi.",
        "Never let the first sentence mention Verdi.",
        # a subject that is no value, an indefinite value
        "The answer appears in the first and last sentence.",
        "The first sentence must name a composer and the year 1871.",
        # the clause goes on past the value: not read whole
        "The first sentence must mention Verdi's opera about Egypt.",
    ],
)
def test_placed_near_misses_compile_nothing(prompt: str) -> None:
    assert _placed(prompt) == set()


@pytest.mark.parametrize(
    ("prompt", "expected"),
    [
        (
            "Use the word 'thank' (or 'thanks') no more than once.",
            {("thank", "at_most", 1), ("thanks", "at_most", 1)},
        ),
        (
            "Use the word 'colour' (or 'color') at most 2 times.",
            {("colour", "at_most", 2), ("color", "at_most", 2)},
        ),
        # a ban's clause ends at a comma before a verb asking for a quoted word
        (
            "Avoid the letter 'z' entirely, use the phrase 'slow tide' at least 3 times.",
            {("slow tide", "at_least", 3)},
        ),
        ("Do not use slang, use the word 'indeed' twice.", {("indeed", "exactly", 2)}),
    ],
)
def test_counted_forms_compile(prompt: str, expected: set[tuple[str, str, int]]) -> None:
    assert _keywords(prompt) == expected


@pytest.mark.parametrize(
    "prompt",
    [
        # a floor is met by either form: neither is required
        "Use the word 'thank' (or 'thanks') at least twice.",
        "Use the word 'thank' (or 'thanks').",
        # the ban's verbs listed, not a new request
        "Don't write, use or mention the word 'xyz'.",
    ],
)
def test_counted_forms_near_misses(prompt: str) -> None:
    assert _keywords(prompt) == set()
