"""An alphabetical order said as a terse rule of a prompt that asks for a
list ("…, one per line, sorted alphabetically", "— alphabetical order, all
lowercase", "languages alphabetically", "Species names in alphabetical
order") or in a request put as a question; near misses compile none."""

from __future__ import annotations

import pytest

from redraft.criteria import compile_checks


def sorted_orders(prompt: str) -> list[str]:
    return [
        c.spec.order  # type: ignore[attr-defined]
        for c in compile_checks(prompt)
        if c.spec.kind_name() == "sorted_items"
    ]


@pytest.mark.parametrize(
    "prompt",
    [
        "List 8 metals. Just the names, lowercase, one per line, sorted alphabetically.",
        "Could you give me 12 rhyming words, listed in alphabetical order, one per line?",
        "Give me 6 band names. Each 2 words, no digits at all, sorted A to Z.",
        "Give me a list of spices for curry — alphabetical order, all lowercase.",
        "Give 5 greetings. Answer as 'Language: word' per line, languages alphabetically.",
        "Give 6 trees. Tree names in alphabetical order, one per line.",
    ],
)
def test_terse_alphabetical_orders(prompt: str) -> None:
    assert sorted_orders(prompt) == ["alphabetical"]


@pytest.mark.parametrize(
    "prompt",
    [
        "Is it better to list them in alphabetical order?",
        "Give 5 tips. Sections sorted alphabetically.",
        "Give 5 tips, ideally sorted alphabetically.",
        "Give 5 tips, not sorted alphabetically.",
        "Give 5 tips, if possible in alphabetical order.",
        "Give 5 tips. Paragraphs in alphabetical order.",
    ],
)
def test_near_misses(prompt: str) -> None:
    assert sorted_orders(prompt) == []
