"""Decimal places asked of money that is a column of the answer's table or
CSV: "Prices with two decimals" in a prompt asking for a CSV with the header
``name,price,in_stock`` reads as every cell of the ``price`` column written
with two decimals (``column_values``, form ``decimals``).

The money rule (:mod:`._money_formats`) finds amounts by their currency
sign or code, and a table's prices are bare figures ("3.49"): held to a
money format, such an answer could never be read. So where the answer is a
table, CSV or JSON and the places name no currency, the sort of money is
looked up among the columns the prompt names (a table's column list, a
CSV's header): one column whose name holds the noun ("Prices" → ``price``,
``Costs`` → ``cost_gbp``) is read cell by cell; none, or more than one,
compiles nothing (a JSON answer's values have no reader of this kind).
"""

from __future__ import annotations

from redraft.core._lazy_pattern import compile_lazily
from redraft.criteria._families._cells import listed_columns
from redraft.criteria._families._csv import CsvColumns, csv_headers
from redraft.criteria._sentences import Sentence, lowered

__all__ = ["priced_column", "tabular_answer"]

_TABULAR = compile_lazily(r"\btables?\b(?!\s+of\s+contents)|\bcsv\b|\bjsonl?\b|\byaml\b")
_MONEY_NOUN = compile_lazily(
    r"\b(?P<noun>price|cost|amount|fee|fare|salar(?:y|ie)|wage|balance|charge|total)s?\b"
)
_TOKEN = compile_lazily(r"[\s_/()\[\]-]+")


def tabular_answer(sentence: Sentence) -> bool:
    """Whether the prompt names a table, CSV or JSON: its money may be bare
    figures (a spreadsheet or a user's CSV the prompt is about too, where
    no column of the answer's can be told apart)."""
    return bool(_TABULAR.search(lowered(sentence.whole) or sentence.lower))


def _named_columns(sentence: Sentence) -> list[str]:
    whole = Sentence(sentence.full, sentence.whole, 0, sentence.whole, sentence.full)
    names = list(listed_columns(sentence).values())
    for hit in csv_headers(whole):
        if isinstance(hit.spec, CsvColumns):
            names += [n for n in hit.spec.columns if n not in names]
    return names


def priced_column(sentence: Sentence, said: str) -> str | None:
    """The one column the prompt names for the money ``said`` names
    ("Prices with two decimals" → ``price``), or None."""
    noun = _MONEY_NOUN.search(said.lower())
    if noun is None:
        return None
    stem = "salary" if noun["noun"].startswith("salar") else noun["noun"]
    held = [n for n in _named_columns(sentence) if stem in _TOKEN.split(n.casefold())]
    return held[0] if len(held) == 1 else None
