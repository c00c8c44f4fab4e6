"""Parts that open with listed words in order: "each paragraph begins with a
different one of these words, in that order: First, Then, Finally", "4
paragraphs, each starting with one of these words in order: Once, Then,
Suddenly, Finally" compile a ``word_at`` for each part (the first word of
paragraph 1 is 'First', of paragraph 2 'Then', …).

Read only where the order is stated ("in that order", "in order",
"respectively"): "each paragraph starts with a different one of these
words" alone allows any order, which no ``word_at`` states. Not where the
clause is hedged, negated, a question, or in material.
"""

from __future__ import annotations

from collections.abc import Iterator
from functools import partial

from redraft.core._lazy_pattern import compile_lazily
from redraft.criteria._families._arguments import Guard, parse_list, part_of, spec_hit
from redraft.criteria._families._positions import MODAL, WordAt
from redraft.criteria._grammar import NUMBER
from redraft.criteria._sentences import Hit, Sentence, response_context

__all__ = ["ordered_openers"]

_PART = r"(?:paragraph|sentence|bullet(?:[\s-]+point)?|stanza|line)"
_OPENS = r"(?:begins?|starts?|opens?|beginning|starting|opening)"
_ORDER = r"(?:,?\s*(?:in\s+(?:that|this|the\s+given|the\s+same)\s+order|in\s+order|respectively))"
_OPENERS = compile_lazily(
    rf"\b(?:(?:each|every)\s+(?P<part>{_PART})\s+(?:{MODAL}\s+)?{_OPENS}|"
    rf"{NUMBER}\s+(?P<parts>{_PART}s),?\s+each\s+{_OPENS})\s+with\s+"
    r"(?:a\s+different\s+one\s+of\s+|one\s+of\s+)?(?:these|the\s+following)\s+(?:words|phrases)"
    rf"(?P<order>{_ORDER})?\s*:\s*"
)
_ORDER_AFTER = compile_lazily(rf"\s*(?:[—–-]\s*|\(\s*)?{_ORDER.replace(',?', '')}")


def ordered_openers(sentence: Sentence) -> Iterator[Hit]:
    """The first word of each part, where the request lists them in order."""
    text = sentence.lower
    plain = Guard(text)
    for match in _OPENERS.finditer(text):
        listed = parse_list(sentence, match.end())
        if listed is None:
            continue
        words, end = listed
        if not (match.group("order") or _ORDER_AFTER.match(text, end)):
            continue  # any order: no part has its own word
        if (
            len(words) < 2
            or not plain(match.start())
            or not response_context(sentence, match.start())
        ):
            continue
        part = part_of(" ".join((match.group("part") or match.group("parts")).split()))
        if part not in ("paragraph", "sentence", "bullet"):
            continue
        for index, word in enumerate(words, start=1):
            build = partial(WordAt, word=word, part=part, index=index, position=1)
            if hit := spec_hit(build, match.start(), end):
                yield hit
        return
