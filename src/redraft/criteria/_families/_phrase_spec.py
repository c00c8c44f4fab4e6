"""The start and end phrase specs and how they are measured: case and
whitespace differences ignored, a phrase that ends in a letter or digit ends
a word there, and closing punctuation may follow an end phrase. The phrasing
rules that produce them are in :mod:`._phrases`.
"""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from redraft.criteria._families._arguments import fold, head, tail
from redraft.criteria._families._base import FamilySpec
from redraft.criteria._outcome import Outcome
from redraft.criteria._spec_base import SHORT

__all__ = ["EndsWith", "StartsWith", "ends_with_outcome", "starts_with_outcome"]

_SHOWN = 40


class StartsWith(FamilySpec):
    """The answer begins with ``phrase`` (case-insensitive, leading whitespace
    ignored); a phrase ending in a letter or digit ends a word there ("Rain"
    does not open "Rainbows")."""

    kind: Literal["starts_with"] = "starts_with"
    phrase: str = Field(min_length=1, max_length=SHORT)

    def describe(self) -> str:
        return f"starts with {self.phrase!r}"


class EndsWith(FamilySpec):
    """The answer ends with ``phrase`` (case-insensitive, trailing whitespace
    ignored; after a phrase that ends in a letter or digit, closing
    punctuation such as ``.`` or ``"`` may follow)."""

    kind: Literal["ends_with"] = "ends_with"
    phrase: str = Field(min_length=1, max_length=SHORT)

    def describe(self) -> str:
        return f"ends with {self.phrase!r}"


def starts_with_outcome(spec: StartsWith, text: str) -> Outcome:
    folded, phrase = fold(text), fold(spec.phrase)
    # "begin with 'Rain'": "Rainbows …" opens with another word
    whole = not (phrase[-1:].isalnum() and folded[len(phrase) : len(phrase) + 1].isalnum())
    if folded.startswith(phrase) and whole:
        return Outcome(True, f"the answer starts with {spec.phrase!r}, as required")
    return Outcome(
        False,
        f"the answer starts with {head(text)}; required: {spec.describe()}",
        f"Your answer starts with {head(text)}. Begin it with exactly {spec.phrase!r}.",
        data={"measured": text.strip()[:_SHOWN]},
    )


_CLOSERS = ".!?\"'”’)*_"


def _ends_at_word(folded: str, phrase: str) -> bool:
    """Whether ``folded`` ends with ``phrase`` where a word starts: "door"
    does not end "indoor"."""
    if not folded.endswith(phrase):
        return False
    before = folded[len(folded) - len(phrase) - 1 : len(folded) - len(phrase)]
    return not (phrase[:1].isalnum() and before.isalnum())


def ends_with_outcome(spec: EndsWith, text: str) -> Outcome:
    folded, phrase = fold(text), fold(spec.phrase)
    ends = _ends_at_word(folded, phrase)
    if not ends and phrase[-1:].isalnum():
        ends = _ends_at_word(folded.rstrip(_CLOSERS), phrase)
    if ends:
        return Outcome(True, f"the answer ends with {spec.phrase!r}, as required")
    return Outcome(
        False,
        f"the answer ends with {tail(text)}; required: {spec.describe()}",
        f"Your answer ends with {tail(text)}. End it with exactly {spec.phrase!r}, "
        "with nothing after it.",
        data={"measured": text.strip()[-_SHOWN:]},
    )
