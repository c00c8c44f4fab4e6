"""How often a judge is right, measured in use.

When an exact check has already decided a requirement, the judge is now and
then asked about it too (an *audit*: sampled, recorded as a judge call, never
part of the verdict). Each audit is a :class:`Comparison` of what the judge
said with what the check established; people who overturn a judge's finding
in a session add comparisons the same way. :func:`measure_judges` turns a judge's
comparisons into a :class:`Reliability`: balanced accuracy with a 95%
interval, Cohen's kappa and the sample size.

A judge whose interval includes chance (0.5) is *flagged*: its "yes" can no
longer pass a requirement by itself. Until both kinds of outcome have been
seen a few times a judge is *unmeasured*, and its verdicts stand on their
own confidence, marked as such.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping
from typing import Any, Literal

from pydantic import BaseModel, Field, computed_field

__all__ = [
    "MIN_PER_CLASS",
    "Comparison",
    "Reliability",
    "ReliabilityStatus",
    "Reliabilities",
    "comparisons_in",
    "measure_judges",
]

MIN_PER_CLASS = 5
"""Comparisons needed on each side (requirements met and not met) before a
judge is measured: balanced accuracy needs both."""
_Z95 = 1.959964

ComparisonSource = Literal["check", "human", "calibration"]
ReliabilityStatus = Literal["unmeasured", "reliable", "chance"]


class Comparison(BaseModel):
    """One requirement on which a judge's answer can be checked."""

    judge: str
    """The judge model's spec (``local:SmolLM2-135M-Instruct``)."""
    preset: str
    requirement: str
    truth: bool
    """Whether the requirement holds, as an exact check (or a person) found."""
    said: bool | None
    """The judge's answer; None when it was not sure."""
    p_yes: float | None = Field(default=None, ge=0.0, le=1.0)
    source: ComparisonSource = "check"

    @property
    def key(self) -> tuple[str, str]:
        return (self.judge, self.preset)


class Reliability(BaseModel):
    """A judge's record: how its answers compared with the truth."""

    judge: str
    preset: str
    tp: int = 0
    tn: int = 0
    fp: int = 0
    fn: int = 0
    uncertain: int = 0
    """Comparisons where the judge was not sure (counted, not scored)."""

    @property
    def n(self) -> int:
        """Comparisons with a definite answer."""
        return self.tp + self.tn + self.fp + self.fn

    @computed_field  # type: ignore[prop-decorator]
    @property
    def balanced_accuracy(self) -> float | None:
        """Mean of the shares of met and unmet requirements it got right;
        None until both have been seen."""
        if not (self.tp + self.fn and self.tn + self.fp):
            return None
        return round((self.tp / (self.tp + self.fn) + self.tn / (self.tn + self.fp)) / 2, 4)

    @computed_field  # type: ignore[prop-decorator]
    @property
    def interval(self) -> tuple[float, float] | None:
        """A 95% interval for the balanced accuracy (normal approximation on
        add-one smoothed rates, so a perfect small sample is not certain)."""
        accuracy = self.balanced_accuracy
        if accuracy is None:
            return None
        met, unmet = self.tp + self.fn, self.tn + self.fp
        sensitivity = (self.tp + 1) / (met + 2)
        specificity = (self.tn + 1) / (unmet + 2)
        variance = (
            sensitivity * (1 - sensitivity) / (met + 2)
            + specificity * (1 - specificity) / (unmet + 2)
        ) / 4
        half = _Z95 * math.sqrt(variance)
        return (round(max(0.0, accuracy - half), 4), round(min(1.0, accuracy + half), 4))

    @computed_field  # type: ignore[prop-decorator]
    @property
    def kappa(self) -> float | None:
        """Cohen's kappa: agreement beyond chance (0 = chance, 1 = perfect)."""
        n = self.n
        if not n:
            return None
        said_yes, truly_yes = self.tp + self.fp, self.tp + self.fn
        expected = (said_yes * truly_yes + (n - said_yes) * (n - truly_yes)) / (n * n)
        if expected == 1:
            return None
        return round(((self.tp + self.tn) / n - expected) / (1 - expected), 4)

    @computed_field  # type: ignore[prop-decorator]
    @property
    def status(self) -> ReliabilityStatus:
        interval = self.interval
        if interval is None or min(self.tp + self.fn, self.tn + self.fp) < MIN_PER_CLASS:
            return "unmeasured"
        return "chance" if interval[0] <= 0.5 else "reliable"

    @property
    def never_sure(self) -> bool:
        """Asked, and uncertain every time."""
        return self.uncertain > 0 and self.n == 0

    @property
    def flagged(self) -> bool:
        """Measured, and not shown to be better than a coin."""
        return self.status == "chance"

    def describe(self) -> str:
        """One line: "balanced accuracy 0.81 [0.74, 0.88], κ 0.62, n=120"."""
        accuracy, interval = self.balanced_accuracy, self.interval
        if accuracy is None or interval is None:
            if self.never_sure:
                return f"never sure: uncertain on all {self.uncertain} comparisons"
            return f"not measured yet (n={self.n})"
        text = f"balanced accuracy {accuracy:.2f} [{interval[0]:.2f}, {interval[1]:.2f}]"
        if self.kappa is not None:
            text += f", κ {self.kappa:.2f}"
        text += f", n={self.n}"
        if self.status == "unmeasured":
            text += " (too few to tell)"
        elif self.flagged:
            text += " — no better than chance"
        return text

    def counting(self, truth: bool, said: bool | None, times: int = 1) -> Reliability:
        """This record with ``times`` more comparisons of one outcome."""
        if said is None:
            field = "uncertain"
        else:
            field = ("t" if truth == said else "f") + ("p" if said else "n")
        return self.model_copy(update={field: getattr(self, field) + times})


Reliabilities = Mapping[tuple[str, str], Reliability]
"""Records by (judge model spec, preset)."""


def measure_judges(comparisons: Iterable[Comparison]) -> dict[tuple[str, str], Reliability]:
    """Every judge's record from its comparisons."""
    records: dict[tuple[str, str], Reliability] = {}
    for comparison in comparisons:
        key = comparison.key
        record = records.get(key) or Reliability(judge=key[0], preset=key[1])
        records[key] = record.counting(comparison.truth, comparison.said)
    return records


def comparisons_in(evidence_data: Iterable[Mapping[str, Any]]) -> list[Comparison]:
    """The audits kept in judges' evidence (``data["audit"]``)."""
    found: list[Comparison] = []
    for data in evidence_data:
        audit = data.get("audit")
        if isinstance(audit, Mapping):
            try:
                found.append(Comparison.model_validate(audit))
            except ValueError:
                continue  # written by a different version; not worth failing a read over
    return found
