"""A count of couplets, quatrains or tercets counts stanzas of a poem, not
list items: "4 rhyming couplets" is no list of 4 items."""

from __future__ import annotations

import pytest

from redraft.criteria import compile_checks


def kinds(prompt: str) -> list[str]:
    return [c.spec.kind_name() for c in compile_checks(prompt)]


@pytest.mark.parametrize(
    "prompt",
    [
        "Give me 4 rhyming couplets about pizza. Put a blank line between each couplet.",
        "Write 3 quatrains about the sea.",
        "Compose 2 tercets about autumn.",
        "Give me 5 cinquains about snow.",
    ],
)
def test_poem_units_compile_no_item_count(prompt: str) -> None:
    assert "item_count" not in kinds(prompt)


@pytest.mark.parametrize(
    "prompt",
    [
        "Give me 4 rhyming slogans about pizza.",
        "List 5 ideas for a poem about pizza.",
        "Give me 3 titles for a book of couplets.",
    ],
)
def test_other_things_still_count_as_items(prompt: str) -> None:
    assert "item_count" in kinds(prompt)
