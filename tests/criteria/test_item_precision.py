"""Counts of listed things that are not the count of the answer's list
lines: lists within each item, a part after the list, a second list, pieces
of prose given as examples, and a list count stated for one part or for
each. Each class beside the plain request, which still compiles."""

from __future__ import annotations

from typing import Any

import pytest

from redraft.criteria import compile_checks


def specs(prompt: str) -> list[dict[str, Any]]:
    return [c.spec.model_dump(mode="json") for c in compile_checks(prompt)]


def counted(prompt: str, kind: str) -> list[tuple[str, int]]:
    return [(s["relation"], s["value"]) for s in specs(prompt) if s["kind"] == kind]


@pytest.mark.parametrize(
    "prompt",
    [
        # lists within each item
        "Give me 5 tips for studying, each with 3 sub-steps.",
        "Give me 5 tips for public speaking with 2 examples each.",
        "Suggest 3 recipes I can make with eggs and feta, including the steps for each.",
        "Give me 4 ideas for a birthday party, and under each idea list what I'd need to buy.",
        "Suggest 3 options. Put the pros and cons of each in a sub-list.",
        "list 4 hobbies for retired people w/ nested bullets for the costs",
        # a part after the list, or beside it
        "List 3 options with their prices and a short verdict at the end.",
        "Suggest 3 names for a black cat and tell me a story about one of them.",
        "Identify 2 errors in this code and show the fixed version: for i in range(3) print(i)",
        "Recommend 3 laptops under $1000 and compare them.",
        "Brainstorm 4 names for the app and pick your favourite.",
        "Name 5 herbs for a balcony garden. Finally, say which one is easiest.",
        # a second list in a sentence of its own
        "Give me 5 ideas for dinner. Include a shopping list at the end.",
        "Suggest 6 board games for a party. Add a packing list for the night too.",
        # no list at all: the things may be sentences of one paragraph
        "Give me 4 tips for sleeping better. Don't use a list.",
        "Name 3 advantages of electric cars, written as prose, not a list.",
        "give 5 reasons to learn latin in prose pls",
        "Share 3 tips for new runners, no bullets or numbering.",
        # pieces of prose given as examples
        "Give me 3 examples of haiku about autumn.",
        "Provide 2 examples of cover letters for a nurse.",
    ],
)
def test_no_item_count_where_the_list_lines_are_not_the_things(prompt: str) -> None:
    assert counted(prompt, "item_count") == []


@pytest.mark.parametrize(
    ("prompt", "expected"),
    [
        ("Give me 5 tips for studying, each with 2 sentences.", [("exactly", 5)]),
        ("Give me 8 verbs that start with 're', comma separated, no period at the end.",
         [("exactly", 8)]),
        ("Could I get 3 examples of haiku themes?", [("exactly", 3)]),
        ("Please list 5 useful resources for learning Rust, with a URL for each.",
         [("exactly", 5)]),
        ("Give me a short list of 5 ideas for a picnic.", [("exactly", 5)]),
        ("Name 5 fruits. For each, say which vitamins it has.", [("exactly", 5)]),
        # one form refused leaves the other; names are one-liners in any form
        ("Give me 4 tips for sleeping better, no bullet points.", [("exactly", 4)]),
        ("name 3 rivers, no bullets or numbering", [("exactly", 3)]),
        ("Suggest 4 names for a ferry, without bullets or numbers.", [("exactly", 4)]),
    ],
)  # fmt: skip
def test_the_plain_request_still_counts_its_items(
    prompt: str, expected: list[tuple[str, int]]
) -> None:
    assert counted(prompt, "item_count") == expected


@pytest.mark.parametrize(
    ("prompt", "kind"),
    [
        ("Give me five ideas. For each idea, write three bullet points explaining it.",
         "bullet_count"),
        ("For every product, give 3 bullet points on its benefits.", "bullet_count"),
        ("Write an executive summary with no more than 3 bullet points, then a detailed analysis.",
         "bullet_count"),
        ("Start with a TL;DR of 3 bullets, followed by the full explanation of how DNS works.",
         "bullet_count"),
        ("In each section, use 4 numbered steps.", "numbered_count"),
        # two counts of list lines: nested or side by side
        ("Write a numbered list of 5 books, and for each book give 2 numbered reasons.",
         "numbered_count"),
        ("Use 3 bullet points for the pros and 3 bullet points for the cons.", "bullet_count"),
        # parts numbered by a label or a heading, not list lines
        ("Write a guide in 5 numbered parts.", "numbered_count"),
        ("Write a poem in 3 numbered stanzas.", "numbered_count"),
        ("write a 4-act play outline with 4 numbered acts", "numbered_count"),
    ],
)  # fmt: skip
def test_a_list_count_of_each_part_or_of_one_part_is_not_the_answer_s(
    prompt: str, kind: str
) -> None:
    assert counted(prompt, kind) == []


@pytest.mark.parametrize(
    ("prompt", "kind", "expected"),
    [
        ("Give me 4 bullet points on why sleep matters.", "bullet_count", [("exactly", 4)]),
        ("Summarise the plot in no more than 3 bullet points.", "bullet_count", [("at_most", 3)]),
        ("Write the instructions in 5 numbered steps.", "numbered_count", [("exactly", 5)]),
        ("Use 3 bullet points, then a one-line takeaway.", "bullet_count", [("exactly", 3)]),
        (
            "Write five bullet points. Don't start any two bullets with the same word.",
            "bullet_count",
            [("exactly", 5)],
        ),
        ("Write 5 numbered sentences about autumn.", "numbered_count", [("exactly", 5)]),
        (
            "Write exactly 2 bullet points. One example bullet:\n* It works",
            "bullet_count",
            [("exactly", 2)],
        ),
    ],
)
def test_a_plain_list_count_still_compiles(
    prompt: str, kind: str, expected: list[tuple[str, int]]
) -> None:
    assert counted(prompt, kind) == expected
