"""How lists nest (``list_nesting``): answers labelled by reading them, the
phrasings that compile and the near misses that must not."""

from __future__ import annotations

from typing import Any

import pytest

from redraft.criteria import compile_checks
from redraft.criteria._families._item_count import ItemCount
from redraft.criteria._families._nesting import LIST_NESTING, ListNesting, list_tree

FLAT = ListNesting(what="depth", relation="at_most", value=1)
DEEP_2 = ListNesting(what="depth", relation="at_most", value=2)
NESTED = ListNesting(what="depth", relation="at_least", value=2)
SUBS_3 = ListNesting(what="nested", relation="at_least", value=3)
TWO_EACH = ListNesting(what="children", relation="exactly", value=2)

TWO_LEVELS = "- Fruit\n  - apple\n  - pear\n- Veg\n  - leek\n  - kale"
THREE_LEVELS = "- Fruit\n  - apple\n    - green\n- Veg"
NUMBERED = "1. Plan\n   - scope\n   - budget\n2. Build\n   - code\n   - test"

# 22 answers labelled by reading them: (spec, answer, does it hold).
LABELLED = [
    (FLAT, "- apple\n- pear\n- kale", True),
    (FLAT, TWO_LEVELS, False),
    (FLAT, "No list at all.", True),  # nothing nested
    (FLAT, "```\n- a\n  - b\n```", True),  # a list in a code fence is none
    (FLAT, "1. one\n2. two", True),
    (DEEP_2, TWO_LEVELS, True),
    (DEEP_2, THREE_LEVELS, False),
    (DEEP_2, NUMBERED, True),  # numbered items with bullets under them
    (NESTED, TWO_LEVELS, True),
    (NESTED, "- apple\n- pear", False),
    (NESTED, "- apple\n - pear", False),  # one space is no nesting in CommonMark
    (NESTED, "- apple\n\n    - pear", True),  # a blank line between still nests
    (SUBS_3, TWO_LEVELS, True),  # four sub-items
    (SUBS_3, THREE_LEVELS, False),  # two below the first level
    (SUBS_3, "- a\n  - b\n  - c\n  - d", True),
    (SUBS_3, "- a\n- b\n- c", False),
    (TWO_EACH, TWO_LEVELS, True),
    (TWO_EACH, NUMBERED, True),
    (TWO_EACH, THREE_LEVELS, False),  # one sub-item under 'Fruit', none under 'Veg'
    (TWO_EACH, "- a\n  - b\n  - c\n  - d", False),  # three under one
    (TWO_EACH, "Plain text.", False),  # no list
    (TWO_EACH, "- a\n  - b\n    - x\n    - y\n  - c", True),  # deeper items are not its children
]


@pytest.mark.parametrize(("spec", "answer", "ok"), LABELLED)
def test_the_measure_reads_list_nesting(spec: ListNesting, answer: str, ok: bool) -> None:
    assert LIST_NESTING.measure(spec, answer).passed is ok


def test_the_tree_keeps_levels_and_children() -> None:
    tree = list_tree(THREE_LEVELS)
    assert tree.levels == (1, 2, 3, 1)
    assert tree.children == (1, 0)


def _nesting(prompt: str) -> list[dict[str, Any]]:
    return [
        c.spec.model_dump(exclude={"kind"})
        for c in compile_checks(prompt)
        if isinstance(c.spec, ListNesting)
    ]


@pytest.mark.parametrize(
    ("prompt", "want"),
    [
        (
            "Use bullets, no more than 2 levels deep.",
            {"what": "depth", "relation": "at_most", "value": 2},
        ),
        (
            "Keep it to a maximum of 3 levels of nesting.",
            {"what": "depth", "relation": "at_most", "value": 3},
        ),
        ("Do not nest the bullets.", {"what": "depth", "relation": "at_most", "value": 1}),
        ("A flat list, please.", {"what": "depth", "relation": "at_most", "value": 1}),
        ("No sub-bullets.", {"what": "depth", "relation": "at_most", "value": 1}),
        (
            "Use nested bullet points for the plan.",
            {"what": "depth", "relation": "at_least", "value": 2},
        ),
        ("Include at least 3 sub-bullets.", {"what": "nested", "relation": "at_least", "value": 3}),
        (
            "Each bullet should have 2 sub-bullets.",
            {"what": "children", "relation": "exactly", "value": 2},
        ),
        (
            "Give me 3 sub-points under each point.",
            {"what": "children", "relation": "exactly", "value": 3},
        ),
        (
            "Write an outline with four main points, each with two sub-points.",
            {"what": "children", "relation": "exactly", "value": 2},
        ),
    ],
)
def test_phrasings_compile(prompt: str, want: dict[str, Any]) -> None:
    assert want in _nesting(prompt)


def test_sub_items_are_no_count_of_the_lists_items() -> None:
    checks = compile_checks("Give me 3 sub-points under each point.")
    assert not any(isinstance(c.spec, ItemCount) for c in checks)


@pytest.mark.parametrize(
    "prompt",
    [
        "Why do people nest lists 3 levels deep?",  # a question
        "My outline has 3 sub-bullets under each point; tighten the wording.",  # material
        "If you use a list, nest it at most 2 levels.",  # a condition
        "The org chart is 4 levels deep; describe it.",  # the topic
        "Ideally no sub-bullets.",  # hedged
    ],
)
def test_near_misses_compile_nothing(prompt: str) -> None:
    assert _nesting(prompt) == []
