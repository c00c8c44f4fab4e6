"""Whose start or end a start or end phrase is (:mod:`._phrases`): the
answer's, or a part's ("a postscript starting with 'P.S.'", "each line
ending with …"), or the thing a relative clause describes ("a password that
starts with …"), which is the answer only where it is the thing written ("a
story that ends with …", "Answer as a single sentence that begins with
'Every'").
"""

from __future__ import annotations

from redraft.core._lazy_pattern import compile_lazily
from redraft.criteria._answer_noun import asked_noun
from redraft.criteria._families._lexical import asks_about
from redraft.criteria._sentences import NEGATION, THING, Sentence, lowered, sentence_blocked

__all__ = ["OF_A_PART", "RESPONSE_THING", "answer_unit", "asked_subject", "of_a_part"]

RESPONSE_THING = (
    r"(?:response|answer|reply|essay|email|letter|story|tale|poem|message|post|speech|text|article|"
    r"turn)"
)

OF_A_PART = compile_lazily(
    r"\b(?:postscript|post\s+script|note|p\.?\s?s|hashtags?|sections?|paragraphs?|lines?|bullets?|"
    # not across a clause of its own: "… in the last sentence, and sign it as 'X'"
    r"items?|sentences?|titles?|stanzas?|verses?|points?)\b"
    # "… 3 sentences and it must end with …": a clause with its own subject
    r"(?:(?!,\s*(?:and|then)\b|\s+and\s+it\s+(?:must|should)\b)[^.;:]){0,30}$"
)


# "Write a one-sentence story that ends with …": a compound describing the
# thing asked for is no part of it ("end with a one-sentence summary …" is).
_COMPOUND_THING = compile_lazily(
    r"\s*(?:please\s+)?(?:write|compose|create|draft|craft|give\s+me|tell\s+me)\s+(?:me\s+)?"
    r"(?:a|an|one)\s+(?:[\w]+\s+)?[\w]+-(?:sentence|line|paragraph|stanza|verse)\s+[\w-]+"
    r"(?:\s+[\w-]+)?\s+(?:that|which)\s+$"
)


# "a password idea that starts with a capital letter and ends with '!'": the
# start or end of the thing a relative clause describes; the answer's only
# where that thing is the answer ("a story that ends with …").
# ("in that order, and end with …": "that" after a preposition is a determiner)
_RELATIVE = compile_lazily(
    r"\b(?!(?:in|on|at|by|for|with|from|of|to|into|like|and|or|so)\s+that\b)"
    r"(?P<noun>[a-z][\w-]*)\s+(?:that|which|whose\s+[\w-]+)\s+(?:[^.;:!?]{0,80}?\s)?$"
)
_ANSWER_NOUN = compile_lazily(rf"(?:{RESPONSE_THING}|{THING})s?|one|it|something|anything")


# "Answer as a single sentence that begins with …": that sentence is the answer
_AS_ONE_UNIT = compile_lazily(
    r"(?P<opens>^\s*(?:please\s+)?)?\b(?:answer|reply|respond|(?:write|explain|say|put|give)\s+it)"
    r"\s+(?:in|as)\s+(?:a|one|a\s+single|just\s+one|only\s+one|exactly\s+one)\s+(?:[\w-]+\s+)?"
    r"(?:sentence|line)\s*$"
)


def of_a_part(text: str, start: int) -> bool:
    """Whether the phrase at ``start`` of ``text`` (lowered) is a part's
    start or end, or another thing's, not the answer's."""
    relative = _RELATIVE.search(text, 0, start)
    if relative and _AS_ONE_UNIT.search(text, 0, relative.end("noun")):
        return False  # "answer in one sentence that ends with …": that sentence is the answer
    if relative and not _ANSWER_NOUN.fullmatch(relative.group("noun")):
        return True
    if not OF_A_PART.search(text, 0, start):
        return False
    return not _COMPOUND_THING.fullmatch(text, 0, start)


def answer_unit(sentence: Sentence, start: int) -> bool:
    """Whether the sentence opens by asking for the answer as one sentence
    or line that the phrase at ``start`` describes, plainly."""
    text = sentence.lower
    relative = _RELATIVE.search(text, 0, start)
    unit = relative and _AS_ONE_UNIT.search(text, 0, relative.end("noun"))
    return bool(
        unit
        and unit.group("opens") is not None
        and not sentence_blocked(sentence, start)
        and not NEGATION.search(text, 0, start)
        and not asks_about(sentence, start)
    )


# "Write a question I can ask my students … The question should end with a
# question mark": a subject naming the one thing asked for is the answer
_SUBJECT = compile_lazily(
    r"\s*(?:the|your)\s+(?P<noun>[a-z][\w-]*)\s+(?:should|must|has\s+to|needs\s+to|will)\s+"
)


def asked_subject(sentence: Sentence, start: int) -> bool:
    """Whether the clause before ``start`` is only a subject naming the one
    thing an earlier sentence asks for, and a modal: "The question should …"
    after "Write a question …"."""
    text = sentence.lower
    subject = _SUBJECT.fullmatch(text, 0, start)
    if subject is None or sentence_blocked(sentence, start) or text.rstrip().endswith("?"):
        return False
    if NEGATION.search(text, 0, start + 40):
        return False
    return asked_noun(lowered(sentence.whole)) == subject.group("noun")
