"""A list's count stated after the list form, with no unit of its own:
"list the characters as bullet points — no more than 6", "numbered steps
only, 6 to 8 of them", "use a bulleted list (max 5)", "bullet points: at
least 3", "a numbered list, exactly 10 items".

The count counts the form's lines (``bullet_count`` or ``numbered_count``,
built by :mod:`._lists`) only where nothing else could be counted: the
count follows the form after a comma, a dash, a colon or an opening
bracket, carries its relation ("no more than 6", "6 to 8", "5 max",
"exactly 4") or is a bare number in brackets ("(5)"), is followed by
nothing but "of them", "items", "in total" or the end of its clause, and
the form is the answer's (the shared guards of
:func:`~redraft.criteria._sentences.response_context`). Not read: a count of
another unit after it ("bullet points, no more than 6 words each"), of each
part ("max 3 per section"), nested or second lists ("sub-bullets", "two
lists"), and anything hedged, conditional, quoted or in material.

The form may also follow the things counted, a bare participle set off by a
comma (:func:`forms_after_count`): "10 words, numbered", "I want 10
questions, numbered, each …", "Exactly 6 stretches, bulleted.", "a warm-up:
8 moves, numbered, each with …". The form names the lines the things take,
so the count is the form's whatever the things are (words and questions
too), but not of parts numbered by a label or a heading (paragraphs,
sections, stanzas, days …), of each part ("3 tips per topic, numbered"),
beside another count of things or of the form's lines, nor with nested or
second lists, nor beside another part (a title, "then …", a second numbered
or bulleted part: an answer key "numbered the same way").
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass

from redraft.core._lazy_pattern import compile_lazily
from redraft.criteria._families._item_guards import PLURAL
from redraft.criteria._families._item_scope import MORE_PARTS
from redraft.criteria._families._list_shape import shapes_answer
from redraft.criteria._grammar import NUMBER, RELATION, number_value, relation_of
from redraft.criteria._sentences import Sentence, lowered, matches_in, response_context, searched
from redraft.criteria._spec_base import Relation

__all__ = ["FormCount", "counts_after_form", "forms_after_count"]

_FORM = (
    r"(?P<form>(?P<numbered>numbered\s+(?:list|steps|items|points))|"
    r"bullet(?:ed)?[\s-]+(?:points?|list|items)|bullets)"
)
_SEP = r"\s*(?:,|—|–|\s-|:|\()\s*"
_COUNT = (
    rf"(?:(?P<rel>{RELATION})\s+(?P<num>{NUMBER})|"
    rf"(?P<num2>{NUMBER})\s+(?P<post>max(?:imum)?|at\s+(?:the\s+)?most|at\s+(?:the\s+)?least|"
    r"min(?:imum)?|or\s+(?:fewer|less|more)|exactly|tops)|"
    rf"(?:between\s+)?(?P<low>{NUMBER})\s*(?:to|-|–|and)\s*(?P<high>{NUMBER})|"
    rf"(?<=\()(?P<bare>{NUMBER})(?=\s*\)))"
)
_TAIL = r"(?:\s+(?:of\s+them|items|entries|in\s+total|total))?\s*(?:\)|[.;!]|,|$)"
# "list the main characters as bullet points": the verb that asks for the list
_VERB = (
    r"(?:(?P<verb>\b(?:list|give|write|present|format|put|show|provide|return|output|share)\s+"
    r"(?:me\s+|us\s+)?(?:(?:them|it|these|those|the\s+[\w-]+(?:\s+[\w-]+){0,2}?)\s+)?"
    r"(?:as|in|into)\s+(?:an?\s+)?))?"
)
_PATTERN = compile_lazily(rf"{_VERB}\b{_FORM}(?:\s+only)?{_SEP}{_COUNT}{_TAIL}")
# Nested or several lists: which lines would the count be of?
_OTHER_LISTS = compile_lazily(
    r"\bsub-?(?:bullet|point|item|step|list)s?\b|\bnested\b|\bindented\b|\btwo\s+lists\b|"
    r"\bsecond\s+list\b|\banother\s+list\b"
)
# What is each part's: "max 3 per section", "for each day"
_EACH = compile_lazily(r"\b(?:each|every|per|apiece)\b")


@dataclass(frozen=True)
class FormCount:
    """A count read after a list form: which form, and its bounds."""

    numbered: bool
    bounds: tuple[tuple[Relation, int], ...]
    start: int
    end: int


def _bounds(match: re.Match[str]) -> tuple[tuple[Relation, int], ...]:
    groups = match.groupdict()
    if groups["low"]:
        low, high = number_value(groups["low"]), number_value(groups["high"])
        if low is None or high is None or low >= high:
            return ()
        return (("at_least", low), ("at_most", high))
    if groups["bare"]:
        value = number_value(groups["bare"])
        return () if value is None else (("exactly", value),)
    if groups["rel"]:
        value = number_value(groups["num"])
        if value is None:
            return ()
        relation, adjust = relation_of(groups["rel"])
        return ((relation, value + adjust),)
    value = number_value(groups["num2"])
    if value is None:
        return ()
    post = groups["post"]
    if post == "exactly":
        return (("exactly", value),)
    more = "more" in post or "least" in post or "min" in post
    return (("at_least" if more else "at_most", value),)


def counts_after_form(sentence: Sentence) -> Iterator[FormCount]:
    """ "As bullet points — no more than 6", "numbered steps only, 6 to 8 of them"."""
    text = sentence.lower
    if "bullet" not in text and "numbered" not in text:
        return
    if searched(_OTHER_LISTS, lowered(sentence.whole)):
        return
    for match in _PATTERN.finditer(text):
        if _EACH.search(text, 0, match.start("form")):
            continue  # "each section as bullet points, at most 4": each section's
        bounds = _bounds(match)
        if not bounds:
            continue
        # "Driver briefing for tomorrow's run — bullets, six at most": a piece
        # named, then its shape (:mod:`._list_shape`)
        if not response_context(sentence, match.start()) and not shapes_answer(
            sentence, match.start()
        ):
            continue
        yield FormCount(bool(match.group("numbered")), bounds, match.start(), match.end())


# "10 words, numbered", "Exactly 6 stretches, bulleted.": the things counted,
# then the form their lines take as a bare participle closing the phrase
_THEN_FORM = compile_lazily(
    rf"(?<![\w-])(?:(?:exactly|just|only)\s+)?(?:(?P<rel>{RELATION})\s+)?(?P<num>{NUMBER})\s+"
    r"(?P<things>(?:(?!(?:of|for|to|in|on|per|each|and|or)\b)[a-z][\w'/-]*\s+){0,2}?"
    rf"{PLURAL})\s*,\s*(?:(?P<numbered>numbered)|bulleted|bullet[\s-]pointed)"
    r"(?=\s*(?:[,.;!]|$))"
)
# Parts numbered by a label or a heading, or a measure: not list lines
_NOT_LINES = compile_lazily(
    r"\b(?:paragraphs|sections|stanzas|verses|chapters|parts|scenes|acts|slides|pages|"
    r"headings|headers|days|weeks|months|years|hours|minutes|seconds|rounds|levels|tables|"
    r"columns|rows|emails|essays|stories|poems|letters|characters|syllables)$"
)
# Another count of things (not a measure of each), or of the form's lines
_MEASURES = compile_lazily(
    r"(?:words?|letters?|characters?|syllables?|sentences?|lines?|seconds?|minutes?|hours?|"
    r"days?|weeks?|months?|years?|percent|points?)$"
)
_COUNTED_THINGS = compile_lazily(
    rf"(?<![\w-])(?:{NUMBER})\s+(?:[a-z][\w'/-]*\s+){{0,2}}?(?P<noun>{PLURAL})\b"
)
_FORM_COUNTED = compile_lazily(
    rf"\b(?:{NUMBER})\s+(?:[\w-]+\s+)?(?:bullet|numbered|dot[\s-]+point)|"
    r"\bnumber(?:ed)?\s+(?:them\s+)?(?:from\s+)?\(?\d"
)


def forms_after_count(sentence: Sentence) -> Iterator[FormCount]:
    """ "10 words, numbered", "Exactly 6 stretches, bulleted.": the things'
    count is the form's lines'."""
    text = sentence.lower
    if "numbered" not in text and "bullet" not in text:
        return
    whole = lowered(sentence.whole)
    found = list(_THEN_FORM.finditer(text))
    if len(found) != 1 or searched(_OTHER_LISTS, whole) or searched(_FORM_COUNTED, whole):
        return
    match = found[0]
    form = "numbered" if match.group("numbered") else "bullet"
    if searched(MORE_PARTS, whole) or len(re.findall(rf"\b{form}", whole)) > 1:
        return  # "… Then an answer key, numbered the same way": more lines of the form
    if _NOT_LINES.search(match.group("things")):
        return  # "5 paragraphs, numbered": parts labelled, not list lines
    counted = [
        m for m in matches_in(_COUNTED_THINGS, whole) if not _MEASURES.search(m.group("noun"))
    ]
    if len(counted) > (0 if _MEASURES.search(match.group("things")) else 1):
        return  # "5 tips, numbered, and 3 warnings": another set of things
    if _EACH.search(re.split(r"[.;:!?]", text[: match.start()])[-1]):
        return  # "for each topic, 3 tips, numbered": each part's
    if re.match(r"\s*,?\s*(?:per|apiece|for\s+(?:each|every))\b", text[match.end() :]):
        return  # "3 tips, numbered, per topic": each part's
    if not response_context(sentence, match.start()) and not shapes_answer(sentence, match.start()):
        return
    rel = match.group("rel")
    value = number_value(match.group("num"))
    if value is None:
        return
    relation, adjust = relation_of(rel) if rel else ("exactly", 0)
    if value + adjust < 1 or (relation == "exactly" and value < 2):
        return  # "one idea, numbered": no list
    yield FormCount(
        bool(match.group("numbered")), ((relation, value + adjust),), match.start(), match.end()
    )
