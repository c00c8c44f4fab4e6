"""The shared grammar of the relation families (:mod:`._relative_length`,
:mod:`._part_repeat`, :mod:`._chain`): which part a phrase names ("the
middle paragraph", "line 3", "the last one", "lines 1 and 5"), where a part
is found in the answer, and whether a relation is asked of the answer.

A position is 1 for the first part, -1 for the last and 0 for the middle
one (the answer has an odd number of parts and this is the one between).
"""

from __future__ import annotations

import re
from typing import Literal

from redraft.core._lazy_pattern import compile_lazily
from redraft.criteria._families._part_grammar import ORDINALS
from redraft.criteria._families._parts import parts_of
from redraft.criteria._sentences import (
    NEGATION,
    THING,
    Sentence,
    clause_start,
    response_context,
    sentence_blocked,
)
from redraft.criteria._spec_parts import PART_NAMES, ordinal

__all__ = [
    "HEDGED",
    "NOUN",
    "ORDINAL",
    "RelPart",
    "at",
    "closes",
    "context_part",
    "cut",
    "elsewhere",
    "position",
    "position_order",
    "part_noun",
    "position_name",
    "positions_of",
    "required",
]

RelPart = Literal["sentence", "line", "paragraph", "item"]
"""The parts a relation compares: sentences (cut approximately, as
``sentence_count`` cuts them), non-empty lines, paragraphs (blocks between
blank lines; stanzas too) and list items (bulleted or numbered lines)."""

# The part grammar's ordinals, and the middle part (index 0: the one with as
# many parts before it as after)
_ORDINALS = {**ORDINALS, "middle": 0, "central": 0, "center": 0, "centre": 0}
_NUMBERS = {"one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8}
ORDINAL = "|".join(sorted(_ORDINALS, key=len, reverse=True))
NOUN = (
    r"(?:sentences?|lines?|verses?|paragraphs?|stanzas?|bullet(?:[\s-]+points?)?s?|"
    r"(?:list\s+)?items?|points?)"
)
_NUMBER = r"(?:\d{1,2}|" + "|".join(_NUMBERS) + ")"
# "the middle paragraph", "line 3", "the last one", "the first", "lines 1 and 5",
# "the first and last lines", "paragraph two"
_POSITION = (
    rf"(?:(?:(?:the|your|its|their)\s+|(?<=whose\s))(?:very\s+)?(?P<@ord>{ORDINAL})(?:\s+and\s+(?:the\s+)?"
    rf"(?P<@ord2>{ORDINAL}))?(?:\s+(?P<@noun>{NOUN}|ones?))?|"
    rf"(?P<@nnoun>{NOUN})\s+(?P<@num>{_NUMBER})(?:\s+and\s+(?P<@num2>{_NUMBER}))?)"
)


def position(prefix: str) -> str:
    """The pattern of one part named by position, its groups named with ``prefix``."""
    return _POSITION.replace("@", prefix)


def _number(raw: str) -> int | None:
    if raw.isdigit():
        return int(raw) if int(raw) > 0 else None
    return _NUMBERS.get(raw)


def positions_of(match: re.Match[str], prefix: str) -> tuple[list[int], str | None]:
    """The positions a :func:`position` (built with ``prefix``) names, and
    its part noun where it says one."""
    found = {k[len(prefix) :]: v for k, v in match.groupdict().items() if k.startswith(prefix)}
    if found.get("ord"):
        named = [_ORDINALS[found["ord"]]]
        if found.get("ord2"):
            named.append(_ORDINALS[found["ord2"]])
        noun = found.get("noun")
        return named, None if noun in (None, "one", "ones") else noun
    numbers = [_number(found.get("num") or ""), _number(found.get("num2") or "")]
    if numbers[0] is None:
        return [], None
    return [n for n in numbers if n is not None], found.get("nnoun")


def part_noun(noun: str | None) -> RelPart | None:
    """The part a noun names: "stanza" → paragraph, "verse" → line."""
    if not noun:
        return None
    noun = " ".join(noun.split())
    if noun.startswith("sentence"):
        return "sentence"
    if noun.startswith(("line", "verse")):
        return "line"
    if noun.startswith(("paragraph", "stanza")):
        return "paragraph"
    if noun.startswith(("bullet", "item", "list", "point")):
        return "item"
    return None


_ANY_NOUN = compile_lazily(rf"\b(?P<noun>{NOUN})\b")


def context_part(text: str) -> RelPart | None:
    """The one kind of part the words before a phrase name ("Exactly 2
    paragraphs, and the second …"): None where they name none or several."""
    named = {part_noun(m.group("noun")) for m in _ANY_NOUN.finditer(text)} - {None}
    return named.pop() if len(named) == 1 else None


def at(parts: list[str], position: int) -> int | None:
    """The index in ``parts`` of the part at ``position`` (1 first, -1
    last, 0 middle); None where the answer has no such part."""
    n = len(parts)
    if position == 0:
        return n // 2 if n % 2 == 1 else None
    if position == -1:
        return n - 1 if n else None
    return position - 1 if position <= n else None


def position_order(position: int) -> int:
    """A sort key that puts positions in reading order: first, …, middle, last."""
    return {0: 500, -1: 1000}.get(position, position)


def position_name(position: int, part: str) -> str:
    one = PART_NAMES[part][0]
    if position == 0:
        return f"the middle {one}"
    return f"the {ordinal(position)} {one}" if position == -1 else f"{one} {position}"


def cut(text: str, part: RelPart) -> list[str]:
    """The answer's parts of one kind, as every part family cuts them."""
    return parts_of(text, part)


HEDGED = compile_lazily(
    r"\b(?:roughly|more\s+or\s+less|mostly|ideally|try\s+to|if\s+possible|preferably|"
    r"approx\w*|for\s+example|e\.g|like\s+(?:in|this|the)|in\s+this\s+example|"
    r"(?<!in\s)which|whether|identify|analy[sz]e|tell\s+me|check\s+if|find\s+out|compare)\b"
)
# "a poem in which every line …", "a story where each sentence …": the clause
# describes the thing asked for
_DESCRIBED = compile_lazily(
    rf"\b(?:{THING}|list|text|paragraphs?|sentences?|lines?|stanzas?|verses?|items?|bullets?)"
    r"(?:\s+(?:about|on|of|for)(?:\s+[\w'-]+){1,4}?)?"
    r"\s+(?P<joint>in\s+which|where|whose|such\s+that|so\s+that)\s+(?:[^.;:]*?,?\s+and\s+)?$"
)


# "Describe a sandwich so that each sentence …": how the answer is written
_PURPOSE = compile_lazily(r"\w\s+(?P<joint>so\s+that|such\s+that|in\s+such\s+a\s+way\s+that)\s+$")
_LED = compile_lazily(r"(?:^[\s\-*•·>\d.)]*|[,;:]\s*(?:and|but|while)?|\b(?:and|but))\s*$")
_MATERIAL = compile_lazily(
    r"\b(?:below|above|following|given|provided|attached|original|source|this\s+text|"
    r"the\s+text|my\s+(?:poem|essay|draft|text)|quoted)\b"
)
_WITHIN = compile_lazily(
    r"^\s+(?:in|of|within|inside|from)\s+(?:the|each|every|this|that|a|an|my|his|her|their)\s+"
    r"(?:[\w-]+\s+)?(?P<thing>[\w-]+)"
)
_ANSWER_THING = compile_lazily(rf"{THING}s?|answer|response|reply|list|poem|paragraph|stanza")


_CLOSED = compile_lazily(
    r"^(?:\s*$|\s*[.,;:!?)\]—–]|\s+-\s|\s+(?:and|but|so|or|while|exactly|precisely|verbatim|"
    r"word\s+for\s+word|please|too|as\s+well|each\s+time|every\s+time|throughout|in\s+"
    r"(?:words|characters)|by\s+(?:word|character)|(?:in|of)\s+(?:the|your)\s+"
    rf"(?:{THING}|answer|response)s?\b)\b)"
)


def closes(after: str) -> bool:
    """Whether a relation's phrase ends its clause: "… than the first one's
    ending" or "… the same as the first line's rhyme" compare something else."""
    return _CLOSED.match(after) is not None


def elsewhere(after: str) -> bool:
    """Whether the words after a relation put its parts in something other
    than the answer ("… the last one in the table", "… in the article")."""
    found = _WITHIN.match(after)
    return found is not None and not _ANSWER_THING.fullmatch(found.group("thing"))


_ENSURE = compile_lazily(r"\b(?:make\s+sure|ensure|see\s+to\s+it|be\s+sure)\s+(?:that\s+)?")


def required(sentence: Sentence, start: int, *, plain: bool = False) -> bool:
    """Whether the relation at ``start`` is asked of the answer: governed as
    every requirement is (:func:`response_context`), or the clause that
    describes the thing asked for ("a poem in which line 3 is …"). A plain
    "is" ("the last line is the longest") is asked only in such a clause or
    after "make sure": elsewhere it describes."""
    text = sentence.lower
    if text.rstrip().endswith("?") or HEDGED.search(text):
        return False
    described = _DESCRIBED.search(text[:start]) or _PURPOSE.search(text[:start])
    if described is not None:
        return response_context(sentence, described.start("joint"))
    ensure = _ENSURE.search(text[:start])
    if plain:
        return ensure is not None and response_context(sentence, ensure.start())
    if response_context(sentence, start):
        return True
    # "Exactly 2 paragraphs, and the second must be longer …": a modal clause
    # about one of the answer's parts, opening its sentence or joined to one
    return (
        _LED.search(text[:start]) is not None
        and not sentence_blocked(sentence, start)
        and not NEGATION.search(text[clause_start(text, start) : start])
        and not _MATERIAL.search(text)
    )
