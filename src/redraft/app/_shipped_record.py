"""The embedded judge's record, measured when the product was built.

The embedded model is the same file on every machine, so how far its
answers can be believed is a fact about the model, not about the machine.
A fresh install reads this record — the embedded model judged on the
product's own calibration set (``redraft judges calibrate``; no public
benchmark is in it) — until the judges' record of the machine has measured
that judge itself (a band, or enough comparisons to tell). Without it, every
new user would pay for a judge that was already known not to be worth
asking before finding that out.

Regenerate after changing the embedded model, the checklist prompt or the
calibration set::

    python -m redraft.app._shipped_record
"""

from __future__ import annotations

import asyncio
import contextlib
import datetime
import functools
import json
from pathlib import Path

from redraft.app._calibration import calibrate
from redraft.core._types import Policy
from redraft.evaluators import Comparison, Reliabilities, Reliability, measure_judges
from redraft.providers import ProviderRegistry

__all__ = ["SHIPPED_RECORD", "shipped_records", "with_shipped"]

SHIPPED_RECORD = Path(__file__).with_name("embedded_judge_record.json")
CALIBRATION_SIZE = 240


@functools.cache
def shipped_records() -> dict[tuple[str, str], Reliability]:
    """The shipped records by (judge model spec, preset), marked ``shipped``."""
    data = json.loads(SHIPPED_RECORD.read_text(encoding="utf-8"))
    comparisons = [
        Comparison(
            judge=data["judge"],
            preset=data["preset"],
            requirement=requirement,
            truth=truth,
            said=said,
            p_yes=p_yes,
            source="calibration",
        )
        for requirement, truth, said, p_yes in data["comparisons"]
    ]
    return {
        key: record.model_copy(update={"shipped": True})
        for key, record in measure_judges(comparisons).items()
    }


def with_shipped(records: Reliabilities) -> dict[tuple[str, str], Reliability]:
    """``records``, with the shipped record of each judge they have not
    measured yet: no band and too few comparisons to tell."""
    merged = dict(records)
    for key, shipped in shipped_records().items():
        own = merged.get(key)
        if own is None or (own.band is None and own.status == "unmeasured"):
            merged[key] = shipped
    return merged


async def _measure() -> dict[str, object]:
    async with contextlib.aclosing(ProviderRegistry()) as models:
        judge = models.get("local")
        found = await calibrate(
            judge, size=CALIBRATION_SIZE, policy=Policy(deadline_s=None, temperature=0.0)
        )
    [preset] = {c.preset for c in found}
    return {
        "judge": judge.spec,
        "preset": preset,
        "measured": datetime.date.today().isoformat(),
        "how": f"redraft judges calibrate, {CALIBRATION_SIZE} items, seed 0",
        "comparisons": [[c.requirement, c.truth, c.said, c.p_yes] for c in found],
    }


def _write(measured: dict[str, object]) -> None:
    """One comparison a line: the file is read in review, not only by code."""
    head = {k: v for k, v in measured.items() if k != "comparisons"}
    rows = measured["comparisons"]
    assert isinstance(rows, list)
    lines = ",\n".join(json.dumps(row) for row in rows)
    text = json.dumps(head)[:-1] + ', "comparisons": [\n' + lines + "\n]}\n"
    SHIPPED_RECORD.write_text(text, encoding="utf-8")


if __name__ == "__main__":
    _write(asyncio.run(_measure()))
    print(f"wrote {SHIPPED_RECORD}")
