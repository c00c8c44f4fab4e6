"""What every part holds: "mention 'ocean' in every paragraph", "each
sentence must contain a number", "include an emoji in every bullet point",
"every paragraph must include a question", "two hashtags per line".

Measured exactly on the answer's parts as every part family cuts them
(:func:`._parts.parts_of`): in each, the occurrences of the keyword (whole
words, case aside, as ``keyword`` counts them), the numbers written in
digits (as ``number_count``), the emoji (as ``emoji_count``), the questions
(sentences ending in ``?``, closing quotes aside), the links (as
``url_count``) or the hashtags (as ``hashtag_count``) meet the count. An
answer without such parts fails.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from functools import partial
from typing import Any, ClassVar, Literal

from pydantic import Field, model_validator

from redraft.core._lazy_pattern import compile_lazily
from redraft.criteria import _measure as measure
from redraft.criteria._families._arguments import ARG, Corrected, response_spec, spec_hit
from redraft.criteria._families._base import FamilyCount
from redraft.criteria._families._emoji import emoji_in
from redraft.criteria._families._hashtags import HASHTAG
from redraft.criteria._families._keyword_clauses import described_widely
from redraft.criteria._families._lexical import described
from redraft.criteria._families._links import URL
from redraft.criteria._families._numbers import numerals
from redraft.criteria._families._parts import parts_of
from redraft.criteria._families._per_part import every_part_outcome
from redraft.criteria._grammar import NUMBER, RELATION, number_value, relation_of
from redraft.criteria._outcome import Outcome
from redraft.criteria._sentences import Hit, Rule, Sentence
from redraft.criteria._spec_base import RELATION_WORDS, Relation
from redraft.criteria._spec_parts import PART_NAMES, Part

__all__ = ["EACH_CONTAINS", "EachContains"]

What = Literal["keyword", "number", "emoji", "question", "link", "hashtag"]
_NAMES: dict[str, tuple[str, str]] = {
    "number": ("number in digits", "numbers in digits"),
    "emoji": ("emoji", "emoji"),
    "question": ("question", "questions"),
    "link": ("link", "links"),
    "hashtag": ("hashtag", "hashtags"),
}


class EachContains(FamilyCount):
    """Every part holds ``value`` (at least, at most, exactly) of the keyword
    or of a kind of thing."""

    kind: Literal["each_contains"] = "each_contains"
    part: Part
    what: What
    keyword: str | None = Field(default=None, min_length=1, max_length=60)
    relation: Relation = "at_least"
    value: int = Field(default=1, ge=0, le=1000)

    @model_validator(mode="after")
    def _named(self) -> EachContains:
        if (self.what == "keyword") != (self.keyword is not None):
            raise ValueError("a keyword goes with what='keyword', and it needs one")
        return self

    def describe(self) -> str:
        if self.keyword is not None:
            times = "time" if self.value == 1 else "times"
            thing = f"uses {self.keyword!r} {RELATION_WORDS[self.relation]} {self.value} {times}"
        else:
            noun = _NAMES[self.what][0 if self.value == 1 else 1]
            thing = f"holds {RELATION_WORDS[self.relation]} {self.value} {noun}"
        return f"every {PART_NAMES[self.part][0]} {thing}"

    def slot(self) -> tuple[object, ...]:
        return (self.kind_name(), self.part, self.what, (self.keyword or "").casefold())


def _questions(text: str) -> int:
    return sum(1 for s in measure.sentences(text) if s.rstrip("\"'”’)»*_ ").endswith("?"))


def count_in(spec: EachContains, part: str) -> int:
    """How many of what ``spec`` counts one part holds."""
    if spec.keyword is not None:
        return len(measure.keyword_matches(part, spec.keyword))
    if spec.what == "number":
        return len(numerals(part))
    if spec.what == "emoji":
        return len(emoji_in(part))
    if spec.what == "question":
        return _questions(part)
    if spec.what == "link":
        return len(URL.findall(part))
    return len(HASHTAG.findall(part))


def _measure(spec: EachContains, text: str) -> Outcome:
    found = parts_of(text, spec.part)
    if not found:
        return Outcome(
            False,
            f"the answer has no {PART_NAMES[spec.part][1]}; required: {spec.describe()}",
            f"Write the answer in {PART_NAMES[spec.part][1]}: {spec.describe()}.",
        )
    fix = f"Make sure {spec.describe()}."
    return every_part_outcome(spec, found, lambda p: spec.holds(count_in(spec, p)), fix)


# -- phrasings ------------------------------------------------------------------------

_PARTS: dict[str, Part] = {
    "sentence": "sentence",
    "paragraph": "paragraph",
    "stanza": "paragraph",
    "line": "line",
    "bullet": "bullet",
    "bullet point": "bullet",
    "item": "item",
    "list item": "item",
    "section": "section",
}
_PART = (
    r"(?P<part>sentences?|paragraphs?|stanzas?|lines?|bullet\s+points?|bullets?|"
    r"list\s+items?|items?|sections?)"
)
_UNITS: dict[str, What] = {
    "number": "number",
    "numeral": "number",
    "digit": "number",
    "emoji": "emoji",
    "question": "question",
    "link": "link",
    "url": "link",
    "hashtag": "hashtag",
}
_UNIT = r"(?P<unit>numbers?|numerals?|digits?|emojis?|questions?|links?|urls?|hashtags?)"
_AMOUNT = rf"(?:(?P<rel>{RELATION})\s+)?(?P<num>{NUMBER}|an?|one)"
_VERB = r"(?:contain|contains|include|includes|have|has|feature|use|mention|end\s+on)"
_EACH = r"(?:each|every)"
_KEY = rf"(?:the\s+(?:word|phrase|keyword|term)\s+)?(?P<key>{ARG})"
_READINGS = (
    # "each paragraph must contain at least one number"
    compile_lazily(
        rf"\b{_EACH}\s+(?:single\s+)?{_PART}\s+(?:(?:must|should|needs\s+to|has\s+to|will|shall)\s+)?"
        rf"{_VERB}\s+{_AMOUNT}\s+{_UNIT}\b(?!\s+(?:at|after|before)\b)"
    ),
    # "include an emoji in every bullet", "2 hashtags per line"
    compile_lazily(
        rf"\b{_AMOUNT}\s+{_UNIT}\s+(?:in\s+{_EACH}|per|for\s+{_EACH})\s+(?:single\s+)?{_PART}\b"
    ),
)
_KEYWORD_READINGS = (
    # "mention 'ocean' in every paragraph", "use the word 'team' in each sentence"
    compile_lazily(
        rf"\b(?:mention|use|include|repeat|say|put|work\s+in)\s+{_KEY}\s+(?:(?:at\s+least\s+)?once\s+)?"
        rf"in\s+{_EACH}\s+(?:single\s+)?{_PART}\b"
    ),
    # "every sentence must include the word 'team'"
    compile_lazily(
        rf"\b{_EACH}\s+(?:single\s+)?{_PART}\s+(?:(?:must|should|needs\s+to|has\s+to|will|shall)\s+)?"
        rf"(?:contain|contains|include|includes|use|uses|mention|mentions|feature|features)\s+{_KEY}"
        r"(?!\s+(?:at|after|before)\b)"
    ),
    # "the word 'ride' appears in every sentence", "'team' should occur in each line"
    compile_lazily(
        rf"{_KEY}\s+(?:(?:must|should|needs\s+to|has\s+to|will|shall)\s+)?(?:appears?|occurs?|"
        r"shows?\s+up|be\s+used|is\s+used)\s+(?:(?:at\s+least\s+)?once\s+)?in\s+"
        rf"{_EACH}\s+(?:single\s+)?{_PART}\b"
    ),
)


# "Every bullet must be exactly one sentence, contain the word "senior", and be under 18
# words": a later verb of the list that shares the part's subject and modal; nothing
# between may bring a subject or a modal of its own, or make a clause of another thing
_SHARED_EACH = compile_lazily(
    rf"\b{_EACH}\s+(?:single\s+)?{_PART}\s+(?:must|should|needs\s+to|has\s+to|shall)\s+"
    r"(?P<between>[^.;:!?()]{1,60}?),\s*(?:and\s+)?"
    rf"(?:contain|include|use|mention|feature)\s+{_KEY}"
    r"(?=\s*(?:$|[.;,!)]|—|–|(?:and|but)\b))"
)
_OWN_CLAUSE = compile_lazily(
    r"\b(?:must|should|shall|needs?\s+to|has\s+to|have\s+to|will|can|which|that|who|where|"
    r"while|but|unless|except|if|the|your|my|its|their)\b"
)
# "Use exactly two paragraphs and put the word 'please' in each one": the parts the
# clause before named, each holding the keyword
_IN_EACH_ONE = compile_lazily(
    rf"\b(?:put|use|include|mention|repeat|say)\s+{_KEY}\s+in\s+(?:each|every)\s+"
    r"(?:one|single\s+one|of\s+them)\b(?=\s*(?:$|[.;,!)]|—|–|(?:and|but)\b))"
)
_PARTS_NAMED = compile_lazily(
    rf"\b(?:{NUMBER}|several|multiple)\s+(?:[\w-]+\s+)?(?P<part>sentences|paragraphs|stanzas|"
    r"lines|bullet\s+points|bullets|items|sections)\b"
)


def _part(match: re.Match[str]) -> Part | None:
    raw = " ".join(match.group("part").split())
    return _PARTS.get(raw[:-1] if raw.endswith("s") and raw[:-1] in _PARTS else raw)


def _amount(match: re.Match[str]) -> tuple[Relation, int] | None:
    raw = match.group("num")
    n = 1 if raw in ("a", "an", "one") else number_value(raw)
    if n is None:
        return None
    if match.group("rel"):
        relation, adjust = relation_of(match.group("rel"))
        return relation, n + adjust
    # "a number", "one question": at least one; "2 hashtags per line": exactly two
    return ("at_least", n) if raw in ("a", "an", "one") else ("exactly", n)


_EXCEPT = compile_lazily(
    r"\s*,?\s*(?:except|but\s+(?:not\s+)?(?:the|one)|apart\s+from|other\s+than|save)\b"
)


def each_contains(sentence: Sentence) -> Iterator[Hit]:
    text = sentence.lower
    for pattern in _READINGS:
        for match in pattern.finditer(text):
            part, amount = _part(match), _amount(match)
            unit = _UNITS.get(match.group("unit").rstrip("s"))
            if (
                part is None
                or amount is None
                or unit is None
                or (unit, part)
                == (
                    "question",
                    "sentence",
                )
            ):
                continue
            build = partial(EachContains, part=part, what=unit, relation=amount[0], value=amount[1])
            yield from response_spec(sentence, build, match.start(), match.end())
    for pattern in _KEYWORD_READINGS:
        for match in pattern.finditer(text):
            part = _part(match)
            key = sentence.unmask(match.start("key") + 1, match.end("key") - 1).strip()
            if part is None or not key:
                continue
            if _EXCEPT.match(text, match.end()):
                continue  # "… in every sentence except the last": not every one
            build = partial(EachContains, part=part, what="keyword", keyword=key)
            hits = list(response_spec(sentence, build, match.start(), match.end()))
            if not hits and (
                described(sentence, match.start()) or described_widely(sentence, match.start())
            ):
                # "Write a paragraph where every sentence contains the word 'ice'", "Write a
                # paragraph about penguins where …": a topic has no sentences of its own
                hits = [hit] if (hit := spec_hit(build, match.start(), match.end())) else []
            yield from hits


def shared_each(sentence: Sentence) -> Iterator[Hit]:
    """A keyword a later verb of one part's list requires ("every bullet must be
    short, contain the word 'senior', …"), or each of the parts named before
    holds ("two paragraphs and put the word 'please' in each one")."""
    text = sentence.lower
    found: list[tuple[re.Match[str], Part | None]] = []
    for match in _SHARED_EACH.finditer(text):
        if not _OWN_CLAUSE.search(match.group("between")):
            found.append((match, _part(match)))
    for match in _IN_EACH_ONE.finditer(text):
        named = list(_PARTS_NAMED.finditer(text, 0, match.start()))
        if named and not _OWN_CLAUSE.search(text, named[-1].end(), match.start()):
            found.append((match, _part(named[-1])))
    for match, part in found:
        key = sentence.unmask(match.start("key") + 1, match.end("key") - 1).strip()
        if part is None or not key or _EXCEPT.match(text, match.end()):
            continue
        build = partial(EachContains, part=part, what="keyword", keyword=key)
        yield from response_spec(sentence, build, match.start(), match.end())


class _EachContains(Corrected):
    name = "what every part holds"
    specs = (EachContains,)
    rules: ClassVar[tuple[Rule, ...]] = (each_contains, shared_each)

    def measure(self, spec: Any, text: str) -> Outcome:
        return _measure(spec, text)


EACH_CONTAINS = _EachContains()
