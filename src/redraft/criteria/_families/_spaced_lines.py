"""A line count written as a compound without its hyphen: "write a 2 line
rhyme for my brother's card", "give me a 4 line poem". After a making verb
the thing made is the answer, so its lines are the answer's; read only
where nothing else is made beside it or for each of several things.

Not "a 3 line gap" or "a 2 line limit" (no thing made of lines), not "a 2
line rhyme for each season" (one per season), and not beside a title, an
explanation or a second part, which the lines family refuses for every line
count before this reading runs.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator

from redraft.core._lazy_pattern import compile_lazily
from redraft.criteria._families._answer_units import MAKE
from redraft.criteria._families._base import FamilyCount
from redraft.criteria._families._lexical import required
from redraft.criteria._grammar import NUMBER, number_value
from redraft.criteria._sentences import Hit, Sentence

__all__ = ["spaced_compound"]

_SPACED_COMPOUND = compile_lazily(
    rf"\b(?:{MAKE})\s+(?:me\s+|us\s+)?(?:a|an|one)\s+(?P<num>{NUMBER})\s+line\s+"
    r"(?!(?:breaks?|spacing|gaps?|spaces?|height|feeds?|wraps?|endings?|limit|length|max\w*|"
    r"min\w*|each|per|apiece|or|to|and)\b)[a-z][\w-]*\b"
)
# One thing for each of several, or a condition on the request
_EACH_OR_IF = compile_lazily(r"\b(?:each|every|per|apiece|if|unless)\b")


def spaced_compound(sentence: Sentence, build: Callable[..., FamilyCount]) -> Iterator[Hit]:
    """ "write a 2 line rhyme": exactly that many lines, built by ``build``."""
    text = sentence.lower
    for found in _SPACED_COMPOUND.finditer(text):
        value = number_value(found.group("num"))
        if not value or _EACH_OR_IF.search(text):
            continue
        if required(sentence, found.start()):
            yield Hit(build(relation="exactly", value=value), *found.span())
