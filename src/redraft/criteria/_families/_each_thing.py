"""A count within each of the things a prompt asks for, where the answer
lists them: "3 tips as a numbered list, each under 40 words", "Write 3 post
ideas. Number them, and keep each under 40 words.", "5 passwords, one per
line, each exactly 16 characters".

The things are named by the prompt ("tips", "ideas", "passwords"), not by a
part noun the answer's markup has (:mod:`._per_part` reads "each bullet
under 12 words"), so what they are in the answer comes from the list format
the prompt names for them: list items where it asks for a numbered or
bulleted list (``each_word_count`` / ``each_count`` of ``item``), lines where
it asks for one per line (``line_length``). Nothing is read without such a
format (the things may be paragraphs, or run together), where the prompt
asks for more than one set of things, or where the count is not each
thing's own ("each under 40 words" after "3 tips and 2 warnings").
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from pydantic import ValidationError

from redraft.criteria._families._base import FamilySpec
from redraft.criteria._families._line_length import LineLength
from redraft.criteria._families._per_part import EachCount, EachWordCount
from redraft.criteria._grammar import NUMBER, RELATION, number_value, relation_of
from redraft.criteria._sentences import NEGATION, Hit, Sentence, sentence_blocked
from redraft.criteria._spec_base import Relation

__all__ = ["each_thing_counts"]

_UNIT = r"(?P<unit>words?|characters?|chars|sentences?)"
_AMOUNT = rf"(?:(?P<rel>{RELATION})\s+)?(?P<num>{NUMBER})"
# "each under 40 words", "keep each under 40 words", "each must be exactly 16
# characters", "each exactly 2 sentences long", "each one no more than 20 words"
_EACH = re.compile(
    r"\b(?:keep|limit)?\s*\beach(?:\s+one)?\s+(?:(?:must|should|needs?\s+to|has\s+to)\s+)?"
    r"(?:(?:be|is|being|have|has|with|of|at)\s+)?(?:to\s+)?"
    rf"{_AMOUNT}\s+{_UNIT}(?:\s+long|\s+in\s+length)?\b(?!\s*(?:each|per|in\b|of\b))"
)
# The one count of things asked for: "give me 3 tips", "write 5 post ideas"
_THINGS = re.compile(
    r"\b(?:give|write|list|generate|create|suggest|provide|make|draft|compose|share|offer|"
    r"come\s+up\s+with|brainstorm|need|want)\s+(?:me\s+|us\s+)?(?:exactly\s+)?"
    rf"(?P<num>{NUMBER})\s+(?:[\w'-]+\s+){{0,3}}?(?P<noun>[\w'-]+s)\b"
)
_COUNTED = re.compile(rf"\b{NUMBER}\s+(?:[\w'-]+\s+){{0,2}}?[\w'-]+s\b")
_MEASURE = re.compile(
    r".*\b(?:characters|chars|words|letters|sentences|digits|syllables|lines|times|minutes|"
    r"seconds|hours|days|weeks|months|years|stars|points)$"
)
# A part noun the answer's markup has: :mod:`._per_part` reads those
_PART_NOUN = re.compile(
    r"^(?:sentence|paragraph|stanza|bullet|point|item|line|section|heading|header|entrie|word|"
    r"character|letter|step)s$"
)
_LIST = re.compile(
    r"\b(?:numbered|bulleted|bullet(?:ed)?\s+(?:list|points?)|number\s+(?:them|each|the\s+\w+)|"
    r"as\s+a\s+(?:numbered\s+|bulleted\s+)?list|in\s+a\s+(?:numbered\s+|bulleted\s+)?list)\b"
)
# "don't number them", "no numbered list": a list format refused
_UNLISTED = re.compile(r"\b(?:don'?t|do\s+not|never|no|not|without)\s+(?:use\s+)?(?:a\s+)?$")
_ONE_PER_LINE = re.compile(
    r"\b(?:one\s+per\s+line|each\s+on\s+(?:its\s+own|a\s+(?:new|separate))\s+line|"
    r"one\s+(?:on\s+each|a)\s+line)\b"
)


def _spec(part: str, units: str, relation: Relation, value: int) -> FamilySpec | None:
    try:
        if part == "line":
            if units == "sentences":
                return None
            return LineLength(relation=relation, value=value, length_in=units)  # type: ignore[arg-type]
        if units == "words":
            return EachWordCount(part="item", relation=relation, value=value)
        return EachCount(part="item", units=units, relation=relation, value=value)  # type: ignore[arg-type]
    except ValidationError:
        return None


def each_thing_counts(sentence: Sentence) -> Iterator[Hit]:
    """ "3 tips as a numbered list, each under 40 words"."""
    text = sentence.lower
    if "each" not in text or text.rstrip().endswith("?"):
        return
    whole = sentence.whole.lower()
    asked = list(_THINGS.finditer(whole))
    things = [m for m in _COUNTED.finditer(whole) if not _MEASURE.match(m.group(0))]
    if len(asked) != 1 or len(things) != 1 or _PART_NOUN.search(asked[0].group("noun")):
        return
    if (number_value(asked[0].group("num")) or 0) < 2:
        return
    if _ONE_PER_LINE.search(whole):
        part = "line"
    elif any(not _UNLISTED.search(whole, 0, m.start()) for m in _LIST.finditer(whole)):
        part = "item"
    else:
        return
    for match in _EACH.finditer(text):
        if sentence_blocked(sentence, match.start()):
            continue
        clause = re.split(r"[,;:]|\bbut\b", text[: match.start()])[-1]
        if NEGATION.search(clause):
            continue
        value = number_value(match.group("num"))
        if value is None:
            continue
        relation: Relation = "exactly"
        if rel := match.group("rel"):
            relation, adjust = relation_of(rel)
            value += adjust
        elif match.group(0).lstrip().startswith(("keep", "limit")):
            relation = "at_most"  # "keep each to 40 words": a cap
        unit = match.group("unit")
        units = "characters" if unit.startswith("char") else unit.rstrip("s") + "s"
        spec = _spec(part, units, relation, value)
        if spec is not None:
            yield Hit(spec, *match.span())
