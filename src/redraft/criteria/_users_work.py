"""Rules of the user's own work, told as its story, not asked of the answer.

- **work in progress, another thing asked:** "I'm building a board deck and
  our chair's rule is each slide gets 3 bullets max and no bullet over 6
  words. Can you suggest an order for these topics?": the bullets are the
  deck's; the answer is an order of topics. Read where a sentence opens with
  the user's work in progress ("I'm building / writing / preparing a …",
  "we're putting together our …") and no later sentence asks for that work
  (names it again, "it", "them", or asks to write, draft or make);
- **material still to come:** "I'll send you my draft in a sec. It's meant
  to be 3 pages, double spaced": a sentence whose subject is the material
  the user will send later ("it", "the draft") describes it; the answer now
  is a reply about it.

Every rule in such a sentence compiles nothing (:mod:`._rules`).
"""

from __future__ import annotations

import bisect
import re

from redraft.core._lazy_pattern import compile_lazily
from redraft.criteria._once import lowered, matches_in, once, searched
from redraft.criteria._sentence_text import Sentence

__all__ = ["of_users_work"]

_WORK = (
    r"(?:deck|slides?|presentation|talk|speech|essay|paper|thesis|dissertation|report|draft|"
    r"article|post|blog|newsletter|website|site|app|cv|resume|résumé|portfolio|manuscript|"
    r"book|novel|chapter|script|assignment|proposal|pitch|poster|brochure|leaflet|flyer|"
    r"menu|document|doc|notes|letter|email|story|poem|song|game|course|workshop|lesson)"
)
_DOING = (
    r"(?:building|writing|making|preparing|putting\s+together|working\s+on|drafting|designing|"
    r"creating|finishing|editing|planning|doing)"
)
# "I'm building a board deck and …", "We're putting together our annual report, …"
_IN_PROGRESS = compile_lazily(
    rf"^\s*(?:so\s+|ok(?:ay)?\s+|hi\s+|hey\s+)?(?:i'?m|i\s+am|we'?re|we\s+are)\s+(?:currently\s+|just\s+)?"
    rf"{_DOING}\s+(?:a|an|my|our|the|this)\s+(?:[\w'’-]+\s+){{0,3}}?(?P<work>{_WORK})\b"
)
# A later sentence that asks for the work itself
_WORK_ASKED = (
    r"\b(?:it|them|write|draft|rewrite|redraft|make|create|produce|fill|finish|edit|"
    r"shorten|tighten|turn|format|convert|do)\b"
)
# Material the user will send later: "I'll send you my draft in a sec"
_LATER = compile_lazily(
    r"\b(?:i'?ll|i\s+will|i'?m\s+(?:going\s+to|gonna|about\s+to)|let\s+me)\s+(?:send|paste|share|"
    r"upload|attach|forward|post|drop)\s+(?:you\s+)?(?:over\s+)?(?:my|our|the|his|her|their)\s+"
    rf"(?:[\w'’-]+\s+){{0,2}}?(?P<work>{_WORK})\b(?!\s+(?:below|here|now)\b)"
)
_SUBJECT = compile_lazily(
    r"^\s*(?:(?:and|but|so)\s+)?(?:it'?s|it\s+(?:is|was|has|needs|should|must|will|'?ll|"
    r"has\s+to)|they'?re|they\s+(?:are|need|should|must)|(?:the|my|our)\s+(?P<noun>[\w'’-]+)\s+"
    r"(?:is|are|was|has|needs|should|must|will))\b"
)


def of_users_work(sentence: Sentence, start: int) -> bool:
    """Whether the phrase at ``start`` of ``sentence`` stands in a sentence
    that tells of the user's own work rather than asks of the answer."""
    text = lowered(sentence.whole or sentence.masked)
    at = sentence.start + start
    ends = _sentence_ends(text)
    opened = ends[bisect.bisect_right(ends, at) - 1] if ends and ends[0] <= at else 0
    head = text[opened:]
    progress = _IN_PROGRESS.match(head)
    if progress is not None and opened + progress.end() <= at:
        closed = bisect.bisect_left(ends, opened + progress.end())
        rest = text[ends[closed] :] if closed < len(ends) else ""
        if not re.search(rf"{_WORK_ASKED}|\b{re.escape(progress.group('work'))}", rest):
            return True
    later = searched(_LATER, text)
    if later is None or later.end() > opened:
        return False
    subject = _SUBJECT.match(head)
    if subject is None or opened + subject.end() > at:
        return False
    noun = subject.group("noun")
    return noun is None or noun.rstrip("s") == later.group("work").rstrip("s")


_END = compile_lazily(r"[.!?](?=\s)|\n")


@once
def _sentence_ends(text: str) -> list[int]:
    """Where each sentence of ``text`` ends (after its mark), once per prompt."""
    return [m.end() for m in matches_in(_END, text)]
