"""A count within each of the things a prompt asks for ("Write 5 taglines,
each max 6 words", "Write 4 tweets. Keep them under 280 characters."): the
phrasings that compile the per-item kinds, the near misses that must not
(one item only, a part of each item, hedges, the whole document), and the
items of answers cut and measured as the docs state, labelled by reading."""

from __future__ import annotations

from typing import Any

import pytest

from redraft.criteria import compile_checks, measure_text
from redraft.criteria._families._line_length import LineLength
from redraft.criteria._families._parts import parts_of
from redraft.criteria._families._per_part import EachCount, EachWordCount

_PER_THING = ("each_word_count", "each_count", "line_length")


def specs(prompt: str) -> list[dict[str, Any]]:
    return [c.spec.model_dump(mode="json") for c in compile_checks(prompt)]


def per_thing(prompt: str) -> list[tuple[Any, ...]]:
    return [
        (s["kind"], s.get("part", s.get("length_in")), s.get("units"), s["relation"], s["value"])
        for s in specs(prompt)
        if s["kind"] in _PER_THING
    ]


def words(relation: str, value: int) -> tuple[Any, ...]:
    return ("each_word_count", "item", None, relation, value)


def units(unit: str, relation: str, value: int) -> tuple[Any, ...]:
    return ("each_count", "item", unit, relation, value)


@pytest.mark.parametrize(
    ("prompt", "expected"),
    [
        # "each" after the things, its bound before or after the unit
        ("Write 5 taglines, each max 6 words.", [words("at_most", 6)]),
        ("Give me 5 options, numbered 1-5, each max 6 words.", [words("at_most", 6)]),
        ("Two variants on separate lines, each 3 words max.", [words("at_most", 3)]),
        ("5 names for my sourdough starter, each exactly 2 words.", [words("exactly", 2)]),
        ("Give me 7 names, each a single word.", [words("exactly", 1)]),
        ("Give me three alternative titles, each no longer than 10 words.", [words("at_most", 10)]),
        (
            "Write 3 fortune-cookie messages, each exactly 8 words, and each ending with a period.",
            [words("exactly", 8)],
        ),
        (
            "Suggest 8 usernames. Each 6–12 characters.",
            [units("characters", "at_least", 6), units("characters", "at_most", 12)],
        ),
        (
            "Give me 5 taglines, each between 3 and 6 words.",
            [words("at_least", 3), words("at_most", 6)],
        ),
        # the things by their own noun
        ("Give me 3 options for a toast, and each option max 25 words.", [words("at_most", 25)]),
        (
            "Give me 3 catchy names for a bakery. Each name must be a single word.",
            [words("exactly", 1)],
        ),
        (
            "Give me 3 headline options. Each headline must be under 70 characters.",
            [units("characters", "at_most", 69)],
        ),
        (
            "Compose a tweet thread of 4 tweets. Each tweet under 280 characters.",
            [units("characters", "at_most", 279)],
        ),
        # them, they, none: the things asked before
        ("Write 4 tweets. Keep them under 280 characters.", [units("characters", "at_most", 279)]),
        ("Give me 5 slogans. Keep them under 8 words.", [words("at_most", 7)]),
        ("Give me 5 slogans. They should be under 8 words.", [words("at_most", 7)]),
        ("Give me three taglines. None of them can have more than 6 words.", [words("at_most", 6)]),
        ("List 3 book titles for a thriller, none longer than 4 words.", [words("at_most", 4)]),
        # per thing
        (
            "Give me 5 tips for public speaking. Don't exceed 10 words per tip.",
            [words("at_most", 10)],
        ),
        ("Write 5 slogans, 8 words max per slogan.", [words("at_most", 8)]),
        # a count in the list of what each one is
        (
            "Write 5 discussion questions. Number them, each must end with a question mark "
            "and be no longer than 25 words.",
            [words("at_most", 25)],
        ),
        (
            "Write 3 headlines, each in Title Case and under 70 characters.",
            [units("characters", "at_most", 69)],
        ),
        # single words
        ("5 synonyms for happy, single words only, comma-separated.", [words("exactly", 1)]),
        # one per line, no marker: each line (line_length); with a marker: each item
        (
            "8 email subject lines for our sale. Each one under 45 characters. One per line.",
            [("line_length", "characters", None, "at_most", 44)],
        ),
        (
            "Give me 3 slogans, each on its own line starting with a dash, "
            "none longer than 8 words.",
            [words("at_most", 8)],
        ),
    ],
)
def test_a_count_within_each_thing_asked(prompt: str, expected: list[tuple[Any, ...]]) -> None:
    assert per_thing(prompt) == expected


@pytest.mark.parametrize(
    "prompt",
    [
        # one item only
        "Write 3 tips. The first one should be under 10 words.",
        # a part of each item, or something not asked
        "Build a glossary of 10 terms, and keep each definition to 15 words or fewer.",
        "Give me 5 activities. For each, give the name and a description of at most 25 words.",
        "Give me 3 recipes, each with a description of under 30 words.",
        # hedged, negated, a question
        "Give me 3 tips, ideally each under 20 words.",
        "Give me 3 tips as a numbered list. Don't make each longer than 20 words.",
        "Could you give me 3 tips, each under 20 words?",
        # two sets of things, or a format no line holds
        "Give me 3 tips and 2 warnings, each under 20 words.",
        "Generate 5 usernames as a JSON array, each under 12 characters.",
        # the whole document, or parts of prose their own families count
        "Write the contest rules. Keep them under 100 words.",
        "Write 3 paragraphs about cats. Keep them under 100 words.",
        "Give me 3 tips, each with an emoji, under 100 words in total.",
        # one thing, or words the things use
        "Give me one slogan, under 8 words.",
        "Write 4 slogans for my clients. Use these 3 words in every slogan.",
        "Write 5 slogans for my clients. They have 2 words in their company name.",
        "Write 3 tips, all 5 words taken from the list I gave you.",
    ],
)
def test_no_count_within_each_thing(prompt: str) -> None:
    assert per_thing(prompt) == []


def test_them_of_the_things_is_no_whole_count() -> None:
    kinds = [s["kind"] for s in specs("Write 4 tweets. Keep them under 280 characters.")]
    assert "char_count" not in kinds
    kinds = [s["kind"] for s in specs("Give me 5 slogans, none longer than 8 words.")]
    assert "word_count" not in kinds  # not "at least 9 words" read from "longer than 8"


def test_them_of_one_document_stays_a_whole_count() -> None:
    assert ("word_count", "at_most", 99) in [
        (s["kind"], s["relation"], s["value"])
        for s in specs("Write the contest rules. Keep them under 100 words.")
    ]


# -- the items of an answer, as the per-item count cuts them ------------------------------

_ITEMS = [
    # list lines: the marker, a label and the marks around the item left out
    ("1. Drift into calm\n2. Slow mornings\n", ["Drift into calm", "Slow mornings"]),
    ("- **Sip slow**\n- `Oat joy`\n", ["Sip slow", "Oat joy"]),
    ("1. Option A: Foo bar\n2. Option B: Baz\n", ["Foo bar", "Baz"]),
    # no list lines: the lines, a lead-in ending with a colon set aside
    (
        "Here are three taglines:\nDrift into calm.\nSlow mornings.\n",
        ["Drift into calm.", "Slow mornings."],
    ),
    ("A: Start free\nB: Join now\n", ["Start free", "Join now"]),
    ("Q1: Why now?\nQ2. Why here?\n", ["Why now?", "Why here?"]),
    ("Slide 1: Save early\nSlide 2: Spend less\n", ["Save early", "Spend less"]),
    ('"Drift away"\n"Slow down"\n', ["Drift away", "Slow down"]),
    # blocks of several lines: one item each
    ("Tweet one\n#save\n\nTweet two\n#spend\n", ["Tweet one #save", "Tweet two #spend"]),
    # one line: cut at its commas
    ("joyful, cheerful, merry", ["joyful", "cheerful", "merry"]),
    # headings head the items: the text under each
    ("### Tip 1\nSleep early.\n\n### Tip 2\nEat well.\n", ["Sleep early.", "Eat well."]),
]


@pytest.mark.parametrize(("answer", "items"), _ITEMS)
def test_the_items_of_an_answer(answer: str, items: list[str]) -> None:
    assert parts_of(answer, "item") == items


_AT_MOST_3 = EachWordCount(part="item", relation="at_most", value=3)
_EXACTLY_2 = EachWordCount(part="item", relation="exactly", value=2)
_CHARS_20 = EachCount(part="item", units="characters", relation="at_most", value=20)
_ONE_SENTENCE = EachCount(part="item", units="sentences", relation="exactly", value=1)

# Answers labelled by reading: does every item the prompt asked for keep the count?
_LABELLED = [
    (_AT_MOST_3, "1. Drift into calm\n2. Slow oat mornings\n3. Sip, smile, repeat", True),
    (_AT_MOST_3, "1. Drift into calm\n2. Slow oat milk mornings\n", False),
    (_AT_MOST_3, "Here are your taglines:\nDrift into calm\nSlow mornings", True),
    (_AT_MOST_3, "Drift into calm\nSlow mornings with oat milk", False),
    (_AT_MOST_3, "A: Start free today\nB: Join now", True),
    (_AT_MOST_3, "- **Drift into calm**\n- *Sip slow*", True),
    (_AT_MOST_3, "calm, slow, gentle", True),
    (_AT_MOST_3, "", False),
    (_EXACTLY_2, "1. Clint Yeastwood\n2. Bread Pitt\n3. Doughy Parton", True),
    (_EXACTLY_2, "1. Clint Yeastwood\n2. Bread Pitt Junior\n", False),
    (_EXACTLY_2, "Clint Yeastwood\nBread Pitt\nLoaf", False),
    (_EXACTLY_2, "Option A: Clint Yeastwood\nOption B: Bread Pitt", True),
    (_CHARS_20, "1. Save more today\n2. Spend less, live more", False),
    (_CHARS_20, "1. Save more today\n2. Spend less\n", True),
    (_CHARS_20, '"Save more today"\n"Spend less"', True),
    (_CHARS_20, "Tweet 1 is short\n\nTweet 2 runs on and on past twenty", False),
    (_ONE_SENTENCE, "- Go to bed early.\n- Drink water. Eat well.", False),
    (_ONE_SENTENCE, "- Go to bed early.\n- Drink more water.", True),
    (_ONE_SENTENCE, "Go to bed early.\nDrink more water.\nWalk daily.", True),
    (_ONE_SENTENCE, "### Tip 1\nGo to bed early.\n\n### Tip 2\nDrink water. Eat well.", False),
]


@pytest.mark.parametrize(("spec", "answer", "passes"), _LABELLED)
def test_a_count_within_each_item_measured(spec: Any, answer: str, passes: bool) -> None:
    assert measure_text(spec, answer).passed is passes


def test_one_per_line_counts_each_whole_line() -> None:
    spec = LineLength(relation="at_most", value=20, length_in="characters")
    assert measure_text(spec, "Spring sale is here\nSave big this week").passed
    assert not measure_text(spec, "Spring sale is here now, hurry\nSave big").passed


def test_a_count_of_another_subject_is_not_each_things() -> None:
    # the answers to the questions asked are pieces of each, not the things
    prompt = (
        "Pub quiz round on rivers: 4 questions. Put each answer on the line directly "
        "after its question. Answers must be a single word each."
    )
    assert not [c for c in compile_checks(prompt) if c.spec.kind_name() == "each_word_count"]
    # the things themselves as the subject still read
    named = compile_checks("Give me 5 slogans. Slogans must be a single word each.")
    assert [c for c in named if c.spec.kind_name() == "each_word_count"]
