"""Conventions of split N's writer, mapped by rule from the structured fields.

This writer puts a list's form in the family label or the scope of a count
of generic items ("numbered_count", unit ``item``; scope ``numbered list``),
states option labels as the words of an option count, a chain of lengths
as an expression (``len(p1) < len(p2) < len(p3)``), an order by the field
each line opens with ("alphabetical by key" beside ``KEY=value`` lines),
and a count of bold (italic, code) occurrences as a phrase count under a
style label. Each rule reads one convention, never a prompt or a quote:

- a count of generic items (item, step, entry, point) whose scope names
  the numbered (bulleted) list, or whose label names numbering: that
  form's count states it whole; the answer's items counted (``item_count``,
  numbered lines winning) do not say they are numbered, so are a part (as
  split J's numbered label with a count reads, ``_blind_writer_j``);
- options counted with their labels as the words (``A)``, ``B)``, ``C)``):
  no kind counts options; the labels' marker style (``list_marker A)``)
  is a part of it;
- a chain of lengths over N parts (``len(p1) < len(p2) < len(p3)``) beside
  a sibling counting exactly N of them: no kind states the chain; each
  ``relative_length`` the chain entails (the first the shortest, the last
  longer than the first) is a part;
- lines in alphabetical order "by" the field a sibling's line template
  opens with (``KEY=value``, ``NAME: value``): the lines' own alphabetical
  order (``sorted_items``) is that order;
- a phrase counted under a style label (bold, italic, code): no kind counts
  styled occurrences; the phrase itself (a keyword, at least once) and,
  for bold or italics, a highlighted span are parts;
- sections equal to names under a label of order ("section_order"): the
  named sections in that order; keys equal to names under a label of order
  ("json_key_order"): no kind reads the keys' order (nor, in an example
  within prose, that the answer is only JSON);
- a length of each step (point, entry) beside a sibling saying the answer
  is a numbered or bulleted list: each list item's length (the per-item
  kinds, or each line's where the items stand one per line).
"""

from __future__ import annotations

import re

from _blind_matchers import (
    Expectation,
    Matcher,
    Spec,
    all_of,
    count,
    counts,
    either,
    fields,
    keyword,
    no_kind,
)
from _blind_parts import NUMERIC, count_value, is_response, scope_of, unit_of
from _blind_rows import Constraint, Row
from _blind_writer_j_spelling import label_key, raw_unit, singular
from _blind_writer_l_sections import named_matcher

__all__ = ["keys_in_order", "writer_n"]

# Generic nouns of a list's items: what the list's form counts
_ITEMS = frozenset({"item", "list item", "step", "entry", "entrie", "point"})
_FORM_SCOPES = {"numbered list": "numbered_count", "bulleted list": "bullet_count"}
_FORM_SCOPES |= {"bullet list": "bullet_count", "bullet point list": "bullet_count"}
_NUMBERED = re.compile(r"numbered|numbering")


def _form_count(c: Constraint, row: Row) -> Expectation | None:
    """A count of generic items whose label or scope names the list's form."""
    del row
    if c.relation not in NUMERIC or not count_value(c.relation, c.value) or c.words:
        return None
    if singular(raw_unit(c)) not in _ITEMS:
        return None
    scope = " ".join(str(c.scope or "").lower().replace("_", " ").split())
    form = _FORM_SCOPES.get(scope)
    if form is None and is_response(scope_of(c.scope)) and _NUMBERED.search(label_key(c)):
        form = "numbered_count"  # a bullet label is looser (split L's "List the 6 suspects")
    if form is None:
        return None
    own = counts(form, c.relation, c.value)
    return Expectation(
        matchers=own,
        kinds=frozenset({form}),
        implied=counts("item_count", c.relation, c.value),
    )


# A sequence of option labels: letters or numbers with the same marks
_LABEL = re.compile(r"^(?P<open>\(?)(?P<mark>[A-Za-z]|\d{1,2})(?P<close>[.)])$")


def _marker_style(words: tuple[str, ...]) -> str | None:
    """``list_marker``'s style for labels ``A)``, ``B)`` … (``a.``, ``(1)``),
    where they run in sequence from the first letter or number."""
    found = [_LABEL.match(w.strip()) for w in words]
    if len(words) < 2 or not all(found):
        return None
    shapes = {(m["open"], m["close"]) for m in found if m}
    if len(shapes) != 1:
        return None
    opening, closing = shapes.pop()
    if opening and closing != ")":
        return None
    marks = [m["mark"] for m in found if m]
    if all(m.isdigit() for m in marks):
        start, sequence = "1", [str(i) for i in range(1, len(marks) + 1)]
    elif all(m.isupper() for m in marks) or all(m.islower() for m in marks):
        first = "A" if marks[0].isupper() else "a"
        start, sequence = first, [chr(ord(first) + i) for i in range(len(marks))]
    else:
        return None
    if marks != sequence:
        return None
    return f"{opening}{start}{closing}"


def _option_labels(c: Constraint, row: Row) -> Expectation | None:
    """Options counted, their labels given as the words."""
    del row
    if c.relation not in NUMERIC or not count_value(c.relation, c.value):
        return None
    if singular(raw_unit(c)) not in ("option", "choice", "answer option", "answer choice"):
        return None
    style = _marker_style(c.words)
    if style is None or not is_response(scope_of(c.scope)):
        return None
    return no_kind("options counted: no kind counts them", fields("list_marker", marker=style))


_CHAIN = re.compile(r"\s*len\((?P<p>[a-z]+)(?P<i>\d)\)\s*")
_CHAIN_PARTS = {"p": "paragraph", "s": "sentence", "l": "line", "i": "item"}


def _chain(value: object) -> tuple[str, list[int]] | None:
    """``len(p1) < len(p2) < len(p3)``: the part and the positions from the
    shortest to the longest."""
    if not isinstance(value, str) or not re.search(r"[<>]", value):
        return None
    pieces = re.split(r"(<|>)", value)
    terms = [_CHAIN.fullmatch(p) for p in pieces[::2]]
    marks = set(pieces[1::2])
    if len(terms) < 2 or not all(terms) or len(marks) != 1:
        return None
    letters = {t["p"] for t in terms if t}
    if len(letters) != 1 or (part := _CHAIN_PARTS.get(letters.pop())) is None:
        return None
    order = [int(t["i"]) for t in terms if t]
    return part, order if marks == {"<"} else order[::-1]


def _chain_matcher(part: str, order: list[int], unit: str) -> Matcher:
    """Every ``relative_length`` the strict chain ``order`` (shortest first)
    entails over ``len(order)`` parts."""
    n = len(order)
    rank = {pos: i for i, pos in enumerate(order)}

    def where(pos: object) -> int | None:
        if not isinstance(pos, int):
            return None
        if pos == 0:
            return rank.get((n + 1) // 2) if n % 2 else None
        return rank.get(pos if pos > 0 else n + 1 + pos)

    def test(spec: Spec) -> bool:
        if spec.get("part") != part or spec.get("unit") != unit:
            return False
        at_ = [where(p) for p in spec.get("positions") or ()]  # type: ignore[attr-defined]
        than_ = [where(p) for p in spec.get("than") or ()]  # type: ignore[attr-defined]
        at = [r for r in at_ if r is not None]
        than = [r for r in than_ if r is not None]
        if not at or len(at) != len(at_) or len(than) != len(than_):
            return False  # a position the chain does not place
        kind = spec.get("rank")
        if kind == "shortest" and not than:
            return at == [0]
        if kind == "longest" and not than:
            return at == [n - 1]
        if kind == "shorter" and than:
            return max(at) < min(than)
        if kind == "longer" and than:
            return min(at) > max(than)
        return False

    return Matcher(frozenset({"relative_length"}), test, f"relative_length entailed by {order}")


def _length_chain(c: Constraint, row: Row) -> Expectation | None:
    """A chain of lengths over exactly as many parts as a sibling counts."""
    if c.relation != "other" or (read := _chain(c.value)) is None:
        return None
    part, order = read
    if sorted(order) != list(range(1, len(order) + 1)):
        return None
    counted = any(
        unit_of(s) == part and s.relation == "exactly" and s.value == len(order)
        for s in row.constraints
        if s.index != c.index and is_response(scope_of(s.scope))
    )
    units = {"word": "words", "character": "characters", "sentence": "sentences"}
    unit = units.get(unit_of(c))
    if not counted or unit is None:
        return None
    return no_kind("a chain of lengths: no kind states it", _chain_matcher(part, order, unit))


_BY_FIELD = re.compile(
    r"(?P<order>alphabetical(?:ly)?|a-z|a to z) (?:order )?by (?:the )?(?P<f>\w+)"
)


def _opens_with(template: str, name: str) -> bool:
    """A line template opening with the field ``name`` (``KEY=value``,
    ``[A-Z_]+=value``, ``Setting — value``), then a separator."""
    head = re.match(r"\s*(\[[^\]]+\][+*]|[A-Za-z_]+)\s*(?:=|:|—|–|-)\s*\S", template)
    if head is None:
        return False
    first = head[1]
    return first.startswith("[") or first.casefold() in (name, "key", "name", "x")


def _sorted_by_lead(c: Constraint, row: Row) -> Expectation | None:
    """Lines sorted alphabetically by the field each line opens with."""
    if c.relation != "other" or singular(raw_unit(c)) not in ("line", "item", "entry"):
        return None
    found = _BY_FIELD.fullmatch(" ".join(str(c.value or "").lower().split()))
    if found is None or not is_response(scope_of(c.scope)):
        return None
    for s in row.constraints:
        each_line = re.fullmatch(r"(?:each|every) line", str(s.scope or "").strip().lower())
        if s.index == c.index or each_line is None or s.relation != "matches_format":
            continue
        if isinstance(s.value, str) and _opens_with(s.value, found["f"]):
            return all_of(fields("sorted_items", order="alphabetical"))
    return None


_STYLE_LABEL = re.compile(r"bold|italic|inlinecode|backtick")


def _styled_count(c: Constraint, row: Row) -> Expectation | None:
    """A phrase counted under a style label: how often it is styled."""
    del row
    if c.relation not in NUMERIC or not count_value(c.relation, c.value) or not c.words:
        return None
    style = _STYLE_LABEL.search(label_key(c))
    if style is None or singular(raw_unit(c)) not in ("phrase", "word", "name", "keyword"):
        return None
    lows = [n for rel, n in count_value(c.relation, c.value) if rel != "at_most"]
    if not lows or min(lows) < 1:
        return None  # a cap alone says nothing of the phrase being there
    parts = [keyword(w.strip(), "at_least", 1) for w in c.words if w.strip()]
    if style[0] in ("bold", "italic"):
        parts.append(count("highlight_count", "at_least", 1))
    return no_kind("a count of styled occurrences: no kind counts them", *parts)


def _sections_in_order(c: Constraint, row: Row) -> Expectation | None:
    """Sections equal to names under a label of order: in that order."""
    del row
    if c.relation != "equals" or len(c.words) < 2 or not re.search(r"order", label_key(c)):
        return None
    if singular(raw_unit(c)) not in ("section", "part") or not is_response(scope_of(c.scope)):
        return None
    if not all(re.search(r"\w", w) for w in c.words):
        return None
    names = [" ".join(w.strip().rstrip(":").split()).casefold() for w in c.words]
    return all_of(named_matcher(names, True))


def keys_in_order(c: Constraint, found: Expectation) -> Expectation:
    """Keys equal to names under a label of order ("json_key_order"): no
    kind reads the keys' order, so the keys the mapper found are a part
    (none where they stand in an example within prose: the json and yaml
    kinds read the whole answer)."""
    if c.relation != "equals" or singular(raw_unit(c)) not in ("key", "field", "json key"):
        return found
    if not re.search(r"order", label_key(c)) or len(c.words) < 2:
        return found
    scope = str(c.scope or "").lower()
    parts = () if re.search(r"\bexample\b", scope) else (*found.matchers, *found.implied)
    return no_kind("keys in an order: no kind reads the order of keys", *parts)


_EACH_ITEM = re.compile(r"(?:each|every|per) (?:step|point|entry|item|list item)")
_LENGTHS = {"word": "words", "character": "characters"}


def _each_listed_step(c: Constraint, row: Row) -> Expectation | None:
    """A length of each step (point, entry) where a sibling says the answer
    is a numbered or bulleted list of them: each of that list's items."""
    scope = " ".join(str(c.scope or "").lower().split())
    units = _LENGTHS.get(unit_of(c))
    if not _EACH_ITEM.fullmatch(scope) or units is None:
        return None
    if c.relation not in NUMERIC or not count_value(c.relation, c.value):
        return None
    listed = any(
        singular(raw_unit(s)) in _ITEMS | {"numbered item"}
        and is_response(scope_of(s.scope))
        and re.search(r"numbered list|bullet", f"{s.family} {s.value}".lower().replace("_", " "))
        for s in row.constraints
        if s.index != c.index
    )
    if not listed:
        return None
    if units == "words":
        per_item = counts("each_word_count", c.relation, c.value, part="item")
    else:
        per_item = counts("each_count", c.relation, c.value, part="item", units=units)
    per_line = counts("line_length", c.relation, c.value, length_in=units)
    return all_of(*(either(a, b) for a, b in zip(per_item, per_line, strict=True)))


def writer_n(c: Constraint, row: Row) -> Expectation | None:
    """The checks ``c`` maps to by one of split N's writer's conventions;
    None where none applies (the mapper reads it on)."""
    rules = (
        _form_count,
        _option_labels,
        _length_chain,
        _sorted_by_lead,
        _styled_count,
        _sections_in_order,
        _each_listed_step,
    )
    for rule in rules:
        found = rule(c, row)
        if found is not None:
            return found
    return None
