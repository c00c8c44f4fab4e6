"""How many data rows a table asks for when the prompt names what the rows
are rather than counting rows: "a table of the 5 largest lakes", "a 7-day
meal plan in a table", "rows are Monday to Friday", "criteria as rows
(Thesis, Evidence, Style)". One row per thing is how a table lists things;
where the prompt says the rows are something else ("rows for each meal"),
or the things are its columns ("a table comparing 3 phones"), nothing is
read.
"""

from __future__ import annotations

from collections.abc import Iterator

from redraft.core._lazy_pattern import compile_lazily
from redraft.criteria._families._tabular import column_list
from redraft.criteria._grammar import NUMBER, number_value
from redraft.criteria._sentences import NEGATION, Sentence, lowered, matches_in, sentence_blocked

__all__ = ["ROW_NOUN", "rows_counted", "rows_named"]

# "a table of the 5 largest US states", "a table listing 10 verbs"
_TABLE_OF = compile_lazily(
    rf"\btable\s+(?:of|listing|showing|ranking)\s+(?:the\s+)?(?:top\s+)?(?P<num>{NUMBER})\s+"
    r"(?!(?:rows?|columns?|cells?|headers?|days?|weeks?|months?|years?)\b)"
    r"(?:[\w()-]+\s+){0,3}?[a-z]+s\b"
)
# "a 7-day meal plan in a table", "a 4-week running schedule as a markdown table"
_PERIOD = compile_lazily(
    rf"\b(?P<num>{NUMBER})[-\s](?:day|week|month)\s+(?:[\w-]+\s+){{0,2}}?"
    r"(?:plan|schedule|calendar|itinerary|menu|timetable|program(?:me)?|routine|rota|planner)\b"
)
_IN_TABLE = compile_lazily(r"\b(?:as|in|into|using)\s+(?:a|one)\s+(?:[\w-]+\s+){0,2}?table\b")
_DAYS = ("monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday")
# "rows are Monday to Friday", "one row per day from Monday through Sunday"
_DAY_RANGE = compile_lazily(
    r"\brows?\b[^.;]{0,30}?\b(?P<a>" + "|".join(_DAYS) + r")\s+(?:to|through|thru|-|–|until)\s+"
    r"(?P<b>" + "|".join(_DAYS) + r")\b"
)
# "criteria as rows (A, B, C)", "rows are Apples, Pears and Plums"
_ROW_LIST = compile_lazily(
    r"\b(?:as\s+(?:the\s+)?rows|rows?\s+(?:are|for|labell?ed|named))\s*:?\s*(?P<paren>\()?\s*"
)
# Rows stated otherwise: the things are not one a row.
_ROWS_OTHERWISE = compile_lazily(r"\brows?\b|\bcolumns?\s+(?:are|for|as)\b|\bas\s+columns\b")
# What some of the rows say ("exactly two rows must say 'Rest'"): rows already
# made of the things, not rows stated otherwise
_SOME_ROWS_SAY = compile_lazily(
    rf"\b(?:(?:exactly|only|at\s+least|at\s+most)\s+)?{NUMBER}\s+(?:of\s+the\s+)?rows?\s+"
    r"(?:must|should|shall|will|need\s+to|have\s+to)\s+(?:say|read|show|contain|mention|include|"
    r"be\s+marked)\b"
)

# The rows' order ("Sort rows by diameter", "rows sorted alphabetically"):
# rows already made of the things, put in an order, not rows stated otherwise
_ROWS_ORDERED = compile_lazily(
    r"\b(?:sort|order|rank|arrange|list)(?:ed)?\s+(?:the\s+|all\s+|your\s+)?rows\s+"
    r"(?:by|from|in|alphabetically|chronologically)\b|"
    r"\b(?:the\s+)?rows\s+(?:should\s+be\s+|must\s+be\s+|are\s+)?(?:sorted|ordered|ranked|arranged)\b"
)


def rows_named(sentence: Sentence) -> Iterator[tuple[int, int, int]]:
    """``(rows, start, end)`` for each phrase of the table sentence that
    names what its rows are."""
    text = sentence.lower
    for match in _DAY_RANGE.finditer(text):
        a, b = _DAYS.index(match.group("a")), _DAYS.index(match.group("b"))
        if b > a:
            yield b - a + 1, match.start(), match.end()
            return
    for match in _ROW_LIST.finditer(text):
        rest = sentence.original[match.end() :]
        if match.group("paren"):
            close = rest.find(")")
            rest = rest[:close] + "." if close > 0 else ""
        listed = column_list(rest)
        if listed is not None:
            yield len(listed[0]), match.start(), match.end() + listed[1]
            return
    whole = lowered(sentence.whole)
    said = [m.span() for m in matches_in(_SOME_ROWS_SAY, whole)]
    said += [m.span() for m in matches_in(_ROWS_ORDERED, whole)]
    if any(
        not any(a <= m.start() < b for a, b in said) for m in matches_in(_ROWS_OTHERWISE, whole)
    ):
        return
    for pattern in (_TABLE_OF, _PERIOD):
        found = pattern.search(text)
        if found is None or (pattern is _PERIOD and not _IN_TABLE.search(text, found.end())):
            continue
        value = number_value(found.group("num"))
        if value is not None and value >= 2:
            yield value, found.start(), found.end()
            return


# What a row holds, named before "rows" ("5 habit rows", "6 feature rows"):
# not a row of another sort (a header, a total, a blank one) that the data
# rows leave out or take in
ROW_NOUN = (
    r"(?!(?:header|heading|title|blank|empty|extra|total|totals|summary|bold|separator|more|"
    r"other|of|additional|final|last|first|top|bottom|new)\b)[a-z]{3,}(?:-[a-z]+)?"
)
# "a habit tracker table …, 5 habit rows", "… as rows, so 5 rows", "a
# two-row markdown table": the rows counted by what they hold, by a
# conclusion, or in the table's own compound
_COUNTED = compile_lazily(
    rf"(?:(?:^|[,;:]\s*|\b(?:and|with|has|have|so|thus|i\.e\.)\s+)(?P<num>{NUMBER})\s+"
    rf"(?P<noun>{ROW_NOUN}\s+)?rows\b"
    r"(?!\s+(?:each|per|for\s+each|in\s+each|of\s+(?:the|each|every)))|"
    rf"\b(?:an?|one)\s+(?P<compound>{NUMBER})-rows?\s+(?:[\w-]+\s+){{0,2}}?table\b)"
)
_CONCLUDED = compile_lazily(r"\b(?:so|thus|i\.e\.)\s+$")


def rows_counted(sentence: Sentence) -> Iterator[tuple[int, int, int]]:
    """``(rows, start, end)`` for each phrase of the table sentence that
    counts its rows by what they hold ("5 habit rows"), as a conclusion
    ("so 5 rows") or in a compound ("a two-row table"), unhedged and not
    negated; a plain "5 rows" is the counted phrases' of :mod:`._tables`."""
    text = sentence.lower
    for found in _COUNTED.finditer(text):
        value = number_value(found.group("num") or found.group("compound") or "")
        if value is None or value < 1:
            continue
        if sentence_blocked(sentence, found.start()) or NEGATION.search(text, 0, found.start()):
            continue
        if found.group("num") and not (
            found.group("noun") or _CONCLUDED.search(text, 0, found.start("num"))
        ):
            continue
        yield value, found.start(), found.end()
