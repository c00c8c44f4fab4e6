"""A code asked as the whole answer with one exact length: "a 6-character
voucher code … Output just the code." is exactly that many characters of
answer. Bounds, several codes, a second length, a question, a policy, a
hedge or a code beside an explanation compile no exact character count."""

from __future__ import annotations

import pytest

from _compiled_specs import specs_of_kind


def chars(prompt: str) -> list[tuple[object, object]]:
    return [(s["relation"], s["value"]) for s in specs_of_kind(prompt, "char_count")]


@pytest.mark.parametrize(
    ("prompt", "value"),
    [
        ("Create an 8-character voucher code for our spring sale. Output just the code.", 8),
        ("Suggest a Wi-Fi password: 20 characters, mixed case. Return only the password.", 20),
        ("Make up a 5-character booking code with no vowels. Print the code and nothing else.", 5),
        ("Give me a sample API key, 32 characters long. Output only the key.", 32),
    ],
)
def test_one_code_alone_has_its_length(prompt: str, value: int) -> None:
    assert chars(prompt) == [("exactly", value)]


@pytest.mark.parametrize(
    "prompt",
    [
        # bounds are not this rule's exact length
        "Make up a password of at least 12 characters. Output only the password.",
        # several codes, each its own length
        "Give me 3 voucher codes, each 8 characters. Output only the codes.",
        # the code beside an explanation
        "Make up a 10-character password. Explain why it is strong.",
        # a question, a policy, two lengths, a hedge
        "Is a 12-character password enough? Output only the password.",
        "Our policy says passwords are 12 characters. Output only the password.",
        "Make up a 10-character password and a 4-character PIN. Output only the password.",
        "Maybe generate an 8-character code. Output only the code.",
        "Generate an 8-character code. If you can, output only the code.",
        # a length of something else
        "Write a tweet of 200 characters about our sale code. Output only the code.",
    ],
)
def test_code_length_near_misses(prompt: str) -> None:
    assert ("exactly",) not in [c[:1] for c in chars(prompt)]
