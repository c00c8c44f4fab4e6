"""The word-pattern family: no word (or every word) of the answer has a
shape — an ending, a start, a string inside, a contraction, a hyphen; the
phrasings that compile and the near misses that must not."""

from __future__ import annotations

import pytest
from pydantic import ValidationError

from redraft.criteria import compile_checks
from redraft.criteria._families._word_patterns import WORD_PATTERN, WordPattern

ING = WordPattern(shape="ends", text="ing")
UN = WordPattern(shape="starts", text="un")
LY = WordPattern(shape="ends", text="ly", adverbs=True)
CONTRACTION = WordPattern(shape="contraction")
HYPHEN = WordPattern(shape="hyphenated")
ALL_A = WordPattern(shape="contains", text="a", every=True)
ALL_OO = WordPattern(shape="contains", text="oo", every=True)

# 26 answers labelled by reading them: (spec, answer, does it keep the rule).
LABELLED = [
    (ING, "We walked to the park and sat down.", True),
    (ING, "We were walking to the park.", False),
    (ING, "**Running** is fun.", False),  # markup set aside
    (ING, "Sing a song.", False),  # "sing" ends in -ing too: the stated reading
    (ING, "", True),  # no words, no banned word
    (ING, "I like the ingredients.", True),  # -ing inside, not at the end
    (UN, "It was unclear.", False),
    (UN, "Under the bridge we sat.", False),  # "Under" starts with un-, case set aside
    (UN, "A fun run.", True),  # "fun" holds un, but does not start with it
    (LY, "She ran quickly.", False),
    (LY, "My family lives in Italy.", True),  # listed -ly words that are never adverbs
    (LY, "A friendly, lovely dog.", True),
    (LY, "Only the brave came.", False),  # "only" is an adverb
    (CONTRACTION, "I do not know.", True),
    (CONTRACTION, "I don't know.", False),
    (CONTRACTION, "It’s late.", False),  # a curly apostrophe reads as a straight one
    (CONTRACTION, "We'll see; they've gone; I'm here; you'd know.", False),
    (CONTRACTION, "The team's plan works.", True),  # a noun's 's is a possessive
    (CONTRACTION, "Let's go.", False),
    (HYPHEN, "A well-known fact.", False),
    (HYPHEN, "A well known fact — or not.", True),  # a dash between words is no hyphen
    (HYPHEN, "Pages 3-5 are blank.", True),  # a numeric range is not a word
    (ALL_A, "Bananas are a snack", True),
    (ALL_A, "Bananas are my snack", False),
    (ALL_A, "", False),  # no words: every word cannot hold it
    (ALL_OO, "Good food, cool moon.", True),
    (ALL_OO, "Good food, cold moon.", False),
]


@pytest.mark.parametrize(("spec", "answer", "ok"), LABELLED)
def test_the_measure_reads_each_word(spec: WordPattern, answer: str, ok: bool) -> None:
    assert WORD_PATTERN.measure(spec, answer).passed is ok


def test_the_correction_names_the_words_and_how_to_fix_them() -> None:
    outcome = WORD_PATTERN.measure(CONTRACTION, "I don't know, it's late.")
    assert outcome.suggestion == (
        "Your answer uses 2 contractions ('don't', 'it's'). "
        "Write each one out in full (don't → do not, it's → it is)."
    )
    every = WORD_PATTERN.measure(ALL_A, "Bananas are my snack")
    assert every.suggestion is not None and "'my'" in every.suggestion


def test_invalid_specs_are_refused() -> None:
    with pytest.raises(ValidationError):
        WordPattern(shape="ends")  # an ending needs its text
    with pytest.raises(ValidationError):
        WordPattern(shape="contraction", text="n't")
    with pytest.raises(ValidationError):
        WordPattern(shape="ends", text="ing", adverbs=True)
    with pytest.raises(ValidationError):
        WordPattern(shape="hyphenated", every=True)


def _patterns(prompt: str) -> list[WordPattern]:
    return [c.spec for c in compile_checks(prompt) if isinstance(c.spec, WordPattern)]


@pytest.mark.parametrize(
    ("prompt", "want"),
    [
        ("Write a cover letter. No contractions.", CONTRACTION),
        ("Please don't use contractions when you write to me.", CONTRACTION),
        ("Describe your weekend without using any contractions.", CONTRACTION),
        ("Contractions are not allowed in the reply.", CONTRACTION),
        ("Write a product blurb. Avoid words ending in -ing.", ING),
        ("Tell me about rain, and never use words that end with 'ing'.", ING),
        ("Summarise the plot with no -ing words.", ING),
        ("Write a short story with no adverbs ending in -ly.", LY),
        ("avoid -ly adverbs pls, write about the sea", LY),
        ("Do not use words starting with un.", UN),
        ("Describe the city, but no word beginning with the prefix 'un-'.", UN),
        ("Explain recursion. No hyphenated words.", HYPHEN),
        ("Write one line where every word contains the letter a.", ALL_A),
        ("Write a sentence where every word has the double oo.", ALL_OO),
        ("Each word must include the letters oo.", ALL_OO),
    ],
)
def test_phrasings_compile(prompt: str, want: WordPattern) -> None:
    assert _patterns(prompt) == [want]


@pytest.mark.parametrize(
    "prompt",
    [
        "My teacher says no contractions — is that right?",
        "Is it bad to use contractions in essays?",
        "Give me five words like running and jumping.",
        "Why do some style guides say to avoid adverbs ending in -ly?",
        "List words ending in -ing that describe motion.",
        "Write a title with no words ending in -ing in the title, and a long body.",
        "If you can, avoid contractions.",
        'The email below says "no contractions please". Summarise it.',
        "Every word starts with the letter s.",  # the tautogram's
        "Write a story without the letter e.",  # the letter count's
        "Explain what a contraction is in grammar.",
    ],
)
def test_near_misses_compile_nothing(prompt: str) -> None:
    assert _patterns(prompt) == []
