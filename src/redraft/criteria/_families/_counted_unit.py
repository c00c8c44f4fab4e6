"""A counted unit as the counted families name it, and what a matched count
phrase of it states (:mod:`._counted` finds the phrases): its bounds, the
hit its spec makes, and the exact counts of a unit said twice that no
whole answer holds.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass

from pydantic import ValidationError

from redraft.core._lazy_pattern import compile_lazily
from redraft.criteria._families._base import FamilySpec
from redraft.criteria._families._count_context import ADJECTIVE
from redraft.criteria._grammar import NUMBER, RELATION, number_value, relation_of
from redraft.criteria._sentences import Hit, Sentence
from redraft.criteria._spec_base import Relation

__all__ = [
    "Build",
    "Unit",
    "after_from",
    "built",
    "described_from",
    "one_whole",
    "phrase_bounds",
    "typed_hit",
]


Build = Callable[[Relation, int, Sentence], FamilySpec | None]


@dataclass(frozen=True)
class Unit:
    """A counted unit as a prompt names it (a regex) and the spec a count
    of it builds (None where the sentence says more than the spec can hold,
    such as a paragraph divider no spec measures)."""

    pattern: str
    build: Build
    #: a bare number ("use 4 bullet points") means exactly that many
    bare_exact: bool = False
    #: a bare number up to this means exactly that many ("describe it in three
    #: words"); past it ("in 50 words") it is a rough size no one counts to
    bare_upto: int = 0
    #: a bare number is a floor ("include two italic sections": highlights
    #: are marks added, and one more breaks nothing asked)
    bare_at_least: bool = False
    #: prose ("two sentences, then a list" counts one part, not the whole)
    prose: bool = False
    #: the singular as a compound or a label names it ("a two-sentence pitch",
    #: "word limit: 75"); empty where neither reads
    singular: str = ""
    #: "write a paragraph", "give me a short sentence": one of it is the answer
    single: bool = False
    #: a unit that repeats (words, characters): "20 distinct words" counts kinds
    #: of it, which no count of occurrences states ("3 different paragraphs" are 3)
    repeats: bool = False
    #: the largest count a compound states exactly ("a six-word story"); past
    #: it ("a 500-word pitch") the number is a target no one counts to the unit
    compound_max: int = 1_000_000
    #: the largest count a compound states exactly where a making verb opens
    #: the request ("Write a 150-word news brief about …"): there the writer
    #: sets the answer's size, unlike a compound said in passing
    made_max: int = 0
    #: "no bullet points", "without bullets", "don't use bullet points": none
    none: bool = False
    #: read only as none ("no numbered lists"), never counted ("3 numbered lists")
    none_only: bool = False


# A number of a unit, in any phrasing ("3 sentences", "a one-paragraph"),
# unless it counts within each part ("3 sentences per paragraph")
_MENTION = (
    r"\b{number}[-\s]+{adjective}(?:{unit})\b"
    r"(?!\s+(?:per|each|apiece|in\s+each|for\s+each)\b)"
)


def one_whole(found: list[tuple[Unit, Relation, Hit]], text: str) -> Iterator[Hit]:
    """The hits, less the exact counts of a unit counted twice in one sentence
    ("in 3 sentences to a child, and then in 3 sentences to an expert", "3
    sentences about dogs and 2 sentences about cats", "a one-paragraph
    summary and a one-paragraph conclusion"): each counts one part, and no
    whole answer has both, whichever of them a rule read."""
    for unit, relation, hit in found:
        if unit.prose and relation == "exactly" and _mentions(unit, text) > 1:
            continue
        yield hit


def _mentions(unit: Unit, text: str) -> int:
    pattern = _MENTION.format(number=NUMBER, adjective=ADJECTIVE, unit=unit.pattern)
    bound = compile_lazily(rf"\b(?:{RELATION})\s*$")
    return sum(1 for m in re.finditer(pattern, text) if not bound.search(text, 0, m.start()))


def after_from(name: str, match: re.Match[str]) -> int:
    """Where what follows a count is read from: a count that stands alone and
    ends at its comma ("5 sentences, each on a new line") is followed by that
    comma, as "write 5 sentences, each …" is; "each" after it describes
    each unit, never counts it."""
    standalone = name in ("alone", "named_first") and match.group(0).endswith(",")
    return match.end() - 1 if standalone else match.end()


# A verb that is itself the excess: "don't exceed 3 sentences" is at most 3;
# "don't write 3 sentences" (no "more than") bounds nothing
_EXCESS_VERB = compile_lazily(r"\b(?:exceed|surpass|go\s+(?:over|beyond))\b")


def phrase_bounds(name: str, match: re.Match[str], unit: Unit) -> list[tuple[Relation, int]]:
    """The (relation, value) pairs a phrase states; none where a number is unreadable."""
    if name.startswith("pair"):
        pairs = [
            (match.group("rel"), match.group("num")),
            (match.group("rel2"), match.group("num2")),
        ]
        bounds: list[tuple[Relation, int]] = []
        for rel, num in pairs:
            stated = number_value(num)
            if stated is None:
                return []
            relation, adjust = relation_of(rel)
            bounds.append((relation, stated + adjust))
        if sorted(r for r, _ in bounds) != ["at_least", "at_most"]:
            return []  # "at least 3 and exactly 5" is no range
        floor = next(v for r, v in bounds if r == "at_least")
        cap = next(v for r, v in bounds if r == "at_most")
        return bounds if floor <= cap else []
    if name == "between":
        first = match.group("low") or match.group("from") or match.group("low2")
        low, high = number_value(first), number_value(match.group("high"))
        if low is None or high is None or low >= high:
            return []
        return [("at_least", low), ("at_most", high)]
    if name in ("none", "single"):
        return [("at_most", 0)] if name == "none" else [("exactly", 1)]
    value = number_value(match.group("num"))
    if value is None:
        return []
    if name == "negated":
        if match.group("dir") is None and not _EXCESS_VERB.search(match.group(0)):
            return []  # "don't write 3 sentences, just one": no bound on the count
        direction = (match.group("dir") or "more than").split()[0]
        fewer = direction in ("less", "fewer", "shorter", "under")
        return [("at_least" if fewer else "at_most", value)]
    if name == "or_more":
        return [("at_most" if match.group("dir") in ("less", "fewer") else "at_least", value)]
    if name == "relation":
        relation, adjust = relation_of(match.group("rel"))
        return [(relation, value + adjust)]
    if name in ("fit", "hard_limit", "limit_after"):
        return [("at_most", value)]
    if name == "shorten_to":
        if match.group("rel"):
            relation, adjust = relation_of(match.group("rel"))
            return [(relation, value + adjust)] if relation == "at_most" else []
        return [("at_most", value)]  # "shorten it to 2 sentences": no longer than that
    if name == "keep_to":
        # "make it 2 sentences" sets the count as "keep it 2 sentences" does
        keep = match.group("verb").startswith(("keep", "make"))
        if match.group("to") is None and not (keep and unit.bare_exact):
            return []  # "keep it 100 words": a target, not a count to keep to
        return [("exactly" if keep and unit.bare_exact else "at_most", value)]
    if name == "label":
        return [("at_least" if match.group("lim").startswith("min") else "at_most", value)]
    if name == "post":
        post = match.group("post")
        if post in ("exactly", "precisely"):
            return [("exactly", value)]
        if post.endswith("total"):
            return [("exactly", value)] if unit.bare_exact else []
        if post.startswith(("no", "and")):
            # "two sentences, no more": at most; "500 words, no fewer": at least
            return [("at_most" if "more" in post or "longer" in post else "at_least", value)]
        more = "more" in post or "least" in post or "min" in post or "longer" in post
        return [("at_least" if more else "at_most", value)]
    if name in ("named_first", "there_are") and match.group("rel"):
        relation, adjust = relation_of(match.group("rel"))
        return [(relation, value + adjust)]
    if name in ("bare", "alone", "named_first", "there_are") and unit.bare_at_least:
        return [("at_least", value)]
    return [("exactly", value)]


def built(
    build: Build, relation: Relation, value: int, sentence: Sentence, span: tuple[int, int]
) -> Iterator[Hit]:
    try:
        spec = build(relation, value, sentence)
    except ValidationError:
        return  # a count no check allows, such as "at least 0"
    if spec is not None:
        yield Hit(spec, *span)


def typed_hit(
    build: Callable[[Relation, int], FamilySpec],
    relation: Relation,
    value: int,
    span: tuple[int, int],
) -> Iterator[Hit]:
    """The hit of ``build(relation, value)``; none where the spec refuses the values."""
    try:
        yield Hit(build(relation, value), *span)
    except ValidationError:
        return


# The clause that describes what is written: "a poem where every stanza rhymes
# and there are 4 stanzas" says both of the poem, from "where" on
_DESCRIPTION_OPENS = compile_lazily(r"\b(?:where|in\s+which|such\s+that|so\s+that)\b(?=[^.;:!?]*$)")


def described_from(name: str, text: str, start: int) -> int:
    """Where a count "and there are 4 stanzas" is read from: the description
    it continues ("where …"), if one opens its sentence's clause before it."""
    if name != "there_are" or not text.startswith("and", start):
        return start
    opened = _DESCRIPTION_OPENS.search(text, 0, start)
    return opened.start() if opened else start
