"""A counted list asked as the later part of a sequence: "All caps headline,
then 5 numbered steps", "a paragraph of 100 words, then a bullet list of
exactly 6 features", "answer in the first sentence, then follow with 2-4
bullet points of advice", "a title line, then the rules as a numbered list
of 6", "title line, then exactly 3 facts as bullet points".

The list's count is the count of the answer's list lines of its form
(``bullet_count``, ``numbered_count``): the parts before it (a headline, a
title line, a paragraph, a sentence) are no list lines. Read only where the
prompt counts one list of one form and names no other list (a second list,
sub-items, nested items), where the count is not each part's ("then 3
bullets for each section") and the sentence asks rather than tells ("my
draft has a title, then 5 bullets"), hedges, negates or sets a condition.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass

from redraft.core._lazy_pattern import compile_lazily
from redraft.criteria._grammar import NUMBER, RELATION, number_value, relation_of
from redraft.criteria._sentences import (
    NEGATION,
    Sentence,
    count_in,
    lowered,
    searched,
    sentence_blocked,
)
from redraft.criteria._spec_base import Relation

__all__ = ["ListPart", "list_parts_after"]

_COUNT = rf"(?:(?P<rel>{RELATION})\s+)?(?P<num>{NUMBER})(?:\s*(?:to|-|–)\s*(?P<high>{NUMBER}))?"
_LATER = compile_lazily(
    r"(?:^|[,;]\s*|\s)(?:and\s+)?(?:then|followed\s+by)\s+"
    r"(?:(?:give|add|write|list|include|provide|follow\s+(?:it\s+|that\s+)?with)\s+(?:me\s+|us\s+)?)?"
    # "then the rules as a numbered list of 6"
    r"(?:the\s+[\w-]+\s+as\s+)?"
    # "a bullet list of exactly 6 features", "a numbered list of 6"
    r"(?:(?:a|an)\s+(?P<kind1>bullet(?:ed)?|numbered)\s+list\s+(?:of|with)\s+)?"
    + _COUNT
    # "5 numbered steps", "2-4 bullet points of advice", "exactly 3 facts as bullet points"
    + r"(?(kind1)(?:\s+[\w-]+)?|\s+(?:(?P<kind2>numbered|bulleted)\s+[\w-]+|"
    r"(?P<kind3>bullet\s+points|bullets)|"
    r"[\w-]+\s+as\s+(?P<kind4>bullet\s+points|bullets|numbered\s+(?:points|items|steps))))\b"
)
# Another list, or lists within the items: which list lines are counted?
_OTHER_LISTS = compile_lazily(
    r"\bsub-?(?:bullet|point|item|step|list|task)s?\b|\bnested\b|\bindented\b|"
    r"\banother\s+list\b|\bsecond\s+list\b|\btwo\s+lists\b|\blists\b"
)
_LIST_COUNTS = compile_lazily(
    rf"\b(?:{NUMBER})\s+(?:[\w-]+\s+)?(?:numbered|bullet)|"
    rf"\b(?:numbered|bullet(?:ed)?)\s+list\s+(?:of|with)\s+(?:[\w-]+\s+)?(?:{NUMBER})\b"
)
# A sequence told, not asked: "my draft has a title, then 5 bullets"
_TOLD = compile_lazily(
    r"\b(?:is|are|was|were|has|have|had|contains?|included|my|our|his|her|their)\b"
)
_IF = compile_lazily(r"\b(?:if|unless|when|whenever|whether)\b")
# "a line of no more than 20 words, then 3 bullets": a bound, no negation
_BOUND = compile_lazily(rf"\b(?:{RELATION})\s+(?:{NUMBER})\b")
_EACH = compile_lazily(r"\b(?:each|every|per)\b")
# "then 3 bullets for each section"; not "…, each step 8 words or fewer"
_EACH_AFTER = compile_lazily(
    r"[^.;,]{0,30}\b(?:each|every|per)\b(?!\s+(?:one|step|bullet|point|item)\b)"
)


@dataclass(frozen=True)
class ListPart:
    """A counted list read as a later part: its form and its bounds."""

    numbered: bool
    bounds: tuple[tuple[Relation, int], ...]
    start: int
    end: int


def list_parts_after(sentence: Sentence) -> Iterator[ListPart]:
    """ "Headline, then 5 numbered steps": that many list lines of the form."""
    text = sentence.lower
    if "then" not in text and "followed" not in text:
        return
    whole = lowered(sentence.whole)
    if searched(_OTHER_LISTS, whole) or count_in(_LIST_COUNTS, whole) > 1:
        return
    if len(re.findall(r"\blist\b", whole)) > 1 or text.rstrip().endswith("?"):
        return
    for match in _LATER.finditer(text):
        before = text[: match.start()]
        if _TOLD.search(before) or _IF.search(text) or NEGATION.search(_BOUND.sub(" ", before)):
            continue
        if (
            _EACH.search(before)
            or _EACH.search(match.group(0))
            or _EACH_AFTER.match(text, match.end())
        ):
            continue  # "for each section …, then 3 bullets": each part's list
        if sentence_blocked(sentence, match.start()):
            continue
        found = match.groupdict()
        kind = next(found[k] for k in ("kind1", "kind2", "kind3", "kind4") if found[k])
        bounds = _bounds(match)
        if bounds:
            yield ListPart(kind.startswith("numbered"), bounds, match.start("num"), match.end())


def _bounds(match: re.Match[str]) -> tuple[tuple[Relation, int], ...]:
    value = number_value(match.group("num"))
    if value is None:
        return ()
    if match.group("high") is not None:
        top = number_value(match.group("high"))
        if match.group("rel") is None and top is not None and top > value:
            return (("at_least", value), ("at_most", top))
        return ()
    relation, adjust = relation_of(match.group("rel")) if match.group("rel") else ("exactly", 0)
    return ((relation, value + adjust),) if value + adjust >= 1 else ()
