"""The last line named "a final line": "then a final line reading 'Lie: X'"
and "a final line starting with 'Answers:'" (a label opens the line, text
follows it); the near misses that compile nothing."""

from __future__ import annotations

import pytest

from redraft.criteria import compile_checks
from redraft.criteria._families._line_template import LineTemplate


def _lines(prompt: str) -> list[tuple[str, str]]:
    specs = [c.spec for c in compile_checks(prompt)]
    return [(s.line, s.template) for s in specs if isinstance(s, LineTemplate)]


@pytest.mark.parametrize(
    ("prompt", "template"),
    [
        ("Write three facts about owls, then a final line reading 'Fake: X'.", "Fake: <text>"),
        (
            'Give me 4 riddles, one per line. Then write a final line starting with "Answers:".',
            "Answers: <text>",
        ),
        (
            "Give me 5 names for a cat, then put your favourite on a final sixth line "
            'starting with "Choice: ".',
            "Choice: <text>",
        ),
    ],
)
def test_a_final_line_compiles(prompt: str, template: str) -> None:
    assert _lines(prompt) == [("last", template)]


@pytest.mark.parametrize(
    "prompt",
    [
        # no label: the line may be the phrase alone
        'Write a poem, then a final line starting with "So".',
        # one of several, hedged, negated, a question
        'Write a poem, then a final line starting with "Note:" or "PS:".',
        'Maybe add a final line starting with "Note:".',
        'Write a poem but not a final line starting with "Note:".',
        'Should I write a final line starting with "Note:"?',
    ],
)
def test_near_misses_compile_no_final_line(prompt: str) -> None:
    assert _lines(prompt) == []
