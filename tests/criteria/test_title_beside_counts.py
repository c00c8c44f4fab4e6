"""A title, heading or headline asked beside a count: the answer has one more
block, line and sentence than its body, so an exact or upper count of
sentences (and an exact word count) compiles nothing, and one of paragraphs
counts the blocks after the title line (``after_title``); a title refused,
"title case" or the user's own title leave the count as it was."""

from __future__ import annotations

import pytest

from redraft.criteria import compile_checks
from redraft.criteria._families._prose import ParagraphCount
from redraft.criteria._families._title_part import title_asked


def _kinds(prompt: str) -> list[str]:
    return [c.spec.kind for c in compile_checks(prompt)]


# The title asked in a sentence of its own, or with a determiner: no count.
TITLED = [
    "Headline in bold caps at the top. Exactly four paragraphs.",
    "Title on its own line, then two paragraphs exactly.",
    "Subheading wrapped in asterisks. Write exactly 2 paragraphs under it.",
    "A short heading first, then precisely three paragraphs about ferries.",
    "Compose a newsletter blurb of exactly two paragraphs; start with a catchy headline.",
    "Big title in italics, then 3 paragraphs on compost.",
    "- Header: the product name\n- Exactly 5 paragraphs",
    "Write about owls in exactly 6 sentences. Put a title above it.",
    "Headline on line one. No more than 4 sentences below it.",
    "Describe the lighthouse in exactly 60 words, with an all-caps title.",
]


@pytest.mark.parametrize("prompt", TITLED)
def test_a_title_beside_the_count_compiles_no_count(prompt: str) -> None:
    kinds = _kinds(prompt)
    # a paragraph count, where one compiles, counts the blocks after the title
    assert all(
        c.spec.after_title for c in compile_checks(prompt) if isinstance(c.spec, ParagraphCount)
    )
    assert "sentence_count" not in kinds
    assert "word_count" not in kinds


# Near misses: no title line asked, so the count stands.
UNTITLED = [
    ("Exactly four paragraphs, and no title please.", "paragraph_count"),
    ("Write exactly 3 paragraphs about tea. Title case for any names.", "paragraph_count"),
    ("Write 2 paragraphs about rain; don't add a heading.", "paragraph_count"),
    ("The title of my essay is 'Rain'. Answer in exactly 3 sentences.", "sentence_count"),
    ("Exactly 3 sentences about the sea, without a headline.", "sentence_count"),
    ("Describe the lighthouse in exactly 60 words. Skip the title.", "word_count"),
    ("Write exactly 3 paragraphs, in the manner of a headline writer.", "paragraph_count"),
]


@pytest.mark.parametrize(("prompt", "kind"), UNTITLED)
def test_no_title_line_keeps_the_count(prompt: str, kind: str) -> None:
    assert kind in _kinds(prompt)


def test_a_floor_and_a_word_ceiling_hold_beside_a_title() -> None:
    # a title adds a block, a sentence and a few words: "at least" still holds
    # as a floor; a word ceiling is a size the title barely moves
    assert "paragraph_count" in _kinds("Write at least 3 paragraphs. Title on the first line.")
    assert "sentence_count" in _kinds("At least 5 sentences. Headline on top.")
    assert "word_count" in _kinds("At most 80 words. Title in caps.")


@pytest.mark.parametrize(
    ("text", "asked"),
    [
        ("Headline in caps. Three paragraphs.", True),
        ("Three paragraphs, then a one-line heading.", True),
        ("Title: your choice. Two paragraphs.", True),
        ("Title: none. Two paragraphs.", False),
        ("Translate my title into French.", False),
        ("Use a table with a header row.", False),
        ("Never use a heading.", False),
    ],
)
def test_title_asked_reads_the_prompt(text: str, asked: bool) -> None:
    assert title_asked(text) is asked
