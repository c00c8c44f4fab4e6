"""The unique-items family: no item of the answer is repeated; its repair,
the phrasings that compile and the near misses that must not."""

from __future__ import annotations

import pytest

from _repaired import repaired_run
from redraft.core._repair import apply_repairs
from redraft.criteria import compile_checks
from redraft.criteria._families._unique import UNIQUE_ITEMS, UniqueItems, repeated_items

SPEC = UniqueItems()

# 22 answers labelled by reading them: (answer, are all items different).
LABELLED = [
    ("- Ada\n- Bo\n- Cy", True),
    ("- Ada\n- Bo\n- Ada", False),
    ("- Ada\n- ada", False),  # case set aside
    ("- **Ada**\n- Ada", False),  # so is emphasis
    ("1. Ada\n2. Ada", False),
    ("Ada\nBo\nCy", True),  # lines where there is no list
    ("Ada\nAda", False),
    ("Names:\n- Ada\n- Bo\nNames:", True),  # with a list, only its items count
    ("- Ada Lovelace\n- Ada", True),  # a longer item is another item
    ("- Ada\n\n- Bo", True),
    ("", False),  # no items
    ("- Ada", True),
    ("- red\n- green\n- blue\n- green", False),
    ("- Red apple\n- Red  apple", False),  # whitespace runs read as one
    ("- Paris\n- Paris, France", True),
    ("* one\n+ two\n- three", True),
    ("* one\n+ one", False),
    ("- 1\n- 2\n- 3", True),
    ("- 1\n- 2\n- 1", False),
    ('- "Hope"\n- Hope', False),  # leading quotes set aside
    ("- Go.\n- Go!", True),  # the marks differ: written differently
    ("- a\n- b\n- c\n- d\n- e\n- a", False),
]


@pytest.mark.parametrize(("answer", "ok"), LABELLED)
def test_the_measure_finds_repeats(answer: str, ok: bool) -> None:
    assert UNIQUE_ITEMS.measure(SPEC, answer).passed is ok


def test_repeats_are_the_later_ones() -> None:
    assert repeated_items("- a\n- b\n- A\n- b") == ["A", "b"]


def test_the_correction_names_the_repeats() -> None:
    outcome = UNIQUE_ITEMS.measure(SPEC, "- Ada\n- Bo\n- Ada")
    assert outcome.suggestion == (
        "Your answer repeats 1 item(s) ('Ada'). Replace each repeat with a different item."
    )


def test_the_repair_drops_later_repeats_only() -> None:
    repair = UNIQUE_ITEMS.repair(SPEC)
    assert repair == {"op": "drop_repeated_items"}
    text = "Names:\n- Ada\n- Bo\n- ada\nBye."
    edited = apply_repairs(text, [repair])
    assert edited == "Names:\n- Ada\n- Bo\nBye."
    assert UNIQUE_ITEMS.measure(SPEC, edited).passed
    assert apply_repairs("Ada\nBo\nAda", [repair]) == "Ada\nBo"
    assert apply_repairs("- a\n- b", [repair]) == "- a\n- b"


async def test_the_loop_drops_the_repeat_without_a_model_call() -> None:
    prompt = "Suggest names for a cat, no duplicates."
    result = await repaired_run(prompt, "- Miso\n- Pixel\n- Miso")
    assert result.final_answer == "- Miso\n- Pixel"
    assert result.drafts[-1].finish_reason == "repair"


def _compiled(prompt: str) -> bool:
    return any(isinstance(c.spec, UniqueItems) for c in compile_checks(prompt))


@pytest.mark.parametrize(
    "prompt",
    [
        "List baby names, no duplicates.",
        "Give me startup ideas without duplicates.",
        "Don't repeat any item.",
        "Each entry must be unique.",
        "All the names should be different.",
        "No item may appear twice.",
        "Write ten slogans with no repeated lines.",
    ],
)
def test_phrasings_compile(prompt: str) -> None:
    assert _compiled(prompt)


@pytest.mark.parametrize(
    "prompt",
    [
        "Duplicates are fine.",
        "It's ok to have duplicates.",
        "Should there be no duplicates?",
        "Ideally, no duplicates.",
        "Don't repeat yourself.",
        "Use no word twice.",  # the distinct-words check's
        "Remove duplicates from this list: a, a, b.",
        "No need to avoid duplicates.",
        'Translate "no duplicates allowed" into French.',
    ],
)
def test_near_misses_compile_nothing(prompt: str) -> None:
    assert not _compiled(prompt)
