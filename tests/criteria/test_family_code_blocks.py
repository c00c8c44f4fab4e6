"""The code-block family: fenced blocks as CommonMark reads them, the
language of each, the correction, and the phrasings that compile."""

from __future__ import annotations

import pytest

from redraft.criteria import CodeBlockCount, CodeOnly, compile_checks, measure_text

F = "```"

# 22 answers labelled by reading them: (text, fenced blocks, Python blocks).
LABELLED = [
    ("No code at all.", 0, 0),
    (f"{F}python\nprint(1)\n{F}", 1, 1),
    (f"{F}py\nprint(1)\n{F}", 1, 1),
    (f"{F}Python3\nprint(1)\n{F}", 1, 1),
    (f"{F}\nplain\n{F}", 1, 0),
    (f"{F}js\nx()\n{F}\n\n{F}python\ny()\n{F}", 2, 1),
    ("~~~python\nprint(1)\n~~~", 1, 1),
    (f"{F}python\nunclosed runs to the end", 1, 1),
    ("    indented code is not fenced", 0, 0),
    ("Inline `code` is not a block", 0, 0),
    (f"{F}python {{.numberLines}}\nx = 1\n{F}", 1, 1),
    (f"Text\n{F}sql\nSELECT 1;\n{F}\nmore text", 1, 0),
    (f"{F}python\n{F}", 1, 1),
    (f"> {F}python\n> quoted\n> {F}", 1, 1),
    (f"````\n{F}python\nnested\n{F}\n````", 1, 0),
    (f"{F}bash\nls\n{F}\n{F}sh\npwd\n{F}\n{F}python\nx\n{F}", 3, 1),
    (f"{F}pythonic\nnot python\n{F}", 1, 0),
    ("`` not a fence ``", 0, 0),
    (f"- step\n\n  {F}python\n  x = 1\n  {F}", 1, 1),
    (f"{F}text\nplain\n{F}\n\n{F}text\nplain\n{F}", 2, 0),
    ("~~~\none\n~~~\n~~~\ntwo\n~~~\n~~~\nthree\n~~~", 3, 0),
    (f"{F}PY\nUPPER\n{F}", 1, 1),
]


@pytest.mark.parametrize(("text", "blocks", "python"), LABELLED)
def test_the_measure_counts_fenced_blocks(text: str, blocks: int, python: int) -> None:
    assert measure_text(CodeBlockCount(relation="exactly", value=blocks), text).passed
    assert measure_text(
        CodeBlockCount(relation="exactly", value=python, language="py"), text
    ).passed
    assert not measure_text(CodeBlockCount(relation="exactly", value=blocks + 1), text).passed


def test_a_language_has_one_name() -> None:
    assert CodeBlockCount(relation="at_least", value=1, language="JS").language == "javascript"
    assert CodeBlockCount(relation="at_least", value=1, language="bash").language == "shell"


def test_the_correction_names_the_count_and_the_fence() -> None:
    spec = CodeBlockCount(relation="at_least", value=1, language="sql")
    outcome = measure_text(spec, f"{F}\nSELECT 1;\n{F}")
    assert not outcome.passed
    assert outcome.data["measured"] == 0
    assert outcome.suggestion is not None
    assert "has 0 code blocks" in outcome.suggestion and "```sql" in outcome.suggestion
    assert spec.describe() == "at least 1 code block in sql"


# 20 answers labelled by reading them: (text, only one block, only one Python block).
ONLY = [
    (f"{F}python\nx = 1\n{F}", True, True),
    (f"\n  {F}py\nx = 1\n{F}\n\n", True, True),
    (f"{F}\nx = 1\n{F}", True, False),
    ("~~~python\nx = 1\n~~~", True, True),
    (f"{F}python\n{F}", True, True),
    (f"Here you go:\n{F}python\nx = 1\n{F}", False, False),
    (f"{F}python\nx = 1\n{F}\nHope this helps.", False, False),
    (f"{F}python\nx = 1", False, False),
    (f"{F}python\nx\n{F}\n{F}python\ny\n{F}", False, False),
    ("x = 1", False, False),
    ("", False, False),
    ("    x = 1", False, False),
    ("`x = 1`", False, False),
    (f"{F}js\nx()\n{F}", True, False),
    (f"{F}Python\nprint('```')\n{F}", True, True),
    (f"````python\nprint(1)\n{F}\n````", True, True),
    (f"{F}python\nx = 1\n{F}.", False, False),
    (f"> {F}python\n> x\n> {F}", False, False),
    (f"{F}sql\nSELECT 1;\n{F}", True, False),
    (f"**Code:**\n\n{F}python\nx\n{F}", False, False),
]


@pytest.mark.parametrize(("text", "only", "only_python"), ONLY)
def test_code_only_is_one_closed_block_and_nothing_else(
    text: str, only: bool, only_python: bool
) -> None:
    assert measure_text(CodeOnly(), text).passed is only
    assert measure_text(CodeOnly(language="python"), text).passed is only_python


def test_code_only_says_what_is_outside_the_block() -> None:
    outcome = measure_text(CodeOnly(language="py"), f"Sure!\n{F}python\nx\n{F}")
    assert not outcome.passed and outcome.suggestion is not None
    assert "text outside" in outcome.suggestion and "```python" in outcome.suggestion


def blocks(prompt: str) -> list[tuple[str, str, int, str | None]]:
    found: list[tuple[str, str, int, str | None]] = []
    for c in compile_checks(prompt):
        if isinstance(c.spec, CodeBlockCount):
            found.append(("count", c.spec.relation, c.spec.value, c.spec.language))
        elif isinstance(c.spec, CodeOnly):
            found.append(("whole", "", 0, c.spec.language))
    return found


@pytest.mark.parametrize(
    ("prompt", "expected"),
    [
        ("Give exactly 2 code blocks.", [("count", "exactly", 2, None)]),
        ("Include at least one Python code block.", [("count", "at_least", 1, "python")]),
        ("Write the query, and put the SQL in a code block.", [("count", "exactly", 1, None)]),
        ("Show the function in a ```python block.", [("count", "exactly", 1, "python")]),
        # one thing in one block: "it" and "the code" are one block's
        ("Write a haiku and put it in a code block.", [("count", "exactly", 1, None)]),
        ("Put the examples in a code block.", [("count", "at_least", 1, None)]),
        ("Put the code in a single ```python code block.", [("count", "exactly", 1, "python")]),
        # only the YAML in its block: the whole answer is that one block
        (
            "Only output the YAML inside a ```yaml block.",
            [("count", "exactly", 1, "yaml"), ("whole", "", 0, "yaml")],
        ),
        ("Use a ```sql block and uppercase keywords.", [("count", "exactly", 1, "sql")]),
        ("Wrap it in a ```html fence.", [("count", "exactly", 1, "html")]),
        ("please keep the snippet in one ```bash code block", [("count", "exactly", 1, "shell")]),
        ("Use no more than 3 code blocks.", [("count", "at_most", 3, None)]),
        ("Don't use code blocks.", [("count", "at_most", 0, None)]),
        (
            "Reply with just a single python code block.",
            [("whole", "", 0, "python")],
        ),
        (
            "Respond with only a code block.",
            [("whole", "", 0, None)],
        ),
        ("Provide 2 bash code blocks.", [("count", "exactly", 2, "shell")]),
        ("Write a CSS rule and put it in a single ```css block.", [("count", "exactly", 1, "css")]),
        ("Put the query in one code block.", [("count", "exactly", 1, None)]),
        ("Explain closures. No code fences.", [("count", "at_most", 0, None)]),
    ],
)
def test_phrasings_that_compile(
    prompt: str, expected: list[tuple[str, str, int, str | None]]
) -> None:
    assert sorted(blocks(prompt), key=str) == sorted(expected, key=str)


@pytest.mark.parametrize(
    "prompt",
    [
        "Put each example in its own code block.",
        "Use a code block per step.",
        "Ideally, put the code in a code block.",
        "My code block below has 3 errors. Fix them.",
        "Put the code below in a code block.",
        "You don't need a code block.",
        "Respond with only a code block and then explain it.",
        "Would 2 code blocks be better?",
        "Show the snippet in a ```foo block.",
        "Put them in a code block.",
        "Put each answer in a code block.",
        "Should I use a ```sql block?",
        "Maybe use a ```sql block.",
        "My code block below uses a ```sql block.",
    ],
)
def test_near_misses_compile_nothing(prompt: str) -> None:
    assert [b for b in blocks(prompt) if b[0] == "count"] == []
