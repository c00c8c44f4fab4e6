"""Line counts stated as one item of a sentence's list of requirements.

"write me a poem where no line contains the letter 't', six lines, each
line under 40 characters", "Could u make me a small poem for my cat, 4
line, and each line must …", "Every line should be a question ending with
'?', and no more than 10 lines.", "Each line starts with a time, …, eight
lines total.", "Messages are in ALL CAPS, at most 3 lines, …", "Threads
post, three short lines, …": the count stands between commas (or after a
dash, or after "and"), and what the sentence opens with makes the list the
answer's: a request for one thing ("write me a poem", "I need text for my
shop window"), a rule on every line ("each line …", "no line …"), the
answer or its messages as subject, or the thing named alone as the
prompt's first words. "4 line" (the plural left off) reads as 4 lines here,
where the count stands alone as an item.

Refused: a sentence that names a part the count could be of (a stanza, a
verse, a title, "per", "each" of another thing), that asks for several
things ("3 poems, six lines, …": each poem's), a hedge, a negation or a
condition over the count, a question that is no request. The reading gives
``(relation, value, start, end)`` in the sentence; the line-count family
(:mod:`._lines`) makes them checks, having refused prompts that ask for
lines beside these.
"""

from __future__ import annotations

from collections.abc import Iterator

from redraft.core._lazy_pattern import compile_lazily
from redraft.criteria._grammar import NUMBER, RELATION, number_value, relation_of
from redraft.criteria._sentences import THING, Sentence, sentence_blocked
from redraft.criteria._spec_base import Relation

__all__ = ["listed_lines"]

# ", six lines,", ", and no more than 10 lines.", " — four lines, in that order"
# ("…: 4 lines of 4 digits, no spaces", "…, between 6 and 10 lines, …")
_ITEM = compile_lazily(
    rf"(?:[,;:]|\s[—–])\s*(?:and\s+)?(?P<count>(?:(?P<rel>{RELATION})\s+)?"
    rf"(?:between\s+(?P<low>{NUMBER})\s+and\s+|(?P<from>{NUMBER})\s*(?:-|–|to)\s*)?"
    rf"(?P<num>{NUMBER})\s+(?:short\s+)?lines?(?:\s+(?P<post>total|in\s+total|only|max|maximum|tops))?"
    rf"(?:\s+of\s+{NUMBER}\s+(?:digits|words|letters|characters|numbers))?)"
    r"(?=\s*(?:[,;.!]|$)|\s+and\b|\s[—–])"
)
# What the sentence opens with, making its list the answer's
_REQUEST = compile_lazily(
    r"^\s*(?:please\s+)?(?:(?:can|could|would|will)\s+(?:you|u)\s+)?(?:please\s+)?"
    r"(?:(?:write|make|compose|create|draft|craft|give|generate|produce)\s+(?:me\s+|us\s+)?"
    r"(?:a|an|one)\b|(?:i\s+need|i\s+want|i'd\s+like)\s+(?:(?:a|an|one|some)\s+)?"
    rf"(?:[\w-]+\s+){{0,2}}?{THING}\b|"
    # "Summarise today's queue for the ops channel: 4 lines", "Convert my notes
    # into: …", "Use exactly this template, one line, …": the result is the answer
    r"(?:summari[sz]e|rewrite|translate|convert|turn|reformat|paraphrase)\b[^,;:]*(?::|\binto\b)|"
    r"(?:use|follow)\s+(?:exactly\s+)?(?:this|the\s+following)\s+(?:template|format)\b)"
)
_EVERY_LINE = compile_lazily(r"^\s*(?:each|every|no|all)\s+lines?\b")
_ANSWER = compile_lazily(
    r"^\s*(?:your\s+|the\s+|all\s+|every\s+)?(?:answer|reply|response|output|message|"
    r"answers|replies|responses|outputs|messages)\s+(?:are|is|should|must|will)\b"
)
# "Threads post, three short lines, …": the thing named alone, first in the prompt
_THING_ALONE = compile_lazily(
    rf"^\s*(?!(?:my|our|this|these|the|his|her|their|your)\b)(?:[\w'-]+\s+){{0,3}}?{THING}s?\s*[,:]"
)
# A part the count could be of, or a count of each of several things
_PART = compile_lazily(
    r"\b(?:stanzas?|verses?|chorus|refrains?|sections?|paragraphs?|parts?|titles?|headings?|"
    r"headers?|intro|outro|bridge|per|apiece|if|unless|when|whenever)\b|"
    # "each verse", "every stanza"; not "each line", "each with …", "each one"
    r"\b(?:each|every)\s+(?!(?:lines?|with|starting|beginning|ending|opening|containing|holding|"
    r"having|in|on|under|over|at|no|one|of|must|should|has|is|a|an|the|exactly|formatted|"
    r"written)\b)[a-z]+"
)
# "Russian alphabet drill: 10 lines, …": the count right after the prompt's
# opening label, the thing it names (not "My poem: 4 lines, …")
_LABEL = compile_lazily(
    r"^\s*(?!(?:my|our|this|these|the|his|her|their|your|here)\b)[\w' -]{1,40}:\s*$"
)
_SEVERAL = compile_lazily(
    rf"\b(?:{NUMBER})\s+(?:[\w'-]+\s+)?(?!(?:is|was|has|does|its|this|his|yes|us|as|plus)\b)"
    r"(?P<noun>[a-z]+s)\b"
)
_MEASURES = frozenset(
    ("lines", "characters", "chars", "words", "letters", "syllables", "digits", "numbers")
)
_POLITE = compile_lazily(r"^\s*(?:please\s+)?(?:can|could|would|will)\s+(?:you|u)\b")


def listed_lines(sentence: Sentence) -> Iterator[tuple[Relation, int, int, int]]:
    """ "write me a poem …, six lines, each line …": exactly 6 lines."""
    text = sentence.lower
    if "line" not in text or _PART.search(text):
        return
    if text.rstrip().endswith("?") and not _POLITE.match(text):
        return  # "is it fine, four lines?": asked about
    if any(m.group("noun") not in _MEASURES for m in _SEVERAL.finditer(text)):
        return  # "3 poems, six lines, …": each poem's lines
    first = not sentence.whole[: sentence.start].strip()
    opened = bool(
        _REQUEST.match(text)
        or _EVERY_LINE.match(text)
        or _ANSWER.match(text)
        or (first and _THING_ALONE.match(text))
    )
    for match in _ITEM.finditer(text):
        if not opened and not (first and _LABEL.match(text, 0, match.start("count"))):
            continue
        value = number_value(match.group("num"))
        if not value:
            continue
        if sentence_blocked(sentence, match.start("count")):
            continue
        if low := match.group("low") or match.group("from"):
            if (least := number_value(low)) is not None and least < value:
                yield "at_least", least, match.start("count"), match.end("count")
                yield "at_most", value, match.start("count"), match.end("count")
            continue
        relation: Relation = "exactly"
        if match.group("rel"):
            relation, adjust = relation_of(match.group("rel"))
            value += adjust
        elif match.group("post") in ("max", "maximum", "tops"):
            relation = "at_most"
        yield relation, value, match.start("count"), match.end("count")
