"""Literal values a requirement names by what they are, for the keyword rules.

- Strings no prose word can be, read after any naming words: a clock time or
  a range of times ("the departure time 18:30", "opening hours 07:00 to
  22:00"), a dotted version number ("v2.3.1").
- A number, percentage or temperature read only right after a definite noun
  that says it is a value to write ("the year 1899", "the phone number 7726",
  "the number 25%"): a bare number elsewhere is a count ("include 3 examples").
- A literal as the subject of its own modal clause: "the phone 0113 496 0000
  must appear exactly once", "founded year 1987 must be mentioned".
"""

from __future__ import annotations

from collections.abc import Iterator

from redraft.core._lazy_pattern import compile_lazily
from redraft.criteria._families._arguments import frequency
from redraft.criteria._families._keywords import (
    ELSEWHERE,
    OPEN_LIST,
    REQUIRE_DONE,
    keyword_hits,
    own_modal_clause,
)
from redraft.criteria._sentences import Hit, Sentence

__all__ = ["NUMBER_NOUNS", "PHONE", "literal_at", "literal_subjects"]

_CLOCK = r"(?:[01]?\d|2[0-4]):[0-5]\d(?![\w:])"
VALUE_LITERALS = (
    # "18:30", "07:00 to 22:00", "09:00-17:00": a time, or a range of times written as one
    compile_lazily(rf"(?<![\w:.]){_CLOCK}(?:\s*(?:to|–|-)\s*{_CLOCK})?"),
    # "v2.3.1", "1.4.0": three or four dotted parts are a version, never a decimal
    compile_lazily(r"(?<![\w.])v?\d+(?:\.\d+){2,3}(?!\w|\.\w)"),
)
# Nouns that say the value after them is a string to write, not a count.
NUMBER_NOUNS = frozenset(
    [
        "number",
        "year",
        "figure",
        "amount",
        "total",
        "price",
        "cost",
        "fee",
        "percentage",
        "rate",
        "score",
        "code",
        "pin",
        "extension",
        "temperature",
        "phone",
        "hotline",
        "version",
    ]
)
# "1899", "25%", "4.2°C", "12,500": a number as written, to its end
NAMED_NUMBER = compile_lazily(r"(?<![\w.,])\d+(?:[.,]\d+)*(?:\s?%|\s?°\s?[cf]\b)?(?![\w%°]|[.,]\d)")


PHONE = compile_lazily(r"(?<![\w+])\+?\d[\d().-]*(?:[\s.-]?\(?\d[\d)]*){0,5}(?=[\s.,;:!?)]|$)")
_LITERALS = (
    *VALUE_LITERALS,
    compile_lazily(r"https?://[^\s\"'<>]*[^\s\"'<>.,;:!?)]|www\.[^\s\"'<>]*[^\s\"'<>.,;:!?)]"),
    compile_lazily(r"[\w.+-]+@[\w-]+(?:\.[\w-]+)*\.[a-z]{2,}\b"),
    compile_lazily(r"(?<![\w@#])[#@][a-z_]\w*\b"),
    compile_lazily(r"[£$€¥]\s?\d[\d,]*(?:\.\d+)?\b"),
    PHONE,
)
# A code of letters and digits in one token ("LH-88231", "latte2024"): read
# only after a verb of including and a definite noun ("provide an ISO-8601
# date" names a kind of thing, not the string).
_CODE = compile_lazily(r"(?<![\w-])(?=[\w-]*\d)[a-z][\w]*(?:[-_]\w+)*\b")
_DIGITS = compile_lazily(r"\d")


def literal_at(
    sentence: Sentence, pos: int, *, codes: bool, numbers: bool = False
) -> tuple[str, int] | None:
    """The literal at ``pos`` (as written) and where it ends; a plain number
    too where ``numbers`` (right after a noun naming a value)."""
    text = sentence.lower
    if numbers and (number := NAMED_NUMBER.match(text, pos)):
        found = literal_at(sentence, pos, codes=codes)
        if found is not None and found[1] >= number.end():
            return found  # "the phone number 0800-555-0199": the longer literal
        return sentence.unmask(pos, number.end()), number.end()
    for pattern in (*_LITERALS, *((_CODE,) if codes else ())):
        if (match := pattern.match(text, pos)) is None:
            continue
        end = match.end()
        while pattern is PHONE and text[end - 1] in ".-(":
            end -= 1  # "call 0800-555-0199.": the sentence's full stop is not the number's
        value = sentence.unmask(match.start(), end)
        if pattern is PHONE and len(_DIGITS.findall(value)) < 7:
            return None  # "include 3 examples", "add 2024": a count or a year
        return value, end
    return None


_PHONE_LIKE = r"\+?\d[\d().-]*(?:[\s.-]?\(?\d[\d)]*){0,5}"
_SUBJECT = compile_lazily(
    r"(?:^|[,;:]\s*|\band\s+)(?P<start>(?:(?:the|our|my|your)\s+)?(?:[a-z]+\s+){0,2}"
    rf"(?P<noun>[a-z]+)\s+)(?P<value>{_PHONE_LIKE}|[a-z]*\d[\w-]*)\s+"
    r"(?:must|should|has\s+to|needs\s+to|is\s+to)\s+"
    r"(?:appear|be\s+(?:mentioned|included|used|stated|given|shown|quoted))\b"
)


def literal_subjects(sentence: Sentence) -> Iterator[Hit]:
    """ "the phone 0113 496 0000 must appear exactly once": a literal named by
    its noun, required by a modal clause of its own."""
    text = sentence.lower
    for match in _SUBJECT.finditer(text):
        if match.group("noun") not in NUMBER_NOUNS:
            continue
        found = literal_at(sentence, match.start("value"), codes=True, numbers=True)
        if found is None or found[1] != match.end("value"):
            continue  # "the year 2025 must …" read whole, or nothing
        amounts, end = frequency(sentence, match.end())
        if not amounts or OPEN_LIST.match(text, end) or ELSEWHERE.match(text, end):
            continue
        if not REQUIRE_DONE.match(text, end):
            continue
        if not own_modal_clause(sentence, match.start("start")):
            continue
        yield from keyword_hits([found[0]], amounts, match.start("start"), end)
