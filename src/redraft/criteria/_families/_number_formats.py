"""How numbers, dates and times are written: a fixed number of decimal
places ("round to two decimal places"), dates in one form ("dates as
YYYY-MM-DD", "use DD/MM/YYYY", "dates like 3 March 2025": the forms and how
dates are found are :mod:`._date_formats`'s) and 24-hour times ("use 24-hour
time").

Measured exactly under stated definitions, each on what the answer writes
in that form; an answer that writes none passes (there is nothing to
format). Decimal places: every number written with a decimal point has
exactly that many digits after it; a number without one (a count, a year)
is not checked. Dates: a date written in another form fails (for ISO:
``05/03/2024``, ``March 5, 2024``, ``2025-1-9``; a numeric triple such as
``10/10/10`` is read as a date, approximately), and so does one that is no
date (``2024-13-40``). Times: a time with am/pm fails
(``3:30 pm``, ``3pm``), and so does ``25:00``.

Repairs need no judgement where the value is certain: a number is rounded
or padded to its places (``3.14159`` → ``3.14``, ``2.5`` → ``2.50``); a
date with a month name, or numeric with the year first, is rewritten in the
form asked for, and a numeric day-month-year only where a part over 12 says which is
the day (``25/12/2024``; ``05/03/2024`` is left for the redraft); an am/pm
time becomes 24-hour (``3:30 pm`` → ``15:30``).
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from decimal import ROUND_HALF_UP, Decimal
from typing import Any, ClassVar, Literal

from pydantic import Field, field_validator

from redraft.core._lazy_pattern import compile_lazily
from redraft.core._repair import RepairOp
from redraft.criteria._families._base import Family, FamilySpec, values_outcome
from redraft.criteria._families._date_formats import (
    DATE_TOKENS,
    FORM,
    ISO,
    TEMPLATE_DATE,
    TOKEN_DATES,
    form_of,
    off_dates,
    rewrite_dates,
    stated_form,
)
from redraft.criteria._families._lexical import required
from redraft.criteria._grammar import NUMBER, number_value
from redraft.criteria._outcome import Outcome
from redraft.criteria._sentences import Hit, Rule, Sentence, lowered, searched

__all__ = [
    "DATE_FORMAT",
    "DECIMAL_PLACES",
    "TIME_FORMAT",
    "DateFormat",
    "DecimalPlaces",
    "TimeFormat",
]

_SHOWN = 3


class DecimalPlaces(FamilySpec):
    """Every number written with a decimal point has ``places`` digits after it."""

    kind: Literal["decimal_places"] = "decimal_places"
    places: int = Field(ge=1, le=10)

    def describe(self) -> str:
        return f"numbers with {self.places} decimal place{'s' if self.places != 1 else ''}"


class DateFormat(FamilySpec):
    """Every date is written in one form: ``iso`` (ISO 8601, YYYY-MM-DD) or
    a pattern of ``DD``/``D``, ``MM``/``M``/``Month``/``Mon`` and
    ``YYYY``/``YY`` (``DD/MM/YYYY``, ``D Month YYYY``, ``Month D, YYYY``)."""

    kind: Literal["date_format"] = "date_format"
    style: str = "iso"

    @field_validator("style")
    @classmethod
    def _a_form(cls, style: str) -> str:
        form = form_of(style)
        if form is None:
            raise ValueError(
                f"style {style!r} is no date form: use 'iso' or a pattern such as DD/MM/YYYY"
            )
        return "iso" if form == ISO else form

    @property
    def pattern(self) -> str:
        return ISO if self.style == "iso" else self.style

    def describe(self) -> str:
        return f"dates written {self.pattern}"


class TimeFormat(FamilySpec):
    """Every time of day is written on one clock: ``24h`` (HH:MM, no am/pm)
    or ``12h`` (with am/pm, hours 1 to 12)."""

    kind: Literal["time_format"] = "time_format"
    style: Literal["24h", "12h"] = "24h"

    def describe(self) -> str:
        return f"times written on the {self.style[:2]}-hour clock"


# -- measures of each form --------------------------------------------------------------

_DECIMAL = compile_lazily(r"(?<![\w.])\d+\.(?P<places>\d+)(?!\w|\.\d)")


def off_decimals(spec: DecimalPlaces, text: str) -> list[str]:
    return [m.group(0) for m in _DECIMAL.finditer(text) if len(m["places"]) != spec.places]


def _round(match: re.Match[str], places: int) -> str:
    value = Decimal(match.group(0)).quantize(Decimal(1).scaleb(-places), rounding=ROUND_HALF_UP)
    return f"{value:.{places}f}"


_AM_PM = compile_lazily(
    r"(?i)\b(?P<h>\d{1,2})(?::(?P<m>\d{2}))?\s*(?P<half>[ap]\.m\.|[ap]\.?m)(?![a-z])"
)
_CLOCK = compile_lazily(r"(?<![\d:])(?P<h>\d{1,2}):(?P<m>\d{2})(?![\d:])")


def off_times(text: str, style: str = "24h") -> list[str]:
    """The times ``text`` writes otherwise than on the ``style`` clock."""
    halves = list(_AM_PM.finditer(text))
    taken = {m.start() for m in halves}
    if style == "12h":
        found = [m.group(0) for m in halves if not 1 <= int(m["h"]) <= 12 or int(m["m"] or 0) > 59]
        return found + [m.group(0) for m in _CLOCK.finditer(text) if m.start() not in taken]
    found = [m.group(0) for m in halves]
    for m in _CLOCK.finditer(text):
        if m.start() not in taken and (int(m["h"]) > 23 or int(m["m"]) > 59):
            found.append(m.group(0))
    return found


def _12h(match: re.Match[str]) -> str:
    hour, minute = int(match["h"]), int(match["m"])
    if hour > 23 or minute > 59 or _AM_PM.match(match.string, match.start()):
        return match.group(0)
    return f"{hour % 12 or 12}:{minute:02d} {'PM' if hour >= 12 else 'AM'}"


def _24h(match: re.Match[str]) -> str:
    hour, minute = int(match["h"]), int(match["m"] or 0)
    if not 1 <= hour <= 12 or minute > 59:
        return match.group(0)
    pm = match["half"].lower().startswith("p")
    hour = hour % 12 + (12 if pm else 0)
    # "… at 5 p.m." ends a sentence too: its period stays
    rest = match.string[match.end() :]
    end = "." if match["half"].endswith(".") and (not rest.strip() or rest[0] == "\n") else ""
    return f"{hour:02d}:{minute:02d}{end}"


_ROUND = RepairOp(
    "round_decimals",
    330,
    lambda text, p, _: _DECIMAL.sub(lambda m: _round(m, int(p["places"])), text),
    lambda p: f"numbers written with {p['places']} decimal places",
)
_ISO_DATES = RepairOp(
    "iso_dates", 340, lambda text, _p, _r: rewrite_dates(ISO, text), lambda _: "ISO dates"
)
_FORM_DATES = RepairOp(
    "format_dates",
    341,
    lambda text, p, _r: rewrite_dates(str(p["pattern"]), text),
    lambda p: f"dates written {p['pattern']}",
)
_24H = RepairOp(
    "24h_times", 350, lambda text, _p, _r: _AM_PM.sub(_24h, text), lambda _: "24-hour times"
)
_12H = RepairOp(
    "12h_times", 351, lambda text, _p, _r: _CLOCK.sub(_12h, text), lambda _: "12-hour times"
)


# -- phrasings --------------------------------------------------------------------------

_PLACES = compile_lazily(
    rf"\b(?:round(?:ed|ing)?\s+(?:\w+\s+){{0,3}}?to|to|with|in|using|give\s+(?:\w+\s+){{0,2}}?with|"
    rf"show(?:ing)?|use)\s+(?:exactly\s+)?(?P<n>{NUMBER})\s+"
    r"(?:decimal\s+places?|decimals|decimal\s+digits|digits\s+after\s+the\s+(?:decimal\s+)?point|d\.?p\.?)"
)
_DATE = r"(?<!my\s)(?<!our\s)(?<!these\s)(?<!those\s)(?<!their\s)(?<!his\s)(?<!her\s)"
_DATES = compile_lazily(
    # "all dates must be written as …", "dates in …", "write every date like …"
    rf"(?:\b{_DATE}(?:(?:all|every|the|any|each)\s+)?(?:the\s+)?dates?\s+(?:(?:should|must|shall|need\s+to|"
    r"has\s+to|have\s+to|are\s+to|(?=are\s+(?:written|formatted|given)))\s+)?(?:always\s+)?"
    r"(?:(?:be\s+|are\s+)?(?:written|formatted|given|shown|displayed|expressed|put)?\s*"
    r"(?:in|as|like|using)\s+(?:the\s+)?(?:format|form|style)?\s*(?::\s*)?|(?<=should\s)be\s+|(?<=must\s)be\s+)"
    r"|\b(?:format|write|give|show|display|express|put|present)\s+(?:all\s+|every\s+|the\s+|any\s+|each\s+)?"
    r"(?:of\s+the\s+)?dates?\s+(?:in|as|like|using)\s+(?:the\s+)?(?:format\s+|form\s+)?(?::\s*)?"
    # "date format: …", "the date format should be …"
    r"|\b(?:the\s+)?date\s+format\s*(?::|(?:should|must)\s+be|is|of)\s*"
    # "use DD/MM/YYYY (for dates)", "use ISO 8601 dates", "in the DD/MM/YYYY format"
    r"|\b(?:use|using|follow|stick\s+to)\s+(?:the\s+)?(?:(?:us|uk|european|american|british)\s+)?"
    r"(?:date\s+)?(?:format\s+)?"
    rf"){FORM}"
)
# One date (no "all", "every", "dates") written "as" a given date: its value.
_ONE_DATE_AS = compile_lazily(r"(?:(?!\b(?:all|every|any|each)\b)[^:])*\bdate\s+as\s+$")
# After a bare "use FORM", what makes it a form of dates.
_USE = compile_lazily(r"\b(?:use|using|follow|stick\s+to)\s")
_FOR_DATES = compile_lazily(
    r"^[\s)]*(?:(?:date\s+)?format\s+|style\s+)?(?:for\s+(?:all\s+|every\s+|the\s+|any\s+)?)?dates?\b"
)
_CLOCKS = r"(?P<clock>24[\s-]?hours?|24h|military|12[\s-]?hours?|12h)"
_TIMES = compile_lazily(
    r"\b(?:use|using|in|with|write\s+(?:all\s+|every\s+|the\s+)?times?\s+(?:in|on|as))\s+"
    rf"(?:the\s+)?{_CLOCKS}\s+(?:time|clock|format|times)\b"
    r"|\b(?:all\s+|every\s+|the\s+)?times?\s+(?:(?:should|must)\s+be\s+)?(?:in|on)\s+(?:the\s+)?"
    rf"{_CLOCKS.replace('clock', 'clock2')}\s+(?:format|clock|time)\b"
    # "write times as HH:MM", "times in HH:MM format", "use HH:MM for times"
    r"|\b(?:write\s+(?:all\s+|every\s+|the\s+)?times?\s+(?:as|in)|(?:all\s+|every\s+|the\s+)?"
    r"times?\s+(?:(?:should|must)\s+be\s+)?(?:in|as))\s+(?P<hhmm>hh:mm)\b"
    r"|\buse\s+(?P<hhmm2>hh:mm)\s+(?:format\s+)?for\s+(?:all\s+|the\s+)?times\b"
    # "times in 24-hour HH:MM", "all times as 24h (HH:MM)"
    r"|\b(?:all\s+|every\s+|the\s+)?times?\s+(?:(?:should|must)\s+be\s+)?(?:in|as)\s+(?:the\s+)?"
    r"(?:24[\s-]?hours?|24h)\s+\(?(?P<hhmm3>hh:mm)\b"
    # "the time in 24h", "times in 12-hour": the clock ends the clause
    r"|\b(?:all\s+|every\s+|the\s+)?times?\s+(?:(?:should|must)\s+be\s+)?in\s+"
    r"(?P<clock3>24[\s-]?hours?|24h|12[\s-]?hours?|12h)(?=\s*(?:$|[.;,!)]|\band\b))"
)
# A template's label to fill: "Time (24h HH:MM):".
_TIME_LABEL = compile_lazily(
    r"^\s*(?:[\w ]{0,20}\b)?times?\s*\((?:24[\s-]?hours?|24h)\s+hh:mm\)\s*:"
)
# One part named: "the date in the header", "times in the table".
_AFTER = compile_lazily(r"^\s*(?:in|for|of)\s+(?:the|each|every)\s+(?!answer|response|reply|text)")


# One sort of number ("prices with 2 decimal places", "percentages to one
# decimal place"): the check would hold every decimal of the answer to it
_ONE_SORT = compile_lazily(
    r"\b(?:prices?|percent(?:ages?|s)?|costs?|amounts?|totals?|money|dollars?|euros?|pounds?|"
    r"currency|currencies|weights?|temperatures?|scores?|ratings?|averages?|means?|rates?|"
    r"probabilit(?:y|ies)|odds|coordinates|latitudes?|longitudes?|measurements?|distances?|"
    r"heights?|lengths?|salar(?:y|ies)|fees?|balances?|ratios?|grades?|times?|speeds?|"
    r"p-?values?|estimates?|figures?|statistics?|stats|\$|€|£|%)(?![\w-])"
)


def _one_sort(text: str, match: re.Match[str]) -> bool:
    """Whether the places are asked of one sort of number, not of every decimal."""
    clause = re.split(r"[;:.!?]\s|\n", text[: match.start("n")])[-1]
    rest = re.split(r"[;.!?]\s|\n", text[match.end() :])[0]
    return bool(_ONE_SORT.search(clause) or _ONE_SORT.search(rest))


def decimal_rules(sentence: Sentence) -> Iterator[Hit]:
    """ "Round to two decimal places", "give prices with 2 decimals"."""
    text = sentence.lower
    if "decimal" not in text and "d.p" not in text and "point" not in text:
        return
    for match in _PLACES.finditer(text):
        value = number_value(match["n"])
        if value is None or not 1 <= value <= 10 or _AFTER.match(text[match.end() :]):
            continue
        if _one_sort(text, match):
            continue
        if required(sentence, match.start()):
            yield Hit(DecimalPlaces(places=value), *match.span())
            return


def date_rules(sentence: Sentence) -> Iterator[Hit]:
    """ "Write all dates as YYYY-MM-DD", "use DD/MM/YYYY for dates", "dates
    like 3 March 2025", "date format: MM/DD/YYYY"."""
    text = sentence.lower
    if not re.search(r"date|yy|form|iso|dob", text):
        return
    for match in _DATES.finditer(text):
        written = sentence.unmask(*match.span("form"))
        form = stated_form(written)
        if form is None or _AFTER.match(text[match.end() :]):
            continue
        bare = _USE.match(text, match.start()) and "date" not in text[match.start() : match.end()]
        # "use 03/04/2025" is a date and "use ISO" may be a time's form:
        # only a pattern of tokens says on its own that it is a form of dates
        tokens = not re.search(r"(?i)\d|iso", written)
        if bare and not tokens and not _FOR_DATES.match(text[match.end() :]):
            continue
        iso = re.match(r"(?i)iso", written.strip("\"'“”‘’`() "))
        if (
            not tokens
            and not iso
            and re.search(r"\bbe\s+$", text[match.start() : match.start("form")])
        ):
            continue  # "the date should be 15/04/2025": a value, not a form
        if not tokens and _ONE_DATE_AS.match(text, match.start(), match.start("form")):
            continue  # "mention the return date as 14 March 2025": that date's value
        if required(sentence, match.start()):
            yield Hit(DateFormat(style=form), *match.span())
            return
    yield from _token_dates(sentence)


# The template the prompt gives to fill: its labels' forms are the answer's.
_FILLED = compile_lazily(
    r"\b(?:fill\s+(?:in|out)|complete|keep\s+the\s+(?:labels?|fields?|field\s+names))\b"
)


def _token_dates(sentence: Sentence) -> Iterator[Hit]:
    """A pattern of tokens (or ISO 8601) that can only be a form of dates:
    "convert these to YYYY-MM-DD", "dob in YYYY-MM-DD", "dates …, written
    DD/MM/YYYY", a label "Date (DD/MM/YYYY):" of a template to fill."""
    text = sentence.lower
    for index, pattern in enumerate(TOKEN_DATES):
        match = pattern.search(text)
        if match is None:
            continue
        written = sentence.unmask(*match.span("form"))
        form = stated_form(written)
        if form is None or re.search(r"\d", written.replace("8601", "")):
            continue  # a date, not a pattern: a value
        label = index == len(TOKEN_DATES) - 1
        if label and not searched(_FILLED, lowered(sentence.whole)):
            continue  # a form quoted or described, not one to fill
        if _AFTER.match(text[match.end() :]) or sentence.original.rstrip().endswith("?"):
            continue
        if label or required(sentence, match.start()):
            yield Hit(DateFormat(style=form), *match.span())
            return
    for match in TEMPLATE_DATE.finditer(text):
        inner = DATE_TOKENS.search(sentence.unmask(*match.span("q")))
        form = form_of(inner.group(0)) if inner else None
        if form is not None and required(sentence, match.start()):
            yield Hit(DateFormat(style=form), *match.span())
            return


def time_rules(sentence: Sentence) -> Iterator[Hit]:
    """ "Use 24-hour time", "times must be in 24-hour format", "write times as
    HH:MM", "use the 12-hour clock"."""
    text = sentence.lower
    if not re.search(r"24|12|military|hh:mm", text):
        return
    label = _TIME_LABEL.match(text)
    if label and searched(_FILLED, lowered(sentence.whole)):
        yield Hit(TimeFormat(style="24h"), *label.span())
        return
    for match in _TIMES.finditer(text):
        if _AFTER.match(text[match.end() :]):
            continue
        clock = match["clock"] or match["clock2"] or match["clock3"] or ""
        if required(sentence, match.start()):
            yield Hit(TimeFormat(style="12h" if clock.startswith("12") else "24h"), *match.span())
            return


# -- measures ---------------------------------------------------------------------------


class _DecimalPlaces(Family):
    name = "decimal_places"
    specs = (DecimalPlaces,)
    rules: ClassVar[tuple[Rule, ...]] = (decimal_rules,)
    edits: ClassVar[tuple[RepairOp, ...]] = (_ROUND,)

    def measure(self, spec: Any, text: str) -> Outcome:
        return values_outcome(self, spec, text, off_decimals(spec, text))

    def correction(self, spec: Any, text: str) -> str:
        off = off_decimals(spec, text)
        shown = ", ".join(off[:_SHOWN])
        return (
            f"These numbers do not have {spec.places} decimal places: {shown}. Write every "
            f"number with a decimal point with exactly {spec.places} digits after it."
        )

    def repair(self, spec: Any) -> dict[str, Any] | None:
        return {"op": "round_decimals", "places": spec.places}


class _DateFormat(Family):
    name = "date_format"
    specs = (DateFormat,)
    rules: ClassVar[tuple[Rule, ...]] = (date_rules,)
    edits: ClassVar[tuple[RepairOp, ...]] = (_ISO_DATES, _FORM_DATES)

    def measure(self, spec: Any, text: str) -> Outcome:
        return values_outcome(self, spec, text, off_dates(spec.pattern, text))

    def correction(self, spec: Any, text: str) -> str:
        shown = ", ".join(off_dates(spec.pattern, text)[:_SHOWN])
        example = rewrite_dates(spec.pattern, "5 March 2024")
        return f"Write these dates as {spec.pattern} ({example}), real dates only: {shown}."

    def repair(self, spec: Any) -> dict[str, Any] | None:
        if spec.style == "iso":
            return {"op": "iso_dates"}
        return {"op": "format_dates", "pattern": spec.pattern}


class _TimeFormat(Family):
    name = "time_format"
    specs = (TimeFormat,)
    rules: ClassVar[tuple[Rule, ...]] = (time_rules,)
    edits: ClassVar[tuple[RepairOp, ...]] = (_24H, _12H)

    def measure(self, spec: Any, text: str) -> Outcome:
        return values_outcome(self, spec, text, off_times(text, spec.style))

    def correction(self, spec: Any, text: str) -> str:
        shown = ", ".join(off_times(text, spec.style)[:_SHOWN])
        if spec.style == "12h":
            return f"Write these times on the 12-hour clock with AM or PM (3:30 PM): {shown}."
        return f"Write these times on the 24-hour clock as HH:MM (15:30, not 3:30 pm): {shown}."

    def repair(self, spec: Any) -> dict[str, Any] | None:
        return {"op": "12h_times" if spec.style == "12h" else "24h_times"}


DECIMAL_PLACES = _DecimalPlaces()
DATE_FORMAT = _DateFormat()
TIME_FORMAT = _TimeFormat()
