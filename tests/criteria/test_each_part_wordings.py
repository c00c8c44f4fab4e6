"""Every part ends with a mark, in more wordings: "every sentence you write
must end with a question mark", "every bullet is a question", "number them
and make them all end with a question mark"."""

from __future__ import annotations

import pytest

from redraft.criteria import compile_checks
from redraft.criteria._families._each_part import EachEndsWith


def _ends(prompt: str) -> list[tuple[str, str]]:
    return [
        (c.spec.part, c.spec.phrase)
        for c in compile_checks(prompt)
        if isinstance(c.spec, EachEndsWith)
    ]


@pytest.mark.parametrize(
    ("prompt", "expected"),
    [
        ("Every sentence you write must end with a question mark.", [("sentence", "?")]),
        ("each sentence that you produce should end with an exclamation mark", [("sentence", "!")]),
        ("Give 6 tips as bullets where every bullet is a question.", [("bullet", "?")]),
        ("List the risks. Each bullet point should be a short question.", [("bullet", "?")]),
        (
            "Give 4 prompts. Number them and make them all end with a question mark.",
            [("numbered", "?")],
        ),
        (
            "Five slogans, numbered 1-5, and make every one end with an exclamation mark.",
            [("numbered", "!")],
        ),
        ("Use bullets and make each of them end with a period.", [("bullet", ".")]),
    ],
)
def test_every_part_ends_with_the_mark(prompt: str, expected: list[tuple[str, str]]) -> None:
    assert _ends(prompt) == expected


@pytest.mark.parametrize(
    "prompt",
    [
        "Should every bullet be a question?",  # asked
        "Don't make every bullet a question.",  # negated
        "Every bullet is a question and an answer.",  # not one mark
        "Number them, and make them all end with a rhyme.",  # no mark
        "My list has every bullet as a question. Is that fine?",
        "Number them and maybe make them all end with a question mark.",  # hedged
    ],
)
def test_near_misses_compile_nothing(prompt: str) -> None:
    assert _ends(prompt) == []
