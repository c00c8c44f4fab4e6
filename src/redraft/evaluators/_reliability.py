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

The record also **calibrates** the judge (:class:`Band`): where the judge's
``P(yes)`` was recorded, the cut-offs above which its answers were right
and below which they were wrong are read from its comparisons, and they
replace the fixed confidence floor. A small judge that says ``P(yes) 0.35``
for what holds and ``0.1`` for what does not is then read correctly; one
whose ``P(yes)`` says nothing gets no band and is never sure.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping
from typing import Any, Literal

from pydantic import BaseModel, Field, computed_field

__all__ = [
    "BAND_FLOOR",
    "MIN_PER_CLASS",
    "Band",
    "Comparison",
    "Reliability",
    "ReliabilityStatus",
    "Reliabilities",
    "calibrated_band",
    "comparisons_in",
    "measure_judges",
]

MIN_PER_CLASS = 5
"""Comparisons needed on each side (requirements met and not met) before a
judge is measured: balanced accuracy needs both."""
_Z95 = 1.959964
BAND_FLOOR = 0.8
"""A side of a calibrated band needs answers right this often, at the lower
end of a 95% interval: about 17 answers in a row, or 40 at 90%."""

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


class Band(BaseModel):
    """Where a judge's ``P(yes)`` can be believed, from its record.

    At or above ``yes_from`` its answers were "yes" and right; at or below
    ``no_to`` "no" and right; in between, or on a side with no cut-off,
    it is uncertain. ``yes_accuracy`` and ``no_accuracy`` are the lower
    ends of 95% intervals of how often it was right there."""

    yes_from: float | None = None
    yes_accuracy: float | None = None
    no_to: float | None = None
    no_accuracy: float | None = None
    n: int = 0
    """Comparisons with a recorded ``P(yes)`` it was read from."""

    def describe(self) -> str:
        sides = []
        if self.yes_from is not None:
            sides.append(f"yes from P(yes) {self.yes_from:.2f}")
        if self.no_to is not None:
            sides.append(f"no up to P(yes) {self.no_to:.2f}")
        return ", ".join(sides) if sides else "no P(yes) it can be believed at"


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
    band: Band | None = None
    """Calibrated cut-offs, once both outcomes were seen with a recorded
    ``P(yes)`` at least :data:`MIN_PER_CLASS` times each."""
    shipped: bool = False
    """Measured when the product was built (the embedded judge), not on
    this machine: used until this machine's record can tell."""

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
        """One line: "balanced accuracy 0.81 [0.74, 0.88], κ 0.62, n=120",
        then the calibrated band where there is one."""
        text = self._accuracy()
        if self.band is not None:
            text += f"; calibrated: {self.band.describe()}"
        if self.shipped:
            text += " (shipped with the model)"
        return text

    def _accuracy(self) -> str:
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
    """Every judge's record from its comparisons, calibrated where it can be."""
    records: dict[tuple[str, str], Reliability] = {}
    samples: dict[tuple[str, str], list[tuple[bool, float, int]]] = {}
    for comparison in comparisons:
        key = comparison.key
        record = records.get(key) or Reliability(judge=key[0], preset=key[1])
        records[key] = record.counting(comparison.truth, comparison.said)
        if comparison.p_yes is not None:
            samples.setdefault(key, []).append((comparison.truth, comparison.p_yes, 1))
    return {
        key: record.model_copy(update={"band": calibrated_band(samples.get(key, ()))})
        for key, record in records.items()
    }


def calibrated_band(samples: Iterable[tuple[bool, float, int]]) -> Band | None:
    """The band read from ``(truth, p_yes, times)`` samples; None until each
    outcome was seen :data:`MIN_PER_CLASS` times.

    ``yes_from`` is the lowest ``P(yes)`` at and above which the judge was
    right at least :data:`BAND_FLOOR` of the time (lower end of a 95%
    interval), over at least :data:`MIN_PER_CLASS` answers, and where the
    answers given at that value were mostly right; ``no_to`` the highest at
    and below which it was. Sides that overlap are cut clear of each other,
    keeping the pair that decides more answers."""
    # Counted per distinct P(yes): a cut-off never splits answers given at one value.
    at: dict[float, list[int]] = {}
    for truth, p, times in samples:
        if times > 0:
            at.setdefault(p, [0, 0])[0 if truth else 1] += times
    points = sorted(at.items())
    held = sum(held for _, (held, _) in points)
    broken = sum(broken for _, (_, broken) in points)
    if min(held, broken) < MIN_PER_CLASS:
        return None
    yes = _cut(points, "yes")
    no = _cut(points, "no")
    if yes is not None and no is not None and no[0] >= yes[0]:
        # Each side holds on its own but they overlap: keep the pair that
        # decides more answers, each side cut clear of the other.
        yes_clear, no_clear = _cut(points, "yes", beyond=no[0]), _cut(points, "no", beyond=yes[0])
        pairs = [(yes_clear, no), (yes, no_clear)]
        yes, no = max(pairs, key=lambda pair: sum(side[2] for side in pair if side is not None))
    return Band(
        yes_from=yes[0] if yes else None,
        yes_accuracy=yes[1] if yes else None,
        no_to=no[0] if no else None,
        no_accuracy=no[1] if no else None,
        n=held + broken,
    )


def _cut(
    points: list[tuple[float, list[int]]],
    side: Literal["yes", "no"],
    *,
    beyond: float | None = None,
) -> tuple[float, float, int] | None:
    """The widest cut-off of one side, as (``P(yes)``, accuracy, answers
    decided): for "yes" the lowest value at and above which the judge was
    right often enough, for "no" the highest at and below; ``beyond`` keeps
    it strictly above (yes) or below (no) that value."""
    ordered = reversed(points) if side == "yes" else iter(points)
    found: tuple[float, float, int] | None = None
    right = total = 0
    for p, (held, broken) in ordered:
        if beyond is not None and (p <= beyond if side == "yes" else p >= beyond):
            break
        here = held if side == "yes" else broken
        right, total = right + here, total + held + broken
        lower = _wilson_lower(right, total)
        # A cut-off sits on answers that were right: a region that still holds
        # after taking in a few wrong ones must not reach down to include them.
        if here * 2 > held + broken and total >= MIN_PER_CLASS and lower >= BAND_FLOOR:
            found = (p, round(lower, 4), total)
    return found


def _wilson_lower(right: int, total: int) -> float:
    """The lower end of the 95% Wilson interval of ``right / total``."""
    if total == 0:
        return 0.0
    share = right / total
    z2 = _Z95 * _Z95
    centre = share + z2 / (2 * total)
    spread = _Z95 * math.sqrt(share * (1 - share) / total + z2 / (4 * total * total))
    return (centre - spread) / (1 + z2 / total)


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
