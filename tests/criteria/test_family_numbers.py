"""The number families: how many numbers the answer gives, and an answer
that is one number; the repair, the phrasings that compile and the near
misses that must not."""

from __future__ import annotations

import pytest

from _repaired import repaired_run
from redraft.core._repair import apply_repairs
from redraft.criteria import CHECK_SPEC_ADAPTER, SpecCheck, compile_checks, measure_text
from redraft.criteria._families import FamilySpec, NumberCount, NumberOnly

AT_LEAST_3 = NumberCount(relation="at_least", value=3)
AT_LEAST_1 = NumberCount(relation="at_least", value=1)
NONE = NumberCount(relation="at_most", value=0)
ONLY = NumberOnly()

# Labelled by reading: (spec, answer, passes).
LABELLED: list[tuple[FamilySpec, str, bool]] = [
    (AT_LEAST_3, "The desk is 120 cm wide, weighs 30 kg and costs $499.", True),
    (AT_LEAST_3, "The desk is 120 cm wide and weighs 30 kg.", False),
    (AT_LEAST_3, "It is three feet wide, weighs thirty pounds, costs five hundred.", False),
    (AT_LEAST_3, "Sales grew 12.5% to 1,200,000 units in 2024.", True),
    (AT_LEAST_3, "Released 2024-05-01.", True),  # a date's parts are three numbers
    (AT_LEAST_3, "Version v2 is out.", False),  # v2 is a name, not a number
    (AT_LEAST_3, "Temperatures ranged from -4 to 12 degrees over 3 days.", True),
    (AT_LEAST_1, "In 1887, the lighthouse went dark.", True),
    (AT_LEAST_1, "Seven crows sat on a red roof in Lisbon.", False),
    (AT_LEAST_1, "", False),
    (AT_LEAST_1, "Room 101 was empty.", True),
    (NONE, "No numbers here at all.", True),
    (NONE, "Only 1 here.", False),
    (NONE, "Three cats, one dog.", True),  # number words are not counted
    (NONE, "Call me at 5.", False),
    (AT_LEAST_3, "1, 2, 3, go!", True),
    (AT_LEAST_3, "It is 50% off and costs 10 dollars.", False),
    (AT_LEAST_1, "Chapter two begins.", False),
    (AT_LEAST_1, "Only 3.5% agreed.", True),
    (NONE, "", True),
    (ONLY, "391", True),
    (ONLY, "391.", True),
    (ONLY, "  **391**  ", True),
    (ONLY, "`391`", True),
    (ONLY, "-12.5", True),
    (ONLY, "1,024", True),
    (ONLY, "45%", True),
    (ONLY, "The answer is 391.", False),
    (ONLY, "391 apples", False),
    (ONLY, "three hundred ninety-one", False),
    (ONLY, "17 × 23 = 391", False),
    (ONLY, "", False),
    (ONLY, "391\n\nThat is the product.", False),
    (ONLY, "+7", True),
    (ONLY, "0", True),
    (ONLY, "3.14159", True),
    (ONLY, "391 (17 × 23)", False),
    (ONLY, "$391", False),  # a currency sign is a unit
    (ONLY, "391!", False),
    (ONLY, "**Answer:** 391", False),
]


@pytest.mark.parametrize(("spec", "answer", "passes"), LABELLED)
def test_the_measures_agree_with_labelled_answers(
    spec: FamilySpec, answer: str, passes: bool
) -> None:
    outcome = measure_text(spec, answer)
    assert outcome.passed is passes, outcome.reason
    if not passes:
        assert outcome.suggestion


def test_the_corrections_say_what_to_change() -> None:
    assert measure_text(AT_LEAST_3, "It is 120 cm wide.").suggestion == (
        "Your answer has 1 number; it needs at least 3. Add at least 2 more numbers written "
        "in digits (such as 42 or 3.5)."
    )
    assert measure_text(ONLY, "The answer is 391.").suggestion == (
        "Your answer is 'The answer is 391'. Reply with the number alone: 391, no words or units."
    )


def test_the_specs_round_trip() -> None:
    for spec in (AT_LEAST_3, ONLY):
        assert CHECK_SPEC_ADAPTER.validate_json(CHECK_SPEC_ADAPTER.dump_json(spec)) == spec


@pytest.mark.parametrize(
    ("answer", "repaired"),
    [
        ("The answer is 391.", "391"),
        ("**Answer:** 391", "391"),
        ("It comes to 1,024 bytes.", "1,024"),
        ("17 × 23 = 391", "17 × 23 = 391"),  # three numbers: which one is a judgement
        ("three hundred", "three hundred"),
        ("391", "391"),
    ],
)
def test_the_repair_bares_an_answer_with_one_number(answer: str, repaired: str) -> None:
    if not measure_text(ONLY, answer).passed:
        assert SpecCheck(ONLY)._measured(answer).data["repair"] == {"op": "only_number"}
    assert apply_repairs(answer, [{"op": "only_number"}]) == repaired


async def test_the_loop_makes_the_repair_without_a_model_call() -> None:
    prompt = "How many legs does a spider have? Reply with just the number."
    result = await repaired_run(prompt, "A spider has 8 legs.")
    assert result.final_answer == "8"


def compiled(prompt: str) -> list[object]:
    return [c.spec for c in compile_checks(prompt) if isinstance(c.spec, NumberCount | NumberOnly)]


@pytest.mark.parametrize(
    ("prompt", "expected"),
    [
        ("Describe the desk and include at least three specific numbers.", [AT_LEAST_3]),
        ("Write a pitch with at least 3 concrete figures.", [AT_LEAST_3]),
        ("Write a tagline. It must contain a number.", [AT_LEAST_1]),
        ("Your reply has to include a number in the answer.", [AT_LEAST_1]),
        ("Include at least 3 numbers, for example prices or dates.", [AT_LEAST_3]),
        ("Write a haiku about winter. Use no numbers.", [NONE]),
        ("Explain inflation without numbers.", [NONE]),
        (
            "Write about owls. Include exactly 2 numbers.",
            [NumberCount(relation="exactly", value=2)],
        ),
        ("What is 12 squared? Reply with just the number.", [ONLY]),
        ("How many moons does Mars have? Answer with only a number, no words.", [ONLY]),
        ("Output only the final number.", [ONLY]),
        ("Your answer must be a single number and nothing else.", [ONLY]),
    ],
)
def test_phrasings_that_compile(prompt: str, expected: list[object]) -> None:
    assert compiled(prompt) == expected


@pytest.mark.parametrize(
    "prompt",
    [
        "Include a number of examples.",
        "Give me a phone number format for France.",
        "Reply with only the number of planets and their names.",
        "Answer with just a number and explain your reasoning.",
        "Reply with just the number, then explain how you got it.",
        "Is 7 a prime number?",
        "My report has 3 numbers in the first table.",
        "Ideally include at least three numbers.",
        "Each bullet should include at least 2 numbers.",
        'Translate: "include at least three numbers".',
        "What number comes after 7?",
        "Number each step.",
    ],
)
def test_near_misses_compile_nothing(prompt: str) -> None:
    assert compiled(prompt) == []
