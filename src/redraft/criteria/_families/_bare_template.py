"""An item template written without quotes, for :mod:`._item_template`:
"Each line: Title (Year) — one sentence on why", "format every line as:
hiragana (romaji) - English", "One pair per line as English → Welsh",
"Each line: español ≠ English lookalike (real meaning)".

The template is read only in its plainest shape: names of parts (words of
letters, no digits) joined by a mark between spaces (an em or en dash, ``-``,
``→``, ``≠``, ``=``, ``|``, ``/``) or a colon after a word, a part perhaps
followed by a bracketed part, at least one mark, and the clause ends right
after it. Each name becomes a placeholder and the marks and brackets are
literal (the reading :func:`~._item_template.template_pattern` gives a
template with no marked holes). A name that reads like a condition rather
than a part ("no emojis", "under ten words", "Name or nickname") leaves the
clause a description, not a template.
"""

from __future__ import annotations

import re

from redraft.core._lazy_pattern import compile_lazily

__all__ = ["BARE_LEAD", "bare_template", "states_condition"]

# What names the lines the template is of, then where the template starts:
# "each line:", "format every line as:", "one per line as", "one pair per line as"
BARE_LEAD = compile_lazily(
    r"\b(?:(?:each|every)\s+(?:line|item|entry|row|bullet|pair)\s*:"
    r"|format\s+(?:each|every)\s+(?:line|item|entry|row|bullet|pair|one)\s+as\s*:?"
    r"|(?:one\s+(?:[a-z]+\s+)?per\s+line|(?:each|every)\s+(?:line|item|entry|row|bullet|pair))"
    r"\s*,?\s+(?:formatted\s+|written\s+)?as\s*:?)\s*",
    re.IGNORECASE,
)
_NAME = r"[^\W\d_]+(?:[ '’][^\W\d_]+){0,5}"
_PART = rf"(?:{_NAME}(?:\s+\(\s*{_NAME}\s*\))?|\(\s*{_NAME}\s*\))"
_MARK = r"(?:\s+[—–\-→≠=|/]\s+|\s*:\s+)"
_SHAPE = compile_lazily(rf"{_PART}(?:{_MARK}{_PART})+")
# The clause ends: a comma, semicolon or full stop closing the sentence
_ENDS = compile_lazily(r"\s*(?:$|[,;]|\.\s*$)")
# Words that state a condition or a choice, not a part's name
_CONDITION = compile_lazily(
    r"\b(?:no|not|never|none|under|over|at|most|least|max|maximum|min|minimum|fewer|more|less|"
    r"than|exactly|only|just|up|words|characters|chars|letters|lines|sentences|or|like|"
    r"e\.g|etc|a|an|the|each|every|all|any|same|please|should|must|use|keep)\b",
    re.IGNORECASE,
)


def bare_template(text: str, start: int) -> tuple[str, int] | None:
    """The unquoted template starting at ``start`` in ``text`` and where it
    ends, where it has the plain shape and ends its clause; else None."""
    shape = _SHAPE.match(text, start)
    if shape is None or not _ENDS.match(text, shape.end()):
        return None
    template = shape.group(0).strip()
    if states_condition(template):
        return None
    return template, shape.end()


def states_condition(template: str) -> bool:
    """Whether a word of the unquoted ``template`` states a condition or a
    choice ("short — no spoilers", "Name or nickname") rather than naming a part."""
    return _CONDITION.search(template) is not None
