"""The answer's parts as the part families name them: a sentence, a
paragraph, a line, a bullet point, a numbered item, a list item, a heading,
a section or the title; their names in messages, and ordinals.

The part kinds themselves are families: :mod:`._families._positions` (a
keyword in one part, the word at a position), :mod:`._families._each_part`
(a rule for every part), :mod:`._families._distinct` (no word twice),
:mod:`._families._per_part` (counts within each part) and
:mod:`._families._part_count` (a count within one part). Every one of them
cuts the answer with :func:`redraft.criteria._families._parts.parts_of`.
"""

from __future__ import annotations

from typing import Literal

__all__ = ["PART_NAMES", "Part", "ordinal"]

Part = Literal[
    "sentence", "paragraph", "bullet", "line", "numbered", "item", "heading", "section", "title"
]
"""A part of the answer: a sentence, a paragraph (blocks between blank
lines), a bullet point (a markdown bullet line), a line, a numbered item, a
list item (bulleted or numbered), a heading, a section (the text under a
heading) or the title (the first line); cut as
:func:`~redraft.criteria._families._parts.parts_of` says."""
PART_NAMES: dict[str, tuple[str, str]] = {
    "sentence": ("sentence", "sentences"),
    "paragraph": ("paragraph", "paragraphs"),
    "bullet": ("bullet point", "bullet points"),
    "line": ("line", "lines"),
    "numbered": ("numbered item", "numbered items"),
    "item": ("list item", "list items"),
    "heading": ("heading", "headings"),
    "section": ("section", "sections"),
    "title": ("title", "titles"),
    "response": ("answer", "answer"),
}


def ordinal(n: int) -> str:
    """ "1st", "2nd", "3rd", "11th"; -1 is "last"."""
    if n == -1:
        return "last"
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"
