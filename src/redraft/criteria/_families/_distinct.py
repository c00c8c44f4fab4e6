"""No word twice: "do not repeat any word", "no word should appear more
than once in a sentence", "use each word only once".

Measured exactly: words as :func:`~redraft.criteria._measure.words` cuts
them, case ignored and surrounding punctuation taken off, in the whole
answer or within each sentence, paragraph or bullet point.
"""

from __future__ import annotations

from collections.abc import Iterator
from functools import partial
from typing import Any, ClassVar, Literal

from redraft.core._lazy_pattern import compile_lazily
from redraft.core._text import plural
from redraft.criteria import _measure as measure
from redraft.criteria._families._arguments import PART, Corrected, Guard, part_of, spec_hit
from redraft.criteria._families._base import FamilySpec
from redraft.criteria._families._per_part import parts_of
from redraft.criteria._families._positions import MODAL
from redraft.criteria._outcome import Outcome
from redraft.criteria._sentences import Hit, Rule, Sentence
from redraft.criteria._spec_parts import PART_NAMES, Part

__all__ = ["DISTINCT", "DistinctWords", "distinct_words"]

_EXAMPLES = 3
_OPENERS = "\"'“‘«("
_CLOSERS = ".,!?\"'”’»)"


class DistinctWords(FamilySpec):
    """No word appears twice (case ignored, surrounding punctuation taken
    off), in the whole answer or, with ``within``, inside any one part."""

    kind: Literal["distinct_words"] = "distinct_words"
    within: Part | Literal["response"] = "response"

    def describe(self) -> str:
        if self.within == "response":
            return "no word is used more than once"
        return f"no word is used twice in one {PART_NAMES[self.within][0]}"

    def slot(self) -> tuple[object, ...]:
        return (self.kind, self.within)


def _word_key(token: str) -> str:
    return token.strip(_OPENERS + _CLOSERS + ":;*_").casefold()


def _distinct_words(spec: DistinctWords, text: str) -> Outcome:
    scopes = [text] if spec.within == "response" else parts_of(text, spec.within)
    repeated: dict[str, int] = {}
    for scope in scopes:
        seen: dict[str, int] = {}
        for token in measure.words(scope):
            key = _word_key(token)
            if key:
                seen[key] = seen.get(key, 0) + 1
        for key, times in seen.items():
            if times > 1:
                repeated[key] = max(repeated.get(key, 0), times)
    if not repeated:
        return Outcome(True, f"the answer meets the rule: {spec.describe()}")
    worst = sorted(repeated.items(), key=lambda kv: (-kv[1], kv[0]))
    shown = ", ".join(f"{word!r} {times} times" for word, times in worst[:_EXAMPLES])
    more = f" and {len(worst) - _EXAMPLES} more" if len(worst) > _EXAMPLES else ""
    where = "" if spec.within == "response" else f" in one {PART_NAMES[spec.within][0]}"
    return Outcome(
        False,
        f"{plural(len(worst), 'word')} repeated{where} ({shown}{more}); "
        f"required: {spec.describe()}",
        f"Your answer repeats {plural(len(worst), 'word')}{where} ({shown}{more}). "
        f"Use each word only once{where}: replace the repeats with other words.",
        score=0.0,
        data={"repeated": dict(worst)},
    )


_SCOPE = rf"(?:\s+(?:with)?in\s+(?:a|an|each|any|one|the\s+same)\s+(?P<scope>{PART}))?"
_WORD_ONCE = [
    # "Do not repeat any word.", "without reusing a single word"
    compile_lazily(
        r"\b(?:do\s+not|don['’]t|never|without)\s+(?:repeat(?:ing)?|reus(?:e|ing))\s+"
        rf"(?:a|any)\s+(?:single\s+)?word(?!s?\s+(?:from|of|in)\s+(?:the|this|that|my)\b){_SCOPE}"
    ),
    # "No word should appear more than once (in a sentence)."
    compile_lazily(
        rf"\bno\s+word\s+(?:{MODAL}|may|can|is\s+to)\s+(?:appear|occur|be\s+used|be\s+repeated)"
        rf"(?:\s+(?:more\s+than\s+once|twice))?{_SCOPE}"
    ),
    # "Use each word only once.", "every word must be unique"
    compile_lazily(rf"\buse\s+(?:each|every)\s+word\s+(?:only\s+|just\s+)?once{_SCOPE}"),
    compile_lazily(
        rf"\b(?:all\s+(?:the\s+)?words|every\s+word|each\s+word)\s+(?:{MODAL}|are|is)\s+"
        rf"(?:be\s+)?(?:different|unique|distinct){_SCOPE}"
    ),
]


def distinct_words(sentence: Sentence) -> Iterator[Hit]:
    text = sentence.lower
    plain = Guard(text)
    for match in (m for p in _WORD_ONCE for m in p.finditer(text)):
        scope = match.group("scope")
        within: Part | Literal["response"] = (
            part_of(" ".join(scope.split())) if scope else "response"
        )
        if plain(match.start()) and (
            hit := spec_hit(partial(DistinctWords, within=within), *match.span())
        ):
            yield hit


class _Distinct(Corrected):
    name = "distinct words"
    specs = (DistinctWords,)
    rules: ClassVar[tuple[Rule, ...]] = (distinct_words,)

    def measure(self, spec: Any, text: str) -> Outcome:
        return _distinct_words(spec, text)


DISTINCT = _Distinct()
