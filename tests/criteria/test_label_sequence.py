"""Numbered labels in sequence (``label_sequence``): which labels count,
answers labelled by reading, the wordings that compile and the near misses
that must compile nothing."""

from __future__ import annotations

import pytest

from redraft.criteria import CHECK_SPEC_ADAPTER, compile_checks, measure_text
from redraft.criteria._families._label_sequence import LabelSequence, labels_in

Q4 = LabelSequence(prefix="Q", first=1, last=4)
STEPS = LabelSequence(prefix="Step ", first=1, last=3)

# Labelled by reading: (spec, answer, passes).
LABELLED: list[tuple[LabelSequence, str, bool]] = [
    (Q4, "Q1. Why?\nQ2. How?\nQ3. Who?\nQ4. When?", True),
    (Q4, "**Q1:** Why?\n**Q2:** How?\n**Q3:** Who?\n**Q4:** When?", True),
    (Q4, "1. Q1 Why?\n2. Q2 How?\n3. Q3 Who?\n4. Q4 When?", True),
    (Q4, "### Q1\nWhy?\n### Q2\nHow?\n### Q3\nWho?\n### Q4\nWhen?", True),
    (Q4, "q1) Why?\nq2) How?\nq3) Who?\nq4) When?", True),  # case aside
    (Q4, "Q1. Why?\nQ2. How?\nQ3. Who?", False),  # one missing
    (Q4, "Q1. Why?\nQ2. How?\nQ4. When?\nQ3. Who?", False),  # out of order
    (Q4, "Q1. Why?\nQ2. How?\nQ2. Again?\nQ3. Who?\nQ4. When?", False),  # repeated
    (Q4, "Q1. Why?\nQ2. How?\nQ3. Who?\nQ4. When?\nQ5. Where?", False),  # past the last
    (Q4, "Q0. Warm-up\nQ1. Why?\nQ2. How?\nQ3. Who?\nQ4. When?", False),
    (Q4, "1. Why?\n2. How?\n3. Who?\n4. When?", False),  # no label
    (Q4, "Q1. Why? (see Q3)\nQ2. How?\nQ3. Who?\nQ4. When?", True),  # in running text: none
    (Q4, "Q1. Why?\nQ2. How?\nQ3. Who?\nQ4. When?\n\nA1. Because.\nA2. So.", True),
    (Q4, "Q1a. Why?\nQ2. How?\nQ3. Who?\nQ4. When?", False),  # "Q1a" is no Q1
    (Q4, "Q10. Why?\nQ2. How?\nQ3. Who?\nQ4. When?", False),
    (Q4, "| Q1 | Why? |\n| Q2 | How? |\n| Q3 | Who? |\n| Q4 | When? |", True),
    (STEPS, "Step 1: Boil.\nStep 2: Stir.\nStep 3: Serve.", True),
    (STEPS, "Step 1: Boil.\nStep 3: Serve.", False),
    (STEPS, "Step1: Boil.\nStep2: Stir.\nStep3: Serve.", False),  # the separator written
    (STEPS, "- Step 1: Boil.\n- Step 2: Stir.\n- Step 3: Serve.", True),
    (STEPS, "", False),
]


@pytest.mark.parametrize(("spec", "answer", "passes"), LABELLED)
def test_the_measure_agrees_with_labelled_answers(
    spec: LabelSequence, answer: str, passes: bool
) -> None:
    outcome = measure_text(spec, answer)
    assert outcome.passed is passes, outcome.reason
    if not passes:
        assert outcome.suggestion


def test_which_labels_count() -> None:
    text = "Q1. a\nsee Q2 there\n  - **Q3** b\n> Q4: c\nQQ5 d"
    assert labels_in(Q4, text) == [1, 3, 4]


def test_the_reason_names_the_first_wrong_label() -> None:
    outcome = measure_text(Q4, "Q1. a\nQ3. b\nQ4. c")
    assert outcome.reason.startswith("Q3 comes after Q1, where Q2 should")
    assert CHECK_SPEC_ADAPTER.validate_json(CHECK_SPEC_ADAPTER.dump_json(Q4)) == Q4
    with pytest.raises(ValueError, match="above"):
        LabelSequence(prefix="Q", first=3, last=3)


def compiled(prompt: str) -> list[LabelSequence]:
    return [c.spec for c in compile_checks(prompt) if isinstance(c.spec, LabelSequence)]


@pytest.mark.parametrize(
    ("prompt", "expected"),
    [
        ("Write a quiz with 10 questions. Number them Q1 to Q10.", [("Q", 1, 10)]),
        ("Label the questions Q1 to Q8.", [("Q", 1, 8)]),
        ("Write 4 comprehension questions labelled Q1 to Q4.", [("Q", 1, 4)]),
        (
            "Add 4 questions labelled Q1 to Q4, then an answer key labelled A1 to A4.",
            [("Q", 1, 4), ("A", 1, 4)],
        ),
        # the user's questions, then the answer's key
        ("Answer Q1 to Q5, then an answer key labelled A1 to A4.", [("A", 1, 4)]),
        ("Make a quiz, then give the answers numbered A1 to A10.", [("A", 1, 10)]),
        ("Label them Step 1 to Step 6.", [("Step ", 1, 6)]),
        ("Mark the tips T1 through T5.", [("T", 1, 5)]),
        ("Write five riddles and number them R1–R5.", [("R", 1, 5)]),
    ],
)
def test_the_wordings_compile(prompt: str, expected: list[tuple[str, int, int]]) -> None:
    assert [(s.prefix, s.first, s.last) for s in compiled(prompt)] == expected


@pytest.mark.parametrize(
    "prompt",
    [
        "Answer Q1 to Q5 from the worksheet.",  # names the user's questions
        "Answer the questions labelled Q1 to Q4 in the worksheet.",  # given ones
        "Rooms A1 to A4 are on the ground floor.",  # a fact, no naming verb
        "If you like, label them Q1 to Q10.",  # hedged
        "Should I label them Q1 to Q10?",  # asked
        "Label the questions in part 2 Q1 to Q5.",  # one part
        "Number them Q1 to A10.",  # no one prefix
        "Label them Q3 to Q9.",  # a sequence that starts past 1 is a part of another
        "My teacher numbered them Q1 to Q10.",  # reported
    ],
)
def test_near_misses_compile_nothing(prompt: str) -> None:
    assert compiled(prompt) == []
