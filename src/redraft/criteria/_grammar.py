"""The shared grammar of stated requirements: numbers (digits or words) and
the relations that bound them ("at most", "fewer than", "exactly").

"under 100" and "less than 100" mean at most 99, "more than 3" at least 4:
the words are taken literally. Every rule that reads a count reads it here.
"""

from __future__ import annotations

import re

from redraft.core._lazy_pattern import compile_lazily
from redraft.criteria._spec_base import MAX_COUNT, Relation

__all__ = ["KINDS_OF", "NUMBER", "RELATION", "number_value", "relation_of"]

_SMALL = [
    "zero",
    "one",
    "two",
    "three",
    "four",
    "five",
    "six",
    "seven",
    "eight",
    "nine",
    "ten",
    "eleven",
    "twelve",
    "thirteen",
    "fourteen",
    "fifteen",
    "sixteen",
    "seventeen",
    "eighteen",
    "nineteen",
    "twenty",
]
_TENS = {"thirty": 30, "forty": 40, "fifty": 50, "sixty": 60, "seventy": 70, "eighty": 80}
_WORD_NUMBERS: dict[str, int] = {
    **{word: i for i, word in enumerate(_SMALL)},
    **_TENS,
    "ninety": 90,
    "a single": 1,
    "single": 1,
    "a pair of": 2,
    "a couple of": 2,
    "a dozen": 12,
    "one dozen": 12,
    "half a dozen": 6,
    "a hundred": 100,
    "one hundred": 100,
    "a thousand": 1000,
    "one thousand": 1000,
    "once": 1,
    "twice": 2,
    "thrice": 3,
}
# "twenty-five", "forty two", "three hundred"
_DECADES = {"twenty": 20, **_TENS, "ninety": 90}
_WORD_NUMBERS |= {
    f"{tens}{joint}{unit}": value + i
    for tens, value in _DECADES.items()
    for i, unit in enumerate(_SMALL[1:10], 1)
    for joint in ("-", " ")
}
_WORD_NUMBERS |= {f"{unit} hundred": 100 * i for i, unit in enumerate(_SMALL[1:10], 1)}
_WORDS_ALT = "|".join(
    re.escape(w).replace(r"\ ", r"\s+")
    for w in sorted(_WORD_NUMBERS, key=len, reverse=True)
    if w not in ("once", "twice", "thrice")
)
NUMBER = rf"(?:\d{{1,3}}(?:,\d{{3}})+|\d{{1,6}}|{_WORDS_ALT})"
"""A number as a regex (digits or words, no group)."""


def number_value(text: str) -> int | None:
    """The number ``text`` writes in digits or words; ``None`` for none, or
    for one past :data:`MAX_COUNT` (no count a check can compare with)."""
    cleaned = " ".join(text.lower().replace(",", "").split())
    if cleaned.isdigit():
        value = int(cleaned)
        return value if value <= MAX_COUNT else None
    return _WORD_NUMBERS.get(cleaned)


# (pattern, relation, adjustment): "less than 100" is at most 99. "Then" for
# "than" is a slip people make often enough to read ("not more then 120
# words"); no phrase of its own has "more then" right before a count.
_THAN = r"th[ae]n"
# "grouped under 3 headings", "spread over two paragraphs": where the parts
# go, not a bound on how many (each lookbehind must be of fixed width)
_NOT_PLACED = "".join(
    rf"(?<!{verb}\s)"
    for verb in (
        "grouped",
        "sorted",
        "organized",
        "organised",
        "arranged",
        "listed",
        "filed",
        "placed",
        "put",
        "categorized",
        "categorised",
        "split",
        "spread",
        "divided",
        "gathered",
        "collected",
        "nested",
        "spanning",
        "spread out",
    )
)
_RELATIONS: list[tuple[str, Relation, int]] = [
    (
        r"at\s+most|no\s+more\s+"
        + _THAN
        + r"|not\s+more\s+"
        + _THAN
        + r"|up\s+to|a\s+maximum\s+of|maximum(?:\s+of)?|"
        r"max\.?|no\s+longer\s+"
        + _THAN
        # "Please not longer than 3 sentences": said without a verb, as learners do
        + r"|not\s+longer\s+"
        + _THAN
        + r"|not\s+exceeding|not\s+to\s+exceed|within|a\s+limit\s+of|"
        r"limited\s+to|capped\s+at|never\s+more\s+" + _THAN + r"|at\s+the\s+most",
        "at_most",
        0,
    ),
    (
        r"fewer\s+"
        + _THAN
        + r"|less\s+"
        + _THAN
        + rf"|{_NOT_PLACED}under|below|shorter\s+"
        + _THAN,
        "at_most",
        -1,
    ),
    (
        r"at\s+least|no\s+less\s+"
        + _THAN
        + r"|no\s+fewer\s+"
        + _THAN
        + r"|not\s+less\s+"
        + _THAN
        + r"|not\s+fewer\s+"
        + _THAN
        + r"|no\s+shorter\s+"
        + _THAN
        + r"|not\s+shorter\s+"
        + _THAN
        + r"|"
        r"a\s+minimum\s+of|minimum(?:\s+of)?|min\.?",
        "at_least",
        0,
    ),
    (
        r"more\s+" + _THAN + rf"|{_NOT_PLACED}over|longer\s+" + _THAN + r"|greater\s+" + _THAN,
        "at_least",
        1,
    ),
    (r"exactly|precisely", "exactly", 0),
]
RELATION = "|".join(p for p, _, _ in _RELATIONS)


def relation_of(phrase: str) -> tuple[Relation, int]:
    for pattern, relation, adjust in _RELATIONS:
        if re.fullmatch(pattern, phrase.strip().lower()):
            return relation, adjust
    raise ValueError(f"not a relation: {phrase!r}")


# "no more than 20 distinct words", "3 different emojis": a count of kinds,
# to which the same word or emoji twice adds one; no count of occurrences
# states it, in either direction
KINDS_OF = compile_lazily(r"\b(?:distinct|different|unique)\s+")
