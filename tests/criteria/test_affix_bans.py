"""Quoted words banned in more of the ways people say it: a kind's words
spelled out after a dash ("No superlatives — so no 'best'"), "nothing about
'mankind'", a ban with its reason after it ("no 'please' because …"), and
"never spell out 'kilowatt-hour'"."""

from __future__ import annotations

import pytest

from redraft.criteria import compile_checks


def banned(prompt: str) -> list[list[str]]:
    return [
        list(c.spec.model_dump()["words"])
        for c in compile_checks(prompt)
        if c.spec.model_dump()["kind"] == "forbidden_words"
    ]


@pytest.mark.parametrize(
    ("prompt", "words"),
    [
        (
            "Write a headline. No superlatives — so no 'best', 'greatest' or 'ultimate'.",
            ["best", "greatest", "ultimate"],
        ),
        (
            "Write a product blurb. Avoid hype — i.e. no 'revolutionary' or 'game-changing'.",
            ["revolutionary", "game-changing"],
        ),
        ("Write a pitch. No jargon, so no 'synergy'.", ["synergy"]),
        ("Write a eulogy. Gentle language, nothing about 'tragedy'.", ["tragedy"]),
        ("Write a shop sign. no 'sorry' because it sounds weak.", ["sorry"]),
        ("Write a shop sign. No 'please', since the owner hates it.", ["please"]),
        ("Write a meter explainer. Never spell out 'cubic metres' — use 'm³'.", ["cubic metres"]),
    ],
)
def test_more_ways_to_ban_quoted_words(prompt: str, words: list[str]) -> None:
    assert words in banned(prompt)


@pytest.mark.parametrize(
    "prompt",
    [
        # hedged or said of a text the user has
        "Write a headline. If possible no superlatives — so no 'best'.",
        "My draft has no superlatives — so no 'best'. Review it.",
        "Write a headline. I love superlatives — so no 'best' is a shame.",
        # "nothing about" said of the user's text, or placed at one part
        "Write a sign. Nothing about 'mankind' is in my draft, check it.",
        "Write a story. Nothing like 'once upon a time' at the start.",
        # a spelling asked about, not banned
        "How do you spell out 'kWh' in full?",
    ],
)
def test_near_miss_bans_compile_nothing(prompt: str) -> None:
    assert banned(prompt) == []
