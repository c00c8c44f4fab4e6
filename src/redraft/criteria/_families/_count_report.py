"""How a count is reported and corrected, for every counted family: the
outcome of a measured count (``Your answer has 137 words; the limit is 100.
Cut at least 37 words.``) and the family that corrects by the gap."""

from __future__ import annotations

from abc import abstractmethod
from collections.abc import Callable
from typing import Any, ClassVar

from redraft.criteria._families._base import Family
from redraft.criteria._outcome import Outcome
from redraft.criteria._spec_base import CountSpec

__all__ = ["TallyFamily", "count_outcome", "noun", "tally_outcome"]


def count_outcome(spec: CountSpec, n: int, has: str, fix: str) -> Outcome:
    """The outcome of a measured count ``n``: ``has`` says what the answer
    has ("has 3 words"), ``fix`` what to change where ``n`` misses."""
    data: dict[str, Any] = {"measured": n, "relation": spec.relation, "value": spec.value}
    required = spec.describe()
    if spec.holds(n):
        return Outcome(True, f"the answer {has}, as required ({required})", data=data)
    high, low = max(n, spec.value), min(n, spec.value)
    score = low / high if high else 0.0
    if spec.kind_name() == "word_count" and spec.relation != "at_most":
        # Tokenizers split on spaces first, so a word is at least one token:
        # a draft capped below this many tokens can never meet the requirement.
        data["min_tokens"] = spec.value
    wanted = {
        "at_most": f"the limit is {spec.value}",
        "at_least": f"it needs at least {spec.value}",
        "exactly": f"it needs exactly {spec.value}",
    }[spec.relation]
    return Outcome(
        False,
        f"the answer {has}; required: {required}",
        f"Your answer {has}; {wanted}. {fix}",
        score=min(score, 0.99),
        data=data,
    )


def tally_outcome(spec: CountSpec, n: int, has: str, correct: Callable[[], str]) -> Outcome:
    """The outcome of a measured count ``n`` where ``has`` already names the
    answer ("the answer has 3 digits") and ``correct`` writes the correction
    only when it is needed."""
    data: dict[str, Any] = {"measured": n, "relation": spec.relation, "value": spec.value}
    if spec.holds(n):
        return Outcome(True, f"{has}, as required ({spec.describe()})", data=data)
    high, low = max(n, spec.value), min(n, spec.value)
    return Outcome(
        False,
        f"{has}; required: {spec.describe()}",
        correct(),
        score=min(low / high if high else 0.0, 0.99),
        data=data,
    )


def noun(spec: CountSpec, n: int) -> str:
    return spec.unit[0] if n == 1 else spec.unit[1]


class TallyFamily(Family):
    """A counted family whose correction adds or cuts units by the gap:
    subclasses say how many units a text has (:meth:`count`)."""

    #: units one shortens ("Cut") rather than removes ("Remove")
    cut: ClassVar[bool] = False
    #: whether more text can only raise the count, so an answer still being
    #: written that is past an "at most" stays past it
    growing: ClassVar[bool] = False

    @abstractmethod
    def count(self, spec: Any, text: str) -> int:
        """How many of the spec's unit ``text`` has."""

    def counted(self, spec: Any, text: str) -> int:
        """The count the requirement is measured on (:meth:`count` unless a
        unit has two common readings)."""
        return self.count(spec, text)

    def written_as(self, spec: Any) -> str:
        """How the unit is written, for units that are markup: a small model
        told to "add 3 bullet points" writes a numbered list as often as not."""
        return ""

    def has(self, spec: Any, n: int) -> str:
        return f"has {n} {noun(spec, n)}"

    def fix(self, spec: Any, n: int) -> str:
        """The correction for a count ``n`` that misses the requirement."""
        gap = abs(n - spec.value)
        at_least = "at least " if spec.relation != "exactly" else ""
        if n < spec.value:
            return f"Add {at_least}{gap} more {noun(spec, gap)}{self.written_as(spec)}."
        verb = "Cut" if self.cut else "Remove"
        return f"{verb} {at_least}{gap} {noun(spec, gap)}."

    def measure(self, spec: Any, text: str) -> Outcome:
        n = self.counted(spec, text)
        return count_outcome(spec, n, self.has(spec, n), self.fix(spec, n))

    def correction(self, spec: Any, text: str) -> str:
        return self.measure(spec, text).suggestion or ""

    def settled_failure(self, spec: Any, partial: str) -> bool:
        if not self.growing or spec.relation == "at_least":
            return False
        return bool(self.count(spec, partial) > spec.value)
