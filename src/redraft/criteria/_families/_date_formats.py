"""How dates are written: one stated form for every date of the answer
("dates as YYYY-MM-DD", "use DD/MM/YYYY", "write dates like 3 March 2025").

A form is a pattern of day, month and year tokens and the characters
between them: ``YYYY`` (four digits), ``YY`` (two), ``MM``/``DD`` (two
digits), ``M``/``D`` (one or two), ``Month`` (a month's full name), ``Mon``
(its three-letter abbreviation), with ``/ . - , `` and spaces between them;
``iso`` is ``YYYY-MM-DD``. A prompt states it as the pattern itself or as an
example date ("like 3 March 2025" is ``D Month YYYY``; "like 05/03/2024",
where day and month cannot be told apart, states nothing).

Measured exactly under a stated definition of a date: every date the answer
writes, in any of the forms people write (numbers with ``/``, ``.`` or ``-``
between them and a year of four digits, or of two at the end; a month's name
with a day and a year, the day before or after it, with or without an
ordinal ending), must be written in the stated form and be a real date. A
month and year without a day ("May 2024") is no date; an answer that writes
none passes (there is nothing to format).
"""

from __future__ import annotations

import datetime
import itertools
import re
from dataclasses import dataclass
from functools import cache
from typing import Final

from redraft.core._lazy_pattern import compile_lazily

__all__ = [
    "ISO",
    "DateForm",
    "date_form",
    "example_form",
    "find_dates",
    "form_of",
    "off_dates",
    "rewrite_dates",
]

ISO: Final = "YYYY-MM-DD"

_NAMES = [
    "January",
    "February",
    "March",
    "April",
    "May",
    "June",
    "July",
    "August",
    "September",
    "October",
    "November",
    "December",
]
_MONTHS = {name.lower(): i for i, name in enumerate(_NAMES, start=1)}
_MONTHS.update({name[:3].lower(): i for i, name in enumerate(_NAMES, start=1)})
_MONTHS["sept"] = 9
_MONTH_NAME = "|".join(sorted(_MONTHS, key=len, reverse=True))
_MONTH = rf"(?:{_MONTH_NAME})\.?"
_ORD = r"(?:st|nd|rd|th)?"

# Every date, loosely: what the answer writes as a date in any form.
_ANY_DATE = compile_lazily(
    rf"(?i)\b{_MONTH}\s+\d{{1,2}}{_ORD},?\s+\d{{4}}\b"
    rf"|\b\d{{1,2}}{_ORD}\s+(?:of\s+)?{_MONTH},?\s+\d{{4}}\b"
    r"|(?<![\d./-])\d{4}([/.-])\d{1,2}\1\d{1,2}(?![\d/-]|\.\d)"
    r"|(?<![\d./-])\d{1,2}([/.-])\d{1,2}\2(?:\d{4}|\d{2})(?![\d/-]|\.\d)"
)

_TOKENS = compile_lazily(r"Month|Mon|YYYY|YY|MM|M|DD|D|[/.,\- ]")
_TOKEN_RE = {
    "YYYY": r"(?P<y>\d{4})",
    "YY": r"(?P<y>\d{2})",
    "MM": r"(?P<m>\d{2})",
    "M": r"(?P<m>\d{1,2})",
    "DD": r"(?P<d>\d{2})",
    "D": r"(?P<d>\d{1,2})",
    "Month": r"(?P<name>" + "|".join(_NAMES) + r")",
    "Mon": r"(?P<abbr>" + "|".join(n[:3] for n in _NAMES) + r")",
    " ": r" ",
}


@dataclass(frozen=True)
class DateForm:
    """A form of date: its pattern (``DD/MM/YYYY``) and the regular
    expression a date written in it matches whole."""

    pattern: str
    regex: re.Pattern[str]


def form_of(pattern: str) -> str | None:
    """``pattern`` in its canonical spelling (``dd/mm/yyyy`` → ``DD/MM/YYYY``),
    or None where it is no form of a whole date (each of day, month and year
    once, nothing else)."""
    text = " ".join(pattern.strip().split())
    if re.fullmatch(r"(?i)iso(?:[\s-]?8601)?", text):
        return ISO
    # the tokens' case is the writer's: read it whatever it is
    spelled = re.sub(
        r"(?i)month|mon|yyyy|yy|mm|m|dd|d",
        lambda m: {"month": "Month", "mon": "Mon"}.get(m.group(0).lower(), m.group(0).upper()),
        text,
    )
    tokens = _TOKENS.findall(spelled)
    if "".join(tokens) != spelled:
        return None
    kinds = [t[0] for t in tokens if t[0] in "YMD"]
    if sorted(kinds) != ["D", "M", "Y"] or any(a == b for a, b in itertools.pairwise(tokens)):
        return None
    return spelled


@cache
def date_form(pattern: str) -> DateForm:
    """The form of a canonical ``pattern`` (:func:`form_of`'s)."""
    parts = [_TOKEN_RE.get(token, re.escape(token)) for token in _TOKENS.findall(pattern)]
    return DateForm(pattern, compile_lazily("".join(parts)))


def example_form(example: str) -> str | None:
    """The form an example date shows ("3 March 2025" → ``D Month YYYY``);
    None where it is no date or its day and month cannot be told apart."""
    text = " ".join(example.strip().split())
    named = re.fullmatch(
        r"(?i)(?:(?P<d1>\d{1,2}) (?P<n1>[a-z]+)\.?|(?P<n2>[a-z]+)\.? (?P<d2>\d{1,2}))"
        r"(?P<c>,?) (?P<y>\d{4})",
        text,
    )
    if named:
        name = named["n1"] or named["n2"]
        if name.lower() not in _MONTHS or name[0].islower():
            return None
        token = "Month" if len(name) > 3 else "Mon"
        day = named["d1"] or named["d2"]
        d = "DD" if len(day) == 2 and day.startswith("0") else "D"
        head = f"{d} {token}" if named["d1"] else f"{token} {d}"
        return f"{head}{named['c']} YYYY"
    numeric = re.fullmatch(r"(\d{1,4})([/.-])(\d{1,2})\2(\d{1,4})", text)
    if numeric is None:
        return None
    a, sep, b, c = numeric.groups()
    if len(a) == 4 and len(c) <= 2:
        return form_of(
            f"YYYY{sep}{'MM' if len(b) == 2 else 'M'}{sep}{'DD' if len(c) == 2 else 'D'}"
        )
    if len(c) != 4 or len(a) > 2:
        return None
    if int(a) > 12 >= int(b):
        first, second = "D", "M"
    elif int(b) > 12 >= int(a):
        first, second = "M", "D"
    else:
        return None
    first, second = (t * 2 if len(x) == 2 else t for t, x in ((first, a), (second, b)))
    return form_of(f"{first}{sep}{second}{sep}YYYY")


def _real(year: int, month: int, day: int) -> bool:
    try:
        datetime.date(year, month, day)
    except ValueError:
        return False
    return True


def _fits(form: DateForm, written: str) -> bool:
    match = form.regex.fullmatch(written)
    if match is None:
        return False
    found = match.groupdict()
    name = found.get("name") or found.get("abbr")
    month = _MONTHS[name.lower()] if name else int(found["m"])
    year = int(found["y"])
    year += 2000 if len(found["y"]) == 2 else 0
    return _real(year, month, int(found["d"]))


def find_dates(text: str) -> list[re.Match[str]]:
    """Every date ``text`` writes, in any form."""
    return list(_ANY_DATE.finditer(text))


def off_dates(pattern: str, text: str) -> list[str]:
    """The dates ``text`` writes otherwise than ``pattern``, or that are no date."""
    form = date_form(pattern)
    return [m.group(0) for m in find_dates(text) if not _fits(form, m.group(0))]


def _read(written: str) -> tuple[int, int, int] | None:
    """Year, month and day of a date, where they are certain."""
    named = re.fullmatch(
        rf"(?i)(?:(?P<n1>{_MONTH_NAME})\.?\s+(?P<d1>\d{{1,2}}){_ORD}|(?P<d2>\d{{1,2}}){_ORD}\s+"
        rf"(?:of\s+)?(?P<n2>{_MONTH_NAME})\.?),?\s+(?P<y>\d{{4}})",
        written,
    )
    if named:
        name = (named["n1"] or named["n2"]).lower()
        return int(named["y"]), _MONTHS[name], int(named["d1"] or named["d2"])
    parts = re.split(r"[/.-]", written)
    a, b, c = (int(x) for x in parts)
    if len(parts[0]) == 4:
        return a, b, c
    if len(parts[2]) != 4:
        return None  # a year of two digits: its century is a guess
    if a > 12 >= b:
        return c, b, a
    if b > 12 >= a:
        return c, a, b
    return None


def _written(pattern: str, year: int, month: int, day: int) -> str:
    values = {
        "YYYY": f"{year:04d}",
        "YY": f"{year % 100:02d}",
        "MM": f"{month:02d}",
        "M": str(month),
        "DD": f"{day:02d}",
        "D": str(day),
        "Month": _NAMES[month - 1],
        "Mon": _NAMES[month - 1][:3],
    }
    return "".join(values.get(token, token) for token in _TOKENS.findall(pattern))


def rewrite_dates(pattern: str, text: str) -> str:
    """``text`` with each date written otherwise rewritten in ``pattern``,
    where the date it means is certain; the others are left as they are."""
    form = date_form(pattern)

    def one(match: re.Match[str]) -> str:
        written = match.group(0)
        if _fits(form, written):
            return written
        read = _read(written)
        if read is None or not _real(*read):
            return written
        return _written(pattern, *read)

    return _ANY_DATE.sub(one, text)


# -- how a prompt states a form ---------------------------------------------------------

_TOKEN = r"(?:yyyy|yy|month|mon|mm|dd|m|d)"
_SEP = r"(?:\s?[/.\-]\s?|,?\s)"
_EXAMPLE = (
    rf"\d{{1,2}}{_ORD}\s+{_MONTH},?\s+\d{{4}}|{_MONTH}\s+\d{{1,2}},?\s+\d{{4}}"
    r"|\d{1,4}[/.\-]\d{1,2}[/.\-]\d{1,4}"
)
# What states a form: ISO, a pattern of tokens, an example date, or either quoted.
FORM = (
    r"(?P<form>iso[\s-]?8601|iso(?=\s+(?:format|dates?|style|standard)\b)|iso\b"
    rf"|{_TOKEN}(?:{_SEP}{_TOKEN}){{2}}(?![\w/\-]|\.\w)|(?:{_EXAMPLE})(?![\w/\-]|\.\w)"
    r"|[\"'“‘`(]\ue000+[\"'”’`)])"
)


def stated_form(original: str) -> str | None:
    """The canonical form a phrase states (``"DD/MM/YYYY"``, ``'3 March
    2025'``, ``ISO 8601``), or None where it states none for certain."""
    text = original.strip().strip("\"'“”‘’`()").strip()
    return form_of(text) or example_form(text)


# A pattern of tokens or ISO: a form on its own, never a date's value.
_TOKENS_FORM = (
    rf"(?P<form>iso[\s-]?8601|{_TOKEN}(?:{_SEP}{_TOKEN}){{2}}(?![\w/\-]|\.\w)"
    r"|[\"'“‘`(]\ue000+[\"'”’`)])"
)
# Fields that hold a date ("dob", "the due date", "signup_date").
_FIELD = (
    r"(?:dob|d\.o\.b\.?|date\s+of\s+birth|birth\s*date|birthday|(?:due|start|end|closing|"
    r"expiry|expiration|delivery|release|publication|signup|sign-up|issue|invoice|"
    r"follow[\s-]?up)[\s_]date|"
    r"deadline)"
)
TOKEN_DATES = (
    # "convert these to ISO 8601 (YYYY-MM-DD)", "reformat the dates to DD/MM/YYYY"
    compile_lazily(
        r"\b(?:convert|reformat|rewrite|change|turn)\s+(?:these|them|all|every|each|"
        r"(?:all\s+|each\s+|every\s+)?(?:of\s+)?(?:the\s+|these\s+)?dates?)\s+(?:in)?to\s+"
        rf"(?:the\s+)?(?:format\s+)?{_TOKENS_FORM}"
    ),
    # "dob in YYYY-MM-DD", "the due date as DD/MM/YYYY"
    compile_lazily(
        rf"\b{_FIELD}\s+(?:(?:should|must)\s+be\s+)?(?:(?:written|formatted)\s+)?(?:in|as)\s+"
        rf"(?:the\s+)?(?:format\s+)?{_TOKENS_FORM}"
    ),
    # "5 palindromic dates between 2000 and 2099, written DD/MM/YYYY"
    compile_lazily(
        r"\bdates\b[^.;:!?\n]{0,80}?,\s*(?:all\s+|each\s+)?(?:written|formatted)\s+"
        rf"(?:(?:as|in)\s+)?(?:the\s+)?{_TOKENS_FORM}"
    ),
    # the answer dated in a form: "date it in DD/MM/YYYY format", "date the letter YYYY-MM-DD"
    compile_lazily(
        r"\bdate\s+(?:it|this|everything|each\s+entry|every\s+entry|"
        r"the\s+(?:letter|document|note|memo|email|notice|invoice|entry))\s+"
        rf"(?:(?:in|as|using)\s+)?(?:the\s+)?(?:format\s+)?{_TOKENS_FORM}"
    ),
    # a clause that is the dates and their form: "Dates DD-MM-YYYY.",
    # "Dates ISO 8601 (YYYY-MM-DD), …"
    compile_lazily(
        rf"(?:^|[;,]\s)\s*(?:all\s+)?dates\s+(?:in\s+)?{_TOKENS_FORM}"
        r"(?=\s*(?:$|[.;,]|\((?:yyyy|dd|mm)[^)]*\)\s*(?:$|[.;,])))"
    ),
    # a clause whose subject of one or two words is given in a form: "Due as
    # YYYY-MM-DD.", "The ETA must be given as DD/MM/YYYY", "…, and an invoice
    # date in DD/MM/YYYY" (a pattern of date tokens names a date, whatever
    # the field is called)
    compile_lazily(
        r"(?:^|[;,—–]\s|\band\s)\s*(?:the\s+|an?\s+|every\s+|each\s+|all\s+)?"
        r"(?:[a-z][\w-]*\s+)?[a-z][\w-]*\s+(?:(?:must|should|has\s+to|needs\s+to|will)\s+be\s+)?"
        r"(?:(?:given|written|formatted|shown|stated)\s+)?(?:as|in)\s+(?:the\s+)?(?:format\s+)?"
        rf"{_TOKENS_FORM}(?=\s*(?:$|[.;,]|\s(?:format|form)\b))"
    ),
    # a template's label: "Date of birth (DD/MM/YYYY):", "Date (DD/MM/YYYY):"
    compile_lazily(rf"^\s*(?:[\w ]{{0,20}}\b)?(?:{_FIELD}|date)\s*\({_TOKENS_FORM}\)\s*:"),
)
# A template quoted after "format … as" whose date is a pattern of tokens:
# "Format each one as '- [Owner] Task (due: YYYY-MM-DD)'".
TEMPLATE_DATE = compile_lazily(
    r"\b(?:format(?:ted)?\s+(?:(?:each|every)\s+(?:one|[a-z]+)\s+)?(?:as\s+)?|"
    r"in\s+the\s+(?:form|format)\s+)(?P<q>[\"'“‘`]\ue000+[\"'”’`])"
)
DATE_TOKENS = compile_lazily(
    r"(?<![A-Za-z])(?:YYYY|DD|MM)(?P<s>[-/.])(?:MM|DD)(?P=s)(?:DD|YYYY|YY)(?![A-Za-z])"
)
