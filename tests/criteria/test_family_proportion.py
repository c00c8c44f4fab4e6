"""The proportion family: the share of the answer's sentences, lines,
paragraphs, items or words that have a property (or of its letters in one
case) compared with a fraction; the phrasings that compile and the near
misses that must not."""

from __future__ import annotations

from typing import Any

import pytest

from redraft.criteria import compile_checks
from redraft.criteria._families._proportion import PROPORTION
from redraft.criteria._families._proportion_spec import Proportion


def _share(having: str, relation: str, num: int, den: int, **extra: Any) -> Proportion:
    return Proportion.model_validate(
        {"having": having, "compare": relation, "numerator": num, "denominator": den} | extra
    )


HALF_QUESTIONS = _share("question", "exactly", 1, 2)
THIRD_LESS = _share("keyword", "at_least", 1, 3, word="less")
UPPER_UNDER_5 = _share("uppercase", "less_than", 5, 100, units="letters")
LINES_BANG = _share("exclamation", "at_least", 30, 100, units="lines")
QUARTER_THE = _share("starts_with", "at_most", 1, 4, word="The")
CAPS_WORDS = _share("capitals", "at_most", 10, 100, units="words")
MORE_THAN_HALF_S = _share("starts_with", "more_than", 1, 2, word="s")

# 24 answers labelled by reading them: (spec, answer, does the share hold).
LABELLED = [
    (HALF_QUESTIONS, "Is it good? Yes. Why? Because.", True),  # 2 of 4
    (HALF_QUESTIONS, "Is it good? Yes. It is. Really.", False),  # 1 of 4
    (HALF_QUESTIONS, "Is it good? Yes. Why? Sure.\nWho knows? Me.", True),  # 3 of 6
    (HALF_QUESTIONS, "Why? Yes. No.", False),  # 3 sentences: no half
    (HALF_QUESTIONS, "", False),  # no sentences
    (HALF_QUESTIONS, 'He asked "why?" Then he left.', True),  # a closing quote set aside
    (THIRD_LESS, "Less is more. Buy less. Live well.", True),  # 2 of 3
    (THIRD_LESS, "Own less. Buy more. Live well. Sleep.", False),  # 1 of 4
    (THIRD_LESS, "Use less. Spend more. Save often.", True),  # 1 of 3 is a third
    (THIRD_LESS, "A lesson. Nevertheless fine. Done.", False),  # whole words only
    (UPPER_UNDER_5, "the quick brown fox jumps over the lazy dog", True),
    (UPPER_UNDER_5, "Hello world", False),  # 1 of 10 letters: 10%
    (UPPER_UNDER_5, "A" + "a" * 19, False),  # 1 of 20: exactly 5% is not less
    (UPPER_UNDER_5, "A" + "a" * 20 + " 123 !!!", True),  # 1 of 21; digits are no letters
    (UPPER_UNDER_5, "123", False),  # no letters
    (LINES_BANG, "Go!\nStop.\nWait.", True),  # 1 of 3 is over 30%
    (LINES_BANG, "Go!\nStop.\nWait.\nNow.", False),  # 1 of 4: 25%
    (LINES_BANG, "**Go!**\n\nStop.", True),  # emphasis after the mark set aside
    (QUARTER_THE, "The cat sat. A dog ran. We saw. They won.", True),  # 1 of 4
    (QUARTER_THE, "The end. *The* start. We saw. Fine.", False),  # 2 of 4, emphasis aside
    (QUARTER_THE, "Then it rained. They left. There. Theo.", True),  # whole words only
    (CAPS_WORDS, "This is VERY good news for everyone here today friends", True),
    (CAPS_WORDS, "STOP now", False),
    (MORE_THAN_HALF_S, "Sun shines. Sea sparkles. Birds sing.", True),
    (MORE_THAN_HALF_S, "Sun shines. Birds sing.", False),
]


@pytest.mark.parametrize(("spec", "answer", "ok"), LABELLED)
def test_the_measure_compares_the_share_exactly(spec: Proportion, answer: str, ok: bool) -> None:
    assert PROPORTION.measure(spec, answer).passed is ok


def test_the_correction_says_how_many_to_change() -> None:
    outcome = PROPORTION.measure(HALF_QUESTIONS, "Is it good? Yes. It is. Really.")
    assert outcome.suggestion == (
        "1 of your 4 sentences are questions (end with '?'); exactly 1/2 of them must. "
        "Change 1 more sentence so that they are questions (end with '?')."
    )
    fewer = PROPORTION.measure(QUARTER_THE, "The end. The start. We saw. Fine.")
    assert fewer.suggestion is not None and fewer.suggestion.endswith(
        "Change 1 of them so that they do not start with 'The'."
    )
    odd = PROPORTION.measure(HALF_QUESTIONS, "Why? Yes. No.")
    assert odd.suggestion is not None and "Change how many sentences you write" in odd.suggestion


def test_a_spec_refuses_what_no_share_can_be() -> None:
    with pytest.raises(ValueError, match="at most the whole"):
        _share("question", "exactly", 3, 2)
    with pytest.raises(ValueError, match="only letters"):
        _share("uppercase", "exactly", 1, 2)
    with pytest.raises(ValueError, match="needs its word"):
        _share("keyword", "exactly", 1, 2)


def _read(prompt: str) -> list[Proportion]:
    return [c.spec for c in compile_checks(prompt) if isinstance(c.spec, Proportion)]


@pytest.mark.parametrize(
    ("prompt", "spec"),
    [
        ("Half of the sentences should be questions.", HALF_QUESTIONS),
        ("Write 6 sentences about rain. Make half of the sentences questions.", HALF_QUESTIONS),
        ("Write 6 sentences; exactly half of them should be questions.", HALF_QUESTIONS),
        (
            "50% of your sentences must end with a question mark.",
            _share("question", "exactly", 50, 100),
        ),
        (
            "The proportion of sentences containing the word 'less' should be at least one third.",
            THIRD_LESS,
        ),
        ("At least a third of the sentences must contain the word 'less'.", THIRD_LESS),
        ("at least 1/3 of sentences have to include 'less'", THIRD_LESS),
        ("Make sure uppercase letters make up less than 5% of all letters.", UPPER_UNDER_5),
        (
            "Write a note where capital letters are less than 5 percent of the letters.",
            UPPER_UNDER_5,
        ),
        ("At least 30% of the lines must end with an exclamation mark.", LINES_BANG),
        (
            "Write a poem; 30% or more of the lines should end with an exclamation point.",
            LINES_BANG,
        ),
        ("No more than a quarter of the sentences may start with 'The'.", QUARTER_THE),
        ("At most 10% of the words can be in all caps.", CAPS_WORDS),
        ("Ensure that at most 10% of the words are in all caps.", CAPS_WORDS),
        ("Uppercase letters must be less than 5% of the letters.", UPPER_UNDER_5),
        ("More than half of your sentences must start with the letter s.", MORE_THAN_HALF_S),
    ],
)
def test_phrasings_compile(prompt: str, spec: Proportion) -> None:
    assert _read(prompt) == [spec]


@pytest.mark.parametrize(
    "prompt",
    [
        "About half of the sentences should be questions.",  # rough
        "Most of the sentences should be questions.",  # no fraction
        "Half of the guests should be vegetarians; write a menu.",  # other things
        "A third of the sentences may be questions.",  # a permission
        "Should half of the sentences be questions?",
        "Don't make half of the sentences questions.",
        "Ideally, half of the sentences should be questions.",
        "Every other line should be a question.",  # an order, not a share
        "In the essay below, half of the sentences are questions. Fix that.",
        'Translate: "half of the sentences should be questions".',
        "I invited 6 friends; half of them should bring snacks.",
        "Half of the sentences are questions in my draft; shorten it.",  # described
        "Uppercase letters make up 5% of all letters in this memo.",
        "No more than a quarter of the sentences may start with 'I'.",  # the word or the letter
    ],
)
def test_near_misses_compile_nothing(prompt: str) -> None:
    assert _read(prompt) == []
