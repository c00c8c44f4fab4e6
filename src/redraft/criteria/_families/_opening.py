"""A forbidden opening: the answer must not begin with a given phrase
("don't start with 'Sure'", "never open with 'As an AI'", "do not begin
with 'I am writing to' or 'Dear Sir'").

Measured exactly: the answer's first words, after leading whitespace,
markdown markers (``#``, ``>``, ``*``, ``_``) and opening quotes, compared
case-insensitively with each phrase, which must end there at a word
boundary ("Surely" does not open with "Sure"). Repaired without a model
only where no judgement is needed: the phrase stands as an interjection
closed by punctuation ("Sure! Here is …", "Certainly, the answer …"), and
the repair drops it with that punctuation and capitalises what follows; a
phrase that is part of the first sentence ("I am writing to apply …") is
left for the redraft.
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Sequence
from typing import Any, ClassVar, Literal

from pydantic import Field, field_validator

from redraft.core._lazy_pattern import compile_lazily
from redraft.core._repair import RepairOp
from redraft.criteria._families._base import Family, FamilySpec
from redraft.criteria._families._lexical import required
from redraft.criteria._outcome import Outcome
from redraft.criteria._sentences import MASK, Hit, Rule, Sentence
from redraft.criteria._spec_base import SHORT

__all__ = ["OPENING", "NotStartsWith", "drop_opening"]

_LEAD = compile_lazily(r"^[\s#>*_\"'“‘`]*")


class NotStartsWith(FamilySpec):
    """The answer does not begin with any of ``phrases`` (case aside)."""

    kind: Literal["not_starts_with"] = "not_starts_with"
    phrases: tuple[str, ...] = Field(min_length=1, max_length=10)

    @field_validator("phrases")
    @classmethod
    def _readable(cls, value: tuple[str, ...]) -> tuple[str, ...]:
        cleaned = tuple(_readable_phrase(p) for p in value)
        if any(len(p) > SHORT for p in cleaned):
            raise ValueError(f"phrases are at most {SHORT} characters")
        return cleaned

    def describe(self) -> str:
        return "does not start with " + " or ".join(repr(p) for p in self.phrases)

    def slot(self) -> tuple[object, ...]:
        return (self.kind, tuple(sorted(p.casefold() for p in self.phrases)))


def _readable_phrase(phrase: str) -> str:
    """A phrase of words, or of marks alone ("never start with '@'")."""
    words = phrase.strip(" \"'“”‘’")
    if any(ch.isalnum() for ch in words):
        return words
    marks = words or phrase.strip()
    if not marks or any(ch.isspace() for ch in marks):
        raise ValueError("needs a word or a mark")
    return marks  # a quote mark itself: "don't open with a '"


def _opening(text: str, phrase: str) -> re.Match[str] | None:
    """The phrase at the answer's start, with the punctuation closing it."""
    if not any(ch.isalnum() for ch in phrase):
        # A mark is the answer's first character, before any markup is peeled
        # off: "never start with '#'" bans the heading mark itself.
        return re.match(rf"\s*{re.escape(phrase)}(?P<close>)", text)
    body = _LEAD.sub("", text, count=1)
    words = r"\s+".join(re.escape(w) for w in phrase.split())
    return re.match(rf"(?i){words}(?!\w)(?P<close>[\"'”’*_]*\s*[,!.:;—–-]*[\"'”’*_]*)", body)


def opened_with(spec: NotStartsWith, text: str) -> str | None:
    """The forbidden phrase the answer opens with, if any."""
    return next((p for p in spec.phrases if _opening(text, p)), None)


def drop_opening(text: str, phrases: Sequence[str]) -> str:
    """``text`` without a forbidden opening that stands as an interjection."""
    lead = _LEAD.match(text)
    head = lead.group(0) if lead else ""
    for phrase in phrases:
        found = _opening(text, phrase)
        if found is None or not found.group("close").strip(" \"'”’*_"):
            continue
        rest = text[len(head) + found.end() :].lstrip()
        if not rest:
            return text
        # a heading or quote marker stays; emphasis and quotes around the phrase go with it
        kept = head.strip(" \t\n*_\"'“‘`")
        return (kept + " " if kept else "") + rest[0].upper() + rest[1:]
    return text


_EDITS = (
    RepairOp(
        "drop_opening",
        150,
        lambda text, p, _: drop_opening(text, [str(x) for x in p["phrases"]]),
        lambda p: f"opening {p['phrases'][0]!r} dropped",
    ),
)


# -- phrasings --------------------------------------------------------------------------

_QUOTE = rf"[\"“'‘«](?:{MASK})+[\"”'’»]"
_LIST = rf"(?P<list>{_QUOTE}(?:\s*(?:,|or|,\s*or|nor)\s*{_QUOTE})*)"
_TARGET = (
    r"(?:(?:your|the)\s+(?:answer|response|reply|message|email|letter|text|output)|it|them|"
    r"your\s+(?:first\s+)?(?:sentence|line))"
)
_PATTERNS = (
    compile_lazily(
        r"\b(?:(?:do\s+not|don'?t|never|must\s+not|mustn'?t|should\s+not|shouldn'?t|cannot|"
        r"can'?t|may\s+not)\s+(?:ever\s+)?|avoid\s+|without\s+)"
        rf"(?:start|begin|open|starting|beginning|opening)(?:\s+{_TARGET})?\s+(?:with|by\s+saying)\s+"
        rf"{_LIST}"
    ),
    compile_lazily(rf"\bno\s+(?:opening|starting|leading)\s+{_LIST}"),
)
_QUOTED = compile_lazily(_QUOTE)
# What makes the ban about one part: "don't start each bullet with 'Tell me'".
_PART = compile_lazily(
    r"\b(?:each|every|any|the\s+(?:title|heading|subject|second|next|last)|a\s+(?:line|bullet|"
    r"sentence|paragraph))\b"
)


def openings(sentence: Sentence) -> Iterator[Hit]:
    """ "Don't start with 'Sure'", "never open your reply with 'As an AI'"."""
    text = sentence.lower
    if not re.search(r"\b(?:start|begin|open|opening|starting|leading)", text):
        return
    for pattern in _PATTERNS:
        for match in pattern.finditer(text):
            if _PART.search(text[match.start() : match.start("list")]):
                continue
            after = text[match.end() :]
            if re.match(r"\s*(?:in|for|on)\s+(?:each|every|the\s+(?:title|heading|list))\b", after):
                continue
            phrases = [
                sentence.original[q.start() + 1 : q.end() - 1]
                for q in _QUOTED.finditer(text, match.start("list"), match.end("list"))
            ]
            if not phrases or not required(sentence, match.start(), owns_negation=True):
                continue
            if not all(p.strip() for p in phrases):
                continue  # "never start with ' '": a blank is no opening to look for
            yield Hit(NotStartsWith(phrases=tuple(phrases)), *match.span())
            return


class _Opening(Family):
    name = "opening"
    specs = (NotStartsWith,)
    rules: ClassVar[tuple[Rule, ...]] = (openings,)
    edits: ClassVar[tuple[RepairOp, ...]] = _EDITS

    def measure(self, spec: Any, text: str) -> Outcome:
        assert isinstance(spec, NotStartsWith)
        found = opened_with(spec, text)
        data: dict[str, Any] = {"opened_with": found}
        if found is None:
            return Outcome(True, f"the answer {spec.describe()}, as required", data=data)
        return Outcome(
            False,
            f"the answer starts with {found!r}; required: it {spec.describe()}",
            self.correction(spec, text),
            score=0.0,
            data=data,
        )

    def correction(self, spec: Any, text: str) -> str:
        assert isinstance(spec, NotStartsWith)
        found = opened_with(spec, text) or spec.phrases[0]
        return (
            f"Your answer starts with {found!r}; it must not. Begin it another way, with the "
            "substance of the answer."
        )

    def repair(self, spec: Any) -> dict[str, Any] | None:
        assert isinstance(spec, NotStartsWith)
        return {"op": "drop_opening", "phrases": list(spec.phrases)}


OPENING = _Opening()
