"""Every part as many words long as the others: "every sentence must have
the same number of words", "three sentences with the same number of
words". Parts are cut as :mod:`._per_part` cuts them; words are counted both
common ways, and the parts must agree under each.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any, ClassVar

from redraft.core._lazy_pattern import compile_lazily
from redraft.criteria import _measure as measure
from redraft.criteria._families._base import Family
from redraft.criteria._families._per_part import (
    MODAL,
    PARTS,
    PartGuard,
    no_parts,
    part_of,
    parts_of,
    plural,
)
from redraft.criteria._families._per_part_spec import EqualWordCount
from redraft.criteria._outcome import Outcome
from redraft.criteria._sentences import Hit, Rule, Sentence
from redraft.criteria._spec_parts import PART_NAMES

__all__ = ["EQUAL_WORDS"]


def _equal_words(spec: EqualWordCount, text: str) -> Outcome:
    found = parts_of(text, spec.part)
    if not found:
        return no_parts(spec)
    name = PART_NAMES[spec.part]
    # Equal under both common counts, as word limits are, so no reader disagrees.
    counts = [len(measure.words(p)) for p in found]
    runs = [measure.word_runs(p) for p in found]
    data: dict[str, Any] = {"measured": counts}
    if len(set(counts)) <= 1 and len(set(runs)) <= 1:
        return Outcome(True, f"all {plural(spec.part, len(found))}: {spec.describe()}", data=data)
    lengths = counts if len(set(counts)) > 1 else runs
    usual = max(set(lengths), key=lengths.count)
    listed = ", ".join(str(n) for n in lengths[:12]) + (", …" if len(lengths) > 12 else "")
    off = sum(n != usual for n in lengths)
    return Outcome(
        False,
        f"the {name[1]} have {listed} words; required: {spec.describe()}",
        f"Your {name[1]} have {listed} words. Give every {name[0]} exactly {usual} words "
        "(count them), with contractions and hyphenated words spelled out.",
        score=1 - off / len(lengths),
        data=data,
    )


_SAME_WORDS = (
    r"(?:the\s+same|an?\s+equal|equal|an?\s+identical|identical)\s+"
    r"(?:number\s+of\s+words|word\s+counts?)"
)
_ALL_PARTS = rf"(?:(?:every|each|all(?:\s+(?:of\s+)?(?:the|your))?|the|your)\s+)?(?P<part>{PARTS})"
_EQUAL_WORDS = [
    # "Every sentence must have the same number of words."
    compile_lazily(
        rf"\b{_ALL_PARTS}\s+(?:{MODAL}\s+)?(?:have|has|contain|contains|be\s+of|use)\s+"
        rf"{_SAME_WORDS}"
    ),
    # "three sentences with the same number of words"
    compile_lazily(rf"\b(?P<part>{PARTS})\s+(?:with|of|having|that\s+have)\s+{_SAME_WORDS}"),
    # "Give every paragraph an equal word count."
    compile_lazily(rf"\b(?:give|make)\s+{_ALL_PARTS}\s+{_SAME_WORDS}"),
]


def equal_words(sentence: Sentence) -> Iterator[Hit]:
    """ "Every sentence must have the same number of words"."""
    text = sentence.lower
    plain = PartGuard(text)
    for match in (m for p in _EQUAL_WORDS for m in p.finditer(text)):
        if plain(match.start()):
            yield Hit(EqualWordCount(part=part_of(match.group("part"))), *match.span())


class _EqualWords(Family):
    name = "equal word counts"
    specs = (EqualWordCount,)
    rules: ClassVar[tuple[Rule, ...]] = (equal_words,)

    def measure(self, spec: Any, text: str) -> Outcome:
        return _equal_words(spec, text)

    def correction(self, spec: Any, text: str) -> str:
        return _equal_words(spec, text).suggestion or ""


EQUAL_WORDS = _EqualWords()
