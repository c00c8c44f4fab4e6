"""Numbered labels in sequence: "number them Q1 to Q10", "label the
questions Q1 to Q8", "an answer key labelled A1 to A4", "steps labelled
Step 1 to Step 6".

Which labels count, stated: a label opens a line — after whitespace, a
list marker (``-``, ``*``, ``+``, ``1.``, ``1)``), heading or quote marks
(``#``, ``>``), a table's ``|`` and emphasis (``**``, ``_``) — and is the
prefix (case aside, with the separator the prompt writes: ``Q1``,
``Step 1``) followed directly by a number with no letter or digit after
it (``Q1.``, ``Q1:``, ``**Q1**``, ``Q1 What …``). A label in running text
("see Q3") is not one. Measured exactly: the numbers of the labels, in
the order written, are ``first``, ``first + 1`` … ``last``, each once;
one missing, repeated, out of order or past ``last`` fails. No repair:
renumbering may need the questions reordered or written.

Read only where the labels are asked of the answer's parts by a verb of
naming ("number", "label", "mark", "tag", "call", "head", "title") and the
range repeats its prefix ("Q1 to Q10"); hedged, negated, asked or
conditional wordings compile nothing, nor a range that only names things
("answer Q1 to Q5 of the worksheet", "rooms A1 to A4").
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any, ClassVar, Literal

from pydantic import Field, model_validator

from redraft.core._lazy_pattern import compile_lazily
from redraft.criteria._families._base import Family, FamilySpec
from redraft.criteria._families._lexical import required
from redraft.criteria._outcome import Outcome
from redraft.criteria._sentences import Hit, Rule, Sentence

__all__ = ["LABEL_SEQUENCE", "LabelSequence", "labels_in"]


class LabelSequence(FamilySpec):
    """The answer's lines are labelled ``prefix`` + ``first`` … ``prefix`` +
    ``last``, each once, in that order."""

    kind: Literal["label_sequence"] = "label_sequence"
    prefix: str = Field(min_length=1, max_length=12, pattern=r"^[A-Za-z][A-Za-z]*[ -]?$")
    first: int = Field(ge=0, le=99)
    last: int = Field(ge=1, le=99)

    @model_validator(mode="after")
    def _ordered(self) -> LabelSequence:
        if self.last <= self.first:
            raise ValueError("last must be above first")
        return self

    def slot(self) -> tuple[object, ...]:
        # two sequences with their own prefixes (Q1 … Q4, A1 … A4) are two checks
        return (self.kind_name(), self.prefix.strip().casefold())

    def describe(self) -> str:
        return f"lines labelled {self.prefix}{self.first} to {self.prefix}{self.last} in order"


_OPENING = r"(?m)^[ \t]*(?:>\s*)*(?:\|\s*)?(?:[-*+]\s+|\d{1,3}[.)]\s+)?(?:#{1,6}\s+)?[*_]{0,3}"


def labels_in(spec: LabelSequence, text: str) -> list[int]:
    """The numbers of the labels ``text`` opens its lines with, in order."""
    label = compile_lazily(
        _OPENING + re.escape(spec.prefix) + r"(?P<n>\d{1,3})(?![\w])", re.IGNORECASE
    )
    return [int(m["n"]) for m in label.finditer(text)]


def _off(spec: LabelSequence, text: str) -> str | None:
    """What is wrong with the labels, or None."""
    found = labels_in(spec, text)
    wanted = list(range(spec.first, spec.last + 1))
    if found == wanted:
        return None
    if not found:
        return f"no line opens with a label {spec.prefix}{spec.first}"
    for index, (got, want) in enumerate(zip(found, wanted, strict=False)):
        if got != want:
            before = f" after {spec.prefix}{found[index - 1]}" if index else " first"
            return f"{spec.prefix}{got} comes{before}, where {spec.prefix}{want} should"
    if len(found) < len(wanted):
        return f"the labels stop at {spec.prefix}{found[-1]}"
    return f"{spec.prefix}{found[len(wanted)]} comes after {spec.prefix}{spec.last}"


# -- phrasings ----------------------------------------------------------------------------

_NAMING = (
    r"(?:number|numbered|label|labell?ed|mark|marked|tag|tagged|call|called|name|named|"
    r"head|headed|title|titled|prefix|prefixed)"
)
_QUOTE = r"[\"'“‘”’`*]{0,2}"
_RANGE = compile_lazily(
    rf"\b{_NAMING}\s+(?:(?:them|each(?:\s+one)?|it|these|the\s+[\w-]+(?:\s+[\w-]+)?|all)\s+)?"
    rf"(?:as\s+|with\s+|from\s+)?{_QUOTE}(?P<p>[a-z]{{1,10}}[ -]?)(?P<a>\d{{1,2}}){_QUOTE}\s*"
    rf"(?:to|through|thru|until|–|-|—|…|\.\.\.?)\s*{_QUOTE}(?P<q>[a-z]{{1,10}}[ -]?)"
    r"(?P<b>\d{1,2})(?!\w)"
)
# "label the questions in part 2 Q1 to Q5": one part named
_PART = compile_lazily(r"\b(?:in|of|for)\s+(?:the\s+)?(?:part|section|round|page|chapter|table)\b")


# "4 questions labelled Q1 to Q4", "an answer key labelled A1 to A4": the
# labels describe things the answer writes (a count or "a"), not "the
# questions labelled Q1 to Q4" someone gave
_THINGS_BEFORE = compile_lazily(
    r"\b(?:\d{1,2}|an?|one|two|three|four|five|six|seven|eight|nine|ten|twelve|fifteen|twenty)\s+"
    r"(?:[\w-]+\s+){0,2}?[\w-]+\s+$"
    # "then give the answers numbered A1 to A10": the things a directive asks for
    r"|\b(?:give|write|add|include|list|provide|put)\s+(?:me\s+)?(?:the|your)\s+"
    r"(?:[\w-]+\s+){0,2}?[\w-]+\s+$"
)


def _written(sentence: Sentence, start: int) -> bool:
    if not re.match(r"\w+ed\b", sentence.lower[start:]):
        return False
    things = _THINGS_BEFORE.search(sentence.lower, 0, start)
    return things is not None and required(sentence, things.start())


def label_rules(sentence: Sentence) -> Iterator[Hit]:
    """ "Number them Q1 to Q10", "an answer key labelled A1 to A4"."""
    text = sentence.lower
    read = -1  # where the last range read ends
    for match in _RANGE.finditer(text):
        if match["p"] != match["q"] or _PART.search(match.group(0)):
            continue
        first, last = int(match["a"]), int(match["b"])
        if not first < last <= 99 or first > 1:
            continue
        prefix = sentence.unmask(*match.span("p"))
        if (
            required(sentence, match.start())
            or _written(sentence, match.start())
            or _joined(text, read, match.start())
        ):
            # each range its own prefix: "Q1 to Q4, then an answer key labelled A1 to A4"
            yield Hit(LabelSequence(prefix=prefix, first=first, last=last), *match.span())
            read = match.end()


# "…labelled Q1 to Q4, then an answer key labelled A1 to A4": a second thing
# joined to the first, asked by the same request
_JOINED = compile_lazily(
    r"^\s*,?\s*(?:and\s+)?(?:then\s+)?(?:an?|the)\s+(?:[\w-]+\s+){0,2}?[\w-]+\s+$"
)


def _joined(text: str, read: int, start: int) -> bool:
    return read >= 0 and _JOINED.match(text[read:start]) is not None


class _LabelSequence(Family):
    name = "label_sequence"
    specs = (LabelSequence,)
    rules: ClassVar[tuple[Rule, ...]] = (label_rules,)

    def measure(self, spec: Any, text: str) -> Outcome:
        off = _off(spec, text)
        data = {"labels": labels_in(spec, text)[:20]}
        if off is None:
            return Outcome(True, f"the answer has {spec.describe()}, as required", data=data)
        return Outcome(
            False,
            f"{off}; required: {spec.describe()}",
            self.correction(spec, text),
            score=0.0,
            data=data,
        )

    def correction(self, spec: Any, text: str) -> str:
        return (
            f"Label the parts {spec.prefix}{spec.first}, {spec.prefix}{spec.first + 1} … "
            f"{spec.prefix}{spec.last}, each once and in that order, each label opening its "
            f"line ({_off(spec, text) or 'as asked'})."
        )


LABEL_SEQUENCE = _LabelSequence()
