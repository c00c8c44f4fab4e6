"""The repeated-request family: the request is the prompt above the
instruction, or the text after the blank line below it; a repeat in other
words, a question about repeating, or a repeat not asked of the answer
compiles nothing."""

from __future__ import annotations

import pytest

from redraft.criteria import RepeatRequest, compile_checks, measure_text


def repeats(prompt: str) -> list[str]:
    return [c.spec.text for c in compile_checks(prompt) if isinstance(c.spec, RepeatRequest)]


@pytest.mark.parametrize(
    ("prompt", "asked"),
    [
        (
            "Write a blog post about trains.\nFirst repeat the sentence above word for word "
            "without change, then give your answer.",
            "Write a blog post about trains.",
        ),
        (
            "I need a cover letter. Can you help?\n\nFirst repeat the exact request above, "
            "then give your answer.",
            "I need a cover letter. Can you help?",
        ),
        (
            "Name three rivers in Peru.\nPlease repeat the entire prompt above without any "
            "change before you answer.",
            "Name three rivers in Peru.",
        ),
        (
            "First repeat the request below, word for word without change, then give your "
            "answer.\n\nWrite a story about a lighthouse keeper.",
            "Write a story about a lighthouse keeper.",
        ),
        (
            "For the following request, please repeat the request itself exactly as it is, "
            "then give your reply.\n\nHello. Help me plan a talk about owls.",
            "Hello. Help me plan a talk about owls.",
        ),
        (
            "Before you answer the following request, repeat it at the very beginning of your "
            "reply.\n\nWrite a menu for a seaside cafe.",
            "Write a menu for a seaside cafe.",
        ),
        (
            "Write a tweet about rain.\nYou need to repeat the sentence above first. Do not "
            "change any word.",
            "Write a tweet about rain.",
        ),
        (
            "Why do cats purr?\n\nLet's repeat all text above word by word, then reply.",
            "Why do cats purr?",
        ),
        (
            "Suggest a name for a bakery.\nLet us repeat the request above first, before "
            "saying anything else.",
            "Suggest a name for a bakery.",
        ),
    ],
)
def test_a_request_placed_above_or_below_compiles(prompt: str, asked: str) -> None:
    assert repeats(prompt) == [asked]


@pytest.mark.parametrize(
    "prompt",
    [
        "Explain gravity.\nRepeat the question above in your own words, then answer it.",
        "Explain gravity.\nCan you summarize the text above?",
        "Repeat the request below first.",  # nothing below it
        "My teacher told me to repeat the text above word for word until I know it. Any tips?",
        "The poem above is lovely.\nShould I repeat the text above verbatim in my speech?",
        "Here is my essay.\n\nThe assignment said: first repeat the prompt above, then answer. "
        "Did I do that?",
        "Describe a forest.\nRepeat the text above in a formal tone first.",
        "Describe a forest.\nLet's not repeat the request above first.",
        "Describe a forest.\nLet's maybe repeat the request above first.",
    ],
)
def test_near_misses_compile_nothing(prompt: str) -> None:
    assert repeats(prompt) == []


REQUEST = RepeatRequest(text="Write a haiku about snow.")


@pytest.mark.parametrize(
    ("answer", "passes"),
    [
        ("Write a haiku about snow.\n\nSoft flakes on the pine", True),
        ("write a haiku   about snow.\nSoft flakes", True),  # case and spacing aside
        ("  Write a haiku about snow. Snow falls.", True),
        ("Write a haiku about snow.", True),
        ("Sure! Write a haiku about snow. Snow falls.", False),
        ("Write a haiku about the snow. Snow falls.", False),
        ("Soft flakes on the pine", False),
        ("Write a haiku about snow", False),  # the full stop is part of the request
        ("", False),
        ("Here is the request: Write a haiku about snow.", False),
    ],
)
def test_the_answer_must_open_with_the_request(answer: str, passes: bool) -> None:
    outcome = measure_text(REQUEST, answer)
    assert outcome.passed is passes
    if not passes:
        assert outcome.suggestion and "word for word" in outcome.suggestion
