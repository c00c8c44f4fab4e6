"""Lexical and positional wordings that compiled nothing before: the case of
all of it ("keep everything lowercase"), a mark banned with an article
("don't put a period anywhere"), a quoted character banned, a word's cap put
as a permission ("may appear only once"), an emoji named before it ends the
answer, a ban whose subject is the thing asked for ("…, and the letter must
not …"), and a single-quoted sentence handed over followed by a sentence of
the user's own. Each with near misses that must compile nothing."""

from __future__ import annotations

import pytest

from redraft.criteria import compile_checks
from redraft.criteria._families import EndsWith, ForbiddenChars, Keyword, LetterCase


def specs(prompt: str, kind: type) -> list[object]:
    return [c.spec for c in compile_checks(prompt) if isinstance(c.spec, kind)]


LOWER, UPPER = LetterCase(case="lower"), LetterCase(case="upper")


@pytest.mark.parametrize(
    ("prompt", "expected"),
    [
        ("Write a haiku about rain. Keep everything lowercase.", LOWER),
        ("Describe your weekend; keep it all in lowercase.", LOWER),
        ("Describe Rome and make the whole answer uppercase.", UPPER),
        ("Write a chant. Put everything in capitals!", UPPER),
        ("write a note pls, have everything lower case", LOWER),
        # a single-quoted sentence handed over, then the user's own sentence
        (
            "Rewrite this sentence in reverse word order: 'the dog ran home'. Keep everything "
            "lowercase.",
            LOWER,
        ),
        ("Translate this: 'Where is the station?' Answer in lowercase.", LOWER),
    ],
)
def test_case_of_all_of_it(prompt: str, expected: LetterCase) -> None:
    assert specs(prompt, LetterCase) == [expected]


@pytest.mark.parametrize(
    "prompt",
    [
        "Keep everything lowercase except proper names.",  # an exception
        "Should I keep everything lowercase?",  # a question about it
        "My teacher told me to keep everything lowercase. Is that a good rule?",  # reported
        "Write a title and keep everything lowercase in the subtitle.",  # a part's case
        "Rewrite this: 'Don't stop. Keep everything lowercase.' Thanks.",  # inside the material
        "Translate this: 'I can't go', and keep it in lowercase.",  # the quote may not end there
    ],
)
def test_case_near_misses(prompt: str) -> None:
    assert specs(prompt, LetterCase) == []


@pytest.mark.parametrize(
    ("prompt", "chars"),
    [
        ("Write a haiku about snow, and don't put a period anywhere.", "."),
        ("Describe Paris without a single comma.", ","),
        ("Write a note and never use a semicolon.", ";"),
        ("Write a note; the character '#' should not appear even once.", "#"),
        ("Write a note. Never use the '@' symbol.", "@"),
        ("Write a shopping list with no '&' signs.", "&"),
        ("Write a list without the '*' character.", "*"),
        ('Write a note. "@" must never be used.', "@"),
        # a ban whose subject is the thing asked for, after a clause break
        ("Write a letter to a guest, and the letter must not contain any exclamation marks.", "!"),
        ("Write a poem about rain; the poem should not contain any commas.", ","),
    ],
)
def test_characters_banned(prompt: str, chars: str) -> None:
    assert specs(prompt, ForbiddenChars) == [ForbiddenChars(chars=chars)]


@pytest.mark.parametrize(
    "prompt",
    [
        "Write a note and don't put a period at the end.",  # one place only
        "Write a note. Don't use a comma after the greeting.",  # one place only
        "Should I avoid a comma here?",  # a question
        "Write a note. Don't use '#' in the title.",  # a part's
        "Write a note. No '#' more than once.",  # a cap, not a ban
        "Write a note; the letter 'e' should not appear.",  # a letter: a lipogram, not a mark
        "My note: the character '#' should not appear. Is that right?",  # a question about it
        "If possible, never use the '@' symbol.",  # hedged
        "Write a post. Never start a line with '-'.",  # a line's start
        "Write a story. The title must not contain any commas.",  # a part's
        "Write a reply to my letter. My letter must not contain any commas, right?",  # given
    ],
)
def test_character_near_misses(prompt: str) -> None:
    assert specs(prompt, ForbiddenChars) == []


@pytest.mark.parametrize(
    ("prompt", "word", "value"),
    [
        ("Write a letter to a guest. The word 'sincerely' may appear only once.", "sincerely", 1),
        ("Write a note. 'Sorry' can appear at most once.", "Sorry", 1),
        ("Write an apology, absolutely no 'sorry' more than once.", "sorry", 1),
        ('Write a speech and don\'t use "literally" more than twice.', "literally", 2),
        ("Write a toast; the name 'Maya' can be used up to 3 times.", "Maya", 3),
        ("Write a poem where the word 'team' may appear 4 times max.", "team", 4),
    ],
)
def test_a_word_capped(prompt: str, word: str, value: int) -> None:
    assert specs(prompt, Keyword) == [Keyword(keyword=word, relation="at_most", value=value)]


@pytest.mark.parametrize(
    "prompt",
    [
        "The word 'sincerely' may appear only once in my letter. Fix it.",  # given text
        "Can the word 'sincerely' appear only once?",  # a question
        "Write a story where the word 'maybe' can appear.",  # no count
        "If you want, the word 'sorry' may appear only once.",  # hedged
        'Rewrite this: "the word sorry may appear only once". Keep it short.',  # quoted
        "Write a letter. The word 'sincerely' may appear only once in the closing.",  # a part's
    ],
)
def test_word_cap_near_misses(prompt: str) -> None:
    assert specs(prompt, Keyword) == []


@pytest.mark.parametrize(
    ("prompt", "phrase"),
    [
        ("Write a tweet; it must end with a bread emoji 🍞", "🍞"),
        ("Write a tweet and end with a coffee cup emoji ☕", "☕"),
        ("Write a tweet that ends with a bread emoji 🍞.", "🍞"),
        ("Write a short poem ending with 🌙.", "🌙"),
    ],
)
def test_an_emoji_ends_it(prompt: str, phrase: str) -> None:
    assert specs(prompt, EndsWith) == [EndsWith(phrase=phrase)]


@pytest.mark.parametrize(
    "prompt",
    [
        "Write three tweets, each ending with ☕.",  # each one's end
        "Write a poem with each line ending with 🌙.",  # each line's end
        "Write a tweet that ends with 🍞 or 🥐.",  # a choice
        "Write about my tweet that ends with 🍞.",  # given
    ],
)
def test_emoji_end_near_misses(prompt: str) -> None:
    assert specs(prompt, EndsWith) == []
