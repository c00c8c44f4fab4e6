"""How numbers, dates and times are written: a fixed number of decimal
places ("round to two decimal places"), ISO 8601 dates ("dates as
YYYY-MM-DD") and 24-hour times ("use 24-hour time").

Measured exactly under stated definitions, each on what the answer writes
in that form; an answer that writes none passes (there is nothing to
format). Decimal places: every number written with a decimal point has
exactly that many digits after it; a number without one (a count, a year)
is not checked. Dates: a date written another way fails (``05/03/2024``,
``March 5, 2024``, ``5 March 2024``, ``2024/03/05``, ``2025-1-9``; a
numeric triple such as ``10/10/10`` is read as a date, approximately), and
so does an ISO date that is no date (``2024-13-40``). Times: a time with am/pm fails
(``3:30 pm``, ``3pm``), and so does ``25:00``.

Repairs need no judgement where the value is certain: a number is rounded
or padded to its places (``3.14159`` → ``3.14``, ``2.5`` → ``2.50``); a
date with a month name, or numeric with the year first, is rewritten as
ISO, and a numeric day-month-year only where a part over 12 says which is
the day (``25/12/2024``; ``05/03/2024`` is left for the redraft); an am/pm
time becomes 24-hour (``3:30 pm`` → ``15:30``).
"""

from __future__ import annotations

import datetime
import re
from collections.abc import Iterator
from decimal import ROUND_HALF_UP, Decimal
from typing import Any, ClassVar, Literal

from pydantic import Field

from redraft.core._repair import RepairOp
from redraft.criteria._families._base import Family, FamilySpec
from redraft.criteria._families._lexical import required
from redraft.criteria._grammar import NUMBER, number_value
from redraft.criteria._outcome import Outcome
from redraft.criteria._sentences import Hit, Rule, Sentence

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
    """Every date is written as ISO 8601, YYYY-MM-DD."""

    kind: Literal["date_format"] = "date_format"
    style: Literal["iso"] = "iso"

    def describe(self) -> str:
        return "dates written YYYY-MM-DD"


class TimeFormat(FamilySpec):
    """Every time of day is written on the 24-hour clock, HH:MM."""

    kind: Literal["time_format"] = "time_format"
    style: Literal["24h"] = "24h"

    def describe(self) -> str:
        return "times written on the 24-hour clock"


# -- measures of each form --------------------------------------------------------------

_DECIMAL = re.compile(r"(?<![\w.])\d+\.(?P<places>\d+)(?!\w|\.\d)")


def off_decimals(spec: DecimalPlaces, text: str) -> list[str]:
    return [m.group(0) for m in _DECIMAL.finditer(text) if len(m["places"]) != spec.places]


def _round(match: re.Match[str], places: int) -> str:
    value = Decimal(match.group(0)).quantize(Decimal(1).scaleb(-places), rounding=ROUND_HALF_UP)
    return f"{value:.{places}f}"


_MONTHS = {
    name: i
    for i, names in enumerate(
        [
            ("january", "jan"), ("february", "feb"), ("march", "mar"), ("april", "apr"),
            ("may",), ("june", "jun"), ("july", "jul"), ("august", "aug"),
            ("september", "sep", "sept"), ("october", "oct"), ("november", "nov"),
            ("december", "dec"),
        ],
        start=1,
    )
    for name in names
}  # fmt: skip
_MONTH = r"(?P<month>" + "|".join(sorted(_MONTHS, key=len, reverse=True)) + r")\.?"
_MONTH2 = _MONTH.replace("month", "month2")
_ORD = r"(?:st|nd|rd|th)?"
_OTHER_DATES = re.compile(
    rf"(?i)\b{_MONTH}\s+(?P<d1>\d{{1,2}}){_ORD},?\s+(?P<y1>\d{{4}})\b"
    rf"|\b(?P<d2>\d{{1,2}}){_ORD}\s+(?:of\s+)?{_MONTH2},?\s+(?P<y2>\d{{4}})\b"
    r"|\b(?P<a>\d{1,2})[/.](?P<b>\d{1,2})[/.](?P<y3>\d{4}|\d{2})\b"
    r"|\b(?P<y4>\d{4})[/.](?P<m4>\d{1,2})[/.](?P<d4>\d{1,2})\b"
    # ISO's order without its zeros: 2025-1-9
    r"|(?<![\d-])(?P<y5>\d{4})-(?P<m5>\d{1,2})-(?P<d5>\d{1,2})(?![\d-])(?<!\d{4}-\d\d-\d\d)"
)
_ISO = re.compile(r"(?<![\d-])(\d{4})-(\d{2})-(\d{2})(?![\d-])")


def _valid(year: int, month: int, day: int) -> bool:
    try:
        datetime.date(year, month, day)
    except ValueError:
        return False
    return True


def off_dates(text: str) -> list[str]:
    found = [m.group(0) for m in _OTHER_DATES.finditer(text)]
    found += [m.group(0) for m in _ISO.finditer(text) if not _valid(*map(int, m.groups()))]
    return found


def _iso(match: re.Match[str]) -> str:
    """The ISO form of a date written another way, where it is certain."""
    groups = match.groupdict()
    year = month = day = None
    if groups["y1"] or groups["y2"]:
        name = (groups["month"] or groups["month2"]).lower()
        year, month, day = (
            int(groups["y1"] or groups["y2"]),
            _MONTHS[name],
            int(groups["d1"] or groups["d2"]),
        )
    elif groups["y4"] or groups["y5"]:
        year = int(groups["y4"] or groups["y5"])
        month, day = int(groups["m4"] or groups["m5"]), int(groups["d4"] or groups["d5"])
    elif groups["y3"] and len(groups["y3"]) == 4:
        a, b = int(groups["a"]), int(groups["b"])
        if a > 12 >= b:
            year, month, day = int(groups["y3"]), b, a
        elif b > 12 >= a:
            year, month, day = int(groups["y3"]), a, b
    if year is None or month is None or day is None or not _valid(year, month, day):
        return match.group(0)
    return f"{year:04d}-{month:02d}-{day:02d}"


_AM_PM = re.compile(
    r"(?i)\b(?P<h>\d{1,2})(?::(?P<m>\d{2}))?\s*(?P<half>[ap]\.m\.|[ap]\.?m)(?![a-z])"
)
_CLOCK = re.compile(r"(?<![\d:])(?P<h>\d{1,2}):(?P<m>\d{2})(?![\d:])")


def off_times(text: str) -> list[str]:
    found = [m.group(0) for m in _AM_PM.finditer(text)]
    taken = {m.start() for m in _AM_PM.finditer(text)}
    for m in _CLOCK.finditer(text):
        if m.start() not in taken and (int(m["h"]) > 23 or int(m["m"]) > 59):
            found.append(m.group(0))
    return found


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
    "iso_dates", 340, lambda text, _p, _r: _OTHER_DATES.sub(_iso, text), lambda _: "ISO dates"
)
_24H = RepairOp(
    "24h_times", 350, lambda text, _p, _r: _AM_PM.sub(_24h, text), lambda _: "24-hour times"
)


# -- phrasings --------------------------------------------------------------------------

_PLACES = re.compile(
    rf"\b(?:round(?:ed|ing)?\s+(?:\w+\s+){{0,3}}?to|to|with|in|using|give\s+(?:\w+\s+){{0,2}}?with|"
    rf"show(?:ing)?|use)\s+(?:exactly\s+)?(?P<n>{NUMBER})\s+"
    r"(?:decimal\s+places?|decimals|decimal\s+digits|digits\s+after\s+the\s+(?:decimal\s+)?point|d\.?p\.?)"
)
_DATES = re.compile(
    r"\b(?:(?:all\s+|every\s+|the\s+|any\s+)?dates?\s+(?:(?:should|must|need\s+to|has\s+to|have\s+to)\s+)?"
    r"(?:be\s+)?(?:written\s+|formatted\s+)?(?:in|as|like)\s+(?:the\s+)?(?:format\s+)?|"
    r"(?:format|write)\s+(?:all\s+|every\s+|the\s+|any\s+)?dates?\s+(?:in|as)\s+(?:the\s+)?(?:format\s+)?|"
    r"use\s+)"
    r"(?:iso[\s-]?8601|yyyy-mm-dd|iso)(?:\s+(?:format|dates?|style))?\b"
)
_TIMES = re.compile(
    r"\b(?:use|using|in|with|write\s+(?:all\s+|every\s+|the\s+)?times?\s+(?:in|on|as))\s+"
    r"(?:the\s+)?(?:24[\s-]?hour|24h|military)\s+(?:time|clock|format|times)\b"
    r"|\b(?:all\s+|every\s+|the\s+)?times?\s+(?:(?:should|must)\s+be\s+)?(?:in|on)\s+(?:the\s+)?"
    r"(?:24[\s-]?hour|24h)\s+(?:format|clock|time)\b"
)
# One part named: "the date in the header", "times in the table".
_AFTER = re.compile(r"^\s*(?:in|for|of)\s+(?:the|each|every)\s+(?!answer|response|reply|text)")


def decimal_rules(sentence: Sentence) -> Iterator[Hit]:
    """ "Round to two decimal places", "give prices with 2 decimals"."""
    text = sentence.lower
    if "decimal" not in text and "d.p" not in text and "point" not in text:
        return
    for match in _PLACES.finditer(text):
        value = number_value(match["n"])
        if value is None or not 1 <= value <= 10 or _AFTER.match(text[match.end() :]):
            continue
        if required(sentence, match.start()):
            yield Hit(DecimalPlaces(places=value), *match.span())
            return


def date_rules(sentence: Sentence) -> Iterator[Hit]:
    """ "Write all dates as YYYY-MM-DD", "use ISO 8601 dates"."""
    text = sentence.lower
    if "iso" not in text and "yyyy" not in text:
        return
    for match in _DATES.finditer(text):
        if _AFTER.match(text[match.end() :]):
            continue
        if required(sentence, match.start()):
            yield Hit(DateFormat(), *match.span())
            return


def time_rules(sentence: Sentence) -> Iterator[Hit]:
    """ "Use 24-hour time", "times must be in 24-hour format"."""
    text = sentence.lower
    if "24" not in text and "military" not in text:
        return
    for match in _TIMES.finditer(text):
        if _AFTER.match(text[match.end() :]):
            continue
        if required(sentence, match.start()):
            yield Hit(TimeFormat(), *match.span())
            return


# -- measures ---------------------------------------------------------------------------


def _outcome(family: Family, spec: Any, text: str, off: list[str]) -> Outcome:
    data: dict[str, Any] = {"off": len(off), "found": off[:_SHOWN]}
    if not off:
        return Outcome(True, f"the answer has {spec.describe()}, as required", data=data)
    shown = ", ".join(repr(x) for x in off[:_SHOWN])
    return Outcome(
        False,
        f"the answer writes {len(off)} otherwise ({shown}); required: {spec.describe()}",
        family.correction(spec, text),
        score=0.0,
        data=data,
    )


class _DecimalPlaces(Family):
    name = "decimal_places"
    specs = (DecimalPlaces,)
    rules: ClassVar[tuple[Rule, ...]] = (decimal_rules,)
    edits: ClassVar[tuple[RepairOp, ...]] = (_ROUND,)

    def measure(self, spec: Any, text: str) -> Outcome:
        return _outcome(self, spec, text, off_decimals(spec, text))

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
    edits: ClassVar[tuple[RepairOp, ...]] = (_ISO_DATES,)

    def measure(self, spec: Any, text: str) -> Outcome:
        return _outcome(self, spec, text, off_dates(text))

    def correction(self, spec: Any, text: str) -> str:
        shown = ", ".join(off_dates(text)[:_SHOWN])
        return f"Write these dates as YYYY-MM-DD (2024-03-05), real dates only: {shown}."

    def repair(self, spec: Any) -> dict[str, Any] | None:
        return {"op": "iso_dates"}


class _TimeFormat(Family):
    name = "time_format"
    specs = (TimeFormat,)
    rules: ClassVar[tuple[Rule, ...]] = (time_rules,)
    edits: ClassVar[tuple[RepairOp, ...]] = (_24H,)

    def measure(self, spec: Any, text: str) -> Outcome:
        return _outcome(self, spec, text, off_times(text))

    def correction(self, spec: Any, text: str) -> str:
        shown = ", ".join(off_times(text)[:_SHOWN])
        return f"Write these times on the 24-hour clock as HH:MM (15:30, not 3:30 pm): {shown}."

    def repair(self, spec: Any) -> dict[str, Any] | None:
        return {"op": "24h_times"}


DECIMAL_PLACES = _DecimalPlaces()
DATE_FORMAT = _DateFormat()
TIME_FORMAT = _TimeFormat()
