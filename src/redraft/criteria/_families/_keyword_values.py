"""Values the request spells out for the answer to hold, named by what they
are: "mention the return date as 14 March 2025", "the time as 15:00", "my
return date written exactly like Monday, 12 January 2026", "mention the date
Friday 14 March and the cost £8.50 written exactly like that", "Include the
amount written exactly as $4.5M".

A value is read only where it is concrete (a written-out date, a clock time,
an amount of money, or a quoted string): "write the date as DD/MM/YYYY" or
"the date as a weekday" states a form, not a value, and compiles nothing here.
All-numeric dates ("14/06/2025") are left to the value-format rules.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from redraft.core._lazy_pattern import compile_lazily
from redraft.criteria._families._arguments import ARG, frequency
from redraft.criteria._families._keywords import (
    ELSEWHERE,
    OPEN_LIST,
    REQUIRE_DONE,
    keyword_hits,
    more_keywords,
)
from redraft.criteria._families._lexical import asks_about
from redraft.criteria._families._qualified import taken_back
from redraft.criteria._sentences import Hit, Sentence, response_context

__all__ = ["named_counted", "written_values"]

_MONTH = (
    r"(?:january|february|march|april|may|june|july|august|september|october|november|december|"
    r"jan|feb|mar|apr|jun|jul|aug|sep|sept|oct|nov|dec)"
)
_WEEKDAY = r"(?:monday|tuesday|wednesday|thursday|friday|saturday|sunday)"
_DAY = r"\d{1,2}(?:st|nd|rd|th)?"
_VALUE = (
    # "Monday, 12 January 2026", "14 March 2025", "Friday 14 March", "March 14, 2025"
    rf"(?:{_WEEKDAY},?\s+)?(?:{_DAY}\s+{_MONTH}|{_MONTH}\s+{_DAY})(?:,?\s+\d{{4}})?\b"
    # "15:00", "3:30 pm", "3-6 pm" (either dash), "22:00-07:00"
    r"|\d{1,2}:\d{2}\s*[–-]\s*\d{1,2}:\d{2}\b"
    r"|\d{1,2}[:.]\d{2}(?:\s*[ap]\.?m\b\.?)?|\d{1,2}(?::\d{2})?\s*[–-]\s*\d{1,2}(?::\d{2})?\s*[ap]\.?m\b\.?"
    # "£8.50", "$4.5M", "€1,200", and a range of them: "£32,000-£36,000" (either dash)
    r"|[£$€¥]\s?\d[\d,]*(?:\.\d+)?\s*[–-]\s*[£$€¥]?\s?\d[\d,]*(?:\.\d+)?\b"
    r"|[£$€¥]\s?\d[\d,]*(?:\.\d+)?(?:\s?[kmb]n?\b|\b)"
    rf"|{ARG}"
)
# What the value is: "the return date", "my flight time", "the total cost".
_NOUN = (
    r"(?:date|dates|time|times|deadline|amount|price|cost|fee|total|sum|figure|budget|"
    r"salary|start\s+time|end\s+time)"
)
_OWNER = r"(?:the|my|our|your|its|their|his|her)"
_VERB = r"(?:mention|mentions|include|includes|write|writes|give|state|show|put|quote|list)"
# "mention the return date as 14 March 2025", "the amount written exactly as $4.5M"
_AS_VALUE = compile_lazily(
    rf"\b(?:(?P<verb>{_VERB})\s+)?{_OWNER}\s+(?:[a-z-]+\s+){{0,2}}?{_NOUN}\s+"
    r"(?:(?:written|spelled|spelt|formatted|given|shown|stated|printed)\s+)?(?:exactly\s+)?"
    rf"(?:as|like)\s+(?P<value>{_VALUE})"
)
# "mention the date Friday 14 March and the cost £8.50 written exactly like that"
_VALUE_THEN_AS = compile_lazily(
    rf"\b(?P<verb>{_VERB})\s+{_OWNER}\s+(?:[a-z-]+\s+){{0,2}}?{_NOUN}\s+(?P<value>{_VALUE})"
)
_NEXT_VALUE = compile_lazily(
    rf"\s*,?\s*(?:and\s+)?{_OWNER}\s+(?:[a-z-]+\s+){{0,2}}?{_NOUN}\s+(?:(?P<as>as|like)\s+)?"
    rf"(?P<value>{_VALUE})"
)
# After the first value, the next with "as" may drop its owner: "the date written
# as "Saturday, 14 June", time as "3-6 pm""
_NEXT_AS_VALUE = compile_lazily(
    rf"\s*,?\s*(?:and\s+)?(?:{_OWNER}\s+)?(?:[a-z-]+\s+){{0,2}}?{_NOUN}\s+"
    r"(?:(?:written|spelled|spelt|formatted|given|shown|stated)\s+)?(?P<as>as|like)\s+"
    rf"(?P<value>{_VALUE})"
)
# "Start date written as 1 March 2027.", "…, and quiet hours written as 22:00-07:00":
# a criteria item naming the value and how it is written, with no owner or verb
_LABEL_AS = compile_lazily(
    r"(?:^[\s\-*•]*|[,;]\s*|\band\s+)(?P<label>(?:[a-z-]+\s+){0,2}?"
    rf"(?:{_NOUN}|hours|count|window|range))\s+"
    r"(?:written|shown|spelled|spelt|formatted|printed|stated)\s+(?:exactly\s+)?(?:as|like)\s+"
    rf"(?P<value>{_VALUE})"
)
# A form, not a value: "the date as 'DD/MM/YYYY'", "the code as 'XX-NNNN'"
_TEMPLATE_PART = compile_lazily(r"d{1,4}|m{1,4}|y{2,4}|h{1,2}|s{2}|x{2,}|n{2,}|#{2,}")
_VALUE_SPLIT = compile_lazily(r"[\s/:.,\-–]+")


def _template(value: str) -> bool:
    return any(_TEMPLATE_PART.fullmatch(p.lower()) for p in _VALUE_SPLIT.split(value) if p)


_LIKE_THAT = compile_lazily(
    r"\s*,?\s+(?:written|spelled|spelt|formatted)?\s*(?:exactly\s+)?(?:like|as)\s+"
    r"(?:that|this|shown|given|above|i\s+wrote\s+(?:it|them))\b"
)
# "Write the date as '3 April 2025' instead (UK style)"; "—" ends the clause
_INSTEAD = compile_lazily(r"\s+instead\b")


# A value shown as a sample of its form, not as the value to write: "the return
# date formatted as Monday, 14 July 2025", "… as 14 March 2025 (day, month
# name, year)", "… like 3:30 pm style"
_FORMATTED = compile_lazily(r"\b(?:formatted|in\s+the\s+(?:format|form|style)\s+of)\b")
_SAMPLE_AFTER = compile_lazily(
    r"\s*\([^()]*\b(?:weekday|day|month|year|hours?|minutes?|digits?|format|style|pattern)s?\b"
    r"[^()]*\)|\s*-?\s*(?:style|format)\b|\s*,?\s*(?:or\s+similar|e\.g\.|for\s+example)"
)


def _sample(text: str, start: int, value: int, end: int) -> bool:
    return bool(_FORMATTED.search(text, start, value) or _SAMPLE_AFTER.match(text, end))


def _value(sentence: Sentence, match: re.Match[str]) -> str:
    raw = sentence.unmask(match.start("value"), match.end("value"))
    return raw.strip("\"“”'‘’«»`").strip()


def _more(sentence: Sentence, pos: int, *, needs_as: bool) -> tuple[list[str], int]:
    """Further values of the same verb ("… and the time as 15:00")."""
    values: list[str] = []
    pattern = _NEXT_AS_VALUE if needs_as else _NEXT_VALUE
    while (match := pattern.match(sentence.lower, pos)) and (match.group("as") or not needs_as):
        values.append(_value(sentence, match))
        pos = match.end()
    return values, pos


def _required(sentence: Sentence, start: int, end: int) -> bool:
    text = sentence.lower
    if instead := _INSTEAD.match(text, end):
        end = instead.end()
    if not REQUIRE_DONE.match(text, end) or ELSEWHERE.match(text, end):
        return False  # "… in the subject line", "… or later": somewhere, or not this value
    return not asks_about(sentence, start) and response_context(sentence, start)


def written_values(sentence: Sentence) -> Iterator[Hit]:
    """Concrete values the answer must hold as written, named by what they are."""
    text = sentence.lower
    for pattern in (_AS_VALUE, _LABEL_AS):
        for match in pattern.finditer(text):
            more, end = _more(sentence, match.end(), needs_as=True)
            values = [_value(sentence, match), *more]
            if any(_template(v) for v in values):
                continue  # "write the date as 'DD/MM/YYYY'": a form, the format rules'
            if _sample(text, match.start(), match.start("value"), end):
                continue  # "the date formatted as Monday, 14 July 2025 (weekday, …)": a form
            start = match.start("label") if pattern is _LABEL_AS else match.start()
            if _required(sentence, start, end):
                yield from keyword_hits(values, [("at_least", 1)], start, end)
    for match in _VALUE_THEN_AS.finditer(text):
        more, end = _more(sentence, match.end(), needs_as=False)
        # the value must be said to be written as given: "mention the date Friday 14 March"
        # alone may name the event's date without asking for that spelling
        if (tail := _LIKE_THAT.match(text, end)) and _required(sentence, match.start(), tail.end()):
            values = [_value(sentence, match), *more]
            yield from keyword_hits(values, [("at_least", 1)], match.start(), tail.end())


# "Include the restaurant name 'Osteria Lupa' once", "mention our tagline 'Grow
# gently' twice": a quoted value named by what it is, with how often it appears
# (the same value with no count is read by the keyword family's own rule).
_NAMED_COUNTED = compile_lazily(
    r"\b(?:include|includes|mention|mentions|use|uses|contain|contains|repeat|say)\s+"
    r"(?:the|our|my|your|their|his|her|this)\s+"
    r"(?!(?:format|template|style|structure|pattern|form|layout|tone|voice|example|word|words|"
    r"phrase|phrases|keywords?|terms?|letters?|characters?|symbols?)\b)"
    rf"(?:[\w-]+\s+){{1,2}}?(?P<value>{ARG})"
)


def named_counted(sentence: Sentence) -> Iterator[Hit]:
    """A quoted value named by what it is, and its stated count."""
    text = sentence.lower
    for match in _NAMED_COUNTED.finditer(text):
        amounts, end = frequency(sentence, match.end())
        if end == match.end() or not amounts or OPEN_LIST.match(text, end):
            continue  # no count stated: the plain reading's
        if taken_back(text, end) or not _required(sentence, match.start(), end):
            continue
        yield from keyword_hits([_value(sentence, match)], amounts, match.start(), end)
        yield from more_keywords(sentence, end)
