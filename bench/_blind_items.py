"""What ``_blind_map`` expects of a count of listed things whose list
format is not stated: "Name 4 countries" (unit ``country``), "give me 5
ideas" (``idea``), "list 6 adjectives" — the ``item_count`` family, which
counts the answer's items in whatever format it writes them.

Read from the writer's unit, scope, relation and value: the unit is a thing
a list holds (no unit another kind counts, nor a piece of prose a line
cannot hold: a poem, a review, a version), the scope the whole answer or
its list. Where a sibling constraint names the list's form (numbered,
bullets, checkboxes, one per line, a table, JSON) or the answer's pieces
are separated versions, the form's own count is the one expected
(:func:`stated_list`): a list format a sibling states, the numbered or
bulleted list a sibling counts (where ``item_count``, which reads the same
list lines, is as exact), pieces between separators.
"""

from __future__ import annotations

import re

from _blind_layout import versions_count
from _blind_matchers import Expectation, all_of, counts, either, no_kind
from _blind_parts import COUNTED, NUMERIC, count_value, is_response, scope_of, unit_of
from _blind_rows import Constraint, Row

__all__ = ["checklist_items", "listed_items", "stated_list"]

# Pieces of prose a line cannot hold, units other kinds count, and things
# that are not a list's items, by the unit's last word ("example sentence"
# is a sentence; "subject line" is a thing a line holds).
_NOT_ITEMS = re.compile(
    r"(?:^|\s)(?:version|answer|response|reply|poem|story|stories|essay|email|letter|message|"
    r"review|joke|haiku|limerick|song|script|dialogue|speech|article|post|tweet|paragraph|"
    r"chapter|scene|act|slide|flashcard|round|draft|variation|summary|description|explanation|"
    r"translation|element|object|field|key|value|blank|comment|docstring|hint|span|"
    r"parenthetical|percentage|minute|hour|day|week|month|year|phrase|mention|amount|space|"
    r"level|separator|sentence|word|(?<!subject )line|character|block|question|number|digit|"
    r"emoji|hashtag|url|link|heading|section|page|stanza|verse|syllable|caption|notification|"
    r"text|quote|quotation|panel|card)s?$"
)
# Letters, however listed ("letter a/e/i/o/u", "each letter A-Z"): a count of
# characters, never of a list's items
_LETTERS = re.compile(r"\b(?:letters?|vowels?|consonants?)\b")
# "2 per word", "3 for each topic": a count summed over groups, which the
# items of one list do not state
_PER_GROUP = re.compile(r"\b(?:\d+|one|two|three|four|five)\s+(?:per|for each|for every|each)\b")
_SCOPES = re.compile(r"(?:the\s+)?(?:list|response|answer|reply|output|whole\s+response)?")
# A sibling that names the list's form: that form's count is the one expected.
_FORM = re.compile(
    r"numbered|bullet|checkbox|checklist|\btable\b|\bjson\b|\barray\b|\byaml\b|\bcsv\b|"
    r"per line|own line|separate line|new line|one (?:item )?per (?:line|row|bullet)\b"
)


def listed_items(c: Constraint, row: Row) -> Expectation | None:
    """The ``item_count`` checks a count of listed things maps to; None where
    ``c`` is not one (another mapping reads it)."""
    relation = c.relation.strip().lower()
    if relation not in NUMERIC or not count_value(relation, c.value):
        return None
    raw = " ".join(str(c.unit or "").lower().replace("_", " ").split())
    if unit_of(c) != "item" or not raw or _NOT_ITEMS.search(raw) or _LETTERS.search(raw):
        return None
    if _PER_GROUP.search(c.note.lower()):
        return None
    if c.words or re.fullmatch(r"(?:occurrence|time|mention|use|appearance)s?", raw):
        return None  # how often the words given appear: a keyword count
    scope = str(c.scope or "").strip().lower()
    if not (_SCOPES.fullmatch(scope) or is_response(scope_of(c.scope))):
        return None
    siblings = [s for s in row.constraints if s is not c and s.verifiable]
    shapes = " ".join(f"{s.family} {s.unit} {s.value} {s.note}".lower() for s in siblings)
    # a count of the answer's lines or paragraphs is their own ("on a single line" aside)
    lines = any(
        unit_of(s) in ("line", "paragraph") and s.relation in NUMERIC and s.value != 1
        for s in siblings
        if is_response(scope_of(s.scope))
    )
    if _FORM.search(shapes) or lines or versions_count(c, row) is not None:
        return None
    return all_of(*counts("item_count", relation, c.value))


def stated_list(c: Constraint, row: Row) -> Expectation:
    """Items of a list whose format a sibling constraint (or the note) names."""
    shapes = " ".join(
        f"{s.unit} {s.value} {s.family} {s.note}".lower()
        for s in row.constraints
        if s is not c and s.relation in ("matches_format", "equals")
    )
    versions = versions_count(c, row)
    if versions is not None:
        return versions
    if _asterisks(row):
        return all_of(*counts("paragraph_count", c.relation, c.value, separator="***"))
    if _checkboxes(c, row):
        return _checklist_count(c)
    if "numbered list" in shapes:
        return all_of(*counts("numbered_count", c.relation, c.value))
    if re.search(r"bullet|checkbox", shapes):
        return all_of(*counts("bullet_count", c.relation, c.value))
    used = _list_used(c, row)
    if used is not None:
        # "4 tips" beside "use bullets": the list's own count, or the items
        # item_count reads on its list lines (the shallowest, the same items)
        return all_of(
            *(
                either(form, items)
                for form, items in zip(
                    counts(used, c.relation, c.value),
                    counts("item_count", c.relation, c.value),
                    strict=True,
                )
            )
        )
    return no_kind("no kind counts this unit, nor a list format stated for it")


def _list_used(c: Constraint, row: Row) -> str | None:
    """The count of the one list form a sibling says the answer uses
    ("at least 1 bullet", "numbered items"), by its unit, not its label."""
    used = {
        COUNTED[unit_of(s)]
        for s in row.constraints
        if s.index != c.index
        and unit_of(s) in ("bullet", "numbered")
        and s.relation in NUMERIC
        and is_response(scope_of(s.scope))
    }
    return used.pop() if len(used) == 1 else None


def _asterisks(row: Row) -> bool:
    return any(
        isinstance(s.value, str) and re.fullmatch(r"\s*\*{3,}\s*", s.value) is not None
        for s in row.constraints
        if s.verifiable
    )


def _checkboxes(c: Constraint, row: Row) -> bool:
    """A sibling, whatever its relation, puts the items in checkboxes (its
    label or its value: "checkbox_list" starting each item with '- [ ]')."""
    return any(
        re.search(r"check-?box|checklist|\[ \]", f"{s.family} {s.value}".lower()) is not None
        for s in row.constraints
        if s.index != c.index and s.verifiable
    )


def checklist_items(c: Constraint) -> Expectation | None:
    """ "10 checkbox items": the bullets of a checklist, or the items
    item_count reads on its list lines (the shallowest, the same items)."""
    if not re.search(r"check-?box|checklist|task", str(c.unit or "").lower()):
        return None
    if not count_value(c.relation, c.value):
        return None
    return _checklist_count(c)


def _checklist_count(c: Constraint) -> Expectation:
    pairs = zip(
        counts("bullet_count", c.relation, c.value),
        counts("item_count", c.relation, c.value),
        strict=True,
    )
    return all_of(*(either(bullets, items) for bullets, items in pairs))
