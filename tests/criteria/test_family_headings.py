"""The heading-count family: ATX headings measured as CommonMark reads them
(code blocks excluded), the correction, and the phrasings that compile."""

from __future__ import annotations

import pytest

from redraft.criteria import HeadingCount, compile_checks, measure_text

FENCE = "```"

# 22 answers labelled by reading them: (text, headings of any level, H2 headings).
LABELLED = [
    ("# Title\n\nBody.", 1, 0),
    ("## One\ntext\n## Two\ntext\n## Three", 3, 3),
    ("No headings here at all.", 0, 0),
    ("#hashtag is not a heading", 0, 0),
    ("####### seven marks is a paragraph", 0, 0),
    ("   ## three spaces of indent", 1, 1),
    ("    ## four spaces is indented code", 0, 0),
    (f"{FENCE}python\n# a comment\n## not a heading\n{FENCE}\n## Real", 1, 1),
    ("~~~\n# inside a tilde fence\n~~~", 0, 0),
    (f"{FENCE}\n# an unclosed fence runs to the end\n## still code", 0, 0),
    ("Title\n=====\n\nSetext is not counted", 0, 0),
    ("Intro\n---\nA setext H2 is not counted either", 0, 0),
    ("#\n\nAn empty heading is a heading", 1, 0),
    ("## Closed ##\n### Deeper", 2, 1),
    ("# A\n## B\n### C\n#### D\n##### E\n###### F", 6, 1),
    ("> ## Quoted heading\n\ntext", 1, 1),
    ("- item\n\n## After a list", 1, 1),
    ("Text with a # in the middle of a line", 0, 0),
    ("**Bold line**\n\nBold is not a heading", 0, 0),
    ("## Tabbed\theading\n##\tTab after marks", 2, 2),
    ("1. ## numbered then heading", 1, 1),
    ("\\## escaped marks", 0, 0),
]


@pytest.mark.parametrize(("text", "any_level", "h2"), LABELLED)
def test_the_measure_counts_atx_headings_outside_code(text: str, any_level: int, h2: int) -> None:
    assert measure_text(HeadingCount(relation="exactly", value=any_level), text).passed
    assert measure_text(HeadingCount(relation="exactly", value=h2, level=2), text).passed
    assert not measure_text(HeadingCount(relation="exactly", value=any_level + 1), text).passed


def test_the_correction_names_the_count_and_the_marks() -> None:
    spec = HeadingCount(relation="exactly", value=3, level=2)
    outcome = measure_text(spec, "## One\n\ntext")
    assert not outcome.passed
    assert outcome.data["measured"] == 1
    assert outcome.suggestion is not None
    assert "has 1 heading" in outcome.suggestion and "2 more" in outcome.suggestion
    assert "'##'" in outcome.suggestion
    over = measure_text(HeadingCount(relation="at_most", value=1), "# A\n# B\n# C")
    assert over.suggestion is not None and "Remove at least 2 headings" in over.suggestion
    assert spec.describe() == "exactly 3 headings of level 2 (H2)"


def headings(prompt: str) -> list[tuple[str, int, int | None]]:
    return [
        (c.spec.relation, c.spec.value, c.spec.level)
        for c in compile_checks(prompt)
        if isinstance(c.spec, HeadingCount)
    ]


@pytest.mark.parametrize(
    ("prompt", "expected"),
    [
        ("Explain tides. Use exactly 3 H2 headings.", [("exactly", 3, 2)]),
        ("Write a report with at least four section headings.", [("at_least", 4, None)]),
        ("Your answer should have no more than 2 headers.", [("at_most", 2, None)]),
        ("Include between 2 and 5 headings.", [("at_least", 2, None), ("at_most", 5, None)]),
        ("Do not use any headings.", [("at_most", 0, None)]),
        ("Write it without headers.", [("at_most", 0, None)]),
        ("Organise the guide with 4 level-2 headings.", [("exactly", 4, 2)]),
        ("Use fewer than 3 H1 headings.", [("at_most", 2, 1)]),
        ("6 headings.", [("exactly", 6, None)]),
        ("Describe the planets. Use an H1 title and short paragraphs.", [("exactly", 1, 1)]),
    ],
)
def test_phrasings_that_compile(prompt: str, expected: list[tuple[str, int, int | None]]) -> None:
    assert headings(prompt) == expected


@pytest.mark.parametrize(
    "prompt",
    [
        "Make a table with 3 headers.",
        "Add a heading for each section.",
        "Use 2 headings per page.",
        "Ideally, use 3 headings.",
        "Use around 3 headings if possible.",
        "My report has 3 headings; summarise it.",
        "Use 3 top-level headings.",
        "Write an email with 2 headers.",
        "Does the answer need 3 headings?",
        'Translate this: "Use exactly 3 headings."',
        "Set 2 HTTP headers on the request.",
        "Start with an H1 title if you like.",
    ],
)
def test_near_misses_compile_nothing(prompt: str) -> None:
    assert headings(prompt) == []
