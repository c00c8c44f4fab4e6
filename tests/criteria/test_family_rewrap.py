"""The line_length repair: lines over a limit are broken at spaces."""

from __future__ import annotations

import pytest

from _repaired import repaired_run
from redraft.core._repair import apply_repairs
from redraft.criteria import measure_text
from redraft.criteria._families import LineLength
from redraft.criteria._vocabulary import repair_for

CHARS_29 = LineLength(relation="at_most", value=29)
WORDS_5 = LineLength(relation="at_most", value=5, length_in="words")

# (spec, failing answer, the answer repaired), each read by hand.
REPAIRED: list[tuple[LineLength, str, str]] = [
    (CHARS_29, "The rain falls softly on the town", "The rain falls softly on the\ntown"),
    (
        CHARS_29,
        "Hi\n\nA second line that runs on and on",
        "Hi\n\nA second line that runs on\nand on",
    ),
    (CHARS_29, "  - an indented bullet that is long", "  - an indented bullet that\n  is long"),
    (WORDS_5, "one two three four five six seven", "one two three four five\nsix seven"),
    (WORDS_5, "- a b c d e f", "- a b c d e\nf"),
]

# Passing, or where breaking at spaces would change what the text means.
LEFT: list[tuple[LineLength, str]] = [
    (CHARS_29, "Short line\nAnother short one  "),
    (CHARS_29, "```\nprint('a line of code that is far too long')\n```"),
    (CHARS_29, "| a table row that is far too long | x |"),
]


def test_only_an_upper_limit_is_repaired() -> None:
    assert repair_for(CHARS_29) == {"op": "rewrap_lines", "limit": 29, "length_in": "characters"}
    assert repair_for(LineLength(relation="at_least", value=3, length_in="words")) is None
    assert repair_for(LineLength(relation="exactly", value=20)) is None


@pytest.mark.parametrize(("spec", "text", "expected"), REPAIRED)
def test_the_broken_lines_meet_the_limit(spec: LineLength, text: str, expected: str) -> None:
    repair = repair_for(spec)
    assert repair is not None and measure_text(spec, text).passed is False
    made = apply_repairs(text, [repair])
    assert made == expected
    assert measure_text(spec, made).passed is True


def test_a_word_longer_than_the_limit_leaves_its_line_over() -> None:
    spec = LineLength(relation="at_most", value=10)
    repair = repair_for(spec)
    assert repair is not None
    made = apply_repairs("Supercalifragilistic word", [repair])
    assert made == "Supercalifragilistic\nword"
    assert measure_text(spec, made).passed is False


@pytest.mark.parametrize(("spec", "text"), LEFT)
def test_passing_code_and_tables_are_left(spec: LineLength, text: str) -> None:
    repair = repair_for(spec)
    assert repair is not None
    assert apply_repairs(text, [repair]) == text


async def test_the_loop_breaks_the_lines_without_a_model_call() -> None:
    prompt = "Write a poem about rain. Keep each line under 30 characters."
    result = await repaired_run(prompt, "The rain falls softly on the quiet town tonight")
    assert result.drafts[1].finish_reason == "repair"
    assert result.final_answer == "The rain falls softly on the\nquiet town tonight"
