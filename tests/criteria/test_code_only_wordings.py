"""Wordings of the whole answer as one code block, asked by naming the
block and saying nothing else comes with it (and near misses that must
not compile), and a sentence that ends on the answer "No" before the next
requirement."""

from __future__ import annotations

import pytest

from redraft.criteria import CodeBlockCount, CodeOnly, compile_checks


def _specs(prompt: str) -> list[object]:
    return [check.spec for check in compile_checks(prompt)]


# (prompt, the block's language): the whole answer is one block in it
ONLY_BLOCK = [
    ("Respond with one shell command inside one ```bash code block and nothing else.", "shell"),
    ("Only output the query inside a ```sql block, no explanation.", "sql"),
    ("Just give me the regex inside a code block.", None),
    ("Two lines of code only, in a code block, no explanation text.", None),
    (
        "Write the migration. Put it in a ```sql code block and add nothing outside the block.",
        "sql",
    ),
    ("Only reply with the program's output inside one code block, nothing else.", None),
    ("Only print the config inside a ```yaml code block.", "yaml"),
    ("Fix my grammar and give me ONLY the fixed text inside a ```text code block.", "text"),
    ("Only the corrected text inside a ```foo block, nothing else.", None),
    ("Only the command inside a ```sh block, no prose.", "shell"),
    ("Respond with a single ```js block and no prose before or after it.", "javascript"),
    ("Reply with the query and nothing else, in a ```sql code block.", "sql"),
    ("Only the function inside one ```python block.", "python"),
]


@pytest.mark.parametrize(("prompt", "language"), ONLY_BLOCK)
def test_only_one_block_compiles_code_only_and_one_block(prompt: str, language: str | None) -> None:
    specs = _specs(prompt)
    assert CodeOnly(language=language) in specs
    assert CodeBlockCount(relation="exactly", value=1, language=language) in specs


NOT_ONLY_BLOCK = [
    # someone else's output, or code the user has
    "My script should only print the SQL inside a code block.",
    "Write a function that returns only the result inside a code block.",
    "Only the code below inside a code block.",
    # hedged, conditional, negated, questioned
    "If you can, only output the SQL inside a ```sql block.",
    "Ideally, only output the SQL inside a ```sql block.",
    "Do not reply with only the SQL inside a code block.",
    "Should I only output the SQL inside a code block?",
    # something asked beside the block
    "Only output the SQL inside a ```sql block, then explain it in two sentences.",
    "Only output the SQL inside a ```sql block. Afterwards, explain each clause.",
    "Reply with the pattern inside a single code block, then one sentence explaining it.",
    # one block per part; comments are inside the code
    "Give each answer inside a code block and nothing else.",
    "Respond with the SQL inside a code block, no comments.",
]


@pytest.mark.parametrize("prompt", NOT_ONLY_BLOCK)
def test_near_misses_compile_no_code_only(prompt: str) -> None:
    assert not any(isinstance(spec, CodeOnly) for spec in _specs(prompt))


def test_yes_or_no_ends_its_sentence() -> None:
    # "No." after "yes or" is the answer word, not "number": the next
    # sentence is read on its own
    prompt = "Fit for work must be Yes or No. Dates as DD Month YYYY."
    assert any(spec.kind_name() == "date_format" for spec in _specs(prompt))  # type: ignore[attr-defined]
    # "No. 5" is still a number, and its sentence goes on
    assert [s.kind_name() for s in _specs("Read item No. 5 first.")] == []  # type: ignore[attr-defined]
