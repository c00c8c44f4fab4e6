"""Item counts: a list's own size ("a 5-item to-do list") and pieces a
writer sets one by one ("write 5 true/false statements"), with the
wordings that must compile no item count."""

from __future__ import annotations

import pytest

from redraft.criteria import compile_checks
from redraft.criteria._families._item_count import ItemCount


def _item_counts(prompt: str) -> list[tuple[str, int]]:
    return [
        (c.spec.relation, c.spec.value)
        for c in compile_checks(prompt)
        if isinstance(c.spec, ItemCount)
    ]


@pytest.mark.parametrize(
    ("prompt", "value"),
    [
        ("Make me a 5-item to-do list for Sunday.", 5),
        ("Make me a 10-item to-do list for moving house.", 10),
        ("Make a 3-item list.", 3),
        ("Create a 7-item packing list for a weekend in Rome.", 7),
        ("Make a 5-item shopping list for a party of 12 people.", 5),
        ("Write 5 true/false statements about the solar system.", 5),
        ("Write 3 FAQ entries for a yoga studio website.", 3),
        ("Write 6 money word problems for my Year 6 class.", 6),
        ("Please write 4 pros/cons statements about remote work.", 4),
    ],
)
def test_sized_lists_and_pieces_count_items(prompt: str, value: int) -> None:
    assert _item_counts(prompt) == [("exactly", value)]


@pytest.mark.parametrize(
    "prompt",
    [
        # the user's own list, or a list only supposed
        "I made a 5-item to-do list for Sunday. Can you improve it?",
        "Here is my 5-item to-do list: milk, eggs. Make it better.",
        "If you make a 5-item list, keep it short.",
        "Do not make a 5-item list.",
        # more than the list: the items are not the whole answer
        "Make me a 5-item to-do list and then explain each item in a paragraph.",
        # a size that names no list
        "Rate it on a 5-point scale.",
        "Write a 5-point plan for the launch.",
        # a count of things the answer does not list
        "Write about the 3 problems with the plan.",
        "Write a description of the 3 problems we face.",
        "I wrote 4 journal entries. Summarise them.",
        "If you write 5 statements, keep them short.",
        # descriptions are prose, not list items
        "Write 4 alt-text descriptions for these product photos.",
    ],
)
def test_near_misses_compile_no_item_count(prompt: str) -> None:
    assert _item_counts(prompt) == []


@pytest.mark.parametrize(
    ("prompt", "expected"),
    [
        # the things asked name a part ("title options"): they ask for no part beside them
        ("Give me 3 title options for my blog post about minimalism.", [("exactly", 3)]),
        ("Suggest 4 summary points for the report.", [("exactly", 4)]),
        # a part asked beside the list still blocks the count
        ("Give me 3 title ideas, then a summary.", []),
        ("Give me 5 tips and a title.", []),
        ("Give me 4 headline ideas. Add a title at the top.", []),
    ],
)
def test_a_part_named_in_the_things_is_no_second_part(
    prompt: str, expected: list[tuple[str, int]]
) -> None:
    assert _item_counts(prompt) == expected
