"""Line and paragraph counts in wordings the count grammar missed (h-lines3):
the one opening paragraph asked for ("Write the opening paragraph of a
mystery novel"), one paragraph of N sentences ("a four-sentence paragraph
… every sentence"), a paragraph of a letter that is no whole letter ("a
cover letter opening paragraph. One paragraph only."), "the letter e" (a
character, no correspondence). Near misses: two paragraphs named, plural
paragraphs, a hypothetical, a later part, a whole letter, a bare "write a
paragraph" (as often not a count as a count)."""

from __future__ import annotations

from typing import Any

import pytest

from redraft.criteria import compile_checks


def counts(prompt: str, kind: str) -> set[tuple[str, int]]:
    found: set[tuple[str, int]] = set()
    for check in compile_checks(prompt):
        spec: dict[str, Any] = check.spec.model_dump(mode="json")
        if spec["kind"] == kind:
            found.add((spec["relation"], spec["value"]))
    return found


@pytest.mark.parametrize(
    "prompt",
    [
        "Write the opening paragraph of a mystery novel.",
        "Write the first paragraph of a fantasy story set in Lagos. It should have at least "
        "5 sentences.",
        "Write the opening paragraph of a thriller. Each sentence must begin with a different "
        "letter of the alphabet.",
        "Please write the introductory paragraph of an essay on tides.",
        "Write a four-sentence paragraph about glaciers where every sentence names a colour.",
        "Write a cover letter opening paragraph for a nurse. One paragraph only.",
        "Write a paragraph about owls without the letter e. Keep the paragraph under 80 words.",
    ],
)
def test_one_paragraph_asked(prompt: str) -> None:
    assert ("exactly", 1) in counts(prompt, "paragraph_count")


@pytest.mark.parametrize(
    "prompt",
    [
        # two paragraphs named
        "Write the opening paragraph and the closing paragraph of an essay on rivers.",
        # several paragraphs
        "Write the opening paragraphs of a mystery novel.",
        # a hypothetical
        "If you write the opening paragraph, keep it short.",
        # a later part beside it
        "Write the opening paragraph of a novel, then a list of its characters.",
        # a whole letter: its greeting and sign-off are blocks of their own
        "Write a cover letter for a nurse. One paragraph only.",
        # "write a paragraph" alone: the writers meant one as often as not
        "Write a paragraph where every sentence ends with a question mark. At least 4 sentences.",
        "Write a 5-sentence paragraph about kindness where the sentences start with S.",
    ],
)
def test_one_paragraph_near_misses(prompt: str) -> None:
    assert ("exactly", 1) not in counts(prompt, "paragraph_count")


@pytest.mark.parametrize(
    ("prompt", "expected"),
    [
        # a label of the whole answer's rules: an adjective or the thing written
        ("Hard limits: max 2 lines, max 42 characters per line.", ("at_most", 2)),
        ("Limerick rules: 5 lines.", ("exactly", 5)),
        ("Poem rules: 4 lines, each line rhymes with the next.", ("exactly", 4)),
        ("Strict constraints: at most 3 lines.", ("at_most", 3)),
        # the title is the thing asked for: no line beside the count
        ("Write a recipe title that's a spoonerism of 'cooked rice'. One line.", ("exactly", 1)),
        ("Give me a headline for our bakery's reopening. One line only.", ("exactly", 1)),
        # the lines counted, named in order
        (
            "Bilingual sign for the pool: English line first, then French line. Two lines only.",
            ("exactly", 2),
        ),
    ],
)
def test_line_counts_read(prompt: str, expected: tuple[str, int]) -> None:
    assert expected in counts(prompt, "line_count")


@pytest.mark.parametrize(
    "prompt",
    [
        # one part's label, not the answer's
        "Title rules: max 2 lines. Write a poem about rain.",
        # a standing label of another's rules
        "House rules: headlines are at most 2 lines. Write a story about rain.",
        # a title beside the lines counted
        "Write a title and a poem about rice. Four lines.",
        "Write a poem with a title. Four lines.",
        # a later part after the lines
        "Write a poem, then explain it. Two lines only.",
        "Write a short verse, the English line first, then explain the French. Two lines only.",
    ],
)
def test_line_count_near_misses(prompt: str) -> None:
    assert not counts(prompt, "line_count")


def test_label_reads_other_units_too() -> None:
    # the label is shared grammar: a word limit under it is the answer's as well
    assert ("at_most", 80) in counts("Hard limits: max 80 words.", "word_count")
    assert not counts("Title rules: max 5 words.", "word_count")


def test_bracketed_layout_counts_the_things() -> None:
    # "(one bar per line)" after the things counted: as many lines as bars
    prompt = (
        "Write me a rap verse about tides for my class. 8 bars (one bar per line), and the "
        "last word of every line must end in '-tion'."
    )
    assert ("exactly", 8) in counts(prompt, "line_count")


@pytest.mark.parametrize(
    "prompt",
    [
        # the bars are each verse's: 24 lines, not 8
        "Write 3 verses of 8 bars, one bar per line.",
        "Write 3 verses of 8 bars (one bar per line).",
        # hedged
        "Write a rap about 8 cats (one bar per line if you like).",
    ],
)
def test_bracketed_layout_near_misses(prompt: str) -> None:
    assert ("exactly", 8) not in counts(prompt, "line_count")
