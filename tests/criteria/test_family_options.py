"""The options family: the whole answer is one of the listed options (trimmed,
a final period and case aside), the repair that strips quotes, and the
phrasings that compile."""

from __future__ import annotations

import pytest

from redraft.core._repair import apply_repairs, describe_repairs
from redraft.criteria import OneOf, SpecCheck, compile_checks, measure_text

YES_NO_MAYBE = OneOf(options=("yes", "no", "maybe"))
SENTENCES = OneOf(options=("My answer is yes.", "My answer is no.", "My answer is maybe."))

# 22 answers labelled by reading them: (spec, answer, is it one of the options).
LABELLED = [
    (YES_NO_MAYBE, "yes", True),
    (YES_NO_MAYBE, "Yes", True),
    (YES_NO_MAYBE, "  NO  \n", True),
    (YES_NO_MAYBE, "Maybe.", True),
    (YES_NO_MAYBE, "yes!", False),
    (YES_NO_MAYBE, "Yes, because the sky is blue.", False),
    (YES_NO_MAYBE, '"yes"', False),
    (YES_NO_MAYBE, "perhaps", False),
    (YES_NO_MAYBE, "", False),
    (YES_NO_MAYBE, "yes no", False),
    (YES_NO_MAYBE, "Yes..", False),
    (SENTENCES, "My answer is yes.", True),
    (SENTENCES, "my answer is no", True),
    (SENTENCES, "My answer is maybe.\n", True),
    (SENTENCES, "My answer is yes. It will rain.", False),
    (SENTENCES, "yes", False),
    (OneOf(options=("True", "False")), "true", True),
    (OneOf(options=("True", "False")), "It is true.", False),
    (OneOf(options=("A", "B", "C", "D")), "C", True),
    (OneOf(options=("A", "B", "C", "D")), "C) Paris", False),
    (OneOf(options=("A", "B", "C", "D")), "E", False),
    (OneOf(options=("Approve", "Reject")), "reject.", True),
]


@pytest.mark.parametrize(("spec", "answer", "ok"), LABELLED)
def test_the_measure_reads_the_whole_answer(spec: OneOf, answer: str, ok: bool) -> None:
    assert measure_text(spec, answer).passed is ok


def test_options_must_be_distinct_answers() -> None:
    with pytest.raises(ValueError, match="at least 2"):
        OneOf(options=("yes",))
    with pytest.raises(ValueError, match="the same answer"):
        OneOf(options=("Yes", "yes."))
    with pytest.raises(ValueError, match="letter or digit"):
        OneOf(options=("yes", "  "))


def test_the_correction_shows_the_answer_and_the_options() -> None:
    outcome = measure_text(YES_NO_MAYBE, "Yes, I think so.")
    assert not outcome.passed and outcome.suggestion is not None
    assert "'Yes, I think so.'" in outcome.suggestion
    assert "'yes', 'no', 'maybe'" in outcome.suggestion


@pytest.mark.parametrize(
    ("answer", "repaired"),
    [
        ('"Yes"', "Yes"),
        ("'no'.", "no"),
        ("  “maybe.”  ", "maybe."),
        ('"My answer is yes."', "My answer is yes."),
        # other words need a redraft, not an edit: left as they are
        ('"Yes, because it rains."', '"Yes, because it rains."'),
        ("Probably yes", "Probably yes"),
    ],
)
def test_the_repair_strips_quotes_only_where_that_leaves_an_option(
    answer: str, repaired: str
) -> None:
    spec = OneOf(options=("yes", "no", "maybe", "My answer is yes."))
    evidence = SpecCheck(spec)._measured(answer)
    repair = evidence.data.get("repair")
    assert repair == {"op": "strip_to_option", "options": list(spec.options)}
    assert apply_repairs(answer, [repair]) == repaired
    assert "stripped" in describe_repairs([repair])


def options(prompt: str) -> list[tuple[str, ...]]:
    return [c.spec.options for c in compile_checks(prompt) if isinstance(c.spec, OneOf)]


@pytest.mark.parametrize(
    ("prompt", "expected"),
    [
        ("Will it rain? Answer with one of: yes, no, maybe.", [("yes", "no", "maybe")]),
        (
            "Is Pluto a planet? Answer with one of the following options: "
            "('My answer is yes.', 'My answer is no.', 'My answer is maybe.')",
            [("My answer is yes.", "My answer is no.", "My answer is maybe.")],
        ),
        ("Is 7 prime? Respond only with 'True' or 'False'.", [("True", "False")]),
        ("Choose A, B, C or D and reply with the letter only.", [("A", "B", "C", "D")]),
        ("Reply with just yes or no.", [("yes", "no")]),
        ('Reply with only "Approve" or "Reject", nothing else.', [("Approve", "Reject")]),
        ("Respond with one of these words: red, green or blue.", [("red", "green", "blue")]),
        ("Answer only with either yes / no.", [("yes", "no")]),
        (
            "Pick a season. Reply using exactly one word: spring, summer, autumn or winter.",
            [("spring", "summer", "autumn", "winter")],
        ),
        (
            "Reply only with 'agree' or 'disagree': pineapple belongs on pizza.",
            [("agree", "disagree")],
        ),
        ("Answer this with Yes or No only: is ice cold?", [("Yes", "No")]),
        (
            "Respond with the letter of the best answer only (A, B or C). Q: 2+2? A) 3 B) 4 C) 5",
            [("A", "B", "C")],
        ),
    ],
)
def test_phrasings_that_compile(prompt: str, expected: list[tuple[str, ...]]) -> None:
    assert options(prompt) == expected


@pytest.mark.parametrize(
    "prompt",
    [
        "Answer yes or no.",
        "Answer yes or no, then explain why.",
        "Respond only with 'True' or 'False' and explain your reasoning.",
        "Reply with just yes or no. Justify the answer in a sentence.",
        "If you are unsure, answer with one of: yes, no.",
        'Translate: "Respond only with True or False."',
        "Ideally, reply with just yes or no.",
        "Should I answer with one of: yes, no?",
        "Answer with one of: yes.",
        "Choose A, B, C or D and explain your choice.",
        "Reply only with 'agree' or 'disagree': then give your reasons.",
        "Reply only with 'agree' or 'disagree': add a one-line summary too.",
        "Respond with the letter of the best answer (A, B or C) and a short reason.",
    ],
)
def test_near_misses_compile_nothing(prompt: str) -> None:
    assert options(prompt) == []
