"""How money, percentages and numbered labels are written, read from a
constraint's structured fields: the checks ``money_format``,
``percent_format`` and ``label_sequence`` measure, or None where the fields
state none of them exactly (the general mapping then decides).

- Money: a label of a price, currency or money format (or ``decimal_places``
  of prices, amounts or costs), ``matches_format`` a pattern of one amount
  in the writer's notation (``£N.NN``, ``$X,XXX.XX``, ``£\\d+\\.\\d{2}``)
  or ``contains`` a bare currency sign: the places are the digits after the
  pattern's point (none: 0; a bare sign states none), the symbol the one
  sign it writes (a class of signs or a code such as ``USD``: any), grouped
  where a group of three follows a comma (``,XXX``, ``(,\\d{3})*``; an
  optional comma ``,?`` states no grouping). The check only finds amounts
  written with a sign or code, so a pattern of bare numbers ("2 decimals",
  ``\\d+\\.\\d{2}``) maps to nothing here: the answer's numbers are not
  amounts it can find (a table's or CSV's column of them is
  ``column_values`` form ``decimals``, in ``_blind_data.py``). Comma
  decimals (``€1.250,00``), groups other than three (``₹1,25,000``), a
  line template (a unit of lines), one section or field, and a presence
  ("at least one per problem") are no such check.
- Percentages: a label of a percent format (or ``decimal_places`` of a
  percentage unit or a ``%`` column) ``matches_format`` a pattern of one
  percentage: its places; the ``%`` the pattern writes is how a percentage
  is written, not a demand on its sign, so the sign is left open.
- Labels: a label of a label sequence with the words (or value) ``Q1`` …
  ``Qn``, one prefix of letters and consecutive numbers: that prefix,
  first and last.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import replace

from _blind_matchers import Expectation, Matcher, Spec, all_of, fields
from _blind_rows import Constraint

__all__ = ["money_values"]


def _words(text: object) -> str:
    return " ".join(str(text or "").lower().replace("_", " ").split())


_SIGNS = "£$€¥₹"
_CODES = re.compile(r"\b(?:USD|GBP|EUR|JPY|INR|CAD|AUD|NZD|CHF|KES|ZAR|SGD|HKD)\b")
_MONEY_LABELS = ("price format", "currency format", "money format")
_MONEY_NOUN = re.compile(r"\b(?:prices?|amounts?|costs?|money|money amounts?|figures?)\b")
# scopes the check measures as the whole answer: the response, every amount,
# every entry of a list or table, or the one column (element) money stands in
_WHOLE = re.compile(
    r"(?:response|answer|table|)|(?:each|every|all) (?:amounts?|prices?|items?|lines?|dish(?:es)?|"
    r"rows?|entr(?:y|ies))|amounts?|prices?|<price>"
)
_COLUMN = re.compile(r"(?:[\w/ ]*\b(?:price|amount|cost)s?\b[\w/ ]*) column")


def _digits(value: str) -> str:
    """The writer's pattern with every digit place written 9."""
    v = re.sub(r"\\d\{(\d)\}", lambda m: "9" * int(m[1]), value)
    v = re.sub(r"\\d\{\d,\d\}", "9", v)
    v = v.replace("\\d", "9").replace("[0-9]", "9").replace("\\.", ".").replace("\\", "")
    return re.sub(r"[NX#0-9]", "9", v)


def _one_amount(pattern: str) -> tuple[int, bool] | None:
    """(places, grouped) of one amount's pattern, or None where it is none."""
    v = _digits(pattern)
    if "9" not in v:
        return None
    groups = re.findall(r",(\??)\(?(9+)", v)
    if any(len(g) != 3 for _, g in groups):
        return None  # comma decimals, or groups of two: not what the check reads
    grouped = any(not optional for optional, _ in groups)
    point = re.search(r"9[+*?)]*\.(9+)", v)
    if point is None and "." in v.replace(".9", ""):
        return None
    return (len(point[1]) if point else 0), grouped


def _money(c: Constraint) -> Expectation | None:
    label, unit, scope = _words(c.family), _words(c.unit), _words(c.scope)
    named = any(name in label for name in _MONEY_LABELS) or (
        label == "decimal places" and bool(_MONEY_NOUN.search(f"{unit} {scope}"))
    )
    if not named or not isinstance(c.value, str) or unit in ("line", "lines"):
        return None
    if not (_WHOLE.fullmatch(scope) or _COLUMN.fullmatch(scope)):
        return None  # one section, field or part: the check reads every amount
    if re.search(r"\bat least\b|\bper\b", _words(c.note)):
        return None  # amounts asked to be present, not a format
    value = c.value.strip()
    # a regular expression's closing anchor is no dollar sign; "\\$" is one
    signs = {s for s in re.sub(r"(?<!\\)\$\s*$", "", value) if s in _SIGNS}
    if c.relation == "contains" and len(value) == 1 and signs:
        return all_of(fields("money_format", places=None, symbol=value, grouped=False))
    if c.relation != "matches_format" or (not signs and not _CODES.search(value)):
        return None  # bare numbers: no amount the check can find
    alternatives = [a for a in re.split(r"\s+or\s+|\|", value) if "9" in _digits(a)]
    read = [_one_amount(a) for a in alternatives]
    if not read or any(r is None for r in read) or len({r[0] for r in read if r}) != 1:
        return None
    places = read[0][0] if read[0] else None
    grouped = any(r[1] for r in read if r)
    symbol = signs.pop() if len(signs) == 1 and "[" not in value else None
    found = all_of(fields("money_format", places=places, symbol=symbol, grouped=grouped))
    if places is None:
        return found
    # the sign and grouping checked, the decimals left free: a part of it
    free = fields("money_format", places=None, symbol=symbol, grouped=grouped)
    return replace(found, implied=(free,))


def _percent(c: Constraint) -> Expectation | None:
    label, unit, scope = _words(c.family), _words(c.unit), _words(c.scope)
    percent = bool(re.search(r"percent|%", f"{unit} {scope}"))
    named = label in ("percent format", "percentage format") or (
        label == "decimal places" and percent
    )
    if not named or c.relation != "matches_format" or not isinstance(c.value, str):
        return None
    whole = _WHOLE.fullmatch(scope) or scope in ("each figure", "% column")
    if not whole and not re.fullmatch(r"(?:each|every|all) percentages?|percentages?", scope):
        return None
    read = _one_amount(c.value.replace("%", ""))
    if read is None or read[1]:
        return None
    return all_of(fields("percent_format", places=read[0]))


_LABEL = re.compile(r"(?P<prefix>[A-Za-z]{1,4})(?P<n>\d{1,2})")


def _labels(c: Constraint) -> Expectation | None:
    label = _words(c.family)
    if not re.fullmatch(r"(?:item )?label (?:sequence|format)(?: answers)?", label):
        return None
    given = c.words or (tuple(c.value) if isinstance(c.value, list) else ())
    return label_sequence(given, _LABEL)


def label_sequence(given: Sequence[object], label: re.Pattern[str]) -> Expectation | None:
    """The label sequence ``given`` spells (``Q1``, ``Q2`` … each read whole by
    ``label``, one prefix, numbers in a run), or None."""
    found = [label.fullmatch(str(w).strip()) for w in given]
    if len(found) < 2 or any(f is None for f in found):
        return None
    prefixes = {f["prefix"].casefold() for f in found if f}
    numbers = [int(f["n"]) for f in found if f]
    if len(prefixes) != 1 or numbers != list(range(numbers[0], numbers[0] + len(numbers))):
        return None  # two prefixes, or numbers out of sequence: no one sequence
    prefix, first, last = prefixes.pop(), numbers[0], numbers[-1]

    def test(spec: Spec) -> bool:
        return (
            str(spec.get("prefix", "")).strip().casefold() == prefix
            and spec.get("first") == first
            and spec.get("last") == last
        )

    return all_of(
        Matcher(frozenset({"label_sequence"}), test, f"label_sequence {prefix}{first}-{last}")
    )


def money_values(c: Constraint) -> Expectation | None:
    """The money, percent or label-sequence check ``c`` states, or None."""
    return _money(c) or _percent(c) or _labels(c)
