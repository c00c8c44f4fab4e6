"""The punctuation families: counts of one mark, no punctuation (but the
marks allowed), no given mark at the end; their repairs, the phrasings that
compile and the near misses that must not."""

from __future__ import annotations

import pytest

from _repaired import repaired_run
from redraft.core._repair import apply_repairs, describe_repairs
from redraft.criteria import CHECK_SPEC_ADAPTER, SpecCheck, compile_checks, measure_text
from redraft.criteria._families import FamilySpec, NoFinalMark, NoPunctuation, PunctuationCount

TWO_SEMICOLONS = PunctuationCount(relation="exactly", value=2, mark=";")
THREE_BANGS = PunctuationCount(relation="at_least", value=3, mark="!")
FEW_COMMAS = PunctuationCount(relation="at_most", value=2, mark=",")
ONE_PERIOD = PunctuationCount(relation="exactly", value=1, mark=".")
ONE_DASH = PunctuationCount(relation="exactly", value=1, mark="—")
COMMAS_AND_QUESTIONS = NoPunctuation(allowed=",?")

# Labelled by reading: (spec, answer, passes).
COUNTED: list[tuple[FamilySpec, str, bool]] = [
    (TWO_SEMICOLONS, "It rained; we stayed in; the fire was warm.", True),
    (TWO_SEMICOLONS, "It rained; we stayed in.", False),
    (TWO_SEMICOLONS, "One; two; three; four.", False),
    (TWO_SEMICOLONS, "No semicolons here.", False),
    (TWO_SEMICOLONS, "First;\nsecond;", True),
    (THREE_BANGS, "Go! Go! Go!", True),
    (THREE_BANGS, "Wow!!!", True),  # three marks, however grouped
    (THREE_BANGS, "Great job! Keep going!", False),
    (THREE_BANGS, "You can do it. Believe!", False),
    (THREE_BANGS, "Yes! Yes! Yes! Yes!", True),
    (FEW_COMMAS, "Apples, pears, and plums.", True),
    (FEW_COMMAS, "Red, green, blue, and gold.", False),
    (FEW_COMMAS, "No commas at all.", True),
    (FEW_COMMAS, "It costs 1,000,000 dollars.", True),  # two commas, in a number or not
    (ONE_PERIOD, "Pi is about 3.14.", True),  # the decimal point is no period
    (ONE_PERIOD, "Version 2.0.1 is out.", True),
    (ONE_PERIOD, "Wait... what.", False),  # an ellipsis is three periods
    (ONE_PERIOD, "Short. Sweet.", False),
    (ONE_PERIOD, "No period here", False),
    (PunctuationCount(relation="exactly", value=1, mark="—"), "Tea — hot and strong.", True),
    (PunctuationCount(relation="exactly", value=1, mark="—"), "Tea - hot and strong.", False),
]

NONE_AT_ALL = NoPunctuation()
ONLY_QUESTIONS = NoPunctuation(allowed="?")
NO_PUNCT: list[tuple[FamilySpec, str, bool]] = [
    (NONE_AT_ALL, "rain on the roof\nsoft drums in the dark\nsleep comes slow", True),
    (NONE_AT_ALL, "rain on the roof.", False),
    (NONE_AT_ALL, "dont stop now", True),
    (NONE_AT_ALL, "don't stop now", False),  # an apostrophe is punctuation
    (NONE_AT_ALL, "a well-known tale", False),  # so is a hyphen
    (NONE_AT_ALL, "costs $5 + tax", True),  # symbols are not
    (NONE_AT_ALL, "sunny today 🌞", True),  # nor is an emoji
    (NONE_AT_ALL, "“quoted”", False),
    (NONE_AT_ALL, "", True),
    (NONE_AT_ALL, "- a bullet", False),
    (NONE_AT_ALL, "why not", True),
    (ONLY_QUESTIONS, "why not?", True),
    (ONLY_QUESTIONS, "who cares? not me", True),
    (ONLY_QUESTIONS, "who cares? not me!", False),
    (ONLY_QUESTIONS, "so tired lol", True),
    (ONLY_QUESTIONS, "so tired, lol", False),
    (NoPunctuation(allowed=",?"), "well, why not?", True),
    (NoPunctuation(allowed=",?"), "well, why not.", False),
    (NONE_AT_ALL, "Mix: colons too", False),
    (NONE_AT_ALL, "a (parenthetical) remark", False),
]

NO_PERIOD = NoFinalMark(marks=".")
FINAL: list[tuple[FamilySpec, str, bool]] = [
    (NO_PERIOD, "breathe in, breathe out", True),
    (NO_PERIOD, "breathe in, breathe out.", False),
    (NO_PERIOD, "breathe in. breathe out", True),  # only the end counts
    (NO_PERIOD, "You will find joy.  \n", False),  # trailing space aside
    (NO_PERIOD, '"You will find joy."', False),  # a closing quote aside
    (NO_PERIOD, "**Rest well.**", False),  # markdown emphasis aside
    (NO_PERIOD, "Rest well!", True),
    (NO_PERIOD, "Rest well...", False),  # an ellipsis ends in periods
    (NO_PERIOD, "Rest well…", True),  # one ellipsis character is no period
    (NO_PERIOD, "", True),
    (NO_PERIOD, "(see you soon)", True),
    (NO_PERIOD, "(see you soon.)", False),
    (NoFinalMark(marks="?"), "Are you ready?", False),
    (NoFinalMark(marks="?"), "Are you ready", True),
    (NoFinalMark(marks="!?"), "Wow!", False),
    (NoFinalMark(marks="!?"), "Wow.", True),
    (NO_PERIOD, "A dog on a beach at dawn", True),
    (NO_PERIOD, "Ends with 3.5", True),
    (NO_PERIOD, "Costs 3.", False),
    (NO_PERIOD, "line one.\nline two", True),
]


@pytest.mark.parametrize(("spec", "answer", "passes"), COUNTED + NO_PUNCT + FINAL)
def test_the_measures_agree_with_labelled_answers(spec: object, answer: str, passes: bool) -> None:
    outcome = measure_text(spec, answer)  # type: ignore[arg-type]
    assert outcome.passed is passes, outcome.reason
    if not passes:
        assert outcome.suggestion


def test_the_corrections_name_the_mark_and_the_gap() -> None:
    assert measure_text(TWO_SEMICOLONS, "One; two.").suggestion == (
        "Your answer has 1 semicolon (;); it needs exactly 2 semicolons. Add 1 more semicolon."
    )
    assert measure_text(FEW_COMMAS, "a, b, c, d, e").suggestion == (
        "Your answer has 4 commas (,); it needs at most 2 commas. Remove at least 2 commas."
    )
    said = measure_text(ONLY_QUESTIONS, "no way, really!").suggestion
    assert said is not None and "(, !)" in said and "only question marks may stay" in said
    assert measure_text(NO_PERIOD, "Done.").suggestion == (
        "Your answer ends with a period; it must not. Delete the final period."
    )


def test_the_specs_round_trip_and_refuse_what_is_no_mark() -> None:
    for spec in (TWO_SEMICOLONS, ONLY_QUESTIONS, NO_PERIOD):
        dumped = CHECK_SPEC_ADAPTER.dump_json(spec)
        assert CHECK_SPEC_ADAPTER.validate_json(dumped) == spec
    assert ONLY_QUESTIONS.describe() == "no punctuation except question marks"
    assert NO_PERIOD.describe() == "does not end with a period"
    with pytest.raises(ValueError, match="punctuation marks only"):
        NoPunctuation(allowed="a")
    with pytest.raises(ValueError, match="punctuation marks only"):
        NoFinalMark(marks="x")
    with pytest.raises(ValueError, match="mark"):
        CHECK_SPEC_ADAPTER.validate_python(
            {"kind": "punctuation_count", "mark": "x", "relation": "exactly", "value": 1}
        )


@pytest.mark.parametrize(
    ("spec", "answer", "repaired"),
    [
        (
            NONE_AT_ALL,
            "Rain, on the roof.\nSoft drums—in the dark!",
            "Rain on the roof\nSoft drums in the dark",
        ),
        (NONE_AT_ALL, "a well-known tale, isn't it?", "a well known tale isnt it"),
        (ONLY_QUESTIONS, "so tired, right? lol!", "so tired right? lol"),
        (NO_PERIOD, "You will find joy.", "You will find joy"),
        (NO_PERIOD, '"You will find joy..."', '"You will find joy"'),
        (NoFinalMark(marks="?"), "Ready?  ", "Ready"),
    ],
)
def test_the_repairs_meet_the_check(spec: object, answer: str, repaired: str) -> None:
    evidence = SpecCheck(spec)._measured(answer)  # type: ignore[arg-type]
    repair = evidence.data["repair"]
    assert apply_repairs(answer, [repair]) == repaired
    assert measure_text(spec, repaired).passed  # type: ignore[arg-type]
    assert describe_repairs([repair]).startswith("repaired without a model: ")


@pytest.mark.parametrize("answer", ["rain on the roof", "why not?", "no final mark"])
def test_a_repair_leaves_a_passing_answer_as_it_is(answer: str) -> None:
    for repair in (
        {"op": "remove_punctuation", "allowed": "?"},
        {"op": "strip_final_mark", "marks": "."},
    ):
        assert apply_repairs(answer, [repair]) == answer


async def test_the_loop_makes_the_repair_without_a_model_call() -> None:
    prompt = "Write a tagline for a tea shop. No period at the end."
    result = await repaired_run(prompt, "Steeped in calm, poured with care.")
    assert result.drafts[1].text == "Steeped in calm, poured with care"
    assert result.drafts[1].finish_reason == "repair"
    assert result.final_answer == "Steeped in calm, poured with care"


def compiled(prompt: str) -> list[object]:
    return [c.spec for c in compile_checks(prompt)]


@pytest.mark.parametrize(
    ("prompt", "expected"),
    [
        ("Use exactly two semicolons.", TWO_SEMICOLONS),
        ("Write a pep talk with at least 3 exclamation marks.", THREE_BANGS),
        ("Describe autumn using no more than two commas.", FEW_COMMAS),
        ("Write a motto with exactly 1 em dash.", ONE_DASH),
        ("All lowercase, no punctuation at all.", NONE_AT_ALL),
        ("Write a haiku without any punctuation.", NONE_AT_ALL),
        ("Keep it punctuation-free.", NONE_AT_ALL),
        ("Can you write it with no punctuation marks?", NONE_AT_ALL),
        ("Never use punctuation except question marks.", ONLY_QUESTIONS),
        ("Do not use any punctuation other than commas and question marks.", COMMAS_AND_QUESTIONS),
        ("Write a slogan. No period at the end.", NO_PERIOD),
        ("Make it short and don't end with a period.", NO_PERIOD),
        ("The reply must not end with a full stop.", NO_PERIOD),
        ("Write a slogan with no final period.", NO_PERIOD),
        ("Please leave off the final period.", NO_PERIOD),
        ("Do not end your answer with a question mark.", NoFinalMark(marks="?")),
    ],
)
def test_phrasings_that_compile(prompt: str, expected: object) -> None:
    assert expected in compiled(prompt)


_OURS = (PunctuationCount, NoPunctuation, NoFinalMark)


@pytest.mark.parametrize(
    "prompt",
    [
        "Is it fine to write a poem with no punctuation?",
        "My draft has no punctuation at all; fix the spelling.",
        'Translate this: "Use exactly two semicolons."',
        "Ideally use no more than two commas.",
        "Avoid punctuation in the title.",
        "Each bullet should have no period at the end.",
        "Don't end each line with a period.",
        "Why do poets use no punctuation?",
        "If you can, use at least 3 exclamation marks.",
        "Summarise this text: no period at the end, no capital letters anywhere.",
        "Use exactly two semicolons per paragraph.",
        "Do not use commas.",  # the ban is forbidden_chars
        "Explain when to use a semicolon.",
        "Write about punctuation in Victorian letters.",
        "Each title ends with no period at the end of it.",
        "The poem I wrote has exactly two semicolons.",
        "My haiku: short, sad, no punctuation. Is it any good?",
    ],
)
def test_near_misses_compile_nothing(prompt: str) -> None:
    assert [s for s in compiled(prompt) if isinstance(s, _OURS)] == []
