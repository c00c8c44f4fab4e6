"""Proportions: the share of the answer's parts (sentences, lines,
paragraphs, list items, words) that have a property, or of its letters in
one case, compared with a fraction ("half of the sentences should be
questions", "at least a third of the sentences must contain 'less'", "no
more than 20% of the lines may end with an exclamation mark", "uppercase
letters make up less than 5% of all letters").

Measured exactly, the fraction compared in whole numbers (no rounding):

- parts are cut as :func:`._parts.parts_of` cuts them; words are
  whitespace-separated tokens holding a letter or a digit;
- ``question`` / ``exclamation``: the part ends with ``?`` / ``!`` (closing
  quotes, brackets and emphasis marks after it set aside);
- ``keyword``: the part holds ``word`` as a whole word or phrase, case aside;
- ``starts_with``: the part's first word is ``word`` (a word) or begins with
  it (a single letter), case and leading marks aside;
- ``capitals``: every letter of the part is uppercase (it has one at least);
- ``uppercase`` / ``lowercase`` (letters only): the letter's case.

An answer with none of the parts (or no letter) fails. Alternation ("every
other line") is an order, not a share, and is no proportion.
"""

from __future__ import annotations

import math
from typing import Any, ClassVar

from redraft.criteria._families._base import Family
from redraft.criteria._families._proportion_reading import proportions
from redraft.criteria._families._proportion_spec import (
    UNIT_NAMES,
    Proportion,
    has_property,
    units_of,
)
from redraft.criteria._outcome import Outcome
from redraft.criteria._sentences import Rule

__all__ = ["PROPORTION"]


def _needed(spec: Proportion, n: int) -> int | None:
    """How many of ``n`` must have the property for the nearest share that holds."""
    exact = spec.numerator * n / spec.denominator
    wanted = {
        "at_least": math.ceil(exact),
        "more_than": math.floor(exact) + 1,
        "at_most": math.floor(exact),
        "less_than": math.ceil(exact) - 1,
        "exactly": int(exact) if exact == int(exact) else None,
    }[spec.compare]
    return wanted if wanted is not None and 0 <= wanted <= n else None


class _Proportion(Family):
    name = "proportion"
    specs = (Proportion,)
    rules: ClassVar[tuple[Rule, ...]] = (proportions,)

    def measure(self, spec: Any, text: str) -> Outcome:
        assert isinstance(spec, Proportion)
        found = units_of(spec, text)
        n = len(found)
        k = sum(1 for unit in found if has_property(spec, unit))
        data: dict[str, Any] = {"measured": k, "of": n}
        noun = UNIT_NAMES[spec.units][1]
        if not n:
            return Outcome(
                False,
                f"the answer has no {noun}; required: {spec.describe()}",
                self.correction(spec, text),
                score=0.0,
                data=data,
            )
        said = f"{k} of {n} {noun} {spec.trait()}"
        if spec.holds(k, n):
            return Outcome(True, f"{said}, as required ({spec.share()})", data=data)
        return Outcome(
            False,
            f"{said}; required: {spec.describe()}",
            self.correction(spec, text),
            score=0.0,
            data=data,
        )

    def correction(self, spec: Any, text: str) -> str:
        assert isinstance(spec, Proportion)
        found = units_of(spec, text)
        n = len(found)
        k = sum(1 for unit in found if has_property(spec, unit))
        noun = UNIT_NAMES[spec.units]
        if not n:
            return f"Your answer has no {noun[1]}. Write it so that {spec.describe()}."
        head = f"{k} of your {n} {noun[1]} {spec.trait()}; {spec.share()} of them must."
        wanted = _needed(spec, n)
        if wanted is None:
            return (
                f"{head} Change how many {noun[1]} you write, and how many of them "
                f"{spec.trait()}, so that {spec.describe()}."
            )
        if wanted > k:
            change = f"{wanted - k} more {noun[0] if wanted - k == 1 else noun[1]}"
            return f"{head} Change {change} so that they {spec.trait()}."
        return f"{head} Change {k - wanted} of them so that they {spec.untrait()}."


PROPORTION = _Proportion()
