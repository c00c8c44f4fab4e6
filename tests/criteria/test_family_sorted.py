"""The sorted-items family: the answer's items are in alphabetical order;
its repair, the phrasings that compile and the near misses that must not."""

from __future__ import annotations

import pytest

from _repaired import repaired_run
from redraft.core._repair import apply_repairs
from redraft.criteria import compile_checks
from redraft.criteria._families._sorted import SORTED_ITEMS, SortedItems, sort_key

AZ = SortedItems()
ZA = SortedItems(order="reverse_alphabetical")

# 22 answers labelled by reading them: (spec, answer, are the items in order).
LABELLED = [
    (AZ, "- apple\n- banana\n- cherry", True),
    (AZ, "- Apple\n- banana\n- Cherry", True),  # case is set aside
    (AZ, "1. **Apple** — red\n2. Banana — yellow", True),  # so is emphasis
    (AZ, "Fruits:\n- apple\n- banana", True),  # with a list, only its items count
    (AZ, "apple\nbanana\ncherry", True),  # lines where there is no list
    (AZ, "- apple\n- apple\n- banana", True),  # a tie is in order
    (AZ, '- "Avocado"\n- Banana', True),  # leading quotes set aside
    (AZ, "- banana\n- apple", False),
    (AZ, "- apple\n- cherry\n- banana", False),
    (AZ, "- apple", False),  # one item is no order
    (AZ, "", False),
    (AZ, "Fruits:\n- cherry\n- apple", False),
    (AZ, "zebra\nant", False),
    (AZ, "- Ant\n- ant colony\n- Anteater", True),
    (ZA, "- cherry\n- banana\n- apple", True),
    (ZA, "- Cherry\n- banana\n- APPLE", True),
    (ZA, "- apple\n- banana", False),
    (ZA, "- cherry\n- apple\n- banana", False),
    (ZA, "z\ny\nx", True),
    (ZA, "x", False),
    (AZ, "1. Berlin\n2. Athens", False),  # the numbers are markers, not the key
    (AZ, "1. Athens\n2. Berlin\n3. Cairo", True),
]


@pytest.mark.parametrize(("spec", "answer", "ok"), LABELLED)
def test_the_measure_wants_items_in_order(spec: SortedItems, answer: str, ok: bool) -> None:
    assert SORTED_ITEMS.measure(spec, answer).passed is ok


def test_the_key_sets_decoration_aside() -> None:
    assert sort_key("**“Apple”**  pie") == "apple pie"


def test_the_correction_names_a_pair_out_of_order() -> None:
    outcome = SORTED_ITEMS.measure(AZ, "- apple\n- cherry\n- banana")
    assert outcome.suggestion == (
        "Your items are not in order A to Z: 'banana' comes after 'cherry'. "
        "Put every item in order A to Z."
    )


def test_the_repair_sorts_one_run_of_items_and_keeps_numbers() -> None:
    repair = SORTED_ITEMS.repair(AZ)
    assert repair == {"op": "sort_items", "order": "alphabetical"}
    numbered = "Cities:\n1. Cairo\n2. Athens\n3. Berlin\nEnjoy."
    edited = apply_repairs(numbered, [repair])
    assert edited == "Cities:\n1. Athens\n2. Berlin\n3. Cairo\nEnjoy."
    assert SORTED_ITEMS.measure(AZ, edited).passed
    reverse = apply_repairs(
        "- a\n- c\n- b", [{"op": "sort_items", "order": "reverse_alphabetical"}]
    )
    assert reverse == "- c\n- b\n- a"
    assert apply_repairs("- a\n- b", [repair]) == "- a\n- b"  # already in order: unchanged
    spread = "- c\nSome prose.\n- a"
    assert apply_repairs(spread, [repair]) == spread  # items apart: a redraft's job


async def test_the_loop_sorts_the_items_without_a_model_call() -> None:
    prompt = "List three fruits in alphabetical order."
    result = await repaired_run(prompt, "- pear\n- apple\n- mango")
    assert result.final_answer == "- apple\n- mango\n- pear"
    assert result.drafts[-1].finish_reason == "repair"


def _orders(prompt: str) -> list[str]:
    return [c.spec.order for c in compile_checks(prompt) if isinstance(c.spec, SortedItems)]


@pytest.mark.parametrize(
    ("prompt", "order"),
    [
        ("List the ingredients in alphabetical order.", "alphabetical"),
        ("Name ten rivers, sorted alphabetically.", "alphabetical"),
        ("Alphabetize the list of cities.", "alphabetical"),
        ("Give the moons in reverse alphabetical order.", "reverse_alphabetical"),
        ("List the states sorted from Z to A.", "reverse_alphabetical"),
        ("Write the tools as bullets, arranged A-Z.", "alphabetical"),
        ("Please put them in alphabetical order.", "alphabetical"),
    ],
)
def test_phrasings_compile(prompt: str, order: str) -> None:
    assert _orders(prompt) == [order]


@pytest.mark.parametrize(
    "prompt",
    [
        "Sort them alphabetically by last name.",  # another key
        "Put the countries in alphabetical order of capital.",
        "Don't sort them alphabetically.",
        "Should I list them in alphabetical order?",
        "Ideally, list them in alphabetical order.",
        "My list is in alphabetical order; add two more.",
        'Fix the typo in "sorted alphabetically".',
        "List the planets in order of size.",  # no alphabetical order
    ],
)
def test_near_misses_compile_nothing(prompt: str) -> None:
    assert _orders(prompt) == []
