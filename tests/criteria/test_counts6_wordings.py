"""Counts of the whole answer (words, sentences, paragraphs, stanzas,
characters) in wordings the count grammar did not read before: each with its
near misses, the wordings that must compile nothing (or something else)."""

from __future__ import annotations

import pytest

from redraft.criteria import compile_checks


def counts(prompt: str, system: str | None = None) -> list[tuple[str, str, int]]:
    return [
        (c.spec.kind_name(), getattr(c.spec, "relation", ""), getattr(c.spec, "value", -1))
        for c in compile_checks(prompt, system=system)
        if c.spec.kind_name() in ("word_count", "sentence_count", "paragraph_count", "char_count")
    ]


@pytest.mark.parametrize(
    ("prompt", "expected"),
    [
        # a stanza count said as a compound before the poem, as paragraphs are
        # (a title line would be a block of its own: the risk "a poem in 4
        # stanzas" has always taken, now said of the compound too)
        ("Write a 4-stanza poem about the city at night.", ("paragraph_count", "exactly", 4)),
        ("Write a two-stanza poem.", ("paragraph_count", "exactly", 2)),
        (
            "Compose a three-stanza ballad about a lighthouse keeper.",
            ("paragraph_count", "exactly", 3),
        ),
        ("Give me a short 2-stanza lullaby for my daughter.", ("paragraph_count", "exactly", 2)),
    ],
)
def test_stanza_compound(prompt: str, expected: tuple[str, str, int]) -> None:
    assert counts(prompt) == [expected]


@pytest.mark.parametrize(
    "prompt",
    [
        # the form is the topic: the answer talks about a poem of that shape
        "Describe the structure of a 4-stanza poem.",
        "Explain how to write a 4-stanza poem.",
        "How do I write a 3-paragraph essay?",
        "Describe the structure of a 5-paragraph essay.",
        "Give me tips for writing a two-sentence pitch.",
        "What makes a good six-word story?",
        # given, not asked
        "My 4-stanza poem is below; fix the rhymes.",
        # one part of two
        "Write a 4-stanza poem, then explain its meter.",
    ],
)
def test_form_talked_about_compiles_no_count(prompt: str) -> None:
    assert counts(prompt) == []
