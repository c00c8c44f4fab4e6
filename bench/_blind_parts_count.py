"""Counts within one part, or within each part the older kinds cannot
address: a writer's count whose scope names the nth part ('first
paragraph', 'paragraph 2', 'last line', 'sentence 1'), the title ('title',
'headline', 'headline (first line)'), or every part of a kind
`each_count` gained (numbered items, list items, sections, headings).

The nth part maps to ``part_count`` (part, index, units); every part to
``each_word_count`` for words and ``each_count`` for any other unit, as the
rules compile them. Scopes that name a part by its role ('email body',
'summary', 'intro') address nothing a cut finds, and stay unmapped here.
"""

from __future__ import annotations

import re

from _blind_matchers import Expectation, Matcher, all_of, counts
from _blind_parts import count_value
from _blind_rows import Constraint

__all__ = ["part_count"]

# The writer's unit (as unit_of reads it) → the counted units of a part.
_UNITS = {
    "word": "words",
    "character": "characters",
    "sentence": "sentences",
    "line": "lines",
    "paragraph": "paragraphs",
    "stanza": "paragraphs",
    "bullet": "bullets",
    "numbered": "numbered",
}
# A part as a scope names it → the part the cut finds.
_PARTS = (
    (r"sentences?", "sentence"),
    (r"(?:paragraph|stanza|verse)s?", "paragraph"),
    (r"lines?", "line"),
    (r"bullet(?:ed)?(?: points?| items?)?s?", "bullet"),
    (r"numbered (?:list )?(?:items?|points?|entries|entry)", "numbered"),
    (r"(?:list )?items?|list entr(?:y|ies)", "item"),
    (r"sections?", "section"),
    (r"(?:sub)?head(?:ing|er)s?", "heading"),
)
# What each part holds (the kinds' own validation, mirrored).
_SHORT = {"words", "characters"}
_HOLDS = {
    "sentence": _SHORT,
    "heading": _SHORT,
    "title": _SHORT,
    "line": _SHORT | {"sentences"},
    "bullet": _SHORT | {"sentences"},
    "numbered": _SHORT | {"sentences"},
    "item": _SHORT | {"sentences"},
    "paragraph": _SHORT | {"sentences", "lines"},
    "section": _SHORT | {"sentences", "lines", "paragraphs", "bullets", "numbered"},
}
_ORDINALS = {
    "first": 1, "1st": 1, "opening": 1, "introductory": 1, "second": 2, "2nd": 2, "third": 3,
    "3rd": 3, "fourth": 4, "4th": 4, "fifth": 5, "5th": 5, "last": -1, "final": -1,
    "closing": -1, "concluding": -1,
}  # fmt: skip
_NUMBERS = {"one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6}
_TITLE = re.compile(
    r"(?:the )?(?:title|headline|(?:email )?subject(?: line)?)(?: line)?"
    r"(?: \((?:the )?first line\))?"
)
# Parts the older kinds address for every part (each_count's first parts, and
# lines: line_length's): left to the mapper's own reading.
_OLD_EACH = {"sentence", "paragraph", "bullet", "line"}


def _part(noun: str) -> str | None:
    noun = noun.strip()
    for pattern, part in _PARTS:
        if re.fullmatch(pattern, noun):
            return part
    return None


def _where(scope: str) -> tuple[str, str, int | None] | None:
    """('nth', part, index), ('each', part, None) or None for a scope."""
    s = " ".join(scope.lower().replace("_", " ").split())
    if _TITLE.fullmatch(s):
        return ("nth", "title", 1)
    found = re.fullmatch(r"(?:the )?(\w+) ([a-z ]+?)(?: of (?:the )?(?:response|answer))?", s)
    if found and found[1] in _ORDINALS and (part := _part(found[2])):
        return ("nth", part, _ORDINALS[found[1]])
    found = re.fullmatch(r"([a-z ]+?) (\d{1,2}|one|two|three|four|five|six)", s)
    number = (_NUMBERS.get(found[2]) or int(found[2])) if found else 0
    if found and (part := _part(found[1])) and number > 0:
        return ("nth", part, number)
    found = re.fullmatch(r"(?:each|every|per|all) ([a-z ]+?)", s)
    if found and (part := _part(found[1])) and part not in _OLD_EACH:
        return ("each", part, None)
    return None


def _nth(part: str, index: int, units: str, c: Constraint) -> tuple[Matcher, ...]:
    found = counts("part_count", c.relation, c.value, part=part, index=index, units=units)
    if part == "title" or (part == "line" and index == 1):
        # the title is the first line, its marks left out: either check states it
        other = ("line", 1) if part == "title" else ("title", 1)
        alt = counts("part_count", c.relation, c.value, part=other[0], index=1, units=units)
        return tuple(_either(a, b) for a, b in zip(found, alt, strict=True))
    return found


def _either(a: Matcher, b: Matcher) -> Matcher:
    return Matcher(a.kinds | b.kinds, lambda spec: a.exact(spec) or b.exact(spec), a.label)


def part_count(c: Constraint, unit: str) -> Expectation | None:
    """The checks a count within one part maps to; None where this module
    has nothing to say (the mapper reads the constraint on)."""
    relation = c.relation.strip().lower()
    units = _UNITS.get(unit)
    if units is None or not count_value(relation, c.value) or not c.scope:
        return None
    where = _where(str(c.scope))
    if where is None:
        return None
    kind, part, index = where
    if units not in _HOLDS[part] or (units == "characters" and part == "line" and index is None):
        return None
    if kind == "nth" and index is not None:
        return all_of(*_nth(part, index, units, c))
    if units == "words":
        return all_of(*counts("each_word_count", relation, c.value, part=part))
    return all_of(*counts("each_count", relation, c.value, part=part, units=units))
