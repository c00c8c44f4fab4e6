"""Counts of split L's writer whose siblings say how the counted things are
laid out: read after the mapper has found a count's own checks
(:func:`laid_out_counts`), never from a prompt or a quote.

- Lines counted over the whole answer where a sibling makes each line one
  thing (it bounds the words or characters of "each <thing>", naming what
  the lines hold: "each title", "each slide"; or every line follows one
  format or template): N lines are
  N things, so ``item_count`` N covers the count as ``line_count`` N does
  (the one-thing-a-line convention split K's mapping settled, read the
  other way; the layout is the sibling's to check).
- Numbered items counted beside a sibling asking for a numbered list: the
  list's items, so ``item_count`` covers the count as ``numbered_count``
  does (the numbering is the sibling's to check).
- Paragraphs counted with a note that blank lines separate them: one blank
  line between paragraphs (``blank_lines``) is a part of the requirement.
- Commas counted under a comma-separated label (``n`` commas for ``n + 1``
  items): the answer's items on one comma-separated line (``comma_list``,
  as split J's "comma separated" reads) is a part of it.

Two readings of a part's place and look, by the same hook:

- prose counted in a scope "<prose> after <part>" ("prose after code",
  "text after the table"): that part before the prose (``order``) is a part
  of it, as ``_blind_order`` reads "followed by" within one quote;
- the first or last line in bold or italics (``line_style``): the answer
  has an emphasis span (``highlight_count`` at least 1), a part of it.
"""

from __future__ import annotations

import re
from dataclasses import replace

from _blind_matchers import Expectation, Matcher, Spec, count, either, fields, separated
from _blind_parts import NUMERIC, count_value, is_response, scope_of
from _blind_rows import Constraint, Row
from _blind_writer_j_spelling import label_key, raw_unit, singular

__all__ = ["laid_out_counts"]

_EACH = re.compile(r"(?:each|every|per) (?P<noun>[a-z][a-z -]*?)")
# nouns that name a generic part or a piece of an entry, not the things listed
_NOT_THINGS = re.compile(
    r"(?:word|sentence|paragraph|section|heading|subheading|stanza|verse|part|letter|"
    r"character|cell|column|row|key|value|field|answer|question|definition|description|"
    r"reason|explanation|meaning|body|text|line|item|list item|bullet|numbered item|"
    r"couplet|tercet|quatrain|scene|clue|verse|block|entry)s?"
)
# a length of each thing: the thing stands on one line
_LENGTHS = frozenset({"word", "character", "char", "letter"})
_LINE_FORMAT = re.compile(r"line(?:format|template|prefix|suffix|pattern|startdigit)")
_NUMBERED_LIST = re.compile(r"numbered(?:list|format|items?)?")
_BLANK_NOTE = re.compile(
    r"blank[- ]lines?[- ](?:separated|between)|separated by (?:a |one |single )?blank lines?"
)
_COMMA_LABEL = re.compile(r"comma(?:separated|list|delimited)")
_AFTER_PART = re.compile(
    r"(?:the )?(?:prose|text|explanation|sentences?|paragraphs?|commentary) "
    r"(?:after|following|below) (?:the )?(?P<part>code(?: block)?|table|bullets|bullet list|"
    r"numbered list)"
)
_ORDER_PARTS = {
    "code": "code",
    "code block": "code",
    "table": "table",
    "bullets": "bullets",
    "bullet list": "bullets",
    "numbered list": "numbered",
}


def _scope(s: Constraint) -> str:
    return " ".join(str(s.scope or "").lower().split())


def _unit_word(s: Constraint) -> str:
    return singular(raw_unit(s))


def _each_line_a_thing(c: Constraint, row: Row) -> bool:
    """A sibling makes each line one of the things counted."""
    for s in row.constraints:
        if s.index == c.index or not s.verifiable:
            continue
        named = _EACH.fullmatch(_scope(s))
        if named and not _NOT_THINGS.fullmatch(named["noun"]) and _unit_word(s) in _LENGTHS:
            return True  # "each title": what each line holds, named
        every = _scope(s) in ("each line", "every line") and s.relation == "matches_format"
        if every and _LINE_FORMAT.fullmatch(label_key(s)):
            return True  # every line one entry in a stated format
    return False


def _numbered_sibling(c: Constraint, row: Row) -> bool:
    """A sibling asks for the answer as a numbered list."""
    return any(
        s.index != c.index
        and s.verifiable
        and s.relation in ("other", "matches_format", "all", "equals")
        and is_response(scope_of(s.scope))
        and _NUMBERED_LIST.fullmatch(label_key(s)) is not None
        for s in row.constraints
    )


def _or_items(c: Constraint, found: Expectation, kind: str) -> Expectation:
    """Each ``kind`` bound of ``found`` met by an item_count of it as well."""
    bounds = count_value(c.relation, c.value)
    if not bounds or len(found.matchers) != len(bounds):
        return found
    if any(m.kinds != frozenset({kind}) for m in found.matchers):
        return found
    paired = tuple(
        either(m, count("item_count", rel, n))
        for m, (rel, n) in zip(found.matchers, bounds, strict=True)
    )
    return replace(found, matchers=paired, kinds=found.kinds | {"item_count"})


def _blank_gaps(c: Constraint) -> Matcher:
    lowest = min((n for rel, n in count_value(c.relation, c.value) if rel != "at_most"), default=0)
    gaps = ("paragraphs", "blocks") if lowest >= 2 else ("paragraphs",)

    def test(spec: Spec) -> bool:
        return spec.get("between") in gaps and spec.get("blank") == 1

    return Matcher(frozenset({"blank_lines"}), test, f"blank_lines between={gaps} blank=1")


def _placed(c: Constraint, found: Expectation) -> Expectation:
    """The order a scope "<prose> after <part>" states, and the emphasis a
    styled first or last line holds: parts of ``c``, implied."""
    after = _AFTER_PART.fullmatch(" ".join(str(c.scope or "").lower().split()))
    if after is not None:
        parts = [_ORDER_PARTS[after["part"]], "text"]
        return replace(found, implied=(*found.implied, fields("order", parts=parts)))
    styled = any(
        m.kinds == frozenset({"line_style"}) and "style='code'" not in m.label
        for m in found.matchers
    )
    if styled:
        highlight = count("highlight_count", "at_least", 1)
        return replace(found, implied=(*found.implied, highlight))
    return found


def laid_out_counts(c: Constraint, row: Row, found: Expectation) -> Expectation:
    """``found`` for a count, with the checks its siblings' layout lets
    state it (or a part of it) as well; and the order or emphasis a part's
    place or look implies (:func:`_placed`)."""
    found = _placed(c, found)
    if c.relation not in NUMERIC or not is_response(scope_of(c.scope)):
        return found
    unit = singular(raw_unit(c))
    if unit == "line" and _each_line_a_thing(c, row):
        return _or_items(c, found, "line_count")
    if unit == "numbered item" and _numbered_sibling(c, row):
        return _or_items(c, found, "numbered_count")
    if unit == "paragraph" and found.matchers and _BLANK_NOTE.search(str(c.note).lower()):
        return replace(found, implied=(*found.implied, _blank_gaps(c)))
    if unit == "comma" and _COMMA_LABEL.fullmatch(label_key(c)) and found.matchers:
        return replace(found, implied=(*found.implied, fields("comma_list", separator=",")))
    mark = _SEPARATOR_MARKS.get(unit)
    if mark and _SEPARATED_BY.search(str(c.quote).lower()) and found.matchers:
        # "separated by semicolons" written as a count of semicolons: the
        # separated line is what the count was quoted from
        return replace(found, implied=(*found.implied, separated(mark)))
    return found


_SEPARATOR_MARKS = {"semicolon": ";", "slash": "/", "pipe": "|"}
_SEPARATED_BY = re.compile(r"separated by|separate them with|-separated")
