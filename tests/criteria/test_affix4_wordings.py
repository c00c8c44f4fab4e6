"""Starts and ends of the answer, its lines and its parts, in the wordings
the affix families missed (session of 2026-11-29): a label in quotes that
reads like a handover verb ("Start with 'Correction:'"), … Each positive
wording has near misses that must compile nothing (or something else)."""

from __future__ import annotations

import pytest

from redraft.criteria import compile_checks


def specs(prompt: str) -> list[tuple[str, dict[str, object]]]:
    return [
        (check.spec.kind_name(), check.spec.model_dump(exclude={"kind"}))
        for check in compile_checks(prompt)
    ]


def kinds(prompt: str) -> set[str]:
    return {kind for kind, _ in specs(prompt)}


@pytest.mark.parametrize(
    ("prompt", "phrase"),
    [
        # a quoted label whose word reads like "correct …:", "review …:" hands nothing over
        ("Write the notice to customers. Start with 'Correction:'.", "Correction:"),
        ("Begin with \"Summary:\" and keep it short.", "Summary:"),
        ("Start your reply with 'Review:'.", "Review:"),
    ],
)
def test_a_quoted_label_is_not_handed_over_material(prompt: str, phrase: str) -> None:
    assert ("starts_with", {"phrase": phrase}) in specs(prompt)


@pytest.mark.parametrize(
    "prompt",
    [
        # the verb outside the quote still hands the text over
        "Correct this: 'Start with hello.'",
        "Translate the following: Start with 'Hola'.",
    ],
)
def test_material_handed_over_still_masked(prompt: str) -> None:
    assert "starts_with" not in kinds(prompt)
