"""Conventions of split L's writer, mapped by rule from the structured fields.

This writer names one character by quoting it in the unit ("character
'!'"), states a separator as its value ("blank line"), names the part a
count is of in the label ("words_per_line", "words_per_item") and the thing
that part holds in the scope ("each slide", "each step"), and writes a
header, a template or a run of headings as the lines themselves ("first
line equals 'day,primary,secondary'", lines equal ``('Diagnosis:', …)`` or
``('**Open**', …)``). Each rule reads one convention, never a prompt or a
quote:

- a count of one quoted punctuation mark over the whole answer:
  ``punctuation_count`` of that mark; a count of another character, or of
  a mark within one part: no kind counts it;
- a separator line between pieces whose value is a blank (empty) line: one
  blank line in each gap (``blank_lines``, as split K's separator with no
  mark);
- words or characters per line (per item, per bullet) by the label, the
  scope naming the thing each line (item, bullet) holds, beside a count of
  those parts or things: every line (item, bullet) within the bound; for
  lines, as ``_blind_each_thing`` reads things one per line, a per-item
  count states it as well (not where the scope names a piece of each
  part, "each definition");
- the first line equal to comma-joined names under a CSV header label: the
  CSV header (``csv_columns``), or the answer starting with that line;
- lines equal to labels ending in a colon under a template label: the
  whole answer in that template (``answer_template`` whose lines begin with
  the labels, as ``_blind_formats`` reads a template written as a format);
- the answer's only content named as the value under an "only" label
  ("code block only", "JSON array", "SQL query"): the code block or JSON
  document the value or a sibling names (split K's reading), else no kind;
  never the value's words as a keyword (they name the content, not text);
- words in capitals by the label, relation other, the words listed (the
  ones allowed: "no acronyms except SLA"): no kind (not the whole answer in
  capitals, which the label alone would read);
- values masked as a run of one mark ("********") under a masking label:
  no kind (not bold markup);
- the end of the answer starting with "P.S." under a postscript label: the
  postscript (as "Add a P.S." reads: the kind's line starting with the
  marker, a postscript by its nature at the end).

Read after the mapper (:func:`regex_lines`): a line format the writer
gives as a regular expression (``^\\d{4} — .+$``) is met in part by an
``item_template`` whose pattern fits texts of the expression's shape.

Named sections (their order and level) are read in
``_blind_writer_l_sections``; counts whose siblings say how the counted
things are laid out in ``_blind_writer_l_counts``.
"""

from __future__ import annotations

import re
from dataclasses import replace

from _blind_formats import answer_template
from _blind_matchers import (
    Expectation,
    Matcher,
    Spec,
    all_of,
    counts,
    either,
    fields,
    no_kind,
    only_code_block,
    phrase_is,
)
from _blind_parts import NUMERIC, count_value, is_response, scope_of
from _blind_rows import Constraint, Row
from _blind_writer_j_marks import json_only
from _blind_writer_j_spelling import label_key, raw_unit, singular
from _blind_writer_k import writer_k
from _blind_writer_l_sections import section_rules

from redraft.criteria._families._item_template import template_pattern

__all__ = ["regex_lines", "writer_l"]

# the marks punctuation_count counts (src/redraft/criteria/_families/_punctuation.py)
_MARKS = frozenset(",.!?;:—…")
_QUOTED_CHAR = re.compile(
    r"(?:character|char|symbol|mark|punctuation(?: mark)?)\s*['\"‘’“”](?P<ch>.)['\"‘’“”]"
)
_BLANK = re.compile(r"(?:an? |one |single )?(?:blank|empty) line")
_BETWEEN = re.compile(r"between (?:the |each |consecutive )?\w+")
_PER_PART = re.compile(r"^(?P<u>word|char|character|letter)s?per(?P<p>line|item|bullet)$")
_EACH = re.compile(r"(?:each|every|per) (?P<noun>[a-z][a-z -]*?)")
# parts the general mapping reads by name: the scope names no thing of its own
_KNOWN_PARTS = re.compile(
    r"(?:word|sentence|line|bullet|bullet point|paragraph|section|heading|subheading|title|"
    r"stanza|verse|item|list item|numbered item|part|cell|column|row|key|value)s?"
)
# pieces of an entry (as _blind_each_thing reads them): a part's count would overstate them
_PIECES = re.compile(
    r"definition|description|reason|explanation|meaning|body|answer|text|clause|field|label|"
    r"option|value|name|term|entry|round"
)
_COUNTED_AS = {
    "line": ("line",),
    "item": ("item", "numbered item", "bullet", "entry", "step", "list item"),
    "bullet": ("bullet", "bullet point"),
}
_UNITS = {"word": "words", "char": "characters", "character": "characters"}
_TEMPLATE_LABEL = re.compile(r"template|fields?|form$")
_CSV_LABEL = re.compile(r"csv.*header|header.*csv")


def _char_count(c: Constraint) -> Expectation | None:
    """A count of one character the unit quotes ("character '!'")."""
    said = _QUOTED_CHAR.fullmatch(raw_unit(c))
    if said is None or c.relation not in NUMERIC or not count_value(c.relation, c.value):
        return None
    mark = said["ch"]
    if mark not in _MARKS:
        return no_kind("a count of a character no kind counts")
    if not is_response(scope_of(c.scope)):
        return no_kind("a character counted within one part: no kind counts it there")
    return all_of(*counts("punctuation_count", c.relation, c.value, mark=mark))


def _blank_line_separator(c: Constraint) -> Expectation | None:
    """A separator line between pieces, its value a blank line: one blank
    line in each gap (paragraphs or blocks, as the compiler names them)."""
    if "separator" not in label_key(c) or singular(raw_unit(c)) not in ("line", "blank line"):
        return None
    if c.relation not in ("other", "equals") or c.words:
        return None
    if not isinstance(c.value, str) or not _BLANK.fullmatch(" ".join(c.value.lower().split())):
        return None
    if not _BETWEEN.fullmatch(" ".join(str(c.scope or "").lower().split())):
        return None

    def test(spec: Spec) -> bool:
        return spec.get("between") in ("paragraphs", "blocks") and spec.get("blank") == 1

    label = "blank_lines between=paragraphs (or blocks) blank=1"
    return all_of(Matcher(frozenset({"blank_lines"}), test, label))


def _parts_counted(c: Constraint, row: Row, part: str, noun: str) -> bool:
    """A sibling counts the parts (or the things the scope names) over the
    whole answer: the things are those parts."""
    units = {noun, *_COUNTED_AS[part]}
    return any(
        s.index != c.index
        and s.relation in NUMERIC
        and is_response(scope_of(s.scope))
        and singular(raw_unit(s)) in units
        for s in row.constraints
    )


def _per_part(c: Constraint, row: Row) -> Expectation | None:
    """ "words_per_line" over "each slide" beside a count of the lines: every
    line within the bound (the label names the part, the scope what it
    holds). Not where the scope names a piece of each part ("each
    definition", "each answer"): the part's count would overstate it."""
    said = _PER_PART.fullmatch(label_key(c))
    scope = _EACH.fullmatch(" ".join(str(c.scope or "").lower().split()))
    if said is None or scope is None or not re.fullmatch(r"[a-z]+", scope["noun"]):
        return None
    noun = singular(scope["noun"])
    if _KNOWN_PARTS.fullmatch(noun) or _PIECES.fullmatch(noun):
        return None
    units = _UNITS.get(singular(raw_unit(c)))
    if units is None or _UNITS.get(said["u"]) != units or not count_value(c.relation, c.value):
        return None
    part = said["p"]
    if not _parts_counted(c, row, part, noun):
        return None
    if units == "words":
        per_item = counts("each_word_count", c.relation, c.value, part=part)
    else:
        per_item = counts("each_count", c.relation, c.value, part=part, units=units)
    if part != "line":
        return all_of(*per_item)
    # things one per line: every line's bound, or every item's (the lines are the items)
    items = (
        counts("each_word_count", c.relation, c.value, part="item")
        if units == "words"
        else counts("each_count", c.relation, c.value, part="item", units=units)
    )
    lines = counts("line_length", c.relation, c.value, length_in=units)
    return all_of(*(either(a, b) for a, b in zip(lines, items, strict=True)))


def _csv_header(c: Constraint) -> Expectation | None:
    """The first line equal to the CSV header under a CSV header label: the
    header's columns, or the answer starting with that line."""
    if not _CSV_LABEL.search(label_key(c)) or c.relation not in ("equals", "starts_with"):
        return None
    if scope_of(c.scope) != ("nth", "line", 1) or not isinstance(c.value, str):
        return None
    header = c.value.strip()
    columns = [p.strip() for p in header.split(",")]
    if len(columns) < 2 or not all(columns):
        return None
    want = [p.casefold() for p in columns]

    def test(spec: Spec) -> bool:
        got = spec.get("columns")
        return isinstance(got, (list, tuple)) and [str(g).strip().casefold() for g in got] == want

    header_is = Matcher(frozenset({"csv_columns"}), test, f"csv_columns {columns}")
    return all_of(either(header_is, phrase_is("starts_with", header)))


def _template_fields(c: Constraint) -> Expectation | None:
    """Lines equal to labels ending in a colon, under a template label: the
    answer in a template whose lines begin with those labels."""
    if c.relation != "equals" or not _TEMPLATE_LABEL.search(label_key(c)):
        return None
    if singular(raw_unit(c)) != "line" or not is_response(scope_of(c.scope)):
        return None
    labels = list(c.value) if isinstance(c.value, (list, tuple)) else []
    if len(labels) < 2 or not all(isinstance(v, str) and v.strip().endswith(":") for v in labels):
        return None
    return answer_template(replace(c, relation="matches_format", value="\n".join(labels)))


def _postscript_at_end(c: Constraint) -> Expectation | None:
    """A paragraph (line) at the end of the answer starting with the P.S.
    marker, under a postscript label: the answer's postscript."""
    if label_key(c) not in ("postscript", "ps") or c.relation != "starts_with":
        return None
    if scope_of(c.scope)[0] not in ("end", "nth") or scope_of(c.scope)[2] not in (None, -1):
        return None
    marker = str(c.value or "").strip()
    if not re.fullmatch(r"(?:P\.\s?)+S\.?", marker, re.IGNORECASE):
        return None
    return all_of(fields("postscript", marker=marker))


def _caps_but_listed(c: Constraint) -> Expectation | None:
    """Words in capitals (acronyms) by the label, relation other, the words
    listed the ones allowed: no capitals but those. No kind bans capital
    words with exceptions (and the whole answer in capitals is the opposite)."""
    if c.relation != "other" or not c.words:
        return None
    if not re.fullmatch(r"(?:all)?caps?words?|uppercasewords?|acronyms?", label_key(c)):
        return None
    return no_kind("words in capitals banned but for those listed: no kind states the exceptions")


def _masked_run(c: Constraint) -> Expectation | None:
    """Values masked as a run of one mark ("********") under a masking
    label: which values are secret no check can tell; the run is no
    emphasis markup either."""
    if not re.search(r"mask|redact", label_key(c)) or c.relation not in ("equals", "other"):
        return None
    if not isinstance(c.value, str) or not re.fullmatch(r"([*#xX•])\1{2,}", c.value.strip()):
        return None
    return no_kind("values masked as a run of marks: which values to mask no check can tell")


_ONLY_LABEL = re.compile(r"outputonly|nothingelse|noextratext|onlytheanswer|answeronly")


def _only_named(c: Constraint, row: Row) -> Expectation | None:
    """The answer's only content named as the value ("SQL query", "code
    block only", "JSON array", "list"), under an "only" label: a code block
    or a JSON document where the value or a sibling names one (split K's
    reading), else no kind; never the value's words as text to find."""
    if not _ONLY_LABEL.fullmatch(label_key(c)) or c.relation != "equals":
        return None
    if not isinstance(c.value, str) or not is_response(scope_of(c.scope)):
        return None
    said = " ".join(c.value.lower().split())
    if re.fullmatch(r"(?:an? |one )?(?:code|code block|fenced code)(?: only)?", said):
        return all_of(only_code_block())
    if re.fullmatch(r"json(?: object| array)?(?: of \w+)?(?: only)?", said):
        return json_only(replace(c, relation="matches_format", value="json"))
    other = writer_k(replace(c, relation="other", value=None), row)
    if other is not None and other.matchers:
        return other
    return no_kind("only the answer's named content: no kind states what it is")


def writer_l(c: Constraint, row: Row) -> Expectation | None:
    """The checks ``c`` maps to by one of split L's writer's conventions;
    None where none applies (the mapper reads it on)."""
    rules = (
        _char_count,
        _blank_line_separator,
        _csv_header,
        _template_fields,
        _postscript_at_end,
        _caps_but_listed,
        _masked_run,
    )
    for rule in rules:
        found = rule(c)
        if found is not None:
            return found
    return _per_part(c, row) or _only_named(c, row) or section_rules(c, row)


# -- a line format written as a regular expression --------------------------------------

_TOKEN = re.compile(
    r"(?P<digits>\\d)(?P<dq>\{\d+(?:,\d*)?\}|\+)?"
    r"|\[(?P<cls>[^\]^][^\]]*)\](?P<cq>\{\d+(?:,\d*)?\}|\+)?"
    r"|(?P<any>\.\+)|(?P<word>\\w\+|\\S\+)"
    r"|(?P<space>\\s[+*]?)"
    r"|\\(?P<esc>[^\w\s])"
    r"|(?P<lit>[^()\[\]{}|?*+.^$\\])"
)


def _times(quantifier: str | None, long: bool) -> int:
    if not quantifier:
        return 1
    if quantifier == "+":
        return 3 if long else 1
    low, _, high = quantifier.strip("{}").partition(",")
    return int(high) if long and high else int(low)


def _class_char(cls: str) -> str | None:
    """One character the class holds: a range's first, or its first listed."""
    if "\\" in cls.replace("\\d", ""):
        return None  # an escape other than \d: no one character read
    span = re.search(r"(\w)-\w", cls)
    if span is not None:
        return span[1]
    if "\\d" in cls:
        return "5"
    return cls[0] if cls[0] not in " -" else None


def _samples(expression: str) -> tuple[str, ...] | None:
    """Two texts the writer's expression matches (its repeats at their least
    and at more), or None where it is no plain sequence of classes and
    literal marks (groups, alternatives, optional parts)."""
    body = expression.strip()
    body = body[1:] if body.startswith("^") else body
    body = body[:-1] if body.endswith("$") else body
    out: list[str] = []
    for long in (False, True):
        text, at = "", 0
        while at < len(body):
            m = _TOKEN.match(body, at)
            if m is None:
                return None
            at = m.end()
            if m["digits"]:
                text += "7" * _times(m["dq"], long)
            elif m["cls"]:
                ch = _class_char(m["cls"])
                if ch is None or _times(m["cq"], long) < 1:
                    return None
                text += ch * _times(m["cq"], long)
            elif m["any"]:
                text += "Some text here" if long else "x"
            elif m["word"]:
                text += "Word" if long else "x"
            elif m["space"]:
                text += " "
            else:
                text += m["esc"] or m["lit"]
        out.append(text)
    return tuple(out)


def regex_lines(c: Constraint, found: Expectation) -> Expectation:
    """An item format the writer states as a regular expression: an
    item_template whose pattern every text of the expression's shape fits
    enforces a part of it (the template's free parts take any text, the
    expression's classes only some)."""
    if found.matchers or "regular expression" not in found.reason:
        return found
    samples = _samples(str(c.value or ""))
    if not samples:
        return found

    def test(spec: Spec) -> bool:
        pattern = template_pattern(str(spec.get("template", "")))
        return pattern is not None and all(pattern.fullmatch(s) for s in samples)

    label = f"item_template fitting {c.value!r}"
    return replace(
        found, implied=(*found.implied, Matcher(frozenset({"item_template"}), test, label))
    )
