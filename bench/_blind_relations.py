"""What ``_blind_map`` expects of relations between the answer's parts:
read from a constraint's structured fields (family label as a hint, unit,
scope, relation, value, note), or None where the group does not state it
(the general mapping then decides).

- Relative length: one part (a scope of "line 3", "paragraph 2", "lines 1
  and 5") ``more_than`` or ``less_than`` the others ("all other lines", or
  every other part the row's exact count leaves: "paragraphs 1 and 3" of
  three) is a ``relative_length`` ranked longest (shortest); ``more_than``
  one other part ("line 1") is ranked longer (shorter) than it. A note
  such as "len(p2) > len(p1)" states the same of paragraphs, lines or
  sentences. The unit is the one named (words, characters), else the
  check's own default: characters for lines, words for the rest. Where
  the row fixes an odd count of those parts, its middle one may be named
  either way (position 0 or its number).
- Repeated parts: ``equals`` of one part and another ("last line" equals
  "first line") is a ``part_repeat`` of those positions; "identical" of a
  chorus or refrain is a ``part_repeat`` of choruses. A transformed copy
  ("upper(paragraph 1)") is no kind's.
- Chains: a word chain (each word starting with the previous word's last
  letter) and a sentence or line chain (each starting with the previous
  one's last word) are a ``chain`` of that part and link.
"""

from __future__ import annotations

import re

from _blind_matchers import Expectation, Matcher, Spec, all_of, no_kind
from _blind_rows import Constraint, Row

__all__ = ["relations"]

_PARTS = {
    "line": "line",
    "verse": "line",
    "paragraph": "paragraph",
    "stanza": "paragraph",
    "sentence": "sentence",
    "item": "item",
    "bullet": "item",
    "p": "paragraph",
    "l": "line",
    "s": "sentence",
}
_ORDINAL = {"first": 1, "second": 2, "third": 3, "last": -1, "final": -1, "middle": 0}
_NAMED = re.compile(
    r"(?P<ord>first|second|third|last|final|middle)\s+(?P<part>line|verse|paragraph|stanza|"
    r"sentence|item|bullet)|(?P<part2>line|verse|paragraph|stanza|sentence|item|bullet)s?\s+"
    r"(?P<n>\d{1,2})(?:\s*(?:and|,|&)\s*(?P<n2>\d{1,2}))?"
)
_OTHER_END = re.compile(r"\b(?:repeats?|same as|equals?|matches) (?:the )?(?P<end>first|last)\b")
_OTHERS = re.compile(r"\ball\s+(?:the\s+)?other|\bthe\s+others?\b|\bevery\s+other|\brest\b")
_RANGE = re.compile(
    r"(?P<part>line|paragraph|sentence|stanza)s?\s+(?P<a>\d{1,2})\s*(?:-|–|to)\s*(?P<b>\d{1,2})"
)
_MEASURE = r"(?:len|words|chars|characters|sentences)"
_NOTE = re.compile(
    rf"(?P<measure>{_MEASURE[3:-1]})\((?P<a>[a-z]+)\s*(?P<i>\d{{1,2}})\)\s*(?P<op>[<>])\s*"
    rf"{_MEASURE}\((?P<b>[a-z]+)\s*(?P<j>\d{{1,2}})\)"
)


def _norm(value: object) -> str:
    return " ".join(str(value or "").lower().replace("_", " ").split())


def _named(text: str) -> tuple[str, list[int]] | None:
    """The part and positions a scope or value names ("line 3", "lines 1 and 5")."""
    found = _NAMED.fullmatch(text.strip())
    if not found:
        return None
    if found["ord"]:
        return _PARTS[found["part"]], [_ORDINAL[found["ord"]]]
    positions = [int(found["n"])] + ([int(found["n2"])] if found["n2"] else [])
    return _PARTS[found["part2"]], positions


def _count(row: Row, part: str) -> int | None:
    """The exact count of ``part`` the row's constraints fix, if one does."""
    for c in row.constraints:
        unit = _norm(c.unit).rstrip("s")
        if (
            _PARTS.get(unit) == part
            and _norm(c.scope) in ("response", "answer", "")
            and c.relation.strip().lower() in ("exactly", "equals")
            and isinstance(c.value, int)
        ):
            return c.value
    return None


def _same_place(a: int, b: int, n: int | None) -> bool:
    if a == b:
        return True
    if n is None:
        return False
    resolved = {0: (n + 1) // 2 if n % 2 else None, -1: n}
    return resolved.get(a, a) == resolved.get(b, b)


def _places(got: object, want: list[int], n: int | None) -> bool:
    if not isinstance(got, list) or len(got) != len(want):
        return False
    return all(_same_place(int(g), w, n) for g, w in zip(sorted(got), sorted(want), strict=True))


def _length(
    part: str, positions: list[int], rank: str, than: list[int], unit: str, n: int | None
) -> Matcher:
    others = {p for p in range(1, (n or 0) + 1)} - set(positions)

    def test(spec: Spec) -> bool:
        if spec.get("part") != part or spec.get("unit") != unit:
            return False
        if not _places(spec.get("positions"), positions, n):
            return False
        got_rank, got_than = spec.get("rank"), spec.get("than") or []
        if got_rank == rank:
            return rank in ("longest", "shortest") or _places(got_than, than, n)
        # with every part counted, "longer than all the others" is "the longest"
        pairs = {
            ("longest", "longer"),
            ("longer", "longest"),
            ("shortest", "shorter"),
            ("shorter", "shortest"),
        }
        if (got_rank, rank) not in pairs:
            return False
        if not got_than and not than:
            return True  # longer than every other part: the longest, ties aside
        if n is None:
            return False
        named = than or sorted(others)
        return _places(got_than if got_than else sorted(others), named, n) and set(named) == others

    label = f"relative_length part={part!r} positions={positions} rank={rank!r} than={than}"
    label += f" unit={unit!r}"
    return Matcher(frozenset({"relative_length"}), test, label)


def _relative_length(c: Constraint, row: Row) -> Expectation | None:
    family = _norm(c.family)
    relation = c.relation.strip().lower()
    note = c.note.lower().replace(" ", "")
    stated = _NOTE.search(c.note.lower())
    if stated and "relative" in family and re.search(r"length|count", family):
        part = _PARTS.get(stated["a"][0] if len(stated["a"]) > 1 else stated["a"])
        if part is None or stated["a"] != stated["b"]:
            return no_kind("a length compared between parts no kind cuts")
        positions, than = [int(stated["i"])], [int(stated["j"])]
        rank = "longer" if stated["op"] == ">" else "shorter"
    else:
        if relation not in ("more_than", "less_than") or isinstance(c.value, int):
            return None
        named = _named(_norm(c.scope))
        if named is None or not (
            "relative" in family or "longest" in family or "shortest" in family
        ):
            return None
        part, positions = named
        value = _norm(c.value)
        n = _count(row, part)
        other = _named(value)
        spans = _RANGE.fullmatch(value)
        if other is not None and other[0] == part:
            than = other[1]
            rank = "longer" if relation == "more_than" else "shorter"
        elif spans is not None and _PARTS.get(spans["part"]) == part:
            than = list(range(int(spans["a"]), int(spans["b"]) + 1))
            rank = "longer" if relation == "more_than" else "shorter"
        elif not value or _OTHERS.search(value):
            than, rank = [], ("longest" if relation == "more_than" else "shortest")
        else:
            return None
        if n is not None and than and set(than) | set(positions) >= set(range(1, n + 1)):
            than, rank = [], ("longest" if relation == "more_than" else "shortest")
    unit_named = _norm(c.unit).rstrip("s")
    if unit_named == "sentence" or (stated and stated["measure"] == "sentences"):
        if part != "paragraph":
            return no_kind("sentences counted in a part other than a paragraph")
        unit = "sentences"
    elif "character" in f"{unit_named} {note}":
        unit = "characters"
    elif unit_named == "word" or "word" in note:
        unit = "words"
    elif unit_named in ("", "none"):
        unit = "characters" if part == "line" else "words"
    else:
        return no_kind("a relative length in a unit no kind measures")
    return all_of(_length(part, positions, rank, than, unit, _count(row, part)))


_TRANSFORMED = re.compile(r"upper|lower|revers|translat|\(|shuffl|rephras|paraphras")


def _part_repeat(c: Constraint) -> Expectation | None:
    family = _norm(c.family)
    if c.relation.strip().lower() != "equals" or re.search(r"prompt|question|request", family):
        return None
    scope, value = _norm(c.scope), _norm(c.value)
    if re.search(r"chorus|refrain", scope) and re.search(r"identical|same", value):
        return all_of(_repeat("chorus", []))
    mine, theirs = _named(scope), _named(value)
    if mine is not None and not value:
        # "last_line_repeats_first": the label names the other position
        other = _OTHER_END.search(_norm(c.family).replace("_", " "))
        theirs = _named(f"{other['end']} {mine[0]}") if other else None
    if mine is None or theirs is None or mine[0] != theirs[0]:
        return None
    if _TRANSFORMED.search(c.note.lower()):
        return None
    return all_of(_repeat(mine[0], sorted({*mine[1], *theirs[1]})))


def _repeat(part: str, positions: list[int]) -> Matcher:
    # whether case and end marks count ("exactly") is the wording's, not the fields'
    def test(spec: Spec) -> bool:
        got = spec.get("positions") or []
        return spec.get("part") == part and isinstance(got, list) and sorted(got) == positions

    return Matcher(
        frozenset({"part_repeat"}), test, f"part_repeat part={part!r} positions={positions}"
    )


_CHAINED = re.compile(r"chain|anadiplosis")
_PREVIOUS = re.compile(
    r"(?:last|final)\s+(?P<link>letter|word)\s+of\s+(?:the\s+)?(?:previous|preceding|prior)"
)


def _chain(c: Constraint) -> Expectation | None:
    family = _norm(c.family)
    said = f"{_norm(c.value)} {c.note.lower()}"
    previous = _PREVIOUS.search(said)
    letters = re.search(r"previous word'?s last letter|last letter", said)
    if not _CHAINED.search(family) and previous is None:
        return None
    scope = re.fullmatch(r"(?:each|every)\s+(\w+?)s?", _norm(c.scope))
    unit = _norm(c.unit).rstrip("s")
    part = {
        "word": "word",
        "sentence": "sentence",
        "line": "line",
        "item": "item",
        "bullet": "item",
    }.get(scope[1] if scope else "")
    if part is None:
        return no_kind("a chain of parts no kind cuts")
    link = previous["link"] if previous else ("letter" if letters or unit == "letter" else unit)
    if link not in ("letter", "word") or (part == "word" and link != "letter"):
        return no_kind("a chain linked by what no kind compares")

    def test(spec: Spec) -> bool:
        return spec.get("part") == part and spec.get("link") == link

    return all_of(Matcher(frozenset({"chain"}), test, f"chain part={part!r} link={link!r}"))


def relations(c: Constraint, row: Row) -> Expectation | None:
    """The relation kinds' expectation of ``c``, or None where it states none."""
    return _chain(c) or _part_repeat(c) or _relative_length(c, row)
