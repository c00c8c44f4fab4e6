"""Different first words: each sentence, line, bullet or paragraph of the
answer starts with a word no other one starts with ("each sentence must
begin with a different word", "don't start any two bullets with the same
word").

Measured exactly under stated definitions: a part's first word is its
first run of letters, digits and inner apostrophes after markup (a bullet,
a number, ``#``, ``*``, quotes), case aside. Sentences are read as the
``sentence_count`` kind reads them, paragraphs as ``paragraph_count`` does
with blank lines, lines are the non-empty lines, and bullets the lines that
start with ``-``, ``*``, ``+`` or ``•``. An answer with fewer than two parts
has nothing to repeat.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterator
from typing import Any, ClassVar, Literal

from redraft.core._lazy_pattern import compile_lazily
from redraft.criteria._families._base import Family, FamilySpec
from redraft.criteria._families._lexical import described, required
from redraft.criteria._measure import paragraphs, sentences
from redraft.criteria._outcome import Outcome
from redraft.criteria._sentences import Hit, Rule, Sentence

__all__ = ["FIRST_WORDS", "DistinctStarts", "first_words"]

Part = Literal["sentence", "line", "bullet", "paragraph"]
_MARKUP = compile_lazily(r"^[\s>#*_~`\"'“‘(\[-]*(?:\d+[.)]\s*|[-*+•]\s+)?[\s*_\"'“‘(\[]*")
_BULLET = compile_lazily(r"^\s*[-*+•]\s+\S")
_WORD = compile_lazily(r"[^\W_]+(?:['’][^\W_]+)*")


class DistinctStarts(FamilySpec):
    """No two parts of the answer start with the same word."""

    kind: Literal["distinct_starts"] = "distinct_starts"
    part: Part

    def describe(self) -> str:
        return f"each {self.part} starts with a different word"

    def slot(self) -> tuple[object, ...]:
        return (self.kind, self.part)


def _parts(part: Part, text: str) -> list[str]:
    if part == "sentence":
        return sentences(text)
    if part == "paragraph":
        return paragraphs(text)
    lines = [line for line in text.splitlines() if line.strip()]
    return [line for line in lines if _BULLET.match(line)] if part == "bullet" else lines


def first_words(part: Part, text: str) -> list[str]:
    """The first word of each part, case folded (parts with no word left out)."""
    found = []
    for piece in _parts(part, text):
        word = _WORD.search(_MARKUP.sub("", piece, count=1))
        if word:
            found.append(word.group(0).casefold().replace("’", "'"))
    return found


def _repeated(part: Part, text: str) -> dict[str, int]:
    counts = Counter(first_words(part, text))
    return {word: n for word, n in counts.items() if n > 1}


# -- phrasings --------------------------------------------------------------------------

_PART = r"(?P<part>sentences?|lines?|bullets?(?:\s+points?)?|bullet\s+points?|paragraphs?|items?)"
_PATTERNS = (
    # "each sentence must begin with a different word"
    compile_lazily(
        rf"\b(?:each|every)\s+{_PART}\s+(?:(?:must|should|has\s+to|needs\s+to|will)\s+)?"
        r"(?:start|starts|begin|begins|open|opens)\s+with\s+a\s+(?:different|unique|new)\s+word\b"
    ),
    # "don't start any two bullets with the same word", "never begin two lines with the same word"
    compile_lazily(
        r"\b(?:(?:do\s+not|don'?t|never|must\s+not|should\s+not)\s+(?:start|begin|open)\s+"
        rf"(?:any\s+)?two\s+{_PART}\s+with\s+the\s+same\s+(?:first\s+)?word\b)"
    ),
    # "no two sentences may start with the same word"
    compile_lazily(
        rf"\bno\s+two\s+{_PART}\s+(?:(?:may|can|should|must|will)\s+)?(?:start|begin|open)\s+"
        r"with\s+the\s+same\s+(?:first\s+)?word\b"
    ),
)


def _part_of(name: str) -> Part:
    for part in ("sentence", "line", "bullet", "paragraph"):
        if name.startswith(part):
            return part
    return "bullet"  # "items" of a list are its bullets


def distinct_starts(sentence: Sentence) -> Iterator[Hit]:
    """ "Each sentence must begin with a different word"."""
    text = sentence.lower
    if "same word" not in text and "different word" not in text and "unique word" not in text:
        return
    for pattern in _PATTERNS:
        for match in pattern.finditer(text):
            after = text[match.end() :]
            if re.match(r"\s*(?:in|of)\s+(?:the|each|every)\s+(?!answer|response|reply)", after):
                continue
            owns = not text.startswith(("each", "every"), match.start())
            if not (
                required(sentence, match.start(), owns_negation=owns)
                or described(sentence, match.start())
            ):
                continue
            yield Hit(DistinctStarts(part=_part_of(match["part"])), *match.span())
            return


class _FirstWords(Family):
    name = "distinct_starts"
    specs = (DistinctStarts,)
    rules: ClassVar[tuple[Rule, ...]] = (distinct_starts,)

    def measure(self, spec: Any, text: str) -> Outcome:
        assert isinstance(spec, DistinctStarts)
        words, repeated = first_words(spec.part, text), _repeated(spec.part, text)
        data: dict[str, Any] = {"parts": len(words), "repeated": repeated}
        if not repeated:
            return Outcome(True, f"{spec.describe()}, as required", data=data)
        shown = ", ".join(f"{w!r} ({n}×)" for w, n in list(repeated.items())[:5])
        return Outcome(
            False,
            f"{spec.part}s share first words: {shown}; required: {spec.describe()}",
            self.correction(spec, text),
            score=min(len(set(words)) / len(words), 0.99),
            data=data,
        )

    def correction(self, spec: Any, text: str) -> str:
        assert isinstance(spec, DistinctStarts)
        repeated = _repeated(spec.part, text)
        shown = ", ".join(f"{w!r} starts {n}" for w, n in list(repeated.items())[:5])
        return (
            f"Several of your {spec.part}s start with the same word ({shown}). Reword them so "
            f"every {spec.part} starts with a word no other {spec.part} starts with."
        )


FIRST_WORDS = _FirstWords()
