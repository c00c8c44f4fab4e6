"""Roman numerals for section headings ("numbered sections with Roman
numerals (I., II.)", "number the section headings with Roman numerals") are
the headings' numbering, not a marker style for the answer's list items."""

from __future__ import annotations

import pytest

from redraft.criteria import compile_checks


def markers(prompt: str) -> list[str]:
    return [
        c.spec.marker  # type: ignore[attr-defined]
        for c in compile_checks(prompt)
        if c.spec.kind_name() == "list_marker"
    ]


@pytest.mark.parametrize(
    "prompt",
    [
        "Use numbered sections with Roman numerals (I., II., III.), no more than four sections.",
        "Short history of tea in 4 sections. Number the section headings with Roman numerals "
        "followed by a full stop (I., II., III., IV.).",
        "Write a report with chapters in Roman numerals (I., II., III.).",
        "Give the headings with Roman numerals (I., II.).",
    ],
)
def test_numerals_of_sections_compile_no_marker(prompt: str) -> None:
    assert markers(prompt) == []


@pytest.mark.parametrize(
    "prompt",
    [
        "List the steps with Roman numerals (I., II., III.).",
        "Use Roman numerals (I., II., III.) for the list.",
        "Number the items with Roman numerals (I., II.).",
        "Give 5 tips, numbered with Roman numerals (I., II., III.).",
    ],
)
def test_numerals_of_list_items_still_compile(prompt: str) -> None:
    assert markers(prompt) == ["I."]
