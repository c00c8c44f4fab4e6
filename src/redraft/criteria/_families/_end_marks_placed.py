"""The answer's last mark, placed rather than ended with: "must have a
question at the end", "one exclamation mark at the very end", "put a
question mark at the end". Part of the start and end phrases family
(:mod:`._phrases`); an ``EndsWith`` on the mark.

Not a part's end ("at the end of each line"), nor a mark inside the
answer ("a question near the end"), nor one a question asks about.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from functools import partial

from redraft.core._lazy_pattern import compile_lazily
from redraft.criteria._families._arguments import response_spec
from redraft.criteria._families._base import FamilySpec
from redraft.criteria._families._lexical import asks_about
from redraft.criteria._sentences import THING, Hit, Sentence

__all__ = ["placed_end_marks"]

_MARKS = {
    "question": "?",
    "question mark": "?",
    "exclamation mark": "!",
    "exclamation point": "!",
    "full stop": ".",
    "period": ".",
}
_AT_END = (
    r"\s+at\s+the\s+(?:very\s+)?end\b"
    rf"(?:\s+of\s+(?:your|the)\s+(?:entire\s+|whole\s+)?(?:{THING}|response|answer|reply|message))?"
    # "… at the end of each line", "… at the end and the start": not the answer's last mark
    r"(?!\s*(?:of|and|or|for\s+each|in\s+each|per)\b)"
)
_MARK = r"(?P<mark>question(?:\s+mark)?|exclamation\s+(?:mark|point)|full\s+stop|period)"
# "(must) have a question at the end", "put a question mark at the very end"
_PLACED_MARK = compile_lazily(
    r"\b(?:have|has|having|put|include|includes|including|add|adds|adding|place|with|keep)\s+"
    rf"(?:a|an|one|a\s+single|exactly\s+one)\s+{_MARK}{_AT_END}"
)
# "No punctuation at all except one exclamation mark at the very end": the
# one mark left is the last
_EXCEPT_MARK = compile_lazily(
    r"\b(?:no|zero)\s+punctuation(?:\s+at\s+all)?\s*,?\s*(?:except|but|other\s+than|apart\s+from)\s+"
    r"(?:for\s+)?(?:a|an|one|a\s+single)\s+(?P<mark>question\s+mark|exclamation\s+(?:mark|point)|"
    rf"full\s+stop|period){_AT_END}"
)
# "each line should have a period at the end": the parts' last marks
_PARTS_BEFORE = compile_lazily(
    r"\b(?:each|every|all|both)\s+(?:[\w-]+\s+){0,2}?(?:lines?|sentences?|paragraphs?|bullets?|"
    r"items?|verses?|stanzas?|points?|sections?)\b[^.;]*$"
)


def placed_end_marks(sentence: Sentence, build: Callable[[str], FamilySpec]) -> Iterator[Hit]:
    """A mark placed at the answer's end: ``build(mark)`` (an ``EndsWith``)."""
    text = sentence.lower
    for pattern in (_PLACED_MARK, _EXCEPT_MARK):
        for match in pattern.finditer(text):
            if _PARTS_BEFORE.search(text, 0, match.start()) or asks_about(sentence, match.start()):
                continue
            mark = _MARKS[" ".join(match.group("mark").split())]
            yield from response_spec(
                sentence,
                partial(build, mark),
                *match.span(),
                owns_negation=pattern is _EXCEPT_MARK,
            )
