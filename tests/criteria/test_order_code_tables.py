"""The order of parts with code blocks and tables among them: the wordings
that put a code block or a table before or after another part compile one
``order`` check per connector, measured on lines (a fenced block's lines,
fences included, are code; ``| … |`` lines are a table); code or a table
the prompt hands over is material, not a part of the answer."""

from __future__ import annotations

import pytest

from redraft.criteria import compile_checks, measure_text
from redraft.criteria._families._order import Order

CODE = "```python\ndef f():\n    return 1\n```"
TABLE = "| planet | moons |\n|---|---|\n| Mars | 2 |"

# Labelled by reading: (parts, answer, passes).
LABELLED: list[tuple[list[str], str, bool]] = [
    (["code", "text"], f"{CODE}\nIt returns one.", True),
    (["code", "text"], f"It returns one.\n{CODE}", False),
    (["code", "text"], f"Here it is:\n{CODE}\nIt returns one.", False),  # prose before too
    (["text", "code"], f"A short function:\n{CODE}", True),
    (["code", "text"], "It returns one.", False),  # no code at all
    (["code", "text"], f"{CODE}\n\n# not a heading inside code\nDone.", True),
    (["table", "text"], f"{TABLE}\n\nMars has two moons.", True),
    (["table", "text"], f"Mars has two moons.\n\n{TABLE}", False),
    (["text", "table"], f"Moons by planet:\n\n{TABLE}", True),
    (["table", "bullets"], f"{TABLE}\n\n- Phobos\n- Deimos", True),
    (["bullets", "table"], f"{TABLE}\n\n- Phobos\n- Deimos", False),
    (["code", "bullets"], f"{CODE}\n- fast\n- small", True),
]


@pytest.mark.parametrize(("parts", "answer", "passes"), LABELLED)
def test_the_order_of_code_and_tables_is_measured_on_lines(
    parts: list[str], answer: str, passes: bool
) -> None:
    outcome = measure_text(Order.model_validate({"parts": parts}), answer)
    assert outcome.passed is passes, outcome.reason


def compiled(prompt: str) -> list[list[str]]:
    return [list(c.spec.parts) for c in compile_checks(prompt) if isinstance(c.spec, Order)]


@pytest.mark.parametrize(
    ("prompt", "parts"),
    [
        ("Write a function to reverse a list. Show it in a code block and then explain it.",
         ["code", "text"]),
        ("Give me a markdown table of 3 planets followed by a short paragraph.",
         ["table", "text"]),
        ("First a short introduction, then a table of prices.", ["text", "table"]),
        ("Write the code, then a bulleted list of caveats.", ["code", "bullets"]),
        ("Give me a short paragraph, then the code.", ["text", "code"]),
    ],
)  # fmt: skip
def test_wordings_that_order_code_or_a_table(prompt: str, parts: list[str]) -> None:
    assert compiled(prompt) == [parts]


@pytest.mark.parametrize(
    "prompt",
    [
        "Read the table below, then write a summary paragraph.",  # the table is material
        "I pasted the code, then a paragraph about the bug.",
        "Fix the code, then explain it.",  # the code exists already
        "Look at my code and then explain what is wrong.",
        "Don't put the code before the explanation.",
        "Should I give the table first, then the notes?",
        "Write a script that builds a table, then prints a summary.",
    ],
)
def test_near_misses_order_nothing(prompt: str) -> None:
    assert compiled(prompt) == []
