"""A count within each of the things a prompt asks for: "Write 5 taglines,
each max 6 words", "Give me 3 tips as a numbered list, each under 40
words", "Write 4 tweets. Keep them under 280 characters.", "3 options …
each option max 25 words", "none of them longer than 8 words", "at most 10
words per tip", "each must end with a question mark and be no longer than
25 words", "5 passwords, one per line, each exactly 16 characters".

The things are named by the prompt ("taglines", "tips", "tweets"), not by a
part noun the answer's markup has (:mod:`._per_part` reads "each bullet
under 12 words"); :mod:`._things_asked` finds them. Each one is a line where
the prompt puts one per line (``line_length``), else an item of the answer's
list in whatever format it is written (``each_word_count`` / ``each_count``
of ``item``: list lines, else a table's rows, else the text under headings,
else lines or blocks, else one line cut at its commas, each without its
label and the marks around it; see :func:`._parts.parts_of`).

"Them", "these", "those", "each", "each one", "none", "all" and the things'
own noun ("each option") refer to the things; a count said of something
else ("keep each definition to 15 words": a part of each item) compiles
nothing, and so does a count where the prompt asks for two sets of things,
for parts of prose ("Write 3 paragraphs. Keep them under 100 words." stays
the whole answer's), in a format no line holds (JSON, a table), or where the
clause is hedged, negated, a question or about something given.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from pydantic import ValidationError

from redraft.core._lazy_pattern import compile_lazily, compiled
from redraft.criteria._families._base import FamilySpec
from redraft.criteria._families._line_length import LineLength
from redraft.criteria._families._per_part import EachCount, EachWordCount
from redraft.criteria._families._things_asked import Things, things_asked
from redraft.criteria._grammar import NUMBER, RELATION, number_value, relation_of
from redraft.criteria._sentences import NEGATION, Hit, Sentence, lowered, sentence_blocked
from redraft.criteria._spec_base import Relation

__all__ = ["each_thing_counts"]

_UNIT = r"(?P<unit>words?|characters?|chars|sentences?)"
_AMOUNT = (
    rf"(?:between\s+(?P<low>{NUMBER})\s+and\s+(?P<high>{NUMBER})|(?P<from>\d{{1,4}})\s*(?:-|–|to)\s*"
    rf"(?P<to>\d{{1,4}})|(?:(?P<rel>{RELATION})\s+)?(?P<num>{NUMBER}|a\s+single|one\s+single|"
    r"a(?=\s+(?:word|sentence)\b)))"
)
# A bound said after the unit: "each 3 words max", "15 words or fewer"
_POST = (
    r"(?:\s*,?\s*(?P<post>max(?:imum)?\b|at\s+(?:the\s+)?most|or\s+(?:fewer|less)|tops\b|"
    r"or\s+more|at\s+(?:the\s+)?least|min(?:imum)?\b))?"
)
_LONG = r"(?:\s+long|\s+in\s+length)?"
_MODAL = r"(?:must|should|has\s+to|have\s+to|needs?\s+to|shall|will|can|may|is\s+to|are\s+to)"
_VERB = (
    r"(?:be|is|are|being|have|has|contain|contains|with|of|at|stay|run|use|come\s+in|"
    r"count|be\s+kept|kept)"
)
# Who the count is of: each thing, all of them, or the things by their name
_SUBJECT = (
    r"(?P<subj>each(?:\s+(?:one|of\s+them|of\s+these|of\s+those))?|every\s+one(?:\s+of\s+them)?|"
    r"all(?:\s+of\s+them)?|they|these|those|both|(?:each|every)\s+(?P<noun>[a-z][\w-]*))"
)
# Subjects that may name other things ("use these 3 words", "they have 2
# words in their name"): read only with a modal or a stated bound
_LOOSE_SUBJECT = compile_lazily(r"(?:all|they|these|those|both)\b")
_PHRASES = [
    # "each max 6 words", "each option max 25 words", "they should be under 8 words",
    # "each must be exactly 16 characters", "each a single word", "each 3 words max"
    compile_lazily(
        rf"\b{_SUBJECT}\s*,?\s+(?:(?P<modal>{_MODAL})\s+)?(?:{_VERB}\s+)?(?:to\s+)?"
        rf"{_AMOUNT}\s+{_UNIT}{_LONG}{_POST}"
    ),
    # "keep them under 280 characters", "keep each definition to 15 words or fewer"
    compile_lazily(
        rf"\b(?P<cap>keep|limit|cap)\s+(?:them(?:\s+all)?|these|those|all\s+of\s+them|"
        rf"{_SUBJECT})\s+(?:(?:to|at)\s+)?{_AMOUNT}\s+{_UNIT}{_LONG}{_POST}"
    ),
]
# "5 synonyms, single words only", "one word each"
_SINGLE = compile_lazily(
    r"\b(?:single|one)[\s-](?P<unit>word|sentence)s?\s+only\b|"
    r"\b(?:a\s+single|one)\s+(?P<unit2>word|sentence)\s+(?:each|apiece)\b"
)
# "none of them can have more than 6 words", "none longer than 8 words"
_NONE = compile_lazily(
    # "no tip over 12 words", "no question longer than 20 words": the things by their name
    # ("nothing longer than 6 words per drill": none of them)
    rf"\b(?:none(?:\s+of\s+them)?|nothing|no\s+(?P<noun>[a-z][\w-]*))\s+(?:{_MODAL}\s+)?(?:(?:be|have|has|is|run|go|contain)\s+)?"
    r"(?:longer\s+than|more\s+than|over|above|exceeding|exceed|exceeds)\s+"
    rf"(?P<num>{NUMBER})\s+{_UNIT}"
)
# a comparative read on its own after a word that negates it
_NEGATED_BEFORE = compile_lazily(r"\b(?:no|nothing|none|not|never)\s+$")
# "at most 10 words per tip", "40 words max per tagline", "don't exceed 10 words per tip"
_PER = compile_lazily(
    r"\b(?:(?P<over>(?:don'?t|do\s+not|never|must\s+not|should\s+not)\s+(?:go\s+over|"
    rf"exceed|go\s+beyond))\s+|(?P<rel>{RELATION})\s+)?(?P<num>{NUMBER})\s+{_UNIT}{_POST}\s+"
    r"(?:per|for\s+each|in\s+each|for\s+every|in\s+every)\s+(?P<noun>[a-z][\w-]*)\b"
)
# "each must end with a question mark and be no longer than 25 words",
# "Each has to be a question, under 15 words": a count in the list of
# things each one is, after other items of that list
_LISTED = compile_lazily(
    rf"\b{_SUBJECT}\s+(?P<between>[^.;:!?]{{1,80}}?)(?:\s*,\s*(?:and\s+)?|\s+and\s+)"
    rf"(?:(?:be|is|are|stay|stays|run|runs|keep\s+it)\s+)?(?P<rel>{RELATION})\s+(?P<num>{NUMBER})"
    rf"\s+{_UNIT}{_LONG}(?=\s*(?:[,.;:!)]|and\b|$))"
)
# What may not stand between the subject and a listed count: another thing
# the count may be of ("each followed by a description, under 30 words"),
# another subject ("…, and the whole post …"), a later part
_OTHER_THING = compile_lazily(
    r"\b(?:then|followed|plus|after|before|along|together|explain\w*|descri\w*|defin\w*|"
    r"examples?|reasons?|sentences?|paragraphs?|lines?|notes?|comments?|summar\w*|intro\w*|"
    r"captions?|answers?|the|your|whole|entire|total|overall|in\s+all|of|per)\b"
)
_TOTAL_AFTER = compile_lazily(
    r"\s*(?:in\s+total|total|overall|altogether|combined|in\s+all|together)\b|"
    r"\s*(?:each|apiece|per|in\b|of\b|on\b|for\b)"
)
# "each a single sentence ending with '?'": the form of a question, its ending asked
_FORM_OF = compile_lazily(r"\s+(?:ending|that\s+ends|which\s+ends)\b")
# "each with a one-sentence description": a part of each, not each whole
_PART_OF_EACH = compile_lazily(
    r"\s+(?:description|definition|explanation|reason|example|summary|caption|answer|title|"
    r"name|label|note|comment|line|sentence)s?\b"
)
_GIVEN = compile_lazily(
    r"\b(?:my|his|her|their|our|given|provided|attached|following|below|above|existing)\s+"
    r"(?:[\w-]+\s+){0,2}$"
)
_QUESTION = compile_lazily(r"\?\s*$")
# "use these 3 words in every slogan": words named, not a length
_NAMED_BEFORE = compile_lazily(r"\b(?:these|those|the|my|your|our|following|same|its|their)\s+$")


def _bounds(match: re.Match[str]) -> list[tuple[Relation, int]]:
    found = match.groupdict()
    low, high = found.get("low") or found.get("from"), found.get("high") or found.get("to")
    if low and high:
        a, b = number_value(low), number_value(high)
        return [] if a is None or b is None or a >= b else [("at_least", a), ("at_most", b)]
    raw = found.get("num") or ""
    value = 1 if raw.startswith(("a", "one")) and not raw.isdigit() else number_value(raw)
    if value is None:
        return []
    if rel := found.get("rel"):
        relation, adjust = relation_of(rel)
        return [(relation, value + adjust)]
    if found.get("over") or found.get("cap"):
        return [("at_most", value)]  # "don't exceed 10 words", "keep them to 40 words"
    post = (found.get("post") or "").strip()
    if post:
        floor = post.startswith(("or more", "at least", "at the least", "min"))
        return [("at_least" if floor else "at_most", value)]
    return [("exactly", value)]


def _spec(things: Things, unit: str, relation: Relation, value: int) -> FamilySpec | None:
    units = "characters" if unit.startswith("char") else unit.rstrip("s") + "s"
    try:
        if things.part == "line":
            if units == "sentences":
                return None
            return LineLength(relation=relation, value=value, length_in=units)  # type: ignore[arg-type]
        if units == "words":
            return EachWordCount(part="item", relation=relation, value=value)
        return EachCount(part="item", units=units, relation=relation, value=value)  # type: ignore[arg-type]
    except ValidationError:
        return None


# The clause's own subject, a plural noun before its modal: "Answers must be …"
_CLAUSE_SUBJECT = compile_lazily(
    r"^\s*(?:the\s+|all\s+(?:the\s+)?|your\s+)?(?P<noun>(?!them\b|they\b|these\b|those\b|"
    r"all\b)[a-z]+s)\s+(?:must|should|shall|have\s+to|need\s+to|are|will|can|may)\b"
)


def _plain(sentence: Sentence, start: int) -> bool:
    """Not hedged, conditional, an example or negated before ``start`` (a
    negation within the phrase, "none longer than", "don't exceed", is its own)."""
    text = sentence.lower
    if sentence_blocked(sentence, start):
        return False
    clause = re.split(r"[,;:]|\bbut\b|\band\b", text[:start])[-1]
    return NEGATION.search(clause) is None


def each_thing_counts(sentence: Sentence) -> Iterator[Hit]:
    """ "Write 5 taglines, each max 6 words", "Keep them under 280 characters"."""
    text = sentence.lower
    if _QUESTION.search(text):
        return
    things = things_asked(lowered(sentence.whole))
    if things is None:
        return
    taken: list[tuple[int, int]] = []
    found = [(m, False) for p in _PHRASES for m in p.finditer(text)]
    found += [(m, True) for m in _NONE.finditer(text)]
    found += [(m, False) for m in _PER.finditer(text)]
    found += [(m, False) for m in _LISTED.finditer(text)]
    found += [(m, False) for m in _SINGLE.finditer(text)]
    for match, none in found:
        start = match.start()
        if any(start < b and a < match.end() for a, b in taken):
            continue
        if sentence.start + start < things.end:
            continue  # the count comes before the things: "5-word names, 3 of them"
        groups = match.groupdict()
        noun = groups.get("noun")
        if noun and not things.names(noun):
            continue  # "keep each definition to 15 words": a part of each, not each
        if groups.get("between") and _OTHER_THING.search(groups["between"]):
            continue
        if _NEGATED_BEFORE.search(text, 0, start):
            continue  # "nothing longer than 6 words per drill": a bound refused, not stated
        if _TOTAL_AFTER.match(text, match.end()):
            continue  # "… under 100 words in total", "each 8 words per line"
        if _PART_OF_EACH.match(text, match.end()):
            continue
        if (groups.get("unit") or "").startswith("sentence") and _FORM_OF.match(text, match.end()):
            continue
        if _GIVEN.search(text, 0, start) or _NAMED_BEFORE.search(text, 0, start):
            continue
        loose = _LOOSE_SUBJECT.match(groups.get("subj") or "") and not groups.get("cap")
        if loose and not (groups.get("modal") or groups.get("rel") or groups.get("post")):
            continue  # "use these 3 words", "they have 2 words in their name"
        if not _plain(sentence, start):
            continue
        subject = _CLAUSE_SUBJECT.match(re.split(r"[;:]", text[:start])[-1])
        if subject and not things.names(subject.group("noun")):
            continue  # "4 questions … Answers must be a single word each": another thing's
        bounds = _none_bounds(match) if none else _bounds(match)
        taken.append(match.span())
        unit = groups.get("unit") or groups.get("unit2") or ""
        if match.re is compiled(_SINGLE):
            bounds = [("exactly", 1)]
        for relation, value in bounds:
            spec = _spec(things, unit, relation, value)
            if spec is not None:
                yield Hit(spec, *match.span())


def _none_bounds(match: re.Match[str]) -> list[tuple[Relation, int]]:
    value = number_value(match.group("num"))
    return [] if value is None else [("at_most", value)]
