"""The heading_form family: every markdown heading of one level, or ending
with one mark; the level's repair, the phrasings that compile and the near
misses that must not."""

from __future__ import annotations

import pytest

from _repaired import repaired_run
from redraft.core._repair import apply_repairs
from redraft.criteria import CHECK_SPEC_ADAPTER, compile_checks, measure_text
from redraft.criteria._families._heading_form import (
    HEADING_FORM,
    HeadingEnd,
    HeadingLevel,
    headings,
)

H2 = HeadingLevel(level=2)
H3 = HeadingLevel(level=3)
ASKS = HeadingEnd(mark="?")
COLON = HeadingEnd(mark=":")

# Answers labelled by reading them: (spec, answer, does every heading keep the rule).
LABELLED: list[tuple[HeadingLevel | HeadingEnd, str, bool]] = [
    (H2, "## Intro\nText.\n\n## Details\nMore.", True),
    (H2, "# Title\n## Intro\nText.", False),  # an H1 beside them
    (H2, "### Intro\nText.", False),
    (H2, "Intro\n-----\nText.", True),  # a setext heading underlined with dashes is level 2
    (H2, "Intro\n=====\nText.", False),  # underlined with equals signs: level 1
    (H2, "Just text, no headings at all.", False),  # headings were asked for
    (H2, "", False),
    (H2, "## Intro\n```\n# a comment in code\n```", True),  # code is not a heading
    (H2, "##Intro without a space", False),  # no heading at all
    (H2, "  ## Indented two spaces\nText.", True),
    (H2, "## Intro ##\nText.", True),  # closing marks are allowed
    (H3, "### Q1\nA.\n\n### Q2\nB.", True),
    (H3, "### Q1\nA.\n\n#### Q2\nB.", False),
    (H3, "### Q1\nA.\n\n## Q2\nB.", False),
    (H3, "**Q1**\nA.", False),  # a bold line is no heading
    (H3, "    ### indented four spaces is code", False),
    (H3, "> ### A heading inside a quote", True),  # a heading, quoted
    (H3, "- ### A heading in a list item", True),
    (H3, "### Q1\nA #hashtag line\n### Q2", True),
    (H3, "######## seven marks is text", False),
    (ASKS, "## Why tea?\nBecause.\n\n## How?\nSlowly.", True),
    (ASKS, "## Why tea?\nBecause.\n\n## How to brew\nSlowly.", False),
    (ASKS, "## **Why tea?**\nBecause.", True),  # emphasis after the mark
    (ASKS, "## Why tea ?\nBecause.", True),
    (ASKS, "Why tea?\n========\nBecause.", True),  # a setext heading
    (ASKS, "Why tea?\nBecause.", False),  # no heading
    (ASKS, "## Why tea?!\nBecause.", False),  # ends with '!'
    (ASKS, "## Why tea? ##\nBecause.", True),  # closing marks are not the text
    (ASKS, "## Why tea\nIs it good? Yes?", False),  # the body's marks do not count
    (ASKS, "# What?\n## Where?\n### When?", True),  # every level
    (COLON, "## Ingredients:\n- tea\n## Steps:\n1. boil", True),
    (COLON, "## Ingredients\n- tea", False),
    (COLON, "## Ingredients: \n- tea", True),  # trailing space
    (COLON, "## Ingredients:\n## Steps", False),
    (COLON, "", False),
    (COLON, "## `Setup:`", True),  # closing code mark aside
    (COLON, "## Setup:.", False),
    (COLON, "## Setup :", True),
    (COLON, "Setup:\nText", False),  # a line ending in a colon is no heading
    (COLON, "## A:\n\n## B:\n\n## C:", True),
]


@pytest.mark.parametrize(("spec", "answer", "ok"), LABELLED)
def test_the_measure_on_labelled_answers(
    spec: HeadingLevel | HeadingEnd, answer: str, ok: bool
) -> None:
    outcome = measure_text(spec, answer)
    assert outcome.passed is ok, outcome.reason
    if not ok:
        assert outcome.suggestion


def test_headings_are_read_as_commonmark_reads_them() -> None:
    found = headings("# One\ntext\nTwo\n---\n```\n# code\n```\n### Three ###")
    assert [(h.level, h.text, h.atx) for h in found] == [
        (1, "One", True),
        (2, "text\nTwo", False),  # a setext heading takes the whole paragraph above its line
        (3, "Three", True),
    ]


def test_the_specs_refuse_bad_values_and_round_trip() -> None:
    with pytest.raises(ValueError, match="less than or equal to 6"):
        HeadingLevel(level=7)
    with pytest.raises(ValueError, match="Input should be"):
        HeadingEnd(mark=";")  # type: ignore[arg-type]
    for spec in (H3, ASKS):
        assert CHECK_SPEC_ADAPTER.validate_python(spec.model_dump()) == spec


def test_the_corrections_name_the_headings_to_change() -> None:
    level = measure_text(H3, "### Q1\n## Q2\n# Q3")
    assert level.suggestion == (
        "2 of your 3 headings are not level 3 ('## Q2', '# Q3'). "
        "Start every heading with '### ' (exactly 3 '#')."
    )
    ending = measure_text(ASKS, "## Why?\n## How it works")
    assert ending.suggestion == (
        "1 of your 2 headings do not end with a question mark ('How it works'). "
        "End every heading with '?'."
    )
    none = measure_text(H2, "No headings here.")
    assert none.suggestion is not None and none.suggestion.startswith(
        "Your answer has no headings."
    )


def test_the_level_repair_rewrites_every_heading_and_leaves_a_good_answer_alone() -> None:
    repair = HEADING_FORM.repair(H3)
    assert repair == {"op": "set_heading_levels", "level": 3}
    text = "# Quiz\nIntro.\n\nQ2\n---\nText.\n```\n# code\n```\n#### Q3"
    edited = apply_repairs(text, [repair])
    assert edited == "### Quiz\nIntro.\n\n### Q2\nText.\n```\n# code\n```\n### Q3"
    assert measure_text(H3, edited).passed
    done = "### Q1\nA.\n### Q2"
    assert apply_repairs(done, [repair]) == done
    assert HEADING_FORM.repair(ASKS) is None  # rewording a heading needs judgement


async def test_the_loop_sets_the_heading_levels_without_a_model_call() -> None:
    prompt = "Answer the two questions, each as a level-3 heading (### …) followed by its answer."
    result = await repaired_run(prompt, "# Why tea?\nIt is calm.\n\n## Why now?\nIt is cold.")
    assert result.final_answer == "### Why tea?\nIt is calm.\n\n### Why now?\nIt is cold."
    assert result.drafts[-1].finish_reason == "repair"


def _compiled(prompt: str) -> list[HeadingLevel | HeadingEnd]:
    return [c.spec for c in compile_checks(prompt) if isinstance(c.spec, HeadingLevel | HeadingEnd)]


@pytest.mark.parametrize(
    ("prompt", "spec"),
    [
        ("Format each question as a level-3 heading (### ...).", H3),
        ("Use H2 for sections.", H2),
        ("Use H2 headings for the sections.", H2),
        ("All headings should be H2.", H2),
        ("Headings must be level 3.", H3),
        ("Write each day under an H2 heading.", H2),
        ("Use ## headers for every section.", H2),
        ("Use '###' headings.", H3),
        ("Present each step as a second-level heading.", H2),
        ("Make all headers level 2 please", H2),
        ("Write a blog post in markdown, with all sections in H3 headings.", H3),
        ("Headings should end with a question mark.", ASKS),
        ("Each heading must end with a colon.", COLON),
        ("Phrase every heading as a question.", ASKS),
        ("End each section title with a question mark.", ASKS),
        ("Section headers should end with '?'.", ASKS),
        ("List the myths, each as a heading ending in a question mark.", ASKS),
        ("Give me four sections, in that order, as ### headings.", H3),
        ("List five tips, each under an H2 heading.", H2),
        ("Use ## for all the section headings.", H2),
        ("Make every heading an H3, please.", H3),
    ],
)
def test_phrasings_compile(prompt: str, spec: HeadingLevel | HeadingEnd) -> None:
    assert _compiled(prompt) == [spec]


@pytest.mark.parametrize(
    "prompt",
    [
        "Use exactly 3 H2 headings.",  # a count, which allows an H1 beside them
        "Use an H1 title and H2 headings for the sections.",  # two levels
        "Use H2 for the sections, and put the title in bold.",  # a title may be a heading
        "Don't use H1 headings.",  # negated (a heading count's)
        "If you use headings, make them H2.",  # a condition
        "Should headings be H2?",  # a question about it
        "My document uses H2 headings; summarize it.",  # about something given
        "Explain when to use H2 headings.",  # a topic
        'Translate: "Use H2 headings for every section."',  # quoted material
        "Headings should end with a question mark or an exclamation mark.",  # one of two
        "Ideally, headings end with a question mark.",  # hedged
        "Each heading, if you use any, should be H3.",
        "Put the day names as H2 headings and the activities as H3 headings.",  # two levels
        "Add a section called Setup (as a level-2 heading).",  # one heading, not every one
        "Use ### for the subheadings.",  # sub-headings: others stand above them
        "Use ### for the recipe name.",  # one heading
        # named ones: a title may be another heading
        "Use the sections 'Pros' and 'Cons' as level-3 headings.",
    ],
)
def test_near_misses_compile_nothing(prompt: str) -> None:
    assert _compiled(prompt) == []
