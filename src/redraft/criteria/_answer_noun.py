"""The noun a prompt's request calls its answer by, and a later sentence
whose subject is that noun: "Write a job ad headline for a nurse role.
Headline must be in sentence case, under 10 words." — the headline is the
answer, so its limits are the answer's. Also the words that name the whole
answer without naming it: "Total under 250 words", "the whole thing must be
7 words".

The noun is read only from a request for one thing that opens the prompt
("Write alt text for this photo", "Draft a brief for our designer"); a
request for several things or for a thing and more ("a headline and a
paragraph", "3 taglines") names no single answer.
"""

from __future__ import annotations

import re
from functools import lru_cache

from redraft.core._lazy_pattern import compile_lazily
from redraft.criteria._governors import clause_start
from redraft.criteria._once import searched

__all__ = ["answer_subject", "asked_noun"]

_REQUEST = compile_lazily(
    r"^\s*(?:(?:please|now|ok(?:ay)?|hi|hey|hello)\b[\s,!]*)*"
    r"(?:(?:can|could|would)\s+you\s+(?:please\s+)?)?"
    r"(?:write|compose|draft|create|craft|produce|generate|give\s+me|make\s+me|prepare)\s+"
    r"(?:me\s+|us\s+)?(?:(?:a|an|one|the|our|my)\s+)?(?:(?:short|quick|new|single)\s+)?"
    r"(?P<noun>(?:[a-z][\w&'-]*\s+){0,4}?[a-z][\w-]*)"
    r"(?=\s*(?:[.,;:!?(—–]|$|\s(?:-\s|for|about|on|to|that|which|in|with|under|of|announcing|"
    r"introducing|describing|explaining|telling|from|so|aimed|targeting|i|you|we|they)\b))"
)
# A request that is only the thing's name and "please": "Escape room riddle
# please.", "A haiku about autumn, please!" (not "No emojis please.")
_NOUN_PLEASE = compile_lazily(
    r"\s*(?:(?:a|an|one)\s+)?(?!(?:no|not|without|and|also|just|only)\b)"
    r"(?P<noun>(?:[a-z][\w&'-]*\s+){0,3}?[a-z][\w-]*)"
    r"(?:\s+(?:about|for|on)\s+[^.!?,]{1,60}?)?,?\s+please\s*[.!]?\s*"
)
# Parts and units are counted by their own families, and "something" or
# "response" names nothing new; a plural is several things (not "a thesis",
# "a synopsis", "a class")
_NOT_A_NOUN = compile_lazily(
    r"(?:^|\s)(?:something|anything|one|response|reply|answer|list|table|sentence|paragraph|"
    r"line|word|bullet|section|version|few|couple|number|set|series|pair)$|(?<![ius])s$"
)


@lru_cache(maxsize=256)
def asked_noun(whole: str) -> str | None:
    """The head noun (its last word) of the one thing the prompt's opening
    request asks for, lower-cased; None when there is no such request."""
    first = re.split(r"(?<=[.!?])\s+|\n", whole.strip(), maxsplit=1)[0].lower()
    found = _REQUEST.match(first) or _NOUN_PLEASE.fullmatch(first)
    if found is None:
        return None
    noun = found.group("noun")
    if _NOT_A_NOUN.search(noun) or re.search(r"\b(?:and|or|plus|something|anything)\b", noun):
        return None
    return noun.split()[-1]


_WHOLE = compile_lazily(
    r"\s*(?:and\s+)?(?:the\s+|your\s+)?(?:(?:total|overall)(?:\s+(?:length|word\s+count|size|count))?|"
    r"(?:entire|whole)\s+(?:thing|piece|text|lot))\b"
)


# "Each headline …", "the first line of the brief …": a part, not the whole
_PICKS = r"(?:each|every|per|all|any|no|first|second|third|last|final|other|one)\b"


# the noun heads its subject: what follows is the predicate ("Headline must
# …", "Entire brief under …", "Alt text: …"), not more of a noun ("quiz results")
_HEAD_END = (
    r"(?=\s*(?:[:—–,]|$)|\s+(?:must|should|shall|needs?|has|have|is|are|will|can|may|under|"
    r"over|below|above|at|no|not|between|of|with|max(?:imum)?|min(?:imum)?|up|less|fewer|more|"
    r"exactly|only|length|limit|stays?|fits?|cannot|can't|mustn't|shouldn't)\b)"
)


def answer_subject(
    text: str, whole: str, start: int, *, opening: bool, system: bool = False
) -> int | None:
    """Where the subject that names the answer ends in ``text`` (a lowered
    sentence), when it opens the sentence before ``start``: the asked noun
    ("Headline must …", "The entire brief under …", "Alt text should …"), or
    the whole answer unnamed ("Total under 250 words"); also where it opens
    the phrase's clause ("…, and the total length must stay below 90 words").
    The asked noun is no subject in the ``opening`` sentence: there it is the
    request's object. In a system prompt (``system``), the things its role
    says the assistant writes name every answer ("You are StoryOwl, a
    storyteller. Stories must be …", "You write customer notices. Outage
    notices must: …"); a subject may also follow a label for rules
    ("Journal rules: abstract must be …")."""
    if system and (end := _role_subject(text, whole, start)) is not None:
        return end
    clause = clause_start(text, start)
    if (
        clause
        and _AND_IT.search(text, 0, clause)
        and (
            _IT_OPENS.match(text)
            or (
                (first := _subject_at(text, whole, 0, opening=opening)) is not None
                and first <= start
            )
        )
    ):
        # "The riddle should be 4 lines and it must not contain …": "it" is the
        # subject that opened the sentence, so its clause is the answer's too
        return clause
    label = _RULES_LABEL.match(text)
    heads = {0, clause} | ({label.end()} if label and label.end() <= start else set())
    for at in sorted(heads, reverse=True):
        end = _subject_at(text, whole, at, opening=opening)
        if end is not None and end <= start:
            return end
    # "The first word must be 'Sam' and the bio must not contain …": after "and",
    # the asked noun with a modal of its own opens a clause about the answer
    joined = [m.end() for m in _AND_THE.finditer(text, 0, start)]
    end = _subject_at(text, whole, joined[-1], opening=opening) if joined else None
    if end is not None and end <= start and _MODAL_NEXT.match(text, end):
        return end
    # "… in which the first sentence is under 10 words and the whole thing is
    # under 60 words": the whole, named so, with a copula of its own
    whole_then = _AND_WHOLE.match(text, joined[-1]) if joined else None
    if whole_then is not None and whole_then.end() <= start:
        return whole_then.end()
    return None


_AND_WHOLE = compile_lazily(
    r"(?:the|your)\s+(?:entire|whole)\s+(?:thing|piece|text|answer|response|reply|paragraph|"
    r"passage|message|story|poem|pitch)\s+(?=(?:is|must|should|stays?|needs\s+to|has\s+to)\b)"
)


_AND_THE = compile_lazily(r"\band\s+(?=(?:the|your|this)\s)")
_MODAL_NEXT = compile_lazily(
    r"\s*(?:must|should|shall|needs?\s+to|has\s+to|cannot|can't|mustn't)\b"
)


_AND_IT = compile_lazily(r"\band\s+it\s+(?:must|should|has\s+to|needs\s+to)\s*$")
_IT_OPENS = compile_lazily(r"\s*it\s+(?:must|should|has\s+to|needs\s+to)\b")


def _subject_at(text: str, whole: str, at: int, *, opening: bool) -> int | None:
    found = _WHOLE.match(text, at)
    if found:
        return found.end()
    noun = None if opening else asked_noun(whole)
    if noun is None:
        return None
    subject = compile_lazily(
        rf"\s*(?:the\s+|your\s+|this\s+)?(?:(?:entire|whole|full|final)\s+)?"
        rf"(?:(?!{_PICKS})[a-z][\w-]*\s+){{0,3}}?{re.escape(noun)}\b{_HEAD_END}",
    ).match(text, at)
    return subject.end() if subject else None


# A label for rules that heads the sentence: "Journal rules: ", "Our
# accessibility rules: ", "Constraints from the client: " (the subject after
# it is read as one opening the sentence)
_RULES_LABEL = compile_lazily(
    r"\s*(?:[\w'-]+\s+){0,3}?(?:rules?|requirements?|constraints?|guidelines?|specs?|limits?)"
    r"(?:\s+(?:for|from)\s+[^:.;!?]{1,40}?)?\s*:\s+"
)

# What a system prompt's role says the assistant writes: "You write customer
# notices", "You are a headline generator", "You are StoryOwl, a storyteller"
_ROLE = compile_lazily(
    r"\byou\s+(?:"
    r"(?:write|draft|compose|create|produce|generate)\s+(?:[a-z][\w-]*\s+){0,2}?"
    r"(?P<plural>[a-z][\w-]*s)\b(?!\s+(?:of|about|for\s+(?:yourself|fun)))|"
    r"are\s+(?:[\w'-]+\s*,\s*)?(?:an?|the)\s+(?:(?!and\b|or\b)[a-z][\w-]*\s+){0,3}?"
    r"(?:(?P<teller>story|speech|song|joke)(?:teller|writer)|"
    r"(?P<noun>[a-z][\w-]*)\s+(?:generator|writer|maker|creator|bot))\b)"
)


# Pieces of prose a reply holds one of (not questions, ideas, headlines or
# names, which a reply may list several of)
_ONE_PER_REPLY = compile_lazily(
    r"story|tale|notice|description|post|email|letter|bio|poem|summary|article|essay|message|"
    r"note|review|speech|report|blurb|announcement|newsletter|recap|script|text|reply|response|"
    r"answer|update|abstract|profile|pitch|toast|eulogy|song|narration|scene"
)


def _plural(noun: str) -> str:
    if re.search(r"[^aeiou]y$", noun):
        return noun[:-1] + "ies"
    return noun + ("es" if re.search(r"(?:s|sh|ch|x)$", noun) else "s")


def _singular(plural: str) -> str:
    if plural.endswith("ies"):
        return plural[:-3] + "y"
    if re.search(r"(?:ss|sh|ch|x)es$", plural):
        return plural[:-2]
    return plural[:-1]


def _role_subject(text: str, whole: str, start: int) -> int | None:
    """Where the subject ends when a system sentence opens (or opens after a
    label) with the things the role writes, in the plural or each of them
    ("Stories must be …", "Every headline you produce must be …"), before
    ``start``."""
    role = searched(_ROLE, whole)
    if role is None:
        return None
    if role.group("plural"):
        plural = role.group("plural")
        single = _singular(plural)
    else:
        single = role.group("teller") or role.group("noun")
        plural = _plural(single)
    if not _ONE_PER_REPLY.fullmatch(single) or re.search(
        rf"\b(?:\d+|two|three|four|five|six|several|many|some|number\s+of|as\s+many)\s+"
        rf"(?:[a-z-]+\s+){{0,2}}?{re.escape(plural)}\b",
        whole,
    ):
        return None  # "You generate quiz questions … the number the user asks for": several
    label = _RULES_LABEL.match(text)
    at = label.end() if label else 0
    modifiers = r"(?:(?!(?:no|not|any|some|other|those|these)\b)[a-z][\w-]*\s+){0,2}?"
    made = r"(?:\s+(?:that\s+)?you\s+(?:write|produce|create|generate|draft|send))?"
    subject = compile_lazily(
        rf"\s*(?:(?:all\s+)?(?:your\s+)?{modifiers}{re.escape(plural)}|"
        rf"(?:every|each)\s+{modifiers}{re.escape(single)}){made}\b{_HEAD_END}"
    ).match(text, at)
    return subject.end() if subject and subject.end() <= start else None
