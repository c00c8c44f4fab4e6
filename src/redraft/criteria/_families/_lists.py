"""List items: the answer's markdown bullet lines and numbered list lines.

Measured exactly: a bullet is a line starting (after indentation) with
``*``, ``-``, ``+`` or ``•`` and a space; a numbered item a line starting
with a number of up to three digits and ``.`` or ``)``. Read from "use
exactly 4 bullet points", "between 3 and 5 bullets", "at most 6 numbered
items", "in 3 bullet points" (a bare number is exact for list items) and
"the number of bullet points should be 3 to 5"; not from a count of one
part ("3 bullets per section", "bullets of at most 10 words each").
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any, ClassVar, Literal

from redraft.core._lazy_pattern import compile_lazily
from redraft.criteria import _measure as measure
from redraft.criteria._families._added_part import part_added
from redraft.criteria._families._base import FamilyCount, FamilySpec
from redraft.criteria._families._count_after_form import counts_after_form, forms_after_count
from redraft.criteria._families._count_report import TallyFamily
from redraft.criteria._families._counted import Unit, UnitCounts, typed_hit
from redraft.criteria._families._list_form import offered
from redraft.criteria._families._list_part import list_parts_after
from redraft.criteria._families._list_shape import list_shapes
from redraft.criteria._families._number_of import NumberOf, Tally
from redraft.criteria._families._numbered_range import numbered_ranges
from redraft.criteria._grammar import NUMBER, number_value
from redraft.criteria._sentences import (
    Hit,
    Rule,
    Sentence,
    count_in,
    found_in,
    lowered,
    matches_in,
    response_context,
    searched,
)
from redraft.criteria._spec_base import Relation

__all__ = ["BULLETS", "NUMBERED", "BulletCount", "NumberedCount"]


class BulletCount(FamilyCount):
    """Markdown bullet lines (``* ``, ``- ``, ``+ ``, ``• ``)."""

    kind: Literal["bullet_count"] = "bullet_count"
    unit: ClassVar[tuple[str, str]] = ("bullet point", "bullet points")


class NumberedCount(FamilyCount):
    """Numbered list lines (``1. ``, ``2) ``)."""

    kind: Literal["numbered_count"] = "numbered_count"
    unit: ClassVar[tuple[str, str]] = ("numbered item", "numbered items")


# "For each idea, write three bullet points": a count of each part's list.
_EACH_BEFORE = compile_lazily(
    r"\b(?:for|in|under|within)\s+(?:each|every)\b|\bper\s+(?!cent\b)[a-z]"
)
# "an executive summary with no more than 3 bullet points, then a detailed
# analysis": the count of one part's list, beside parts that may hold more.
_PART_WITH = compile_lazily(
    r"\b(?:summary|tl;?\s?dr|overview|intro(?:duction)?|conclusion|section|part|takeaways?|"
    r"recap|abstract|preface)\s+(?:with|of|in|using|containing|as)\s+(?:[\w-]+\s+){0,3}?"
    rf"(?:{NUMBER})\s+(?:[\w-]+\s+)?(?:bullet|numbered|point|item)"
)
_LATER = compile_lazily(
    r"\b(?:then|followed\s+by|after\s+(?:that|it|this|them)|afterwards?|below\s+(?:it|that)|"
    r"plus|and\s+(?:a|an)\s+(?:[\w-]+\s+)?(?:analysis|paragraph|section|discussion|explanation|"
    r"conclusion|body|report))\b"
)


# "a numbered list of 5 books, and for each book give 2 numbered reasons": two
# counts of list lines of one form, nested or side by side
_FORM_COUNTED = compile_lazily(
    # not "any two bullets", "no two bullets": a pair compared, not a count
    # nor "one example bullet": the markup shown
    rf"(?<!\bany\s)(?<!\bno\s)\b(?:{NUMBER})\s+(?:(?!example\b|sample\b)[\w-]+\s+)?"
    r"(?:numbered|bullet)|"
    rf"\b(?:numbered|bullet(?:ed)?)\s+list\s+of\s+"
    rf"(?:{NUMBER})\b"
)


def _of_each_part(sentence: Sentence, unit: str) -> bool:
    """Whether the list count in ``sentence`` is each part's ("for each idea,
    write 3 bullet points"), one part's beside others ("a summary with 3
    bullets, then an analysis"), or one of two ("… and for each book give 2
    numbered reasons")."""
    text = sentence.lower
    if count_in(_FORM_COUNTED, lowered(sentence.whole)) > 1:
        return True
    named = re.search(unit, text)
    if named is not None and _EACH_BEFORE.search(text, 0, named.start()):
        return True
    return (
        _PART_WITH.search(text) is not None
        and searched(_LATER, lowered(sentence.whole)) is not None
    )


def _bullets(relation: Relation, value: int, sentence: Sentence) -> FamilySpec | None:
    if _of_each_part(sentence, r"\bbullet"):
        return None
    return BulletCount(relation=relation, value=value)


def _numbered(relation: Relation, value: int, sentence: Sentence) -> FamilySpec | None:
    if _of_each_part(sentence, r"\bnumbered|\bnumbering"):
        return None
    return NumberedCount(relation=relation, value=value)


bullet_counts = UnitCounts(
    (
        Unit(
            r"(?:markdown\s+)?(?:bullet(?:[\s-]+points?)?s?|bulleted\s+(?:items?|points?))"
            r"(?!\s+lists?\b)",
            _bullets,
            bare_exact=True,
            none=True,
        ),
        Unit(r"bullet(?:ed)?(?:[\s-]+point)?\s+lists?", _bullets, none=True, none_only=True),
    )
)
# "no bullets or numbers", "no numbering or bullets": none of either
_NEITHER = compile_lazily(
    r"\b(?:no|without|(?:do\s+not|don'?t|never)\s+use)\s+(?:bullets?|bullet\s+points?|numbers|"
    r"numbering)\s+or\s+(?P<other>numbers|numbering|bullets?|bullet\s+points?)\b"
)


# "don't number them", "please do not number the steps", "never number your
# points": no numbered items (the verb, where "no numbering" is the noun)
_UNNUMBERED = compile_lazily(
    r"\b(?:do\s+not|don'?t|never|no\s+need\s+to)\s+number\s+(?:them|these|those|it|"
    r"(?:the|your|any\s+of\s+the)\s+(?:items|steps|points|ideas|tips|lines|questions|answers|list))\b"
)


def unnumbered(sentence: Sentence) -> Iterator[Hit]:
    """ "Don't number them": no numbered list items."""
    for match in _UNNUMBERED.finditer(sentence.lower):
        if match.group(0).startswith("no need"):
            continue  # no need to number them: not a ban
        if response_context(sentence, match.start(), owns_negation=True):
            yield from typed_hit(_numbered_count, "at_most", 0, match.span())
            return


def neither(sentence: Sentence) -> Iterator[Hit]:
    """The second half of "no bullets or numbers": none of the other list form."""
    for match in _NEITHER.finditer(sentence.lower):
        if response_context(sentence, match.start(), owns_negation=True):
            build = _bullet_count if match.group("other").startswith("bullet") else _numbered_count
            yield from typed_hit(build, "at_most", 0, match.span("other"))


bullet_tallies = NumberOf(
    (
        Tally(
            r"(?:markdown\s+)?bullet(?:[\s-]+points?)?s?",
            lambda r, v: BulletCount(relation=r, value=v),
        ),
    )
)
numbered_counts = UnitCounts(
    (
        Unit(
            r"numbered\s+(?:list\s+)?(?:items?|points?|steps?)|numbered\s+(?!(?:lists?|sections?|"
            r"headings?|headers?|paragraphs?|columns?|rows?|tables?|lines?|pages?|chapters?|"
            # parts numbered by a label or a heading ("Part 1", "## 2."), not list lines
            r"parts?|stanzas?|verses?|scenes?|acts?|slides?|days?|weeks?|months?|rounds?|"
            r"episodes?|modules?|lessons?|units?|phases?|stages?|versions?|drafts?|blocks?)\b)"
            r"[a-z]+s\b|numbering",
            _numbered,
            bare_exact=True,
            none=True,
        ),
        Unit(r"numbered\s+lists?", _numbered, none=True, none_only=True),
    )
)


_LIST_KIND = r"(?P<kind>bulleted|bullet(?:[\s-]+point)?|numbered)"
_LIST_OF = [
    # "a bulleted list of 4 things to pack", "in a numbered list with 6 steps"
    compile_lazily(
        rf"\b(?:an?|one)\s+(?:short\s+|simple\s+|markdown\s+)?{_LIST_KIND}\s+list\s+"
        rf"(?:of|with)\s+(?:exactly\s+)?(?P<num>{NUMBER})(?:\s*(?:to|-|–)\s*(?P<high>{NUMBER}))?\b"
    ),
    # "a bulleted list of what to bring, 3-5 items"
    compile_lazily(
        rf"\b(?:an?|one)\s+(?:short\s+|simple\s+|markdown\s+)?{_LIST_KIND}\s+list\s+of\s+"
        rf"[^.;,\d]{{1,40}},\s*(?:exactly\s+)?(?P<num>{NUMBER})(?:\s*(?:to|-|–)\s*"
        rf"(?P<high>{NUMBER}))?\s+(?:items|points|entries|things)\b"
    ),
    # "a 3-item numbered list", "a five-point bulleted list"
    compile_lazily(
        rf"\b(?:an?|one)\s+(?P<num>{NUMBER})[-\s](?:item|point|step|entry|line)\s+{_LIST_KIND}"
        r"\s+list\b"
    ),
    # "rank them, numbered 1-5", "numbered from 1 to 10"
    compile_lazily(
        rf"\b(?P<kind>numbered)\s+(?:from\s+)?(?:1|one)\s*(?:-|–|to|through)\s*(?P<num>{NUMBER})\b"
    ),
    # "list 7 wonders of the world, one bullet each"
    compile_lazily(
        r"\b(?:give|list|write|provide|share|suggest|name|offer|recommend|outline|present)\s+"
        rf"(?:me\s+|us\s+)?(?:exactly\s+)?(?P<num>{NUMBER})\s+(?!(?:to|or|and)\b)"
        r"(?:[\w'-]+\s+){0,6}?[\w'-]+,\s+one\s+(?P<kind>bullet(?:[\s-]+point)?|numbered\s+item)\s+"
        r"(?:each|apiece|per\s+\w+)\b"
    ),
    # "give me 4 tips for public speaking as a numbered list", "list 5 ideas, numbered"
    compile_lazily(
        r"\b(?:give|list|write|provide|share|suggest|name|offer|recommend|outline|present)\s+"
        rf"(?:me\s+|us\s+)?(?:exactly\s+)?(?P<num>{NUMBER})(?:\s*(?:to|-|–)\s*(?P<high>{NUMBER}))?"
        rf"\s+(?!(?:to|or|and)\b)(?:[\w'-]+\s+){{0,5}}?[\w'-]+,?\s+"
        rf"(?:(?:as|in)\s+(?:an?\s+)?{_LIST_KIND}\s+(?:list|points|format)\b|"
        r"(?P<kind2>numbered|bulleted)\s*(?:[.!]\s*$|$))"
    ),
]
_LISTS = compile_lazily(r"\blists?\b")


# Where a list count is not the answer's count of list lines: nested items,
# a second list, or the list as one part of several.
_OTHER_ITEMS = compile_lazily(
    r"\bsub-?(?:bullet|point|item|step|list|task)s?\b|\bnested\b|\bindented\b|"
    r"\b(?:then|followed\s+by|afterwards?|also|second\s+list|two\s+lists|each\s+with)\b|"
    # (not "another" closing a comparison of the items: "no post may repeat the
    # opening word of another.")
    r"\banother\b(?!\s*(?:[.,;!?)]|$))"
)


def list_of(sentence: Sentence) -> Iterator[Hit]:
    """ "A bulleted list of 4 things", "a 3-item numbered list", "give me 4
    tips as a numbered list": that many items, each a list line."""
    text = sentence.lower
    whole = lowered(sentence.whole)
    if found_in(_OTHER_ITEMS, whole) or count_in(_LISTS, whole) > 1:
        return
    if count_in(_FORM_COUNTED, whole) > 1:
        return  # "a numbered list of 5 books, … 2 numbered reasons": which count?
    for pattern in _LIST_OF:
        for match in pattern.finditer(text):
            value = number_value(match.group("num"))
            kind = match.group("kind") or match.groupdict().get("kind2") or ""
            if value is None or re.search(r"\b(?:each|every|per)\b", text[: match.start()]):
                continue
            if re.match(r"[^.;,]{0,30}\b(?:each|every|per)\b", text[match.end() :]):
                continue  # "a bulleted list of 4 items for each season"
            if part_added(text[: match.start()]):
                continue  # "Put the answer key at the bottom …, numbered 1-6": the key's
            if not response_context(sentence, match.start()):
                continue
            build = _numbered_count if kind.startswith("numbered") else _bullet_count
            high = match.groupdict().get("high")
            if high is None:
                yield from typed_hit(build, "exactly", value, match.span())
                continue
            top = number_value(high)
            if top is not None and top > value:
                yield from typed_hit(build, "at_least", value, match.span())
                yield from typed_hit(build, "at_most", top, match.span())


# A sentence that asks only for the list form: "Numbered list, please.",
# "Format them as a bulleted list.", "Number them."
_FORMAT_ONLY = compile_lazily(
    r"^\s*(?:please\s+)?(?:(?:use|make\s+it|(?:format|present|give|show|write|list|return|"
    r"output|share)\s+(?:it|them|this|these)\s+(?:as|in)|put\s+(?:it|them|these)\s+in|as|in)"
    r"\s+)?(?:an?\s+)?"
    r"(?P<kind>numbered|bulleted|bullet(?:[\s-]+point)?)\s+(?:list|points|format)\b|"
    r"^\s*(?:please\s+)?(?P<verb>number|bullet)\s+(?:them|each\s+one|the\s+items)\b"
    # "Number them Q1 to Q5", "number them as Step 1, Step 2": labels of their
    # own, not the "1." lines a numbered list is
    r"(?!\s*(?:as\s+|with\s+|using\s+|like\s+|from\s+)?(?:[a-z]+\s*#?\d|#\d|\(|[ivx]+\b|"
    r"(?:roman|letters?|labels?)\b))"
)
# The items another sentence asks for: "give me 5 ideas", "list 7 rivers".
_ASKED = compile_lazily(
    r"\b(?:give|list|name|suggest|share|offer|recommend|write|provide|brainstorm)\s+"
    rf"(?:me\s+|us\s+)?(?:exactly\s+)?(?P<num>{NUMBER})\s+"
    r"(?!(?:to|or|and|more|words?|sentences?|paragraphs?|lines?|characters?|times?)\b)"
    r"(?:[a-z][\w'-]*\s+){0,2}?[a-z][\w'-]*s\b"
)


# Every count of things the prompt names, a measure of each aside ("under 10
# words"), and "one" ("put each one in quotes") no count of things
_THINGS = compile_lazily(
    rf"\b(?P<n>{NUMBER})\s+(?:[\w'-]+\s+){{0,2}}?(?!(?:words|characters|chars|letters|sentences|"
    r"lines|syllables|digits|times|minutes|seconds|hours|days|years)\b)[a-z][\w'-]*s\b"
)


def list_format(sentence: Sentence) -> Iterator[Hit]:
    """ "Give me 5 ideas. Numbered list, please.": the items one sentence asks
    for, in the list form another names, are that many list lines."""
    found = _FORMAT_ONLY.match(sentence.lower)
    whole = lowered(sentence.whole)
    if found is None or _ASKED.search(sentence.lower) or searched(_OTHER_ITEMS, whole):
        return
    if offered(sentence.lower):
        return  # "bullet points are okay, or not, your call": allowed, not asked
    asked = [m.group(1) for m in matches_in(_ASKED, whole)]
    if len(asked) != 1 or count_in(_LISTS, whole) > 1:
        return  # no count, or several: which list is it?
    if sum((number_value(m.group("n")) or 0) > 1 for m in matches_in(_THINGS, whole)) > 1:
        return  # "6 ideas and 2 warnings": which things are the list's?
    value = number_value(asked[0])
    if value is None or not response_context(sentence, found.start()):
        return
    numbered = (found.group("kind") or found.group("verb") or "").startswith("number")
    build = _numbered_count if numbered else _bullet_count
    yield from typed_hit(build, "exactly", value, found.span())


def _bullet_count(relation: Relation, value: int) -> BulletCount:
    return BulletCount(relation=relation, value=value)


def _numbered_count(relation: Relation, value: int) -> NumberedCount:
    return NumberedCount(relation=relation, value=value)


def count_after_form(sentence: Sentence) -> Iterator[Hit]:
    """ "As bullet points — no more than 6", "numbered steps only, 6 to 8 of
    them", "10 words, numbered": the count next to the form is its lines'
    (:mod:`._count_after_form`)."""
    for found in (*counts_after_form(sentence), *forms_after_count(sentence)):
        build = _numbered_count if found.numbered else _bullet_count
        for relation, value in found.bounds:
            yield from typed_hit(build, relation, value, (found.start, found.end))


def list_part(sentence: Sentence) -> Iterator[Hit]:
    """ "Headline, then 5 numbered steps": the later part's list lines
    (:mod:`._list_part`)."""
    for found in list_parts_after(sentence):
        build = _numbered_count if found.numbered else _bullet_count
        for relation, value in found.bounds:
            yield from typed_hit(build, relation, value, (found.start, found.end))


def list_shape(sentence: Sentence) -> Iterator[Hit]:
    """ "Explain … for our leaflet in exactly five bullet points": the count
    shapes the whole answer, whatever topic lies between (:mod:`._list_shape`)."""
    for found in list_shapes(sentence):
        build = _numbered_count if found.numbered else _bullet_count
        for relation, value in found.bounds:
            yield from typed_hit(build, relation, value, (found.start, found.end))


def numbered_range(sentence: Sentence) -> Iterator[Hit]:
    """ "8 entries numbered 1-8", "Number them 1-3.": that many numbered lines
    (:mod:`._numbered_range`)."""
    for found in numbered_ranges(sentence):
        yield from typed_hit(_numbered_count, "exactly", found.value, (found.start, found.end))


class _Bullets(TallyFamily):
    name = "bullets"
    specs = (BulletCount,)
    rules: ClassVar[tuple[Rule, ...]] = (
        bullet_counts,
        bullet_tallies,
        list_of,
        list_format,
        count_after_form,
        list_part,
        list_shape,
    )
    growing = True

    def count(self, spec: Any, text: str) -> int:
        return measure.bullets(text)

    def written_as(self, spec: Any) -> str:
        return ', each a line starting with "* "'


class _Numbered(TallyFamily):
    name = "numbered items"
    specs = (NumberedCount,)
    rules: ClassVar[tuple[Rule, ...]] = (numbered_counts, neither, unnumbered, numbered_range)
    growing = True

    def count(self, spec: Any, text: str) -> int:
        return measure.numbered_items(text)

    def written_as(self, spec: Any) -> str:
        return ', each a line starting with "1. ", "2. ", …'


BULLETS = _Bullets()
NUMBERED = _Numbered()
