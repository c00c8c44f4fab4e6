"""Placeholders named as tokens compile a keyword for each token, as written."""

from __future__ import annotations

import pytest

from redraft.criteria import compile_checks, measure_text
from redraft.criteria._families._keywords import Keyword


def _tokens(prompt: str) -> list[str]:
    return [c.spec.keyword for c in compile_checks(prompt) if isinstance(c.spec, Keyword)]


@pytest.mark.parametrize(
    ("prompt", "expected"),
    [
        ("Write the letter and include the placeholder [DATE] somewhere.", ["[DATE]"]),
        ("Add the placeholders {name} and {city}.", ["{name}", "{city}"]),
        ("please use a placeholder <NAME> for the signature", ["<NAME>"]),
        ("Draft the invite. Keep the placeholder {{first_name}} as is.", ["{{first_name}}"]),
    ],
)
def test_each_token_must_appear(prompt: str, expected: list[str]) -> None:
    assert _tokens(prompt) == expected


@pytest.mark.parametrize(
    "prompt",
    [
        "Leave placeholders in curly braces like {customer_name}.",  # a form by example
        "Don't include the placeholder [DATE].",  # negated
        "Should I include the placeholder [DATE]?",  # asked
        "Add the placeholder [NAME] in the greeting.",  # a part's
        "Maybe add a placeholder [LINK] somewhere.",  # hedged
    ],
)
def test_near_misses_compile_nothing(prompt: str) -> None:
    assert _tokens(prompt) == []


@pytest.mark.parametrize(
    ("answer", "passes"),
    [
        ("On [DATE] the tap broke.", True),
        ("On DATE the tap broke.", False),  # the brackets are part of it
        ("[DATE]", True),
        ("On [date] it broke.", True),  # case aside, as every keyword
        ("", False),
    ],
)
def test_the_token_is_measured_as_written(answer: str, passes: bool) -> None:
    spec = Keyword(keyword="[DATE]", relation="at_least", value=1)
    assert measure_text(spec, answer).passed is passes
