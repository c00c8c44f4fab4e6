"""The list families read strictly: a number, a list word, a marker word or
a heading word in a prompt compiles a list check only where the answer's
list is what it counts or shapes.

``data/list_near_misses.jsonl`` is an adversarial set written for the list
families (item counts, bullets, numbered items, list markers, checklists,
sorting, comma lists) before they were changed: counts that describe the
topic, counts inside pasted material, lists named without a count,
questions about list formats, "each point" said of the topic, marker words
in descriptions ("bullet-proof", "use dashes sparingly", "stars to show each
rating"), system prompts that describe the product, rough counts, and
positives of the same shapes. Each row lists the checks it allows; a row
with ``must`` also requires one of them.

The unit tests below read the count of things asked for in the form the
prompt names for its list, and a relation said after the things.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from redraft.criteria import compile_checks
from redraft.criteria._families._list_form import list_form

_DATA = Path(__file__).parent / "data" / "list_near_misses.jsonl"
_ROWS: list[dict[str, Any]] = [
    json.loads(line) for line in _DATA.read_text(encoding="utf-8").splitlines() if line
]


def specs(prompt: str, system: str | None = None) -> list[dict[str, Any]]:
    return [c.spec.model_dump(mode="json") for c in compile_checks(prompt, system=system)]


def counts(prompt: str) -> set[tuple[str, str, int]]:
    return {
        (s["kind"], s["relation"], s["value"])
        for s in specs(prompt)
        if s["kind"] in ("item_count", "bullet_count", "numbered_count")
    }


def _allowed(spec: dict[str, Any], allowed: list[dict[str, Any]]) -> bool:
    return any(all(spec.get(key) == value for key, value in a.items()) for a in allowed)


def test_the_set_is_large_and_mostly_traps() -> None:
    assert len(_ROWS) >= 60
    assert sum(1 for row in _ROWS if not row["checks"]) >= 60


@pytest.mark.parametrize("row", _ROWS, ids=[f"row{i}" for i in range(len(_ROWS))])
def test_no_false_list_check(row: dict[str, Any]) -> None:
    compiled = specs(row["prompt"], row.get("system"))
    assert [s for s in compiled if not _allowed(s, row["checks"])] == []
    if row.get("must"):
        assert any(_allowed(s, row["checks"]) for s in compiled)


# -- the list's form named elsewhere: that form's count -----------------------------


@pytest.mark.parametrize(
    ("prompt", "expected"),
    [
        ("Name five rivers in Asia. Use bullets.", ("bullet_count", "exactly", 5)),
        (
            "Use bullet points. Could you suggest 3 titles for my blog?",
            ("bullet_count", "exactly", 3),
        ),
        ("give me 6 ideas for a date night, dot points pls", ("bullet_count", "exactly", 6)),
        ("Brainstorm 8 names for a café and number them.", ("numbered_count", "exactly", 8)),
        (
            "Recommend four novels as a numbered list, then say which is best.",
            ("numbered_count", "exactly", 4),
        ),
        ("List 3 tips for sleep — don't number them, use bullets.", ("bullet_count", "exactly", 3)),
        (
            "Give me 4 tips for studying, please. Dùng gạch đầu dòng.",
            ("bullet_count", "exactly", 4),
        ),
        (
            "Explain how to repot a plant in no more than 5 steps, numbered.",
            ("numbered_count", "at_most", 5),
        ),
        ("Write it as a numbered list of 6 to 8 steps.", ("numbered_count", "at_least", 6)),
    ],
)
def test_a_count_of_things_in_the_named_form(prompt: str, expected: tuple[str, str, int]) -> None:
    assert expected in counts(prompt)
    assert not any(kind == "item_count" for kind, _, _ in counts(prompt))


@pytest.mark.parametrize(
    "prompt",
    [
        # two sets of things: which is the list?
        "Give me 5 tips and 3 warnings. Use bullets.",
        "Give me 5 ideas. Then give me 3 more. Bullets please.",
        # the form in a question, or only hoped for
        "Give me 6 ideas. Should I show them as a numbered list?",
        "Give me 5 ideas. Ideally a numbered list.",
        "Give me 5 ideas, bullets if you like.",
        # a rough size
        "Give me a couple of tips for staying calm. Use bullets.",
        "Give me 3 or 4 tips as a numbered list.",
    ],
)
def test_no_form_count_where_the_list_is_unclear(prompt: str) -> None:
    forms = ("bullet_count", "numbered_count")
    assert not any(kind in forms and v > 0 for kind, _, v in counts(prompt))


@pytest.mark.parametrize(
    ("whole", "form"),
    [
        ("use bullets.", "bullets"),
        ("list them as bullet points, no numbers.", "bullets"),
        ("höchstens 5 stichpunkte verwenden.", "bullets"),
        ("number them.", "numbered"),
        ("don't number them — use bullets.", "bullets"),
        ("no bullets, numbered please.", "numbered"),
        ("no bullets.", None),
        ("without numbering or bullets.", None),
        ("bullets or numbers, your call.", None),
        ("use bullets and a numbered list.", None),
        ("bullets inside a table.", None),
        ("are bullets better here?", None),
    ],
)
def test_list_form(whole: str, form: str | None) -> None:
    assert list_form(whole) == form


# -- a relation said after the things ------------------------------------------------


@pytest.mark.parametrize(
    ("prompt", "expected"),
    [
        ("Give me 7 ideas, at least.", ("item_count", "at_least", 7)),
        ("suggest 10 names for my shop max", ("item_count", "at_most", 10)),
        ("Could you list 5 books on Rome or more?", ("item_count", "at_least", 5)),
        ("Brainstorm 12 taglines, no more no less.", ("item_count", "exactly", 12)),
        ("Name 6 board games for two players, tops.", ("item_count", "at_most", 6)),
    ],
)
def test_a_relation_after_the_things(prompt: str, expected: tuple[str, str, int]) -> None:
    assert counts(prompt) == {expected}


@pytest.mark.parametrize(
    "prompt",
    [
        "Give me 10 random integers between 1 and 100.",
        "List 4 prime numbers above 50.",
        "Give me a couple of tips for staying focused.",
        "Give me a few ideas for a rainy day.",
    ],
)
def test_no_item_count_for_numbers_or_rough_counts(prompt: str) -> None:
    assert not any(kind == "item_count" for kind, _, _ in counts(prompt))


# -- list markers: a marker word that ends its clause -------------------------------


@pytest.mark.parametrize(
    ("prompt", "marker"),
    [
        ("Bullets should be dashes.", "-"),
        ("Summarise it in bullet points with dashes, not asterisks.", "-"),
        ("Give me exactly 3 facts about owls as bullet points using '•'.", "•"),
        ("list items using asterisks please", "*"),
    ],
)
def test_a_marker_named_for_the_bullets(prompt: str, marker: str) -> None:
    assert {"kind": "list_marker", "marker": marker} in specs(prompt)


@pytest.mark.parametrize(
    "prompt",
    [
        "Rank the hotels; the list should use stars to show each rating.",
        "The list should be a dot-point summary of the meeting.",
        "Write bullet points with stars next to the most important ones.",
        "Use bullet points with dash-separated dates.",
    ],
)
def test_a_marker_word_about_something_else(prompt: str) -> None:
    assert not any(s["kind"] == "list_marker" for s in specs(prompt))


# -- a count of the list's entries ---------------------------------------------------


@pytest.mark.parametrize(
    ("prompt", "expected"),
    [
        ("Make a packing list for Iceland. At least 10 items.", ("item_count", "at_least", 10)),
        ("write me a grocery list with exactly 12 items", ("item_count", "exactly", 12)),
        ("Make a to-do list for Sunday; keep it to 6 entries.", ("item_count", "exactly", 6)),
        (
            "List what to pack. Use dashes for bullets and no more than 8 items.",
            ("bullet_count", "at_most", 8),
        ),
        (
            "Please explain GST. Give answer in points, not more than 5 points.",
            ("bullet_count", "at_most", 5),
        ),
    ],
)
def test_a_count_of_entries_of_the_list_asked_for(
    prompt: str, expected: tuple[str, str, int]
) -> None:
    assert expected in counts(prompt)


@pytest.mark.parametrize(
    "prompt",
    [
        "Explain why lists with more than 7 items are hard to remember.",
        "My to-do list has 30 items; help me prioritise.",
        "Write an ad for our sale: at least 10 items are half price.",
        "The quiz is worth 10 points. Write a short intro for it.",
        "Compare a list of 10 items with a list of 10,000 items in Big O terms.",
        "Our list of bestsellers has 20 items. Write a blurb for the newsletter.",
    ],
)
def test_entries_that_are_not_the_answers_list(prompt: str) -> None:
    assert counts(prompt) == set()


# -- a count alone, the things named before it ---------------------------------------


@pytest.mark.parametrize(
    ("prompt", "expected"),
    [
        (
            "brainstorm names for a cat café. give me 12, no more no less",
            {("item_count", "exactly", 12)},
        ),
        (
            "I need ideas for team games. Give me at least 6, but under 10.",
            {("item_count", "at_least", 6), ("item_count", "at_most", 9)},
        ),
        ("What are good names for a parrot? Give me 5, max.", {("item_count", "at_most", 5)}),
        (
            "Suggest some podcast titles. Give me no more than 10, and at least 4.",
            {("item_count", "at_least", 4), ("item_count", "at_most", 10)},
        ),
    ],
)
def test_a_count_alone_of_things_named_before(
    prompt: str, expected: set[tuple[str, str, int]]
) -> None:
    assert counts(prompt) == expected


@pytest.mark.parametrize(
    "prompt",
    [
        "How many hours should I sleep a night? Give me at least 7, but under 9.",
        "On a scale of 1 to 10, how spicy is this curry? Give me 7.",
        "What's a fair price for a used bike? Give me 200, max.",
        "I'm rating my day. Give me 8, no more no less.",
    ],
)
def test_a_count_alone_that_is_a_value(prompt: str) -> None:
    assert counts(prompt) == set()


# -- a form refused ---------------------------------------------------------------


@pytest.mark.parametrize(
    "prompt",
    [
        "Give me 5 ideas for a picnic. Don't number them.",
        "please do not number the steps",
        "Recommend 4 films, never number your points.",
    ],
)
def test_dont_number_them(prompt: str) -> None:
    assert ("numbered_count", "at_most", 0) in counts(prompt)


@pytest.mark.parametrize(
    "prompt",
    [
        "There's no need to number them.",
        "My teacher said don't number them, but I think we should. What do you think?",
        "If it's a short list, don't number it.",
        '"Don\'t number them" is what my editor always says. Is she right?',
    ],
)
def test_dont_number_them_near_misses(prompt: str) -> None:
    assert counts(prompt) == set()


@pytest.mark.parametrize(
    ("prompt", "expected"),
    [
        ("Give me 5 ideas. Don't number them.", ("item_count", "exactly", 5)),
        ("Suggest 5 names for my bakery. No bullets please.", ("item_count", "exactly", 5)),
        ("name 3 rivers, no bullets or numbering", ("item_count", "exactly", 3)),
    ],
)
def test_a_refused_form_leaves_the_count_of_items(
    prompt: str, expected: tuple[str, str, int]
) -> None:
    assert expected in counts(prompt)


# -- bullets in each part named before -------------------------------------------------


def each_counts(prompt: str) -> set[tuple[str, str, str, int]]:
    return {
        (s["part"], s["units"], s["relation"], s["value"])
        for s in specs(prompt)
        if s["kind"] == "each_count"
    }


@pytest.mark.parametrize(
    ("prompt", "expected"),
    [
        (
            "Plan a 3-day trip. Use '## Day 1' to '## Day 3' as headings, with 4 bullets each.",
            ("section", "bullets", "exactly", 4),
        ),
        ("Use three headings, 2 bullets each.", ("section", "bullets", "exactly", 2)),
        (
            "Split it into sections with headings, at least 3 bullet points in each.",
            ("section", "bullets", "at_least", 3),
        ),
    ],
)
def test_bullets_in_each_part_named_before(
    prompt: str, expected: tuple[str, str, str, int]
) -> None:
    assert expected in each_counts(prompt)


@pytest.mark.parametrize(
    "prompt",
    [
        "Give me 3 ideas, with 2 bullets each.",
        "Give me 3 ideas, each with 2 bullet points under it.",
    ],
)
def test_bullets_of_each_item_are_no_count_of_items(prompt: str) -> None:
    assert not any(kind == "bullet_count" and v == 3 for kind, _, v in counts(prompt))


@pytest.mark.parametrize(
    ("prompt", "expected"),
    [
        (
            "List the 7 wonders of the ancient world as a numbered list, one per line.",
            ("numbered_count", "exactly", 7),
        ),
        ("Name 5 rivers in Africa, bullets, one each line.", ("bullet_count", "exactly", 5)),
        ("give me 4 tips as bullet points, one per bullet", ("bullet_count", "exactly", 4)),
    ],
)
def test_one_per_line_is_no_second_count(prompt: str, expected: tuple[str, str, int]) -> None:
    assert expected in counts(prompt)


@pytest.mark.parametrize(
    "whole",
    [
        "give me 3 ideas for a blog post about bullet journaling.",
        "give me 5 tips for writing good bullet points.",
        "suggest 5 titles for a talk on numbered lists.",
        "give me 6 tips for my team, who always write in bullet points.",
        "give me 5 slide titles; the slides themselves will use bullets.",
        "my old newsletter used numbered lists a lot.",
        "suggest 3 names, numbered by how much you like them.",
    ],
)
def test_a_form_that_is_the_topic_or_someone_elses(whole: str) -> None:
    assert list_form(whole) is None


@pytest.mark.parametrize(
    ("whole", "form"),
    [
        ("give me 4 tips, i want them in bullet points.", "bullets"),
        ("write a bulleted list of 3-5 items.", "bullets"),
        ("use dashes (-) for bullets.", "bullets"),
        ("each bullet should be one sentence.", "bullets"),
        ("numbered list, please.", "numbered"),
        ("list the wonders, numbered, with their locations.", "numbered"),
        ("answer only in numbered steps.", "numbered"),
    ],
)
def test_a_form_asked_of_the_answer(whole: str, form: str) -> None:
    assert list_form(whole) == form


# -- a shown sequence: a marker style only where numbering governs it ----------------


@pytest.mark.parametrize(
    ("prompt", "marker"),
    [
        ("Use a., b., c. for the options.", "a."),
        ("Number the steps with i), ii), iii).", "i)"),
        ("please number them 1), 2), 3)", "1)"),
        ("Use Roman numerals (I., II., III.) for the parts.", "I."),
    ],
)
def test_a_sequence_governed_by_numbering(prompt: str, marker: str) -> None:
    assert {"kind": "list_marker", "marker": marker} in specs(prompt)


@pytest.mark.parametrize(
    "prompt",
    [
        "Use the following structure: a) the problem, b) the cause, c) the fix.",
        "Format: 1. Name 2. Age 3. City",
        "List a) pros and b) cons of solar power.",
        "Write a quiz of 4 questions. Label the answer choices A), B), C).",
        "Create 5 multiple-choice questions, with options labelled (a), (b), (c), (d).",
    ],
)
def test_a_sequence_that_is_a_template_or_a_sub_list(prompt: str) -> None:
    assert not any(s["kind"] == "list_marker" for s in specs(prompt))


# -- a part that is where something else goes ----------------------------------------


def part_counts(prompt: str) -> list[dict[str, Any]]:
    return [s for s in specs(prompt) if s["kind"] == "part_count"]


@pytest.mark.parametrize(
    "prompt",
    [
        "Write a bio for Ana. Include her name in the first and last sentence, max 70 words.",
        "Put the date in the first line, max 20 characters.",
        "Mention the price in the title, under 60 characters overall.",
    ],
)
def test_a_part_that_is_a_place_takes_no_count_after_a_comma(prompt: str) -> None:
    assert part_counts(prompt) == []


@pytest.mark.parametrize(
    ("prompt", "index", "value"),
    [
        ("In the first paragraph, use no more than 40 words.", 1, 40),
        ("Write a poem. In line 2, keep it to 10 words.", 2, 10),
        ("Write two paragraphs. The first paragraph, at most 50 words.", 1, 50),
        ("Keep the last paragraph under 30 words.", -1, 29),
    ],
)
def test_a_part_counted_still_reads(prompt: str, index: int, value: int) -> None:
    assert [(s["index"], s["value"]) for s in part_counts(prompt)] == [(index, value)]
