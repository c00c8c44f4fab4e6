"""The answer's own units, as a count of them names them: a label heading a
line of requirements ("Format: 3 paragraphs"), the units a making verb or
"in", "as" names as the answer and what only describes them ("write 5
sentences where each one begins with a vowel"), and a count of markup stated
for a later part ("an H1 title, then at most 6 bullet points"). Shared by
:mod:`._counted` and :mod:`._reading`.
"""

from __future__ import annotations

import re

from redraft.core._lazy_pattern import compile_lazily
from redraft.criteria._governors import THING_LABEL
from redraft.criteria._grammar import NUMBER
from redraft.criteria._sentences import THING, Sentence, lowered, response_context, sentence_blocked

__all__ = ["LABEL", "LIST_MARK", "MAKE", "described", "later_part"]

# A label that heads a line of requirements: "Format: 3 paragraphs, no headings"
LABEL = (
    r"(?:(?:format|formatting|structure|layout|length|shape|constraints?|requirements?|"
    r"rules?|output(?:\s+format)?|response\s+format|"
    # "Hard limits: max 2 lines", "Limerick rules: 5 lines": the rules of the whole
    # answer, an adjective or the thing written before them (not "Title rules:",
    # one part's)
    rf"(?:(?:hard|strict|formatting|length|output)\s+|{THING}\s+)"
    r"(?:rules?|limits?|constraints?|requirements?)|"
    # "Stories: 5 paragraphs, …": the kind of thing written, as the line's label
    rf"{THING_LABEL})\s*:\s*)?"
)
# A rule written as an item of a bulleted or numbered list ("- One line only.",
# "2) Length: 3 sentences."): the marker opens the line, the count stands alone
LIST_MARK = r"(?:[-*•·]\s+|\(?\d{1,2}[.)]\s+)?"
# Verbs that make the thing the answer is ("write a 2-line couplet")
MAKE = r"write|compose|draft|craft|create|generate|produce|give\s+me|provide|need|want"
# The answer's own shape, named by a making verb or a preposition: "write 5
# sentences …", "in one sentence …", "as a single paragraph …"
_SHAPE_OPENS = compile_lazily(
    rf"(?:{MAKE}|give|list|in|into|as|be|respond\s+with|reply\s+with|answer\s+with)\b"
)
# What describes the units counted rather than making them other units: "5
# sentences where each one begins with a vowel", "one sentence of no more
# than 20 words", "a single paragraph with no lists"
_DESCRIBING = compile_lazily(
    r"\s*(?:that|which|where|whose|in\s+which|with|using)\b|"
    rf"\s*of\s+(?:no|at|up|under|exactly|fewer|less|more|about|around|max\w*|{NUMBER})\b"
)


# "Use an H1 title, then at most 6 bullet points": the part after "then"
_THEN = compile_lazily(r"(?:,\s*|\b)(?:and\s+)?(?:then|followed\s+by)\b\s*,?\s*")


def later_part(sentence: Sentence, match: re.Match[str], unit: str) -> bool:
    """Whether a count of markup stated for a later part ("a title, then at
    most 6 bullet points") is a requirement on that part: then it is the
    whole answer's count too, where the prompt names that markup nowhere
    else (prose units are no markup: the parts before have sentences too).
    ``unit``: the regex of the unit counted."""
    text = sentence.lower
    thens = [m for m in _THEN.finditer(text, 0, match.start())]
    if not thens or sentence_blocked(sentence, match.start()):
        return False
    if len(re.findall(rf"\b(?:{unit})", lowered(sentence.whole))) != 1:
        return False
    cut = thens[-1].end()
    tail = sentence.rest(cut)
    return response_context(tail, match.start() - cut)


def described(name: str, match: re.Match[str], text: str) -> bool:
    """Whether the units counted are the answer itself (a making verb or "in",
    "as" opens the phrase) and what follows only describes them."""
    if name not in ("bare", "single"):
        return False
    return bool(_SHAPE_OPENS.match(match.group(0))) and bool(_DESCRIBING.match(text, match.end()))
