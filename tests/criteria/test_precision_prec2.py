"""Precision on wordings that are not requirements of the kind they resemble:
a clock time's colon is no hand-over of material ("review the meeting at
2:30pm, keep it under 100 words" still asks for under 100 words), while a real
hand-over after a time ("Summarize the 9:00 notes: …") still masks the notes.
"""

from __future__ import annotations

import pytest

from redraft.criteria import compile_checks
from redraft.criteria._sentence_text import MASK, mask


def kinds(prompt: str) -> set[tuple[str, object]]:
    return {(c.spec.kind_name(), getattr(c.spec, "value", None)) for c in compile_checks(prompt)}


@pytest.mark.parametrize(
    ("prompt", "expected"),
    [
        (
            "Write an email to review the meeting at 2:30pm, keep it under 100 words.",
            ("word_count", 99),
        ),
        ("Summarize the call at 2:30pm, in exactly 3 bullet points.", ("bullet_count", 3)),
        ("Review the schedule for 10:15 tomorrow. Use exactly 3 bullet points.", ("bullet_count", 3)),
        ("Analyze why the 16:9 ratio won. Keep it under 80 words.", ("word_count", 79)),
    ],
)
def test_a_clock_colon_hands_nothing_over(prompt: str, expected: tuple[str, object]) -> None:
    assert MASK not in mask(prompt)
    assert expected in kinds(prompt)


@pytest.mark.parametrize(
    "prompt",
    [
        "Summarize these notes: meeting at 2:30pm, 3 bullet points needed.",
        "Summarize the 9:00 standup notes: Bob wants 3 bullet points, Ana wants 200 words.",
        "Review the 10:15 draft: it has exactly 4 paragraphs and 2 bullet points.",
    ],
)
def test_a_handover_after_a_clock_time_still_masks_the_material(prompt: str) -> None:
    assert MASK in mask(prompt)
    assert compile_checks(prompt) == []
