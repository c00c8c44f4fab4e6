"""Named words in a style (``words_styled``): answers labelled by reading
them, the correction, the phrasings that compile and the near misses that
must not."""

from __future__ import annotations

from typing import Any

import pytest
from pydantic import ValidationError

from redraft.criteria import CHECK_SPEC_ADAPTER, compile_checks
from redraft.criteria._families._styled_words import STYLED_WORDS, WordsStyled, styled_runs

BOLD = WordsStyled(words=["serendipity"], style="bold")
TWO = WordsStyled(words=["must", "shall"], style="bold")
ITALIC = WordsStyled(words=["Dune"], style="italic")
CODE = WordsStyled(words=["npm install"], style="code")

# 22 answers labelled by reading them: (spec, answer, does it hold).
LABELLED = [
    (BOLD, "What a **serendipity** that was.", True),
    (BOLD, "What a __serendipity__ that was.", True),
    (BOLD, "What a **happy serendipity** that was.", True),  # inside a longer bold span
    (BOLD, "What a serendipity that was.", False),
    (BOLD, "**Serendipity** first, then serendipity again.", False),  # every occurrence
    (BOLD, "What a *serendipity* that was.", False),  # italic is not bold
    (BOLD, "What luck that was.", False),  # never used
    (BOLD, "# **Serendipity**\n\nA **serendipity** indeed.", True),  # headings count as text
    (BOLD, "```\nserendipity\n```\n\nA **serendipity**.", True),  # fenced code is no occurrence
    (BOLD, "Serendipitous **serendipity**.", True),  # a whole word only
    (TWO, "You **must** and you **shall**.", True),
    (TWO, "You **must** and you shall.", False),
    (TWO, "You **must** go.", False),  # 'shall' never used
    (ITALIC, "I loved *Dune* and _Dune_ again.", True),
    (ITALIC, "I loved **Dune**.", False),
    (ITALIC, "I loved ***Dune***.", True),  # bold and italic at once
    (ITALIC, "| Book |\n|---|\n| *Dune* |", True),  # a table cell
    (CODE, "Run `npm install` first.", True),
    (CODE, "Run npm install first.", False),
    (CODE, "Run `npm install --save` first.", True),  # inside a longer code span
    (CODE, "Run **npm install** first.", False),
    (CODE, "", False),
]


@pytest.mark.parametrize(("spec", "answer", "ok"), LABELLED)
def test_the_measure_reads_the_style_of_every_occurrence(
    spec: WordsStyled, answer: str, ok: bool
) -> None:
    assert STYLED_WORDS.measure(spec, answer).passed is ok


def test_runs_carry_their_styles() -> None:
    assert styled_runs("a **b *c*** `d`")[:4] == [
        ("a ", frozenset()),
        ("b ", frozenset({"bold"})),
        ("c", frozenset({"bold", "italic"})),
        (" ", frozenset()),
    ]


def test_the_correction_names_what_is_wrong() -> None:
    outcome = STYLED_WORDS.measure(TWO, "You **must** and you shall, and more.")
    assert outcome.suggestion == (
        "Your answer has 'shall' not in bold. Write 'must', 'shall' always in bold."
    )


@pytest.mark.parametrize(
    "data",
    [
        {"kind": "words_styled", "words": [], "style": "bold"},
        {"kind": "words_styled", "words": ["x"], "style": "underline"},
        {"kind": "words_styled", "words": ["--"], "style": "code"},
    ],
)
def test_invalid_specs_are_refused(data: dict[str, Any]) -> None:
    with pytest.raises(ValidationError):
        CHECK_SPEC_ADAPTER.validate_python(data)


def _styled(prompt: str) -> list[tuple[list[str], str]]:
    return [
        (c.spec.words, c.spec.style)
        for c in compile_checks(prompt)
        if isinstance(c.spec, WordsStyled)
    ]


@pytest.mark.parametrize(
    ("prompt", "want"),
    [
        ("Bold the word 'serendipity'.", (["serendipity"], "bold")),
        ("Write a toast and put 'Paris' in bold.", (["Paris"], "bold")),
        ("Italicize the title 'Dune'.", (["Dune"], "italic")),
        ("Wrap 'npm install' in backticks.", (["npm install"], "code")),
        ("Make the word 'free' bold every time it appears.", (["free"], "bold")),
        ("The words 'must' and 'shall' should be in bold.", (["must", "shall"], "bold")),
        ('Format "Q3 revenue" in italics, please.', (["Q3 revenue"], "italic")),
    ],
)
def test_phrasings_compile(prompt: str, want: tuple[list[str], str]) -> None:
    assert _styled(prompt) == [want]


@pytest.mark.parametrize(
    "prompt",
    [
        "Should I bold 'Paris'?",  # a question
        "Don't bold 'Paris'.",  # negated
        "Bold the key terms.",  # no named word
        "In my draft, 'Paris' is in bold; is that too much?",  # material
        "If you mention 'Paris', you may put it in bold.",  # a condition and a permission
    ],
)
def test_near_misses_compile_nothing(prompt: str) -> None:
    assert _styled(prompt) == []
