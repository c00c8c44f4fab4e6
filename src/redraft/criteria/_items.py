"""A sentence that lists requirements, read item by item.

"Tweet about our latte. Must fit in 280 characters, include exactly two
hashtags, and end with ☕": each item of the list is a requirement of its
own, but the rules read a sentence as one phrase governed from its start,
so only the first item's phrase is near its governor. :func:`list_items`
gives the later items as sentences of their own, each read as a criteria
line ("max 12 words" alone), under the conditions that make that reading
safe:

- the sentence is a request for the answer or a list of requirements: it
  opens with a directive ("Write …", "Keep it …", "Must …"), a response
  noun ("Your answer should …") or a count ("Three short paragraphs, …"),
  or its first item compiled a check ("ALL CAPS, max 12 words, no
  hashtags") or lays the answer out ("one per line, no numbering"), or it
  is a terse list (a first item of at most four words, with no verb, part
  or negation) after a request for one thing ("Write a headline about X.
  Headline case, no period, under 12 words."; not after "Give me 3
  slogans.", where a count may be each one's); "I have a 3-page essay, 500
  words, …" describes what is given, and is not read;
- nothing is shared that an item alone would lose: no hedge, condition or
  example before the item, no negation outside its own first word ("Don't
  use bullets, emojis, or more than 3 sentences" negates every item), no
  distributive word in the first item ("each", "per": "each one under 45
  characters, max 5 words" is about each part; an item's own "each" is
  read with it);
- the list stops at a sequence ("…, then explain it in two sentences"
  governs a later part), except in a layout line ("Format: …, then 4
  bullet points"), and at an item that continues a negation ("or …",
  "nor …"); an item that only modifies the part named before it ("start
  with the slug line, in caps") is skipped, and so is a participle after a
  layout of each thing ("each slogan on its own line, starting with '- '":
  each line's start).
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from redraft.core._lazy_pattern import compile_lazily
from redraft.criteria._governors import GIVEN_THING
from redraft.criteria._grammar import NUMBER, RELATION
from redraft.criteria._sentences import (
    NEGATION,
    ONE_PER_LINE,
    Sentence,
    is_answer_request,
    modifies_part,
    rules_for_others,
    sentence_blocked,
)

__all__ = ["list_items", "several_asked_before", "several_asked_in"]

# Where items part, outside brackets: commas, semicolons, a spaced dash
# ("similarly short — under 300 words"), and "and" before a verb of its own
# ("mention 'sleep' and be under 70 words", "… and there should be 3 paragraphs").
_SEPARATOR = compile_lazily(
    r"[,;]|\s[—–-]\s|\s(?=and\s+(?:be|include|use|mention|end|start|begin|keep|stay|"
    r"contain|have|avoid|add|write|make|put|limit|there\s+(?:should|must|shall))\b)"
)
# An item that states what a given thing is: "feedback on my essay, it has 5
# paragraphs", "proofread this email — they were all in capitals". The
# pronoun is the user's thing the head names, so the item describes it.
_STATED = compile_lazily(
    r"\s*(?:it|they|he|she)\s+(?:(?:already|currently|now|also|still|only|just|[a-z]+ly)\s+)?"
    r"(?:was|were|had|has|have|is|are|uses?|used|runs?|contains?)\b(?!\s+to\b)"
)
_OPENERS, _CLOSERS = "([{", ")]}"
_JOINER = compile_lazily(r"\s*(?:and|also|plus|but)\s+")
_CONTINUES = compile_lazily(r"^\s*(?:or|nor)\b")
_SEQUENCE = compile_lazily(
    r"^\s*(?:and\s+)?(?:then|followed\s+by|after\s+(?:that|this|which|it)|afterwards?|next|"
    r"finally|before\s+that)\b"
)
_DISTRIBUTIVE = compile_lazily(r"\b(?:each|every|per|apiece|respectively)\b")
# A layout line lists the answer's parts in order ("Format: a bold title,
# then 4 bullet points, then a call to action"): an item after "then" is
# read with its "then", which keeps a count of prose to its part.
_LAYOUT = compile_lazily(
    r"\s*(?:format|formatting|structure|layout|output(?:\s+format)?|response\s+format)\s*:"
)
# A list that opens with a count is a list of requirements: "Three short
# paragraphs, separated by blank lines, no bullet points.", "One line of
# code only, in a code block".
_COUNT_FIRST = compile_lazily(
    rf"\s*(?:(?:only|just|exactly|about)\s+)?(?:{NUMBER})\s+(?:[\w-]+\s+){{0,3}}?[\w-]+"
    r"(?:\s+only)?\s*$"
)
# After a layout of each thing ("each slogan on its own line"), a participle
# item says how each one starts or ends, not how the answer does.
_EACH_PARTICIPLE = compile_lazily(
    r"(?:starting|beginning|opening|ending|finishing|closing|prefixed|preceded|suffixed|"
    r"followed|terminated)\b"
)
# An item that names one part: the items after it are that part's.
_ONE_PART = compile_lazily(
    r"\s*(?:and\s+)?(?:in|for|within|inside)\s+(?:the|your)\s+(?:very\s+)?(?:first|second|third|"
    r"fourth|fifth|last|final|opening|closing|concluding|\d{1,2}(?:st|nd|rd|th))\s+[\w-]+\s*$"
)
# The unit a distributive head is about, and a count of it as an item.
_EACH_UNIT = compile_lazily(
    r"\b(?:each|every)\s+(?P<unit>line|sentence|paragraph|bullet|stanza|section|verse)\b"
    r"(?![^,;]*\b(?:each|every|per)\b)"
)
_COUNT = (
    rf"(?:(?:{RELATION})\s+)?(?:{NUMBER})(?:(?:\s*(?:-|–|to)|\s+or)\s*(?:{NUMBER}))?"
    r"(?:\s+(?:short|long))?"
)
# The item's own "no" ("no hashtags") is its requirement, not a shared negation.
_OWN_NO = compile_lazily(r"^\s*(?:no|without)\b")
# A terse list after the request ("Write a headline about X. Headline case,
# no period, under 12 words."): short items with no verb, part or negation of
# their own, after a sentence that asks for one thing (not "Give me 3
# slogans. Catchy, under 8 words.", where a count may be each slogan's).
_TERSE_WORDS = 4
_TERSE_BLOCKS = compile_lazily(
    r"\b(?:each|every|per|title|titles|heading|headings|line|lines|bullet|bullets|name|names|"
    r"word|words|sentence|sentences|paragraph|paragraphs|item|items|if|when|unless|example|"
    r"my|our|his|her|their|this|these|those|given|attached|is|are|was|were|has|have|had|"
    r"not|never|don'?t|doesn'?t|isn'?t)\b|n't\b|[:?\ue000]"
)
_ASKED = compile_lazily(
    r"(?:^|[.!?]\s+|\n\s*)(?:(?:please|now|so|ok(?:ay)?|hi|hey)[\s,!]+)*"
    r"(?:(?:can|could|would|will)\s+you\s+(?:please\s+)?)?(?:please\s+)?"
    r"(?P<verb>write|compose|draft|craft|create|generate|produce|give|provide|make|tell|explain|"
    r"describe|summari[sz]e|translate|rewrite|answer|reply|respond|suggest|come\s+up\s+with|"
    r"list|name|outline|prepare)\b(?:\s+(?:me|us))?"
)
# What the request asks for is several things: a number, "some", a plural
# (read in the original text: "Describe Paris" names a place, not several things)
_SEVERAL_ASKED = compile_lazily(
    r"\s+(?i:(?:exactly|about|around|at\s+least|up\s+to)\s+)?(?:\d+\b|(?i:two|three|four|five|"
    r"six|seven|eight|nine|ten|eleven|twelve|several|some|multiple|a\s+few|a\s+couple|a\s+list|"
    r"a\s+dozen|a\s+pair)\b|(?!(?i:a|an|one|the|my|our|your|this|that|it|him|her|them|what|how|"
    r"why|who|whether|about|in|to)\b)(?:[\w-]+\s+){0,2}?(?!news\b)[a-z-]+[^\Wsiu]s\b)"
)


# A number of things asked for: "give me 3 slogans", "write several tips"
_COUNT_ASKED = compile_lazily(
    r"\s+(?:(?:exactly|about|around|at\s+least|up\s+to)\s+)?(?:\d+|two|three|four|five|six|seven|"
    r"eight|nine|ten|eleven|twelve|several|some|multiple|a\s+few|a\s+couple\s+of|a\s+list\s+of|"
    r"a\s+dozen)\s+(?:[\w'-]+\s+){0,3}?[a-z'-]+s\b"
)


def several_asked_before(sentence: Sentence) -> bool:
    """Whether a sentence before this one asks for a number of things ("Give
    me 3 slogans."): a count standing alone after it ("Under 8 words.") may
    be each one's."""
    return several_asked_in(sentence.whole[: sentence.start].lower())


def several_asked_in(before: str) -> bool:
    """Whether ``before`` (lowered) asks for a number of things ("Give me 3 slogans")."""
    return any(_COUNT_ASKED.match(before, m.end()) for m in _ASKED.finditer(before))


def _terse_after_request(sentence: Sentence, head: str) -> bool:
    """Whether the sentence is a terse list of requirements (``head`` its
    first item) after a request for one thing."""
    words = head.split()
    if not words or len(words) > _TERSE_WORDS or _TERSE_BLOCKS.search(head):
        return False
    if sentence.lower.rstrip().endswith("?"):
        return False
    before = sentence.whole[: sentence.start].lower()
    asked = [m for m in _ASKED.finditer(before)]
    if not asked:
        return False
    original = sentence.full[: sentence.start] if sentence.full else before
    return not any(_SEVERAL_ASKED.match(original, m.end()) for m in asked)


# A spaced dash between two numbers is a range ("3 - 4 sentences", with an en dash too), not a cut
_NUMBER_BEFORE = compile_lazily(rf"\b(?:{NUMBER})\s*$")
_NUMBER_AFTER = compile_lazily(rf"\s*(?:{NUMBER})\b")


def _separators(text: str) -> list[tuple[int, int]]:
    """The spans of the separators outside brackets."""
    depth = 0
    inside = []
    for ch in text:
        depth = depth + 1 if ch in _OPENERS else max(0, depth - 1) if ch in _CLOSERS else depth
        inside.append(depth > 0)
    return [
        m.span()
        for m in _SEPARATOR.finditer(text)
        if not inside[m.start()]
        and not (
            m.group(0).strip() in "—–-"
            and _NUMBER_BEFORE.search(text, 0, m.start())
            and _NUMBER_AFTER.match(text, m.end())
        )
    ]


def list_items(sentence: Sentence, compiled: Sequence[tuple[int, int]]) -> list[Sentence]:
    """The items after the first of a sentence that lists requirements,
    each as a sentence of its own (its offsets into the source kept); none
    where reading them alone could change what they mean. ``compiled``:
    the source spans of the checks the whole sentence compiled."""
    text = sentence.lower
    cuts = _separators(text)
    if not cuts:
        return []
    head = text[: cuts[0][0]]
    counts_of: re.Pattern[str] | None = None
    if _DISTRIBUTIVE.search(ONE_PER_LINE.sub("", head)):
        each = _EACH_UNIT.search(head)
        if each is None:
            return []  # "each caption under 40 characters, no emojis": each one's
        # "every line must end with '!', 4 to 6 lines": a count of the lines is all of them
        # (or "…, and there should be 5 paragraphs": the count as a clause of its own)
        counts_of = compile_lazily(
            rf"\s*(?:and\s+)?(?:there\s+(?:should|must|shall|will|needs?\s+to)\s+be\s+)?"
            rf"{_COUNT}\s+{each.group('unit')}s\b"
        )
    first_compiled = any(a < sentence.start + cuts[0][0] for a, _ in compiled)
    if not (
        first_compiled
        or is_answer_request(head)
        or ONE_PER_LINE.search(head)
        or _COUNT_FIRST.match(head)
        or _terse_after_request(sentence, head)
    ):
        return []
    if NEGATION.search(_OWN_NO.sub("", head)) or rules_for_others(head):
        return []  # "… for our agents: replies should be …, and start with …": theirs
    layout = _LAYOUT.match(head) is not None
    per_line = ONE_PER_LINE.search(head) is not None
    items: list[Sentence] = []
    ends = [start for start, _ in cuts[1:]] + [len(text)]
    for (begin, after), end in zip(cuts, ends, strict=True):
        piece = text[after:end]
        if not piece.strip():
            continue  # ", and be …": the comma and the "and" part once
        sequenced = _SEQUENCE.match(piece) is not None
        if (sequenced and not layout) or _CONTINUES.match(piece):
            break
        offset = after + len(piece) - len(piece.lstrip())
        joiner = _JOINER.match(text, offset)
        if joiner and not sequenced:
            offset = joiner.end()
        if offset >= end or sentence_blocked(sentence, offset) or _ONE_PART.match(piece):
            break  # "please, in the last paragraph, keep it to 30 words": that part's
        if modifies_part(text[max(0, begin - 60) : begin], text[offset:end]):
            continue  # "start with the slug line, in caps": the line's, not the answer's
        if counts_of is not None and not counts_of.match(text, offset):
            continue
        if _STATED.match(piece) and GIVEN_THING.search(head):
            continue  # "feedback on my essay, it has 5 paragraphs": the essay's
        if per_line and _EACH_PARTICIPLE.match(text, offset):
            continue  # "each slogan on its own line, starting with '- '": each line's start
        items.append(
            Sentence(
                sentence.original[offset:end],
                sentence.masked[offset:end],
                sentence.start + offset,
                sentence.whole,
                sentence.full,
                sentence.source,
            )
        )
        if _EACH_SUBJECT.match(piece):
            break  # "each must end with '?' and be under 25 words": each one's, to the end
    return items


# An item whose subject is each part ("each must …", "every line should …"):
# the items after it ("and be under 25 words") go on saying it of each part.
_EACH_SUBJECT = compile_lazily(
    r"\s*(?:and\s+)?(?:each|every)(?:\s+(?:one|[a-z]+))?\s+(?:must|should|shall|needs?\s+to|"
    r"has\s+to|have\s+to|will|is\s+to|ought\s+to)\b"
)
