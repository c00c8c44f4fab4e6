"""Numbers: how many numbers the answer gives ("include at least three
specific numbers", "it must contain a number", "no numbers"), and an answer
that is one number and nothing else ("reply with just the number").

Measured exactly under stated definitions. A number is a numeral: digits,
with thousands separators (``1,000``), a decimal part (``3.5``), a sign or
a percent sign (``-4``, ``12%``) belonging to it; ``2024-05-01`` is three
and ``v2.0.1`` two. A number written in words ("three", "a dozen") is not
counted, a stated approximation: words such as "one" are as often no
number at all. A one-number answer is that numeral alone, surrounding
whitespace, markdown emphasis or backticks and one final period aside; a
unit or a word beside it fails. Its repair needs no judgement where the
answer holds exactly one numeral ("The answer is 391." becomes "391").
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Sequence
from typing import Any, ClassVar, Literal

from redraft.core._lazy_pattern import compile_lazily
from redraft.core._repair import RepairOp
from redraft.criteria._families._base import (
    CountFamily,
    Family,
    FamilyCount,
    FamilySpec,
    counted_hit,
)
from redraft.criteria._families._lexical import asks_about, required
from redraft.criteria._families._only_answer import NUMBER_THING, only_rule
from redraft.criteria._families._reading import Counted, CountPhrases
from redraft.criteria._outcome import Outcome
from redraft.criteria._sentences import Hit, Rule, Sentence, found_in, lowered

__all__ = ["NUMBER_COUNT", "NUMBER_ONLY", "NumberCount", "NumberOnly", "numerals"]

_NUMERAL = compile_lazily(r"(?<![\w.])[-+−]?(?:\d{1,3}(?:,\d{3})+|\d+)(?:\.\d+)?%?(?![\d])")
_BARE = compile_lazily(r"^[-+−]?(?:\d{1,3}(?:,\d{3})+|\d+)(?:\.\d+)?%?$")
_WRAP = "*_` \t\n"


def numerals(text: str) -> list[str]:
    """The numbers of ``text`` written in digits, in order."""
    return [m.group(0) for m in _NUMERAL.finditer(text)]


def _bare(text: str) -> str:
    body = text.strip(_WRAP)
    if body.endswith(".") and not body.endswith(".."):
        body = body[:-1].strip(_WRAP)
    return body


class NumberCount(FamilyCount):
    """Numbers written in digits in the answer (number words not counted)."""

    kind: Literal["number_count"] = "number_count"
    unit: ClassVar[tuple[str, str]] = ("number", "numbers")


class NumberOnly(FamilySpec):
    """The whole answer is one number written in digits."""

    kind: Literal["number_only"] = "number_only"

    def describe(self) -> str:
        return "only a number"


def only_number(text: str) -> str:
    """``text`` bared to its one numeral, where it has exactly one."""
    found = numerals(text)
    if len(found) != 1 or _BARE.match(_bare(text)):
        return text
    return found[0]


_EDITS = (
    RepairOp(
        "only_number",
        120,
        lambda text, _p, _r: only_number(text),
        lambda _: "bared to its one number",
    ),
)


# -- phrasings --------------------------------------------------------------------------

_PHRASES = CountPhrases(
    # "exactly one number" (a count of it). Not "10 random integers": those are
    # the list's items, and the answer's lead-in ("Here are 10 integers between
    # 1 and 100:") and list numbering are numerals too, so a count of every
    # numeral would fail the answer asked for.
    unit=(
        r"(?:(?:specific|concrete|exact|real|precise|hard|different|distinct|unique)\s+)?"
        r"(?:numbers?|numerals?|figures)"
    ),
    singular="number",
    bare=(
        r"include|includes|including|use|using|cite|citing|give|mention|contain|containing|with|"
        r"list|generate|produce|provide|write"
    ),
    none=True,
    before=r"\b(?:each|every|per|bullet|item|heading|title|sentence|paragraph|line|phone|page)s?\b",
    # "10 random integers between 1 and 100": the range of each, not a place
    after=r"\s*(?:between\s+-?\d+\s+and\s+-?\d+|from\s+-?\d+\s+to\s+-?\d+)\b",
)
# "it must contain a number": at least one; not "a number of …", "a phone number".
_A_NUMBER = compile_lazily(
    r"\b(?:contain|contains|include|includes|mention|mentions|use|have|has|feature)\s+"
    r"(?:at\s+least\s+)?(?:a|one)\s+(?:specific\s+|concrete\s+|real\s+)?(?:number|numeral)\b"
    r"(?!\s*(?:of|line|sign|plate|between|from|for|to|that|which|per|above|below|over|under)\b)"
    # a kind of number ("a number greater than 100") or one part's ("a number in the title")
    r"(?!\s*(?:(?:bigger|greater|larger|smaller|higher|lower|less|more)\s+than|"
    r"in\s+(?!(?:your|the)\s+(?:answer|response|reply)\b)))"
)


# "3 numbers, written as words": numbers, but none of them a numeral the check counts
_IN_WORDS = compile_lazily(
    # within the clause: "3 numbers in digits and no numbers spelled out" asks 3 numerals
    r"^(?:(?!\b(?:and|but|or)\b)[^.;:]){0,40}?\b(?:in\s+words|as\s+words|spel(?:led|t|l)|written\s+out|in\s+letters|"
    r"in\s+roman|roman\s+numerals?)"
)
# "avoid precise numbers" (be vague, "about 50" allowed), "no numbers except the year"
_QUALIFIED_NONE = compile_lazily(
    r"(?:specific|concrete|exact|precise|hard|real|big|large|made-up|fake|invented)\s+"
    r"(?:numbers?|numerals?|figures)\b"
    r"|\b(?:numbers?|numerals?|figures)\s+(?:except|other\s+than|besides|apart\s+from|but)\b"
)
# "give me 5 numbers", "write 10 numbers": a list of numbers, whose lead-in and
# numbering are numerals too, so an exact count of numerals fails the answer asked
_LISTING = compile_lazily(
    r"\b(?:give|list|generate|produce|provide|write|pick|choose|name|suggest|output|print|"
    r"return|draw|roll|come\s+up\s+with)\b"
)


def _not_numerals(text: str, found: Counted) -> bool:
    """Whether a count read is no count of the numerals the answer writes."""
    if _IN_WORDS.match(text[found.end :]):
        # "no numbers spelled out in words" bans words, not numerals
        return True
    if found.form == "none" and _QUALIFIED_NONE.search(text, max(0, found.start - 12)):
        return True
    if found.relation == "at_least":
        return False
    clause = re.split(r"[,;:(]|\b(?:and|but|then)\b", text[: found.start])[-1]
    return bool(found.value and _LISTING.search(clause + text[found.start : found.end]))


def number_counts(sentence: Sentence) -> Iterator[Hit]:
    """ "Include at least three specific numbers", "it must contain a number", "no numbers"."""
    if asks_about(sentence):
        return
    for found in _PHRASES.read(sentence):
        if _not_numerals(sentence.lower, found):
            continue
        yield from counted_hit(lambda r, v: NumberCount(relation=r, value=v), found)
    text = sentence.lower
    if "number" not in text and "numeral" not in text:
        return
    for match in _A_NUMBER.finditer(text):
        if required(sentence, match.start()):
            yield Hit(NumberCount(relation="at_least", value=1), *match.span())
            return


_ONLY = compile_lazily(
    r"\b(?:reply|respond|answer|output|return|give|print|write|state)\s+(?:me\s+)?"
    r"(?:with\s+)?(?:just|only|nothing\s+but|solely)\s+(?:the|a|one|a\s+single)\s+"
    r"(?:final\s+)?(?:number|numeric\s+(?:answer|value|result)|numerical\s+(?:answer|value)|"
    r"integer|figure|digits?)\b(?!\s*(?:of|for|that|which|in|on|per)\b)"
    r"|\b(?:your\s+)?(?:answer|reply|response|output)\s+(?:must|should)\s+be\s+(?:just\s+|only\s+)?"
    r"(?:a\s+single|one|a)\s+(?:number|integer)(?:\s+and\s+nothing\s+else|\s+only)?\b"
    r"(?!\s*(?:of|for|that|which|in|on|per|between)\b)"
)
# The answer must also hold something else: "the number and a short explanation".
_MORE = compile_lazily(r"^\s*(?:,\s*)?(?:and|plus|then|followed|with|along)\b")


# "… then tell me the real answer": the answer holds more than the number
_THEN_MORE = compile_lazily(
    r"\b(?:then|and\s+then|followed\s+by)\s+(?:tell|explain|give|write|add|say|describe|show)\b"
)


def number_only(sentence: Sentence) -> Iterator[Hit]:
    """ "Reply with just the number", "answer with only a number, no words"."""
    text = sentence.lower
    if not re.search(r"number|numeric|integer|figure|digit", text):
        return
    for match in _ONLY.finditer(text):
        if _MORE.match(text[match.end() :]) or _THEN_MORE.search(text, match.end()):
            continue
        if required(sentence, match.start()) and not _explains(sentence):
            yield Hit(NumberOnly(), *match.span())
            return


def _explains(sentence: Sentence) -> bool:
    """Whether the prompt also asks for an explanation, which is not a number."""
    whole = lowered(sentence.whole)
    return bool(re.search(r"\b(?:explain|show\s+your\s+work|justify|walk\s+me\s+through)\b", whole))


# -- measures ---------------------------------------------------------------------------


class _NumberCount(CountFamily):
    name = "number_count"
    specs = (NumberCount,)
    rules: ClassVar[tuple[Rule, ...]] = (number_counts,)
    written_as = " written in digits (such as 42 or 3.5)"

    def found(self, spec: Any, text: str) -> Sequence[str]:
        return numerals(text)


# "a US phone number in the form (555) 555-0123. Just the number.": a number
# written with brackets, dashes or letters, which a bare numeral is not
_IDENTIFIER = compile_lazily(
    r"\b(?:phone|telephone|mobile|cell|fax|zip|postal|isbn|issn|serial|account|card|tracking|"
    r"order|invoice|version|id|identification|licen[cs]e|reference|ssn|social\s+security|"
    r"routing|iban|swift|vin|passport|registration|model|part|flight|room|house|pin|"
    r"confirmation|booking|policy|case|ticket|employee|student|customer|member)\s+(?:number|no\b|#)|"
    r"\b(?:zip|postal|post)\s*codes?\b"
)


def _plain(rule: Rule) -> Rule:
    """``rule``, where the number asked for is a plain one."""

    def plain(sentence: Sentence) -> Iterator[Hit]:
        if not found_in(_IDENTIFIER, lowered(sentence.whole)):
            yield from rule(sentence)

    plain.__name__ = plain.__qualname__ = getattr(rule, "__name__", "number_only")
    return plain


class _NumberOnly(Family):
    name = "number_only"
    specs = (NumberOnly,)
    rules: ClassVar[tuple[Rule, ...]] = (
        _plain(number_only),
        _plain(only_rule("number", NUMBER_THING, lambda _: NumberOnly())),
    )
    edits: ClassVar[tuple[RepairOp, ...]] = _EDITS

    def measure(self, spec: Any, text: str) -> Outcome:
        body = _bare(text)
        data: dict[str, Any] = {"answer": body[:80]}
        if _BARE.match(body):
            return Outcome(True, "the answer is one number, as required", data=data)
        return Outcome(
            False,
            f"the answer is {body[:60]!r}, not one number; required: only a number",
            self.correction(spec, text),
            score=0.0,
            data=data,
        )

    def correction(self, spec: Any, text: str) -> str:
        found = numerals(text)
        said = f"Your answer is {_bare(text)[:60]!r}"
        if len(found) == 1:
            return f"{said}. Reply with the number alone: {found[0]}, no words or units."
        return f"{said}. Reply with one number alone, in digits, no words or units."

    def repair(self, spec: Any) -> dict[str, Any] | None:
        return {"op": "only_number"}


NUMBER_COUNT = _NumberCount()
NUMBER_ONLY = _NumberOnly()
