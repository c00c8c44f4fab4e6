"""An item format the writer states as a regular expression: no template
states it whole (never coverage), but a template whose own text the
expression matches states its shape (implied); one it does not match is
false."""

from __future__ import annotations

from _blind_cases import covered, expect, implied

_FORMAT = {
    "family": "line_format",
    "unit": "line",
    "scope": "each line",
    "relation": "matches_format",
    "value": "^[A-Z][a-z]+: .+$",
}


def test_a_template_the_expression_matches_is_implied() -> None:
    found = expect(_FORMAT)
    spec = {"kind": "item_template", "template": "Language: translation"}
    assert implied(found, spec)
    assert not covered(found, spec)


def test_a_template_the_expression_refuses_is_not() -> None:
    found = expect(_FORMAT)
    assert not implied(found, {"kind": "item_template", "template": "1) language - word"})
