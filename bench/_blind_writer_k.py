"""Conventions of split K's writer, mapped by rule from the structured fields.

This writer states a relation between parts as a formula in the note
("first word of sentence i == last word of sentence i-1", "line i has i
words", "last line == first line") and names the answer's shape by label
("one_per_line", "palindrome", "reverse_alphabetical"); each rule reads one
convention, never a prompt or a quote:

- a chain: the note's ``first <link> of <part> i == last <link> of <part>
  i-1`` (the same link on both sides), or a chain label over "each <part>
  after the first" (the unit the link): ``chain`` of that part and link;
- a repeat: relation ``equals`` with no value, the note's ``<nth> <part> ==
  <nth> <part>`` or the label's ``<nth>_repeats_<nth>`` over "<nth> <part>":
  ``part_repeat`` of those positions;
- the note's ``<part> i has i <unit>s``: a ``length_progression`` of one more
  each time from one; where a sibling states the first part's one unit on
  its own, the step alone is this constraint's (the start the sibling's);
- the scope "last word of each <part>" ending with one word:
  ``each_ends_with`` of that part;
- a separator label on a line between pieces, no mark given: the line holds
  nothing, a blank line (``blank_lines`` one in each gap);
- the palindrome label on the whole answer's letters: ``palindrome``;
- a reverse order label or a "Z-A" note: ``sorted_items`` reverse;
- "one per line" (the label) of one word (the note or a count of words
  beside it): every line one word (``line_length`` 1 in words);
- the answer's only content (an "only"/"nothing else" label) beside a
  sibling making the whole answer one code block: ``code_only``; beside a
  JSON answer: the JSON document;
- the whole answer "JSON object" or "JSON array of ...": the JSON document,
  no code fence implied (as split J's "json");
- items counted in a scope that names a key a sibling lists: ``json_items``
  under that key;
- lines of dialogue counted at least N: at least N lines, implied (other
  lines may stand between them).

Counts of things beside a "one per line" sibling (one thing a line, so N
lines are N things) are read by :func:`one_per_line_count`, which the mapper
applies to its own expectation.
"""

from __future__ import annotations

import re
from dataclasses import replace

from _blind_matchers import (
    Expectation,
    Matcher,
    Spec,
    all_of,
    count,
    counts,
    either,
    fields,
    json_object,
    no_kind,
    only_code_block,
    phrase_is,
)
from _blind_parts import NUMERIC, count_value, is_response, scope_of
from _blind_rows import Constraint, Row
from _blind_writer_j_marks import json_only
from _blind_writer_j_spelling import label_key, raw_unit, singular

__all__ = ["one_per_line_count", "writer_k"]

_PART = {
    "sentence": "sentence",
    "line": "line",
    "item": "item",
    "bullet": "item",
    "word": "word",
    "paragraph": "paragraph",
    "stanza": "paragraph",
}
_ORDINAL = {"first": 1, "second": 2, "third": 3, "last": -1, "final": -1}
_CHAIN_NOTE = re.compile(
    r"first (?P<a>word|letter) of (?P<p>\w+?)s? i\s*==\s*"
    r"last (?P<b>word|letter) of (?P<q>\w+?)s? i\s*-\s*1"
)
_AFTER_FIRST = re.compile(r"(?:each|every) (?P<p>\w+?)s? after the first")
_NTH = r"first|second|third|last|final"
_REPEAT_NOTE = re.compile(rf"(?P<a>{_NTH}) (?P<p>\w+?) == (?P<b>{_NTH}) (?P<q>\w+?)")
_REPEAT_LABEL = re.compile(
    r"(?P<a>first|second|third|last|final)repeats(?P<b>first|second|third|last|final)"
)
_NAMED = re.compile(r"(?P<o>first|second|third|last|final) (?P<p>\w+)")
_I_HAS_I = re.compile(r"(?P<p>\w+?) i has i (?P<u>words?|characters?)")
_LAST_WORD_EACH = re.compile(r"last word of (?:each|every) (?P<p>\w+?)s?")
_BETWEEN = re.compile(r"between (?:the )?\w+")
_REVERSE_LABEL = re.compile(r"^reverse(?:alphabetical|alpha|order|sorted)$")
_ONLY_LABEL = re.compile(r"^(?:outputonly|noextratext|nothingelse|onlytheanswer|answeronly)$")
_ONE_PER_LINE = re.compile(r"^(?:oneperline|lineperitem|oneitemperline|onewordperline)$")


def _norm(text: object) -> str:
    return " ".join(str(text or "").lower().split())


def _chain(c: Constraint) -> Expectation | None:
    said = _CHAIN_NOTE.search(_norm(c.note))
    if said is not None and said["a"] == said["b"] and said["p"] == said["q"]:
        part, link = _PART.get(said["p"]), said["a"]
    elif "chain" in label_key(c) and (after := _AFTER_FIRST.fullmatch(_norm(c.scope))):
        part, link = _PART.get(after["p"]), singular(raw_unit(c))
    else:
        return None
    if part is None or link not in ("word", "letter") or (part == "word" and link != "letter"):
        return no_kind("a chain of parts no kind cuts")

    def test(spec: Spec) -> bool:
        return spec.get("part") == part and spec.get("link") == link

    return all_of(Matcher(frozenset({"chain"}), test, f"chain part={part!r} link={link!r}"))


def _repeat(c: Constraint) -> Expectation | None:
    if c.relation != "equals" or c.value not in (None, "") or c.words:
        return None
    said = _REPEAT_NOTE.fullmatch(_norm(c.note))
    if said is not None and said["p"] == said["q"]:
        part, ends = _PART.get(said["p"]), (said["a"], said["b"])
    elif (label := _REPEAT_LABEL.fullmatch(label_key(c))) and (
        named := _NAMED.fullmatch(_norm(c.scope))
    ):
        if named["o"] != label["a"]:
            return None
        part, ends = _PART.get(named["p"]), (label["a"], label["b"])
    else:
        return None
    if part not in ("sentence", "line", "paragraph", "item"):
        return None
    positions = sorted({_ORDINAL[e] for e in ends})
    if len(positions) != 2:
        return None

    def test(spec: Spec) -> bool:
        got = spec.get("positions") or []
        return spec.get("part") == part and isinstance(got, list) and sorted(got) == positions

    label_text = f"part_repeat part={part!r} positions={positions}"
    return all_of(Matcher(frozenset({"part_repeat"}), test, label_text))


def _first_is_one(row: Row, c: Constraint, part: str, unit: str) -> bool:
    """A sibling states the first part's count of the unit as exactly one."""
    return any(
        s.index != c.index
        and _norm(s.scope) in (f"first {part}", f"{part} 1")
        and s.relation == "exactly"
        and s.value == 1
        and singular(raw_unit(s)) == unit
        for s in row.constraints
    )


def _i_has_i(c: Constraint, row: Row) -> Expectation | None:
    said = _I_HAS_I.fullmatch(_norm(c.note))
    if said is None or c.relation not in ("other", "equals"):
        return None
    part = _PART.get(said["p"])
    if part not in ("sentence", "line", "paragraph", "item"):
        return None
    unit = singular(said["u"])
    units = f"{unit}s"
    starts = (1, None) if _first_is_one(row, c, said["p"], unit) else (1,)

    def test(spec: Spec) -> bool:
        return (
            spec.get("part") == part
            and spec.get("unit") == units
            and spec.get("direction") == "increasing"
            and spec.get("step") == 1
            and spec.get("start") in starts
        )

    shown = f"length_progression part={part!r} unit={units!r} step=1 start=1"
    return all_of(Matcher(frozenset({"length_progression"}), test, shown))


def _last_word_each(c: Constraint) -> Expectation | None:
    scope = _LAST_WORD_EACH.fullmatch(_norm(c.scope))
    if scope is None or c.relation != "ends_with":
        return None
    words = [w for w in c.words if w.strip()] or ([c.value] if isinstance(c.value, str) else [])
    part = _PART.get(scope["p"])
    if (
        len(words) != 1
        or len(words[0].split()) != 1
        or part not in ("sentence", "paragraph", "line")
    ):
        return None
    return all_of(phrase_is("each_ends_with", words[0], part=part))


def _blank_separator(c: Constraint) -> Expectation | None:
    if "separator" not in label_key(c) or singular(raw_unit(c)) not in ("line", "blank line"):
        return None
    if c.relation != "other" or c.value not in (None, "") or c.words:
        return None
    if not _BETWEEN.fullmatch(_norm(c.scope)):
        return None

    def test(spec: Spec) -> bool:
        return spec.get("between") in ("paragraphs", "blocks") and spec.get("blank") == 1

    label = "blank_lines between=paragraphs (or blocks) blank=1"
    return all_of(Matcher(frozenset({"blank_lines"}), test, label))


def _palindrome(c: Constraint) -> Expectation | None:
    if label_key(c) not in ("palindrome", "palindromic") or c.relation != "other":
        return None
    if not is_response(scope_of(c.scope)) or singular(raw_unit(c)) not in (
        "",
        "letter",
        "character",
        "answer",
    ):
        return None
    return all_of(fields("palindrome"))


def _reverse_order(c: Constraint) -> Expectation | None:
    if c.relation != "other" or not is_response(scope_of(c.scope)):
        return None
    reverse = _REVERSE_LABEL.fullmatch(label_key(c)) is not None
    if not reverse and not re.fullmatch(r"z\s*(?:-|to)\s*a", _norm(c.note)):
        return None
    if singular(raw_unit(c)) not in ("", "item", "line", "word", "entry"):
        return None
    return all_of(fields("sorted_items", order="reverse_alphabetical"))


def _one_word_a_line(c: Constraint, row: Row) -> Expectation | None:
    if _ONE_PER_LINE.fullmatch(label_key(c)) is None or c.relation != "exactly" or c.value != 1:
        return None
    if not is_response(scope_of(c.scope)) or singular(raw_unit(c)) != "line":
        return None
    words = re.search(r"\bone word\b", _norm(c.note)) is not None or any(
        s.index != c.index
        and singular(raw_unit(s)) == "word"
        and s.relation in NUMERIC
        and is_response(scope_of(s.scope))
        for s in row.constraints
    )
    if not words:
        return None

    def test(spec: Spec) -> bool:
        return (
            spec.get("relation") == "exactly"
            and spec.get("value") == 1
            and spec.get("length_in") == "words"
        )

    return all_of(Matcher(frozenset({"line_length"}), test, "line_length exactly 1 words"))


def _only_in_format(c: Constraint, row: Row) -> Expectation | None:
    if c.relation != "other" or _ONLY_LABEL.fullmatch(label_key(c)) is None:
        return None
    if not is_response(scope_of(c.scope)) or singular(raw_unit(c)) not in ("", "answer"):
        return None
    for s in row.constraints:
        if s.index == c.index or not s.verifiable or not is_response(scope_of(s.scope)):
            continue
        unit = singular(raw_unit(s))
        if unit in ("code block", "code fence") and s.relation == "exactly" and s.value == 1:
            return all_of(only_code_block())
        shape = _norm(s.value) if s.relation == "matches_format" else ""
        if unit in ("", "answer") and re.fullmatch(r"json(?: object| array)?(?: of \w+)?", shape):
            return all_of(json_object())
    return None


def _dialogue_lines(c: Constraint) -> Expectation | None:
    if raw_unit(c) not in ("dialogue line", "dialogue lines", "line of dialogue"):
        return None
    if c.relation not in NUMERIC or not is_response(scope_of(c.scope)):
        return None
    floors = [n for rel, n in count_value(c.relation, c.value) if rel == "at_least"]
    if c.relation != "at_least" or not floors:
        return no_kind("lines of dialogue counted: other lines may stand between them")
    return no_kind(
        "lines of dialogue counted: other lines may stand between them",
        *counts("line_count", "at_least", floors[0]),
    )


def _json_named(c: Constraint) -> Expectation | None:
    """The whole answer "JSON object" or "JSON array of strings": the JSON
    document, no code fence implied (split J's reading of "json")."""
    shape = _norm(c.value) if c.relation == "matches_format" else ""
    if not re.fullmatch(r"json (?:object|array)(?: of \w+)?", shape):
        return None
    return json_only(replace(c, value="json"))


def _json_key_items(c: Constraint, row: Row) -> Expectation | None:
    """Items counted within a scope that names one of the JSON answer's keys
    (a sibling lists it): the array under that key, counted."""
    key = str(c.scope or "").strip().strip("`'\"")
    if singular(raw_unit(c)) not in ("item", "string", "element") or c.relation not in NUMERIC:
        return None
    if not key or not count_value(c.relation, c.value):
        return None
    named = any(
        s.index != c.index and singular(raw_unit(s)) == "key" and key in s.words
        for s in row.constraints
    )
    if not named:
        return None
    return all_of(*counts("json_items", c.relation, c.value, key=key))


def writer_k(c: Constraint, row: Row) -> Expectation | None:
    """The checks ``c`` maps to by one of split K's writer's conventions; None
    where none applies (the mapper reads it on)."""
    for rule in (
        _chain,
        _repeat,
        _last_word_each,
        _blank_separator,
        _palindrome,
        _reverse_order,
        _json_named,
    ):
        found = rule(c)
        if found is not None:
            return found
    found = _dialogue_lines(c)
    if found is not None:
        return found
    for row_rule in (_i_has_i, _one_word_a_line, _only_in_format, _json_key_items):
        found = row_rule(c, row)
        if found is not None:
            return found
    return None


def _one_per_line(s: Constraint) -> bool:
    """A sibling saying each thing stands on a line of its own."""
    return _ONE_PER_LINE.fullmatch(label_key(s)) is not None


def one_per_line_count(c: Constraint, row: Row, found: Expectation) -> Expectation:
    """A count of things beside a sibling putting one thing on each line: N
    lines are N things, so ``line_count`` N covers it as the thing's own
    count does (one thing a line is the sibling's to check)."""
    if c.relation not in ("exactly", "at_least", "at_most") or len(found.matchers) != 1:
        return found
    if not isinstance(c.value, int) or isinstance(c.value, bool):
        return found
    if not is_response(scope_of(c.scope)) or singular(raw_unit(c)) in ("line", "", "answer"):
        return found
    if not any(s.index != c.index and s.verifiable and _one_per_line(s) for s in row.constraints):
        return found
    lines = count("line_count", c.relation, c.value)
    paired = either(found.matchers[0], lines)
    return replace(found, matchers=(paired,), kinds=found.kinds | paired.kinds)
