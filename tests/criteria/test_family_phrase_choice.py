"""The phrase-choice family: the answer includes exactly one of the listed
phrases, word for word; the phrasings that compile and the near misses that
must not."""

from __future__ import annotations

import pytest

from redraft.criteria import compile_checks
from redraft.criteria._families._phrase_choice import PHRASE_CHOICE, PhraseChoice

VERDICTS = PhraseChoice(options=("My answer is yes.", "My answer is no.", "My answer is maybe."))
STANCE = PhraseChoice(options=("I agree", "I disagree"))
GRADES = PhraseChoice(options=("Grade: A", "Grade: B", "Grade: C"))

# 24 answers labelled by reading them: (spec, answer, does it include exactly one phrase).
LABELLED = [
    (VERDICTS, "My answer is yes.", True),
    (VERDICTS, "Thinking it over, the poodle is smaller. My answer is no.", True),
    (VERDICTS, "My answer is maybe. It depends on the breed.", True),
    (VERDICTS, "My  answer is\nyes.", True),  # whitespace runs read as one space
    (VERDICTS, "my answer is yes.", False),  # the capital is part of the phrase
    (VERDICTS, "My answer is yes", False),  # so is the period
    (VERDICTS, "Yes.", False),
    (VERDICTS, "My answer is yes. On reflection, my answer is no.", True),  # one as written
    (VERDICTS, "My answer is yes. My answer is no.", False),  # two: no choice made
    (VERDICTS, "", False),
    (VERDICTS, "The answer is yes.", False),
    (VERDICTS, "“My answer is maybe.”", True),
    (STANCE, "I agree with the plan.", True),
    (STANCE, "I disagree.", True),  # "I agree" is not in "I disagree"
    (STANCE, "I agree and I disagree.", False),
    (STANCE, "i agree", False),
    (STANCE, "Agreed.", False),
    (STANCE, "Honestly? I disagree, strongly.", True),
    (GRADES, "Grade: B\nThe essay is clear but short.", True),
    (GRADES, "Grade: B+", True),  # the phrase is there; what follows is not the check's
    (GRADES, "Grade B", False),
    (GRADES, "Grade: A or Grade: C", False),
    (GRADES, "Overall grade: C.", False),  # "grade: C" is not "Grade: C"
    (GRADES, "Final — Grade: C", True),
]


@pytest.mark.parametrize(("spec", "answer", "ok"), LABELLED)
def test_the_measure_finds_exactly_one_phrase(spec: PhraseChoice, answer: str, ok: bool) -> None:
    assert PHRASE_CHOICE.measure(spec, answer).passed is ok


def test_phrases_must_be_distinct_and_readable() -> None:
    with pytest.raises(ValueError, match="at least 2"):
        PhraseChoice(options=("yes",))
    with pytest.raises(ValueError, match="the same"):
        PhraseChoice(options=("I agree", "I  agree"))
    with pytest.raises(ValueError, match="letter or digit"):
        PhraseChoice(options=("yes", "--"))


def test_the_correction_says_what_to_keep_or_add() -> None:
    none = PHRASE_CHOICE.measure(VERDICTS, "Probably not.")
    assert not none.passed and none.suggestion is not None
    assert "none of the phrases" in none.suggestion and "'My answer is no.'" in none.suggestion
    both = PHRASE_CHOICE.measure(STANCE, "I agree. Also, I disagree.")
    assert both.suggestion == (
        "Your answer includes 'I agree' and 'I disagree'; keep exactly one of them, word for word."
    )


def _options(prompt: str) -> list[tuple[str, ...]]:
    return [c.spec.options for c in compile_checks(prompt) if isinstance(c.spec, PhraseChoice)]


@pytest.mark.parametrize(
    ("prompt", "options"),
    [
        (
            "Is a tomato a fruit? Your response should include one of the following phrases: "
            "'Botanically yes.', 'Culinarily no.'",
            ("Botanically yes.", "Culinarily no."),
        ),
        (
            'Review the plan. Your answer must contain exactly one of these options: "I agree", '
            '"I disagree".',
            ("I agree", "I disagree"),
        ),
        (
            "Grade this essay and explain why. Answer with one of the following phrases: "
            "(“Grade: A”, “Grade: B”, “Grade: C”)",
            ("Grade: A", "Grade: B", "Grade: C"),
        ),
        (
            "Will it rain tomorrow? Reason step by step, then answer with one of the following "
            'options: "Rain is likely.", "Rain is unlikely."',
            ("Rain is likely.", "Rain is unlikely."),
        ),
        (
            "Is the bridge safe? Your reply has to include one of the following sentences:\n"
            "The bridge is safe.\nThe bridge is unsafe.\nThe bridge needs inspection.",
            ("The bridge is safe.", "The bridge is unsafe.", "The bridge needs inspection."),
        ),
        (
            "Pick from: The verdict is guilty. The verdict is innocent. "
            "Include the exact phrase in your response.",
            ("The verdict is guilty.", "The verdict is innocent."),
        ),
    ],
)
def test_stated_phrase_choices_compile(prompt: str, options: tuple[str, ...]) -> None:
    assert _options(prompt) == [options]


@pytest.mark.parametrize(
    "prompt",
    [
        # The option is the whole answer: the options family's, not this one's.
        "Answer with one of the following options: 'yes', 'no'.",
        # Hedged, questioned, negated or about material handed over.
        "If possible, your answer should include one of these phrases: 'Sure thing.', 'No way.'",
        "Should your answer contain one of the following phrases: 'a b c', 'a b d'?",
        "Your answer does not need to contain one of the following phrases: 'Yes.', 'No.'",
        'The text below says: "Your answer must contain one of the following phrases: '
        "'Yes.', 'No.'\" Summarise it.",
        # One phrase is no choice; unquoted words that are not parallel sentences are no list.
        "Your answer must contain one of the following phrases: 'Thank you.'",
        "Your answer must include one of the following options: red, green or blue.",
        # "Choose from" without asking for the phrase in the answer.
        "Choose from: The red car is fast. The red car is slow. Then describe it.",
    ],
)
def test_near_misses_compile_nothing(prompt: str) -> None:
    assert _options(prompt) == []
