"""What the word, position and shape families read alike: quoted or bare
arguments ("the keywords 'moon', star"), how often ("at least 3 times"),
which part ("the second paragraph", "paragraph 3"), whether a phrase is a
plain requirement (:class:`Guard`), and how a phrase is compared and shown.

Keywords and phrases are taken from quotes where the prompt quotes them;
bare keywords are accepted only as a short list of single words that ends
where a list plainly ends ("Include the keywords chrome, dream in the
response"), never a word that could be the next verb.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator

from pydantic import ValidationError

from redraft.core._lazy_pattern import compile_lazily
from redraft.criteria._families._base import Family, FamilySpec
from redraft.criteria._grammar import NUMBER, RELATION, number_value, relation_of
from redraft.criteria._outcome import Outcome
from redraft.criteria._sentences import NEGATION, Hit, Sentence, blocked_from, response_context
from redraft.criteria._spec_base import Relation
from redraft.criteria._spec_parts import Part

__all__ = [
    "ARG",
    "NOT_KEYWORDS",
    "ORDINAL",
    "PART",
    "Corrected",
    "Guard",
    "fold",
    "frequency",
    "head",
    "index_of",
    "parse_list",
    "part_of",
    "response_spec",
    "spec_hit",
    "tail",
]

ARG = r"[\"“'‘«`]\ue000+[\"”'’»`]"
# a bare word may be a site's name: "Booking.com" is one item, not "Booking"
_ITEM = compile_lazily(
    rf"\s*(?:(?P<q>{ARG})|(?P<w>[a-z][\w'-]*(?:\.(?:com|org|net|io|co|uk|de|fr|ai|app|dev)\b)*))"
)
_SEPARATOR = compile_lazily(r"\s*,\s*(?:and\s+|or\s+)?|\s+(?:and|or)\s+|\s*/\s*")
# Where a bare list may end: the sentence's end, "in your response", a count.
_LIST_END = compile_lazily(
    rf"\s*(?:$|[.;:,)\]]|in\s+(?:the|your)\s+\w+|(?:{RELATION})\b|once\b|twice\b|thrice\b|"
    rf"{NUMBER}\s+times\b|(?:should|must|at\s+all|anywhere|throughout)\b)"
)
NOT_KEYWORDS = frozenset(
    [
        "a",
        "an",
        "the",
        "of",
        "in",
        "on",
        "at",
        "to",
        "for",
        "with",
        "and",
        "or",
        "but",
        "that",
        "this",
        "these",
        "those",
        "it",
        "its",
        "is",
        "are",
        "be",
        "was",
        "you",
        "your",
        "i",
        "me",
        "my",
        "we",
        "our",
        "they",
        "them",
        "their",
        "he",
        "she",
        "his",
        "her",
        "write",
        "use",
        "keep",
        "make",
        "answer",
        "respond",
        "reply",
        "give",
        "include",
        "end",
        "start",
        "begin",
        "avoid",
        "do",
        "mention",
        "say",
        "add",
        "any",
        "all",
        "some",
        "following",
        "words",
        "word",
        "keywords",
        "keyword",
        "terms",
        "term",
        "phrase",
        "phrases",
        "letter",
        "letters",
        # "leave out the word count", "no word limit": the tally, not a word
        "count",
        "counts",
        "limit",
        "limits",
    ]
)
_MAX_ITEMS = 10
# a verb after a list: its last item is the subject of a clause of its own
_CLAUSE_GOES_ON = compile_lazily(
    r"\s*(?:is|are|was|were|can|may|might|could|should|must|has|have|will|would|isn'?t|aren'?t)\b"
)
# A quoted item named again by its kind: "… or the word 'passionate'"
_NAMED_AGAIN = compile_lazily(r"(?:the\s+)?(?:word|phrase|term|expression)s?\s+(?=[\"“'‘«`]\ue000)")
_DISTRIBUTIVE = frozenset(["each", "both", "every", "all"])


class Corrected(Family):
    """A family whose measure writes the correction with what it found: the
    correction is the failed outcome's own line."""

    def correction(self, spec: object, text: str) -> str:
        outcome: Outcome = self.measure(spec, text)
        return outcome.suggestion or ""


def spec_hit(build: Callable[[], FamilySpec], start: int, end: int) -> Hit | None:
    """The hit of the spec ``build`` makes, or None where the spec refuses
    what the rule read (a count or a keyword no check allows)."""
    try:
        return Hit(build(), start, end)
    except ValidationError:
        return None


def response_spec(
    sentence: Sentence,
    build: Callable[[], FamilySpec],
    start: int,
    end: int,
    *,
    owns_negation: bool = False,
) -> Iterator[Hit]:
    """:func:`spec_hit`, where the sentence requires it of the response
    (:func:`~redraft.criteria._sentences.response_context`)."""
    found = spec_hit(build, start, end)
    if found is not None and response_context(sentence, start, owns_negation=owns_negation):
        yield found


def parse_list(sentence: Sentence, pos: int) -> tuple[list[str], int] | None:
    """Items from offset ``pos``: quoted strings, or single bare words (the
    whole list fails when a bare word could be something else)."""
    text = sentence.lower
    if text[pos:].lstrip().startswith("["):
        pos = text.index("[", pos) + 1
    items: list[str] = []
    bare = False
    end = pos
    listed = pos
    renamed: tuple[int, int] | None = None
    while len(items) < _MAX_ITEMS:
        match = _ITEM.match(text, end)
        if match is None:
            break
        if match.group("q"):
            value = sentence.unmask(match.start("q") + 1, match.end("q") - 1).strip()
        else:
            value = sentence.unmask(match.start("w"), match.end("w"))
            if items and not bare:
                break  # "the word 'passionate', everyone uses it": the quoted list ended
            if items and value.lower() in _DISTRIBUTIVE:
                break  # "cloud and river, each exactly twice": the list ended before
            if value.lower() in NOT_KEYWORDS:
                return None
            bare = True
        items.append(value)
        end = listed = match.end()
        separator = _SEPARATOR.match(text, end)
        if separator is None:
            break
        after = separator.end()
        if (
            not bare
            and not separator.group(0).strip().startswith(",")
            and (named := _NAMED_AGAIN.match(text, after))
        ):
            # "the phrase 'act now' or the word 'hurry'": one list (not "…, and
            # the word 'deal' is fine", a clause of its own)
            if _ITEM.match(text, named.end()) is None:
                break
            renamed = renamed if renamed is not None else (len(items), listed)
            after = named.end()
        if _ITEM.match(text, after) is None:
            break
        end = after
    if not items:
        return None
    end = listed
    if renamed is not None and _CLAUSE_GOES_ON.match(text, end):
        # "… or the word 'deal' is fine": the item named again opens a clause
        items, end = items[: renamed[0]], renamed[1]
    if text[end:].lstrip().startswith("]"):
        end = text.index("]", end) + 1
    if bare and not _LIST_END.match(text, end):
        return None
    return items, end


def _count(name: str) -> str:
    return rf"(?:(?P<{name}>{NUMBER})\s+|(?P<{name}w>once|twice|thrice)\b\s*)"


_FREQUENCY = compile_lazily(
    r"\s*(?:,\s*|\(\s*)?(?:(?:each|both)(?:\s+(?:of\s+them|one))?,?\s+)?"
    r"(?:in\s+(?:your|the)\s+(?:entire\s+)?(?:response|answer)\s+)?(?:for\s+)?"
    rf"(?:(?P<rel>{RELATION})\s+)?(?:between\s+)?{_count('num')}"
    rf"(?:(?:to|or|and|-)\s+{_count('high')}|or\s+(?P<dir>more|less|fewer)\b\s*)?"
    r"(?:times?\b)?"
)
_DASH_RANGE = compile_lazily(r"\s*(?P<low>\d{1,3})\s*[-–]\s*(?P<high>\d{1,3})\s+times\b")
# "'cloud' should appear less often than 'rain'": a count against another
# word's, which no count of its own states (it may be none at all)
_COMPARED = compile_lazily(
    r"\s*(?:(?:much|far)\s+)?(?:(?:less|more|fewer)\s+(?:often|frequently|times|than)|"
    r"as\s+(?:often|frequently|many\s+times)\s+as)\b"
)
_NUMBER_AHEAD = compile_lazily(rf"\s*(?:in\s+\w+\s+\w+\s+)?(?:{NUMBER}|once|twice|thrice)\b")


# How the words are to be written, between them and their count
_AS_WRITTEN = compile_lazily(
    r"\s*,?\s*(?:verbatim|word\s+for\s+word|exactly\s+as\s+(?:written|given|shown|spelled|spelt)|"
    r"as\s+written)(?=\s|,)(?:\s*,(?=\s))?"
)


def frequency(sentence: Sentence, pos: int) -> tuple[list[tuple[Relation, int]], int]:
    """How often ("at least 3 times", "3 to 5 times", "once or less"); a bare
    count ("twice", "4 times") is exactly that many; no requirement at all
    when a count follows that cannot be read."""
    if manner := _AS_WRITTEN.match(sentence.lower, pos):
        # "cite 'section 43(2)' verbatim at least once": how it is written, then how often
        amounts, end = frequency(sentence, manner.end())
        if end > manner.end():
            return amounts, end
    if dashed := _DASH_RANGE.match(sentence.lower, pos):
        # "use the word 'family' 2-3 times" (either dash): a range written with a dash
        low, top = int(dashed.group("low")), int(dashed.group("high"))
        return ([("at_least", low), ("at_most", top)] if top > low else []), dashed.end()
    match = _FREQUENCY.match(sentence.lower, pos)
    text = match.group(0).rstrip() if match else ""
    if match is None or not (text.endswith(("time", "times")) or match.group("numw")):
        if _NUMBER_AHEAD.match(sentence.lower, pos) or _COMPARED.match(sentence.lower, pos):
            return [], pos
        return [("at_least", 1)], pos
    end = pos + len(text)
    value = number_value(match.group("numw") or match.group("num") or "")
    if value is None:
        return [], pos
    if match.group("high") or match.group("highw"):
        high = number_value(match.group("highw") or match.group("high") or "")
        return ([("at_least", value), ("at_most", high)] if high and high > value else []), end
    if match.group("dir"):
        return [("at_least" if match.group("dir") == "more" else "at_most", value)], end
    if match.group("rel"):
        relation, adjust = relation_of(match.group("rel"))
        return _with_other_bound(sentence, (relation, value + adjust), end)
    # "Mention 'lavender' 2 times", "use the word 'tide' twice": a count with
    # no relation is the number asked for, neither more nor fewer.
    return [("exactly", value)], end


# "at least 3 times but no more than 5": the other side of the same count
_OTHER_BOUND = compile_lazily(
    rf"\s*,?\s*(?:but|and|yet)\s+(?:also\s+)?(?P<rel>{RELATION})\s+{_count('num')}(?:times?\b)?"
)


def _with_other_bound(
    sentence: Sentence, bound: tuple[Relation, int], end: int
) -> tuple[list[tuple[Relation, int]], int]:
    """One bound, and the other side of the range where the clause goes on to
    state it; a second bound on the same side says something no count holds."""
    match = _OTHER_BOUND.match(sentence.lower, end)
    if match is None:
        return [bound], end
    text = match.group(0).rstrip()
    value = number_value(match.group("numw") or match.group("num") or "")
    if value is None or not (text.endswith(("time", "times")) or match.group("numw")):
        return [], end
    relation, adjust = relation_of(match.group("rel"))
    other = (relation, value + adjust)
    if {bound[0], relation} != {"at_least", "at_most"}:
        return [], end
    low, high = (bound, other) if bound[0] == "at_least" else (other, bound)
    if low[1] > high[1]:
        return [], end
    return [low, high], end + len(text)


_ORDINALS = {
    "first": 1,
    "opening": 1,
    "second": 2,
    "third": 3,
    "fourth": 4,
    "fifth": 5,
    "sixth": 6,
    "seventh": 7,
    "eighth": 8,
    "ninth": 9,
    "tenth": 10,
    "last": -1,
    "final": -1,
}
ORDINAL = rf"(?:{'|'.join(_ORDINALS)}|\d{{1,3}}(?:st|nd|rd|th))"
PART = r"(?:sentence|paragraph|bullet(?:[\s-]+point)?|bullet(?:ed)?\s+item)"


def ordinal_value(word: str) -> int:
    """ "second" → 2, "5th" → 5, "last" → -1; 0 for none."""
    return _ORDINALS.get(word) or int(re.sub(r"\D", "", word) or 0)


def index_of(match: re.Match[str], group: str = "ord", number: str = "num") -> int | None:
    """The position a match names: "second" → 2, "last" → -1, "paragraph 3" → 3."""
    found = match.groupdict()
    if found.get(group):
        return ordinal_value(found[group]) or None
    if found.get(number):
        value = number_value(found[number])
        return value if value and value > 0 else None
    return None


def part_of(text: str) -> Part:
    if text.startswith("sentence"):
        return "sentence"
    if text.startswith("paragraph"):
        return "paragraph"
    return "bullet"


class Guard:
    """Whether a phrase of one sentence is a plain requirement: not hedged,
    conditional or an example, and not negated before it. Computed once per
    sentence, so testing many phrases of a long one stays linear."""

    def __init__(self, text: str) -> None:
        self.blocked = blocked_from(text)
        negation = NEGATION.search(text)
        self.negated = negation.end() if negation else len(text) + 1

    def __call__(self, start: int) -> bool:
        return start < self.blocked and start < self.negated


_SHOWN = 40


def fold(text: str) -> str:
    """``text`` as phrases are compared: whitespace runs as one space, case folded."""
    return " ".join(text.split()).casefold()


def head(text: str) -> str:
    """The start of ``text``, quoted, for a reason or a correction."""
    text = " ".join(text.split())
    return repr(text[:_SHOWN] + ("…" if len(text) > _SHOWN else ""))


def tail(text: str) -> str:
    """The end of ``text``, quoted, for a reason or a correction."""
    text = " ".join(text.split())
    return repr(("…" if len(text) > _SHOWN else "") + text[-_SHOWN:])
