"""Literal values a requirement names by what they are (times, versions,
numbers after a noun naming a value, titled names), and the near misses
that must compile no keyword of them."""

from __future__ import annotations

import pytest

from _compiled_specs import keyword_counts as _keywords


@pytest.mark.parametrize(
    ("prompt", "expected"),
    [
        # a number right after a definite noun naming a value
        ("Write the reminder and mention the year 1899.", {("1899", "at_least", 1)}),
        (
            "Include the phone number 7726 (the spam report number) somewhere.",
            {("7726", "at_least", 1)},
        ),
        ("The notice must contain the number 25%.", {("25%", "at_least", 1)}),
        ("Write one sentence that contains the number 40%.", {("40%", "at_least", 1)}),
        ("Report it and state the temperature 4.2°C twice.", {("4.2°C", "exactly", 2)}),
        ("Please include our extension 4471 exactly once.", {("4471", "exactly", 1)}),
        # clock times, and a range written as one
        ("Mention the departure time 18:30.", {("18:30", "at_least", 1)}),
        (
            "Include the hours 09:00 to 17:30 exactly as written.",
            {("09:00 to 17:30", "at_least", 1)},
        ),
        (
            "Mention the start time 08:15 and the fee €12.50 per person.",
            {("08:15", "at_least", 1), ("€12.50", "at_least", 1)},
        ),
        # a dotted version, also after "exactly as"
        ("Write the note and include the release v4.0.2.", {("v4.0.2", "at_least", 1)}),
        ("Include the build number exactly as 7.1.12.", {("7.1.12", "at_least", 1)}),
        # the manner, then a comma, then the count
        (
            "It must quote the order code ZX-119-Q exactly as written, at least twice.",
            {("ZX-119-Q", "at_least", 2)},
        ),
        # a literal named by its noun as the subject of its own modal clause
        (
            "Rules: the year 1974 must be mentioned, and keep it short.",
            {("1974", "at_least", 1)},
        ),
        (
            "Keep it brief; the hotline 0161 555 0101 must appear exactly once.",
            {("0161 555 0101", "exactly", 1)},
        ),
        # a title's period belongs to the name
        ("Mention Dr. Okafor twice.", {("Dr. Okafor", "exactly", 2)}),
        ("Include the coach's name, Mrs. Brandt, in the letter.", {("Mrs. Brandt", "at_least", 1)}),
    ],
)
def test_literal_values_compile(prompt: str, expected: set[tuple[str, str, int]]) -> None:
    assert _keywords(prompt) == expected


@pytest.mark.parametrize(
    "prompt",
    [
        # a number with no noun naming a value is a count
        "Include 3 examples.",
        "Include the top 5 tips.",
        "Include the number of guests.",
        "Include 20% more detail.",
        "Include the number 3 reasons.",
        # a ratio is no clock time; an indefinite noun names a kind of thing
        "Include a 16:9 image and 3 tips.",
        "Use a year 2025 style of date.",
        # hedged, conditional, asked, negated, about a text of the writer's own
        "Use the year 2025 as an example if you like.",
        "If the total is over 10:00, mention the time 10:30.",
        "Does the text mention the year 1999?",
        "Summarise the article, which mentions the year 1999.",
        "Rewrite the paragraph that mentions the year 1999.",
        "Our code 7781 should not appear.",
        "Don't mention the price €45.00.",
        # a title alone is no name
        "Mention Dr. at least twice.",
        # the year placed in one part is that part's, not a keyword of the whole
        "The year 2025 must appear in the title.",
    ],
)
def test_near_misses_compile_no_keyword(prompt: str) -> None:
    assert _keywords(prompt) == set()
