"""Plain wordings of the commonest kinds that once compiled nothing, each
family with wordings of its own and near misses that must stay unread."""

from __future__ import annotations

from typing import Any

import pytest

from redraft.criteria import compile_checks


def specs(prompt: str) -> list[dict[str, Any]]:
    return [c.spec.model_dump(mode="json") for c in compile_checks(prompt)]


# A softener about the answer's length opens the sentence: its "not" negates
# nothing after it.
SOFTENED = [
    (
        "Not too long, maximum 4 sentences please.",
        {"kind": "sentence_count", "relation": "at_most", "value": 4},
    ),
    (
        "Explain photosynthesis. Nothing fancy: no more than 60 words.",
        {"kind": "word_count", "relation": "at_most", "value": 60},
    ),
    (
        "Keep it short - at most three sentences.",
        {"kind": "sentence_count", "relation": "at_most", "value": 3},
    ),
    (
        "Describe your city. Short and sweet, 2 sentences max.",
        {"kind": "sentence_count", "relation": "at_most", "value": 2},
    ),
    (
        "not very wordy, max 5 sentence",
        {"kind": "sentence_count", "relation": "at_most", "value": 5},
    ),
]


@pytest.mark.parametrize(("prompt", "expected"), SOFTENED)
def test_a_length_softener_does_not_negate_the_count_after_it(
    prompt: str, expected: dict[str, Any]
) -> None:
    found = [{k: s[k] for k in expected} for s in specs(prompt)]
    assert expected in found


SOFTENED_NEAR_MISSES = [
    "Not too long, maybe 3 sentences if you can.",
    "Not too long, my last essay had 5 sentences and the teacher hated it.",
    "Not too long, not 5 sentences.",
    "Not too long, the draft I pasted already has 5 sentences.",
    "Nothing too long: would 3 sentences be enough?",
]


@pytest.mark.parametrize("prompt", SOFTENED_NEAR_MISSES)
def test_a_softener_opens_no_count_that_is_hedged_negated_or_reported(prompt: str) -> None:
    assert not [s for s in specs(prompt) if s["kind"] in ("sentence_count", "word_count")]
