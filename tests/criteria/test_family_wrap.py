"""The wrap-marks family: the whole answer wrapped in a stated pair of marks;
its repair, the phrasings that compile and the near misses that must not."""

from __future__ import annotations

import pytest
from pydantic import ValidationError

from redraft.core._repair import apply_repairs
from redraft.criteria import compile_checks
from redraft.criteria._families._wrap import WRAP_MARKS, WrapMarks

SQUARE = WrapMarks(open="[", close="]")
CURLY = WrapMarks(open="{", close="}")
TAG = WrapMarks(open="<answer>", close="</answer>")
TRIPLE = WrapMarks(open='"""', close='"""')

# 22 answers labelled by reading them: (spec, answer, is the whole answer wrapped).
LABELLED = [
    (SQUARE, "[Paris is the capital.]", True),
    (SQUARE, "  [Paris]\n", True),  # whitespace around it aside
    (SQUARE, "[line one\nline two]", True),
    (SQUARE, "[a] and [b]", True),  # opens and closes with the marks
    (SQUARE, "Paris [capital]", False),
    (SQUARE, "[Paris] is the capital.", False),
    (SQUARE, "[]", False),  # nothing inside
    (SQUARE, "[  ]", False),
    (SQUARE, "", False),
    (SQUARE, "(Paris)", False),
    (CURLY, "{ the answer }", True),
    (CURLY, "{the answer", False),
    (CURLY, "the answer}", False),
    (CURLY, "{{x}}", True),
    (TAG, "<answer>42</answer>", True),
    (TAG, "<answer>\n42\n</answer>", True),
    (TAG, "Working: 6*7.\n<answer>42</answer>", False),  # text before the tags
    (TAG, "<ANSWER>42</ANSWER>", False),  # tags compared as written
    (TAG, "<answer>42", False),
    (TRIPLE, '"""Once upon a time."""', True),
    (TRIPLE, '"Once upon a time."', False),
    (TRIPLE, '""""""', False),
]


@pytest.mark.parametrize(("spec", "answer", "ok"), LABELLED)
def test_the_measure_wants_the_whole_answer_wrapped(spec: WrapMarks, answer: str, ok: bool) -> None:
    assert WRAP_MARKS.measure(spec, answer).passed is ok


def test_the_correction_names_both_marks() -> None:
    outcome = WRAP_MARKS.measure(TAG, "42")
    assert outcome.suggestion == (
        "Wrap your whole answer in <answer> … </answer>: start it with '<answer>' and end "
        "it with '</answer>', nothing before or after."
    )


def test_the_repair_wraps_an_answer_with_neither_mark() -> None:
    repair = WRAP_MARKS.repair(SQUARE)
    assert repair == {"op": "wrap_in_marks", "open": "[", "close": "]"}
    edited = apply_repairs("  Paris is the capital.\n", [repair])
    assert edited == "[Paris is the capital.]"
    assert WRAP_MARKS.measure(SQUARE, edited).passed
    assert apply_repairs("[Paris", [repair]) == "[Paris"  # half there: the model's job
    assert apply_repairs("", [repair]) == ""


def test_the_spec_refuses_marks_with_spaces() -> None:
    with pytest.raises(ValidationError):
        WrapMarks(open="", close="]")
    with pytest.raises(ValidationError):
        WrapMarks(open="<a b>", close="</a>")


def _wraps(prompt: str) -> list[tuple[str, str]]:
    return [
        (c.spec.open, c.spec.close) for c in compile_checks(prompt) if isinstance(c.spec, WrapMarks)
    ]


@pytest.mark.parametrize(
    ("prompt", "marks"),
    [
        ("Wrap your entire answer in square brackets.", ("[", "]")),
        ("Put the whole response inside curly braces.", ("{", "}")),
        ("Please enclose your reply in <answer></answer> tags.", ("<answer>", "</answer>")),
        ("Return the whole output within triple quotes.", ('"""', '"""')),
        ("surround your complete answer with parentheses pls", ("(", ")")),
        ("Write your answer in backticks.", ("`", "`")),
        # the whole thing, all of it
        ("Two sentences, and put the whole thing in parentheses.", ("(", ")")),
        ("Enclose the entire thing in square brackets.", ("[", "]")),
        ("wrap all of it in curly braces pls", ("{", "}")),
    ],
)
def test_phrasings_compile(prompt: str, marks: tuple[str, str]) -> None:
    assert _wraps(prompt) == [marks]


@pytest.mark.parametrize(
    "prompt",
    [
        "Wrap your final answer in <answer></answer> tags.",  # a part of the answer
        "Don't wrap your answer in square brackets.",  # negated
        "Should I put the whole response in parentheses?",  # a question
        "Wrap each title in square brackets.",  # each part
        "If it's code, wrap your answer in backticks.",  # a condition
        "Wrap your answer in brackets.",  # square or round: not said
        "Wrap your answer in double quotes.",  # the wrapped kind's
        'Translate "wrap your answer in curly braces" into French.',  # material
        "I put the whole thing in parentheses, is that ok?",  # the user's own, asked
        "Put the whole thing in parentheses if you like.",  # hedged
    ],
)
def test_near_misses_compile_nothing(prompt: str) -> None:
    assert _wraps(prompt) == []
