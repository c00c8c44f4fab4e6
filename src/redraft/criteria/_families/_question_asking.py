"""Questions the answer asks, counted where the request is phrased around
asking rather than writing: "ask at most 2 questions", "ask the user exactly
one follow-up question", "never ask more than one question per reply",
"limit yourself to 2 questions per turn", "every reply must contain exactly
one question". A tutor's or an interviewer's system prompt states it this
way; the count is of the reply at hand (``question_count``, measured by
:mod:`._questions`).

Read only where the whole clause is the count: the verb opens its sentence
(after "always", "please", "instead," or "you must"), the questions are the
answer's own (not "questions to ask a landlord", not ones the user asks),
and nothing after them makes the count another part's ("per section", "for
each topic", "about each step"). "per reply", "per turn" and "in every
reply" name the reply at hand; "one question at a time" says how questions
are spaced out, not how many one reply holds, and compiles nothing.
Hedged, conditional ("if anything is unclear, ask one question"), quoted
and material sentences compile nothing (the shared guards of
:func:`~redraft.criteria._sentences.response_context`).
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from redraft.core._lazy_pattern import compile_lazily
from redraft.criteria._families._reading import Counted
from redraft.criteria._grammar import NUMBER, RELATION, number_value, relation_of
from redraft.criteria._sentences import Sentence, response_context
from redraft.criteria._spec_base import Relation

__all__ = ["asked_question_counts"]

# What may open the sentence before the verb: a standing rule's lead-in.
_LEAD = (
    r"^\s*(?:(?:instead|also|then|finally|and)\s*,?\s+)?"
    r"(?:(?:always|please|only|just)\s+|you\s+(?:must|should|may|can|will)\s+(?:only\s+)?|"
    r"(?:make\s+sure\s+(?:to|you)|be\s+sure\s+to|remember\s+to)\s+)?"
)
_WHOM = (
    r"(?:(?:the\s+)?(?:user|student|learner|customer|client|reader|patient|caller|candidate)s?\s+|"
    r"them\s+|me\s+|us\s+)?"
)
_KIND = (
    r"(?:(?:short|brief|simple|single|follow[- ]up|clarifying|guiding|probing|open[- ]ended|"
    r"leading|socratic)\s+){0,2}"
)
_QUESTIONS = rf"{_KIND}questions?\b"
# Where the count is the reply's: the sentence ends, or it names the reply.
_SCOPE = (
    r"(?:\s+(?:per|in\s+(?:each|every|your|the|a)|for\s+(?:each|every))\s+"
    r"(?:reply|response|answer|message|turn)\b)?"
)
_END = r"\s*(?:[.!;]|,\s*(?:and|but|then)\b|\s+and\s+(?=(?:never|always|do|don'?t|keep|use)\b)|$)"

_ASK = compile_lazily(
    rf"{_LEAD}(?P<verb>ask|pose)\s+{_WHOM}(?:(?P<rel>{RELATION})\s+)?(?P<num>{NUMBER})\s+"
    rf"{_QUESTIONS}{_SCOPE}{_END}"
)
# "never ask more than one question", "don't ask more than 2 follow-up questions"
_NEVER_ASK = compile_lazily(
    rf"{_LEAD}(?P<verb>never|do\s+not|don'?t)\s+(?:ask|pose)\s+{_WHOM}"
    rf"(?P<dir>more\s+th[ae]n|over|fewer\s+th[ae]n|less\s+th[ae]n)\s+(?P<num>{NUMBER})\s+"
    rf"{_QUESTIONS}{_SCOPE}{_END}"
)
# "limit yourself to 2 questions per turn", "keep it to one question"
_LIMIT = compile_lazily(
    rf"{_LEAD}(?P<verb>limit|restrict|keep)\s+(?:yourself|it|your\s+(?:reply|replies|response|"
    r"responses|answer|answers))\s+to\s+(?:(?:just|only|at\s+most|a\s+maximum\s+of|no\s+more\s+than)\s+)?"
    rf"(?P<num>{NUMBER})\s+{_QUESTIONS}{_SCOPE}{_END}"
)
# "every reply must contain exactly one question", "each response should include
# at least two questions"
_EVERY_REPLY = compile_lazily(
    r"^\s*(?:(?:also|and)\s*,?\s+)?(?P<verb>every|each|your)\s+(?:reply|response|answer|message)\s+"
    r"(?:must|should|has\s+to|needs\s+to|shall|will)\s+(?:always\s+)?(?:contain|include|have)\s+"
    rf"(?:(?P<rel>{RELATION})\s+)?(?P<num>{NUMBER})\s+{_QUESTIONS}{_END}"
)


def _bound(match: re.Match[str], limit: bool) -> tuple[Relation, int] | None:
    value = number_value(match.group("num"))
    if value is None:
        return None
    groups = match.groupdict()
    if groups.get("dir"):
        fewer = groups["dir"].split()[0] in ("fewer", "less")
        return ("at_least", value) if fewer else ("at_most", value)
    if limit:
        return "at_most", value
    if groups.get("rel"):
        relation, adjust = relation_of(groups["rel"])
        return relation, value + adjust
    return "exactly", value


def asked_question_counts(sentence: Sentence) -> Iterator[Counted]:
    """ "Ask at most 2 questions", "limit yourself to one question per turn":
    the count, for :mod:`._questions` to build its spec from."""
    text = sentence.lower
    if "question" not in text:
        return
    for pattern in (_ASK, _NEVER_ASK, _LIMIT, _EVERY_REPLY):
        match = pattern.match(text)
        if not match:
            continue
        # "at a time" spaces questions out: no count of one reply
        if re.search(r"\bat\s+a\s+time\b", text):
            return
        if not response_context(sentence, match.start("verb"), owns_negation=pattern is _NEVER_ASK):
            return
        bound = _bound(match, limit=pattern is _LIMIT)
        if bound is None:
            return
        yield Counted(match.start("verb"), match.end(), bound[0], bound[1], "asked")
        return
