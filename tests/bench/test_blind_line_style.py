"""The blind mapper's bold or italic first or last line (bench/_blind_line_style.py):
a writer's emphasis shape over the whole line maps to ``line_style``; other
shapes and other parts do not."""

from __future__ import annotations

from typing import Any

import pytest

from _blind_cases import covered, expect

BOLD_FIRST = {"kind": "line_style", "index": 1, "style": "bold"}
ITALIC_LAST = {"kind": "line_style", "index": -1, "style": "italic"}


def _format(scope: str, value: str) -> dict[str, Any]:
    return {
        "family": "title_format",
        "unit": "line",
        "scope": scope,
        "relation": "matches_format",
        "value": value,
    }


@pytest.mark.parametrize(
    ("scope", "value", "spec"),
    [
        ("first line", "**...**", BOLD_FIRST),
        ("first line", r"^\*\*[^*].*\*\*$", BOLD_FIRST),
        ("first line", "__…__", BOLD_FIRST),
        ("last line", r"^\*[^*].*\*$|^_.*_$", ITALIC_LAST),
        ("final line", "*...*", ITALIC_LAST),
    ],
)
def test_an_emphasis_shape_over_the_line_is_line_style(
    scope: str, value: str, spec: dict[str, Any]
) -> None:
    got = expect(_format(scope, value))
    assert covered(got, spec)
    other = spec | {"style": "italic" if spec["style"] == "bold" else "bold"}
    assert not covered(got, other)
    assert not covered(got, spec | {"index": 2})


@pytest.mark.parametrize(
    ("scope", "value"),
    [
        ("first line", "Month D, YYYY"),  # a date, not a style
        ("first line", "**Step N:** ..."),  # a bold label, then more
        ("second line", "**...**"),  # no writer's shape for a middle line here
        ("each line", "**...**"),  # every line: another mapping's
    ],
)
def test_other_shapes_and_parts_are_not_line_style(scope: str, value: str) -> None:
    got = expect(_format(scope, value))
    assert not covered(got, BOLD_FIRST) and not covered(got, BOLD_FIRST | {"index": 2})
