"""The blank_lines family: the gaps between the answer's lines, paragraphs,
blocks or list items; its repair, the phrasings that compile and the near
misses that must not."""

from __future__ import annotations

import pytest

from _repaired import repaired_run
from redraft.core._repair import apply_repairs
from redraft.criteria import CHECK_SPEC_ADAPTER, compile_checks, measure_text
from redraft.criteria._families._blank_lines import BLANK_LINES, BlankLines, gaps

NONE = BlankLines(between="lines", blank=0)
DOUBLE = BlankLines(between="lines", blank=1)
PARAS = BlankLines(between="paragraphs", blank=1)
BLOCKS = BlankLines(between="blocks", blank=1)
ITEMS = BlankLines(between="items", blank=1)
TIGHT = BlankLines(between="items", blank=0)

# Answers labelled by reading them: (spec, answer, does it keep the rule).
LABELLED: list[tuple[BlankLines, str, bool]] = [
    (NONE, "One line.\nTwo lines.\nThree.", True),
    (NONE, "One line.\n\nTwo lines.", False),
    (
        NONE,
        "\n\nOne line.\nTwo lines.\n\n",
        True,
    ),  # blank lines around the answer are not between lines
    (NONE, "One.\n   \nTwo.", False),  # a line of spaces is blank
    (NONE, "Just one line.", True),
    (DOUBLE, "Roses are red.\n\nViolets are blue.\n\nSugar is sweet.", True),
    (DOUBLE, "Roses are red.\nViolets are blue.", False),
    (DOUBLE, "Roses are red.\n\n\nViolets are blue.", False),  # two blank lines, not one
    (PARAS, "First paragraph here.\n\nSecond paragraph here.", True),
    (PARAS, "First paragraph.\n\n\n\nSecond paragraph.", False),
    (PARAS, "Para one.\n\nPara two.\n\n\nPara three.", False),  # one gap of two
    (PARAS, "Dear Ana,\n\nThanks for the offer.\n\nBest,\nMateus", True),  # a sign-off
    (PARAS, "## Intro\nFirst paragraph.\n\nSecond paragraph.", True),
    (PARAS, "One paragraph only, however long it runs.", True),
    (BLOCKS, "Line one\nLine two\n\nLine three\nLine four", True),
    (BLOCKS, "Line one\nLine two\nLine three\nLine four", False),  # one block, never set apart
    (BLOCKS, "Line one\nLine two\n\n\nLine three", False),
    (BLOCKS, "Q1?\nA) yes\nB) no\n\nQ2?\nA) up\nB) down\n\nQ3?\nA) in", True),
    (ITEMS, "- apples\n\n- pears\n\n- plums", True),
    (ITEMS, "- apples\n- pears\n\n- plums", False),
    (ITEMS, "Fruit:\n- apples\n\n- pears", True),  # the lead-in is not an item
    (ITEMS, "1. Boil water\n   - use a kettle\n\n2. Add tea", True),  # the sub-item is item 1's
    (ITEMS, "1. Boil water\n\n\n2. Add tea", False),
    (TIGHT, "- apples\n- pears\n- plums", True),
    (TIGHT, "- apples\n\n- pears", False),
    (TIGHT, "Fruit:\n\n- apples\n- pears\n\nThat is all.", True),  # only between the items
]


@pytest.mark.parametrize(("spec", "answer", "ok"), LABELLED)
def test_the_measure_on_labelled_answers(spec: BlankLines, answer: str, ok: bool) -> None:
    outcome = measure_text(spec, answer)
    assert outcome.passed is ok, outcome.reason
    if not ok:
        assert outcome.suggestion


def test_gaps_are_the_blank_runs_between_non_empty_lines() -> None:
    assert gaps("\na\n\n\nb\nc\n\n") == (["a", "b", "c"], [2, 0])


def test_an_empty_answer_fails() -> None:
    assert not BLANK_LINES.measure(NONE, "").passed
    assert not BLANK_LINES.measure(PARAS, "   \n").passed


def test_the_spec_refuses_paragraphs_without_a_blank_line_and_round_trips() -> None:
    with pytest.raises(ValueError, match="blank=1"):
        BlankLines(between="paragraphs", blank=0)
    with pytest.raises(ValueError, match="less than or equal to 1"):
        BlankLines(between="lines", blank=2)
    again = CHECK_SPEC_ADAPTER.validate_python(ITEMS.model_dump())
    assert again == ITEMS


def test_the_correction_names_where_the_gap_is_wrong() -> None:
    outcome = measure_text(PARAS, "First paragraph.\n\n\nSecond paragraph.")
    assert outcome.suggestion == (
        "1 of 1 gaps in your answer do not hold exactly one blank line "
        "(before 'Second paragraph.'). Put exactly one blank line between paragraphs."
    )
    blocks = measure_text(BLOCKS, "Line one\nLine two")
    assert blocks.suggestion == (
        "Your answer has no blank line. Put exactly one blank line between the blocks."
    )
    none = measure_text(NONE, "a\n\nb")
    assert none.suggestion == (
        "1 of the gaps between your lines hold a blank line (before 'b'). "
        "Remove every blank line between lines."
    )


@pytest.mark.parametrize(
    ("spec", "text", "edited"),
    [
        (NONE, "a\n\nb\n\n\nc", "a\nb\nc"),
        (DOUBLE, "a\nb\n\n\nc", "a\n\nb\n\nc"),
        (PARAS, "Intro.\nMore.\n\n\n- x\n- y", "Intro.\nMore.\n\n- x\n- y"),
        (BLOCKS, "a\nb\n\n\n\nc\nd", "a\nb\n\nc\nd"),
        (ITEMS, "Fruit:\n- a\n- b\n   more\n- c", "Fruit:\n- a\n\n- b\n   more\n\n- c"),
        (TIGHT, "- a\n\n- b\n\nDone.", "- a\n- b\n\nDone."),
    ],
)
def test_the_repair_sets_each_gap_and_the_check_then_passes(
    spec: BlankLines, text: str, edited: str
) -> None:
    repair = BLANK_LINES.repair(spec)
    assert repair is not None
    assert apply_repairs(text, [repair]) == edited
    assert measure_text(spec, edited).passed


def test_the_repair_leaves_an_answer_that_passes_alone() -> None:
    for spec, answer, ok in LABELLED:
        repair = BLANK_LINES.repair(spec)
        if ok and repair is not None:
            assert apply_repairs(answer, [repair]) == answer


async def test_the_loop_puts_the_blank_lines_in_without_a_model_call() -> None:
    prompt = "List three teas as bullets, with one empty line between the bullets."
    result = await repaired_run(prompt, "- Green\n- Black\n- Oolong")
    assert result.final_answer == "- Green\n\n- Black\n\n- Oolong"
    assert result.drafts[-1].finish_reason == "repair"


def _compiled(prompt: str) -> list[BlankLines]:
    return [c.spec for c in compile_checks(prompt) if isinstance(c.spec, BlankLines)]


@pytest.mark.parametrize(
    ("prompt", "spec"),
    [
        ("Separate paragraphs with a blank line.", PARAS),
        ("Write three paragraphs separated by blank lines.", PARAS),
        ("Please leave one empty line between each paragraph.", PARAS),
        ("The stanzas should be separated by one blank line.", BLOCKS),
        ("Write a poem in four stanzas; separate the stanzas with an empty line.", BLOCKS),
        ("Give me 5 flashcards with a blank line between the cards.", BLOCKS),
        ("Put one empty line between items.", ITEMS),
        ("List the steps as bullets, with a blank line between bullet points.", ITEMS),
        ("No blank lines between the bullets.", TIGHT),
        ("No blank lines.", NONE),
        ("Single-spaced, no empty lines.", NONE),
        ("Don't leave any empty lines in your answer.", NONE),
        ("Answer without blank lines.", NONE),
        ("Use double spacing.", DOUBLE),
        ("Make the poem double-spaced.", DOUBLE),
        ("Could you put an empty line after every line?", DOUBLE),
    ],
)
def test_phrasings_compile(prompt: str, spec: BlankLines) -> None:
    assert _compiled(prompt) == [spec]


@pytest.mark.parametrize(
    "prompt",
    [
        "If you like, separate paragraphs with a blank line.",  # hedged
        "You don't need blank lines between stanzas.",  # negated
        "Should I separate paragraphs with a blank line?",  # a question about it
        "My essay has a blank line between paragraphs; fix its grammar.",  # the given text
        "Keep a blank line between the stanzas of my poem when you translate it.",
        "Remove the blank lines in the code below.",  # lines of something else
        'Translate: "Separate paragraphs with a blank line."',  # quoted material
        "Explain why style guides ask for a blank line between paragraphs.",
        "Is it fine to use no blank lines?",
        "Ideally, use double spacing.",
        "Write two paragraphs separated by two new lines.",  # new lines, not blank lines
    ],
)
def test_near_misses_compile_nothing(prompt: str) -> None:
    assert _compiled(prompt) == []
