"""Conventions of split O's writer, mapped by rule from the structured fields.

This writer names the unit in the label where the unit field is empty
("single_line", exactly 1), states "no numbering" as a ban of the unit
``number`` under a numbering label, scopes a script to the field of the
answer that holds the language ("Japanese field", all 'hiragana'), and
places hashtags by a scope naming the answer's end with no value. Each
rule reads one convention, never a prompt or a quote:

- a count with no unit under a label naming lines ("single_line",
  "one_line", "line_count"): the answer's lines counted (``line_count``);
- a ban (``none``) of numbers under a label naming numbering
  ("numbering_none", "no_numbering"): no numbered list items
  (``numbered_count`` at most 0); numbers themselves stay allowed;
- every character of a field holding one language in a script of it
  (scope "Japanese field", all 'hiragana'): no kind reads a field; some
  letters of that script are a part, and for a kana script, no letters of
  the other Japanese scripts (kanji, the other kana) anywhere, since the
  language's text is that field;
- hashtags (emoji, links) with relation ``other``, no value, scoped to the
  end (start) of the answer: all of them placed there (``units_at``).
"""

from __future__ import annotations

import re

from _blind_matchers import Expectation, all_of, count, counts, fields, no_kind
from _blind_parts import NUMERIC, count_value, is_response, scope_of
from _blind_rows import Constraint, Row
from _blind_writer_j_spelling import label_words, raw_unit, singular

__all__ = ["writer_o"]

_LINE_LABEL = re.compile(r"^(?:single|one) ?line$|^line ?count$")


def _lines_by_label(c: Constraint) -> Expectation | None:
    """A count with no unit, the label naming lines."""
    if c.relation not in NUMERIC or raw_unit(c) not in ("", "none"):
        return None
    label = label_words(c)
    if not _LINE_LABEL.search(label) or not is_response(scope_of(c.scope)):
        return None
    counted = count_value(c.relation, c.value)
    if not counted:
        return None
    if label.startswith(("single", "one")) and counted != (("exactly", 1),):
        return None  # "single line" with another count: not this convention
    return all_of(*counts("line_count", c.relation, c.value))


_NUMBERING = re.compile(r"numbering|numbered|number list")


def _no_numbering(c: Constraint) -> Expectation | None:
    """Numbers banned under a label naming numbering: no numbered items."""
    if c.relation != "none" or c.words or not _NUMBERING.search(label_words(c)):
        return None
    if singular(raw_unit(c)) not in ("", "number", "numbering", "numeral"):
        return None
    if c.value not in (None, 0, "0", "") or not is_response(scope_of(c.scope)):
        return None
    return all_of(count("numbered_count", "at_most", 0))


_SCRIPTS = {
    "hiragana": "Hiragana", "katakana": "Katakana", "kanji": "Han", "cyrillic": "Cyrillic",
    "greek": "Greek", "hangul": "Hangul", "arabic": "Arabic", "hebrew": "Hebrew",
    "devanagari": "Devanagari", "thai": "Thai", "latin": "Latin",
}  # fmt: skip
_JAPANESE = ("Hiragana", "Katakana", "Han")
_LANGUAGE_PART = re.compile(
    r"(?:the )?(?P<lang>japanese|chinese|russian|greek|korean|arabic|hebrew|hindi|thai|"
    r"ukrainian|bulgarian|serbian|latin|english) (?:field|part|column|text|word|term|side)s?"
)


def _script_of_field(c: Constraint) -> Expectation | None:
    """Every character of one language's field in a script of it."""
    if c.relation != "all" or singular(raw_unit(c)) not in ("character", "letter", "char"):
        return None
    value = " ".join(str(c.value or "").lower().split())
    script = _SCRIPTS.get(value)
    scope = " ".join(str(c.scope or "").lower().split())
    part = _LANGUAGE_PART.fullmatch(scope)
    if script is None or part is None or is_response(scope_of(c.scope)):
        return None
    implied = [fields("script", script=script, rule="some")]
    if part["lang"] == "japanese" and script in ("Hiragana", "Katakana"):
        implied += [fields("script", script=s, rule="none") for s in _JAPANESE if s != script]
    return no_kind("one field's script: no kind reads a field", *implied)


_END = re.compile(
    r"(?:the )?(?P<at>end|start|beginning|bottom|top) of (?:the )?(?:response|answer|reply|post)"
)
_PLACED = {"hashtag": "hashtag", "emoji": "emoji", "link": "link", "url": "link"}


def _placed_by_scope(c: Constraint) -> Expectation | None:
    """Hashtags (emoji, links) scoped to the answer's end, no value."""
    if c.relation != "other" or c.value not in (None, "") or c.words:
        return None
    unit = _PLACED.get(singular(raw_unit(c)))
    found = _END.fullmatch(" ".join(str(c.scope or "").lower().split()))
    if unit is None or found is None:
        return None
    at = "end" if found["at"] in ("end", "bottom") else "start"
    return all_of(fields("units_at", unit=unit, at=at))


def writer_o(c: Constraint, row: Row) -> Expectation | None:
    """The checks ``c`` maps to by one of split O's writer's conventions;
    None where none applies (the mapper reads it on)."""
    del row
    for rule in (_lines_by_label, _no_numbering, _script_of_field, _placed_by_scope):
        found = rule(c)
        if found is not None:
            return found
    return None
