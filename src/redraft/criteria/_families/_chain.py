"""Chains: each part starts where the one before it ended.

"Each word begins with the last letter of the previous word" (a word
chain, as in the game of Word Chain or Shiritori), "each sentence starts
with the last word of the previous sentence" and "begin every line with
the word the line before ended on" (anadiplosis), "each item starts with
the letter the previous item ended with".

Measured exactly on the parts :func:`._parts.parts_of` cuts (sentences
approximately, as ``sentence_count`` cuts them; non-empty lines, a list
marker left out; list items), or on the answer's words (whitespace-separated
tokens). Punctuation and markup around a word are set aside and case is
ignored: "Dog." ends with "g", "**Gate**" starts with "g"; a token without
any letter (a number, a dash) is no word of a word chain and is skipped. A
letter link compares the last letter of one part with the first letter of
the next; a word link compares the last word (a run of letters and digits,
apostrophes inside it kept) with the first word. At least two parts.

Compiles nothing where the request is hedged, questioned, an example or
about given material ("check whether each word starts with …").
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any, ClassVar, Literal

from pydantic import model_validator

from redraft.core._lazy_pattern import compile_lazily
from redraft.criteria import _measure as measure
from redraft.criteria._families._base import Family, FamilySpec
from redraft.criteria._families._pairs import broken_pairs, pairs_outcome
from redraft.criteria._families._relations import closes, cut, elsewhere, required
from redraft.criteria._outcome import Outcome
from redraft.criteria._sentences import Hit, Rule, Sentence

__all__ = ["CHAIN", "Chain", "chain_links"]

ChainPart = Literal["word", "sentence", "line", "item"]
_NAMES = {
    "word": ("word", "words"),
    "sentence": ("sentence", "sentences"),
    "line": ("line", "lines"),
    "item": ("list item", "list items"),
}


class Chain(FamilySpec):
    """Each ``part`` starts with the last ``link`` (letter or word) of the one before it."""

    kind: Literal["chain"] = "chain"
    part: ChainPart
    link: Literal["letter", "word"] = "letter"

    @model_validator(mode="after")
    def _words_link_by_letter(self) -> Chain:
        if self.part == "word" and self.link != "letter":
            raise ValueError("a word chain links words by their letters")
        return self

    def slot(self) -> tuple[object, ...]:
        return (self.kind, self.part, self.link)

    def describe(self) -> str:
        one = _NAMES[self.part][0]
        return f"each {one} starting with the last {self.link} of the {one} before it"


_LIST_MARKER = compile_lazily(r"^\s*(?:[*\-+•>]|\d{1,3}[.)]|#{1,6})\s+")
_WORD = compile_lazily(r"[^\W_]+(?:['’][^\W_]+)*")


def _units(spec: Chain, text: str) -> list[str]:
    if spec.part == "word":
        return [w for w in measure.words(text) if any(ch.isalpha() for ch in w)]
    return [_LIST_MARKER.sub("", part) for part in cut(text, spec.part)]


def _ends(spec: Chain, unit: str) -> tuple[str, str]:
    """The first and the last letter (or word) of ``unit``, case set aside."""
    if spec.link == "letter":
        letters = [ch for ch in unit if ch.isalpha()]
        return (letters[0].casefold(), letters[-1].casefold()) if letters else ("", "")
    words = [w.casefold().replace("’", "'") for w in _WORD.findall(unit)]
    return (words[0], words[-1]) if words else ("", "")


def chain_links(spec: Chain, text: str) -> list[tuple[int, str, str, str, str]]:
    """Each broken link: (index of the later part, the earlier part, the
    later part, what it should start with, what it starts with)."""

    def holds(a: str, b: str) -> bool:
        ends = _ends(spec, a)[1]
        return bool(ends) and ends == _ends(spec, b)[0]

    return [
        (i, a, b, _ends(spec, a)[1], _ends(spec, b)[0])
        for i, a, b in broken_pairs(_units(spec, text), holds)
    ]


# -- reading the request ----------------------------------------------------------

_PART = r"(?P<part>words?|sentences?|lines?|verses?|(?:list\s+)?items?|bullet(?:\s+points?)?s?)"
_LINKED = r"(?P<link>letter|word)"
_BEFORE = (
    r"(?:the\s+)?(?:previous|preceding|prior|last|former)(?:\s+(?:one|word|sentence|line|verse|"
    r"item|bullet(?:\s+point)?))?|(?:the\s+)?one\s+before(?:\s+it)?|"
    r"(?:the\s+)?(?:word|sentence|line|verse|item|bullet(?:\s+point)?)\s+before(?:\s+it)?"
)
_STARTS = (
    r"(?:(?:must|should|shall|has\s+to|needs\s+to|will|is\s+to)\s+)?(?:begins?|starts?|opens?)"
)
_IN_ANSWER = (
    r"(?:(?:in|of)\s+(?:your|the)\s+(?:answer|response|reply|text|poem|sentence|story|list)\s+)?"
)
# "each word begins with the last letter of the previous word",
# "every sentence starts with the word the previous one ended with"
_EACH = compile_lazily(
    rf"\b(?:each|every)\s+(?:(?:new|next|following|subsequent)\s+)?{_PART}\s+(?:after\s+the\s+"
    rf"first\s+)?{_IN_ANSWER}{_STARTS}\s+with\s+(?:"
    rf"the\s+(?:last|final|ending|closing|end)\s+{_LINKED}\s+(?:of|from)\s+(?:{_BEFORE})|"
    rf"the\s+(?:same\s+)?{_LINKED.replace('link', 'linkb')}\s+(?:that\s+|which\s+)?"
    rf"(?:(?:{_BEFORE})\s+"
    r"(?:ended|ends|finished|finishes|closed|closes)(?:\s+(?:with|on))?|"
    rf"(?:ended|ends|finished|finishes|closed|closes)\s+(?:{_BEFORE})))\b"
)
# "start each line with the last word of the previous line"
_IMPERATIVE = compile_lazily(
    rf"\b(?:start|begin|open)\s+(?:each|every)\s+(?:(?:new|next|following|subsequent)\s+)?"
    rf"{_PART}\s+(?:after\s+the\s+first\s+)?with\s+the\s+(?:last|final|ending|closing)\s+"
    rf"{_LINKED}\s+(?:of|from)\s+(?:{_BEFORE})\b"
)
# "the first letter of each word must be the last letter of the previous word"
_FIRST_IS_LAST = compile_lazily(
    rf"\bthe\s+(?:first|opening|initial|starting)\s+{_LINKED}\s+of\s+(?:each|every)\s+"
    rf"(?:(?:new|next|following|subsequent)\s+)?{_PART}\s+(?:after\s+the\s+first\s+)?"
    r"(?:(?:must|should|shall|has\s+to|needs\s+to|will)\s+)?(?:is|be|matches|match|equals?)\s+"
    rf"the\s+(?:last|final)\s+(?P<link2>letter|word)\s+of\s+(?:{_BEFORE})\b"
)
# "the last letter of each word is the first letter of the next (word)"
_LAST_IS_FIRST = compile_lazily(
    rf"\bthe\s+(?:last|final)\s+{_LINKED}\s+of\s+(?:each|every|one)\s+{_PART}\s+"
    r"(?:(?:must|should|shall|has\s+to|needs\s+to|will)\s+)?(?:is|be|becomes?|begins|starts)\s+"
    r"the\s+(?:first|opening|starting)\s+(?P<link2>letter|word)\s+of\s+the\s+(?:next|following)"
    r"(?:\s+(?:one|word|sentence|line|verse|item|bullet(?:\s+point)?))?\b"
)


def _part(raw: str) -> ChainPart | None:
    for start, part in (
        ("word", "word"),
        ("sentence", "sentence"),
        ("line", "line"),
        ("verse", "line"),
        ("item", "item"),
        ("list", "item"),
        ("bullet", "item"),
    ):
        if raw.startswith(start):
            return part  # type: ignore[return-value]
    return None


def chain(sentence: Sentence) -> Iterator[Hit]:
    """ "Each word begins with the last letter of the previous word"."""
    text = sentence.lower
    for pattern in (_EACH, _LAST_IS_FIRST, _IMPERATIVE, _FIRST_IS_LAST):
        for match in pattern.finditer(text):
            after = text[match.end() :]
            if not required(sentence, match.start()) or elsewhere(after) or not closes(after):
                continue
            found = match.groupdict()
            found["link"] = found.get("link") or found.get("linkb")
            if found.get("link2") and found["link2"] != found["link"]:
                continue
            part = _part(found["part"])
            if part is None or (part == "word" and found["link"] != "letter"):
                continue
            spec = Chain(part=part, link="letter" if found["link"] == "letter" else "word")
            yield Hit(spec, match.start(), match.end())
            return


class _Chain(Family):
    name = "chains"
    specs = (Chain,)
    rules: ClassVar[tuple[Rule, ...]] = (chain,)

    def measure(self, spec: Any, text: str) -> Outcome:
        assert isinstance(spec, Chain)
        units = _units(spec, text)
        broken = chain_links(spec, text)
        data: dict[str, Any] = {"parts": len(units), "broken": len(broken)}
        many = _NAMES[spec.part][1]
        return pairs_outcome(
            parts=len(units),
            broken=len(broken),
            data=data,
            passed=f"the {len(units)} {many} hold: {spec.describe()}",
            too_few=f"{len(units)} {many}",
            broken_said=f"{len(broken)} broken link(s) in {len(units)} {many}",
            required=spec.describe(),
            correction=lambda: self.correction(spec, text),
        )

    def correction(self, spec: Any, text: str) -> str:
        assert isinstance(spec, Chain)
        one, many = _NAMES[spec.part]
        broken = chain_links(spec, text)
        if not broken:
            return f"Your answer needs at least two {many}, {spec.describe()}."
        i, a, b, ends, starts = broken[0]
        if not ends:
            return f"Your {one} {i} ({a[:40]!r}) ends with no {spec.link}; make {spec.describe()}."
        return (
            f"Your {one} {i + 1} ({b[:40]!r}) starts with {starts!r}, but {one} {i} ends "
            f"with {ends!r}: start it with {ends!r}. Make {spec.describe()}."
        )


CHAIN = _Chain()
