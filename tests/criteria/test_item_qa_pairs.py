"""The question-and-answer pairs of an FAQ or a Q&A as the items counted:
"5 Q&A pairs", "6 question-answer pairs", "write 3 FAQ entries", "… in the
form of a Q&A. 5 pairs."; a question and the answer labelled after it are
one item; with the near misses that must compile no such count."""

from __future__ import annotations

import pytest

from redraft.criteria import compile_checks
from redraft.criteria._families._item_count import ITEMS, ItemCount
from redraft.criteria._families._qa_pairs import paired_items


def _items(prompt: str) -> list[tuple[str, int]]:
    return [
        (c.spec.relation, c.spec.value)
        for c in compile_checks(prompt)
        if isinstance(c.spec, ItemCount)
    ]


@pytest.mark.parametrize(
    ("prompt", "expected"),
    [
        (
            "Write an FAQ for a bicycle repair shop: 6 Q&A pairs. Questions start with 'Q:'.",
            [("exactly", 6)],
        ),
        (
            "Put together an FAQ page for my candle store with 4 question-answer pairs.",
            [("exactly", 4)],
        ),
        (
            "FAQ for a community garden. Exactly 3 question and answer pairs, each answer short.",
            [("exactly", 3)],
        ),
        ("Write 5 FAQ entries for a dog-walking app.", [("exactly", 5)]),
        (
            "Draft a museum FAQ. Each question in bold, each answer short. Seven Q&A pairs total.",
            [("exactly", 7)],
        ),
        (
            "Write a short guide to tides in the form of a Q&A. Label questions Q: and answers A:. "
            "4 pairs.",
            [("exactly", 4)],
        ),
        ("Create an FAQ for our library: at least 5 Q&A pairs.", [("at_least", 5)]),
        (
            "Write a FAQ about composting, between 4 and 6 Q&A pairs.",
            [("at_least", 4), ("at_most", 6)],
        ),
    ],
)
def test_pairs_asked_count_items(prompt: str, expected: list[tuple[str, int]]) -> None:
    assert _items(prompt) == expected


@pytest.mark.parametrize(
    "prompt",
    [
        # hedged, negated, conditional, asked about
        "Write an FAQ for a bakery, maybe around 5 Q&A pairs.",
        "Write an FAQ for a bakery. It doesn't need to have 5 Q&A pairs.",
        "If the user asks for an FAQ, give 5 Q&A pairs.",
        "How many Q&A pairs should an FAQ page have? Is 6 Q&A pairs too many?",
        "Write an FAQ page for my shop with roughly 4 Q&A pairs.",
        "Don't write an FAQ page with 5 Q&A pairs; one paragraph is enough.",
        "Could you tell me whether an FAQ with 5 Q&A pairs is long enough?",
        # the user's own pairs, or pairs given
        "Here are my 5 Q&A pairs, please proofread them.",
        "Shorten the 4 FAQ entries below.\n\nQ: Do you ship? A: Yes.",
        "I wrote 6 Q&A pairs for our site; fix the grammar.",
        # a count of each part
        "Write an FAQ with 2 Q&A pairs for each product.",
        "For every topic, write 3 Q&A pairs.",
        # more beside the pairs, or a shape another family counts
        "Write an intro paragraph, then 5 Q&A pairs.",
        "Write an FAQ: 5 Q&A pairs, each answer short, then a closing summary.",
        "Write an FAQ with 4 Q&A pairs, each answer brief then a sign-off line.",
        "Write a blog post about sleep that ends with 3 Q&A pairs.",
        "Write 5 Q&A pairs in a table with columns Question and Answer.",
        "Write an FAQ in two sections, 3 Q&A pairs each.",
        # another count of pairs or questions
        "Write 4 Q&A pairs and 2 more questions without answers.",
        # pairs of something else, or no FAQ asked
        "Pack 5 pairs of socks for the trip and write a checklist.",
        "Write an FAQ for the shop. Mention that we sell 5 pairs of boots.",
    ],
)
def test_near_misses_compile_no_pair_count(prompt: str) -> None:
    assert _items(prompt) == []


@pytest.mark.parametrize(
    ("answer", "count"),
    [
        ("Q: Do you deliver?\nA: Yes, within 5 miles.\nQ: Are you open Sundays?\nA: No.", 2),
        ("Q: Do you deliver?\nA: Yes.\n\nQ: Open Sundays?\nA: No.\n\nQ: Gift cards?\nA: Yes.", 3),
        ("Q: Do you deliver?\n\nA: Yes.\n\nQ: Open Sundays?\n\nA: No.", 2),
        ("**Q1:** Do you deliver?\n**A1:** Yes.\n**Q2:** Sundays?\n**A2:** No.", 2),
        ("Question: Price?\nAnswer: Ten pounds.\nQuestion: Parking?\nAnswer: Free.", 2),
        ("- Q: Price?\n- A: Ten pounds.\n- Q: Parking?\n- A: Free.", 2),
        # a question in bold on its own line is set aside; its answer is the item
        ("**Do you deliver?**\nYes, within 5 miles.\n\n**Open Sundays?**\nNo.", 2),
        # a multiple-choice question's options stay items of their own
        ("Q1. Capital of Peru?\nA) Lima\nB) Quito", 3),
    ],
)
def test_a_question_and_its_answer_are_one_item(answer: str, count: int) -> None:
    assert ITEMS.measure(ItemCount(relation="exactly", value=count), answer).passed


def test_answers_join_only_the_question_before_them() -> None:
    assert paired_items(["Q: a?", "A: b.", "A: c.", "Closing line."]) == [
        "Q: a? A: b.",
        "A: c.",
        "Closing line.",
    ]
    assert paired_items(["Intro.", "A: stray."]) == ["Intro.", "A: stray."]
