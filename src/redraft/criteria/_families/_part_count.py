"""A count within one part: the words, characters, sentences, lines,
paragraphs, bullet points or numbered items of the nth part of the answer
("keep the first paragraph under 50 words", "the title must be at most 8
words", "the last line under 60 characters", "paragraph 2 should have
exactly 3 sentences", "no more than 40 words in the opening paragraph").

Parts are cut by :func:`._parts.parts_of` and counted as the counts within
each part count them (:mod:`._per_part`); ``index`` is 1 for the first part
and -1 for the last. A part the answer is not asked to have in any other
way (the "second paragraph" of a one-paragraph answer) is still required:
an answer without it fails, and the correction says so.

Read only where the whole phrase is: the part named by an ordinal ("the
first", "the opening", "the closing", "the 3rd"), a number ("line 2") or as
the title, then the count, with a modal, a "keep/limit" imperative or no
verb at all ("Title: max 8 words") between them. A list that names the
parts once and then counts them in turn ("Two paragraphs: the first exactly
2 sentences, the second exactly 3.", "Three sentences. The first must have
5 words, the second 10, the third 15.") is read part by part. Not read:
a part described rather than asked for ("the first paragraph has 80
words", "in my first paragraph"), a hedged, negated or questioned phrase,
parts of given material ("the first line of the poem below").
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any, ClassVar, Literal, cast

from pydantic import Field, model_validator

from redraft.core._lazy_pattern import compile_lazily
from redraft.criteria._families._base import Family, FamilyCount
from redraft.criteria._families._counted import typed_hit
from redraft.criteria._families._part_grammar import (
    AMOUNT,
    CAP,
    GIVEN_BEFORE,
    LINK,
    ONE,
    OPENS,
    ORDINAL,
    ORDINALS,
    QUESTION,
    REF,
    SHORT,
    TITLE_LAST,
    Plain,
    about_answer,
    bounds,
    index_named,
    part_named,
    title_opens,
)
from redraft.criteria._families._part_labels import unlabelled
from redraft.criteria._families._parts import parts_of
from redraft.criteria._families._per_part import COUNTERS, HOLDS, UNIT_NAMES, Units, units_of
from redraft.criteria._grammar import NUMBER, RELATION, number_value, relation_of
from redraft.criteria._outcome import Outcome
from redraft.criteria._sentences import Hit, Rule, Sentence, lowered, searched
from redraft.criteria._spec_base import RELATION_WORDS
from redraft.criteria._spec_parts import PART_NAMES, Part, ordinal

__all__ = ["PART_COUNT", "PartCount", "part_counts"]


class PartCount(FamilyCount):
    """The ``units`` of the ``index``-th ``part`` of the answer (1 the
    first, -1 the last), compared with ``value``: "the first paragraph has
    at most 49 words", "the title has at most 8 words"."""

    kind: Literal["part_count"] = "part_count"
    part: Part
    index: int = Field(default=1, ge=-1)
    units: Units = "words"

    @model_validator(mode="after")
    def _valid(self) -> PartCount:
        if self.index == 0:
            raise ValueError("index is 1 for the first part, -1 for the last; never 0")
        if self.part == "title" and self.index != 1:
            raise ValueError("the answer has one title: index 1")
        if self.units not in HOLDS[self.part]:
            raise ValueError(f"a {self.part} does not hold {self.units}")
        return self

    def where(self) -> str:
        if self.part == "title":
            return "the title"
        return f"the {ordinal(self.index)} {PART_NAMES[self.part][0]}"

    def describe(self) -> str:
        noun = UNIT_NAMES[self.units][0 if self.value == 1 else 1]
        return f"{self.where()} has {RELATION_WORDS[self.relation]} {self.value} {noun}"

    def slot(self) -> tuple[object, ...]:
        return (self.kind, self.part, self.index, self.units, self.relation)


_SHOWN = 40


def _head(text: str) -> str:
    text = " ".join(text.split())
    return repr(text[:_SHOWN] + ("…" if len(text) > _SHOWN else ""))


def _part_count(spec: PartCount, text: str) -> Outcome:
    found = parts_of(text, spec.part)
    singular, plural = PART_NAMES[spec.part]
    position = spec.index - 1 if spec.index > 0 else len(found) + spec.index
    if not 0 <= position < len(found):
        has = f"{len(found)} {singular if len(found) == 1 else plural}"
        missing = (
            "no title line" if spec.part == "title" else f"no {ordinal(spec.index)} {singular}"
        )
        return Outcome(
            False,
            f"the answer has {has}, so {missing}; required: {spec.describe()}",
            f"Your answer has {has}, so {missing}, which the prompt asks for. "
            f"Write it, so that {spec.describe()}.",
            score=0.0,
            data={"measured": None, "parts": len(found)},
        )
    chosen = found[position]
    n = COUNTERS[spec.units](chosen)
    names = UNIT_NAMES[spec.units]
    data: dict[str, Any] = {"measured": n, "relation": spec.relation, "value": spec.value}
    has = f"{spec.where()} ({_head(chosen)}) has {n} {names[0] if n == 1 else names[1]}"
    if spec.holds(n):
        return Outcome(True, f"{has}, as required ({spec.describe()})", data=data)
    gap = abs(n - spec.value)
    at_least = "" if spec.relation == "exactly" else "at least "
    gap_noun = names[0] if gap == 1 else names[1]
    fix = (
        f"Add {at_least}{gap} {gap_noun} to it."
        if n < spec.value
        else f"Cut {at_least}{gap} {gap_noun} from it."
    )
    wanted = {
        "at_most": f"the limit is {spec.value}",
        "at_least": f"it needs at least {spec.value}",
        "exactly": f"it needs exactly {spec.value}",
    }[spec.relation]
    high, low = max(n, spec.value), min(n, spec.value)
    return Outcome(
        False,
        f"{has}; required: {spec.describe()}",
        f"In your answer, {has}; {wanted}. {fix}",
        score=min(low / high if high else 0.0, 0.99),
        data=data,
    )


# -- phrasing ---------------------------------------------------------------------------

_PHRASES = [
    # "keep the first paragraph under 50 words", "limit the title to 8 words",
    # "keep the title short — no more than 6 words"
    compile_lazily(rf"\b{CAP}{REF}\s+{SHORT}(?:(?:to|at|within)\s+)?{AMOUNT}"),
    # "make the headline 8 words or fewer": an exact size unless bounded
    compile_lazily(rf"\bmake\s+{REF}\s+{AMOUNT}"),
    # "the first paragraph should be under 50 words", "Title: max 8 words",
    # "paragraph 2 must have exactly 3 sentences", "the last line under 60 characters"
    compile_lazily(rf"\b{REF}{LINK}{AMOUNT}"),
    # "no more than 40 words in the opening paragraph", "2 sentences for the title"
    compile_lazily(rf"\b{AMOUNT}\s+(?:in|for|within|of)\s+{REF}"),
    # "In the first paragraph, use no more than 40 words", "in line 2, keep it to 10 words"
    compile_lazily(
        rf"\bin\s+{REF}\s*,\s*(?:please\s+)?(?:(?:use|write|include|have)\s+|"
        rf"(?P<cap>keep\s+it|stick)\s+(?:(?:to|at|within)\s+)?)?{AMOUNT}"
    ),
    # "first line the answer, second line explanation under 25 words": a terse
    # list, the part opening its clause with no article (checked in part_counts)
    compile_lazily(
        rf"(?P<terse>)\b{REF}\s+(?:[a-z-]+\s+){{1,2}}?,?\s*(?:(?:of|with|in)\s+)?{AMOUNT}"
    ),
    # "Headline in Title Case and under 12 words", "Subject line imperative, 50
    # characters max": the title opening its clause, a few words of its form,
    # then the count closing the clause (checked in part_counts)
    compile_lazily(
        rf"(?P<described>)\b{REF}\s+(?!(?:each|every|it|them|the|your|all|this|that|these)\b)"
        rf"[a-z][\w -]{{0,28}}?(?:\s*,\s*|\s+and\s+)(?:(?:be|is|are)\s+)?{AMOUNT}"
        r"(?=\s*(?:[,.;)!]|$))"
    ),
    # "line 2: an explanation under 25 words", "the last line — a question of at most 12 words"
    compile_lazily(
        rf"\b{REF}\s*[:—–]\s*(?:an?\s+|the\s+|one\s+)?(?:[a-z-]+\s+){{1,3}}?,?\s*"
        rf"(?:(?:of|with|in)\s+)?{AMOUNT}"
    ),
]
# "an 8-word title", "a two-sentence opening paragraph", "a one-line closing line"
_COMPOUND = compile_lazily(
    rf"\b(?:an?|one)\s+(?P<n>{NUMBER})[-\s](?P<unit>word|sentence|line|character)\s+"
    rf"(?:(?P<ord>{ORDINAL})\s+(?P<part>{ONE})|(?P<title>title|headline|subject\s+line))\b"
)
_COMPOUND_WORDS = 25
"""The most words a compound states exactly ("a six-word title"); past it
("a 300-word first section") the number is a size no one counts to."""


# A part paired with another ("the first and last sentence") is two parts; a
# part where something is put ("include her name in the last sentence") is a
# place, and a count after a bare comma ("…, max 70 words") the answer's.
_PAIRED = compile_lazily(rf"\b(?:{ORDINAL})\s*(?:,|and|or|&|and\s+the|or\s+the)\s*$")
_PLACED_IN = compile_lazily(r"\b(?:in|into|at|on|within|inside)\s+(?:the\s+|your\s+)?(?:very\s+)?$")
_COMMA_LINK = compile_lazily(r"\s*,")

# An edit of a text given ("cut the second paragraph to 50 words", "trim the
# title down to 6 words"): the part is the given text's, and the number a
# target the edit aims at, not a count asked of the answer
_EDITED = compile_lazily(
    r"\b(?:cut|trim|shorten|reduce|condense|expand|lengthen|pare|bring|boil|tighten|edit|"
    r"rewrite|revise)\s+(?:down\s+)?$"
)


def _ref_end(match: re.Match[str]) -> int:
    """Where the part's name ends in a phrase that names it ("the second one"
    names it by its ordinal alone)."""
    found = match.groupdict()
    ends = [match.end(g) for g in ("part", "npart", "num", "title", "ord") if found.get(g)]
    return max(ends) if ends else match.start()


def _placed_elsewhere(text: str, match: re.Match[str]) -> bool:
    """Whether the part named is where something else goes, not what a count is of."""
    return bool(
        _PAIRED.search(text, 0, match.start())
        or (_PLACED_IN.search(text, 0, match.start()) and _COMMA_LINK.match(text, _ref_end(match)))
        # "In the first paragraph, use …" opens its clause; "mention it in the first …" places
        or (match.group(0).startswith("in ") and not OPENS.search(text, 0, match.start()))
    )


def _build(part: Part, index: int, units: str) -> Any:
    counted = cast(Units, units)
    return lambda r, v: PartCount(part=part, index=index, units=counted, relation=r, value=v)


def part_counts(sentence: Sentence) -> Iterator[Hit]:
    """ "Keep the first paragraph under 50 words", "the title must be at most 8 words"."""
    text = sentence.lower
    if QUESTION.match(text):
        return
    plain = Plain(text)
    taken: list[tuple[int, int]] = []
    for match in (m for p in _PHRASES for m in p.finditer(text)):
        if any(match.start() < b and a < match.end() for a, b in taken):
            continue
        if not plain(match.start()) or not about_answer(text, match):
            continue
        if _placed_elsewhere(text, match):
            continue  # "her name in the first and last sentence, max 70 words": the whole's
        if _EDITED.search(text, 0, match.start()):
            continue  # "cut the second paragraph to 50 words": a target for a given text
        noun = match.group("part") or match.group("npart") or match.group("title")
        part, index = part_named(noun), index_named(match)
        units = units_of(match.group("unit"))
        if part is None or index is None or units not in HOLDS[part]:
            continue
        if part == "title" and (index != 1 or _titles_of_parts(sentence, match.start())):
            continue  # "Each tip: a bold title of 2-4 words": every tip's title
        if part == "title" and TITLE_LAST.match(text, match.end()):
            continue  # "suggest a title under 6 words at the end": not the first line
        if _EACH_OWNER.search(text, 0, match.start()):
            continue  # "each chapter title", "every slide's first line": one per owner
        span = match.span()
        if match.groupdict().get("described") is not None:
            if not title_opens(text, match) or not searched(_OTHER_PARTS, lowered(sentence.whole)):
                continue  # "Write a headline. Headline …, under 10 words": the answer's count
            # the rest of the title's list is the title's too ("…, no trailing period")
            rest = _LIST_END.search(text, match.end())
            span = (match.start(), rest.start() if rest else len(text))
        if _loose(text, match, units) or not _terse_ok(text, match) or _placed(text, match):
            continue
        taken.append(match.span())
        for relation, value in bounds(match):
            yield from typed_hit(_build(part, index, units), relation, value, span)
        if match.group("ord"):
            # "the first paragraph should have 3 sentences, the second 4"
            yield from _following(text, match.end(), (part, _ANY, units), plain, taken)
    yield from _compounds(text, plain, taken)
    yield from _listed(sentence, plain, taken)


# Parts asked beside a title described then bounded: without them the title
# is the whole answer, whose own count says it
_OTHER_PARTS = compile_lazily(
    r"\b(?:body|paragraphs?|bullets?|sections?|then|followed\s+by|below\s+it|under\s+it|"
    r"after\s+it|lines?|sentences?|points?|list)\b(?!\s+case)"
)
_LIST_END = compile_lazily(r"[.;!?]|,?\s+(?:then|followed\s+by|and\s+then)\b")


# "Give me 4 tips … Each tip: a title …": the titles of the parts asked for
# ("Every notification: a title …", none counted, is each answer's)
_EACH_THING = compile_lazily(r"\b(?:each|every|per)\s+(?P<noun>[a-z]+)")


# The part of each of several owners, named just before it
_EACH_OWNER = compile_lazily(
    r"\b(?:each|every|per)\s+(?:[\w-]+(?:'s)?\s+){1,2}$|"
    r"\b(?:for|in|on)\s+(?:each|every)\s+[\w-]+\s*,\s*(?:(?:the|its|their)\s+)?$"
)


def _titles_of_parts(sentence: Sentence, start: int) -> bool:
    whole = lowered(sentence.whole)
    for each in _EACH_THING.finditer(sentence.lower, 0, start):
        noun = re.escape(each.group("noun"))
        if re.search(rf"\b(?:{NUMBER})\s+(?:[\w-]+\s+){{0,2}}?{noun}s\b", whole):
            return True
    return False


def _terse_ok(text: str, match: re.Match[str]) -> bool:
    """A terse list item names its part by ordinal or number, with no article,
    at the opening of a clause ("…, second line explanation under 25 words")."""
    found = match.groupdict()
    if found.get("terse") is None:
        return True
    opens = OPENS.search(text[: match.start()]) is not None
    return opens and not found.get("article") and not found.get("title")


# A part that is where something else goes ("include her name in the first
# and last sentence, max 70 words"): a count after a bare comma is the
# answer's, not the part's.
_PLACE_BEFORE = compile_lazily(
    rf"(?:\b(?:in|on|at|into|to|from|under|within|inside)\s+(?:the\s+|your\s+)?|"
    rf"\b(?:{ORDINAL})\s+(?:and|or|&)\s+)$"
)


def _placed(text: str, match: re.Match[str]) -> bool:
    """Whether the part is where something else goes ("put the date in the
    first line, …") and only a comma joins the count to it."""
    linked, before = match.group(0), text[: match.start()]
    if linked.startswith("in ") and "," in linked and not OPENS.search(before):
        return True  # "put the date in the first line, max 20 characters"
    return (
        bool(_PLACE_BEFORE.search(before))
        and "," in linked
        and not re.search(r"\b(?:should|must|be|is|are|has|have|keep|limit|needs?)\b", linked)
    )


_ANY = 1_000
"""No bound on the parts a list counts in turn where it does not say how many."""


def _loose(text: str, match: re.Match[str], units: str) -> bool:
    """ "explain it in 50 words": a rough size, as for the whole answer."""
    bare = match.group("bare")
    value = number_value(bare) if bare else None
    before = text[: match.start("bare")] if bare else ""
    return value is not None and units == "words" and value > 10 and before.endswith("in ")


def _compounds(text: str, plain: Plain, taken: list[tuple[int, int]]) -> Iterator[Hit]:
    for match in _COMPOUND.finditer(text):
        if any(match.start() < b and a < match.end() for a, b in taken):
            continue
        if not plain(match.start()) or GIVEN_BEFORE.search(text[: match.start()]):
            continue
        noun = match.group("part") or match.group("title")
        part, value = part_named(noun), number_value(match.group("n"))
        index = ORDINALS[match.group("ord")] if match.group("ord") else 1
        units = units_of(match.group("unit"))
        if part is None or value is None or units not in HOLDS[part]:
            continue
        if units == "words" and value > _COMPOUND_WORDS:
            continue
        taken.append(match.span())
        yield from typed_hit(_build(part, index, units), "exactly", value, match.span())


# -- parts named once, then counted in turn -------------------------------------------

# "Two paragraphs: the first …", "Write three sentences about Mars."
_LISTED = compile_lazily(
    rf"\b(?P<count>{NUMBER})\s+(?P<parts>sentences|paragraphs|stanzas|lines|bullet(?:[\s-]+point)?s|"
    r"sections)\b"
)
_NAMED = compile_lazily(rf"\b(?:the|your)\s+(?:very\s+)?(?:{ORDINAL})\s+(?P<part>{ONE})\b")
_ELLIPTIC = compile_lazily(rf"\b(?:the|your)\s+(?P<ord>{ORDINAL})(?:\s+one)?{LINK}{AMOUNT}")
# "…, the second 10, the third 15": the unit said once, for the first
_FOLLOWING = compile_lazily(
    rf"\s*(?:,|;|\band\b)\s*(?:and\s+)?(?:the\s+)?(?P<ord>{ORDINAL})(?:\s+one)?"
    rf"(?:\s*[:—–,]\s*|\s+)(?:(?P<rel>{RELATION})\s+)?(?P<n>{NUMBER})(?:\s+(?P<unit>[a-z]+))?"
    r"(?=\s*(?:[,;.]|\band\b|$))"
)


def _listed_part(sentence: Sentence, before: str) -> tuple[Part, int] | None:
    """The parts a list counts in turn: the last "N paragraphs" before the
    phrase in its sentence, or in the sentence before it; else the last part
    named with an ordinal there ("the opening line …; the second, …")."""
    last = ""
    if sentence.whole and sentence.start:
        previous = sentence.whole[: sentence.start].lower().rstrip()
        last = re.split(r"(?<=[.!?;])\s+|\n+", previous)[-1] if previous else ""
    for where in (before, last):
        found = list(_LISTED.finditer(where))
        if found:
            part = part_named(found[-1].group("parts"))
            count = number_value(found[-1].group("count"))
            return (part, count) if part is not None and count else None
    for where in (before, last):
        named = list(_NAMED.finditer(where))
        if named and (part := part_named(named[-1].group("part"))) is not None:
            return (part, _ANY)
    return None


def _listed(sentence: Sentence, plain: Plain, taken: list[tuple[int, int]]) -> Iterator[Hit]:
    text = sentence.lower
    for match in _ELLIPTIC.finditer(text):
        if any(match.start() < b and a < match.end() for a, b in taken):
            continue
        if not plain(match.start()) or not about_answer(text, match):
            continue
        if _placed_elsewhere(text, match):
            continue  # "her name in the first and last sentence, max 70 words": the whole's
        if _EDITED.search(text, 0, match.start()):
            continue  # "cut the second paragraph to 50 words": a target for a given text
        listed = _listed_part(sentence, text[: match.start()])
        if listed is None:
            continue
        part, count = listed
        index = ORDINALS[match.group("ord")]
        units = units_of(match.group("unit"))
        if units not in HOLDS[part] or index > count:
            continue
        taken.append(match.span())
        for relation, value in bounds(match):
            yield from typed_hit(_build(part, index, units), relation, value, match.span())
        yield from _following(text, match.end(), (part, count, units), plain, taken)


def _following(
    text: str,
    end: int,
    listed: tuple[Part, int, str],
    plain: Plain,
    taken: list[tuple[int, int]],
) -> Iterator[Hit]:
    part, count, units = listed
    names = UNIT_NAMES[units]
    while (match := _FOLLOWING.match(text, end)) is not None:
        unit = match.group("unit")
        if unit is not None and unit not in names:
            return
        index, value = ORDINALS[match.group("ord")], number_value(match.group("n"))
        if value is None or index > count or not plain(match.start("ord")):
            return
        relation, adjust = relation_of(match.group("rel")) if match.group("rel") else ("exactly", 0)
        span = (match.start("ord"), match.end())
        taken.append(span)
        yield from typed_hit(_build(part, index, units), relation, value + adjust, span)
        end = match.end()


class _PartCount(Family):
    name = "a count within one part"
    specs = (PartCount,)
    rules: ClassVar[tuple[Rule, ...]] = (unlabelled(part_counts),)

    def measure(self, spec: Any, text: str) -> Outcome:
        return _part_count(spec, text)

    def correction(self, spec: Any, text: str) -> str:
        return _part_count(spec, text).suggestion or ""


PART_COUNT = _PartCount()
