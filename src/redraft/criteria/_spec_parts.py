"""The answer's parts as the part families name them: a sentence, a
paragraph or a bullet point, their names in messages, and ordinals.

The part kinds themselves are families: :mod:`._families._positions` (a
keyword in one part, the word at a position), :mod:`._families._each_part`
(a rule for every part), :mod:`._families._distinct` (no word twice) and
:mod:`._families._per_part` (counts within each part).
"""

from __future__ import annotations

from typing import Literal

__all__ = ["PART_NAMES", "Part", "ordinal"]

Part = Literal["sentence", "paragraph", "bullet"]
"""A part of the answer: a sentence, a paragraph (blocks between blank
lines) or a bullet point (a markdown bullet line)."""
PART_NAMES: dict[str, tuple[str, str]] = {
    "sentence": ("sentence", "sentences"),
    "paragraph": ("paragraph", "paragraphs"),
    "bullet": ("bullet point", "bullet points"),
    "response": ("answer", "answer"),
}


def ordinal(n: int) -> str:
    """ "1st", "2nd", "3rd", "11th"; -1 is "last"."""
    if n == -1:
        return "last"
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"
