"""The opening family: the answer must not begin with a given phrase; its
repair, the phrasings that compile and the near misses that must not."""

from __future__ import annotations

import pytest

from _repaired import repaired_run
from redraft.core._repair import apply_repairs
from redraft.criteria import CHECK_SPEC_ADAPTER, SpecCheck, compile_checks, measure_text
from redraft.criteria._families import NotStartsWith

SURE = NotStartsWith(phrases=("Sure",))
WRITING = NotStartsWith(phrases=("I am writing to",))
IMAGE = NotStartsWith(phrases=("Image of", "Picture of"))
AT = NotStartsWith(phrases=("@",))

# Labelled by reading: (spec, answer, passes).
LABELLED: list[tuple[NotStartsWith, str, bool]] = [
    (SURE, "Sure! Here is the list.", False),
    (SURE, "sure, here it is", False),
    (SURE, "  **Sure**, here it is", False),  # markup and whitespace aside
    (SURE, '"Sure," she said.', False),
    (SURE, "Surely you jest.", True),  # a longer word is another word
    (SURE, "Here is the list. Sure, it is short.", True),  # only the start counts
    (SURE, "Of course! Here it is.", True),
    (SURE, "", True),
    (SURE, "# Sure thing\nDetails follow.", False),
    (SURE, "Sure\nHere it is.", False),
    (WRITING, "I am writing to apply for the analyst role.", False),
    (WRITING, "I am  writing to apply.", False),  # spaces between words aside
    (WRITING, "I'm writing to apply for the role.", True),  # another phrase
    (WRITING, "As a data analyst, I am writing to apply.", True),
    (WRITING, "Dear hiring team, I bring three years of SQL.", True),
    (WRITING, "I am writing today to apply.", True),
    (IMAGE, "Image of a dog on a beach", False),
    (IMAGE, "Picture of a golden retriever", False),
    (IMAGE, "A golden retriever leaps for a frisbee", True),
    (IMAGE, "An image of a dog", True),
    (IMAGE, "Imagery of the sea", True),
    (AT, "@kestrel_group Our paper is out!", False),
    (AT, "  @kestrel_group Our paper is out!", False),  # whitespace aside
    (AT, "Our paper is out, thanks @kestrel_group!", True),  # only the start counts
    (AT, "**@kestrel** is out", True),  # a mark is the first character, markup included
    (AT, "", True),
]


@pytest.mark.parametrize(("spec", "answer", "passes"), LABELLED)
def test_the_measure_agrees_with_labelled_answers(
    spec: NotStartsWith, answer: str, passes: bool
) -> None:
    outcome = measure_text(spec, answer)
    assert outcome.passed is passes, outcome.reason
    if not passes:
        assert outcome.suggestion


def test_the_correction_names_the_opening() -> None:
    assert measure_text(IMAGE, "Picture of a cat").suggestion == (
        "Your answer starts with 'Picture of'; it must not. Begin it another way, with the "
        "substance of the answer."
    )


def test_the_spec_round_trips_and_refuses_an_empty_phrase() -> None:
    assert CHECK_SPEC_ADAPTER.validate_json(CHECK_SPEC_ADAPTER.dump_json(IMAGE)) == IMAGE
    assert IMAGE.describe() == "does not start with 'Image of' or 'Picture of'"
    with pytest.raises(ValueError, match="a word or a mark"):
        NotStartsWith(phrases=("  ",))
    with pytest.raises(ValueError, match="a word or a mark"):
        NotStartsWith(phrases=("@ #",))
    assert NotStartsWith(phrases=("'@'",)).phrases == ("@",)


@pytest.mark.parametrize(
    ("spec", "answer", "repaired"),
    [
        (SURE, "Sure! here is the list.", "Here is the list."),
        (SURE, "Sure, the capital is Paris.", "The capital is Paris."),
        (SURE, "**Sure!** Here it is.", "Here it is."),
        (SURE, "Sure — happy to help. The answer is 4.", "Happy to help. The answer is 4."),
        # part of the first sentence: a redraft, not an edit
        (WRITING, "I am writing to apply.", "I am writing to apply."),
        (SURE, "Sure thing, here it is.", "Sure thing, here it is."),
        (AT, "@kestrel our paper is out", "@kestrel our paper is out"),  # a handle is content
    ],
)
def test_the_repair_drops_only_an_interjection(
    spec: NotStartsWith, answer: str, repaired: str
) -> None:
    repair = SpecCheck(spec)._measured(answer).data["repair"]
    assert apply_repairs(answer, [repair]) == repaired
    if repaired != answer:
        assert measure_text(spec, repaired).passed


def test_the_repair_leaves_a_passing_answer_as_it_is() -> None:
    answer = "Here is the list."
    assert apply_repairs(answer, [{"op": "drop_opening", "phrases": ["Sure"]}]) == answer


async def test_the_loop_makes_the_repair_without_a_model_call() -> None:
    prompt = "Name the largest planet. Don't start with 'Sure'."
    result = await repaired_run(prompt, "Sure! Jupiter is the largest planet.")
    assert result.final_answer == "Jupiter is the largest planet."


def compiled(prompt: str) -> list[object]:
    return [c.spec for c in compile_checks(prompt) if isinstance(c.spec, NotStartsWith)]


@pytest.mark.parametrize(
    ("prompt", "expected"),
    [
        ("Don't start with 'Sure'.", SURE),
        ("Never begin your reply with “Sure”.", SURE),
        ("Summarise the plot, and do not open with 'Sure'.", SURE),
        ('Avoid starting with "Sure".', SURE),
        ("Write a cover letter. Do not begin with 'I am writing to'.", WRITING),
        ("The answer must not start with 'Image of' or 'Picture of'.", IMAGE),
        ("You must never start your response with 'Image of', 'Picture of'.", IMAGE),
        ("Don't open the email with 'I am writing to'.", WRITING),
        ("Never start your reply with '@'.", AT),
    ],
)
def test_phrasings_that_compile(prompt: str, expected: NotStartsWith) -> None:
    assert compiled(prompt) == [expected]


@pytest.mark.parametrize(
    "prompt",
    [
        "Do not start each bullet with 'Tell me'.",
        "Why do people start emails with 'I am writing to'?",
        "Start with 'Sure'.",
        "Ideally, don't start with 'Sure'.",
        "Rewrite this: \"Don't start with 'Sure'.\"",
        "Don't start the title with 'The'.",
        "My letter does not start with 'Dear'.",
        "Never start any line with 'And'.",
        "Don't start a sentence with 'But'.",
    ],
)
def test_near_misses_compile_nothing(prompt: str) -> None:
    assert compiled(prompt) == []
