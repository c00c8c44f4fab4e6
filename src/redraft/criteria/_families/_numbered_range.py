"""A numbered list's size said by the numbers its items take: "8 entries
numbered 1-8", "Number them 1-3.", "five clauses, numbered 1. to 5.",
"Number the courses 1-6", "numbered from 6 down to 1".

The items numbered from 1 to N are N numbered lines (``numbered_count``,
built by :mod:`._lists`): a list numbered so has exactly that many "1." to
"N." lines, whichever way it counts. Read only with digits that run from 1
(or down to 1) to a last number of 2 to 50; not labels of their own ("Q1 to
Q5", "Step 1 to Step 4", which the label families read), not parts that are
no list lines (sections, chapters, headings, slides, pages, stanzas: "number
the sections 1-6" numbers headings), not a part added beside the answer
("add the answers below, numbered 1 to 4"), nor rows of a table or data
format another family counts, nor where a part follows the list ("Number them
1-8. Then the answers, numbered the same way"), and not where the request is hedged,
negated, quoted or about material given (the shared guards of
:func:`~redraft.criteria._sentences.response_context`).
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass

from redraft.core._lazy_pattern import compile_lazily
from redraft.criteria._families._added_part import part_added
from redraft.criteria._grammar import NUMBER
from redraft.criteria._sentences import (
    NEGATION,
    Sentence,
    count_in,
    lowered,
    response_context,
    searched,
    sentence_blocked,
)

__all__ = ["NumberedRange", "numbered_ranges"]


@dataclass(frozen=True)
class NumberedRange:
    """One numbering range read: its span and how many lines it numbers."""

    start: int
    end: int
    value: int


_NOUN = r"[a-z][\w'-]*"
_RANGE = compile_lazily(
    rf"(?:\b(?P<subject>{_NOUN})\s+)?(?:(?:are|is|be|should\s+be|must\s+be)\s+)?"
    rf"(?:(?P<numbered>numbered)|(?P<verb>number)\s+(?P<object>them|these|those|each(?:\s+one)?|"
    rf"the\s+{_NOUN}(?:\s+{_NOUN})?))\s+(?:from\s+)?"
    r"(?:1\.?\s*(?:to|through|thru|-|–|—)\s*(?P<last>\d{1,2})|"
    r"(?P<top>\d{1,2})\.?\s*(?:down\s+to|to|-|–|—)\s*1)"
    # the range ends there: not "1-10 scale", "1 to 5 stars"
    r"(?![\d-])\.?(?!\s*(?:stars?|points?|scale|rating|score)\b)"
)
# Parts numbered that are no list lines: "number the sections 1-6", "slides
# numbered 1 to 8"; a heading or page carries its own number.
_NOT_LINES = compile_lazily(
    r"\b(?:sections?|chapters?|headings?|headers?|slides?|pages?|stanzas?|verses?|paragraphs?|"
    r"parts?|columns?|rows?|tables?|figures?|footnotes?|files?|scenes?|acts?|days?|weeks?)$"
)
_THINGS_NUMBERED = compile_lazily(
    rf"\s*(?:(?:so|and|with|just|only)\s+)?(?:exactly\s+)?(?:{NUMBER})\s+(?:[\w'-]+\s+){{0,2}}?"
    r"[a-z][\w'-]*s\s*"
)
# (not "a d8 loot table": a dice table is a list, its entries numbered lines)
_OTHER_ROWS = compile_lazily(
    r"\b(?:markdown|html)\s+tables?\b|\bcolumns?\b|\bheaders?\b|\bjson\b|\bcsv\b|\byaml\b|"
    r"\bxml\b|\|"
)
_NUMBERING = compile_lazily(r"\bnumber(?:ed|ing)\b|\bnumber\s+(?:them|the|each|these|those)\b")
# A part after the list: "Number them 1-8. Then a line that says ANSWERS, …"
_LATER = compile_lazily(
    r"\b(?:then|followed\s+by|after\s+(?:that|them|this|the\s+list)|afterwards)\b"
)
# Someone else's numbering: "my notes are numbered 1-5"
_GIVEN = compile_lazily(
    r"\b(?:my|our|his|her|their|its|this|these|those|the\s+following|attached|below|above)\s+"
    r"(?:[\w'-]+\s+){0,2}$"
)


def numbered_ranges(sentence: Sentence) -> Iterator[NumberedRange]:
    """The numbering ranges ``sentence`` asks the answer's list to take."""
    text = sentence.lower
    for match in _RANGE.finditer(text):
        last = match.group("last") or match.group("top")
        value = int(last)
        if not 2 <= value <= 50:
            continue
        noun = match.group("object") or match.group("subject") or ""
        if _NOT_LINES.search(noun):
            continue  # "number the sections 1-6": headings, not list lines
        subject_at = match.start("subject") if match.group("subject") else match.start()
        if match.group("numbered") and _GIVEN.search(text, 0, subject_at):
            continue  # "my notes are numbered 1-5": the user's own
        at = match.start("verb") if match.group("verb") else match.start("numbered")
        whole = lowered(sentence.whole)
        if count_in(_NUMBERING, whole) > 1 or _LATER.search(whole, sentence.start + at):
            continue  # "…, then the corrected sentences numbered the same way": two lists
        if searched(_OTHER_ROWS, whole):
            continue  # "a table of 6 words numbered 1-6": rows another family counts
        if part_added(sentence.whole[: sentence.start + at]):
            continue  # "add the answers below, numbered 1 to 4": a part beside the answer
        if NEGATION.search(text, 0, at) or sentence_blocked(sentence, at):
            continue  # "don't number them 1-3", "if you like, number them 1-4"
        # a clause that is the things and their numbering: "Five short clauses,
        # numbered 1. to 5.", "…, so exactly 8 entries numbered 1-8"
        clause = re.split(r"[:;,]", text[:at].rstrip(" ,"))[-1]
        if not _THINGS_NUMBERED.fullmatch(clause) and not response_context(
            sentence, at, named_thing=False
        ):
            continue
        yield NumberedRange(at, match.end(), value)
