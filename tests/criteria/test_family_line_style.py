"""The line_style family: one line of the answer wholly bold or italic; its
measure on answers labelled by reading, its repair, the phrasings that state
it and the near misses that must compile nothing."""

from __future__ import annotations

import pytest

from redraft.core._repair import apply_repairs
from redraft.criteria import CHECK_SPEC_ADAPTER, compile_checks, measure_text
from redraft.criteria._families._line_style import LineStyle
from redraft.criteria._vocabulary import repair_for

BOLD_FIRST = LineStyle(index=1, style="bold")
ITALIC_LAST = LineStyle(index=-1, style="italic")
BOLD_SECOND = LineStyle(index=2, style="bold")

# Labelled by reading: (spec, answer, passes).
LABELLED: list[tuple[LineStyle, str, bool]] = [
    (BOLD_FIRST, "**Spring Sale**\n\nEverything 20% off.", True),
    (BOLD_FIRST, "__Spring Sale__\nEverything 20% off.", True),
    (BOLD_FIRST, "# **Spring Sale**\nText.", True),  # a heading's marks set aside
    (BOLD_FIRST, "  **Spring Sale**  \nText.", True),  # whitespace around the line aside
    (BOLD_FIRST, "\n\n**Spring Sale**\nText.", True),  # blank lines are no lines
    (BOLD_FIRST, "<strong>Spring Sale</strong>\nText.", True),
    (BOLD_FIRST, "***Spring Sale***\nText.", True),  # bold and italic
    (BOLD_FIRST, "Spring Sale\nText.", False),
    (BOLD_FIRST, "# Spring Sale\nText.", False),  # a heading is not bold markup
    (BOLD_FIRST, "**Spring** Sale\nText.", False),  # part of the line
    (BOLD_FIRST, "**Spring** and **Sale**\nText.", False),  # two spans
    (BOLD_FIRST, "**Spring Sale**:\nText.", False),  # a mark outside the span
    (BOLD_FIRST, "*Spring Sale*\nText.", False),  # italic, not bold
    (BOLD_FIRST, "** Spring Sale **\nText.", False),  # no span in markdown
    (BOLD_FIRST, "", False),
    (ITALIC_LAST, "Body text.\n\n*In short: go.*", True),
    (ITALIC_LAST, "Body text.\n_In short: go._", True),
    (ITALIC_LAST, "Body text.\n- *a summary in a bullet*", True),  # a list marker aside
    (ITALIC_LAST, "Body text.\n<em>In short</em>", True),
    (ITALIC_LAST, "Body text.\n**In short: go.**", False),  # bold is not italic
    (ITALIC_LAST, "*Body text.*\nIn short: go.", False),  # the first line, not the last
    (ITALIC_LAST, "Body text.\n*In short* go.", False),
    (BOLD_SECOND, "Title\n**Subtitle**\nText", True),
    (BOLD_SECOND, "**Title**", False),  # no second line
]


@pytest.mark.parametrize(("spec", "answer", "passes"), LABELLED)
def test_the_line_style_on_labelled_answers(spec: LineStyle, answer: str, passes: bool) -> None:
    outcome = measure_text(spec, answer)
    assert outcome.passed is passes, outcome.reason
    if not passes:
        assert outcome.suggestion and spec.style in outcome.suggestion


def test_the_spec_round_trips_and_describes_itself() -> None:
    data = {"kind": "line_style", "index": -1, "style": "italic"}
    spec = CHECK_SPEC_ADAPTER.validate_python(data)
    assert spec == ITALIC_LAST
    assert CHECK_SPEC_ADAPTER.validate_json(CHECK_SPEC_ADAPTER.dump_json(spec)) == spec
    assert spec.describe() == "the last line wholly in italic"
    with pytest.raises(ValueError, match="position"):
        CHECK_SPEC_ADAPTER.validate_python({**data, "index": 0})
    with pytest.raises(ValueError, match="style"):
        CHECK_SPEC_ADAPTER.validate_python({**data, "style": "underline"})


@pytest.mark.parametrize(
    ("spec", "answer", "expected"),
    [
        (BOLD_FIRST, "Spring Sale\n\nEverything off.\n", "**Spring Sale**\n\nEverything off.\n"),
        (BOLD_FIRST, "\n## Spring Sale\r\nText", "\n## **Spring Sale**\r\nText"),
        (ITALIC_LAST, "Body.\n\nIn short: go.\n\n", "Body.\n\n*In short: go.*\n\n"),
        (ITALIC_LAST, "Body.\n- the summary", "Body.\n- *the summary*"),
    ],
)
def test_the_repair_wraps_the_line(spec: LineStyle, answer: str, expected: str) -> None:
    assert measure_text(spec, answer).passed is False
    repair = repair_for(spec)
    assert repair == {"op": "style_line", "index": spec.index, "style": spec.style}
    repaired = apply_repairs(answer, [repair])
    assert repaired == expected
    assert measure_text(spec, repaired).passed is True
    assert apply_repairs(repaired, [repair]) == repaired  # a passing answer is unchanged


@pytest.mark.parametrize(
    "answer",
    [
        "**Spring** Sale\nText",  # its own marks: undoing them needs the model
        "my_variable name\nText",
        "",  # no line to style
    ],
)
def test_the_repair_leaves_lines_with_marks_of_their_own(answer: str) -> None:
    repair = repair_for(BOLD_FIRST)
    assert repair is not None
    assert apply_repairs(answer, [repair]) == answer


def styles(prompt: str) -> list[tuple[int, str]]:
    return [
        (c.spec.index, c.spec.style)
        for c in compile_checks(prompt)
        if isinstance(c.spec, LineStyle)
    ]


@pytest.mark.parametrize(
    ("prompt", "expected"),
    [
        (
            "Write a product blurb. Put the headline in bold on the first line, then two "
            "short paragraphs.",
            [(1, "bold")],
        ),
        ("Give it a title in bold.", [(1, "bold")]),
        ("Write a post. The title must be in bold.", [(1, "bold")]),
        ("Finish with a one-line summary in italics.", [(-1, "italic")]),
        ("Make the last line italic.", [(-1, "italic")]),
        ("Write a poem. The first line should be in italics.", [(1, "italic")]),
        ("bold the first line, please", [(1, "bold")]),
        ("Write a recipe with the title in bold text.", [(1, "bold")]),
        ("End with a line in bold.", [(-1, "bold")]),
    ],
)
def test_phrasings_that_compile(prompt: str, expected: list[tuple[int, str]]) -> None:
    assert styles(prompt) == expected


@pytest.mark.parametrize(
    "prompt",
    [
        "Write a bold headline for our sale.",  # daring, or bold type: unsaid
        "Each section needs a title in bold.",  # every part's title
        "Give all titles in bold.",
        "Bold the title of the book wherever it appears.",  # a phrase, not the answer's line
        "Italicize the last line of each verse.",
        "Should the title be in bold?",  # a question
        "If you add a title, put it in bold.",  # conditional, a pronoun
        "The first line of the poem below is in italics.",  # given material
        "Don't put the title in bold.",  # negated
        "Ideally the title would be in bold.",  # hedged
        "Put key terms in bold.",  # words, not a line
    ],
)
def test_near_misses_compile_no_line_style(prompt: str) -> None:
    assert styles(prompt) == []
