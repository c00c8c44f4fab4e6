"""Forbidden characters: "no commas", "do not use any exclamation marks",
"commas are not allowed".

Measured exactly: each listed character, counted anywhere in the answer. A
mark banned in one place only ("no period at the end", "no commas in the
title") compiles nothing, since a ban on the whole answer would overreach.
So does one period banned where the request is for a one-line piece ("a
headline … Headline case, no period"): writers mean the mark that would
end it, the ``no_final_mark`` kind's (read in ``_punctuation``).
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from functools import partial
from typing import Any, ClassVar, Literal

from pydantic import Field

from redraft.core._lazy_pattern import compile_lazily
from redraft.core._text import noun
from redraft.criteria._families._arguments import Corrected, response_spec, spec_hit
from redraft.criteria._families._base import FamilySpec
from redraft.criteria._families._quoted_chars import quoted_chars
from redraft.criteria._families._symbol_bans import banned_symbols
from redraft.criteria._outcome import Outcome
from redraft.criteria._sentences import THING, Hit, Rule, Sentence, lowered, searched

__all__ = [
    "FORBIDDEN_CHARS",
    "ONE_LINE_PIECE",
    "ForbiddenChars",
    "one_period_of_a_line",
    "punctuation",
]


class ForbiddenChars(FamilySpec):
    """None of the characters in ``chars`` may appear (``","`` = no commas)."""

    kind: Literal["forbidden_chars"] = "forbidden_chars"
    chars: str = Field(min_length=1, max_length=20)

    def describe(self) -> str:
        return "none of the characters " + " ".join(repr(c) for c in self.chars)

    def slot(self) -> tuple[object, ...]:
        return (self.kind, "".join(sorted(set(self.chars))))


_CHAR_NAMES = {
    ",": "comma",
    ".": "period",
    "!": "exclamation mark",
    "?": "question mark",
    ";": "semicolon",
    ":": "colon",
    "-": "hyphen",
    "#": "hash sign",
    "*": "asterisk",
    '"': "double quote",
    "'": "apostrophe",
}


def _char_name(ch: str, count: int = 2) -> str:
    """The name of a character, in the form that goes with ``count``."""
    return noun(count, _CHAR_NAMES.get(ch, f"{ch!r} character"))


def _forbidden_chars(spec: ForbiddenChars, text: str) -> Outcome:
    counts = {ch: text.count(ch) for ch in dict.fromkeys(spec.chars)}
    found = {ch: n for ch, n in counts.items() if n}
    data: dict[str, Any] = {"measured": counts}
    if not found:
        return Outcome(True, f"the answer has {spec.describe()}, as required", data=data)
    listed = ", ".join(f"{n} {_char_name(ch, n)}" for ch, n in found.items())
    names = " or ".join(_char_name(ch) for ch in found)
    return Outcome(
        False,
        f"the answer has {listed}; required: {spec.describe()}",
        f"Your answer has {listed}; it must have none. Rewrite it without {names}.",
        data=data,
    )


_PUNCTUATION = {
    "comma": ",",
    "period": ".",
    "full stop": ".",
    "exclamation mark": "!",
    "exclamation point": "!",
    "question mark": "?",
    "semicolon": ";",
    "colon": ":",
    "hyphen": "-",
    # A hyphen joins words; a dash separates clauses: "no dashes" bans dashes.
    "dash": "–—",
    "em dash": "—",
    "en dash": "–",
    "backtick": "`",
    # Double quotes only: an apostrophe is not a quotation mark.
    "quotation mark": '"“”',
    "double quote": '"“”',
    # typographic quotes, single and double (a straight apostrophe stays allowed)
    "curly quote": "“”‘’",
    "smart quote": "“”‘’",
    "digit": "0123456789",
    "asterisk": "*",
    # the one-character ellipsis, not three dots: "three dots (no ellipsis character)"
    "ellipsis character": "…",
    # both halves: "no parentheses" bans the pair, "(" as much as ")"
    "parenthesis": "()",
    "round bracket": "()",
    "square bracket": "[]",
}
_MARKS = (
    r"(?P<mark>commas?|periods?|full\s+stops?|exclamation\s+(?:marks?|points?)|"
    r"question\s+marks?|semicolons?|colons?|hyphens?|(?:em|en)[\s-]dash(?:es)?|dashes|"
    # not hashtags: "no hashtags" is the hashtag count's (a '#' in "C#" is no hashtag)
    r"parenthes[ie]s|(?:round|square)\s+brackets|"
    r"asterisks?|backticks?|ellipsis\s+(?:characters?|symbols?|glyphs?)|(?:double\s+)?quotation\s+marks?|double\s+quotes?|"
    r"(?:curly|smart)\s+(?:quotes|quotation\s+marks)|"
    # plural only: "no digit repeated" is about something else; "numbers or
    # digits" are the digits ("no numbers" alone is the number count's)
    r"(?:numbers\s+(?:or|and)\s+)?digits)\b"
)
_NO_PUNCTUATION = compile_lazily(
    r"(?:^[\s\-*•]*no|[,(]\s*no|[—–]\s*no|\band\s+no|\b(?:(?:do\s+not|don'?t|doesn'?t|does\s+not|never|must\s+not|"
    r"mustn'?t|should\s+not|shouldn'?t|cannot|can'?t|may\s+not|(?:are|is)\s+not\s+allowed\s+to|"
    r"avoid|refrain\s+from)\s+"
    r"(?:use|using|include|including|put|putting|write|writing|add|adding|contain|containing|have|"
    r"the\s+use\s+of)?|without(?:\s+using|\s+the\s+use\s+of)?|with\s+no|use\s+no|"
    r"(?:contain|contains|have|has|be)\s+no|there\s+(?:should|must)\s+be\s+no|"
    # a learner's bare "not use": "Also not use any exclamation mark" (a verb required)
    r"(?:(?<=^)|(?<=also\s)|(?<=please\s))not\s+(?:use|using|include|put|write|add))|"
    # "and not a single comma", "not one exclamation mark"
    r"\bnot\s+(?=(?:a\s+single|one)\s))\s*"
    # "don't put a period anywhere", "without a single comma"
    r"(?:any\s+|a\s+single\s+|one\s+single\s+|(?<=not\s)one\s+|(?<!\bno\s)a\s+)?" + _MARKS
)
# "Write all numbers in words, never as digits", "spell out numbers as words",
# "no numbers written as digits": every number spelled, so no digit at all
# (not "spell out numbers under ten": some numbers only)
_SPELLED = (
    r"(?!\s*,?\s*(?:except|but|other\s+than|apart|unless|under|below|over|above|less|more|up\s+to|"
    r"from|between|smaller|larger|greater|if|when|where|one\s+through|for\s+(?:the|any|small))\b)"
)
_NUMBERS_IN_WORDS = compile_lazily(
    r"\b(?:write|spell(?:\s+out)?|express|give)\s+(?:all\s+|every\s+|any\s+)?(?:the\s+)?"
    r"(?:numbers?|numerals)\s+(?:out\s+)?(?:in|as|using)\s+(?:full\s+)?words\b"
    + _SPELLED
    + r"|\b(?:no|never|not(?:\s+(?:contain|include|use|have))?|without|"
    r"(?:do\s+not|don'?t)\s+(?:use|include|write|contain))\s+(?:any\s+)?"
    r"(?:numbers?\s+(?:written\s+)?)?(?:as|in)\s+(?:digits|numerals)\b"
)
# "no € sign", "never use the % sign": an unquoted symbol named as a sign
_NO_SIGN = compile_lazily(
    r"(?:^|[,(—–;]|\band)\s*(?:no|without|never\s+use|(?:do\s+not|don'?t)\s+use)\s+"
    r"(?:any\s+|the\s+|a\s+)?(?P<sym>[€$£¥%&@#~^+=<>|\\/])\s*(?:signs?|symbols?)\b"
)
# "Commas are not allowed.", "No commas are allowed in your answer."
_MARKS_BANNED = compile_lazily(
    r"(?:^[\s\-*•]*|\b(?:and|also|,)\s*)(?:no\s+)?" + _MARKS + r"\s+(?:are|is)\s+(?:not\s+)?"
    r"(?:allowed|permitted)"
)


_LEAD = compile_lazily(r"^(?:[\s\-*•,(—–]|and\s)*")
_LEAD_CHARS = " -*•,(—–"
# Where "not a single comma" ends as a ban: the clause ends, or says where
_BAN_ENDS = compile_lazily(
    r"\s*(?:$|[.;,!)]|—|–|(?:and|or|nor|anywhere|at\s+all|whatsoever|in\s+(?:the|your))\b)"
)
_MORE_MARKS = compile_lazily(r"\s*,?\s*(?:or|and|nor)\s+(?:any\s+)?" + _MARKS)


# "No period at the end", "no commas in the title": a mark banned in one place
# only, which a ban on the whole answer would overreach.
_OTHER_PLACE = compile_lazily(
    r"\s*(?:(?:in|from|at|on|after|before|between|inside|within|around)\s+(?:the|each|every|"
    r"any|a|your|its)\b|(?:to|that)\s+(?:end|start|begin|finish|close)s?\b|"
    # "no full stops in abbreviations", "no commas in numbers": the marks of one
    # sort of thing, named by a bare plural (not "in total", "in words")
    r"(?:in|inside|within)\s+(?!(?:words|lowercase|uppercase|caps|capitals|bold|italics|"
    r"answers|responses|replies|outputs|texts|messages|general|ways|terms|places)\b)"
    r"(?:[a-z-]+\s+)?[a-z-]{2,}(?<!s)s\b(?!\s+(?:or|and|,))|"
    # a mark in one role: "don't use dashes for bullets" bans the hyphen bullet,
    # not every dash; "no asterisks as list markers"
    r"(?:for|as)\s+(?:the\s+|a\s+|an\s+|your\s+)?(?:[\w-]+\s+)?(?:bullets?|bullet\s+points?|"
    r"lists?|list\s+items?|markers?|separators?|dividers?|delimiters?|headings?|headers?|emphasis|"
    r"bold|italics?|numbering|ranges?|compound\s+words?)\b)"
)
_RESPONSE_PLACE = compile_lazily(
    rf"\s*(?:in|within|throughout)\s+(?:the|your)\s+(?:entire\s+|whole\s+)?{THING}\b"
)


# A ban on one sort of thing's marks, the thing written just before: "write
# numbers without commas (1000, not 1,000)", "list the usernames with no dashes"
_OBJECT_BEFORE = compile_lazily(
    r"\b(?:write|writing|give|format|show|list|type|enter|spell)\s+(?:out\s+)?(?:the\s+|all\s+|every\s+|"
    r"any\s+|your\s+|each\s+)?(?:[\w-]+\s+)?(?:numbers?|numerals|figures|amounts|prices|dates|names?|"
    r"usernames?|titles?|passwords?|urls?|ids?|codes?|keys?|values?|tags?|hashtags?|words?|"
    r"file\s*names?|phone\s+numbers?|addresses|emails?)\s*,?\s*$"
)
# A piece of one line whose "no period" is the mark that would end it.
ONE_LINE_PIECE = compile_lazily(
    r"\b(?:head\s?lines?|titles?|taglines?|slogans?|subject\s+lines?|captions?|mottos?|"
    r"one[-\s]liners?|tweets?|names?\s+for)\b"
)
_ONE_PERIOD = compile_lazily(r"(?:period|full\s+stop)$")


# A ban spelled out in brackets after another ban: "Absolutely no statistics (no
# digits at all)" is required where the ban before it is
_BAN_BEFORE_BRACKET = compile_lazily(
    r"(?:^[\s\-*•]*|[,;:]\s*|\b(?:and|but)\s+)(?P<ban>(?:absolutely\s+|strictly\s+)?no)\s+"
    r"[^()\ue000]{1,60}?\(\s*$"
)


def one_period_of_a_line(sentence: Sentence, mark: str) -> bool:
    """ "Headline case, no period": a single period banned (not "periods")
    where the request is for a piece of one line."""
    return (
        _ONE_PERIOD.search(mark) is not None
        and searched(ONE_LINE_PIECE, lowered(sentence.whole or sentence.masked)) is not None
    )


def punctuation(sentence: Sentence) -> Iterator[Hit]:
    banned = [
        m
        for m in _MARKS_BANNED.finditer(sentence.lower)
        if ("no" in m.group(0).split()) != (" not " in m.group(0))
    ]
    for match in [*_NO_PUNCTUATION.finditer(sentence.lower), *banned]:
        chars = _chars_of(match.group("mark"))
        end = match.end()
        # "no em dashes or semicolons": the marks the list goes on to name
        while more := _MORE_MARKS.match(sentence.lower, end):
            chars += _chars_of(more.group("mark"))
            end = more.end()
        after = sentence.lower[end:]
        if not chars or (_OTHER_PLACE.match(after) and not _RESPONSE_PLACE.match(after)):
            continue
        if end == match.end() and one_period_of_a_line(sentence, match.group("mark")):
            continue
        if match.group(0).lstrip(_LEAD_CHARS).startswith("not") and not _BAN_ENDS.match(
            sentence.lower, end
        ):
            continue  # "it's not a single comma that matters": no ban
        if _OBJECT_BEFORE.search(sentence.lower, 0, match.start()):
            continue  # "write numbers without commas": the marks of one sort of thing
        # the phrase starts at its ban, not at the comma before it (", no digits")
        start = match.start() + len(match.group(0)) - len(_LEAD.sub("", match.group(0)))
        if outer := _BAN_BEFORE_BRACKET.search(sentence.lower, 0, start):
            start = outer.start("ban")  # "no statistics (no digits at all)": the ban it spells out
        yield from response_spec(
            sentence, partial(ForbiddenChars, chars=chars), start, end, owns_negation=True
        )


def spelled_numbers(sentence: Sentence) -> Iterator[Hit]:
    """ "Write all numbers in words, never as digits": no digit; "no € sign": no €."""
    text = sentence.lower
    for match in _NUMBERS_IN_WORDS.finditer(text):
        if _OTHER_PLACE.match(text, match.end()) and not _RESPONSE_PLACE.match(text, match.end()):
            continue  # "spell out numbers in the title"
        yield from response_spec(
            sentence,
            partial(ForbiddenChars, chars=_PUNCTUATION["digit"]),
            *match.span(),
            owns_negation=True,
        )
    for match in _NO_SIGN.finditer(text):
        if _OTHER_PLACE.match(text, match.end()) and not _RESPONSE_PLACE.match(text, match.end()):
            continue
        start = match.start() + len(match.group(0)) - len(_LEAD.sub("", match.group(0)))
        yield from response_spec(
            sentence,
            partial(ForbiddenChars, chars=match.group("sym")),
            start,
            match.end(),
            owns_negation=True,
        )


def quoted_punctuation(sentence: Sentence) -> Iterator[Hit]:
    """ "The character '#' should not appear", "never use the '@' symbol"."""
    for char, start, end in quoted_chars(sentence):
        yield from response_spec(
            sentence, partial(ForbiddenChars, chars=char), start, end, owns_negation=True
        )


def symbols(sentence: Sentence) -> Iterator[Hit]:
    """ "No quotes around values", "no symbols like & or %": the symbols named."""
    for chars, start, end in banned_symbols(sentence):
        if hit := spec_hit(partial(ForbiddenChars, chars=chars), start, end):
            yield hit


def _chars_of(mark: str) -> str:
    name = " ".join(mark.replace("-", " ").split())
    name = name[:-2] if name.endswith("dashes") else name.rstrip("s")
    name = "exclamation mark" if name.startswith("exclamation") else name
    name = "digit" if name.endswith("digit") else name
    name = "ellipsis character" if name.startswith("ellipsis") else name
    name = "parenthesis" if name.startswith("parenthes") else name
    name = re.sub(r"^(curly|smart) quotation mark$", r"\1 quote", name)
    return _PUNCTUATION.get(name) or _PUNCTUATION.get(name + "s") or ""


class _ForbiddenChars(Corrected):
    name = "forbidden characters"
    specs = (ForbiddenChars,)
    rules: ClassVar[tuple[Rule, ...]] = (
        punctuation,
        quoted_punctuation,
        spelled_numbers,
        symbols,
    )

    def measure(self, spec: Any, text: str) -> Outcome:
        return _forbidden_chars(spec, text)

    def repair(self, spec: Any) -> dict[str, Any] | None:
        return {"op": "remove_commas"} if set(spec.chars) == {","} else None

    def settled_failure(self, spec: Any, partial: str) -> bool:
        return any(ch in partial for ch in spec.chars)


FORBIDDEN_CHARS = _ForbiddenChars()
