"""More of split I's writer's conventions: values the fields give in a shape
the general readings take for something else.

Each rule reads one convention, never a prompt or a quote:

- character classes as the words of a count of characters ("uppercase",
  "digit", "symbol", at least 2): each class counted (``char_class_count``);
- single letters as the words of a count of letters (every vowel exactly
  once): each letter counted (``letter_count``), not the first alone;
- a number's value between two bounds (unit number, ``between``, a label
  naming a value or range, the answer's scope): every number in the range
  (``numbers_in_range``), not a count of numbers;
- a phrase to start or end with that holds a placeholder ("[N words]",
  "Step N:"): no one phrase; a letter range "A-Z" that every sentence
  (line) starts with in turn: the alphabet as an acrostic (``acrostic``);
- a bullet's opening stated as an expression of bold marks
  (``\\*\\*\\w+:\\*\\*``): no kind states a bold opening, nor is it a marker;
- a whole answer's format stated as an expression of capitals alone
  (``[A-Z](-[A-Z])*``): no kind states it; all capitals is a part of it;
- first letters, all different: no kind (unique items are whole items);
- words written in capitals banned (unit word, the label or note naming
  all caps): no all-capital word (``capital_word_count`` at most 0), not
  every letter lowercase;
- lines counted by their prefix (the words the prefixes, a prefix label):
  no kind counts lines by their start, nor is it a count of all lines;
- a digit in one named part (sentence 2): a number in the answer is a part
  of it (``number_count`` at least 1).
"""

from __future__ import annotations

import re
import string

from _blind_matchers import Expectation, Matcher, Spec, all_of, count, counts, fields, no_kind
from _blind_parts import NUMERIC, count_value, is_response, scope_of
from _blind_rows import Constraint, Row
from _blind_writer_j_spelling import label_words, raw_unit, singular

__all__ = ["writer_i_fields"]

_CLASSES = {
    "uppercase": "uppercase", "upper": "uppercase", "capital": "uppercase",
    "lowercase": "lowercase", "lower": "lowercase", "digit": "digit", "number": "digit",
    "symbol": "special", "special": "special", "special character": "special",
    "letter": "letter", "vowel": "vowel", "consonant": "consonant",
}  # fmt: skip


def _classes(c: Constraint, row: Row) -> Expectation | None:
    """Character classes as the words of a count of characters."""
    del row
    if c.relation not in NUMERIC or singular(raw_unit(c)) != "character" or len(c.words) < 2:
        return None
    if not count_value(c.relation, c.value) or not is_response(scope_of(c.scope)):
        return None
    named = [_CLASSES.get(singular(str(w).strip().lower())) for w in c.words]
    if any(n is None for n in named):
        return no_kind("characters of classes no kind names")
    return all_of(*(m for n in named for m in counts("char_class_count", c.relation, c.value,
                                                      char_class=n)))  # fmt: skip


def _letters(c: Constraint, row: Row) -> Expectation | None:
    """Single letters as the words of a count of letters: each counted."""
    del row
    if c.relation not in NUMERIC or singular(raw_unit(c)) != "letter" or len(c.words) < 2:
        return None
    letters = [str(w).strip().lower() for w in c.words]
    if not all(len(w) == 1 and w.isalpha() for w in letters) or not count_value(
        c.relation, c.value
    ):
        return None
    if not is_response(scope_of(c.scope)):
        return None
    return all_of(*(m for w in letters for m in counts("letter_count", c.relation, c.value,
                                                        letter=w)))  # fmt: skip


def _value_range(c: Constraint, row: Row) -> Expectation | None:
    """A number's value between bounds, not a count of numbers."""
    del row
    if c.relation != "between" or singular(raw_unit(c)) not in ("number", "value", "integer"):
        return None
    if not re.search(r"\b(?:value|range|bounds?|size)\b", label_words(c)):
        return None
    bounds = c.value if isinstance(c.value, list | tuple) else ()
    if not is_response(scope_of(c.scope)) or len(bounds) != 2:
        return None  # one field's value, each number's: the general readings'
    low, high = bounds
    if not all(isinstance(b, int | float) and not isinstance(b, bool) for b in (low, high)):
        return None
    # the answer's number in the range: every number in it (numbers_in_range)
    return all_of(fields("numbers_in_range", low=float(low), high=float(high)))


_PLACEHOLDER = re.compile(r"\bN\b|<[^>]+>|\{[^}]+\}")
_LETTER_RANGE = re.compile(r"([A-Za-z])\s*[-–]\s*([A-Za-z])")


def _placeholder_phrase(c: Constraint, row: Row) -> Expectation | None:
    """A start or end phrase with a placeholder; a letter range in turn."""
    del row
    value = c.value if isinstance(c.value, str) else ""
    if c.relation not in ("starts_with", "ends_with") or not value or c.words:
        return None
    found = _LETTER_RANGE.fullmatch(value.strip())
    part = scope_of(c.scope)
    if (
        found
        and c.relation == "starts_with"
        and part[0] == "each"
        and part[1] in ("line", "sentence")
    ):
        first, last = found[1].upper(), found[2].upper()
        letters = string.ascii_uppercase
        if letters.index(first) < letters.index(last):
            word = letters[letters.index(first) : letters.index(last) + 1]
            return all_of(fields("acrostic", word=word, part=part[1]))
    if found or _PLACEHOLDER.search(value):
        return no_kind("a start or end with a part to fill in: no one phrase states it")
    return None


def _bold_opening(c: Constraint, row: Row) -> Expectation | None:
    """A bullet's bold opening stated as an expression."""
    del row
    value = c.value if isinstance(c.value, str) else ""
    if c.relation != "matches_format" or not value.startswith("\\*\\*"):
        return None
    if scope_of(c.scope)[0] != "each":
        return None
    return no_kind("each part opening in bold: no kind states a bold opening")


def _capitals_format(c: Constraint, row: Row) -> Expectation | None:
    """The answer's format an expression of capitals and marks alone."""
    del row
    value = c.value if isinstance(c.value, str) else ""
    if c.relation != "matches_format" or not is_response(scope_of(c.scope)):
        return None
    if singular(raw_unit(c)) not in ("answer", "response", ""):
        return None
    if "[A-Z]" not in value or re.search(r"[a-z]-|\\[dws]|\[[^\]]*[a-z0-9]", value):
        return None  # lowercase letters, digits or words allowed too
    return no_kind("a format of capitals: no kind states it", fields("letter_case", case="upper"))


def _unique_initials(c: Constraint, row: Row) -> Expectation | None:
    """First letters all different."""
    del row
    if c.relation != "other" or singular(raw_unit(c)) not in ("first letter", "initial"):
        return None
    if not re.search(
        r"unique|distinct|different|no two|differ", f"{label_words(c)} {c.note.lower()}"
    ):
        return None  # first letters spelling a word: an acrostic, the general readings'
    return no_kind("first letters all different: no kind compares them")


_ALL_CAPS = re.compile(r"all ?caps|fully (?:upper ?case|capitali[sz]ed)|upper ?case words")


def _no_caps_words(c: Constraint, row: Row) -> Expectation | None:
    """Words in capitals banned: no all-capital word."""
    del row
    if c.relation != "none" or singular(raw_unit(c)) != "word" or c.words:
        return None
    if not _ALL_CAPS.search(f"{label_words(c)} {c.note.lower()}"):
        return None
    return (
        all_of(count("capital_word_count", "at_most", 0))
        if is_response(scope_of(c.scope))
        else None
    )


_ONE_PART = re.compile(r"(?:sentence|line|paragraph|item) \d+|(?:first|last|second|third) "
                       r"(?:sentence|line|paragraph|item)")  # fmt: skip


def _digit_in_part(c: Constraint, row: Row) -> Expectation | None:
    """A digit in one named part: a number somewhere in the answer."""
    del row
    if c.relation != "at_least" or c.value != 1 or singular(raw_unit(c)) != "digit":
        return None
    if not _ONE_PART.fullmatch(" ".join(str(c.scope or "").lower().split())):
        return None
    return no_kind("a digit in one part: no kind counts it there", _numbers())


def _numbers() -> Matcher:
    def test(spec: Spec) -> bool:
        return spec.get("relation") == "at_least" and spec.get("value") == 1

    return Matcher(frozenset({"number_count"}), test, "number_count at_least 1")


def _lines_by_start(c: Constraint, row: Row) -> Expectation | None:
    """Lines counted by the prefix each opens with ("+", "-": 3 of each)."""
    del row
    if c.relation not in NUMERIC or singular(raw_unit(c)) != "line" or not c.words:
        return None
    if not re.search(r"\b(?:prefix|prefixe?d|starts?|opens?|begins?)\b", label_words(c)):
        return None
    return no_kind("lines counted by how they start: no kind counts them")


_RULES = (
    _lines_by_start,
    _classes,
    _letters,
    _value_range,
    _placeholder_phrase,
    _bold_opening,
    _capitals_format,
    _unique_initials,
    _no_caps_words,
    _digit_in_part,
)


def writer_i_fields(c: Constraint, row: Row) -> Expectation | None:
    """The checks ``c`` maps to by one of these conventions; None where none
    applies (the mapper reads it on)."""
    for rule in _RULES:
        found = rule(c, row)
        if found is not None:
            return found
    return None
