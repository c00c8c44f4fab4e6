"""The checklist family: every list item of the answer is a markdown task
box; its repair, the phrasings that compile and the near misses that must not."""

from __future__ import annotations

import pytest

from _repaired import repaired_run
from redraft.core._repair import apply_repairs
from redraft.criteria import compile_checks
from redraft.criteria._families._checklist import CHECKLIST, Checklist, list_items

SPEC = Checklist()

# 22 answers labelled by reading them: (answer, is it a markdown checklist).
LABELLED = [
    ("- [ ] Pack the tent\n- [ ] Buy water", True),
    ("- [x] Book the train\n- [ ] Print tickets", True),
    ("- [X] Done already", True),
    ("* [ ] Star bullets work too\n+ [ ] and plus bullets", True),
    ("1. [ ] Numbered tasks\n2. [x] are boxes too", True),
    (
        "Before you leave:\n\n- [ ] Lock the door\n- [ ] Feed the cat",
        True,
    ),  # an intro is not an item
    ("## Morning\n- [ ] Coffee\n## Evening\n- [ ] Tea", True),  # headings are not items
    ("- [ ] Sort mail\n---\n- [ ] File taxes", True),  # a divider is not an item
    ("  - [ ] An indented task", True),
    ("- Pack the tent\n- Buy water", False),  # bullets without boxes
    ("- [ ] Pack the tent\n- Buy water", False),  # one item without a box
    ("1. Book the train\n2. Print tickets", False),
    ("Pack the tent, buy water and leave.", False),  # no list at all
    ("", False),
    ("- [] Pack the tent", False),  # an empty bracket pair is not a box
    ("- [ ]", False),  # a box with no task
    ("- [ ]Pack the tent", False),  # no space after the box
    ("- [v] Pack the tent", False),
    ("[ ] Pack the tent\n[ ] Buy water", False),  # boxes without a list marker
    ("- (  ) Pack the tent", False),
    ("- [ ] Pack\n* Buy water", False),
    ("-[ ] Pack the tent", False),  # no space after the marker: not a list item
]


@pytest.mark.parametrize(("answer", "ok"), LABELLED)
def test_the_measure_wants_a_box_on_every_item(answer: str, ok: bool) -> None:
    assert CHECKLIST.measure(SPEC, answer).passed is ok


def test_items_are_found_with_their_boxes() -> None:
    assert list_items("Intro\n- [ ] a\n- b\n***\n3) [x] c") == [
        ("[ ] a", True),
        ("b", False),
        ("[x] c", True),
    ]


def test_the_correction_names_the_items_without_boxes() -> None:
    outcome = CHECKLIST.measure(SPEC, "- [ ] Pack\n- Buy water\n- Leave")
    assert outcome.suggestion == (
        "2 of your 3 list items have no box ('Buy water', 'Leave'). "
        "Start every item with '- [ ] ' (or '- [x] ' for one that is done)."
    )
    none = CHECKLIST.measure(SPEC, "Just pack.")
    assert none.suggestion is not None and none.suggestion.startswith("Your answer has no list.")


def test_the_repair_boxes_every_item_and_leaves_a_checklist_alone() -> None:
    repair = CHECKLIST.repair(SPEC)
    assert repair == {"op": "box_items"}
    text = "Pack list:\n- Tent\n- [x] Water\n2. Map\n---\nHave fun."
    edited = apply_repairs(text, [repair])
    assert edited == "Pack list:\n- [ ] Tent\n- [x] Water\n2. [ ] Map\n---\nHave fun."
    assert CHECKLIST.measure(SPEC, edited).passed
    done = "- [ ] Tent\n- [x] Water"
    assert apply_repairs(done, [repair]) == done


async def test_the_loop_boxes_the_items_without_a_model_call() -> None:
    prompt = "List three things to pack for a picnic as markdown checkbox items."
    result = await repaired_run(prompt, "- Blanket\n- Sandwiches\n- Lemonade")
    assert result.final_answer == "- [ ] Blanket\n- [ ] Sandwiches\n- [ ] Lemonade"
    assert result.drafts[-1].finish_reason == "repair"


def _compiled(prompt: str) -> bool:
    return any(isinstance(c.spec, Checklist) for c in compile_checks(prompt))


@pytest.mark.parametrize(
    "prompt",
    [
        "Plan my move and present it in markdown checkboxes (- [ ] item).",
        "Make a markdown checklist for a picnic.",
        "Give me the steps as checkbox items.",
        "Format each task as '- [ ] task'.",
        "List the chores, each item with a checkbox.",
        "Write the release steps as a GitHub-style task list.",
        "Use checkboxes for the packing list.",
        "Rewrite the plan as a markdown checklist.",
    ],
)
def test_phrasings_compile(prompt: str) -> None:
    assert _compiled(prompt)


@pytest.mark.parametrize(
    "prompt",
    [
        "Make a checklist for a picnic.",  # any list may be a checklist
        "Don't use checkboxes.",
        "If possible, use checkboxes.",
        "Should I use checkboxes?",
        "My notes have checkbox items; summarize them.",
        "Use checkboxes where it helps.",
        'Translate this: "use checkboxes for each task".',
        "Explain how markdown checkboxes render on GitHub.",
        "Ideally, write it as a markdown checklist.",
    ],
)
def test_near_misses_compile_nothing(prompt: str) -> None:
    assert not _compiled(prompt)
