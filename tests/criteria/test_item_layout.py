"""A layout that opens with the things' own noun ("Format: term in bold,
then an em dash, then a definition") shapes each item, as "each term …"
does: the list's count still compiles; a layout of the whole answer, or a
part after the list, still blocks it."""

from __future__ import annotations

import pytest

from redraft.criteria import compile_checks
from redraft.criteria._families._item_count import ItemCount


def _item_counts(prompt: str) -> list[ItemCount]:
    return [c.spec for c in compile_checks(prompt) if isinstance(c.spec, ItemCount)]


@pytest.mark.parametrize(
    ("prompt", "value"),
    [
        (
            "Make a glossary of 6 terms. Format: term in bold, then a dash, then a definition.",
            6,
        ),
        ("Give me 5 idioms. Format: idiom in italics, then its meaning.", 5),
        ("Suggest 4 podcasts. Layout: podcast name, then the host, then one line on why.", 4),
    ],
)
def test_item_layout_keeps_the_count(prompt: str, value: int) -> None:
    assert _item_counts(prompt) == [ItemCount(relation="exactly", value=value)]


@pytest.mark.parametrize(
    "prompt",
    [
        # the layout of the whole answer: a part before and after the list
        "Give me 5 idioms. Format: a title, then the idioms, then a summary.",
        # a part after the list in a sentence of its own
        "Give me 5 idioms. Format: idiom, then meaning. Then write a short story using one.",
        # a layout naming other things
        "Give me 5 idioms. Format: intro paragraph, then the list.",
    ],
)
def test_item_layout_near_misses(prompt: str) -> None:
    assert _item_counts(prompt) == []
