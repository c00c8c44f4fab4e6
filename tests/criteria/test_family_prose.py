"""The counted families that came from the vocabulary (words, sentences,
paragraphs, characters, list items): the phrasings the shared count grammar
reads, the near misses it must leave alone, and the measure they keep."""

from __future__ import annotations

import pytest

from redraft.criteria import (
    BulletCount,
    CharCount,
    LetterCount,
    ParagraphCount,
    SentenceCount,
    SpecCheck,
    WordCount,
    compile_checks,
    measure_text,
)
from redraft.criteria._families import FAMILY_OF_KIND


def counts(prompt: str, system: str | None = None) -> list[tuple[str, str, int]]:
    return [
        (c.spec.kind_name(), getattr(c.spec, "relation", ""), getattr(c.spec, "value", -1))
        for c in compile_checks(prompt, system=system)
    ]


@pytest.mark.parametrize(
    ("prompt", "expected"),
    [
        # a count written as a compound before the thing to write
        ("Write a six-word story about loss.", [("word_count", "exactly", 6)]),
        ("Give me a 12-word slogan for a bakery.", [("word_count", "exactly", 12)]),
        ("Give me a two-sentence summary of the plot.", [("sentence_count", "exactly", 2)]),
        ("Compose a single-sentence review of the café.", [("sentence_count", "exactly", 1)]),
        ("Write a three-paragraph story about a lighthouse.", [("paragraph_count", "exactly", 3)]),
        ("I need a one-paragraph summary.", [("paragraph_count", "exactly", 1)]),
        # a range after "be", or a sentence that is only the range
        (
            "The essay should be 300 to 400 words long.",
            [("word_count", "at_least", 300), ("word_count", "at_most", 400)],
        ),
        (
            "5 to 7 sentences.",
            [("sentence_count", "at_least", 5), ("sentence_count", "at_most", 7)],
        ),
        (
            "It should be 2 to 4 paragraphs.",
            [("paragraph_count", "at_least", 2), ("paragraph_count", "at_most", 4)],
        ),
        # a sentence that is only the count
        ("One paragraph only.", [("paragraph_count", "exactly", 1)]),
        ("Just three sentences.", [("sentence_count", "exactly", 3)]),
        # a limit written as a label
        ("Word limit: 75.", [("word_count", "at_most", 75)]),
        ("Character limit: 280", [("char_count", "at_most", 280)]),
        ("Sentence maximum of 4.", [("sentence_count", "at_most", 4)]),
        ("Word minimum: 500 words.", [("word_count", "at_least", 500)]),
        # more ways to cap it
        ("Don't go past forty words.", [("word_count", "at_most", 40)]),
        ("Never go above 120 words.", [("word_count", "at_most", 120)]),
        ("Keep it capped at 60 words.", [("word_count", "at_most", 60)]),
        ("Answer in no fewer than 4 sentences.", [("sentence_count", "at_least", 4)]),
        ("The answer is not to exceed 90 words.", [("word_count", "at_most", 90)]),
        # number words: a dozen, half a dozen, a couple of
        ("Write half a dozen sentences about cats.", [("sentence_count", "exactly", 6)]),
        ("Keep it to a dozen words tops.", [("word_count", "at_most", 12)]),
        ("Describe it in a couple of sentences.", [("sentence_count", "exactly", 2)]),
        # a range in a list of requirements after the thing to write
        (
            "Write a speech for graduation, 300 to 400 words.",
            [("word_count", "at_least", 300), ("word_count", "at_most", 400)],
        ),
        (
            "Two paragraphs: the first about cats, the second about dogs.",
            [("paragraph_count", "exactly", 2)],
        ),
        ("Rewrite my notes as a single flowing paragraph.", [("paragraph_count", "exactly", 1)]),
        (
            "I need a packing list. No bullets: every line starts with an emoji.",
            [("bullet_count", "at_most", 0)],
        ),
        # one paragraph or sentence asked for as the thing to write
        ("Write one paragraph about otters.", [("paragraph_count", "exactly", 1)]),
        (
            "Compose a single flowing paragraph describing dawn.",
            [("paragraph_count", "exactly", 1)],
        ),
        (
            "Give me just one short persuasive paragraph on recycling.",
            [("paragraph_count", "exactly", 1)],
        ),
        # the unit named again as the answer, or its sentences ruled
        (
            "Write a persuasive paragraph on bikes; keep the paragraph under 90 words.",
            [("paragraph_count", "exactly", 1), ("word_count", "at_most", 89)],
        ),
        (
            "write a short paragraph on tides where each sentence sounds calm",
            [("paragraph_count", "exactly", 1)],
        ),
        ("Reply with one sentence.", [("sentence_count", "exactly", 1)]),
        # a limit stated after the count, or as a fit
        ("Two sentences, no more.", [("sentence_count", "at_most", 2)]),
        ("Write 500 words, no fewer.", [("word_count", "at_least", 500)]),
        ("It must fit in 280 characters.", [("char_count", "at_most", 280)]),
        ("Explain tides. It has to fit within two sentences.", [("sentence_count", "at_most", 2)]),
        # none of a list form
        ("No bullet points.", [("bullet_count", "at_most", 0)]),
        ("Answer without bullets.", [("bullet_count", "at_most", 0)]),
        ("Don't use numbered lists.", [("numbered_count", "at_most", 0)]),
        ("No numbering, please.", [("numbered_count", "at_most", 0)]),
        ("Use exactly 5 numbered rules.", [("numbered_count", "exactly", 5)]),
    ],
)
def test_the_count_grammar_reads(prompt: str, expected: list[tuple[str, str, int]]) -> None:
    assert counts(prompt) == expected


@pytest.mark.parametrize(
    ("system", "expected"),
    [
        ("Responses must not exceed 80 words.", [("word_count", "at_most", 80)]),
        ("Answers must be under 150 words.", [("word_count", "at_most", 149)]),
        ("Keep every reply under 25 words.", [("word_count", "at_most", 24)]),
        ("All responses should be at most 3 sentences.", [("sentence_count", "at_most", 3)]),
    ],
)
def test_a_standing_instruction_on_every_reply(
    system: str, expected: list[tuple[str, str, int]]
) -> None:
    assert counts("Tell me about owls.", system=system) == expected


@pytest.mark.parametrize(
    "prompt",
    [
        # the compound is a part of the answer, or one of several parts
        "End your answer with a single-sentence summary.",
        "Write a 150-word bio, then list three fun facts.",
        "Write a 100-word essay with a title.",
        "Write a 150-word summary for each chapter.",
        "Start with a one-sentence hook and then explain the idea.",
        # a long compound said in passing is a target, not a count to the unit
        # (a making verb opening the request sets it: test_whole_count_wordings);
        # a character compound is a limit, not an exact length
        "I have to write a 200-word product description. Any tips?",
        "Should I create a 500-word startup pitch?",
        "Write a 280-character tweet about rain.",
        # a compound beside labels the paragraphs carry
        "Write a 2 paragraph critique. Label each paragraph with PARAGRAPH X.",
        # the compound describes what is given, or is hedged or asked about
        "I wrote a 500-word essay; please proofread it.",
        "Here is my 300-word draft. Tighten it.",
        "Ideally, write a 200-word description.",
        "Is a 200-word description too long?",
        # plural subjects that are not the answer
        "Replies to customers must be under 50 words.",
        "Responses that exceed 80 words get cut off.",
        # a label that is not a limit on the answer
        "The word limit of my essay assignment was 500.",
        "What is a good word limit for a blog post?",
        # a range of something else
        "Pick 3 to 5 words from the list.",
        # one paragraph or sentence among other parts, or for each of several things
        "For each word, write a sentence.",
        "Write a paragraph and a haiku about spring.",
        "Write a paragraph about otters, then list three facts.",
        "Write a paragraph with a title.",
        "Write a paragraph for my blog about each of my cats.",
        "Write a sentence-by-sentence analysis.",
        # a making verb with an article names the thing to write, not a count
        # (the writers of the working splits meant one in 26 of 40 such prompts)
        "Write a paragraph about otters.",
        "Write a sentence that sounds like a line from an old film.",
        "Could you write me a short paragraph on tea where no word repeats?",
        "Draft a privacy notice paragraph for our app.",
        "pls give me a sentence with the word 'set' used twice",
        # "a sentence or two" is no exact count; code beside the paragraph adds blocks
        "Respond with a sentence or two.",
        "Provide a paragraph explaining it, with code examples.",
        # no need for bullets is not a ban
        "No bullets needed.",
        "No bullet points are needed in the intro.",
        # lists counted, not banned; a per-part rule; a limit that is none
        "Write 3 numbered lists.",
        "Use two bullet lists.",
        "There is no bullet limit.",
        # a range after a comma that may be each item's
        "Give me synonyms for happy, 3 to 5 words.",
    ],
)
def test_near_misses_compile_nothing(prompt: str) -> None:
    assert counts(prompt) == []


# Labelled by reading: (text, words, sentences, paragraphs, characters, bullets).
LABELLED = [
    ("Hello world.", 2, 1, 1, 12, 0),
    ("One. Two. Three.", 3, 3, 1, 16, 0),
    ("A short line\n\nAnother block here.", 6, 2, 2, 33, 0),
    ("- milk\n- eggs\n- bread", 3, 3, 1, 21, 3),
    ("* first point\n* second point", 4, 2, 1, 28, 2),
    ("Dr. Smith arrived at 3.5 pm. He left.", 8, 2, 1, 37, 0),
    ("Why? Because!", 2, 2, 1, 13, 0),
    ("  padded text  ", 2, 1, 1, 11, 0),
    ("para one\n\npara two\n\npara three", 6, 3, 3, 30, 0),
    ("", 0, 0, 0, 0, 0),
    ("— a dash — is not a word", 6, 1, 1, 24, 0),
    ("line one\nline two", 4, 2, 1, 17, 0),
    ("+ plus bullet\n• dot bullet", 4, 2, 1, 26, 2),
    ("1. first\n2. second", 4, 2, 1, 18, 0),
    ("Wow!!! Really?! Yes.", 3, 3, 1, 20, 0),
    ("e.g. this is one sentence.", 5, 1, 1, 26, 0),
    ("a\n\n\n\nb", 2, 2, 2, 6, 0),
    ("-not a bullet", 3, 1, 1, 13, 0),
    ("Tabs\tand  spaces count once.", 5, 1, 1, 28, 0),
    ("Ends without a mark", 4, 1, 1, 19, 0),
]


@pytest.mark.parametrize(("text", "words", "sentences", "paragraphs", "chars", "bullets"), LABELLED)
def test_the_measure_agrees_with_reading(
    text: str, words: int, sentences: int, paragraphs: int, chars: int, bullets: int
) -> None:
    def measured(spec: object) -> int:
        return int(measure_text(spec, text).data["measured"])  # type: ignore[arg-type]

    assert measured(WordCount(relation="at_least", value=1)) == words
    assert measured(SentenceCount(relation="exactly", value=0)) == sentences
    assert measured(ParagraphCount(relation="exactly", value=0)) == paragraphs
    assert measured(CharCount(relation="exactly", value=0)) == chars
    assert measured(BulletCount(relation="exactly", value=0)) == bullets


def test_corrections_name_the_gap_and_the_form() -> None:
    over = measure_text(WordCount(relation="at_most", value=3), "one two three four five")
    assert over.suggestion == "Your answer has 5 words; the limit is 3. Cut at least 2 words."
    short = measure_text(BulletCount(relation="exactly", value=3), "* a")
    assert short.suggestion == (
        "Your answer has 1 bullet point; it needs exactly 3. Add 2 more bullet points, "
        'each a line starting with "* ".'
    )
    letters = measure_text(LetterCount(letter="z", relation="at_least", value=2), "zoo")
    assert letters.suggestion == (
        "Your answer has the letter 'z' 1 time; it needs at least 2. "
        "Use the letter 'z' 1 more time."
    )


def test_limits_that_more_text_cannot_undo_fail_a_partial_draft() -> None:
    check = SpecCheck(WordCount(relation="at_most", value=3))
    assert check.definite_failure("one two three four") is not None
    assert check.definite_failure("one two") is None
    at_least = SpecCheck(WordCount(relation="at_least", value=3))
    assert at_least.definite_failure("one two three four") is None
    # sentences can merge as a draft grows ("3." then "5 pm"): never settled early
    assert not FAMILY_OF_KIND["sentence_count"].settled_failure(
        SentenceCount(relation="at_most", value=1), "One. Two. Three."
    )


def test_a_word_limit_is_repaired_by_cutting() -> None:
    assert FAMILY_OF_KIND["word_count"].repair(WordCount(relation="at_most", value=9)) == {
        "op": "cut_words",
        "limit": 9,
    }
    assert FAMILY_OF_KIND["word_count"].repair(WordCount(relation="exactly", value=9)) is None
