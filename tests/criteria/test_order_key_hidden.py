"""An order by number or time whose key the answer is told not to show
("sort these rolls highest to lowest … names only", "in chronological order,
no dates"): the answer's items carry no key to read the order from, so no
order compiles; where the key stays in the items, the order compiles."""

from __future__ import annotations

import pytest

from redraft.criteria import compile_checks
from redraft.criteria._families._ordered_items_spec import OrderedItems


def _orders(prompt: str) -> list[OrderedItems]:
    return [c.spec for c in compile_checks(prompt) if isinstance(c.spec, OrderedItems)]


# (the request with the key shown, the same with the key hidden)
PAIRS = [
    (
        "Rank these players by score, highest first: Ada 31, Ben 12, Cy 25.",
        "Rank these players by score, highest first, and give the names only: "
        "Ada 31, Ben 12, Cy 25.",
    ),
    (
        "List the battles in chronological order.",
        "List the battles in chronological order, no dates.",
    ),
    (
        "List 8 US presidents in chronological order with the years they served.",
        "List 8 US presidents in chronological order; leave out the years.",
    ),
    (
        "Order these bids by price, cheapest first: Acme 40, Bolt 25, Core 33.",
        "Order these bids by price, cheapest first, just the company names: "
        "Acme 40, Bolt 25, Core 33.",
    ),
    (
        "List 5 planets ordered by diameter, smallest to largest, with the diameter in km.",
        "List 5 planets ordered by diameter, smallest to largest, without the numbers.",
    ),
]


@pytest.mark.parametrize(("shown", "hidden"), PAIRS)
def test_an_order_whose_key_is_hidden_compiles_nothing(shown: str, hidden: str) -> None:
    assert _orders(shown), shown  # the key shown: the order compiles
    assert _orders(hidden) == [], hidden


@pytest.mark.parametrize(
    "prompt",
    [
        # the names beside their key, or a length key the names themselves show
        "Rank these cities by population, largest first, with the population after each name.",
        "List 6 animals sorted from shortest to longest name, names only.",
    ],
)
def test_a_key_the_items_show_keeps_the_order(prompt: str) -> None:
    assert _orders(prompt)
