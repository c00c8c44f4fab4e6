"""What a count's wording says of the request around it, for the counted
families (:mod:`._counted`): whether a long word compound is the size the
request sets ("Write a 150-word news brief about …", exact) or one said in
passing ("I have to write a 250-word reflection", a target), and whether a
title alone is asked before the paragraphs counted ("a title in the format
# Title, then exactly two paragraphs": the paragraphs after the title), a
form talked about rather than written ("explain how a 14-line sonnet
works"), and a case said of every counted sentence or paragraph.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from redraft.core._lazy_pattern import compile_lazily

if TYPE_CHECKING:
    from redraft.criteria._families._counted_unit import Unit

__all__ = [
    "ABOUT_FORM",
    "FORM_BEFORE",
    "NONE_BEFORE",
    "TITLE_THEN",
    "case_of_all",
    "size_requested",
]


# Only a polite opener before the making verb: the clause is the request itself
_POLITE_ONLY = compile_lazily(
    r"(?:(?:please|now|so|ok(?:ay)?|just|(?:can|could|would|will)\s+you)\s+)*"
)


_POLITE_ASK = compile_lazily(r"\s*(?:please\s+)?(?:can|could|would|will)\s+you\s")
_MAKING = r"write|compose|draft|craft|create|generate|produce"
_MAKING_VERB = compile_lazily(rf"(?:{_MAKING})\b")
_MAKING_VERB_BEFORE = compile_lazily(rf"\b(?:{_MAKING})\s+(?:me\s+|us\s+)?$")


def size_requested(name: str, match: re.Match[str], text: str) -> bool:
    """Whether a compound past the unit's exact maximum ("a 150-word brief")
    is the size the request sets: a making verb opens its clause ("Write a
    150-word news brief about …", "Exercise: write a 100-word paragraph"), or
    the prompt opens with the thing ("60-word product blurb for …"); not "I
    have to write a 250-word reflection", a question, nor a wish."""
    if name == "compound_opening":
        return True
    if text.rstrip().endswith("?") and not _POLITE_ASK.match(text):
        return False  # a question about the size; "could you write …?" asks for the thing
    if name == "compound_made":
        verb = _MAKING_VERB.match(text, match.start())
    elif name == "compound":
        verb = _MAKING_VERB_BEFORE.search(text, 0, match.start())
    else:
        return False
    if verb is None:
        return False
    clause = re.split(r"[,;:(—–]", text[: verb.start()])[-1].strip()
    return _POLITE_ONLY.fullmatch(f"{clause} " if clause else "") is not None


# A title and nothing else asked before the paragraphs: "start with a title,
# then 3 paragraphs", "a title in the format # Title, then exactly two
# paragraphs", "give it a bold title and then write 3 paragraphs"
TITLE_THEN = compile_lazily(
    r"(?:^|[.;:!?]\s*|\b(?:start|begin|open|respond|reply|answer|give\s+(?:it|me)|write|put|add|"
    r"include)\s+(?:with\s+)?(?=a|an|one))(?:(?:a|an|one)\s+)?"
    # a title's own words before it ("big", "bold", "short"), not someone's or a verb
    r"(?:(?!(?:no|not|my|our|your|the|this|that|its|their|his|her|read|see|check|keep|use|"
    r"translate|rewrite|fix|change|skip)\b)[\w-]+\s+){0,2}?(?:title|headline|heading)\b"
    r"(?:(?!\b(?:and|then|plus|with|or|followed|summary|intro\w*|list|table)\b)[^,;.!?]){0,60}"
    r",?\s*(?:and\s+)?(?:then|followed\s+by)\s+(?:(?:write|give|add|include)\s+(?:me\s+)?)?$"
)


# A thing's form talked about, not written: "describe a 5-paragraph essay
# structure", "explain how a 14-line sonnet works"
ABOUT_FORM = compile_lazily(
    r"\s+(?:[\w-]+\s+)?(?:structures?|formats?|formulas?|templates?|models?|patterns?|rules|"
    r"layouts?|conventions?|works?|is\s+(?:structured|built|made|organi[sz]ed))\b"
)

# The same, said before the compound: "describe the structure of a
# 5-paragraph essay", "explain how to write a 4-stanza poem", "tips for
# writing a two-sentence pitch": the form is the topic, the answer is about it
FORM_BEFORE = compile_lazily(
    r"\b(?:(?:structures?|formats?|outlines?|parts|rules|conventions?|templates?|anatomy|"
    r"elements|features|history|origins?|examples?)\s+of|"
    r"how\s+(?:to|do\s+(?:i|you|we)|should\s+(?:i|you|we)|can\s+(?:i|you|we)|would\s+you)\s+"
    r"(?:write|structure|plan|organi[sz]e|outline|compose|draft|approach|format)|"
    r"(?:tips|advice|guidance|steps|ideas)\s+(?:for|on|about)\s+(?:writing|structuring|planning)|"
    r"what\s+(?:makes|is|are))\s+(?:an?|the)\s+(?:[\w-]+\s+)?$"
)


# "3 short paragraphs in all caps": the case of every sentence or paragraph is
# the whole answer's ("5 words in all caps" counts capital words instead).
_IN_CASE = compile_lazily(
    r"\s*(?:in|using)\s+(?:all\s+)?(?:caps\b|capitals|capital\s+letters|upper[\s-]?case|"
    r"lower[\s-]?case|small\s+letters)(?:\s+letters)?\s*(?:[.,;!]|$)"
)


# "none longer than 8 words", "none of them is over 20 words"
NONE_BEFORE = compile_lazily(
    # ("nothing over 10 words", "nothing longer than 6 words": none of the things)
    r"\b(?:nothing|none(?:\s+of\s+(?:them|these|those))?)\s+(?:(?:is|are|may|can|should|must|will)\s+"
    r"(?:be\s+)?)?$"
)


def case_of_all(unit: Unit, text: str, end: int) -> bool:
    """Whether a count of sentences or paragraphs is followed by the case of
    them all ("3 short paragraphs in all caps")."""
    return unit.singular in ("sentence", "paragraph") and _IN_CASE.match(text, end) is not None
