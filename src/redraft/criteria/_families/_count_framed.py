"""A count framed as the size of one piece of prose the prompt asks for, and
what may follow it there: "a sentence of at least 12 words where every word
begins with S", "a paragraph of 40-60 words that contains every digit", "a
short story (150-200 words) in which every sentence ends with '?'", "a
message under 25 words with zero profanity", "a paragraph with exactly 5
sentences in which sentence lengths are all odd", "4 stanzas of 4 lines".

After a bare count a relative clause or "with" may pick out some of the
units ("use 5 words that rhyme", "at least 3 sentences with a number"), so
:func:`._count_context.after_ok` refuses it. Where the count is the size of
the one thing asked for ("a <thing> of N words", "a <thing> (N words)", "a
<thing> under N words"), what follows describes that thing, and every unit
of it is counted. After "a <thing> with N units" (or "that has N units") a
clause may still pick units out ("a paragraph with 5 sentences in which the
word 'cat' appears"): there only a clause over all the units reads ("in
which every sentence …", "where no word …", "sentence lengths").
"""

from __future__ import annotations

from redraft.core._lazy_pattern import compile_lazily
from redraft.criteria._criteria_line import count_of_criteria_line
from redraft.criteria._families._things_asked import refers_to_things
from redraft.criteria._grammar import NUMBER, RELATION
from redraft.criteria._items import several_asked_before
from redraft.criteria._sentences import Sentence, lowered, response_context

__all__ = ["asked_as_piece_or_item", "framed_after", "names_one_piece"]

# One piece of prose a count can size (not a list, a plan or a template,
# whose words are its items')
_PROSE = (
    r"(?:sentence|paragraph|story|short\s+story|essay|poem|email|letter|post|article|song|"
    r"pitch|summary|description|message|note|speech|toast|review|bio|biography|blurb|caption|"
    r"tweet|text|passage|piece|answer|reply|response|abstract|intro|introduction|definition|"
    r"explanation|tautogram|pangram|lipogram|limerick|verse|ode|sonnet|monologue|anecdote|"
    r"fable|tale|vignette|scene|memo|announcement|statement|paragraph\s+summary)"
)
# "a sentence of", "one short paragraph of", "a short story (", "a message"
# (its words before the noun describe it: not "a summary of my essay of")
_MODIFIER = (
    r"(?!(?:of|for|about|on|in|to|from|by|my|your|our|his|her|their|the|this|that|these|"
    r"those|and|or|with)\b)[\w'-]+\s+"
)
_ARTICLE_THING = rf"\b(?P<article>a|an|one)\s+(?:{_MODIFIER}){{0,3}}?{_PROSE}"
_SIZE_FRAME = compile_lazily(
    rf"{_ARTICLE_THING}\s*(?:of\s+|\(\s*|(?:that\s+is\s+|which\s+is\s+)?)"
    rf"(?:(?:{RELATION})\s+)?$"
)
_HAS_FRAME = compile_lazily(
    rf"{_ARTICLE_THING}\s+(?:[^,;.!?]{{0,40}}?\b)?(?:with|that\s+has|which\s+has|"
    r"that\s+contains|and\s+has)\s+"
    rf"(?:(?:{RELATION})\s+)?$"
)

# What a bracketed size closes with: "(150-200 words) in which …"
_CLOSE = compile_lazily(r"\s*\)")

# A clause over all the units: "where every word …", "in which no sentence …",
# "in which sentence lengths …", "where the sentences …"
_UNITS = r"(?:words?|sentences?|paragraphs?|lines?|stanzas?|characters?|letters?)"
_OVER_ALL = compile_lazily(
    r"\s*,?\s*(?:where|in\s+which|such\s+that|so\s+that|and)\s+"
    rf"(?:(?:every|each|no)\s+(?:[\w-]+\s+)?{_UNITS}\b|"
    # "where the sentences …" (all of them), not "in which the word 'tide' …"
    rf"(?:all(?:\s+the)?|none\s+of\s+the|the)\s+(?:[\w-]+\s+)?{_UNITS}(?<=s)\b|"
    rf"{_UNITS}\s+lengths?\b)"
)
# What may follow a size frame: a clause or phrase describing the thing, the
# unit's own size ("4 stanzas of 4 lines"), or the next item
_DESCRIBES = compile_lazily(
    r"\s*(?:,\s*)?(?:where|in\s+which|whose|that|which|with|about|on|describing|using|"
    r"containing|without|and|ending|starting|beginning)\b|"
    rf"\s*of\s+(?:(?:{RELATION})\s+)?{NUMBER}\s+(?:[\w-]+\s+)?{_UNITS}\b|"
    r"\s*(?:[,;.!?]|$)"
)
# "a blog post of 5 paragraphs with a headline": a part beside the piece,
# which the whole answer's count would take in
_ADDS_PART = compile_lazily(
    r"\s*,?\s*(?:with|and|plus|followed\s+by)\s+(?:(?:a|an|its|one|some|the)\s+)?(?:[\w-]+\s+)?"
    r"(?:headlines?|titles?|headings?|header|subject\s+line|intro(?:duction)?|conclusion|"
    r"sign[- ]?off|signature|summary|tl;?dr|list|table|bullets?|bullet\s+points|p\.\s?s\b|"
    r"postscript|captions?|hashtags?|call\s+to\s+action|cta|quote|greeting|salutation|"
    r"references|sources|footnotes?)\b"
)
# After "with N units", the unit's own size is no pick either
_UNIT_SIZE = compile_lazily(rf"\s*(?:each\s+)?of\s+(?:(?:{RELATION})\s+)?{NUMBER}\s+{_UNITS}\b")
# "a paragraph of 50 words in the text below": a thing given, not asked
_GIVEN_AFTER = compile_lazily(
    r"\s*(?:in|from)\s+(?:the|this|my)\s+(?:text|passage|essay|article)\b"
)


def framed_after(text: str, lead_end: int, end: int) -> bool:
    """Whether the count whose phrase starts at ``lead_end`` (its number or
    relation, any leading verb or "of" set aside) and ends at ``end`` sizes
    the one piece of prose named just before it, so that what follows it
    describes that piece, not some of its units."""
    before = text[:lead_end]
    after = text[end:]
    if _GIVEN_AFTER.match(after):
        return False
    if _SIZE_FRAME.search(before):
        closed = _CLOSE.match(after)
        rest = after[closed.end() :] if closed else after
        return _DESCRIBES.match(rest) is not None and _ADDS_PART.match(rest) is None
    if _HAS_FRAME.search(before):
        return _OVER_ALL.match(after) is not None or _UNIT_SIZE.match(after) is not None
    return False


# A part asked before the piece: the piece is one part of the answer
_PART_BEFORE = compile_lazily(
    r"\b(?:then|followed\s+by|after\s+(?:that|this|it)|afterwards?|next|plus|line\s+\d|"
    r"format\s*:)"
)


def asked_as_piece_or_item(sentence: Sentence, lead_end: int, start: int, *, sized: bool) -> bool:
    """Whether a count that the test of its own place refused is asked all the
    same: as the size of a piece of prose asked for where that piece stands
    (``sized`` units only: "be a single paragraph of no more than 60 words"),
    or as an item of a terse criteria line after one thing asked ("Title
    Case, 6 words or fewer, …"). ``lead_end``: where the count's number or
    relation starts; ``start``: where its phrase starts."""
    text = sentence.lower
    found = _SIZE_FRAME.search(text[:lead_end]) if sized else None
    if (
        found is not None
        # "line 1 the title; then a description of 40-60 words": a later part's size
        and not _PART_BEFORE.search(lowered(sentence.whole), 0, sentence.start + found.start())
        and response_context(sentence, found.start("article"))
    ):
        return True
    return (
        count_of_criteria_line(sentence, text[:start])
        and not several_asked_before(sentence)
        and not refers_to_things(sentence, start)
    )


_ONE_PIECE = compile_lazily(
    rf"\b(?:a|an|one|a\s+single|just\s+one|only\s+one)\s+(?:{_MODIFIER}){{0,3}}?{_PROSE}\b"
)


def names_one_piece(before: str) -> bool:
    """Whether ``before`` names one piece of prose asked for ("Just one
    sentence ending in a question mark, 15 to 25 words"): a range set off by
    a comma after it is that piece's size, not each of several things'."""
    return _ONE_PIECE.search(before) is not None
