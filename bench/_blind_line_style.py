"""A writer's bold or italic format of the answer's first or last line:
``line_style``.

The writer states the format as a shape ("**...**", "*...*", "_..._") or a
regular expression anchored on the whole line ("^\\*\\*[^*].*\\*\\*$"); a
shape or an expression of anything else (a label, a date) is another
mapping's, and a bold span inside the line is ``words_styled``'s.
"""

from __future__ import annotations

import re

from _blind_matchers import Expectation, all_of, fields
from _blind_parts import Scope
from _blind_rows import Constraint

__all__ = ["line_style"]

# "**...**", "__…__", "^\*\*[^*].*\*\*$", "**Title**": a bold span the whole line
_BOLD = re.compile(
    r"\^?(?:\\\*\\\*|\*\*|__)(?:\.\.\.|…|\[\^\*\]\.\*|\.\+|\.\*|[\w ]+)(?:\\\*\\\*|\*\*|__)\$?"
)
# "*...*", "_..._", "^\*[^*].*\*$|^_.*_$"
_ITALIC = re.compile(
    r"(?:\^?(?:\\\*|\*|_)(?:\.\.\.|…|\[\^\*\]\.\*|\.\+|\.\*|[\w ]+)(?:\\\*|\*|_)\$?\|?)+"
)


def line_style(c: Constraint, scope: Scope) -> Expectation | None:
    """``line_style`` where the writer's format is one emphasis span over the
    whole first or last line; None otherwise (a "title" scope names a part that
    may be a heading, not a line)."""
    where, part, index = scope
    if where != "nth" or part != "line" or index not in (1, -1):
        return None
    shape = str(c.value or "").strip()
    if _BOLD.fullmatch(shape):
        style = "bold"
    elif _ITALIC.fullmatch(shape):
        style = "italic"
    else:
        return None
    return all_of(fields("line_style", index=index, style=style))
