"""The keys an ordered list is sorted by, read from each item's own text:
its one number, its date or time, or its length.

Each reader returns None where the item gives no key that one reading can
trust, so the check that uses it says "cannot tell" instead of guessing:

- **number:** the item's only number ("Tokyo — 37.4 million", "$12.99",
  "1,250 km"), a multiplier word or suffix counted in ("37.4M", "950k", "2
  billion"); an item with no number, or with two different ones ("1969: 3
  astronauts"), has none. Digits inside a word ("COVID-19", "B2B") are no
  number.
- **time:** the item's first date (2024-03-05, "March 5, 2024", "5 March
  2024", "March 2024", "March"), else its first year (1000 to 2099, none where
  the item says BC/BCE), else its weekday, with its first clock time
  ("14:30", "2:30 pm", "9am") where it has one. Two items compare on the
  fields both have (a year against a full date compares years only), so a
  key is a tuple with ``None`` for what the item does not say.
- **length:** characters (the item's text, markdown emphasis set aside) or
  words (tokens with a letter or a digit).
"""

from __future__ import annotations

import re

from redraft.core._lazy_pattern import compile_lazily

__all__ = ["TimeKey", "item_length", "item_number", "item_time", "time_in_order"]

TimeKey = tuple[int | None, int | None, int | None, int | None, int | None]
"""(year, month, day, weekday, minute of the day): None where not said."""

_MULTIPLIERS = {
    "k": 1e3,
    "thousand": 1e3,
    "m": 1e6,
    "mn": 1e6,
    "million": 1e6,
    "b": 1e9,
    "bn": 1e9,
    "billion": 1e9,
    "t": 1e12,
    "trillion": 1e12,
}
_NUMBER = compile_lazily(
    r"(?<![\w.,])(?<![^\W\d_][-‐–])(?P<sign>[-−–]\s?)?[$€£¥]?\s?"
    r"(?P<n>\d{1,3}(?:,\d{3})+(?:\.\d+)?|\d+(?:\.\d+)?|\.\d+)"
    r"(?:\s?(?P<mult>k|m|mn|bn|b|t|thousand|million|billion|trillion)\b)?"
    r"(?![\w])",
    re.IGNORECASE,
)
_SIGN_AFTER_WORD = compile_lazily(r"\w\s?$")


def item_number(item: str) -> float | None:
    """The item's one number, or None where it has none or several."""
    values: set[float] = set()
    for match in _NUMBER.finditer(item):
        value = float(match.group("n").replace(",", ""))
        mult = match.group("mult")
        if mult:
            value *= _MULTIPLIERS[mult.lower()]
        # "-5" is negative; "1-3" and "A-5" are a range and a name, not a sign
        if match.group("sign") and not _SIGN_AFTER_WORD.search(item[: match.start()]):
            value = -value
        values.add(value)
    return values.pop() if len(values) == 1 else None


_MONTHS = (
    "january",
    "february",
    "march",
    "april",
    "may",
    "june",
    "july",
    "august",
    "september",
    "october",
    "november",
    "december",
)
_MONTH = (
    r"(?P<mon>jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|"
    + (r"sep(?:t(?:ember)?)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)\.?")
)
_DAY = r"(?P<day>[0-3]?\d)(?:st|nd|rd|th)?"
_YEARS = r"1\d{3}|20\d{2}"
_YEAR = rf"(?P<year>{_YEARS})"
_DATES = (
    compile_lazily(r"\b(?P<year>\d{4})-(?P<m>\d{1,2})-(?P<day>\d{1,2})\b"),
    compile_lazily(rf"\b{_MONTH}\s+{_DAY}(?:,\s*|\s+){_YEAR}\b"),
    compile_lazily(rf"\b{_DAY}\s+(?:of\s+)?{_MONTH},?\s+{_YEAR}\b"),
    compile_lazily(rf"\b{_MONTH},?\s+{_YEAR}\b"),
    compile_lazily(rf"\b{_MONTH}\s+{_DAY}\b(?!\s*(?::|am|pm|a\.m|p\.m))"),
    compile_lazily(rf"\b{_DAY}\s+(?:of\s+)?{_MONTH}\b"),
    compile_lazily(rf"\b(?<![:.])(?P<yearonly>{_YEARS})\b(?![:.]\d)"),
    compile_lazily(rf"\b{_MONTH}\b"),
)
_WEEKDAYS = ("mon", "tue", "wed", "thu", "fri", "sat", "sun")
_WEEKDAY = compile_lazily(
    r"\b(?P<wd>mon|tue|wed|thu|fri|sat|sun)(?:day|sday|nesday|rsday|urday|s|\.)?\b"
)
_CLOCK = compile_lazily(
    r"\b(?P<h>[01]?\d|2[0-3])(?::(?P<min>[0-5]\d))?\s*(?P<ampm>[ap]\.?m\.?)?(?![\w:])",
    re.IGNORECASE,
)
_ERA = compile_lazily(r"\b(?:bc|bce|b\.c\.)", re.IGNORECASE)


def _month(name: str) -> int:
    return next(i for i, full in enumerate(_MONTHS, start=1) if full.startswith(name[:3]))


def _date(text: str) -> tuple[int | None, int | None, int | None] | None:
    for pattern in _DATES:
        match = pattern.search(text)
        if match is None:
            continue
        found = match.groupdict()
        year = found.get("year") or found.get("yearonly")
        month = int(found["m"]) if found.get("m") else None
        if found.get("mon"):
            month = _month(found["mon"].rstrip("."))
        day = int(found["day"]) if found.get("day") else None
        if (month is not None and not 1 <= month <= 12) or (day is not None and not 1 <= day <= 31):
            return None
        return (int(year) if year else None, month, day)
    return None


def _clock(text: str) -> int | None:
    """The first clock time: "14:30", "2:30 pm", "9am" (a bare number is none)."""
    for match in _CLOCK.finditer(text):
        if match.group("min") is None and match.group("ampm") is None:
            continue
        hour = int(match.group("h"))
        ampm = (match.group("ampm") or "").lower().replace(".", "")
        if ampm and not 1 <= hour <= 12:
            continue
        if ampm == "pm" and hour != 12:
            hour += 12
        elif ampm == "am" and hour == 12:
            hour = 0
        return hour * 60 + int(match.group("min") or 0)
    return None


def item_time(item: str) -> TimeKey | None:
    """The item's date or time, or None where it gives neither (or an era)."""
    text = item.lower()
    if _ERA.search(text):
        return None  # "500 BC" runs backwards: no reading is safe
    clock = _clock(text)
    # a clock time is no year or day: read dates with the times taken out
    bare = _CLOCK.sub(lambda m: " " if (m.group("min") or m.group("ampm")) else m.group(0), text)
    date = _date(bare)
    weekday = _WEEKDAY.search(bare)
    day_of_week = _WEEKDAYS.index(weekday.group("wd")) if weekday else None
    if date is None and day_of_week is None and clock is None:
        return None
    year, month, day = date or (None, None, None)
    return (year, month, day, day_of_week if date is None else None, clock)


def _before_or_same(a: TimeKey, b: TimeKey) -> bool | None:
    """a at or before b on the fields both say, or None where they share none."""
    shared = [(x, y) for x, y in zip(a, b, strict=True) if x is not None and y is not None]
    if not shared:
        return None
    return [x for x, _ in shared] <= [y for _, y in shared]


def time_in_order(a: TimeKey, b: TimeKey, *, descending: bool, strict: bool) -> bool | None:
    """Whether b may follow a; None where the two say no field in common."""
    first, second = (b, a) if descending else (a, b)
    holds = _before_or_same(first, second)
    if holds is None or not strict:
        return holds
    return holds and _before_or_same(second, first) is False


_EMPHASIS = compile_lazily(r"[*_`~]+")
_WORD = compile_lazily(r"[^\W_]+(?:['’.-][^\W_]+)*")


def item_length(item: str, unit: str) -> int:
    """The item's length in ``unit`` ("characters" or "words")."""
    text = " ".join(_EMPHASIS.sub("", item).split())
    return len(_WORD.findall(text)) if unit == "words" else len(text)
