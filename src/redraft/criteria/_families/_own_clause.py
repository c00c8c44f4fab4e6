"""Where a count's own clause ends, so that each clause of a sentence that
joins two requirements is read whole on its own.

"The poem must be exactly 4 lines and each line must have 7 words", "use
exactly 3 sentences and make the word count of each sentence even", "a
packing list of exactly 10 items, where the items are in reverse order":
the "each" belongs to the second clause, which says something of every
unit the first one counted; the count before it stays the whole answer's.
The guards that read "each", "every" or "per" after a count as making it
one part's ("3 sentences about each planet", "4 lines for every verse")
read only up to :func:`own_clause`'s end.

A second clause starts at:

- "and" and a subject that is the unit counted (or "each/every/all of
  them", "they", "it"), with a verb of its own: "and each line must …",
  "and every sentence should …", "and all of them have to …";
- "and" and an imperative that asks something of the answer, not a
  repetition: "and make …", "and put …", "and use …" (not "and repeat it
  for each verse", "and do the same for every stanza", "and one for each
  …": the count is then each part's);
- "where" (with or without a comma) and the unit counted or "each/every/all"
  ("10 items, where the items are …", "8 questions where each question …");
- a dash and the unit counted or "each/every" ("5 questions — each ending
  with '?'");
- "where" (or "in which") and the units counted named by number or place,
  or none of them: "in 4 lines where lines 1 and 3 …", "6 lines where the
  last line …", "5 lines in which no line …".

Anything else stays in the count's clause: "3 sentences and a title for
each" keeps its "each" (a second thing, each its own).
"""

from __future__ import annotations

import re

from redraft.core._lazy_pattern import compile_lazily

__all__ = ["own_clause"]

# A modal or a verb that makes the words after "and" a clause of their own.
_VERB = (
    r"(?:must|should|shall|will|would|has\s+to|have\s+to|needs?\s+to|needs?|is|are|has|have|"
    r"contains?|starts?|begins?|ends?|rhymes?|uses?|includes?|gets?)"
)
# The imperatives that ask one more thing of the answer; not "repeat", "do
# the same", which carry the count over to each part.
_IMPERATIVE = (
    r"(?:make|put|use|give|keep|start|begin|end|include|ensure|add|format|number|separate|"
    r"avoid|mention|place|bold|italici[sz]e|capitali[sz]e|wrap|label|write|sort|order|arrange|"
    r"don'?t|do\s+not|never|always|be\s+sure|make\s+sure)"
)
_OF_THEM = r"(?:(?:each|every|all|both|none)\s+(?:one\s+)?of\s+(?:them|these|those)|they|it)"


def _subject(unit: str) -> str:
    # the unit counted, under a determiner: "each line", "every sentence", "the items"
    return rf"(?:(?:each|every|all|the|your|all\s+the|all\s+of\s+the)\s+(?:{unit})|{_OF_THEM})"


def _breaks(unit: str) -> re.Pattern[str]:
    subject = _subject(unit)
    return compile_lazily(
        rf",?\s+and\s+(?:{subject}\s+(?:\w+ly\s+)?{_VERB}\b|"
        rf"{_IMPERATIVE}\b(?![^.;]*\b(?:repeat|the\s+same|likewise|again|(?:for|to)\s+(?:each|every))\b))|"
        rf",?\s*\bwhere\s+(?:{subject}|each|every|all)\b|"
        # "5 questions — each ending with '?'": a dash sets off what each one is
        rf"\s*[—–]\s*(?:{subject}|each|every)\b|"
        # "in exactly 4 lines where lines 1 and 3 end …", "6 lines in which no
        # line …": a relative clause on the units counted, named by number or
        # place, or none of them
        rf",?\s+(?:where|in\s+which|such\s+that)\s+(?:(?:{unit})\s+\d|no\s+(?:{unit})\b|"
        rf"the\s+(?:first|second|third|fourth|fifth|last|final|opening|closing)\s+(?:{unit})\b)"
    )


_UNITS = (
    r"lines?|sentences?|paragraphs?|stanzas?|verses?|items?|entries|points?|bullets?|"
    r"bullet\s+points?|steps?|words?|sections?|parts?|ones?|headings?|rows?|questions?|"
    r"tips?|ideas?|answers?"
)
_BREAK = _breaks(_UNITS)


def own_clause(after: str) -> str:
    """``after`` (the lowered text after a count) up to where a second clause
    of the sentence starts; all of it where none does."""
    found = _BREAK.search(after)
    return after[: found.start()] if found else after
