"""One sentence per line, compiled as ``each_count`` (every line holds exactly
one sentence): the phrasings, the near misses, the measure on labelled
answers and the repair that cuts lines after each sentence."""

from __future__ import annotations

import pytest

from redraft.core._repair import apply_repairs
from redraft.criteria import compile_checks
from redraft.criteria._families._per_part import EACH_COUNT
from redraft.criteria._families._per_part_spec import EachCount

ONE = EachCount(part="line", units="sentences", relation="exactly", value=1)


def _one_per_line(prompt: str) -> bool:
    return any(c.spec == ONE for c in compile_checks(prompt))


@pytest.mark.parametrize(
    "prompt",
    [
        "Write a short poem about rain. Put each sentence on its own line.",
        "Describe your morning in five sentences, one sentence per line.",
        "Every sentence should be on a new line.",
        "Add a line break after every sentence.",
        "Write each sentence on a separate line.",
        "Explain photosynthesis simply — each sentence in its own line please.",
    ],
)
def test_phrasings_compile(prompt: str) -> None:
    assert _one_per_line(prompt)


@pytest.mark.parametrize(
    "prompt",
    [
        "My teacher wants each sentence on its own line — is that normal?",
        "Don't put each sentence on its own line.",
        "If it helps, put each sentence on its own line.",
        "The poem below has one sentence per line; explain its rhythm.",
        "Each line should be its own sentence, ideally.",
    ],
)
def test_near_misses_compile_nothing(prompt: str) -> None:
    assert not _one_per_line(prompt)


# answers labelled by reading them
@pytest.mark.parametrize(
    ("answer", "ok"),
    [
        ("Rain falls.\nThe street shines.\nWe wait.", True),
        ("Rain falls. The street shines.\nWe wait.", False),
        ("- Rain falls.\n- We wait.", True),
        ("Dr. Lee came home.\nShe slept.", True),  # an abbreviation ends nothing
        ("Rain falls\nthe street shines", True),  # a line break ends a sentence
        ("Rain falls!\n\nWe wait?", True),  # blank lines hold none
    ],
)
def test_the_measure_wants_one_sentence_on_each_line(answer: str, ok: bool) -> None:
    assert EACH_COUNT.measure(ONE, answer).passed is ok


def test_the_repair_cuts_lines_after_each_sentence() -> None:
    repair = EACH_COUNT.repair(ONE)
    assert repair == {"op": "one_sentence_per_line"}
    edited = apply_repairs("Rain falls. The street shines!\nWe wait.", [repair])
    assert edited == "Rain falls.\nThe street shines!\nWe wait."
    assert EACH_COUNT.measure(ONE, edited).passed
    listed = apply_repairs("- Rain falls. We wait.\n- Done.", [repair])
    assert listed == "- Rain falls.\n  We wait.\n- Done."
    assert apply_repairs("One. Two.", [repair]) == "One.\nTwo."
    two = EachCount(part="line", units="sentences", relation="exactly", value=2)
    assert EACH_COUNT.repair(two) is None  # two per line needs a redraft


def test_the_repair_keeps_a_numbered_items_marker() -> None:
    edited = apply_repairs("1. Rain falls. We wait.", [{"op": "one_sentence_per_line"}])
    assert edited == "1. Rain falls.\n   We wait."
