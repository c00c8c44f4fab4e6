"""Counts within each part (``each_word_count``, ``each_count``) and equal
word counts: the measure on answers labelled by reading, the phrasings that
compile and the near misses that must not."""

from __future__ import annotations

from typing import Any

import pytest
from pydantic import ValidationError

from redraft.criteria import CHECK_SPEC_ADAPTER, compile_checks, measure_text
from redraft.criteria._families import EachCount, EachWordCount


def compiled(prompt: str) -> list[dict[str, Any]]:
    return [c.spec.model_dump(mode="json") for c in compile_checks(prompt)]


def each(part: str, units: str, relation: str, value: int) -> dict[str, Any]:
    if units == "words":
        return {"kind": "each_word_count", "part": part, "relation": relation, "value": value}
    return {
        "kind": "each_count",
        "part": part,
        "units": units,
        "relation": relation,
        "value": value,
    }


@pytest.mark.parametrize(
    ("prompt", "expected"),
    [
        (
            "Every paragraph must have exactly 3 sentences.",
            [each("paragraph", "sentences", "exactly", 3)],
        ),
        (
            "Write a story where each paragraph has at most 3 sentences.",
            [each("paragraph", "sentences", "at_most", 3)],
        ),
        (
            "Give me tips as bullet points, each under 12 words.",
            [each("bullet", "words", "at_most", 11)],
        ),
        (
            "Keep each bullet point under 80 characters.",
            [each("bullet", "characters", "at_most", 79)],
        ),
        (
            "Each sentence should be between 8 and 15 words long.",
            [each("sentence", "words", "at_least", 8), each("sentence", "words", "at_most", 15)],
        ),
        ("Use 4 lines per stanza.", [each("paragraph", "lines", "exactly", 4)]),
        (
            "Write a poem where every stanza has 4 lines.",
            [each("paragraph", "lines", "exactly", 4)],
        ),
        ("Stanzas of 4 lines each, please.", [each("paragraph", "lines", "exactly", 4)]),
        (
            "No paragraph may have more than 4 sentences.",
            [each("paragraph", "sentences", "at_most", 4)],
        ),
        ("List fruits as bullets, each a single word.", [each("bullet", "words", "exactly", 1)]),
        ("No bullet may run over 15 words.", [each("bullet", "words", "at_most", 15)]),
        (
            "Keep every sentence under 15 words in your answer.",
            [each("sentence", "words", "at_most", 14)],
        ),
        (
            "Write 4 paragraphs of 3 sentences each.",
            [
                {
                    "kind": "paragraph_count",
                    "relation": "exactly",
                    "value": 4,
                    "separator": "blank_line",
                },
                each("paragraph", "sentences", "exactly", 3),
            ],
        ),
        # material to work on does not make the rule about it
        (
            "Rewrite the following so every sentence is shorter than 15 words.",
            [each("sentence", "words", "at_most", 14)],
        ),
        (
            "Condense the memo below into bullet points, each under 20 words.",
            [each("bullet", "words", "at_most", 19)],
        ),
        (
            "Write a story in which no sentence is longer than 12 words.",
            [each("sentence", "words", "at_most", 12)],
        ),
        (
            "Limit every sentence to 60 characters.",
            [each("sentence", "characters", "at_most", 60)],
        ),
        (
            "Two to three sentences in each paragraph.",
            [
                each("paragraph", "sentences", "at_least", 2),
                each("paragraph", "sentences", "at_most", 3),
            ],
        ),
        (
            "Write about tides in paragraphs of 2 to 4 sentences each.",
            [
                each("paragraph", "sentences", "at_least", 2),
                each("paragraph", "sentences", "at_most", 4),
            ],
        ),
    ],
)
def test_counts_within_each_part_compile(prompt: str, expected: list[dict[str, Any]]) -> None:
    assert compiled(prompt) == expected


@pytest.mark.parametrize(
    "prompt",
    [
        # given, hedged, asked about, or about something that is no part
        "My essay averages 20 words per sentence; tighten it.",
        "Each sentence has 5 words in the text below.",
        "Should each bullet be under 10 words?",
        "Ideally keep each sentence under 20 words.",
        "Each question should have 4 options.",
        "Don't make every paragraph exactly 3 sentences.",
        "These paragraphs each have 3 sentences; summarise them.",
        # a count within the parts of one part only
        "Use 3 sentences per paragraph in the intro.",
        # a sentence holds no sentences and no lines
        "Each sentence should have 2 sentences.",
        "Every bullet must have 3 lines.",
    ],
)
def test_near_misses_compile_nothing(prompt: str) -> None:
    assert [c for c in compiled(prompt) if c["kind"] in ("each_count", "each_word_count")] == []


# Labelled by reading: (answer, sentences per paragraph).
SENTENCES_PER_PARAGRAPH = [
    ("One. Two. Three.", [3]),
    ("One. Two.\n\nThree. Four. Five.", [2, 3]),
    ("Just one sentence here", [1]),
    ("Dr. Who arrived. He left.\n\nBye.", [2, 1]),
    ("Why? Because. Fine!", [3]),
    ("A.\n\nB.\n\nC.", [1, 1, 1]),
    ("It costs 3.5 dollars. Cheap.", [2]),
    ("Line one\nline two\n\nPara two.", [2, 1]),
    ("Wait... what? Yes.", [3]),
    ("No end mark at all", [1]),
]
# (answer, characters per bullet).
CHARACTERS_PER_BULLET = [
    ("* abc\n* de", [3, 2]),
    ("- hello world\n- hi", [11, 2]),
    ("Intro line\n* one\n* two", [3, 3]),
    ("+ plus  \n• dot", [4, 3]),
    ("*not a bullet\n* yes", [3]),
]
# (answer, lines per paragraph).
LINES_PER_PARAGRAPH = [
    ("a\nb\nc\nd\n\ne\nf\ng\nh", [4, 4]),
    ("one line\n\ntwo\nlines", [1, 2]),
    ("a\n  \nb", [1, 1]),
    ("x\ny\nz", [3]),
    ("roses are red\nviolets are blue\n\nsugar is sweet", [2, 1]),
]


@pytest.mark.parametrize(("answer", "per_part"), SENTENCES_PER_PARAGRAPH)
def test_sentences_per_paragraph_measure(answer: str, per_part: list[int]) -> None:
    for value in range(0, 5):
        spec = EachCount(part="paragraph", units="sentences", relation="exactly", value=value)
        outcome = measure_text(spec, answer)
        assert outcome.passed is all(n == value for n in per_part)
        failing = [i for i, n in enumerate(per_part, 1) if n != value]
        assert outcome.data["failing"] == failing


@pytest.mark.parametrize(("answer", "per_part"), CHARACTERS_PER_BULLET)
def test_characters_per_bullet_measure(answer: str, per_part: list[int]) -> None:
    for value in range(2, 12):
        spec = EachCount(part="bullet", units="characters", relation="at_most", value=value)
        assert measure_text(spec, answer).passed is all(n <= value for n in per_part)


@pytest.mark.parametrize(("answer", "per_part"), LINES_PER_PARAGRAPH)
def test_lines_per_paragraph_measure(answer: str, per_part: list[int]) -> None:
    for value in range(1, 5):
        spec = EachCount(part="paragraph", units="lines", relation="at_least", value=value)
        assert measure_text(spec, answer).passed is all(n >= value for n in per_part)


def test_the_correction_names_the_parts_that_break_it() -> None:
    spec = EachCount(part="paragraph", units="sentences", relation="exactly", value=2)
    outcome = measure_text(spec, "One. Two.\n\nThree.")
    assert not outcome.passed
    assert outcome.reason.startswith("1 of 2 paragraphs breaks the rule (2nd: 'Three.')")
    assert outcome.suggestion is not None
    assert outcome.suggestion.endswith("Give every paragraph exactly 2 sentences (count them).")
    none = measure_text(spec, "")
    assert not none.passed and none.reason.startswith("the answer has no paragraphs")


def test_each_word_count_keeps_its_json_and_each_count_defaults_to_words() -> None:
    old = {"kind": "each_word_count", "part": "bullet", "relation": "at_most", "value": 8}
    spec = CHECK_SPEC_ADAPTER.validate_python(old)
    assert isinstance(spec, EachWordCount) and spec.model_dump(mode="json") == old
    words = CHECK_SPEC_ADAPTER.validate_python(
        {"kind": "each_count", "part": "bullet", "relation": "at_most", "value": 8}
    )
    assert isinstance(words, EachCount) and words.units == "words"
    text = "* one two three\n* four"
    assert measure_text(words, text).passed is measure_text(spec, text).passed
    assert words.describe() == spec.describe() == "every bullet point has at most 8 words"


def test_a_part_that_cannot_hold_the_unit_is_refused() -> None:
    with pytest.raises(ValidationError):
        EachCount(part="sentence", units="sentences", relation="exactly", value=1)
    with pytest.raises(ValidationError):
        EachCount(part="bullet", units="lines", relation="exactly", value=1)
