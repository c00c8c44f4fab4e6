"""The list_markers family: every list item of the answer uses one marker
style; its repair, the phrasings that compile and the near misses that
must not."""

from __future__ import annotations

import pytest

from _repaired import repaired_run
from redraft.core._repair import apply_repairs
from redraft.criteria import CHECK_SPEC_ADAPTER, compile_checks, measure_text
from redraft.criteria._families._list_markers import LIST_MARKERS, ListMarker, items

DASH = ListMarker(marker="-")
DOT = ListMarker(marker="•")
PAREN = ListMarker(marker="1)")
LETTER = ListMarker(marker="a.")
ROMAN = ListMarker(marker="I.")

# Answers labelled by reading them: (spec, answer, does every judged item use the style).
LABELLED: list[tuple[ListMarker, str, bool]] = [
    (DASH, "- milk\n- eggs\n- bread", True),
    (DASH, "- milk\n* eggs", False),
    (DASH, "* milk\n* eggs", False),
    (DASH, "Shopping:\n- milk\n  - whole\n- eggs", True),  # nested dashes too
    (DASH, "- milk\n  * whole", False),  # a nested asterisk is a bullet too
    (DASH, "1. milk\n2. eggs", False),  # no bullets at all
    (DASH, "- milk\n---\n- eggs", True),  # a divider is no item
    (DASH, "-milk\n-eggs", False),  # no space: no list item, so no bullets
    (DASH, "- milk\n```\n* code\n```", True),  # code is not the list
    (DASH, "", False),
    (DOT, "• tea\n• coffee", True),
    (DOT, "• tea\n- coffee", False),
    (PAREN, "1) Boil\n2) Pour\n3) Wait", True),
    (PAREN, "1. Boil\n2. Pour", False),
    (PAREN, "1) Boil\n2. Pour", False),
    (PAREN, "1) Boil\n   a. gently\n2) Pour", True),  # sub-items are not the numbered list's
    (PAREN, "Steps:\n- Boil\n- Pour", False),  # bullets only: no numbered items
    (PAREN, "10) Ten\n11) Eleven", True),  # any number; the sequence is not checked
    (LETTER, "a. red\nb. blue\nc. green", True),
    (LETTER, "A. red\nB. blue", False),  # capitals are another style
    (LETTER, "a) red\nb) blue", False),
    (LETTER, "1. red\n2. blue", False),
    (ROMAN, "I. Rise\nII. Fall\nIII. Return", True),
    (ROMAN, "I. Rise\n2. Fall", False),
    (ROMAN, "i. Rise\nii. Fall", False),  # lowercase numerals are another style
    (ROMAN, "IV. Four\nV. Five\nIX. Nine\nX. Ten", True),
    (ROMAN, "A. Rise\nB. Fall", False),  # letters, not numerals
]


@pytest.mark.parametrize(("spec", "answer", "ok"), LABELLED)
def test_the_measure_on_labelled_answers(spec: ListMarker, answer: str, ok: bool) -> None:
    outcome = measure_text(spec, answer)
    assert outcome.passed is ok, outcome.reason
    if not ok:
        assert outcome.suggestion


def test_items_are_read_with_their_markers_and_indentation() -> None:
    text = "Intro\n- one\n  2) two\n(c) three\n* * *\nIV. four\n```\n- code\n```"
    assert items(text) == [
        (1, 0, "-", "one"),
        (2, 2, "2)", "two"),
        (3, 0, "(c)", "three"),
        (5, 0, "IV.", "four"),
    ]


def test_the_spec_refuses_other_markers_and_round_trips() -> None:
    with pytest.raises(ValueError, match="Input should be"):
        ListMarker(marker="#")  # type: ignore[arg-type]
    assert CHECK_SPEC_ADAPTER.validate_python(PAREN.model_dump()) == PAREN


def test_the_correction_names_the_markers_to_change() -> None:
    outcome = measure_text(DASH, "- a\n* b\n+ c")
    assert outcome.suggestion == (
        "2 of your 3 list items use another marker ('*', '+'). "
        "Start every bullet with '-' and a space."
    )
    numbered = measure_text(ROMAN, "1. a\n2. b")
    assert numbered.suggestion == (
        "2 of your 2 list items use another marker ('1.', '2.'). "
        "Number every item in the style I., II., III. …"
    )


@pytest.mark.parametrize(
    ("spec", "text", "edited"),
    [
        (DASH, "Items:\n* a\n  + b\n- c", "Items:\n- a\n  - b\n- c"),
        (PAREN, "1. Boil\n   a. gently\n2. Pour", "1) Boil\n   a. gently\n2) Pour"),
        (LETTER, "1) red\n2) blue\n\nThen:\n1) x", "a. red\nb. blue\n\nThen:\na. x"),
        (
            ROMAN,
            "- Rise\n1. Fall\n2. Return\n3. End\n4. Coda",
            "- Rise\nI. Fall\nII. Return\nIII. End\nIV. Coda",
        ),
    ],
)
def test_the_repair_rewrites_every_judged_marker(spec: ListMarker, text: str, edited: str) -> None:
    repair = LIST_MARKERS.repair(spec)
    assert repair == {"op": "set_list_markers", "marker": spec.marker}
    assert apply_repairs(text, [repair]) == edited
    assert measure_text(spec, edited).passed


def test_the_repair_leaves_an_answer_that_passes_alone() -> None:
    for spec, answer, ok in LABELLED:
        if ok:
            assert (
                apply_repairs(answer, [{"op": "set_list_markers", "marker": spec.marker}]) == answer
            )


async def test_the_loop_rewrites_the_markers_without_a_model_call() -> None:
    prompt = "List three rivers. Use dashes for bullets, not asterisks."
    result = await repaired_run(prompt, "* Nile\n* Amazon\n* Danube")
    assert result.final_answer == "- Nile\n- Amazon\n- Danube"
    assert result.drafts[-1].finish_reason == "repair"


def _compiled(prompt: str) -> list[ListMarker]:
    return [c.spec for c in compile_checks(prompt) if isinstance(c.spec, ListMarker)]


@pytest.mark.parametrize(
    ("prompt", "spec"),
    [
        ("Use dashes for bullets, not asterisks.", DASH),
        ("Use dashes (-) for bullets.", DASH),
        ("Bullets should be dashes.", DASH),
        ("Start each bullet with a dash.", DASH),
        ("Please use hyphens for the bullet points.", DASH),
        ("Use '*' as the bullet marker.", ListMarker(marker="*")),
        ("Bullets should be asterisks.", ListMarker(marker="*")),
        ('The bullet character must be "•".', DOT),
        ("Use • bullets.", DOT),
        ("Give me five bullet points, each beginning with '•' (not a dash).", DOT),
        ("Number them 1), 2), 3).", PAREN),
        ("List the steps and number them 1) 2) 3).", PAREN),
        ("Use a., b., c. for the options.", LETTER),
        ("Use Roman numerals (I., II., III.) instead of regular numbers.", ROMAN),
        ("Label the options (a), (b), (c).", ListMarker(marker="(a)")),
        ("Number the steps with i), ii), iii).", ListMarker(marker="i)")),
        # a scope that is the whole list, or sub-labels the style leaves alone
        ("Use dashes for bullets in the list.", DASH),
        ("Number the steps 1), 2), 3) and the sub-steps a), b).", PAREN),
        ("Please number the steps 1), 2), 3) in your list.", PAREN),
    ],
)
def test_phrasings_compile(prompt: str, spec: ListMarker) -> None:
    assert _compiled(prompt) == [spec]


@pytest.mark.parametrize(
    "prompt",
    [
        "My notes are numbered 1), 2), 3); summarize them.",  # something given
        "Answer questions 1) and 2).",  # the prompt's own numbering
        "Should bullets be dashes?",  # a question about it
        "If you make a list, use dashes for bullets.",  # a condition
        "Use a dash to join the compound words.",  # a dash that is no bullet
        "You could use dashes for bullets.",  # hedged
        'Translate: "Use dashes for bullets."',  # quoted material
        "Explain why some style guides use dashes for bullets.",
        "Choose between options a) and b) and explain.",
    ],
)
def test_near_misses_compile_nothing(prompt: str) -> None:
    assert _compiled(prompt) == []
