"""A rule of one part among several parts of the answer: it is that part's,
never the whole answer's.

"Three posts: one for X (max 280 characters), one for Instagram (ending
with exactly 5 hashtags), one for LinkedIn" asks 280 characters of the X
post alone; "name, type, and a description. The description must be two
sentences" counts the description's sentences; "exactly 4 bullet points
under 'What you'll do'" counts one section's bullets. A check of the whole
answer would fail the answer asked for (the other posts' characters, the
name's words, the other section's bullets), so a count, limit, ending or
format that is bound to one named part of several compiles nothing for the
whole answer; the part-scoped kinds (:mod:`._families._part_count`, the
counts within each part) read such rules where they state the part exactly.

A phrase is bound to one part where:

- it stands in the aside of one item of a list of parts ("one for X (max 280
  characters), one for Instagram (…)", "price_gbp (integer, no commas),
  features (…)"): another item stands beside it;
- it is followed by the part it is counted in: a quoted section ("4 bullets
  under 'Benefits'") or a part the prompt names beside another ("5 hashtags
  in the caption" where a caption and a comment are asked);
- its sentence's subject is such a part ("The description must be exactly
  two sentences", "Keep the summary under 50 words", "Body: under 120
  words") or it describes a part in a sequence of parts ("name in caps,
  then the cost, then …").

A part is "beside another" where the prompt names it in a list with another
thing: "name, type, and a description", "a tweet and a LinkedIn post", "what's
in the box (list), farm news (paragraph)". A single thing asked ("Write a
product description. The description must be under 50 words.", "a tweet
(max 280 characters)") is the whole answer, and its rules still compile.
"""

from __future__ import annotations

import re

from redraft.core._lazy_pattern import compile_lazily
from redraft.criteria._once import lowered
from redraft.criteria._piece_bound import another_piece
from redraft.criteria._sentence_text import MASK, Sentence

__all__ = ["WHOLE_KINDS", "bound_to_part"]

WHOLE_KINDS = frozenset(
    {
        "word_count",
        "char_count",
        "sentence_count",
        "paragraph_count",
        "line_count",
        "bullet_count",
        "numbered_count",
        "item_count",
        "hashtag_count",
        "emoji_count",
        "letter_case",
        "forbidden_chars",
        "question_count",
        "url_count",
        "number_count",
        "highlight_count",
        "capital_word_count",
        "letter_count",
        "punctuation_count",
        "no_punctuation",
        "no_final_mark",
        "units_at",
        "starts_with",
        "ends_with",
        "sorted_items",
        "word_length",
    }
)
"""Kinds that measure the whole answer: one part's rule read as one of these
is a false check."""

# Words that open a clause or a directive, never a part's name: "a
# description, keep it short" lists no part beside the description
_NOT_A_PART = (
    r"(?:keep|make|use|write|add|include|avoid|end|start|begin|put|give|limit|be|do|don'?t|"
    r"please|no|not|never|always|only|all|in|with|without|using|under|over|max|maximum|min|"
    r"minimum|at|exactly|each|every|it|its|you|your|i|we|and|but|so|as|if|for|to|that|which|"
    r"written|formatted|mention|explain|tell|list|return|output|answer|reply|respond|sign|"
    r"close|finish|ensure|remember|stay|aim|try|focus|label|number|bold|separate|then|"
    r"less|fewer|more|up|between|around|about|just|also|now|here|there|this|these|those|"
    r"one\s+(?:per|on|each)|nothing|none|don|tone|style|voice|format|must|should|shall|will|can|"
    r"may|need|needs|has|have|is|are|was|were|follow|conclude|wrap|summari[sz]e|state|describe|"
    r"suggest|recommend|offer|provide|ask|create|draft|compose|generate|produce|making|using|"
    r"followed|ending|starting|beginning|separated|comma-separated|contain|contains|containing)"
)
_WORD = r"[\w'’\-\ue000]+"
# A separator between list items, then the next item's determiner if any
_SEPARATOR = (
    r"(?:\s*,\s*(?:and\s+|then\s+|plus\s+|followed\s+by\s+|finally\s+)?|\s*;\s*|"
    r"\s+(?:and|plus|then|followed\s+by|&|\+)\s+(?:then\s+)?)"
)
_DETERMINER = r"(?:(?:a|an|the|one|another|two|three|four|five|six|some|\d+)\s+)"
# Another item after a separator: a noun phrase, not a directive ("…, keep it short")
_CLAUSE_AHEAD = (
    r"(?![^,;.()\n]*\b(?:must|should|shall|will|needs?|has\s+to|have\s+to|is|are|can|may)\b)"
)
_SIBLING_AFTER = compile_lazily(
    rf"{_SEPARATOR}{_CLAUSE_AHEAD}(?!{_NOT_A_PART}\b){_DETERMINER}?(?!{_NOT_A_PART}\b){_WORD}"
)
# An item of a list of parts: "one for X", "the other one", "another for …"
_ONE_OF = compile_lazily(r"\s*(?:and\s+|then\s+|plus\s+)?(?:one|another|the\s+other)\b")
# Another item before: a word or an aside's close, then a separator
_SIBLING_BEFORE = compile_lazily(rf"(?:[\w'’\ue000\"”)])(?:{_SEPARATOR}){_DETERMINER}?$")
# Beside an aside, another item is a thing with an article ("a bio (under 50
# words) and a tagline") or with an aside of its own ("price (integer, no
# commas), features (…)"); not "a bio (under 50 words), friendly tone"
# "(no em dashes), 2 paragraphs": a size of the answer, not a second thing
_UNIT = r"(?:words?|sentences?|paragraphs?|lines?|characters?|bullets?|items?|points?)"
_ASIDE_SIBLING_AFTER = compile_lazily(
    rf"{_SEPARATOR}{_CLAUSE_AHEAD}(?!{_DETERMINER}{_UNIT}\b)(?:(?!{_NOT_A_PART}\b){_DETERMINER}(?!{_NOT_A_PART}\b){_WORD}|"
    rf"(?!{_NOT_A_PART}\b)(?:{_WORD}\s+){{0,3}}?{_WORD}\s*\()"
)
_ASIDE_SIBLING_BEFORE = compile_lazily(rf"(?P<close>\))?(?:{_SEPARATOR})(?P<det>{_DETERMINER})?$")
# What follows the phrase names where it is counted: "under 'Benefits'",
# "in the caption" (not "in total", "in your answer")
_COUNTED_IN = compile_lazily(
    rf"\s+(?:(?:under|beneath|below)\s+(?:the\s+)?(?P<quoted>[\"“'‘]{MASK}+[\"”'’])|"
    r"(?:in|within|inside)\s+(?:the\s+|each\s+|every\s+)"
    rf"(?P<part>(?:{_WORD}\s+){{0,2}}?{_WORD}))"
)
_WHOLE = compile_lazily(
    r"(?:total|all|overall|answer|response|reply|output|text|it|everything|whole|entire|full|"
    r"message|length|words?|characters?|sentences?|lines?|paragraphs?|a|an|one|english|"
    r"spanish|french|german|caps|capitals|lowercase|uppercase|order|form|format|bold|"
    r"italics?|markdown|plain|style|rules?|requirements?|constraints?|guidelines?|notes?|tone|"
    r"voice|formatting|structure|layout|house)"
)
# The sentence's subject is a part: "The description must …", "Keep the
# summary under …", "Body: …", "Summary under 50 words"
_ITEM_START = r"^\s*(?:[-*•]\s*|\d{1,2}[.)]\s*)?(?:and\s+|also\s+|but\s+|then\s+)?"
_SUBJECT = compile_lazily(
    rf"{_ITEM_START}(?:the|your|its|their|each)\s+(?P<part>(?:{_WORD}\s+){{0,2}}?{_WORD})\s+"
    r"(?:must|should|shall|needs?\s+to|has\s+to|is\s+to|will|can(?:not|'t)?|may|is|are|has|"
    r"gets?|contains?|stays?)\b"
)
_KEEP = compile_lazily(
    rf"{_ITEM_START}(?:please\s+)?(?:keep|make|limit|cap|hold|write)\s+(?:the|your)\s+"
    rf"(?P<part>(?:{_WORD}\s+){{0,2}}?{_WORD})\s+(?:to|under|at|within|below|in|no|less|fewer|"
    r"all|short|max|maximum|exactly|between|with)\b"
)
# A part named bare as its item's subject, its size right after it: "- name
# at most 4 words", "description under 20 words" (a part the prompt lists
# beside others: "keys: id, name, description")
_BARE_LABEL = compile_lazily(rf"{_ITEM_START}(?:the\s+)?(?P<part>{_WORD}(?:\s+{_WORD})?)\s+")
# (matched whole against the words before the phrase)
_LABEL = compile_lazily(rf"{_ITEM_START}(?:the\s+)?(?P<part>(?:{_WORD}\s+){{0,2}}?{_WORD})\s*:\s")
# A part then its rule, as an item of a sequence: "name in caps, then …"
_BARE = compile_lazily(
    rf"(?:^|[,;:]|(?P<then>\bthen\b|\bfollowed\s+by\b))\s*(?:(?P<then2>then)\s+)?{_DETERMINER}?"
    rf"(?P<part>(?:{_WORD}\s+){{0,1}}?{_WORD})\s+$"
)
_THEN_AFTER = compile_lazily(r"[^.;:!?()\n]*?,?\s+(?:then|followed\s+by)\s")
# A new subject between the part and the phrase: the phrase is not the part's
_NEW_SUBJECT = compile_lazily(
    r"[;]|\b(?:but|overall|in\s+total|altogether)\b|,\s*and\s+(?:the|your|it|everything)\b|"
    r"\b(?:the\s+(?:whole|entire|full)|your)\s+(?:answer|response|reply|output|post|text)\b"
)


# Another item, then the words before the part's noun: ", and a Pokédex-style "
_LEAD = compile_lazily(
    rf"(?:[\w'’\ue000\"”)])(?!\s*;)(?P<sep>{_SEPARATOR}|\s*\()(?P<det>{_DETERMINER})?"
    rf"(?P<words>(?:{_WORD}\s+){{0,2}})$"
)


def bound_to_part(sentence: Sentence, start: int, end: int) -> bool:
    """Whether the phrase at ``start:end`` of ``sentence`` is the rule of
    one named part of an answer of several parts."""
    whole = lowered(sentence.whole) if sentence.whole else sentence.lower
    # a list item is read in its whole sentence: "The description must be two
    # sentences and contain no more than 30 words" is the description's throughout
    at = sentence.start if sentence.whole else 0
    opened = max((m.end() for m in _SENTENCE_END.finditer(whole, 0, at + start)), default=0)
    text = whole[opened:]
    start, end = at + start - opened, at + end - opened
    return (
        _in_item_aside(text, start, end)
        or _sized_item(text, start, end)
        or _counted_in_part(text, whole, end)
        or _subject_part(text, whole, start, end)
        or another_piece(text, start, end)
        or _placed_by_part(text, start, end)
    )


# "at most two paragraphs before the summary line", "Before that, keep it to
# 2 paragraphs", "3 sentences after the table": the rule of the stretch on
# one side of another part, which the whole answer holds besides
_SIDE = r"(?:before|after|above|below|preceding|following|ahead\s+of)"
_OTHER_PART = (
    # a pronoun stands for a part where its clause ends ("before it goes out" is a time)
    r"(?:(?:that|this|it|them|these|those)(?=\s*(?:[,.;:)!?]|$))|"
    r"(?:the|your|its)\s+(?!(?:end|start|beginning|close|finish|top|bottom|first|last|answer|"
    r"response|reply|output|text|whole|entire|"
    # "10 bullet points, following the format below": a form to follow, no part
    r"format|template|example|structure|layout|pattern|style|instructions?|rules?|guidelines?)\b)"
    r"[\w'’-]+)\b"
)
_PART_SIDE_AFTER = compile_lazily(rf"\s*,?\s+{_SIDE}\s+{_OTHER_PART}")
_PART_SIDE_FRONTED = compile_lazily(
    rf"{_ITEM_START}{_SIDE}\s+(?!you\b|we\b|i\b){_OTHER_PART}(?:\s+[\w'’-]+){{0,2}}\s*,"
)


def _placed_by_part(text: str, start: int, end: int) -> bool:
    """ "two paragraphs before the summary line", "Before that, 2 paragraphs":
    the rule of what stands on one side of another part."""
    if _PART_SIDE_AFTER.match(text, end):
        return True
    fronted = _PART_SIDE_FRONTED.match(text)
    return fronted is not None and fronted.end() <= start


# (not the stop of "P.S.": "a post, with a P.S. of one sentence" is one sentence)
_SENTENCE_END = compile_lazily(r"(?:(?<!\bp\.s)\.|[!?;])(?=\s)|\n")


def _in_item_aside(text: str, start: int, end: int) -> bool:
    """ "one for X (max 280 characters), one for Instagram (…)": the phrase in
    the aside of one item of a list of parts."""
    opened = text.rfind("(", 0, start)
    if opened < 0 or ")" in text[opened:start]:
        return False
    closed = text.find(")", end)
    if closed < 0 or "(" in text[end:closed]:
        return False
    item_start = max(
        (m.end() for m in re.finditer(rf"{_SEPARATOR}|:\s*|^", text[:opened])), default=0
    )
    host = text[item_start:opened]
    if not host.strip():
        return False
    return bool(
        _ONE_OF.match(host)
        or _ASIDE_SIBLING_AFTER.match(text, closed + 1)
        or _sibling_before_aside(text[:item_start], host)
    )


def _sibling_before_aside(before: str, host: str) -> bool:
    """ "price (number), tags (…)", "name, price, and a short description (…)":
    an aside before, or a thing with its article after a word."""
    match = _ASIDE_SIBLING_BEFORE.search(before)
    if match is None or match.start() == 0 or before[match.start() - 1] in ":(":
        return False
    return bool(match.group("close") or match.group("det") or re.match(_DETERMINER, host))


# A thing sized by its modifier: "a one-sentence summary", "a 300-word essay"
_SIZED = compile_lazily(
    r"(?:(?:a|an|one)\s+)?\S+-(?:word|sentence|paragraph|line|character|item)\s+\S"
)
_OF_IT = compile_lazily(r"(?:\s+(?:of|about|for|on)\s+(?:it|them|this|that|the\s+[\w'’-]+))?")


def _sized_item(text: str, start: int, end: int) -> bool:
    """ "a speech and a one-sentence summary of it": the size of one thing in
    a list of things asked."""
    if not _SIZED.match(text, start):
        return False
    after = _OF_IT.match(text, end)
    at = after.end() if after else end
    return bool(
        _ASIDE_SIBLING_AFTER.match(text, at)
        or re.search(rf"[\w'’\ue000\"”)](?:{_SEPARATOR})$", text[:start])
    )


def _counted_in_part(text: str, whole: str, end: int) -> bool:
    """ "exactly 4 bullet points under 'What you'll do'", "5 hashtags in the
    caption" (a caption beside another part): counted in one part."""
    match = _COUNTED_IN.match(text, end)
    if match is None:
        return False
    if match.group("quoted"):
        return True
    part = match.group("part")
    return bool(part) and _beside_another(whole, part)


def _subject_part(text: str, whole: str, start: int, end: int) -> bool:
    """The sentence's subject, or the item the phrase describes, is one part
    of several."""
    head = text[:start]
    for pattern in (_SUBJECT, _KEEP, _LABEL):
        match = pattern.match(text)
        if match is None or match.end("part") > start:
            continue
        if not _NEW_SUBJECT.search(head, match.end("part")) and _beside_another(
            whole, match.group("part")
        ):
            return True
    label = _BARE_LABEL.fullmatch(head)
    if (
        label is not None
        and not any(re.fullmatch(_NOT_A_PART, word) for word in label.group("part").split())
        and not _WHOLE.fullmatch(label.group("part").split()[-1])
        and _beside_another(whole, label.group("part"))
    ):
        return True  # "keys: id, name, points. - name at most 4 words": the name's size
    bare = _BARE.search(head)
    if bare is None:
        return False
    part = bare.group("part")
    if any(re.fullmatch(_NOT_A_PART, word) for word in part.split()) or _WHOLE.fullmatch(
        part.split()[-1]
    ):
        return False
    # the item stands in a sequence of parts: "then" before it or after it
    return bool(bare.group("then") or bare.group("then2") or _THEN_AFTER.match(text, end))


def _beside_another(whole: str, part: str) -> bool:
    """Whether the prompt names ``part`` (one of its words: "the mains
    section") in a list beside another thing."""
    return any(
        _noun_beside_another(whole, word)
        for word in part.split()
        if len(word) > 2
        and MASK not in word
        and not _WHOLE.fullmatch(word)
        and word not in _FUNCTION_WORDS
    )


_FUNCTION_WORDS = frozenset({"the", "and", "for", "with", "its", "your", "each", "every", "one"})


# "name, type and description": a bare "and" closing a list of three or more
_LISTED_BEFORE = compile_lazily(rf",\s*{_WORD}\s+and\s+(?:{_WORD}\s+){{0,2}}$")


def _noun_beside_another(whole: str, word: str) -> bool:
    noun = re.escape(word)
    for match in re.finditer(rf"(?<![\w'’-]){noun}(?![\w'’-])", whole):
        after = re.match(r"(?:\s*\([^)]*\))?\)?", whole[match.end() :])
        at = match.end() + (after.end() if after else 0)
        if _SIBLING_AFTER.match(whole, at):
            return True
        # the words before the noun, back to a separator: "…, and a Pokédex-style description"
        before = whole[max(0, match.start() - 80) : match.start()]
        lead = _LEAD.search(before)
        # a bare "and" joins adjectives as well as things ("a creative and
        # persuasive pitch"): a thing after it takes its article
        listed = lead is not None and (
            bool(lead.group("det"))
            or not re.fullmatch(r"\s+and\s+", lead.group("sep"))
            or bool(_LISTED_BEFORE.search(before))
        )
        if (
            lead is not None
            and listed
            and not any(re.fullmatch(_NOT_A_PART, w) for w in lead.group("words").split())
        ):
            return True
    return False
