"""Named sections as the writers state them: their names written as marked
up lines, a list of titles given as the relation's value, their order and
their headings' level stated beside them. Read by convention from the
fields, never from a prompt or a quote.

Rules that map a constraint outright (:func:`section_rules`):

- lines equal to names in markup (``'**Open**'``, ``'# IDE'``), the words
  the names: a heading for each name is a part of it (``named_sections``
  sets the markup aside, so no check states it whole); in order only where
  the label or note says order or sequence;
- sections (not headings: split J's reading) "exactly" a list of titles:
  ``named_sections`` of those titles, in order where the label or note says
  so; where the note names a markup for them (bold, a heading level) the
  check is a part of it only, and where a sibling gives the headings a form
  of marks named_sections does not read, none;
- an order of sections stated on its own (label of order or sequence,
  relation other): ``named_sections`` in order, of the names it lists or
  of those a sibling lists.

Readings of what the mapper found (:func:`section_readings`):

- a set of named sections beside a sibling stating their order: the
  ordered check covers the set as well (the order is the sibling's);
- named sections in order: the same sections in any order are a part of
  it (missing a name fails both);
- headings counted where the note names one level, or a sibling puts every
  heading at one level: the count of headings at that level covers it as
  well (the level is the sibling's to check);
- the answer's headings equal to names at a level the note or the names'
  marks give: every heading at that level (``heading_level``) is a part.
"""

from __future__ import annotations

import re
from dataclasses import replace

from _blind_matchers import Expectation, Matcher, Spec, all_of, count, no_kind
from _blind_parts import is_response, scope_of
from _blind_rows import Constraint, Row
from _blind_writer_j_spelling import label_key, raw_unit, singular

__all__ = ["named_matcher", "said_order", "section_readings", "section_rules"]

_MARKED = re.compile(r"^\s*(?:#{1,6}\s+(?P<h>.+?)|\*\*(?P<b>[^*]+)\*\*|__(?P<u>[^_]+)__)\s*$")
_ORDER = re.compile(r"\border(?:ed)?\b|\bsequence\b")
_ORDER_LABEL = re.compile(r"order|sequence")
_SECTION_UNITS = frozenset(
    {"", "heading", "header", "section", "section title", "section header", "title", "label"}
)
_MARKUP_NOTE = re.compile(r"\bbold\b|\bheadings? level|\blevel[- ]?[1-6]\b|#|\bitalic")
_LEVEL_NOTE = re.compile(r"\blevel[- ]?(?P<n>[1-6])\b|\bh(?P<h>[1-6])\b|(?P<m>#{1,6})(?:\s|\))")
_LEVEL_MARK = re.compile(r"\^?\s*(?P<m>#{1,6})(?:\s|\\s)")


def _norm(text: object) -> str:
    return " ".join(re.sub(r"[#*_]+", " ", str(text)).strip().rstrip(":").split()).casefold()


def _said_order(c: Constraint) -> bool:
    """The label or the note says the sections come in order."""
    return bool(_ORDER_LABEL.search(label_key(c)) or _ORDER.search(str(c.note).lower()))


def _named(names: list[str], ordered: bool) -> Matcher:
    def test(spec: Spec) -> bool:
        got = [_norm(n) for n in spec.get("names") or ()]  # type: ignore[attr-defined]
        return got == names and bool(spec.get("ordered")) == ordered

    return Matcher(
        frozenset({"named_sections"}), test, f"named_sections names={names} ordered={ordered}"
    )


def _listed(c: Constraint) -> list[str] | None:
    values = c.value if isinstance(c.value, (list, tuple)) else ()
    if len(values) < 2 or not all(isinstance(v, str) and v.strip() for v in values):
        return None
    return [str(v) for v in values]


def _marked_lines(c: Constraint, row: Row) -> Expectation | None:
    """Lines equal to names in markup: a heading for each name, a part of it."""
    del row
    values = _listed(c)
    if c.relation != "equals" or values is None or singular(raw_unit(c)) != "line":
        return None
    if not is_response(scope_of(c.scope)):
        return None
    found = [_MARKED.match(v) for v in values]
    if not all(found):
        return None
    names = [_norm(next(g for g in m.groups() if g)) for m in found if m]
    if c.words and [_norm(w) for w in c.words] != names:
        return None
    ordered = (
        (_named(names, False), _named(names, True)) if _said_order(c) else (_named(names, False),)
    )
    return no_kind("lines of names in markup: named_sections sets the markup aside", *ordered)


def _form_unread(c: Constraint, row: Row) -> bool:
    """A sibling gives every heading a form of marks beyond the markdown
    level, bold and a final colon ("=== Produce ==="): named_sections
    reads no such line as a heading, so it fails answers in that form."""
    for s in row.constraints:
        if s.index == c.index or singular(raw_unit(s)) != "heading":
            continue
        if not re.match(r"(?:each|every|all)\b", str(s.scope or "").lower()):
            continue
        if s.relation not in ("matches_format", "starts_with", "ends_with", "equals"):
            continue
        if not isinstance(s.value, str):
            continue
        rest = re.sub(r"\\[wdsS][+*]?|\.[+*]|[\w\s#*_:?^$\\.]", "", s.value)
        if rest:
            return True
    return False


def _titles_exactly(c: Constraint, row: Row) -> Expectation | None:
    """Sections "exactly" these titles: the named sections."""
    values = _listed(c)
    if c.relation != "exactly" or values is None or not is_response(scope_of(c.scope)):
        return None
    # headings counted as their names are split J's reading (_blind_writer_j_marks.py)
    if singular(raw_unit(c)) not in ("section", "section title", "title"):
        return None
    if any(_MARKED.match(v) for v in values):
        return None
    names = [_norm(v) for v in values]
    if c.words and [_norm(w) for w in c.words] != names:
        return None
    if _form_unread(c, row):
        return no_kind("headings in a form of marks the named_sections kind does not read")
    ordered = _said_order(c)
    if _MARKUP_NOTE.search(str(c.note).lower()):
        both = (_named(names, True), _named(names, False)) if ordered else (_named(names, False),)
        return no_kind("titles in a markup: named_sections sets the markup aside", *both)
    return all_of(_named(names, ordered))


def _names_beside(c: Constraint, row: Row) -> list[str] | None:
    """The names a sibling lists as the sections (headings, labels)."""
    for s in row.constraints:
        if s.index == c.index or not s.verifiable or len(s.words) < 2:
            continue
        if singular(raw_unit(s)) in _SECTION_UNITS and is_response(scope_of(s.scope)):
            return [_norm(w) for w in s.words]
    return None


def _order_alone(c: Constraint, row: Row) -> Expectation | None:
    """An order of sections stated on its own: the named sections in order,
    of the names it lists, or (its unit the headings or sections) of those
    a sibling lists."""
    if c.relation != "other" or not _ORDER_LABEL.search(label_key(c)) or c.words:
        return None
    if not is_response(scope_of(c.scope)):
        return None
    values = _listed(c)
    if values is not None and singular(raw_unit(c)) in _SECTION_UNITS:
        return all_of(_named([_norm(v) for v in values], True))
    if c.value is not None or singular(raw_unit(c)) not in ("heading", "header", "section"):
        return None
    names = _names_beside(c, row)
    return all_of(_named(names, True)) if names else None


def _headings_level(c: Constraint) -> Matcher | None:
    """The answer's headings equal to names at a level the note or the
    names' marks give ("## headings", ``'### Risks'``): every heading is one
    of the names at that level, so ``heading_level`` is a part of it."""
    if c.relation != "equals" or len(c.words) < 2 or not is_response(scope_of(c.scope)):
        return None
    if singular(raw_unit(c)) not in ("heading", "header"):
        return None
    said = _LEVEL_NOTE.search(str(c.note).lower())
    # the marks on the names, given as the words or as the value's list
    shown = [v for v in c.value if isinstance(v, str)] if isinstance(c.value, list | tuple) else []
    marked = c.words if all(w.strip().startswith("#") for w in c.words) else tuple(shown)
    marks = {len(m["m"]) for w in marked if (m := _LEVEL_MARK.match(w.strip() + " "))}
    if said is not None:
        level = int(said["n"] or said["h"] or len(said["m"]))
    elif (
        len(marks) == 1
        and len(marked) == len(c.words)
        and all(w.strip().startswith("#") for w in marked)
    ):
        level = marks.pop()
    else:
        return None
    return Matcher(
        frozenset({"heading_level"}),
        lambda spec: spec.get("level") == level,
        f"heading_level level={level}",
    )


def section_rules(c: Constraint, row: Row) -> Expectation | None:
    for rule in (_marked_lines, _titles_exactly, _order_alone):
        found = rule(c, row)
        if found is not None:
            return found
    return None


def _ordered_beside(c: Constraint, row: Row) -> bool:
    """A sibling states the order of the sections ``c`` names."""
    names = [_norm(w) for w in c.words]
    for s in row.constraints:
        if s.index == c.index or s.relation != "other" or not _ORDER_LABEL.search(label_key(s)):
            continue
        listed = [_norm(v) for v in _listed(s) or s.words]
        if not listed or listed == names:
            return True
    return False


def _as(m: Matcher, key: str, value: object, when: object) -> Matcher:
    """``m``, met as well by a spec whose ``key`` is ``when`` where the same
    spec with ``key`` set to ``value`` meets it."""

    def test(spec: Spec) -> bool:
        return m.test(spec) or (spec.get(key) == when and m.test({**spec, key: value}))

    return Matcher(m.kinds, test, f"{m.label} (or {key}={when!r})")


def _unordered(m: Matcher) -> Matcher:
    """The same sections in any order: a part of ``m`` in order."""

    def test(spec: Spec) -> bool:
        return not spec.get("ordered") and m.test({**spec, "ordered": True})

    return Matcher(m.kinds, test, f"{m.label} (any order)")


def _level(c: Constraint, row: Row) -> int | None:
    """The one level the note names, or a sibling puts every heading at."""
    said = _LEVEL_NOTE.search(str(c.note).lower())
    if said is not None:
        return int(said["n"] or said["h"] or len(said["m"]))
    for s in row.constraints:
        if s.index == c.index or singular(raw_unit(s)) != "heading":
            continue
        if not re.match(r"(?:each|every|all)\b", str(s.scope or "").lower()):
            continue
        marks = [t for t in (s.value, *s.words) if isinstance(t, str)]
        levels = {len(m["m"]) for t in marks if (m := _LEVEL_MARK.match(t + " "))}
        if len(levels) == 1 and s.relation in ("starts_with", "matches_format", "equals"):
            return levels.pop()
    return None


def section_readings(c: Constraint, row: Row, found: Expectation) -> Expectation:
    """``found``, with the sections' order and the headings' level read
    from the note and the siblings."""
    if not found.matchers:
        return found
    matchers = list(found.matchers)
    implied = list(found.implied)
    if (at_level := _headings_level(c)) is not None:
        implied.append(at_level)
        # headings equal to N names, each marked as a heading: N headings
        implied.append(count("heading_count", "exactly", len(c.words)))
    for i, m in enumerate(matchers):
        if m.kinds == frozenset({"named_sections"}):
            if m.label.endswith("ordered=True"):
                implied.append(_unordered(m))
            elif _ordered_beside(c, row):
                matchers[i] = _as(m, "ordered", False, True)
        elif m.kinds == frozenset({"heading_count"}) and m.label.endswith("level=None"):
            level = _level(c, row)
            if level is not None:
                matchers[i] = _as(m, "level", None, level)
    return replace(found, matchers=tuple(matchers), implied=tuple(implied))


def named_matcher(names: list[str], ordered: bool) -> Matcher:
    """``named_sections`` of ``names`` (normalised), in order or not."""
    return _named(names, ordered)


def said_order(c: Constraint) -> bool:
    """The label or the note says the sections come in order."""
    return _said_order(c)
