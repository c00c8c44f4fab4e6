"""The title_case family: every heading, the title or every item of the
answer in Title Case (small words aside) or with every word capitalised; its
repair, the phrasings that compile and the near misses that must not."""

from __future__ import annotations

import pytest

from _repaired import repaired_run
from redraft.core._repair import apply_repairs
from redraft.criteria import CHECK_SPEC_ADAPTER, compile_checks, measure_text
from redraft.criteria._families._title_case import TITLE_CASE, TitleCase, off_words

HEADINGS = TitleCase(part="heading")
TITLE = TitleCase(part="title")
ITEMS = TitleCase(part="item")
EVERY = TitleCase(part="title", every=True)

# Answers labelled by reading them: (spec, answer, does every judged part keep the rule).
LABELLED: list[tuple[TitleCase, str, bool]] = [
    (HEADINGS, "## The Lord of the Rings\nText.", True),  # small words may stay low
    (HEADINGS, "## The lord of the rings\nText.", False),
    (HEADINGS, "## Getting Started\nText.\n## How It Works\nMore.", True),
    (HEADINGS, "## Getting Started\nText.\n## How it works\nMore.", False),
    (HEADINGS, "## A Guide To Tea\nText.", True),  # a small word may be capitalised too
    (HEADINGS, "## What to Look For\nText.", True),  # the last word is capitalised
    (HEADINGS, "## What to Look for\nText.", False),  # …always
    (HEADINGS, "## of Mice and Men\nText.", False),  # …and the first
    (HEADINGS, "## Why iPhone Sales Fell\nText.", True),  # a capital inside counts
    (HEADINGS, "## Top 10 Tips\nText.", True),  # a number is no word
    (HEADINGS, "## Using `git rebase` Safely\nText.", True),  # code is left out
    (
        HEADINGS,
        "## **Bold Heading Here**\nbody text in lower case.",
        True,
    ),  # the body is not judged
    (HEADINGS, "No headings at all.", False),
    (HEADINGS, "Tea Time\n========\nbody.", True),  # a setext heading
    (HEADINGS, "## Well-known Facts\nText.", True),  # only a word's first letter is judged
    (TITLE, "# A Walk in the Woods\n\nIt was cold.", True),
    (TITLE, "# A walk in the woods\n\nIt was cold.", False),
    (TITLE, "**Rise and Shine**\n\nmorning came.", True),
    (TITLE, "", False),
    (TITLE, "Summer Rain\nthe rest is lower case", True),  # only the first line is the title
    (EVERY, "# A Walk In The Woods", True),
    (EVERY, "# A Walk in the Woods", False),  # every word, small ones too
    (ITEMS, "- Red Alert\n- Blue Moon\n- Green Day", True),
    (ITEMS, "- Red Alert\n- blue moon", False),
    (ITEMS, "Here are some:\n- Red Alert\n- Blue Moon", True),  # the lead-in is not an item
    (ITEMS, "Red Alert\nBlue Moon", True),  # no list: every line is an item
    (ITEMS, "1. Fire and Ice\n2. War and Peace", True),
    (ITEMS, "1. Fire and ice", False),
]


@pytest.mark.parametrize(("spec", "answer", "ok"), LABELLED)
def test_the_measure_on_labelled_answers(spec: TitleCase, answer: str, ok: bool) -> None:
    outcome = measure_text(spec, answer)
    assert outcome.passed is ok, outcome.reason
    if not ok:
        assert outcome.suggestion


def test_the_words_off_the_rule_are_named() -> None:
    assert off_words("the lord of the rings") == ["the", "lord", "rings"]
    assert off_words("A Walk in the Woods", every=True) == ["in", "the"]
    assert off_words("Tips for `npm install` users") == ["users"]


def test_the_spec_round_trips_and_refuses_other_parts() -> None:
    assert CHECK_SPEC_ADAPTER.validate_python(EVERY.model_dump()) == EVERY
    with pytest.raises(ValueError, match="Input should be"):
        TitleCase(part="sentence")  # type: ignore[arg-type]


def test_the_correction_names_the_words_to_capitalise() -> None:
    outcome = measure_text(HEADINGS, "## Why tea\n## How it works")
    assert outcome.suggestion == (
        "2 of your 2 parts have words in lower case ('it', 'tea', 'works'). "
        "Capitalise every word but the small ones (a, an, the, and, or, of, in, to …), "
        "and always the first and the last: every heading in Title Case."
    )


@pytest.mark.parametrize(
    ("spec", "text", "edited"),
    [
        (
            HEADINGS,
            "## the lord of the rings\nbody stays.",
            "## The Lord of the Rings\nbody stays.",
        ),
        (TITLE, "# a walk in the woods\n\nit was cold.", "# A Walk in the Woods\n\nit was cold."),
        (EVERY, "a walk in the woods", "A Walk In The Woods"),
        (
            ITEMS,
            "Ideas:\n- red alert\n- what to look for",
            "Ideas:\n- Red Alert\n- What to Look For",
        ),
        (HEADINGS, "## using `git rebase` safely", "## Using `git rebase` Safely"),
    ],
)
def test_the_repair_capitalises_the_words_and_the_check_then_passes(
    spec: TitleCase, text: str, edited: str
) -> None:
    repair = TITLE_CASE.repair(spec)
    assert repair == {"op": "capitalise_parts", "part": spec.part, "every": spec.every}
    assert apply_repairs(text, [repair]) == edited
    assert measure_text(spec, edited).passed


def test_the_repair_leaves_an_answer_that_passes_alone() -> None:
    for spec, answer, ok in LABELLED:
        repair = TITLE_CASE.repair(spec)
        if ok and repair is not None:
            assert apply_repairs(answer, [repair]) == answer


async def test_the_loop_capitalises_the_headings_without_a_model_call() -> None:
    prompt = "Write two short sections about tea. Every heading in Title Case."
    result = await repaired_run(prompt, "## green tea\nFresh.\n\n## black tea and milk\nStrong.")
    assert result.final_answer == "## Green Tea\nFresh.\n\n## Black Tea and Milk\nStrong."
    assert result.drafts[-1].finish_reason == "repair"


def _compiled(prompt: str) -> list[TitleCase]:
    return [c.spec for c in compile_checks(prompt) if isinstance(c.spec, TitleCase)]


@pytest.mark.parametrize(
    ("prompt", "spec"),
    [
        ("Every heading in Title Case.", HEADINGS),
        ("Headings should be in title case.", HEADINGS),
        ("Use title case for the section titles.", HEADINGS),
        ("Title-case the headings.", HEADINGS),
        ("Please write all the headers in title case.", HEADINGS),
        ("Write the title in title case.", TITLE),
        ("Give me five headlines, each in Title Case.", ITEMS),
        ("Bullet points in title case, please.", ITEMS),
        ("Suggest four names for my bakery, each in Title Case.", ITEMS),
        ("Capitalise every word in the headings.", TitleCase(part="heading", every=True)),
        ("Capitalize each word of the title.", EVERY),
    ],
)
def test_phrasings_compile(prompt: str, spec: TitleCase) -> None:
    assert _compiled(prompt) == [spec]


@pytest.mark.parametrize(
    "prompt",
    [
        "Explain the difference between title case and sentence case.",  # a topic
        "Convert this to title case: the lord of the rings.",  # text to convert
        "My headings are in title case; check the spelling.",  # something given
        "Don't put the headings in title case.",  # negated
        "If you use headings, put them in title case.",  # a condition
        "Should headings be in title case?",  # a question about it
        'Translate: "Every heading in Title Case."',  # quoted material
        "Headings may be in title case.",  # hedged
        "Write the recipe name in title case.",  # which line is the name?
    ],
)
def test_near_misses_compile_nothing(prompt: str) -> None:
    assert _compiled(prompt) == []
