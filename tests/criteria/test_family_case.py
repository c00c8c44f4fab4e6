"""Letter case phrasings that name the letters themselves ("all letters in
your response must be lowercase"), and the near misses around them."""

from __future__ import annotations

import pytest

from redraft.criteria import LetterCase, compile_checks


def _cases(prompt: str) -> list[str]:
    return [c.spec.case for c in compile_checks(prompt) if isinstance(c.spec, LetterCase)]


@pytest.mark.parametrize(
    "prompt",
    [
        "Suggest a name for a bakery. All letters in your response must be lower case letters.",
        "Describe the harbour at dawn and contain only lowercase letters.",
        "Write a short poem about moss, with all letters lowercased.",
        "Every letter in your answer should be in lowercase.",
        "All of the letters in the reply have to be lowercase.",
    ],
)
def test_the_letters_in_lowercase_compile(prompt: str) -> None:
    assert _cases(prompt) == ["lower"]


@pytest.mark.parametrize(
    "prompt",
    [
        "Write a slogan. Make sure to only use capital letters in your entire response.",
        "List ten names. All letters in your entire response should be capitalized.",
        "Shout a greeting; no lowercase letters are allowed.",
        "Every letter of the reply must be in uppercase.",
    ],
)
def test_the_letters_in_capitals_compile(prompt: str) -> None:
    assert _cases(prompt) == ["upper"]


@pytest.mark.parametrize(
    "prompt",
    [
        "Should all letters be lowercase?",
        "Should every letter be capitalized?",
        "The acronyms in my notes use only capital letters; expand them.",
        "If possible, all letters should be lowercase.",
        "In the title, all letters are lowercase.",
        "My essay has all letters in lowercase; fix its grammar.",
        'Rewrite this: "All letters are lowercase here."',
    ],
)
def test_near_misses_compile_nothing(prompt: str) -> None:
    assert _cases(prompt) == []
