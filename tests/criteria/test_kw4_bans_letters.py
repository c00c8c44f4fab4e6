"""Letters counted in a clause describing the answer, literal lists with a
name per literal, words written "verbatim" with a count, banned kinds named
by their examples, and elliptical bans ("use 'u', never 'je'"): the wordings
that compile, and the near misses that must compile nothing of the kind."""

from __future__ import annotations

import pytest

from _compiled_specs import specs_of_kind as _specs


def _letters(prompt: str) -> list[tuple[str, str, int]]:
    return sorted(
        (str(s["letter"]), str(s["relation"]), int(str(s["value"])))
        for s in _specs(prompt, "letter_count")
    )


def _keywords(prompt: str) -> list[tuple[str, str, int]]:
    return sorted(
        (str(s["keyword"]), str(s["relation"]), int(str(s["value"])))
        for s in _specs(prompt, "keyword")
    )


def _banned(prompt: str) -> list[list[str]]:
    return [[str(w) for w in s["words"]] for s in _specs(prompt, "forbidden_words")]  # type: ignore[attr-defined]


# -- a letter counted in a clause that describes the thing asked for -----------------


@pytest.mark.parametrize(
    ("prompt", "expected"),
    [
        (
            "Compose a limerick about a zebra where the letter z appears at least 6 times.",
            [("z", "at_least", 6)],
        ),
        (
            "Write a sentence in which the letter 'k' appears exactly 4 times.",
            [("k", "exactly", 4)],
        ),
        (
            "Draft a short toast for a wedding where the letter 'w' appears at least 8 times "
            "but the letter 'e' appears fewer than 30 times.",
            [("e", "at_most", 29), ("w", "at_least", 8)],
        ),
        (
            "Describe a rainy harbour in 40-60 words without using the letter 'a' at all.",
            [("a", "at_most", 0)],
        ),
        (
            "Describe a city at dawn in 3 sentences without the letter o.",
            [("o", "at_most", 0)],
        ),
    ],
)
def test_letter_counts_in_a_describing_clause(
    prompt: str, expected: list[tuple[str, str, int]]
) -> None:
    assert _letters(prompt) == expected


@pytest.mark.parametrize(
    "prompt",
    [
        # a topic that is itself text: the count may be the novel's
        "Write a review of a novel where the letter x appears 50 times.",
        # asked, hedged or someone's own text
        "Could you write a poem in which the letter e appears 10 times?",
        "Ideally, write a sentence in which the letter q appears at least twice.",
        "My essay is a text in which the letter s appears 200 times.",
        # a condition, not a request
        "If you write a haiku where the letter k appears twice, tell me.",
    ],
)
def test_letter_near_misses(prompt: str) -> None:
    assert _letters(prompt) == []


# -- literals, each with its own name, and "each" after their count -----------------


def test_named_literals_with_a_count_each() -> None:
    prompt = "Include the hashtag #spring and the link https://shop.example/sale exactly once each."
    assert _keywords(prompt) == [
        ("#spring", "exactly", 1),
        ("https://shop.example/sale", "exactly", 1),
    ]


def test_named_literals_without_a_count() -> None:
    prompt = "Mention the handle @TidyApp and the support line 0800-555-0142."
    assert _keywords(prompt) == [("0800-555-0142", "at_least", 1), ("@TidyApp", "at_least", 1)]


@pytest.mark.parametrize(
    "prompt",
    [
        # a name with no literal after it ends the list
        "Include the hashtag #spring and the link to our shop exactly once each.",
        # someone else's text
        "My draft includes the hashtag #spring and the link https://shop.example/sale twice.",
    ],
)
def test_named_literal_near_misses(prompt: str) -> None:
    assert ("https://shop.example/sale", "exactly", 1) not in _keywords(prompt)
    assert ("https://shop.example/sale", "exactly", 2) not in _keywords(prompt)


# -- words written as given, then their count ----------------------------------------


@pytest.mark.parametrize(
    ("prompt", "expected"),
    [
        (
            "Cite 'Article 12(3)' verbatim at least twice.",
            [("Article 12(3)", "at_least", 2)],
        ),
        (
            "One short paragraph, and it has to mention 'terms apply' word for word exactly once.",
            [("terms apply", "exactly", 1)],
        ),
        (
            "Include 'no refunds after 30 days' exactly as written.",
            [("no refunds after 30 days", "at_least", 1)],
        ),
    ],
)
def test_verbatim_before_a_count(prompt: str, expected: list[tuple[str, str, int]]) -> None:
    assert _keywords(prompt) == expected


def test_verbatim_near_miss() -> None:
    # translated word for word: a manner of translating, no words required
    assert _keywords("Don't translate 'terms apply' word for word twice.") == []


# -- a banned kind named by its examples ---------------------------------------------


@pytest.mark.parametrize(
    ("prompt", "expected"),
    [
        ("One dose per line, and no abbreviations like 'tds' or 'prn'.", [["tds", "prn"]]),
        (
            "Never mention rival shops such as Etsy.com, Amazon or Zalando.",
            [["Etsy.com", "Amazon", "Zalando"]],
        ),
        ("Avoid greetings such as 'Hi there' or 'Hey'.", [["Hi there", "Hey"]]),
        (
            "Reply in French and never mention competitor names (Decathlon, Intersport).",
            [["Decathlon", "Intersport"]],
        ),
    ],
)
def test_banned_kind_examples(prompt: str, expected: list[list[str]]) -> None:
    assert _banned(prompt) == expected


@pytest.mark.parametrize(
    "prompt",
    [
        # a count of the kind, not a ban
        "No more than 3 emojis like '🔥'.",
        # not names: words in brackets without capitals
        "Never mention competitor names (even first names).",
        # an analogy's topic is no word
        "No analogies involving Russian dolls.",
        # said of others, asked, conditional, one part's
        "I hate it when writers use analogies like 'a box of chocolates'.",
        "Can you avoid abbreviations like 'bd'?",
        'If it is formal, avoid contractions like "don\'t" and "can\'t".',
        "Don't use clichés like 'at the end of the day' in the title.",
    ],
)
def test_banned_kind_near_misses(prompt: str) -> None:
    assert _banned(prompt) == []


# -- "never 'x'", "not 'x'": a verb said before them, left out -----------------------


@pytest.mark.parametrize(
    ("prompt", "expected"),
    [
        ("Address the reader formally using 'Sie', never 'du' or 'dich'.", [["du", "dich"]]),
        ("Use the word 'softly' in two lines but never the word 'hurt'.", [["hurt"]]),
        ("Spell it 'grey', not 'gray'.", [["gray"]]),
        ("Use plain words, and never 'synergy'.", [["synergy"]]),
        ("Never 'literally'.", [["literally"]]),
    ],
)
def test_elliptical_bans(prompt: str, expected: list[list[str]]) -> None:
    assert _banned(prompt) == expected


@pytest.mark.parametrize(
    "prompt",
    [
        # one place only: the opening or the sign-off
        "Start with 'Dear Sam', never 'Hey'.",
        "Sign off with 'Cheers', but never 'Best'.",
        "Reply with 'yes', not 'no'.",
        # a manner, not words: no quoted words for the "not" to contrast with
        "Write it in English, but not 'Americanised'.",
        # reported, conditional, not a request
        "I said 'color', not 'colour', in my draft.",
        "If it's formal, use 'u', never 'je'.",
        "It is not 'literally' that bothers me.",
    ],
)
def test_elliptical_ban_near_misses(prompt: str) -> None:
    assert _banned(prompt) == []


# -- a styled word that "must appear" in the style; a named value in brackets -------


def _styled(prompt: str) -> list[tuple[list[str], str]]:
    return [
        ([str(w) for w in s["words"]], str(s["style"]))  # type: ignore[attr-defined]
        for s in _specs(prompt, "words_styled")
    ]


@pytest.mark.parametrize(
    ("prompt", "expected"),
    [
        ("The word 'Content-Type' must appear in backticks.", [(["Content-Type"], "code")]),
        (
            "The term 'force majeure' should always be written in italics.",
            [(["force majeure"], "italic")],
        ),
        ("Keep the refund window (14 days) in bold.", [(["14 days"], "bold")]),
        ("Put the launch date (3 March 2027) in bold.", [(["3 March 2027"], "bold")]),
    ],
)
def test_styled_words(prompt: str, expected: list[tuple[list[str], str]]) -> None:
    assert _styled(prompt) == expected


@pytest.mark.parametrize(
    "prompt",
    [
        "Put the deadline (see below) in bold.",
        "Keep the fee (about 12 euros) in bold.",
        "If you mention the price (£40), put it in bold.",
        "My draft keeps the deadline (30 days) in bold.",
        "The word 'Retry-After' might appear in backticks.",
    ],
)
def test_styled_word_near_misses(prompt: str) -> None:
    assert _styled(prompt) == []


# -- digits and the ellipsis character -----------------------------------------------


def _chars(prompt: str) -> list[str]:
    return [str(s["chars"]) for s in _specs(prompt, "forbidden_chars")]


@pytest.mark.parametrize(
    ("prompt", "expected"),
    [
        ("It must not contain any numbers written as digits.", ["0123456789"]),
        ("Absolutely no prices or statistics (no digits at all).", ["0123456789"]),
        ("No lists (no commas either).", [","]),
        ("Three dots are fine, but no ellipsis character.", ["…"]),
    ],
)
def test_forbidden_chars(prompt: str, expected: list[str]) -> None:
    assert _chars(prompt) == expected


@pytest.mark.parametrize(
    "prompt",
    [
        "If it is long, no statistics (no digits at all).",
        "My essay has no statistics (no digits at all).",
        "My essay does not contain any numbers written as digits.",
        "Why is there no ellipsis character in this font?",
    ],
)
def test_forbidden_char_near_misses(prompt: str) -> None:
    assert _chars(prompt) == []


# -- a list whose subject is each line, with a count of lines among its items --------


def test_a_count_of_the_subjects_unit_makes_the_list_the_answers() -> None:
    prompt = (
        "Every line must end with a full stop, 6-8 lines, and include 'harbour' at least twice."
    )
    assert ("harbour", "at_least", 2) in _keywords(prompt)


@pytest.mark.parametrize(
    "prompt",
    [
        # a count of a smaller unit may be each line's own
        "Each line must start with a capital, 5 words, and include 'sea' once.",
        "Every line must end with a period, 3 sentences, and include 'sea' once.",
    ],
)
def test_a_count_of_another_unit_stays_each_lines(prompt: str) -> None:
    assert _keywords(prompt) == []


# -- "…, and it must not …": the answer named at the start is the "it" -------------


@pytest.mark.parametrize(
    "prompt",
    [
        "Write me a riddle about time. The riddle should be 4 lines with an AABB rhyme and "
        'it must NOT contain the words "clock" or "hour" anywhere.',
        'Write a riddle. It should be 4 lines and it must not contain the words "clock" or "hour".',
    ],
)
def test_and_it_continues_the_answers_subject(prompt: str) -> None:
    assert _banned(prompt) == [["clock", "hour"]]


@pytest.mark.parametrize(
    "prompt",
    [
        'Write a riddle. My essay has 4 lines and it must not contain the words "clock" or "hour".',
        "Write a riddle. Each line should rhyme and it must not contain the word 'hour'.",
        "Read my essay. The essay is long and it must not contain the word 'hour'.",
    ],
)
def test_and_it_near_misses(prompt: str) -> None:
    assert _banned(prompt) == []
