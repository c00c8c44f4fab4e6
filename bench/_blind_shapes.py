"""What ``_blind_map`` expects of a few whole-answer shapes that writers
state as a property rather than a count, read from the fields of
``bench/data/blind/BRIEF.md`` by rule, whatever the writer's label:

- every sentence (paragraph, bullet) "all" one closing mark (``!``, ``?``,
  ``.``): each one ends with it (``each_ends_with``); every part "all" a
  text ending in a space (``- ``, ``> ``): each one starts with it;
- the answer "matches_format" a bare number ("number only", "just the
  number"): ``number_only``, which reads one number in digits (a sign,
  decimals, thousands commas or a percent sign allowed); an integer pattern
  (``^-?\\d+$``) is narrower, so it is no kind's;
- the answer a palindrome (the value or the note says so: "palindrome",
  "reads the same backwards"): ``palindrome``;
- the whole answer equal to one text: no kind states it whole (``one_of``
  needs two options), but containing the text, starting and ending with it
  are each a necessary part (implied);
- headings with a level named in their text (``## Gear``) in a stated
  order: ``named_sections`` sets the markup aside, so the ordered sections
  are a necessary part (implied);
- relation ``other`` naming a postscript (``P.S.``), a numbered or a
  bulleted list, or a blank line between the parts: the postscript, a list
  of that kind (as the format ``numbered list`` reads), every gap between
  paragraphs one blank line (``blank_lines``);
- every letter in one script the value or the note names: ``script``
  (only); a final mark the note says the answer must not end with:
  ``no_final_mark``;
- the answer matching a number form with N decimals (``\\d+\\.\\d{2}``,
  ``#.##``): every decimal number with N places is a necessary part (implied).
"""

from __future__ import annotations

import re
from dataclasses import replace

from _blind_layout import comma_separated
from _blind_matchers import (
    Expectation,
    Matcher,
    Spec,
    all_of,
    any_count,
    either,
    fields,
    first_found,
    keyword,
    no_kind,
    phrase_is,
    postscript,
)
from _blind_parts import is_response, phrase, scope_of, unit_of
from _blind_phrases import positional
from _blind_rows import Constraint, Row

__all__ = ["list_item_ends", "shapes"]

_MARKS = frozenset({"!", "?", "."})
_EACH_PARTS = frozenset({"sentence", "paragraph", "bullet"})


def _unit(c: Constraint) -> str:
    return " ".join(str(c.unit or "").lower().split())


def _text(c: Constraint) -> str | None:
    if isinstance(c.value, str):
        return c.value
    return c.words[0] if len(c.words) == 1 else None


def _each_mark(c: Constraint) -> Expectation | None:
    """ "Every sentence: all '!'": each one ends with that mark."""
    where, part, _ = scope_of(c.scope)
    text = (_text(c) or "").strip()
    if c.relation != "all" or where != "each" or part not in _EACH_PARTS or text not in _MARKS:
        return None
    unit = _unit(c)
    if (
        unit
        and unit != part
        and not re.fullmatch(r"(?:end|final|closing|last)?\s*(?:punctuation|mark|character)", unit)
    ):
        return None
    return all_of(phrase_is("each_ends_with", text, part=part))


def _each_prefix(c: Constraint) -> Expectation | None:
    """ "Each line: all '- '": a value that ends in a space before the text
    it leads is a prefix, so every part starts with it."""
    where, _, _ = scope_of(c.scope)
    text = _text(c)
    if c.relation != "all" or where != "each" or text is None:
        return None
    if not text.strip() or text == text.rstrip() or text != text.lstrip():
        return None
    return positional(
        replace(c, relation="starts_with", value=text), unit_of(c), scope_of(c.scope), "starts_with"
    )


_NUMBER_ONLY = re.compile(
    r"(?:(?:just|only|solely)\s+)?(?:the\s+|a\s+|one\s+|a\s+single\s+)?(?:number|numeral|figure)"
    r"(?:\s+only|\s+alone|,?\s+nothing\s+else)?|numeric(?:\s+only)?|number[\s_-]only"
)


def _number_only(c: Constraint) -> Expectation | None:
    value = " ".join(str(_text(c) or "").lower().replace("_", " ").split()).strip(" .")
    if (
        c.relation != "matches_format"
        or not is_response(scope_of(c.scope))
        or _unit(c)
        not in (
            "",
            "answer",
            "response",
        )
    ):
        return None
    if not _NUMBER_ONLY.fullmatch(value):
        return None
    return all_of(fields("number_only"))


_PALINDROME = re.compile(
    r"palindrom|\bsame\b.{0,20}\b(?:backwards?|reversed?|in reverse|both ways)\b"
    r"|\breversed?\b.{0,20}\bsame\b"
)


def _palindrome(c: Constraint) -> Expectation | None:
    """The answer reads the same backwards: said by the value or the note."""
    said = f"{_text(c) or ''} {c.note}".lower()
    if c.relation not in ("other", "all", "matches_format", "equals"):
        return None
    if not is_response(scope_of(c.scope)) or _unit(c) not in ("", "answer", "response", "letter"):
        return None
    if not _PALINDROME.search(said) or re.search(r"\bnot\b|\bno\b|n't\b", said):
        return None
    return all_of(fields("palindrome"))


def _equal_text(c: Constraint) -> Expectation | None:
    """The whole answer is one text: no kind states it whole, each end and
    its presence are necessary parts."""
    text = _text(c)
    if c.relation != "equals" or text is None or not text.strip() or text.strip().isdigit():
        return None
    if not is_response(scope_of(c.scope)) or _unit(c) not in ("", "answer", "response", "text"):
        return None
    if len(c.words) > 1:
        return None
    return no_kind(
        "the whole answer equal to a text: no kind states it whole",
        keyword(text, "at_least", 1),
        phrase_is("starts_with", text),
        phrase_is("ends_with", text),
    )


_LEVEL = re.compile(r"^\s*#{1,6}\s+\S")
_ORDERED = re.compile(r"\border(?:ed)?\b|\bsequence\b")


def _name(text: object) -> str:
    return " ".join(re.sub(r"[#*_]+", " ", str(text)).strip().rstrip(":").split()).casefold()


def _heading_order(c: Constraint) -> Expectation | None:
    """ "'## A', '## B' in that order", relation ``other``: headings at a
    level in an order. named_sections sets the level aside, so its ordered
    check is a necessary part."""
    words = [w for w in c.words if w.strip()]
    unit = _unit(c)
    if c.relation != "other" or len(words) < 2 or not is_response(scope_of(c.scope)):
        return None
    if unit and not re.fullmatch(r"(?:section )?(?:headings?|headers?|sections?)", unit):
        return None
    if not all(_LEVEL.match(w) for w in words) or not _ORDERED.search(c.note.lower()):
        return None
    want = [_name(w) for w in words]

    def test(spec: Spec) -> bool:
        names = spec.get("names") or ()
        got = [_name(n) for n in names]  # type: ignore[attr-defined]
        return got == want and bool(spec.get("ordered"))

    found = Matcher(
        frozenset({"named_sections"}), test, f"named_sections names={want} ordered=True"
    )
    return no_kind("headings at a level in order: named_sections sets markup aside", found)


def _postscript(c: Constraint) -> Expectation | None:
    """ "Add a P.S.", relation ``other``: the answer has a postscript."""
    said = [_text(c) or "", *c.words]
    if c.relation != "other" or not is_response(scope_of(c.scope)):
        return None
    if _unit(c) not in ("", "postscript"):
        return None
    if not any(phrase(w) in ("p.s", "ps", "postscript") for w in said if w):
        return None
    return all_of(postscript())


_NUMBERED = re.compile(r"(?:a )?numbered(?: list| items?| steps?| points?)?")
_BULLETED = re.compile(r"(?:a )?(?:bullets?|bulleted|bullet points?|bullet(?:ed)? list)")


def _list_form(c: Constraint) -> Expectation | None:
    """ "As a numbered list", relation ``other``: the answer uses that list
    (as the format ``numbered list`` reads)."""
    value = " ".join(str(_text(c) or "").lower().split()).strip(" .")
    if c.relation != "other" or not is_response(scope_of(c.scope)):
        return None
    if _unit(c) not in ("", "list"):
        return None
    if _NUMBERED.fullmatch(value):
        return all_of(any_count("numbered_count", "(a numbered list)"))
    if _BULLETED.fullmatch(value):
        return all_of(any_count("bullet_count", "(a bulleted list)"))
    return None


_BLANK = re.compile(r"(?:an? |one |single )?(?:blank|empty) lines?")


def _blank_gaps(c: Constraint) -> Expectation | None:
    """ "Separated by a blank line", relation ``other`` on the whole answer:
    every gap between its paragraphs (blocks) is one blank line."""
    value = " ".join(str(_text(c) or "").lower().split()).strip(" .")
    if c.relation != "other" or not is_response(scope_of(c.scope)):
        return None
    if _unit(c) not in ("", "separator") or not _BLANK.fullmatch(value):
        return None

    def test(spec: Spec) -> bool:
        return spec.get("between") in ("paragraphs", "blocks") and spec.get("blank") == 1

    label = "blank_lines between=paragraphs (or blocks) blank=1"
    return all_of(Matcher(frozenset({"blank_lines"}), test, label))


_LIST_UNITS = {"numbered": "numbered", "bullet": "bullet"}
"""A sibling's unit that says the items are a markdown list, and the part it is."""


def list_item_ends(c: Constraint, row: Row) -> Expectation | None:
    """ "Each item ends with '?'" where a sibling counts the items as numbered
    items or bullets: each list item (or each item of that kind) ends so."""
    where, part, _ = scope_of(c.scope)
    text = _text(c)
    if c.relation not in ("starts_with", "ends_with") or where != "each" or part != "item":
        return None
    if text is None or not text.strip() or len(c.words) > 1:
        return None
    kinds = {
        _LIST_UNITS.get(unit_of(s))
        for s in row.constraints
        if s.index != c.index and s.relation != "none"  # a ban says no list is used
    }
    kinds.discard(None)
    prose = any(comma_separated(s) for s in row.constraints)
    if len(kinds) != 1 or prose:
        return None
    kind = f"each_{c.relation}"
    shown = next(iter(kinds))
    found = all_of(either(phrase_is(kind, text, part="item"), phrase_is(kind, text, part=shown)))
    end = "starts_with" if c.relation == "starts_with" else "ends_with"
    return replace(found, implied=(phrase_is(end, text),))


_DECIMALS = (
    re.compile(r"\^?(?:\\d|\[0-9\])[+*]?\\\.(?:\\d|\[0-9\])\{(?P<n>[1-9])\}\$?"),
    re.compile(r"[#0xn]+\.(?P<places>[#0xn]+)", re.I),
)


def _decimals(c: Constraint) -> Expectation | None:
    """A number written with N decimals (``\\d+\\.\\d{2}``, ``#.##``): every
    number with a decimal point having N places is a necessary part, not
    the whole (the answer must also hold such a number)."""
    value = str(_text(c) or "").strip()
    if c.relation != "matches_format" or not is_response(scope_of(c.scope)):
        return None
    places = None
    if found := _DECIMALS[0].fullmatch(value):
        places = int(found["n"])
    elif found := _DECIMALS[1].fullmatch(value):
        places = len(found["places"])
    if places is None or not 1 <= places <= 10:
        return None
    return no_kind(
        "a number in a decimal form: no kind states it whole",
        fields("decimal_places", places=places),
    )


_SCRIPTS = (
    "Latin", "Cyrillic", "Greek", "Han", "Hiragana", "Katakana", "Hangul", "Arabic", "Hebrew",
    "Devanagari", "Thai", "Armenian", "Georgian",
)  # fmt: skip
"""The scripts the script kind names."""


def _script(c: Constraint) -> Expectation | None:
    """Every letter of the answer in one script the value or the note names
    ("all letters; note: script: Cyrillic")."""
    if c.relation != "all" or not is_response(scope_of(c.scope)):
        return None
    if _unit(c) not in ("", "letter", "character", "answer"):
        return None
    said = f"{_text(c) or ''} {c.note}"
    named = [name for name in _SCRIPTS if re.search(rf"\b{name}\b", said, re.I)]
    if len(named) != 1:
        return None
    return all_of(fields("script", script=named[0], rule="only"))


_NOT_END = re.compile(
    r"\b(?:must|should|do|does|may)(?:n't| not) end (?:with|in)\s*[\"'‘“]?(?P<marks>[.!?;:,…]+)"
    r"|\bno (?P<named>period|full stop|exclamation mark|question mark) at the end\b"
    r"|\bno (?:trailing|final|closing|ending) (?P<named2>period|full stop|exclamation mark|"
    r"question mark)\b",
    re.I,
)
_NAMED_MARKS = {"period": ".", "full stop": ".", "exclamation mark": "!", "question mark": "?"}


def _final_mark(c: Constraint) -> Expectation | None:
    """ "Must not end with '.'" said by the note (relation ``other``): the
    answer does not end with that mark."""
    if c.relation not in ("other", "none") or not is_response(scope_of(c.scope)):
        return None
    found = _NOT_END.search(c.note)
    if found is None:
        return _end_mark_banned(c)
    marks = found["marks"] or _NAMED_MARKS[(found["named"] or found["named2"]).lower()]
    want = "".join(sorted(set(marks)))
    return all_of(fields("no_final_mark", marks=want))


_NOT_END_LABEL = re.compile(r"(?:not|no)[ _-]?(?:end|ends|ending|final|trailing)")


def _end_mark_banned(c: Constraint) -> Expectation | None:
    """A ban of marks whose label names the end ("not_ends_with", words
    ``['.']``): the answer does not end with them; the marks elsewhere stay."""
    marks = "".join(str(w).strip() for w in c.words)
    if c.relation != "none" or not marks or not _NOT_END_LABEL.search(c.family.lower()):
        return None
    if not re.fullmatch(r"[.!?;:,…]+", marks):
        return None
    return all_of(fields("no_final_mark", marks="".join(sorted(set(marks)))))


def shapes(c: Constraint) -> Expectation | None:
    """The checks one of these shapes maps to; None where ``c`` states none."""
    rules = (
        _each_mark,
        _each_prefix,
        _number_only,
        _palindrome,
        _equal_text,
        _heading_order,
        _postscript,
        _list_form,
        _blank_gaps,
        _decimals,
        _script,
        _final_mark,
    )
    return first_found(rules, c)
