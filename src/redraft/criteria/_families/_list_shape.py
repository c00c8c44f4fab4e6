"""A count of list lines as the shape the whole answer takes, read where the
shared governing guards find too many words between the request's verb and
the count: "Explain time-of-use tariffs for our community energy leaflet in
exactly five bullet points", "Turn these survey results into exactly 4
bullet points for the board", "Summarise the key risks from this consent
form for a patient, as exactly 4 bullets, ordered …", "Reply with exactly
three numbered answers in the same order, each beginning with …", "explain
the causes of WW1 but really simple, 4 bullet points, each one starts
with …", and a sentence that names the piece and gives its shape ("Journal
summary for today as three bullets beginning …", "Gratitude entry for
tonight: three numbered items, each a single sentence").

A list line holds no list lines, so the words between the verb and the
count (the topic, whom it is for) cannot make the count another thing's, as
they can for words or sentences ("a summary of the essay of 500 words").
What can is read as it is elsewhere, and compiles nothing:

- a count of each part: "each", "every", "per", "apiece" before the count
  in its clause or right after it ("3 bullets per section", "for each idea,
  3 bullet points"), two counts of the form in the prompt, nested or
  second lists ("sub-bullets", "another list"), a part holding the list
  beside later parts (:func:`._lists` ``_of_each_part``);
- a later or earlier part: "then", "followed by", "after", "plus", "also",
  "as well as" before the count in its sentence (the later-part rule of
  :mod:`._list_part` reads those);
- something given or someone else's: "the", "these", "those", "my", "our",
  "your", "his", "her", "their", "its", "this" right before the count ("turn
  these 5 bullet points into a paragraph"), a relative clause between the
  verb and the count ("the slide that has 4 bullets"), a finite verb of the
  sentence's own before the count in a sentence with no request verb ("my
  slide has 4 bullets");
- a negation before the count in its clause ("not in 5 bullet points",
  "instead of 4 bullets"), a hedge, a condition or an example in the
  sentence (:func:`~redraft.criteria._sentences.sentence_blocked`), a
  question that is not a polite request, and quoted or pasted material
  (masked before any rule reads it).

The count must end its clause: the end, a mark, "for" the reader ("for the
board"), what each line holds ("each …", "beginning …", "ordered …"), or
the order ("in the same order"). A relation after it ("max", "or fewer",
"at most") bounds it; a bare number is exact, as for every list count.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass

from redraft.core._lazy_pattern import compile_lazily
from redraft.criteria._grammar import NUMBER, number_value
from redraft.criteria._sentences import (
    NEGATION,
    Sentence,
    count_in,
    lowered,
    searched,
    sentence_blocked,
)
from redraft.criteria._spec_base import Relation

__all__ = ["ShapeCount", "list_shapes", "shapes_answer"]

# The verbs that ask for the answer whose shape the count gives, opening
# the sentence (after "please", "now", "so" …).
_VERB = (
    r"(?:explain|describe|summari[sz]e|sum\s+up|recap|outline|list|give|provide|share|present|"
    r"write|turn|convert|break\s+down|reply|respond|answer|cover|lay\s+out|set\s+out|rewrite|"
    r"condense|put|make|compile|draft|prepare|jot\s+down|note\s+down|tell\s+me|walk\s+me\s+through|"
    r"go\s+through|highlight|capture|distil+|boil\s+down|translate|pull\s+out)"
)
_OPENING = compile_lazily(
    r"^\s*(?:(?:please|pls|now|so|ok(?:ay)?|and|also|hey|hi|then)\b[\s,]*)*"
    r"(?:(?:can|could|would|will)\s+(?:you|u)\s+(?:please\s+)?)?"
    rf"(?P<verb>{_VERB})\b"
)
# A sentence that names the piece and gives its shape, no verb: "Journal
# summary for today as three bullets", "Gratitude entry for tonight: three
# numbered items". Refused where a verb of its own states a fact ("my slide
# has 4 bullets", "the one I wrote was 5 bullets").
_STATED = compile_lazily(
    r"\b(?:is|are|was|were|has|have|had|be|been|will|would|should|did|does|do|used?|uses|"
    r"contains?|contained|includes?|included|wrote|written|made|gave|got|i|we|you|he|she|they|"
    r"it|my|our|his|her|their|its)\b"
)
_UNIT = (
    r"(?P<bullets>(?:bullet(?:ed)?[\s-]+points?|bullets|dot[\s-]+points))|"
    r"(?P<numbered>numbered\s+(?:list\s+)?(?:items|points|steps|answers|lines|entries|reasons|tips|"
    r"questions|ideas|rules|bullets))"
)
_COUNT = compile_lazily(
    r"(?:(?<=\s)(?:in|into|as|with|using|to)|[,:—–]|\s-)\s+"
    r"(?P<count>(?:(?:exactly|only|just|precisely)\s+)?"
    rf"(?P<num>{NUMBER})(?:\s*(?:to|-|–)\s*(?P<high>{NUMBER}))?\s+"
    r"(?:(?:short|brief|concise|clear|simple|key|quick|tight|crisp|plain|markdown)\s+)?"
    rf"(?:{_UNIT}))\b"
    r"(?:\s*,?\s*(?P<post>max(?:imum)?|at\s+(?:the\s+)?most|or\s+(?:fewer|less)|tops|"
    r"at\s+(?:the\s+)?least|or\s+more|min(?:imum)?|exactly|total|in\s+total)\b)?"
)
# What may follow the count: the end of its clause, whom it is for, what each
# line holds, the order.
_ENDS = compile_lazily(
    r"\s*(?:$|[.;!?)]|,|\s[—–-]\s|—|–|"
    r"for\s+(?:the|our|my|a|an|your|their|his|her)\s+(?:[\w'-]+\s+){0,2}?[\w'-]+\s*(?:$|[.;!?,—–])|"
    r"(?:each|every|beginning|starting|ending|opening|ordered|sorted|ranked|in\s+(?:the\s+same|that|"
    r"this|chronological|alphabetical|reverse)\s+order)\b)"
)
# A count of each part, or a part beside the list, before the count.
_EACH = compile_lazily(r"\b(?:each|every|per|apiece)\b")
_EACH_AFTER = compile_lazily(r"\s+(?:per|each|apiece|for\s+each|in\s+each|under\s+each)\b")
_LATER = compile_lazily(
    r"\b(?:then|followed\s+by|after|afterwards?|plus|also|as\s+well\s+as|along\s+with|before)\b"
)
_GIVEN = compile_lazily(
    r"\b(?:the|these|those|my|our|your|his|her|their|its|this|that)\s+"
    r"(?:(?:exactly|only|just|precisely)\s+)?$"
)
_RELATIVE = compile_lazily(r"\b(?:that|which|who|whose|where|when)\b")
# Someone else told to make the list: "write an email telling my team to list
# the risks as bullet points"
_REPORTED = compile_lazily(
    r"\b(?:tell|tells|telling|told|ask|asks|asking|asked|remind\w*|instruct\w*|encourag\w*|how)\s+"
    r"(?:[\w'-]+\s+){0,3}?to\b"
)
# A clause-opening negation reaches the count: "not in 5 bullet points",
# "instead of 4 bullets", "rather than 3 bullets".
_REFUSED = compile_lazily(r"\b(?:instead\s+of|rather\s+than|other\s+than|except)\b")
_POLITE = compile_lazily(r"^\s*(?:please\s+)?(?:can|could|would|will)\s+(?:you|u)\b")
# Nested or several lists: which lines would the count be of?
_OTHER_LISTS = compile_lazily(
    r"\bsub-?(?:bullet|point|item|step|list)s?\b|\bnested\b|\bindented\b|\btwo\s+lists\b|"
    r"\bsecond\s+list\b|\banother\s+list\b|\bseparate\s+lists?\b"
)
_FORM_COUNT = compile_lazily(
    rf"\b(?:{NUMBER})\s+(?:[\w-]+\s+)?(?:bullet|numbered|dot[\s-]+point)|"
    rf"\b(?:numbered|bullet(?:ed)?)\s+list\s+of\s+(?:{NUMBER})\b"
)


# A sentence that is only the things and the list form they take: "Six
# safety rules for the minibus, as bullets.", "12 idioms with their German
# equivalents, as a numbered list.", "Exactly 5 key points as a numbered list,
# each point …", and the form first: "Numbered list, 7 steps, each step …".
_FORM_TAIL = (
    r"(?:as|in)\s+(?:(?:a|an)\s+)?(?:(?:short|simple|markdown)\s+)?"
    r"(?:(?P<tnum>numbered)\s+list|bullet(?:ed)?[\s-]+list|bullets|bullet[\s-]+points|dot[\s-]+points)"
)
_THINGS_FORMED = compile_lazily(
    r"^\s*(?:please\s+)?(?P<count>(?:(?:exactly|just|only)\s+)?(?P<num>"
    rf"{NUMBER}))\s+(?P<things>(?:[a-z][\w'/-]*\s+){{0,2}}?[a-z][\w'-]*s)\b"
    rf"(?P<rest>[^.!?;:]{{0,80}}?)[,\s]+{_FORM_TAIL}\s*(?:,\s*please\s*)?"
    r"(?:[.!]?\s*$|,\s*(?:each|every)\b)"
)
_FORM_THEN_THINGS = compile_lazily(
    r"^\s*(?:(?:a|an)\s+)?(?:(?P<tnum>numbered)|bullet(?:ed)?(?:[\s-]+point)?)\s+list\s*[,:]\s*"
    rf"(?P<count>(?:(?:exactly|just|only)\s+)?(?P<num>{NUMBER}))\s+(?P<things>[a-z][\w'-]*s)\b"
    r"(?P<rest>)\s*(?:[.!]?\s*$|,\s*(?:each|every)\b)"
)
# Words that make the sentence tell rather than ask, or count something else.
_NOT_ASKED = compile_lazily(
    r"\b(?:is|are|was|were|has|have|had|be|been|will|would|should|did|does|do|used?|uses|"
    r"contains?|contained|includes?|included|wrote|written|made|gave|got|i|we|you|he|she|they|"
    r"it)\b|\b(?:each|every|per|and|or|plus|then)\b|\b(?:{NUMBER})\b"
)
_UNITS = compile_lazily(
    r"(?:words|sentences|lines|characters|letters|paragraphs|syllables|minutes|hours|days|"
    r"weeks|months|years|times|bullets|points\s+each)$"
)


@dataclass(frozen=True)
class ShapeCount:
    """A count of the answer's list lines: which form, and its bounds."""

    numbered: bool
    bounds: tuple[tuple[Relation, int], ...]
    start: int
    end: int


def _bounds(match: re.Match[str]) -> tuple[tuple[Relation, int], ...]:
    value = number_value(match.group("num"))
    if value is None or value < 1:
        return ()
    if match.group("high"):
        top = number_value(match.group("high"))
        if top is None or top <= value or match.group("post"):
            return ()
        return (("at_least", value), ("at_most", top))
    post = match.group("post") or ""
    if not post or post in ("exactly", "total", "in total"):
        return (("exactly", value),)
    more = "more" in post or "least" in post or post.startswith("min")
    return (("at_least" if more else "at_most", value),)


def shapes_answer(sentence: Sentence, start: int) -> bool:
    """Whether the count at ``start`` shapes the answer the sentence asks for."""
    text = sentence.lower
    before = text[:start]
    if sentence_blocked(sentence, start):
        return False
    if text.rstrip().endswith("?") and not _POLITE.match(text):
        return False  # "Should it be 5 bullet points?" asks about the shape
    if opening := _OPENING.match(text):
        head = before[opening.end() :]
        if _RELATIVE.search(head) or _REPORTED.search(head):
            return False  # "explain the slide that has 4 bullets"; "… telling my team to list"
    else:
        # no request verb: only a sentence that names the piece and gives its shape
        if _STATED.search(before) or sentence.whole[: sentence.start].strip():
            return False
        head = before
    clause = re.split(r"[;:,(—–]|\s-\s|\bbut\b", before)[-1]
    if NEGATION.search(clause) or _REFUSED.search(clause):
        return False  # "not in 5 bullet points", "instead of 4 bullets"
    # "for each idea …", "a title, then 3 bullets": a part's count
    return not (_EACH.search(head) or _LATER.search(head))


def _things_formed(sentence: Sentence) -> Iterator[ShapeCount]:
    """ "Six safety rules for the minibus, as bullets.": the things, each a list line."""
    text = sentence.lower
    found = _THINGS_FORMED.match(text) or _FORM_THEN_THINGS.match(text)
    if found is None or _UNITS.search(found.group("things")):
        return  # "5 words as bullets": a unit another family counts
    if _NOT_ASKED.search(found.group("things")) or _NOT_ASKED.search(found.group("rest")):
        return  # "5 tips and 3 warnings, as bullets", "3 rules I wrote, as bullets"
    value = number_value(found.group("num"))
    if value is None or value < 2 or sentence_blocked(sentence, found.start("num")):
        return
    numbered = found.group("tnum") is not None
    yield ShapeCount(numbered, (("exactly", value),), found.start("count"), found.end("things"))


def list_shapes(sentence: Sentence) -> Iterator[ShapeCount]:
    """ "Explain … for our leaflet in exactly five bullet points": that many list lines."""
    text = sentence.lower
    if "bullet" not in text and "numbered" not in text and "dot" not in text:
        return
    whole = lowered(sentence.whole)
    if searched(_OTHER_LISTS, whole) or count_in(_FORM_COUNT, whole) > 1:
        return  # nested or several lists, or two counts of list lines
    yield from _things_formed(sentence)
    for match in _COUNT.finditer(text):
        if _GIVEN.search(text, 0, match.start("num")):
            continue  # "turn these 5 bullet points into prose": the lines given
        if _EACH_AFTER.match(text, match.end()) or not _ENDS.match(text, match.end()):
            continue  # "3 bullets per section"; "4 bullet points that my boss wrote"
        bounds = _bounds(match)
        if not bounds or not shapes_answer(sentence, match.start("num")):
            continue
        numbered = match.group("numbered") is not None
        yield ShapeCount(numbered, bounds, match.start("count"), match.end())
