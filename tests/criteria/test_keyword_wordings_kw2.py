"""Words and letters that must or must not appear, in the writer's own
wordings (lipograms, bans, required words, case): the phrasings that compile
and the near misses that must compile nothing of the kind."""

from __future__ import annotations

import pytest

from redraft.criteria import compile_checks


def _specs(prompt: str, kind: str) -> list[dict[str, object]]:
    return [
        c.spec.model_dump(exclude={"kind"}) for c in compile_checks(prompt) if c.spec.kind == kind
    ]


def _letters(prompt: str) -> list[str]:
    return sorted(
        str(s["letter"])
        for s in _specs(prompt, "letter_count")
        if s["relation"] == "at_most" and s["value"] == 0
    )


@pytest.mark.parametrize(
    ("prompt", "letters"),
    [
        ("Write a fortune-cookie message, no letter 'i' at all.", ["i"]),
        ("Give me a 4-line verse about the sea with no letter 'e' anywhere.", ["e"]),
        ("Write a short paragraph. Avoid the letter 'z' entirely.", ["z"]),
        ("Describe a rainy day, avoiding the letter q.", ["q"]),
        ("Write a rule description without the letter 'a'.", ["a"]),
        (
            "Explain the offside rule without using the letters 'z', 'q' or 'x'.",
            ["q", "x", "z"],
        ),
        ("Describe your weekend, but exclude every word containing the letter 'o'.", ["o"]),
        ("Write a tweet. Do not use the letters 'k' and 'w'.", ["k", "w"]),
    ],
)
def test_letter_bans_compile(prompt: str, letters: list[str]) -> None:
    assert _letters(prompt) == letters


@pytest.mark.parametrize(
    "prompt",
    [
        "Write a poem. No letter 'e' in the title.",
        "Write a poem. Avoid the letter 'z' in the first line.",
        "I once wrote a poem with no letter 'e'. Write me a haiku about autumn.",
        "Write a poem where every line has no letter 'e'.",
        "Rewrite this text, which avoids the letter 'e': \"A big cat sat.\"",
        "Write a story. Each character's name should avoid the letter 'x'.",
        "Write a poem with no letters at all capitalized.",
        "Write a haiku with no letter count limit.",
        "If you can, avoid the letter 'z'.",
        "Write a poem; you don't have to avoid the letter 'e'.",
    ],
)
def test_letter_ban_near_misses(prompt: str) -> None:
    assert _letters(prompt) == []
