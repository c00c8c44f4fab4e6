"""What ``_blind_unusual`` expects where a less usual requirement reads its
siblings (bench/_blind_unusual.py says how each is written):

- one value per part: a list of words each part in turn starts with, holds,
  or has as its length, the order stated (a note "paragraph i", "in order")
  or a sibling counting exactly that many parts: one ``word_at``,
  ``keyword_in`` or ``part_count`` per listed part;
- a blank line between blocks written as the total count of blank lines
  beside a sibling counting the blocks: ``blank_lines``, one in each gap;
- items of a list whose form a sibling names: that form's count or
  ``item_count``; several made-up titles: an ``item_count``.
"""

from __future__ import annotations

import re
from dataclasses import replace

from _blind_format_parts import blank_lines
from _blind_matchers import (
    Expectation,
    Matcher,
    Spec,
    all_of,
    count,
    counts,
    either,
    keyword,
    phrase_is,
)
from _blind_parts import NUMERIC, count_value, is_response, scope_of, unit_of
from _blind_rows import Constraint, Row

__all__ = [
    "FIRST_WORD",
    "TEXT_UNITS",
    "blank_gaps",
    "line_choice",
    "per_part",
    "plain",
    "stated_items",
    "writer_says_choice",
]


def plain(value: object) -> str:
    """A field as lowercase words, underscores as spaces."""
    return " ".join(str(value or "").lower().replace("_", " ").split())


def _hint(c: Constraint) -> str:
    return f"{plain(c.family)} {plain(c.note)}"


# -- one value per part -------------------------------------------------------------------

TEXT_UNITS = ("", "none", "keyword", "word", "phrase", "term", "occurrence", "mention", "time")
"""Units under which the words listed are the text to find."""
_ORDERED = re.compile(r"\b(?:i|n|nth|respectively|in (?:that |this )?order|in turn)\b")
FIRST_WORD = re.compile(r"(?:the )?first words? of (?:each|every) ")


def _listed(c: Constraint) -> tuple[object, ...]:
    value = c.value if isinstance(c.value, tuple) else tuple(c.words)
    return value if len(value) > 1 else ()


def _parts_counted(row: Row, c: Constraint, part: str) -> int | None:
    """The exact number of ``part`` a sibling asks for, if one does."""
    for s in row.constraints:
        if s.index == c.index or s.relation != "exactly" or not isinstance(s.value, int):
            continue
        if unit_of(s) == part and is_response(scope_of(s.scope)):
            return s.value
    return None


def per_part(c: Constraint, row: Row) -> Expectation | None:
    where, part, _ = scope_of(c.scope)
    listed = _listed(c)
    if where != "each" or part not in ("sentence", "paragraph", "bullet") or not listed:
        return None
    ordered = _ORDERED.search(plain(c.note)) is not None
    if not ordered and _parts_counted(row, c, str(part)) != len(listed):
        return None  # the words could be a choice for every part
    unit = plain(c.unit)
    first = c.relation == "starts_with" or FIRST_WORD.match(plain(c.scope)) is not None
    if all(isinstance(w, str) and w.strip() for w in listed):
        words = [str(w).strip() for w in listed]
        if c.relation in ("starts_with", "equals") and first and unit in ("word", "first word"):
            return all_of(
                *(
                    phrase_is("word_at", w, part=part, index=i, position=1)
                    for i, w in enumerate(words, start=1)
                )
            )
        if c.relation == "contains" and unit in TEXT_UNITS:
            return all_of(
                *(
                    keyword(w, "at_least", 1, part=part, index=i)
                    for i, w in enumerate(words, start=1)
                )
            )
        return None
    lengths = [w for w in listed if isinstance(w, int) and not isinstance(w, bool)]
    if c.relation == "equals" and unit == "word" and len(lengths) == len(listed):
        # "sentence lengths go 5, 10, 15": part i holds exactly that many words
        return all_of(
            *(
                count("part_count", "exactly", n, part=part, index=i, units="words")
                for i, n in enumerate(lengths, start=1)
            )
        )
    return None


# -- a blank line in each gap, as a total ---------------------------------------------------


def blank_gaps(c: Constraint, row: Row) -> Expectation | None:
    """ "A blank line between stanzas" as ``exactly 3`` blank lines beside a
    sibling asking for exactly 4 stanzas: one blank line in every gap."""
    between = r"between (?:the |all |each |adjacent |consecutive )*(\w+?)s?"
    found = re.fullmatch(between, plain(c.scope))
    if not re.fullmatch(r"(?:blank|empty) lines?", plain(c.unit)) or found is None:
        return None
    if c.relation != "exactly" or not isinstance(c.value, int) or c.value < 2:
        return None
    blocks = _parts_counted(row, c, unit_of(replace(c, unit=found[1])))
    if blocks != c.value + 1:
        return None
    return blank_lines(replace(c, value=1))


# -- a count of items in a stated form ------------------------------------------------------

_FORMS = (
    (re.compile(r"checkbox|check-?list|\[ ?\]"), "bullet_count"),
    (re.compile(r"numbered"), "numbered_count"),
    (re.compile(r"bullet"), "bullet_count"),
)


def stated_items(c: Constraint, row: Row) -> Expectation | None:
    relation = c.relation
    if relation not in NUMERIC or not count_value(relation, c.value) or c.words:
        return None
    if not is_response(scope_of(c.scope)):
        return None
    raw = plain(c.unit)
    several = isinstance(c.value, int) and c.value >= 2
    if raw == "title" and (several or re.search(r"\bitem count\b|\blist\b", _hint(c))):
        # "a list of 6 book titles": the items of the answer's list (an answer
        # has one title of its own)
        return _form_or_items(c, row) or all_of(*counts("item_count", relation, c.value))
    if raw not in ("item", "items", "list item"):
        return None
    return _form_or_items(c, row)


def _form_or_items(c: Constraint, row: Row) -> Expectation | None:
    shapes = " ".join(
        plain(f"{s.family} {s.unit} {s.value} {s.note}")
        for s in row.constraints
        if s.index != c.index and s.relation in ("matches_format", "equals", "other")
    )
    form = next((kind for pattern, kind in _FORMS if pattern.search(shapes)), None)
    if form is None or not _FORMS[0][0].search(shapes):
        return None  # a bullet or numbered form: its own lines' count, as the mapper has it
    return all_of(
        *(
            either(own, items)
            for own, items in zip(
                counts(form, c.relation, c.value),
                counts("item_count", c.relation, c.value),
                strict=True,
            )
        )
    )


def line_choice(c: Constraint, markers: tuple[str, ...]) -> tuple[Matcher, ...]:
    """``each_line`` opening every line with one of ``markers`` (all of them
    offered, no other); none where the writer's markers stand for a numbered
    template or a sequence ("Row 1:", "Row 2:" for "Row N:"), which later
    lines go on with."""
    if re.search(r"numbered|sequence", c.family) or len(set(markers)) != len(markers):
        return ()
    want = frozenset(m.strip() for m in markers)

    def test(spec: Spec) -> bool:
        got = [spec.get("phrase"), *(spec.get("alternatives") or ())]  # type: ignore[misc]
        return spec.get("position") == "start" and frozenset(str(m).strip() for m in got) == want

    return (
        Matcher(frozenset({"each_line"}), test, "each_line start " + " or ".join(sorted(want))),
    )


def writer_says_choice(c: Constraint) -> bool:
    """Whether the writer calls the markers options every line chooses among:
    in the label ("line_prefix_options") or in the words quoted ("starts with
    either 'A:' or 'B:'", "one of the tags …"). A plain "line_prefix" over
    "'EN:' and 'IT:'" does not say: labels each line carries once, or in
    turn, open every line with one of them too."""
    if re.search(r"option|either|choice", c.family):
        return True
    return re.search(r"\beither\b|\bone of\b", str(c.quote or "").lower()) is not None
