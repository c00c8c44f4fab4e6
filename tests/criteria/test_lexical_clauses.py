"""Keyword, banned-word, start/end and repeated-request clauses in the
wordings people use: how often a word appears stated of the word ("the word
'x' appears exactly 5 times", in a clause describing the thing asked for or
in a clause of its own), literals required without quotes (phone numbers,
prices, hashtags, handles, links, codes), banned kinds of word with their
members right after ("no pronouns 'I' or 'my'"), signatures, the closing
mark, and the question to repeat that follows its instruction; with the
near misses that must compile nothing."""

from __future__ import annotations

from typing import Any

import pytest

from redraft.criteria import compile_checks, measure_text
from redraft.criteria._families import Keyword


def specs(prompt: str, system: str | None = None) -> list[dict[str, Any]]:
    found = compile_checks(prompt, system=system)
    for check in found:
        assert check.source_span is not None
        start, end = check.source_span
        source = prompt if check.source == "prompt" else system or ""
        assert source[start:end] == check.source_text
    return [{"kind": c.spec.kind_name(), **c.spec.model_dump(exclude={"kind"})} for c in found]


def of_kinds(prompt: str, *kinds: str) -> list[dict[str, Any]]:
    return [s for s in specs(prompt) if s["kind"] in kinds]


def kw(keyword: str, relation: str = "at_least", value: int = 1) -> dict[str, Any]:
    return {"kind": "keyword", "keyword": keyword, "relation": relation, "value": value}


LEXICAL = ("keyword", "forbidden_words", "starts_with", "ends_with", "repeat_request")

# -- how often a word appears, stated of the word ------------------------------------

APPEARING = [
    ("Write a poem in which the word 'blue' appears exactly 3 times.", [kw("blue", "exactly", 3)]),
    (
        "Compose a short story where the word “lantern” shows up at least twice.",
        [kw("lantern", "at_least", 2)],
    ),
    (
        "Give me a paragraph in which the term 'cache' is used no more than 2 times.",
        [kw("cache", "at_most", 2)],
    ),
    (
        "Max 8 lines, and the phrase 'sleep now' must appear at least two times.",
        [kw("sleep now", "at_least", 2)],
    ),
    (
        "Keep it short; the word 'river' should appear between 2 and 4 times.",
        [kw("river", "at_least", 2), kw("river", "at_most", 4)],
    ),
    (
        "Write a song. The line 'we rise again' must be repeated three times.",
        [kw("we rise again", "exactly", 3)],
    ),
    # a quoted word that is also a common word is still the keyword asked for
    ("Write one sentence where the word 'that' appears 4 times.", [kw("that", "exactly", 4)]),
    ("Rules: the word 'sorry' at most once.", [kw("sorry", "at_most", 1)]),
    (
        "Write a blog post on tide pools in which the word 'shell' appears at least 3 times.",
        [kw("shell", "at_least", 3)],
    ),
    (
        "Compose an intro about jazz in which no line rhymes and the word 'swing' appears twice.",
        [kw("swing", "exactly", 2)],
    ),
    ("write a reply, the word 'refund' exactly twice", [kw("refund", "exactly", 2)]),
]


@pytest.mark.parametrize(("prompt", "expected"), APPEARING)
def test_how_often_a_word_appears(prompt: str, expected: list[dict[str, Any]]) -> None:
    assert of_kinds(prompt, "keyword") == expected


APPEARING_MISSES = [
    "In the text below, the word 'heat' appears at least 4 times. Summarise it.",
    "My draft is a story in which the word 'red' appears 5 times; is that too many?",
    "Why does the word 'literally' appear so often in teenage speech?",
    "If you can, write a poem where the word 'moon' appears twice.",
    "Explain the poem where the word 'rose' appears 3 times.",
    "Write a summary of the essay below in which the word 'red' appears 5 times.",
    "Write a review of my story where the word 'ghost' appears 6 times.",
    "The word 'sorry' at most once would be nice, but it is up to you.",
    "Count how many times the word 'red' appears in this sentence: red is red.",
]


@pytest.mark.parametrize("prompt", APPEARING_MISSES)
def test_appearing_near_misses_compile_no_keyword(prompt: str) -> None:
    assert of_kinds(prompt, "keyword") == []


DESCRIBED_LISTS = [
    (
        "Give me one sentence that uses all of these words: fern, copper, whistle.",
        [kw("fern"), kw("copper"), kw("whistle")],
    ),
    (
        "write me a sentence that includes the numbers 4, 9, and 15 as digits",
        [kw("4"), kw("9"), kw("15")],
    ),
]


@pytest.mark.parametrize(("prompt", "expected"), DESCRIBED_LISTS)
def test_words_required_of_the_one_thing_asked_for(
    prompt: str, expected: list[dict[str, Any]]
) -> None:
    assert of_kinds(prompt, "keyword") == expected


def test_words_of_a_thing_described_elsewhere_compile_nothing() -> None:
    assert of_kinds("I wrote one sentence that uses the words fern, copper.", "keyword") == []
    assert of_kinds("Is there a sentence that uses all of these words: a, b?", "keyword") == []


# -- literals required without quotes ------------------------------------------------

LITERALS = [
    ("Write a flyer and include our hotline 1-800-555-0100.", [kw("1-800-555-0100")]),
    ("Draft the reply; mention the support line +44 20 7946 0000.", [kw("+44 20 7946 0000")]),
    (
        "Tweet about the launch. Must include #LaunchDay and @AcmeTools.",
        [kw("#LaunchDay"), kw("@AcmeTools")],
    ),
    ("Post for the forum: mention the #help and #faq channels.", [kw("#help"), kw("#faq")]),
    ("Write the ad, include the price $45.", [kw("$45")]),
    ("Please add a link to https://example.org/join at the end.", []),
    (
        "Write the email and include a link to https://example.org/join",
        [kw("https://example.org/join")],
    ),
    (
        "Answer the customer. Reference the order number ZX-4410 twice.",
        [kw("ZX-4410", "exactly", 2)],
    ),
    (
        "Write a tweet that mentions @riverbakes exactly once.",
        [kw("@riverbakes", "exactly", 1)],
    ),
    (
        "Under 60 words, include the price €80, and the phrase 'pick up only'.",
        [kw("€80"), kw("pick up only")],
    ),
    ("Sign up text: include the contact email help@example.com.", [kw("help@example.com")]),
]


@pytest.mark.parametrize(("prompt", "expected"), LITERALS)
def test_literals_required_without_quotes(prompt: str, expected: list[dict[str, Any]]) -> None:
    assert of_kinds(prompt, "keyword") == expected


LITERAL_MISSES = [
    "Include 3 examples of good posture.",
    "Add 2024 sales figures to the summary.",
    "Provide an ISO-8601 date for the deadline.",
    "Don't include the phone number 555-0100-22 anywhere.",
    "Call 555-0100 and include a greeting.",
    "Should I include our hotline 1-800-555-0100?",
    "Use the hashtag #Spring in the first line only.",
    "If possible, mention @AcmeTools.",
    "Include the code SAVE20 in every paragraph.",
]


@pytest.mark.parametrize("prompt", LITERAL_MISSES)
def test_literal_near_misses_compile_no_keyword(prompt: str) -> None:
    assert of_kinds(prompt, "keyword") == []


def test_a_literal_keyword_is_measured_whole() -> None:
    spec = Keyword(keyword="#LaunchDay")
    assert measure_text(spec, "Join us! #LaunchDay @AcmeTools").passed
    assert not measure_text(spec, "Join us on launch day!").passed
    phone = Keyword(keyword="+44 20 7946 0000")
    assert measure_text(phone, "Call +44 20 7946 0000.").passed
    assert not measure_text(phone, "Call +44 20 7946 0001.").passed


# -- banned words --------------------------------------------------------------------

BANNED = [
    ("Third person, no pronouns 'I' or 'my', max 3 sentences.", ["I", "my"]),
    ("Write a bio with no words 'very' or 'really'.", ["very", "really"]),
    ("Keep tips short and don't use the word 'easy'.", ["easy"]),
    ("Give 4 tips, avoid buzzwords 'synergy' and 'leverage'.", ["synergy", "leverage"]),
]


@pytest.mark.parametrize(("prompt", "words"), BANNED)
def test_banned_words(prompt: str, words: list[str]) -> None:
    assert of_kinds(prompt, "forbidden_words") == [{"kind": "forbidden_words", "words": words}]


BANNED_MISSES = [
    "In the text below, no words like 'very' are used. Summarise it.",
    "Our style guide says headlines should be short and never use the word 'shock'.",
    "Emails to customers must never use the word 'cheap'. Is that too strict?",
    "Is it okay if there are no pronouns 'I' or 'my' in a cover letter?",
]


@pytest.mark.parametrize("prompt", BANNED_MISSES)
def test_banned_near_misses_compile_nothing(prompt: str) -> None:
    assert of_kinds(prompt, *LEXICAL) == []


# -- signatures and the closing mark -------------------------------------------------

ENDS = [
    ("Write a note to my neighbour. Sign it '— Uncle Tom'.", "— Uncle Tom"),
    ("Reply to the fan letter and sign it “Love, Mira”.", "Love, Mira"),
    (
        "Use her name in the first sentence and the last sentence, and sign it as 'Dev Team'.",
        "Dev Team",
    ),
    ("Give me a slogan for a bakery — 5 words exactly, ending with a full stop.", "."),
    ("Write a cliffhanger and make it end with an ellipsis (...).", "..."),
    ("End your answer with a period.", "."),
    ("Finish with an exclamation mark.", "!"),
]


@pytest.mark.parametrize(("prompt", "phrase"), ENDS)
def test_end_phrases(prompt: str, phrase: str) -> None:
    assert of_kinds(prompt, "ends_with") == [{"kind": "ends_with", "phrase": phrase}]


END_MISSES = [
    "Write 4 lines, each line ending with a period.",
    "Should I end the email with a full stop?",
    "If it is for my aunt, sign it 'Ana'.",
    "The card I got was signed 'Ana'; write a thank-you note.",
    "Our headlines never end with a period; write one for the fair.",
    "Don't sign it 'Bob'.",
]


@pytest.mark.parametrize("prompt", END_MISSES)
def test_end_near_misses_compile_no_end(prompt: str) -> None:
    assert of_kinds(prompt, "ends_with") == []


# -- the question to repeat ----------------------------------------------------------

REPEATS = [
    (
        "First repeat my question word for word, then answer it: How do tides work?",
        "How do tides work?",
    ),
    (
        "Repeat my question verbatim, then answer. Question: What is a prime number?",
        "What is a prime number?",
    ),
    ("Why do cats purr? Repeat my question exactly before answering.", "Why do cats purr?"),
]


@pytest.mark.parametrize(("prompt", "text"), REPEATS)
def test_the_question_to_repeat(prompt: str, text: str) -> None:
    assert of_kinds(prompt, "repeat_request") == [{"kind": "repeat_request", "text": text}]


REPEAT_MISSES = [
    "Please repeat my question word for word, then answer it.",
    "Repeat my question in your own words, then answer it: How do tides work?",
    "Don't repeat my question word for word: How do tides work?",
]


@pytest.mark.parametrize("prompt", REPEAT_MISSES)
def test_repeat_near_misses_compile_nothing(prompt: str) -> None:
    assert of_kinds(prompt, "repeat_request") == []


# -- a gloss after the word, a sentence to contain, a phrase placed at an end ------------

MORE_KEYWORDS = [
    ("Two sentences, must include 'colour' (UK spelling).", [kw("colour")]),
    ("Write the policy. Include the number 8 (the minimum age) somewhere.", [kw("8")]),
    # a gloss that states a count is the count, never skipped as a gloss
    ("Mention 'Gators' (3 times) in the chant.", [kw("Gators", "exactly", 3)]),
    ("Include 'Gators' (at least twice).", [kw("Gators", "at_least", 2)]),
    (
        'The poem must contain the exact line "the tide came in" somewhere.',
        [kw("the tide came in")],
    ),
]


@pytest.mark.parametrize(("prompt", "expected"), MORE_KEYWORDS)
def test_glosses_and_sentences_to_contain(prompt: str, expected: list[dict[str, Any]]) -> None:
    assert of_kinds(prompt, "keyword") == expected


PLACED = [
    (
        "Answer it; add the line 'Not financial advice.' at the end.",
        "ends_with",
        "Not financial advice.",
    ),
    ("Put 'DRAFT' at the very top of your reply.", "starts_with", "DRAFT"),
    ("Write the memo and include 'Regards, HR' at the bottom.", "ends_with", "Regards, HR"),
]


@pytest.mark.parametrize(("prompt", "kind", "phrase"), PLACED)
def test_a_phrase_placed_at_an_end(prompt: str, kind: str, phrase: str) -> None:
    assert of_kinds(prompt, "starts_with", "ends_with") == [{"kind": kind, "phrase": phrase}]


PLACED_MISSES = [
    "Add 'Note:' at the start of each paragraph.",
    "Include 'Fin' at the end of the second stanza.",
    "If needed, add 'P.S.' at the end.",
    "Did they put 'DRAFT' at the top?",
]


@pytest.mark.parametrize("prompt", PLACED_MISSES)
def test_placed_near_misses_compile_no_end(prompt: str) -> None:
    assert of_kinds(prompt, "starts_with", "ends_with") == []


WORD_AT_ENDS = [
    ("Write a short ghost story (under 80 words) where the last word is 'gone'.", "gone", -1),
    ("Give me a riddle in which the first word is 'Silent'.", "Silent", 1),
    ('Compose a poem so that the final word is "home".', "home", -1),
]


@pytest.mark.parametrize(("prompt", "word", "position"), WORD_AT_ENDS)
def test_the_word_at_an_end_of_the_thing_asked_for(prompt: str, word: str, position: int) -> None:
    assert of_kinds(prompt, "word_at") == [
        {"kind": "word_at", "word": word, "part": "response", "index": 1, "position": position}
    ]


WORD_AT_MISSES = [
    "In the story below, where the last word is 'door', find the theme.",
    "I read a story where the last word is 'door'.",
    "Is there a poem where the last word is 'home'?",
]


@pytest.mark.parametrize("prompt", WORD_AT_MISSES)
def test_word_at_near_misses_compile_nothing(prompt: str) -> None:
    assert of_kinds(prompt, "word_at", "ends_with", "starts_with") == []


def test_a_compound_part_noun_does_not_make_the_end_a_parts() -> None:
    prompt = "Write a one-sentence ghost story that ends with the word 'behind'."
    assert of_kinds(prompt, "ends_with") == [{"kind": "ends_with", "phrase": "behind"}]
    assert of_kinds("Write 3 lines; the last line ends with the word 'behind'.", "ends_with") == []
    recap = "Close your reply with a two-sentence recap beginning with 'Overall'."
    assert of_kinds(recap, "starts_with") == []


END_NAMES = [
    ("Decline the offer politely and end with my name, Jun Park.", "Jun Park"),
    ("Write the letter and sign off with our company name: Acme Ltd.", "Acme Ltd"),
    ("Thank the team. Close with my full name — Rosa Diaz.", "Rosa Diaz"),
]


@pytest.mark.parametrize(("prompt", "name"), END_NAMES)
def test_a_name_given_to_end_with(prompt: str, name: str) -> None:
    assert of_kinds(prompt, "ends_with") == [{"kind": "ends_with", "phrase": name}]


END_NAME_MISSES = [
    "Write a reply; end with my name.",
    "Each paragraph should end with my name, Ana.",
    "If you want, end with my name, Marcus Lee.",
    "End with my name, Marcus Lee, and a date.",
]


@pytest.mark.parametrize("prompt", END_NAME_MISSES)
def test_end_name_near_misses_compile_no_end(prompt: str) -> None:
    assert of_kinds(prompt, "ends_with") == []
