"""Keywords, banned words and banned symbols in wordings of their own
(session of 2026-11-29): a grammatical person's pronouns and bracketed
articles banned, forms of address required, a word banned "of itself",
symbols named by what they are (quotes around values, a kind's examples,
a comma-separated list's spaces), and the near misses
that must compile nothing of the kind."""

from __future__ import annotations

import pytest

from _compiled_specs import keyword_counts
from _compiled_specs import specs_of_kind as _specs

_FIRST = {"i", "me", "my", "myself", "we", "us", "our", "ours", "ourselves"}


def _banned(prompt: str) -> set[str]:
    return {str(w).lower() for s in _specs(prompt, "forbidden_words") for w in s["words"]}  # type: ignore[attr-defined]


def _chars(prompt: str) -> set[str]:
    return {str(s["chars"]) for s in _specs(prompt, "forbidden_chars")}


@pytest.mark.parametrize(
    ("prompt", "words"),
    [
        ("Write a lab report abstract. No first-person pronouns.", _FIRST),
        ("Draft a grant summary with no first-person words at all (no I, we, us).", _FIRST),
        ("Describe the method in past tense and no first-person pronouns (I, we, our).", _FIRST),
        (
            "Write a product page without any second-person pronouns.",
            {"you", "your", "yours", "yourself", "yourselves"},
        ),
        ("Give me 4 band names. No articles (a, an, the).", {"a", "an", "the"}),
        ("Write a fable. Avoid pronouns ('he', 'she', 'they').", {"he", "she", "they"}),
    ],
)
def test_closed_class_bans_compile(prompt: str, words: set[str]) -> None:
    assert words <= _banned(prompt)


@pytest.mark.parametrize(
    "prompt",
    [
        "Should I avoid first-person pronouns in a cover letter?",
        "My essay uses no first-person pronouns. Check the grammar.",
        "Write an essay. No first-person pronouns in the title.",
        "Write a digest. No articles.",  # news articles, maybe: no words named
        "Write a newsletter with no articles (news or blogs) cited.",
        "If you can, avoid first-person pronouns.",
        "Write a report. No articles (a, an, the) in the headings.",
        "Write a note. Try to avoid first-person pronouns.",
    ],
)
def test_closed_class_near_misses(prompt: str) -> None:
    assert _banned(prompt) == set()


@pytest.mark.parametrize(
    ("prompt", "expected"),
    [
        (
            "Write a gallery audio script. Address the visitor as 'you' at least once.",
            ("you", "at_least", 1),
        ),
        (
            "Write a reply in German. Address the client formally using 'Sie'.",
            ("Sie", "at_least", 1),
        ),
        ("Write a safety leaflet. Use 'you' to address the reader.", ("you", "at_least", 1)),
        (
            "Write a letter to the board. Refer to them as 'the Trustees'.",
            ("the Trustees", "at_least", 1),
        ),
        (
            "Write a toast for a wedding. Use the bride's name, Ines, exactly 2 times.",
            ("Ines", "exactly", 2),
        ),
        ("Write a pitch; it must contain both 'quiet' and 'fast'.", ("fast", "at_least", 1)),
    ],
)
def test_required_forms_compile(prompt: str, expected: tuple[str, str, int]) -> None:
    assert expected in keyword_counts(prompt)


@pytest.mark.parametrize(
    "prompt",
    [
        "My teacher addressed us as 'kids'.",
        "Should I address her as 'Dr. Kim'?",
        "Write an email. Address them as 'Dr. Kim' in the greeting.",
        "If the user is a doctor, address them as 'Doctor'.",
        "Write a note. Never address the reader as 'buddy'.",
        "Write a memo. Don't refer to him as 'the boss'.",
        # two parties, either of which an answer may leave out; or a choice
        "Write a summary. Refer to them as 'the Buyer' and 'the Seller'.",
        "Write a speech. Address the audience as 'friends' or 'neighbours'.",
        # a text told of, not asked of the answer
        "Tell me why pop songs repeat the phrase 'baby' exactly twice.",
        "Explain why the poet uses 'never' exactly twice.",
        "Write a note. Use 'folks' instead of 'guys'.",
        # said in place of something the answer may never need to say
        "Write a support reply. Never promise a refund; say 'I will pass this on' instead.",
        "Write a story. Use Python twice.",
    ],
)
def test_required_forms_near_misses(prompt: str) -> None:
    assert keyword_counts(prompt) == set()


@pytest.mark.parametrize(
    ("prompt", "words"),
    [
        ("Write a flyer for a bakery. The word 'cheap' is banned.", {"cheap"}),
        ("Write an ad. The phrase 'act now' is off-limits.", {"act now"}),
        (
            'Job ad please. Requirements:\n- 4 bullets\n- the word "rockstar" is banned',
            {"rockstar"},
        ),
        ("Write a goodbye text. No 'I', no 'me', no 'my' anywhere.", {"i", "me", "my"}),
        ("Write a toast. No 'cheers' at all.", {"cheers"}),
    ],
)
def test_word_bans_compile(prompt: str, words: set[str]) -> None:
    assert words <= _banned(prompt)


@pytest.mark.parametrize(
    "prompt",
    [
        "In my school the word 'ain't' is banned. Write a poem about it.",
        "Is the word 'moist' banned in your style guide?",
        "Write a poem. No 'love' anywhere in the title.",
        # a symbol is drawn, not written: no word is banned
        "Write a tweet with no symbols like hearts.",
        "Write a bio with no emojis like stars or moons.",
    ],
)
def test_word_ban_near_misses(prompt: str) -> None:
    assert _banned(prompt) == set()


@pytest.mark.parametrize(
    ("prompt", "chars"),
    [
        ("Write a .env file. Keys uppercase, and no quotes around values.", '"“”'),
        ("Make a CSV of three rivers. No quotes around fields.", '"“”'),
        ("Give me one headline. Just the headline. No quotes around it.", '"“”'),
        ("Write a tagline. Don't wrap it in quotation marks.", '"“”'),
        ("Write a teaser. House style: use single quotation marks, never double.", '"“”'),
        ("Write a phone greeting. No symbols like & or %, please.", "&%"),
        ("Write a post with no special characters such as '#' or '@'.", "#@"),
        ("Give me 4 colours. Lowercase, comma-separated, no spaces.", " "),
        ("Give me 3 prime numbers as a comma separated list without spaces.", " "),
    ],
)
def test_symbol_bans_compile(prompt: str, chars: str) -> None:
    assert chars in _chars(prompt)


@pytest.mark.parametrize(
    "prompt",
    [
        "Write a YAML file. No quotes around strings.",  # code may need them
        "Write a title and a blurb. No quotes around the title.",  # one part's
        "My CSV has no quotes around fields. Why does Excel break it?",
        "Write a CSV. No quotes around values in the header row.",
        "Write a CSV of 3 rows. Put quotes around every field.",
        "Write a post. No symbols like & in the title.",
        "Should I avoid symbols like & or % in a voicemail?",
        "Write a price list. No currency symbols in the headings.",
        # which symbols count as currency is not said
        "What is 15% of 80? Just the number, no currency symbol.",
        "My list is comma-separated, no spaces. Why does it fail?",
    ],
)
def test_symbol_ban_near_misses(prompt: str) -> None:
    assert _chars(prompt) == set()


@pytest.mark.parametrize(
    ("prompt", "keyword"),
    [
        ("Shorten this refund notice. Keep the order number ORD-55120 unchanged.", "ORD-55120"),
        (
            "Translate this alert into Italian and keep the code ZX-301 unchanged: "
            '"Link failed (ZX-301)."',
            "ZX-301",
        ),
        (
            "Summarise this memo but preserve the ticket number TK-7781 exactly as written.",
            "TK-7781",
        ),
    ],
)
def test_kept_literals_compile(prompt: str, keyword: str) -> None:
    assert (keyword, "at_least", 1) in keyword_counts(prompt)


@pytest.mark.parametrize(
    "prompt",
    [
        "Shorten this message. Keep the order number ORD-55120 in the first line.",
        "My manager always keeps the code ZX-301 unchanged.",
        "Should I keep the code ZX-301 unchanged?",
        "Keep the tone friendly and the reply short.",
    ],
)
def test_kept_literal_near_misses(prompt: str) -> None:
    assert keyword_counts(prompt) == set()
