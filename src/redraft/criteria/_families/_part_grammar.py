"""The phrase grammar of a count within one part (:mod:`._part_count`):
which part ("the first paragraph", "paragraph 2", "the title", "First
line:"), the words that join it to its count ("should be", "must not
exceed", ": a question of"), the count itself ("at most 50 words", "2 to 4
bullet points", "8 words or fewer"), and whether the phrase is asked of the
answer (not described, not a part of given material, not hedged).
"""

from __future__ import annotations

import re

from redraft.core._lazy_pattern import compile_lazily
from redraft.criteria._families._per_part import units_of
from redraft.criteria._grammar import NUMBER, RELATION, number_value, relation_of
from redraft.criteria._sentences import NEGATION, THING, blocked_from
from redraft.criteria._spec_base import Relation
from redraft.criteria._spec_parts import Part

__all__ = [
    "AMOUNT",
    "CAP",
    "GIVEN_BEFORE",
    "LINK",
    "ONE",
    "OPENS",
    "ORDINAL",
    "ORDINALS",
    "QUESTION",
    "REF",
    "SHORT",
    "TITLE_LAST",
    "UNIT",
    "Plain",
    "about_answer",
    "bounds",
    "index_named",
    "part_named",
    "title_opens",
    "units_of",
]

# A title placed after the text ("suggest a title under 6 words at the end",
# "a headline of 8 words below it"): no first line of the answer, so the
# title's count compiles nothing
TITLE_LAST = compile_lazily(
    r"(?:(?!\band\b|\bthen\b|,)[^.;:!?\n]){0,25}?\b(?:at\s+the\s+(?:very\s+)?(?:end|bottom)|after\s+(?:it|that|the\s+[\w'’-]+)|"
    r"below\s+(?:it|that|the\s+[\w'’-]+)|underneath|beneath\s+(?:it|the\s+[\w'’-]+)|to\s+finish|"
    r"(?:as\s+(?:the\s+)?)?(?:a\s+)?(?:last|final)\s+line)\b"
)


ORDINALS = {
    "first": 1,
    "1st": 1,
    "opening": 1,
    "introductory": 1,
    "second": 2,
    "2nd": 2,
    "third": 3,
    "3rd": 3,
    "fourth": 4,
    "4th": 4,
    "fifth": 5,
    "5th": 5,
    "sixth": 6,
    "6th": 6,
    "seventh": 7,
    "7th": 7,
    "eighth": 8,
    "8th": 8,
    "ninth": 9,
    "9th": 9,
    "tenth": 10,
    "10th": 10,
    "last": -1,
    "final": -1,
    "closing": -1,
    "concluding": -1,
}
ORDINAL = "|".join(sorted(ORDINALS, key=len, reverse=True))
_SMALL = {"one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8}
# One part, singular: lines are a part here (the nth line is no line length).
ONE = (
    r"(?:sentence|paragraph|stanza|line|bullet(?:[\s-]+point)?|bullet(?:ed)?\s+item|"
    r"numbered\s+(?:list\s+)?(?:item|point)|(?:list\s+)?item|section|(?:sub)?head(?:ing|er))"
)
_SMALL_WORDS = rf"(?:{'|'.join(_SMALL)})\b"
_NUMBERED_PART = r"(?:sentence|paragraph|stanza|line|section|bullet|item)"
_OF_RESPONSE = rf"(?:\s+(?:of|in|on)\s+(?:your|the)\s+(?:entire\s+|whole\s+)?{THING})?"
# The article may be left out only where the phrase opens its clause
# ("First paragraph: 3 sentences max."): see about_answer.
REF = (
    rf"(?:(?P<article>(?:the|your|an?)\s+)?(?:very\s+)?(?P<ord>{ORDINAL})\s+(?P<part>{ONE})"
    rf"{_OF_RESPONSE}|"
    rf"(?P<npart>{_NUMBERED_PART})\s+(?P<num>\d{{1,2}}|{'|'.join(_SMALL)})(?!\s*(?:-|–|to\b|and\b|or\b|,\s*\d))|"
    rf"(?:(?:the|your|a)\s+)?(?P<title>title|headline|subject\s+line))"
)
UNIT = (
    r"(?P<unit>words?|characters?|chars|sentences?|lines?|paragraphs?|bullet(?:[\s-]+point)?s?|"
    r"bulleted\s+items?|numbered\s+(?:list\s+)?(?:items?|points?))"
)
_POST = (
    r"(?P<post>or\s+(?:less|fewer)|or\s+more|at\s+(?:the\s+)?most|at\s+(?:the\s+)?least|"
    r"max(?:imum)?|min(?:imum)?|tops)"
)
_NOT_EXCEED = (
    r"(?:(?:must|should|may|can|shall|will|does|do)\s*(?:not|n't)|never)\s+"
    r"(?:exceeds?|go(?:es)?\s+over|be\s+(?:longer|more)\s+than|run\s+(?:longer|more)\s+than)"
)
AMOUNT = (
    rf"(?:(?P<rel>{RELATION})\s+(?P<n>{NUMBER})|(?P<neg>{_NOT_EXCEED})\s+(?P<nn>{NUMBER})|"
    rf"between\s+(?P<low>{NUMBER})\s+and\s+(?P<high>{NUMBER})|"
    rf"(?P<from>{NUMBER})\s*(?:to|-|–)\s*(?P<to>{NUMBER})|(?P<bare>{NUMBER}))"
    rf"\s+{UNIT}(?:\s*,?\s+{_POST})?(?:\s+long)?\b"
)
_MODAL = r"(?:should|must|has\s+to|have\s+to|needs?\s+to|shall|will|is\s+to|ought\s+to)"
_VERB = (
    r"(?:have|has|contain|contains|be|is|consist\s+of|use|stay|run|include|hold|get|span|"
    r"fit\s+(?:in|into|within))"
)
# "short, at most 6 words", "a question of no more than 10 words"
SHORT = r"(?:(?:short|brief|concise|tight|succinct)\s*[,:—–-]?\s*)?"
_SHAPE = r"(?:(?:an?|one)\s+(?:single\s+|short\s+)?[a-z]+\s+(?:of|with)\s+)?"
LINK = (
    rf"(?:\s*[:—–(]\s*|\s*,\s*|\s+)(?:(?:{_MODAL}|needs|can\s+only|may\s+only|to)\s+)?"
    rf"(?:be\s+)?(?:(?:kept|limited|capped|held|restricted)\s+)?(?:{_VERB}\s+)?"
    # "the final sentence is only two words long": only is the count itself
    rf"(?:(?:only|just)\s+(?=\d|{_SMALL_WORDS}))?{SHORT}{_SHAPE}"
    r"(?:(?:to|of|with|in|at|within)\s+)?"
)
CAP = r"(?P<cap>keep|limit|cap|hold|restrict)\s+"
# A count of part of the words only ("5 words from the list"), or per sub-part.
_COUNT_AFTER = compile_lazily(
    r"^\s*(?:of|from|that|which|who|like|such|starting|ending|beginning|containing|with|"
    r"each|apiece|per|in\s+(?:bold|italics?|caps|capitals|uppercase|all\s+caps|quotes))\b"
)
# Material to process, not the answer: "the first line of the poem below".
_GIVEN_AFTER = compile_lazily(
    r"^[^.;]{0,40}\b(?:below|above|following|given|provided|attached|"
    r"in\s+(?:the|this|that|my)\s+(?:text|passage|draft|article|essay|document|input|example|sample))\b"
)
# "the first four sentences in the first line" picks text out, asks no count
GIVEN_BEFORE = compile_lazily(
    r"\b(?:my|his|her|their|our|this|these|those|given|provided|attached|original|"
    r"current|existing|the|first|last|next|previous|following|remaining|its)\s+$|\b(?:average|averages|averaging|currently)\b"
)
OPENS = compile_lazily(r"(?:^|[,;:(•*\-]|\bthen|\band)\s*$")
# "Give me a headline of at most 8 words, then a body paragraph": more parts
# follow, so the headline is one part of the answer, not all of it
_MORE_AFTER = compile_lazily(
    r"^[^.;!?]{0,60}?,?\s*\b(?:then|followed\s+by|and\s+then|after\s+(?:that|it))\b"
)
# "Title under 60 characters with no clickbait words": a bound on the part
# with a ban beside it, no count of some of its words
_WITH_NO = compile_lazily(r"^\s*with\s+no\b")
_WRITE_BEFORE = compile_lazily(r"\b(?:write|compose|draft|create|give\s+me|provide|produce)\s+$")
_ENSURE = compile_lazily(r"\b(?:make\s+sure|ensure|see\s+(?:to\s+it\s+)?that|check\s+that)\s+$")
# "Write a story where the first sentence has exactly 3 words (and the last
# …)": a clause that says what the piece asked for is like, after the verb
# asking for it, governs the part as "make sure" does
_ASKED_WHERE = compile_lazily(
    r"\b(?:write|compose|draft|create|generate|produce|give\s+me|make\s+me|tell\s+me)\b"
    r"(?!.*\b(?:my|our|this|these|given|attached|below|above|following)\b)"
    r"[^,;:]{1,60}?\b(?:where|in\s+which|such\s+that|so\s+that|whose)\s+"
    r"(?:[^,;:]*?\s+and\s+)?$"
)
_PART_BEFORE = compile_lazily(r"\b(?:each|every|per|any|all|no|a|an|one)\s+$")
# A question about the rule, not a request put as one ("Could you keep …?").
QUESTION = compile_lazily(
    r"^\s*(?:should|can|could|does|do|is|are|must|would|will|may)\b"
    r"(?!\s+you\s+(?:please\s+)?(?:keep|limit|cap|make|write|give|ensure|hold)\b).*\?\s*$"
)


class Plain:
    """Whether a phrase is a plain requirement: not hedged, conditional or
    an example, and no negation before it (its own "must not exceed" aside)."""

    def __init__(self, text: str) -> None:
        self.blocked = blocked_from(text)
        negation = NEGATION.search(text)
        self.negated = negation.end() if negation else len(text) + 1

    def __call__(self, start: int) -> bool:
        return start < self.blocked and start < self.negated


def index_named(match: re.Match[str]) -> int | None:
    if match.group("title"):
        return 1
    if match.group("ord"):
        return ORDINALS[match.group("ord")]
    raw = match.group("num")
    return _SMALL.get(raw) or (int(raw) if raw.isdigit() and int(raw) > 0 else None)


def part_named(text: str) -> Part | None:
    """The one part a noun names: "stanza" → paragraph, "list item" → item."""
    text = " ".join(text.split())
    for start, part in _NOUNS:
        if text.startswith(start):
            return part
    return None


_NOUNS: tuple[tuple[str, Part], ...] = (
    ("sentence", "sentence"),
    ("paragraph", "paragraph"),
    ("stanza", "paragraph"),
    ("line", "line"),
    ("bullet", "bullet"),
    ("numbered", "numbered"),
    ("item", "item"),
    ("list", "item"),
    ("section", "section"),
    ("title", "title"),
    ("headline", "title"),
    ("subject", "title"),
    ("head", "heading"),
    ("subhead", "heading"),
)


def bounds(match: re.Match[str]) -> list[tuple[Relation, int]]:
    """The (relation, value) pairs an amount states; none where unreadable."""
    found = match.groupdict()
    if found.get("rel"):
        value = number_value(found["n"])
        if value is None:
            return []
        relation, adjust = relation_of(found["rel"])
        return [(relation, value + adjust)]
    if found.get("neg"):
        value = number_value(found["nn"])
        return [] if value is None else [("at_most", value)]
    low, high = found.get("low") or found.get("from"), found.get("high") or found.get("to")
    if low and high:
        a, b = number_value(low), number_value(high)
        return [] if a is None or b is None or a >= b else [("at_least", a), ("at_most", b)]
    if found.get("post") and found.get("bare"):
        value = number_value(found["bare"])
        if value is None:
            return []
        post = found["post"]
        more = "more" in post or "least" in post or "min" in post
        return [("at_least" if more else "at_most", value)]
    value = number_value(found.get("bare") or "")
    if value is None:
        return []
    # "limit the title to 8 words" is a cap, not an exact length
    return [("at_most" if found.get("cap") else "exactly", value)]


def about_answer(text: str, match: re.Match[str]) -> bool:
    before, after = text[: match.start()], text[match.end() :]
    clause = re.split(r"[.;:!?]", before)[-1]
    if GIVEN_BEFORE.search(clause) or _PART_BEFORE.search(before):
        return False
    found = match.groupdict()
    if found.get("part") and not found.get("article") and not OPENS.search(before):
        return False  # "… in first paragraph 3 …": no part named plainly
    if (
        match.group(0).startswith("a")
        and _WRITE_BEFORE.search(before)
        and not _MORE_AFTER.match(after)
    ):
        return False  # "write an opening paragraph of …": the answer is that part
    bound = bool(found.get("rel") or found.get("neg") or found.get("post"))
    if _COUNT_AFTER.match(after) and not (bound and _WITH_NO.match(after)):
        return False
    if _GIVEN_AFTER.match(after):
        return False
    # "the first paragraph has 80 words": described, not asked for, unless
    # a directive governs it ("make sure the first paragraph has …")
    between = text[match.start() : match.start("unit") if match.group("unit") else match.end()]
    described = re.search(r"\b(?:has|had|is|was|contains|contained|ran|runs|uses|used)\b", between)
    return not described or _ENSURE.search(clause) is not None or _governed(clause, before)


# "Requirements: 3 short paragraphs, the first paragraph is a single
# sentence, …": a list of rules, each item stating what is asked
_RULES_LIST = compile_lazily(
    r"(?:^|[.!?]\s+)(?:requirements?|rules?|constraints?|conditions?|specs?|format)\s*:[^.;!?]*$"
)


def _governed(clause: str, before: str) -> bool:
    """Whether a "write X where …" clause, or a list of rules, asks for
    what the part is like."""
    return _ASKED_WHERE.search(clause) is not None or _RULES_LIST.search(before) is not None


def title_opens(text: str, match: re.Match[str]) -> bool:
    """A title described then counted ("Headline in Title Case and under 12
    words") opens its clause, unhedged, with no verb of its own between."""
    between = text[
        match.end("title") if match.group("title") else match.end() : match.start("unit")
    ]
    if not match.group("title") or not OPENS.search(text[: match.start()]):
        return False
    if re.match(r"\s+case\b", text[match.end("title") :]):
        return False  # "Title Case, 6 words or fewer": the letter case, no part
    return not re.search(r"\b(?:if|when|unless|or|but|than|per|each|every)\b", between)
