"""How money and percentages are written: "prices with two decimals", "every
amount with a £ sign and two decimals", "show money as $X,XXX.XX",
"prices in whole dollars like $6 (no cents)"; "every percentage with one
decimal place", "percentages with the % sign", "a whole-number percentage".

Which numbers count, stated: an **amount** is a number written with a
currency sign (``£ $ € ¥ ₹``) or code (``USD``, ``GBP``, ``EUR`` … before
or after it); a price written with no sign or code ("3.49") is not found,
a stated approximation (nothing tells it from any other number), and an
amount scaled by a word (``$2.5 million``, ``$40k``) is not held to the
places or the grouping. A **percentage** is a number followed by ``%``,
``percent``, ``per cent`` or ``pct``. Numbers in words are not read.

Measured exactly on those: ``money_format`` — with ``places``, each amount
has exactly that many digits after its decimal point (0: none); with
``symbol``, each amount is written with that sign (another sign or a code
fails); with ``grouped``, the whole part of an amount of four digits or
more has commas between its thousands (``$1,299.00``, not ``$1299.00``)
and no grouping is malformed. ``percent_format`` — with ``places``, each
percentage's number has exactly that many decimals; with ``sign``, each is
written with ``%`` (``12 percent`` fails). An answer that writes none
is not checked (the outcome is skipped, never a pass): its prices may be
written with no sign, where the form cannot be read.

Repairs need no judgement where the value is certain: an amount or a
percentage is rounded half up or padded to its places where places are one
or more (``$4.5`` → ``$4.50``); an amount's thousands get their commas
(``$1299.00`` → ``$1,299.00``); ``12 percent`` becomes ``12%``. Dropping
cents or converting a currency is left for the redraft.

Read only where the clause's subject is the answer's money or percentages
("prices", "every amount", "all percentages", a label "Price as
£XX.XX"): hedged, negated, asked or conditional wordings compile nothing,
nor the user's own figures ("my prices", "these amounts", "keep the prices
exactly as they are"), nor one named value ("the price of the basic plan"),
nor a part named ("prices in the second table"), nor other sorts of number
("weights to two decimals": the answer's weights cannot be found). Where
the answer is a table, CSV or JSON and no currency is named, its prices are
bare figures: the places are read of the column the prompt names for them
(:mod:`._column_decimals`), or not at all.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from decimal import ROUND_HALF_UP, Decimal
from typing import Any, ClassVar, Literal

from pydantic import Field, model_validator

from redraft.core._lazy_pattern import compile_lazily
from redraft.core._repair import RepairOp
from redraft.criteria._families._base import Family, FamilySpec, values_outcome
from redraft.criteria._families._cells import ColumnValues
from redraft.criteria._families._column_decimals import priced_column, tabular_answer
from redraft.criteria._families._money_reading import money_hits, percent_hits
from redraft.criteria._outcome import Outcome
from redraft.criteria._sentences import Hit, Rule, Sentence

__all__ = [
    "MONEY_FORMAT",
    "PERCENT_FORMAT",
    "MoneyFormat",
    "PercentFormat",
    "amounts",
    "percentages",
]

_SHOWN = 3
Sign = Literal["£", "$", "€", "¥", "₹"]


class MoneyFormat(FamilySpec):
    """Every amount (a number with a currency sign or code) is written with
    ``places`` decimals, with the sign ``symbol``, and/or with its thousands
    grouped by commas."""

    kind: Literal["money_format"] = "money_format"
    places: int | None = Field(default=None, ge=0, le=4)
    symbol: Sign | None = None
    grouped: bool = False

    @model_validator(mode="after")
    def _something(self) -> MoneyFormat:
        if self.places is None and self.symbol is None and not self.grouped:
            raise ValueError("a money format states places, a symbol or grouping")
        return self

    def form(self) -> str:
        """What is asked of each amount: "the £ sign and 2 decimal places"."""
        said = []
        if self.symbol is not None:
            said.append(f"the {self.symbol} sign")
        if self.places == 0:
            said.append("no decimals")
        elif self.places is not None:
            said.append(f"{self.places} decimal place{'s' if self.places != 1 else ''}")
        if self.grouped:
            said.append("commas between thousands")
        return " and ".join(said)

    def describe(self) -> str:
        return f"amounts of money written with {self.form()}"


class PercentFormat(FamilySpec):
    """Every percentage is written with ``places`` decimals and/or with a
    ``%`` sign."""

    kind: Literal["percent_format"] = "percent_format"
    places: int | None = Field(default=None, ge=0, le=4)
    sign: bool = False

    @model_validator(mode="after")
    def _something(self) -> PercentFormat:
        if self.places is None and not self.sign:
            raise ValueError("a percent format states places or the % sign")
        return self

    def form(self) -> str:
        """What is asked of each percentage: "with 1 decimal place"."""
        said = []
        if self.places == 0:
            said.append("as whole numbers")
        elif self.places is not None:
            said.append(f"with {self.places} decimal place{'s' if self.places != 1 else ''}")
        if self.sign:
            said.append("with the % sign")
        return " and ".join(said)

    def describe(self) -> str:
        return f"percentages written {self.form()}"


# -- what counts --------------------------------------------------------------------------

_CODES = r"USD|GBP|EUR|JPY|INR|CAD|AUD|NZD|CHF|KES|ZAR|SGD|HKD|CNY|SEK|NOK|DKK|MXN|BRL"
_FIGURE = r"\d(?:[\d,]*\d)?(?:\.\d+)?(?![\d,]*\d|\.\d)"
_SCALE = r"(?P<scale>\s?(?:k|m|bn|b|mn|million|billion|thousand|trillion)\b)?"
_AMOUNT = compile_lazily(
    rf"(?:(?P<sign>[£$€¥₹])\s?|(?<![\w$])(?P<code>{_CODES})\s?)-?(?P<num>{_FIGURE}){_SCALE}"
    rf"|(?<![\w.,£$€¥₹])(?P<num2>{_FIGURE})\s?(?P<code2>{_CODES})\b",
    re.IGNORECASE,
)
_PERCENT = compile_lazily(
    r"(?<![\w.,])(?P<num>\d+(?:\.\d+)?)(?P<gap>\s?)(?P<mark>%|percent\b|per\s?cent\b|pct\b)",
    re.IGNORECASE,
)
_GROUPED = compile_lazily(r"\d{1,3}(?:,\d{3})*(?:\.\d+)?")


def _places(number: str) -> int:
    return len(number.split(".", 1)[1]) if "." in number else 0


def amounts(text: str) -> list[re.Match[str]]:
    """The amounts of money ``text`` writes, in order."""
    return list(_AMOUNT.finditer(text))


def percentages(text: str) -> list[re.Match[str]]:
    """The percentages ``text`` writes, in order."""
    return list(_PERCENT.finditer(text))


def off_amounts(spec: MoneyFormat, text: str) -> list[str]:
    off = []
    for m in amounts(text):
        number = m["num"] or m["num2"]
        scaled = bool(m["scale"])
        wrong = spec.symbol is not None and m["sign"] != spec.symbol
        if spec.places is not None and not scaled and _places(number) != spec.places:
            wrong = True
        whole = number.split(".", 1)[0]
        if spec.grouped and not scaled and (len(whole.replace(",", "")) >= 4 or "," in whole):
            wrong = wrong or not _GROUPED.fullmatch(number)
        if wrong:
            off.append(m.group(0).strip())
    return off


def off_percentages(spec: PercentFormat, text: str) -> list[str]:
    off = []
    for m in percentages(text):
        wrong = spec.sign and m["mark"] != "%"
        if spec.places is not None and _places(m["num"]) != spec.places:
            wrong = True
        if wrong:
            off.append(m.group(0))
    return off


# -- repairs ------------------------------------------------------------------------------


def _rounded(number: str, places: int) -> str:
    value = Decimal(number.replace(",", "")).quantize(
        Decimal(1).scaleb(-places), rounding=ROUND_HALF_UP
    )
    grouped = "," in number
    return f"{value:,.{places}f}" if grouped else f"{value:.{places}f}"


def _fix_amount(m: re.Match[str], places: int | None, grouped: bool) -> str:
    key = "num" if m["num"] else "num2"
    number = m[key]
    if m["scale"] or (number.count(",") and not _GROUPED.fullmatch(number)):
        return m.group(0)  # a scaled or malformed figure: its value is not certain
    fixed = _rounded(number, places) if places else number
    if grouped:
        fixed = f"{Decimal(fixed.replace(',', '')):,.{_places(fixed)}f}"
    start, end = m.start(key) - m.start(), m.end(key) - m.start()
    return m.group(0)[:start] + fixed + m.group(0)[end:]


def _repair_money(text: str, places: int | None, grouped: bool) -> str:
    return _AMOUNT.sub(lambda m: _fix_amount(m, places, grouped), text)


def _fix_percent(m: re.Match[str], places: int | None, sign: bool) -> str:
    number = _rounded(m["num"], places) if places else m["num"]
    return number + ("%" if sign else m["gap"] + m["mark"])


_MONEY = RepairOp(
    "money_format",
    335,
    lambda text, p, _r: _repair_money(text, p.get("places"), bool(p.get("grouped"))),
    lambda p: (
        "amounts of money written "
        + " and ".join(
            ([f"with {p['places']} decimal places"] if p.get("places") else [])
            + (["with commas between thousands"] if p.get("grouped") else [])
        )
    ),
)
_PERCENTS = RepairOp(
    "percent_format",
    336,
    lambda text, p, _r: _PERCENT.sub(
        lambda m: _fix_percent(m, p.get("places"), bool(p.get("sign"))), text
    ),
    lambda p: (
        "percentages written "
        + " and ".join(
            ([f"with {p['places']} decimal places"] if p.get("places") else [])
            + (["with the % sign"] if p.get("sign") else [])
        )
    ),
)


# -- rules --------------------------------------------------------------------------------


def money_rules(sentence: Sentence) -> Iterator[Hit]:
    """ "Prices with two decimals", "show money as $X,XXX.XX", "every
    amount with a £ sign"."""
    for found, span in money_hits(sentence):
        if found["symbol"] is None and not found["grouped"] and tabular_answer(sentence):
            # a table's prices are bare figures no sign finds: read their column, or nothing
            column = priced_column(sentence, sentence.lower[span[0] : span[1]])
            if column is not None and found["places"] is not None:
                decimals = ColumnValues(column=column, form="decimals", places=found["places"])
                yield Hit(decimals, *span)
            return
        yield Hit(MoneyFormat(**found), *span)
        return


def percent_rules(sentence: Sentence) -> Iterator[Hit]:
    """ "Every percentage with one decimal place", "with the % sign"."""
    for found, span in percent_hits(sentence):
        yield Hit(PercentFormat(**found), *span)
        return


def _none_found(what: str) -> Outcome:
    """No value to hold to the form: the check cannot tell, never a pass."""
    return Outcome(False, f"cannot tell: the answer writes no {what}", skipped=True)


class _MoneyFormat(Family):
    name = "money_format"
    specs = (MoneyFormat,)
    rules: ClassVar[tuple[Rule, ...]] = (money_rules,)
    edits: ClassVar[tuple[RepairOp, ...]] = (_MONEY,)

    def measure(self, spec: Any, text: str) -> Outcome:
        if not amounts(text):
            # "3.49" with no sign is not found: passing would claim a format unread
            return _none_found("amount of money written with a currency sign or code")
        return values_outcome(self, spec, text, off_amounts(spec, text))

    def correction(self, spec: Any, text: str) -> str:
        shown = ", ".join(off_amounts(spec, text)[:_SHOWN])
        return f"Write every amount of money with {spec.form()}: {shown}."

    def repair(self, spec: Any) -> dict[str, Any] | None:
        # cents dropped change a price, and a sign needs a conversion: the redraft's
        if spec.symbol is not None or spec.places == 0:
            return None
        return {"op": "money_format", "places": spec.places, "grouped": spec.grouped}


class _PercentFormat(Family):
    name = "percent_format"
    specs = (PercentFormat,)
    rules: ClassVar[tuple[Rule, ...]] = (percent_rules,)
    edits: ClassVar[tuple[RepairOp, ...]] = (_PERCENTS,)

    def measure(self, spec: Any, text: str) -> Outcome:
        if not percentages(text):
            return _none_found("percentage")
        return values_outcome(self, spec, text, off_percentages(spec, text))

    def correction(self, spec: Any, text: str) -> str:
        shown = ", ".join(off_percentages(spec, text)[:_SHOWN])
        return f"Write every percentage {spec.form()}: {shown}."

    def repair(self, spec: Any) -> dict[str, Any] | None:
        if spec.places == 0:
            return None  # rounding 12.5% to a whole number changes what is said
        return {"op": "percent_format", "places": spec.places, "sign": spec.sign}


MONEY_FORMAT = _MoneyFormat()
PERCENT_FORMAT = _PercentFormat()
