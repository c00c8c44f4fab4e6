"""The length-progression family: each part longer (or shorter) than the one
before it; the phrasings that compile and the near misses that must not."""

from __future__ import annotations

import pytest
from pydantic import ValidationError

from redraft.criteria import compile_checks
from redraft.criteria._families._progression import (
    LENGTH_PROGRESSION,
    LengthProgression,
    lengths,
)

UP = LengthProgression(part="sentence")
LINES_DOWN = LengthProgression(part="line", direction="decreasing")
PARAS_DOWN = LengthProgression(part="paragraph", direction="decreasing")
CHARS_UP = LengthProgression(part="line", unit="characters")
PYRAMID = LengthProgression(part="line", step=1, start=1)
TIES = LengthProgression(part="item", strict=False)

# 24 answers labelled by reading them: (spec, answer, does it hold).
LABELLED = [
    (UP, "I ran. Then I ran far. Then I ran far away from home.", True),
    (UP, "I ran far. I ran. I ran far away.", False),  # 3, 2, 4 words
    (UP, "We met. We met again.", True),
    (UP, "We met. We sat.", False),  # equal lengths are no growth
    (UP, "One sentence only, however long it may be.", False),
    (UP, "", False),
    (UP, "**Go.** Go *now*, please. Go now, please, my dear friend.", True),  # markup is no word
    (UP, "Élan. Café au lait. Ça va très bien, merci.", True),  # unicode words
    (LINES_DOWN, "the wind is cold tonight\nthe wind is cold\nthe wind\nwind", True),
    (LINES_DOWN, "the wind is cold\nthe wind is cold tonight\nwind", False),
    (LINES_DOWN, "the wind is cold\n\n\nthe wind\n", True),  # blank lines are no lines
    (LINES_DOWN, "a b\na b", False),
    (PARAS_DOWN, "One two three four.\n\nOne two three.\n\nOne.", True),
    (PARAS_DOWN, "One two.\n\nOne two three four.", False),
    (CHARS_UP, "ab\nabc\nabcdefg", True),
    (CHARS_UP, "abc\nab cd\nabcdef", True),  # 3, 5, 6 characters: a space counts
    (CHARS_UP, "abcd\nab c\nabcdefg", False),  # 4, 4: no growth
    (PYRAMID, "Moon\nSilver moon\nSilver moon rising\nSilver moon rising slowly", True),
    (PYRAMID, "Moon\nSilver moon\nSilver moon rising high tonight", False),  # 1, 2, 5
    (PYRAMID, "Silver moon\nSilver moon rising", False),  # starts at two words
    (PYRAMID, "Moon", False),
    (TIES, "- red\n- deep red\n- very deep red", True),
    (TIES, "- red\n- red wine\n- dry red", True),  # a tie is allowed
    (TIES, "- deep red\n- red", False),
]


@pytest.mark.parametrize(("spec", "answer", "ok"), LABELLED)
def test_the_measure_compares_each_part_with_the_one_before(
    spec: LengthProgression, answer: str, ok: bool
) -> None:
    assert LENGTH_PROGRESSION.measure(spec, answer).passed is ok


def test_lengths_are_words_or_characters_of_each_part() -> None:
    assert lengths(UP, "All good. Come back soon.") == [2, 3]
    assert lengths(CHARS_UP, " ab \ncde") == [2, 3]


def test_the_correction_names_the_part_that_breaks_it() -> None:
    outcome = LENGTH_PROGRESSION.measure(LINES_DOWN, "a b c\na b c d\na")
    assert outcome.suggestion == (
        "Your line 2 has 4 words after 3 in line 1. "
        "Make each line shorter (in words) than the line before it."
    )
    first = LENGTH_PROGRESSION.measure(PYRAMID, "a b\na b c")
    assert str(first.suggestion).startswith("Your first line has 2 words.")
    assert "at least two sentences" in str(LENGTH_PROGRESSION.measure(UP, "Alone.").suggestion)


def test_a_step_is_strict() -> None:
    with pytest.raises(ValidationError):
        LengthProgression(step=2, strict=False)
    with pytest.raises(ValidationError):
        LengthProgression(step=0)


def _specs(prompt: str) -> list[dict[str, object]]:
    return [
        c.spec.model_dump(exclude={"kind"})
        for c in compile_checks(prompt)
        if isinstance(c.spec, LengthProgression)
    ]


def _want(**fields: object) -> dict[str, object]:
    return LengthProgression(**fields).model_dump(exclude={"kind"})  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("prompt", "want"),
    [
        ("Write five sentences; each sentence is longer than the previous one.", _want(unit=None)),
        (
            "Tell a story in which every sentence is longer than the one before it.",
            _want(unit=None),
        ),
        ("write story where each sentence longer than previous one", _want(unit=None)),
        (
            "Write a poem about rain where each line has more words than the line before it.",
            _want(part="line"),
        ),
        (
            "Write a haiku-like poem where every line is shorter than the last.",
            _want(part="line", unit=None, direction="decreasing"),
        ),
        (
            "Write four paragraphs that get progressively shorter.",
            _want(part="paragraph", unit=None, direction="decreasing"),
        ),
        (
            "Please give me sentences of increasing length about the sea.",
            _want(unit=None),
        ),
        (
            "Write a poem where each line has exactly one more word than the line before, "
            "starting with one word.",
            _want(part="line", step=1, start=1),
        ),
        (
            "Compose six lines, every line has 2 fewer characters than the line above.",
            _want(part="line", unit="characters", direction="decreasing", step=2),
        ),
        (
            "Make each bullet point shorter than the one above it.",
            _want(part="item", unit=None, direction="decreasing"),
        ),
        ("Write a poem with lines that grow steadily longer.", _want(part="line", unit=None)),
    ],
)
def test_phrasings_compile(prompt: str, want: dict[str, object]) -> None:
    assert _specs(prompt) == [want]


@pytest.mark.parametrize(
    "prompt",
    [
        "Each sentence should be shorter than 20 words.",  # a cap, not a progression
        "Make each paragraph longer than the original.",  # compared with something else
        "Do not make each sentence longer than the previous one.",
        "Roughly, each paragraph should be shorter than the one before.",
        "Is each line longer than the last?",
        'Explain the constraint "each line shorter than the last".',
        "My teacher said each paragraph was shorter than the one before.",
        "If you can, make each line longer than the previous line.",
        "Write a story where the days get progressively shorter.",  # the topic
        "Sentences that are more or less increasing in length are fine.",
    ],
)
def test_near_misses_compile_nothing(prompt: str) -> None:
    assert _specs(prompt) == []


# -- no unit said: the parts hold in words or in characters --

ANY_DOWN = LengthProgression(part="line", unit=None, direction="decreasing")


@pytest.mark.parametrize(
    ("answer", "passed"),
    [
        # shorter in words and in characters
        ("Welcome to our cosy home\nRest here tonight\nSleep well", True),
        # one word fewer each time, though longer in characters
        ("a b c d\nextraordinary marvellous\nunbelievably", True),
        # shorter in characters each time, though as many words
        ("magnificent views\ngood rest\nbye now", True),
        # longer in both readings at the second line
        ("Sleep well\nRest here tonight with us", False),
        # as long in words as in characters: no reading holds
        ("same size\nsame size", False),
        ("One line only", False),
    ],
)
def test_an_unstated_unit_fails_only_what_every_reading_fails(answer: str, passed: bool) -> None:
    assert LENGTH_PROGRESSION.measure(ANY_DOWN, answer).passed is passed


@pytest.mark.parametrize(
    ("prompt", "unit"),
    [
        ("Just make each line shorter than the one before it.", None),
        ("Make each line shorter in characters than the one before it.", "characters"),
        ("Make each line shorter in words than the line before it.", "words"),
        ("Each line should have fewer words than the line before it.", "words"),
        ("Write lines that get progressively shorter.", None),
        ("Each sentence must be longer than the one before it (count words).", "words"),
        ("Make each line shorter than the one before it, by character count.", "characters"),
        ("Each line shorter than the one before it in words.", "words"),
    ],
)
def test_the_unit_said_or_none(prompt: str, unit: str | None) -> None:
    assert [spec["unit"] for spec in _specs(prompt)] == [unit]


def test_a_step_needs_a_unit() -> None:
    with pytest.raises(ValidationError):
        LengthProgression(unit=None, step=1)
    with pytest.raises(ValidationError):
        LengthProgression(unit=None, start=1)
