"""What ``_blind_map`` expects where a writer states the answer's structure
with ``contains`` or ``other`` rather than a count: a code block that
contains its language (``unit: code block, contains 'sql'``), a table the
answer contains, the headings it contains (and their order), separators
counted between paragraphs. Read from the fields of
``bench/data/blind/BRIEF.md`` by rule, whatever the writer's label.
"""

from __future__ import annotations

import re

from _blind_matchers import (
    Expectation,
    Matcher,
    Spec,
    all_of,
    any_count,
    fields,
    first_found,
    no_kind,
)
from _blind_matchers import count as count_of
from _blind_parts import is_response, scope_of, unit_of
from _blind_rows import Constraint

from redraft.criteria._families._code_blocks import fence_language

__all__ = ["structure"]


def _code_language(c: Constraint) -> Expectation | None:
    """ "Put it in a ```sql block": a code block in that language."""
    value = c.value if isinstance(c.value, str) else (c.words[0] if len(c.words) == 1 else "")
    name = value.strip().strip("`").strip()
    # "code block, contains 'sql'", or a language as the format of a code block
    # the quote names ("inside a ```sql block": matches_format 'sql')
    fenced = unit_of(c) == "code block" or (
        not c.unit and re.search(r"```|\bcode\s+block\b|\bfenced\b", c.quote, re.I)
    )
    if not fenced or c.relation not in ("contains", "matches_format") or not name:
        return None
    if not re.fullmatch(r"[\w+#.-]{1,20}", name):
        return None
    language = fence_language(name)
    return all_of(any_count("code_block_count", f"language={language!r}", 1, language=language))


def _table(c: Constraint) -> Expectation | None:
    """ "Give me a markdown table": the answer contains a table."""
    stated = c.value if isinstance(c.value, str) else (c.words[0] if len(c.words) == 1 else "")
    value = stated.lower().strip()
    if unit_of(c) != "table" or c.relation != "contains":
        return None
    if value and not re.fullmatch(r"(?:a |one )?(?:markdown |md |pipe )?tables?", value):
        return None
    if not value and not is_response(scope_of(c.scope)):
        return None  # "contains" with nothing stated: a table in the answer, not in a part
    return all_of(any_count("table_count", "(a table)"))


_MARKUP = re.compile(r"^\s*#{1,6}\s|\*\*|__")
"""A level or an emphasis the names carry (``## Added``, ``**Strengths**``):
the named_sections kind sets markup aside, so it states the names only."""


def _name(text: object) -> str:
    return " ".join(re.sub(r"[#*_]+", " ", str(text)).strip().rstrip(":").split()).casefold()


def _named(c: Constraint, ordered: bool) -> Expectation:
    want = [_name(w) for w in c.words]

    def test(spec: Spec) -> bool:
        names = spec.get("names") or ()
        got = [_name(n) for n in names]  # type: ignore[attr-defined]
        return got == want and bool(spec.get("ordered")) == ordered

    found = Matcher(
        frozenset({"named_sections"}), test, f"named_sections names={want} ordered={ordered}"
    )
    if any(_MARKUP.search(w) for w in c.words):
        return no_kind("headings at a level or in bold: named_sections sets markup aside", found)
    return all_of(found)


_ORDER = re.compile(r"\border\b|\bin sequence\b|\bthen\b")
_NAME = re.compile(r"[*_#\s]*[\w][\w .'&/-]{0,58}[*_:\s]*")
"""A section's name as a label: words, not a symbol or a marker ("(★)", "A)")."""


def _headings(c: Constraint) -> Expectation | None:
    """ "Use the headings Summary and Risks": a named section for each name;
    an ordering of them (relation ``other``, "in that order") is the same
    sections in order."""
    raw = " ".join(str(c.unit or "").lower().split())
    words = [w for w in c.words if w.strip()]
    # one name is enough to contain ("use the heading 'Risks'"), two to order
    least = 1 if c.relation == "contains" else 2
    every = _ALL_HEADINGS.fullmatch(" ".join(str(c.scope or "").lower().split()))
    if every and c.relation == "equals" and len(words) >= 2 and _heads(raw):
        return _the_headings(c)
    if len(words) < least or not is_response(scope_of(c.scope)):
        return None
    heads = re.fullmatch(r"(?:section )?(?:headings?|headers?|sections?|section titles?)", raw)
    # label lines: named as labels ("label the parts 'PART A' and 'PART B'"),
    # or as lines each ending in a colon ("Pros:", "Cons:")
    named = re.fullmatch(r"(?:section |part )?labels?|label lines?", raw) is not None
    lines = re.fullmatch(r"lines?", raw) is not None
    labels = (named and all(_NAME.fullmatch(w.strip()) for w in words)) or (
        lines and all(w.strip().endswith(":") for w in words)
    )
    if not heads and not labels:
        return None
    shape = f"{c.family} {c.quote} {c.note} {c.value or ''}".lower()
    if c.relation == "contains":
        return _named(c, ordered=re.search(r"\border\b", shape) is not None)
    if c.relation == "other" and _ORDER.search(shape):
        return _named(c, ordered=True)
    return None


_ALL_HEADINGS = re.compile(r"(?:the |all |all the |each |every )?(?:headings?|headers?)")
_LEVEL = re.compile(r"\s*(#{1,6})\s+\S")


def _heads(unit: str) -> bool:
    return re.fullmatch(r"(?:section )?(?:headings?|headers?)", unit) is not None


def _the_headings(c: Constraint) -> Expectation:
    """The answer's headings are these ("titled exactly '## TCP' and
    '## UDP'"): the named sections, and, where every name carries one
    level, every heading at that level. Both are implied where the names
    carry markup (named_sections sets it aside, so no check states a name
    and its level at once); the names alone are the named sections."""
    named = _named(c, ordered=False)
    levels = {m[1] for w in c.words if (m := _LEVEL.match(w))}
    if len(levels) != 1 or len([w for w in c.words if _LEVEL.match(w)]) != len(c.words):
        return named
    level = fields("heading_level", level=len(levels.pop()))
    return no_kind(named.reason, *named.implied, level)


_RUN = re.compile(r"\s*([*=~#_+-])\1{2,19}\s*")


def _paragraph_separators(c: Constraint) -> Expectation | None:
    """ "Four paragraphs separated by ***", written as three separators
    between paragraphs: four paragraphs counted on that separator."""
    run = next(
        (str(t).strip() for t in (c.value, *c.words) if isinstance(t, str) and _RUN.fullmatch(t)),
        None,
    )
    n = c.value if isinstance(c.value, int) and not isinstance(c.value, bool) else None
    if unit_of(c) != "separator" or c.relation != "exactly" or run is None or n is None:
        return None
    if "paragraph" not in str(c.scope or "").lower() or run not in ("***", "---") or n < 1:
        return None
    return all_of(count_of("paragraph_count", "exactly", n + 1, separator=run))


def structure(c: Constraint) -> Expectation | None:
    """The checks a structure stated this way maps to; None where ``c`` states none."""
    return first_found((_code_language, _table, _headings, _paragraph_separators), c)
