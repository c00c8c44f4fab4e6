"""The words_in_capitals family: given words always in capitals; its repair,
the phrasings that compile and the near misses that must not."""

from __future__ import annotations

import pytest

from _repaired import repaired_run
from redraft.core._repair import apply_repairs
from redraft.criteria import CHECK_SPEC_ADAPTER, SpecCheck, compile_checks, measure_text
from redraft.criteria._families import WordsInCapitals

AGENCIES = WordsInCapitals(words=("NASA", "ESA"))
ACME = WordsInCapitals(words=("acme",))
SIGNS = WordsInCapitals(words=("warning", "danger"))
SQL = WordsInCapitals(words=("select", "group by"))

# Labelled by reading: (spec, answer, passes).
LABELLED: list[tuple[WordsInCapitals, str, bool]] = [
    (AGENCIES, "NASA and ESA launched it together.", True),
    (AGENCIES, "Nasa and ESA launched it together.", False),
    (AGENCIES, "NASA's probe and ESA's lander.", True),
    (AGENCIES, "The probe flew far.", True),  # neither used: nothing to write otherwise
    (AGENCIES, "nasa", False),
    (AGENCIES, "Nasal sprays are not NASA's business.", True),  # a longer word is another word
    (ACME, "ACME makes anvils. ACME ships fast.", True),
    (ACME, "ACME makes anvils. Acme ships fast.", False),
    (ACME, "Buy from ACME!", True),
    (ACME, "acme-grade anvils", False),
    (SIGNS, "WARNING: hot surface. DANGER: high voltage.", True),
    (SIGNS, "Warning: hot surface.", False),
    (SIGNS, "WARNING and danger", False),
    (SIGNS, "Endangered species", True),  # inside another word
    (SQL, "SELECT name FROM t GROUP BY name", True),
    (SQL, "select name FROM t GROUP BY name", False),
    (SQL, "SELECT name FROM t group by name", False),
    (SQL, "SELECT name FROM t GROUP  BY name", True),  # spacing aside
    (SQL, "", True),
    (WordsInCapitals(words=("ok",)), "OK, fine.", True),
    (WordsInCapitals(words=("ok",)), "Ok, fine.", False),
]


@pytest.mark.parametrize(("spec", "answer", "passes"), LABELLED)
def test_the_measure_agrees_with_labelled_answers(
    spec: WordsInCapitals, answer: str, passes: bool
) -> None:
    outcome = measure_text(spec, answer)
    assert outcome.passed is passes, outcome.reason
    if not passes:
        assert outcome.suggestion


def test_the_correction_shows_each_word_to_change() -> None:
    assert measure_text(SIGNS, "Warning: danger ahead.").suggestion == (
        "Write these in capitals every time: 'Warning' → 'WARNING', 'danger' → 'DANGER'."
    )


def test_the_spec_round_trips() -> None:
    assert CHECK_SPEC_ADAPTER.validate_json(CHECK_SPEC_ADAPTER.dump_json(SIGNS)) == SIGNS
    with pytest.raises(ValueError, match="letter or digit"):
        WordsInCapitals(words=("--",))


@pytest.mark.parametrize(
    ("spec", "answer", "repaired"),
    [
        (AGENCIES, "Nasa and esa agree.", "NASA and ESA agree."),
        (SQL, "select name from t group by name", "SELECT name from t GROUP BY name"),
        (ACME, "Nasal acme-grade", "Nasal ACME-grade"),
    ],
)
def test_the_repair_uppercases_each_occurrence(
    spec: WordsInCapitals, answer: str, repaired: str
) -> None:
    repair = SpecCheck(spec)._measured(answer).data["repair"]
    assert apply_repairs(answer, [repair]) == repaired
    assert measure_text(spec, repaired).passed


def test_the_repair_leaves_a_passing_answer_as_it_is() -> None:
    answer = "NASA and ESA agree; nasal sprays do not."
    assert apply_repairs(answer, [{"op": "uppercase_words", "words": ["NASA", "ESA"]}]) == answer


async def test_the_loop_makes_the_repair_without_a_model_call() -> None:
    prompt = "Describe the store in one sentence. Always write the brand name 'acme' in all caps."
    result = await repaired_run(prompt, "Acme sells sturdy anvils.")
    assert result.final_answer == "ACME sells sturdy anvils."


def compiled(prompt: str) -> list[object]:
    return [c.spec for c in compile_checks(prompt) if isinstance(c.spec, WordsInCapitals)]


@pytest.mark.parametrize(
    ("prompt", "expected"),
    [
        ("Write NASA and ESA in capitals.", AGENCIES),
        ("The brand name 'acme' must always be in all caps.", ACME),
        ('Put the words "warning" and "danger" in uppercase.', SIGNS),
        (
            "Always write the product name Zephyr in capital letters.",
            WordsInCapitals(words=("Zephyr",)),
        ),
        ("Explain joins, and write 'select' and 'group by' in uppercase.", SQL),
    ],
)
def test_phrasings_that_compile(prompt: str, expected: WordsInCapitals) -> None:
    assert compiled(prompt) == [expected]


@pytest.mark.parametrize(
    "prompt",
    [
        "Write it in capitals.",
        "Write the title in all caps.",
        "Should I write NASA in capitals?",
        "Capitalize 'python' everywhere.",  # a capital first letter, or all capitals?
        "If you mention NASA, write it in capitals.",
        'Translate: "write the word danger in capitals".',
        "My teacher wrote the word 'danger' in capitals.",
        "Write each heading in all caps.",
        "Write about capital letters in old manuscripts.",
    ],
)
def test_near_misses_compile_nothing(prompt: str) -> None:
    assert compiled(prompt) == []
