"""Line counts of things asked for and laid out one a line (h-lines6): the
item count steps aside for "put each on a new line", "each entry on its own
line", "each line: …", "format every line as: …", and the line count takes
its number ("Give me 6 French idioms. Put each on a new line." is 6 lines);
"5 sentences, each on a new line." as a criteria line of its own; titles
that are the things counted ("4 tagline options … each tagline …") add no
line. Near misses: the layout hedged, negated, conditional or asked as a
question; a part beside the list (an intro, "then explain"); a bulleted or
numbered list (its own count); two sets of things; things a line cannot
hold (stanzas); a title asked beside the things."""

from __future__ import annotations

from typing import Any

import pytest

from redraft.criteria import compile_checks


def lines(prompt: str) -> set[tuple[str, int]]:
    found: set[tuple[str, int]] = set()
    for check in compile_checks(prompt):
        spec: dict[str, Any] = check.spec.model_dump(mode="json")
        if spec["kind"] == "line_count":
            found.add((spec["relation"], spec["value"]))
    return found


@pytest.mark.parametrize(
    ("prompt", "value"),
    [
        ("Give me 6 French idioms about food. Put each on a new line.", 6),
        (
            "Suggest 4 tagline options for a bike shop. Each tagline under 8 words. "
            "Put each on a separate line.",
            4,
        ),
        (
            "Produce a list of 7 chemistry terms. Each term on its own line in the form "
            "`term - meaning`.",
            7,
        ),
        ("List 9 board games for two players. Each line: name (year).", 9),
        ("Give me 5 German nouns; each line should be: the noun, then a dash, then its plural.", 5),
        ("Name 4 Greek islands worth a day trip, and format every line as: island - why.", 4),
        (
            "Recommend 3 podcasts about history. Each podcast goes on its own line as "
            "Title — Host.",
            3,
        ),
        (
            "Write a lullaby for a baby elephant. Keep it gentle. 6 sentences, each on a new line.",
            6,
        ),
        ("Tell me a fable. 4 sentences, one per line.", 4),
    ],
)
def test_things_one_a_line_count_the_lines(prompt: str, value: int) -> None:
    assert lines(prompt) == {("exactly", value)}


@pytest.mark.parametrize(
    "prompt",
    [
        # the layout hedged, negated, conditional, asked about
        "Give me 6 French idioms about food. If you like, put each on a new line.",
        "Give me 6 French idioms about food. Ideally put each on a new line.",
        "Give me 6 French idioms about food. Don't put each on a new line.",
        "Give me 6 French idioms. Would it help to put each on a new line?",
        # a part beside the things: an intro, an explanation, a title
        "Give me 6 French idioms and a short intro. Put each on a new line.",
        "Give me 6 French idioms, each on a new line. Then explain which is oldest.",
        "Give me 4 tagline options and a headline for the page. Put each on a new line.",
        # two sets of things
        "Give me 3 pros and 3 cons of remote work. Put each on a new line.",
        # things a line cannot hold
        "Write a poem. 3 stanzas, each on a new line.",
        "Write 2 short stories, each on a new line.",
        # the things counted are in the user's text, not asked for
        "Here are my 5 notes. Each line: a date and a task. Summarise them in a paragraph.",
    ],
)
def test_near_misses_compile_no_line_count(prompt: str) -> None:
    assert lines(prompt) == set()


def test_a_bulleted_list_keeps_its_own_count() -> None:
    kinds = {c.spec.kind for c in compile_checks("Give me 5 sleep tips as a bulleted list.")}
    assert "line_count" not in kinds


@pytest.mark.parametrize(
    ("prompt", "value"),
    [
        ("Use this layout: first line the verdict, second line the reason.", 2),
        (
            "Write a toast: the first line should be funny, the second line heartfelt, "
            "the third line a cheer.",
            3,
        ),
        ("Status update format: line 1: the date; line 2: what shipped; line 3: blockers.", 3),
        ("Write a flashcard: the term on line 1, its meaning on line 2.", 2),
        (
            "Banner text for our bakery: first line is the shop name followed by a star, "
            "second line is the opening hours.",
            2,
        ),
    ],
)
def test_lines_named_in_order_count_the_lines(prompt: str, value: int) -> None:
    assert lines(prompt) == {("exactly", value)}


@pytest.mark.parametrize(
    "prompt",
    [
        # a rule between lines, no layout
        "Write a poem where the first line rhymes with the second line.",
        # a part after the lines named
        "Reply format: first line the verdict, second line the reason, then a list of sources.",
        # hedged
        "If you can, use this layout: first line the verdict, second line the reason.",
        # the user's own text
        "My draft: first line is weak, second line is too long. Fix it.",
        # not named from the first
        "Use this layout: second line the verdict, third line the reason.",
        # the lines counted elsewhere too
        "Write a 6-line poem: first line about rain, second line about sun.",
    ],
)
def test_lines_named_near_misses(prompt: str) -> None:
    assert ("exactly", 2) not in lines(prompt) and ("exactly", 3) not in lines(prompt)
