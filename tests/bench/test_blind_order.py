"""The order of two parts a writer's quote joins ("three paragraphs followed
by a bulleted list") is an implied check: it counts for precision, never for
coverage, and only where the quote itself names both parts in order."""

from __future__ import annotations

from typing import Any

import pytest

from _blind_cases import covered, expect, implied

_STRUCTURE: dict[str, Any] = {
    "family": "structure",
    "unit": "paragraph",
    "relation": "exactly",
    "value": 3,
}


@pytest.mark.parametrize(
    ("quote", "parts"),
    [
        ("exactly three paragraphs followed by a bulleted spec list", ["text", "bullets"]),
        ("3 bullet points, then a one-sentence verdict", ["bullets", "text"]),
        ("a markdown table and then a short summary", ["table", "text"]),
        ("the code block, followed by an explanation", ["code", "text"]),
        ("a short intro before the numbered steps", ["text", "numbered"]),
    ],
)
def test_two_parts_joined_in_order_imply_the_order(quote: str, parts: list[str]) -> None:
    expectation = expect(_STRUCTURE | {"quote": quote})
    spec = {"kind": "order", "parts": parts}
    assert implied(expectation, spec)
    assert not covered(expectation, spec)  # never coverage
    assert not implied(expectation, {"kind": "order", "parts": parts[::-1]})


@pytest.mark.parametrize(
    "quote",
    [
        "exactly three paragraphs",  # no connector
        "then give a one-sentence verdict",  # one part named
        "two paragraphs, then two more paragraphs",  # the same part twice
        "a bulleted list; then stop",  # no second part
    ],
)
def test_no_order_without_two_parts_in_order(quote: str) -> None:
    expectation = expect(_STRUCTURE | {"quote": quote})
    assert not any(m.kinds == frozenset({"order"}) for m in expectation.implied)


def test_after_names_the_later_part_first() -> None:
    expectation = expect(_STRUCTURE | {"quote": "a one-line summary after the table"})
    assert implied(expectation, {"kind": "order", "parts": ["table", "text"]})
