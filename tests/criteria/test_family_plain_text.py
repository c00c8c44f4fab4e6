"""The plain-text family: the answer uses no markdown; its repair, the
phrasings that compile and the near misses that must not."""

from __future__ import annotations

import pytest

from _repaired import repaired_run
from redraft.core._repair import apply_repairs
from redraft.criteria import compile_checks
from redraft.criteria._families._plain_text import PLAIN_TEXT, PlainText, markdown_used

SPEC = PlainText()

# 24 answers labelled by reading them: (answer, is it plain text).
LABELLED = [
    ("DNS maps names to addresses.", True),
    ("First line.\n\nSecond paragraph.", True),
    ("1. Open the box\n2. Take it out", True),  # numbered lines are plain
    ("See https://example.com for more.", True),  # a bare URL is not markdown
    ("snake_case_name and a_b", True),
    ("a * b * c", True),
    ("Price: $5 (about 4 EUR).", True),
    ("Q: Why?\nA: Because.", True),
    ("", True),
    ("# Title\nText.", False),
    ("Title\n=====\nText.", False),  # an underlined heading
    ("Some **bold** words.", False),
    ("Some *italic* words.", False),
    ("Some _italic_ words.", False),
    ("Run `ls` now.", False),
    ("```\ncode\n```", False),
    ("- one\n- two", False),
    ("* one\n* two", False),
    ("> quoted", False),
    ("Text\n\n***\n\nMore", False),
    ("[docs](https://example.com)", False),
    ("| a | b |\n|---|---|\n| 1 | 2 |", False),
    ("![logo](logo.png)", False),
    ("Plain start.\n\n## Later heading", False),
]


@pytest.mark.parametrize(("answer", "ok"), LABELLED)
def test_the_measure_finds_markdown(answer: str, ok: bool) -> None:
    assert PLAIN_TEXT.measure(SPEC, answer).passed is ok


def test_what_is_used_is_named_once_each() -> None:
    assert markdown_used("# A\n**b** and **c**\n- d") == ["a heading", "bold text", "a bullet list"]


def test_the_correction_names_the_markdown() -> None:
    outcome = PLAIN_TEXT.measure(SPEC, "## Tip\nUse **care**.")
    assert outcome.suggestion == (
        "Your answer uses markdown (a heading, bold text). Write it as plain text: no #, *, _, "
        "backticks, > or bullet marks; numbered lines are fine."
    )


def test_the_repair_strips_markdown_and_leaves_plain_text_alone() -> None:
    repair = PLAIN_TEXT.repair(SPEC)
    assert repair == {"op": "strip_markdown"}
    text = "## Tips\n\n- Use **care** and *patience*.\n- Run `ls`.\n> Note: see [docs](http://x.y).\n\n---\n\nDone."
    edited = apply_repairs(text, [repair])
    assert edited == "Tips\n\nUse care and patience.\nRun ls.\nNote: see docs.\n\n\nDone."
    assert PLAIN_TEXT.measure(SPEC, edited).passed
    plain = "1. Open it.\n2. Use it, snake_case and all."
    assert apply_repairs(plain, [repair]) == plain


async def test_the_loop_strips_the_markdown_without_a_model_call() -> None:
    prompt = "Give me two tips for sleeping well. No markdown."
    result = await repaired_run(prompt, "**Tips**\n- Keep a schedule.\n- Skip late coffee.")
    assert result.final_answer == "Tips\nKeep a schedule.\nSkip late coffee."
    assert result.drafts[-1].finish_reason == "repair"


def _compiled(prompt: str) -> bool:
    return any(isinstance(c.spec, PlainText) for c in compile_checks(prompt))


@pytest.mark.parametrize(
    "prompt",
    [
        "Explain DNS. No markdown.",
        "Answer without any markdown.",
        "Don't use markdown.",
        "Plain text only.",
        "Respond in plain text.",
        "Write the recipe as plain text, please.",
        "No markdown in the whole answer.",
        "Reply in plain text for the email.",
        "Never use markdown formatting.",
    ],
)
def test_phrasings_compile(prompt: str) -> None:
    assert _compiled(prompt)


@pytest.mark.parametrize(
    "prompt",
    [
        "Markdown is fine.",
        "You may use markdown.",
        "Explain what markdown is.",
        "Should I use plain text?",
        "Convert this markdown to plain text: **hi**",
        "If you can, answer in plain text.",
        "My notes are in plain text; summarize them.",
        'Translate "no markdown please" into Spanish.',
    ],
)
def test_near_misses_compile_nothing(prompt: str) -> None:
    assert not _compiled(prompt)
