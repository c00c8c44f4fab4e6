"""Questions counted as items: the question lines of a quiz or an FAQ whose
questions come with their answers (``question_count`` mode ``items``), the
answers labelled by reading, and the phrasings that compile the mode (and
the near misses that compile nothing or the sentence count)."""

from __future__ import annotations

import pytest

from redraft.criteria import compile_checks, measure_text
from redraft.criteria._families import QuestionCount


def _items(n: int) -> QuestionCount:
    return QuestionCount(relation="exactly", value=n, mode="items")


def _questions(prompt: str) -> list[QuestionCount]:
    return [c.spec for c in compile_checks(prompt) if isinstance(c.spec, QuestionCount)]


# (answer, passes "exactly 3 question lines"), labelled by reading
ANSWERS = [
    # an intro question and an answer that asks one: the items are still 3
    (
        "Got questions? We have answers.\n\nQ: Is it free?\nA: Yes. Why pay?\n\n"
        "Q: Where is it?\nA: Main Street.\n\nQ: When does it open?\nA: At nine.",
        True,
    ),
    (
        "Q1: Name the capital of Peru.\nA1: Lima\nQ2: Who wrote Emma?\nA2: Austen\nQ3: 2+2?\nA3: 4",
        True,
    ),
    ("**Q: Is it safe?**\nA: Yes.\n**Q: Is it free?**\nA: Yes.", False),
    (
        "Ready for some fun?\n\n**Is the vaccine free?**\nYes, it is.\n\n**Who can get it?**\n"
        "Anyone over 5. Isn't that great?\n\n**Where do I go?**\nThe clinic.",
        True,
    ),
    ("### How do I refill it?\nUnscrew the cap.\n### Is it dishwasher safe?\nNo.", False),
    (
        "### How do I refill it?\nUnscrew the cap.\n### Is it dishwasher safe?\nNo.\n"
        "### Does it keep drinks cold?\nFor 12 hours.",
        True,
    ),
    (
        "Here is your quiz. Ready?\n1. Who is Luke's father? (Darth Vader)\n"
        "2. What is Yoda's species? (Unknown)\n3. Who shot first? (Han)",
        True,
    ),
    (
        "QUESTIONS\n1. Capital of France?\n2. Capital of Spain?\n3. Capital of Italy?\n\n"
        "ANSWERS\n1. Paris\n2. Madrid\n3. Rome",
        True,
    ),
    (
        "QUESTIONS\n1. Capital of France?\n2. Capital of Spain?\n\nANSWERS\n1. Paris\n2. Madrid",
        False,
    ),
    ("1. Capital of France? Paris, right?\n2. Capital of Spain?\n3. Capital of Italy?", True),
    ("What is 2+2?\nA: 4\nWhat is 3+3?\nA: 6\nWhat is 4+4?\nA: 8", True),
    ("What is 2+2?\nAnswer: 4. Easy?\nWhat is 3+3?\nAnswer: 6", False),
    ("Question 1: Name a planet.\nQuestion 2: Name a moon.\nQuestion 3: Name a star.", True),
    ("- Who painted it?\n- When?\n- Where?\n- Why?", False),
    ("- Who painted it?\n- When?\n- Where?", True),
    ("Q. First?\nA. Yes\nQ. Second?\nA. No\nQ. Third?\nA. Maybe", True),
    ("Who wrote Emma? Who wrote Ulysses? Who wrote Dracula?", False),
    ("Who wrote Emma?\nWho wrote Ulysses?\nWho wrote Dracula?", True),
    (
        "**Q1:** Who wrote Emma? **A1:** Austen\n**Q2:** Who wrote Dune? **A2:** Herbert\n"
        "**Q3:** Who wrote It? **A3:** King",
        True,
    ),
    ("Quiz time!\n1. Name the longest river.\n2. Name the tallest peak.\n3. Name a desert.", False),
]


@pytest.mark.parametrize(("answer", "passes"), ANSWERS)
def test_question_items_measured(answer: str, passes: bool) -> None:
    assert measure_text(_items(3), answer).passed is passes


def test_sentence_mode_still_counts_every_question() -> None:
    intro = "Got questions?\nQ: Is it free?\nA: Yes.\nQ: Where?\nA: Here.\nQ: When?\nA: Now."
    assert not measure_text(QuestionCount(relation="exactly", value=3), intro).passed
    assert measure_text(_items(3), intro).passed


def test_items_mode_dumps_and_describes() -> None:
    assert _items(4).model_dump()["mode"] == "items"
    assert "mode" not in QuestionCount(relation="exactly", value=4).model_dump()
    assert "one to a line" in _items(4).describe()


@pytest.mark.parametrize(
    ("prompt", "value"),
    [
        (
            "Write a product FAQ for a smart lamp with 5 questions. Format each as 'Q:' then 'A:'.",
            5,
        ),
        ("Write a Q&A for a library flyer. 6 questions. Questions in bold, answers below.", 6),
        ("Create a pub quiz round on rivers: 8 questions, then the answers.", 8),
        ("Write a history quiz — 7 questions, each with the answer in brackets right after.", 7),
        ("Give me 12 film trivia questions with answers, numbered.", 12),
        ("Trivia round: 9 questions. Label them Q1 to Q9, then an answer key.", 9),
        ("Make an FAQ for our bakery with 4 questions and answers, each question in bold.", 4),
    ],
)
def test_question_items_compiled(prompt: str, value: int) -> None:
    assert _questions(prompt) == [_items(value)]


@pytest.mark.parametrize(
    "prompt",
    [
        # no shape sets each question on a line: the count stays unread
        "Write an FAQ for a smart lamp with 5 questions.",
        "Give me 10 trivia questions with answers.",
        # hedged, negated, the user's own, someone else's asking
        "Write an FAQ with maybe 5 questions, Q: and A: lines.",
        "My FAQ has 5 questions; format each as 'Q:' then 'A:'.",
        "Don't write 5 questions with answers in a numbered list.",
        "Give me 5 questions to ask a landlord, with answers in bold.",
        # a count of one part
        "Write a quiz with 3 questions per round, then the answers, numbered.",
        # another set of questions after the answers
        "Quiz round: 5 questions, each with the answer, then 3 bonus questions.",
        # true/false questions are statements to judge: no "?" is asked
        "Quiz host mode: give me 5 true/false questions about the solar system.",
        # Q&A pairs are counted as pairs, not read here
        "Write an FAQ. 4 Q&A pairs, each question starting with 'Q:'.",
    ],
)
def test_question_items_near_misses(prompt: str) -> None:
    assert not any(
        spec.mode == "items" and spec.value in (3, 5, 10, 4) for spec in _questions(prompt)
    )


@pytest.mark.parametrize(
    ("prompt", "value"),
    [
        # questions the answer asks, with no answers to them: every "?" sentence
        ("Write 4 exam questions about the water cycle.", 4),
        ("Give me 10 sports trivia questions.", 10),
        ("Write a quiz — 5 questions.", 5),
    ],
)
def test_sentence_mode_kept_without_answers(prompt: str, value: int) -> None:
    assert _questions(prompt) == [QuestionCount(relation="exactly", value=value)]


def test_true_false_questions_are_not_counted() -> None:
    # statements to judge ("N. Statement — True"): no "?" is asked
    assert (
        _questions("Quiz host mode: give me 5 true/false questions about the solar system.") == []
    )


def test_questions_as_headings_leave_the_count_to_headings() -> None:
    prompt = (
        "Write a product FAQ. Exactly five questions, each as a level-3 heading, answers below."
    )
    assert _questions(prompt) == []
