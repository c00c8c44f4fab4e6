"""The blind mapper's separator between items (bench/_blind_layout.py):
a writer's separator or delimiter mark maps to ``comma_list`` with that
separator, spaces around it aside; a comma list to the comma's only."""

from __future__ import annotations

from typing import Any

import pytest

from _blind_cases import covered, expect


@pytest.mark.parametrize(
    ("fields", "mark"),
    [
        ({"family": "separator", "unit": None, "relation": "other", "value": " > "}, ">"),
        (
            {
                "family": "delimiter",
                "unit": "separator",
                "scope": "between items",
                "relation": "equals",
                "value": ";",
            },
            ";",
        ),
    ],
)
def test_a_separator_between_items_is_a_separated_line(fields: dict[str, Any], mark: str) -> None:
    got = expect(fields)
    assert covered(got, {"kind": "comma_list", "separator": mark})
    assert covered(got, {"kind": "comma_list", "separator": f" {mark} "})
    assert not covered(got, {"kind": "comma_list", "separator": ","})


def test_a_comma_list_is_not_another_separators() -> None:
    got = expect({"family": "comma_separated", "unit": "list", "relation": "other", "value": ","})
    assert covered(got, {"kind": "comma_list", "separator": ","})
    assert not covered(got, {"kind": "comma_list", "separator": ";"})
