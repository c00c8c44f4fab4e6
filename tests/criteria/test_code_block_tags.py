"""Code blocks whose language is said after them ("tagged bash", "both
marked as bash"), fences named by an info string only a fence uses
("```toml", "```text"), and a block asked as one item of a list that names
what it holds ("the pattern inside a single code block")."""

from __future__ import annotations

from typing import Literal

import pytest

from redraft.criteria import CodeBlockCount, CodeOnly, compile_checks, measure_text

F = "```"


def _blocks(prompt: str) -> list[CodeBlockCount]:
    return [c.spec for c in compile_checks(prompt) if isinstance(c.spec, CodeBlockCount)]


POSITIVE = [
    ("Use a code block tagged bash for the commands.", "exactly", 1, "shell"),
    ("Include exactly two code blocks, both marked as bash.", "exactly", 2, "shell"),
    ("Include at least one code block, labelled as sql.", "at_least", 1, "sql"),
    ("Put the example in a ```json fenced block.", "exactly", 1, "json"),
    ("Show exactly one SQL query in a ```sql block.", "exactly", 1, "sql"),
    ("Put the config in a ```toml block.", "exactly", 1, "toml"),
    ("Put the code in a ```diff block.", "exactly", 1, "diff"),
    (
        "Reply in exactly two parts: the pattern inside a single code block, then one"
        " sentence explaining it.",
        "exactly",
        1,
        None,
    ),
    (
        "Write the function with type hints, code in one ```python block, and keep the"
        " explanation short.",
        "exactly",
        1,
        "python",
    ),
    ("Give two options, the examples in a code block.", "at_least", 1, None),
]


@pytest.mark.parametrize(("prompt", "relation", "value", "language"), POSITIVE)
def test_the_block_and_its_language_compile(
    prompt: str,
    relation: Literal["at_least", "at_most", "exactly"],
    value: int,
    language: str | None,
) -> None:
    assert _blocks(prompt) == [CodeBlockCount(relation=relation, value=value, language=language)]


@pytest.mark.parametrize(
    "prompt",
    [
        "Don't use a code block tagged bash.",
        "My code block below is tagged bash; fix it.",
        "Maybe put the query in a ```sql block.",
        "Show the snippet in a ```foo block.",
        "Would a code block marked as python help here?",
        "If you show code, use a block tagged bash.",
    ],
)
def test_near_misses_compile_no_block(prompt: str) -> None:
    assert _blocks(prompt) == []


@pytest.mark.parametrize(
    ("prompt", "expected"),
    [
        # a tag that names no language leaves the block's language open
        ("Use a code block tagged foo.", CodeBlockCount(relation="exactly", value=1)),
        # a ban names no language to ban only
        (
            "No code blocks, marked as bash or otherwise.",
            CodeBlockCount(relation="at_most", value=0),
        ),
    ],
)
def test_a_tag_is_read_only_where_it_names_a_language(
    prompt: str, expected: CodeBlockCount
) -> None:
    assert _blocks(prompt) == [expected]


def test_a_text_fence_is_a_language_to_check() -> None:
    prompt = (
        "Give me ONLY the corrected text inside a ```text code block, nothing before or after it."
    )
    specs = [c.spec for c in compile_checks(prompt)]
    assert CodeOnly(language="text") in specs
    spec = CodeOnly(language="text")
    assert measure_text(spec, f"{F}text\nFixed.\n{F}").passed
    assert measure_text(spec, f"{F}plaintext\nFixed.\n{F}").passed
    assert not measure_text(spec, f"{F}\nFixed.\n{F}").passed
