"""A ban that ends a criteria line: terse items with no verb of their own
before it ("Title for our report: 6 words or fewer, Title Case, no colon",
"bullets, six at most, and not a single comma"), which makes the ban the
answer's as the items are (:func:`~._response_context.response_context`)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from redraft.core._lazy_pattern import compile_lazily
from redraft.criteria._grammar import NUMBER, RELATION
from redraft.criteria._guards import HEDGE

if TYPE_CHECKING:
    from redraft.criteria._sentence_text import Sentence

__all__ = ["BAN", "REPORTED", "ban_of_criteria_line", "count_of_criteria_line"]

BAN = compile_lazily(r"(?:no|without|zero|never|none|not)\b")
"""A ban's first word."""
# "The assignment said: …": words reported, not asked
REPORTED = compile_lazily(
    r"\b(?:said|says|asked|asks|wrote|writes|told|tells|reads|read|was|were)\s*$"
)

# A criteria line: terse items, none with a verb, a part or a negation of its
# own, before a ban ("Title Case, 6 words or fewer, no colons", "bullets, six
# at most, and not a single comma"): the ban is the answer's as the items' are.
# An item may open with "each" ("Each headline 6 words or fewer, no colons",
# "Title Case, each under 10 words, and no colons"): its count stays each
# one's, but a ban of every part is a ban of the answer the parts make up.
_EACH_HEAD = r"(?:(?:each|every)\s+(?:(?!no\b|not\b|without\b)[a-z-]+\s+){0,2}?)?"
_CRITERION = (
    rf"{_EACH_HEAD}(?:"
    rf"(?:(?:{RELATION})\s+)?(?:{NUMBER})\s+(?:[a-z-]+\s+)?(?:words?|sentences?|paragraphs?|lines?|"
    r"characters?|chars|stanzas?|bullet\s+points?|bullets?|items?|points?)"
    r"(?:\s+(?:or\s+(?:fewer|less|under|shorter)|at\s+(?:the\s+)?most|max(?:imum)?|tops|total|long))?|"
    rf"(?:{NUMBER})\s+(?:at\s+(?:the\s+)?most|max(?:imum)?|tops)|"
    r"(?:all\s+)?(?:title|sentence|upper|lower)[\s-]?case|all\s+(?:caps|capitals)|"
    # "First person, exactly 3 paragraphs", "Past tense, under 50 words"
    r"(?:first|second|third)[\s-]person|(?:present|past|future)\s+tense|"
    r"(?:in\s+)?(?:bullets|bullet\s+points|a\s+numbered\s+list|numbered|one\s+line|a\s+single\s+line|"
    r"a\s+single\s+paragraph|one\s+paragraph|plain\s+text)|"
    r"(?:no|without)\s+[a-z'-]+(?:\s+[a-z'-]+)?)"
)
_CRITERIA_SO_FAR = compile_lazily(rf"\s*(?:{_CRITERION}\s*(?:[,;]|,?\s+and\b)\s*)+")
_LINE_HEAD = compile_lazily(r"(?::\s|\s[—–]\s)")
_EACH = compile_lazily(r"\b(?:each|every)\b")
# "no more than 2 emojis", "no longer than 10 words": a relation, not a ban
_RELATION_AFTER_BAN = compile_lazily(
    r"(?:no|not)\s+(?:more|fewer|less|longer|shorter|greater|over|under|above|below)\b"
)


def ban_of_criteria_line(sentence: Sentence, prefix: str, start: int) -> bool:
    """Whether the ban at ``start`` ends a criteria line: terse items from
    the sentence's start, or after a colon or dash whose head opens the
    prompt by naming the thing asked for ("Title for our report: 6 words or
    fewer, Title Case, no colon"; not "My essay: 500 words, no colons", nor a
    part's label in a list of rules, "Headlines: sentence case, no full stop")."""
    text = sentence.lower
    if not BAN.match(text, start) or HEDGE.search(text):
        return False
    if _EACH.search(prefix) and _RELATION_AFTER_BAN.match(text, start):
        return False  # "each under 40 characters, no more than 2 emojis": each one's count
    heads = [m.end() for m in _LINE_HEAD.finditer(prefix)]
    cut = heads[-1] if heads else 0
    if not _CRITERIA_SO_FAR.fullmatch(prefix, cut):
        return False
    if not cut:
        return True
    head = prefix[:cut].rstrip(" :—–")
    return (
        not sentence.whole[: sentence.start].strip()
        and _NAMED_FOR.fullmatch(head) is not None
        and not (_GIVEN_HEAD.match(head) or REPORTED.search(head))
    )


# The thing asked for, named with what it is for: "Title for our river clean-up
# report", "Driver briefing for tomorrow's school run" (not "Rules for titles")
_NAMED_FOR = compile_lazily(
    r"(?!(?:rules?|requirements?|guidelines?|style|notes?|constraints?)\b)[a-z][\w'-]*"
    r"(?:\s+[\w'-]+){0,2}\s+(?:for|about|on)\s+[^,;:.!?()]{1,60}"
)
# A head that names text given or had before: "My essay: …", "The old headline: …"
_GIVEN_HEAD = compile_lazily(
    r"\s*(?:the\s+)?(?:this|these|those|given|provided|attached|existing|my|his|her|their|our|old|"
    r"previous|current|original|sample|example)\b"
)


def count_of_criteria_line(sentence: Sentence, prefix: str) -> bool:
    """Whether a count after ``prefix`` is an item of a criteria line whose
    items before it are terse ones ("Title Case, 6 words or fewer", "First
    person, past tense, under 200 words") or none, after a colon whose head
    opens the prompt by naming the thing asked for ("Title for our report:
    6 words or fewer, …"; not "My essay: 500 words", "Rules for titles: …").
    Whether the thing is one or several is the caller's to read."""
    if HEDGE.search(sentence.lower) or sentence.lower.rstrip().endswith("?"):
        return False  # "Third person, max 50 words?" asks
    heads = [m.end() for m in _LINE_HEAD.finditer(prefix)]
    cut = heads[-1] if heads else 0
    if prefix[cut:].strip() and not _CRITERIA_SO_FAR.fullmatch(prefix, cut):
        return False
    if not cut:
        return bool(prefix.strip())
    head = prefix[:cut].rstrip(" :—–")
    return (
        not sentence.whole[: sentence.start].strip()
        and _NAMED_FOR.fullmatch(head) is not None
        and not (_GIVEN_HEAD.match(head) or REPORTED.search(head))
    )
