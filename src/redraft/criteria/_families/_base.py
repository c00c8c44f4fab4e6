"""What a requirement family is: its spec(s), how it is measured, its
correction, its repair where one needs no judgement, and the phrasing rules
that produce it, all in one module.

A family's spec models join the vocabulary (:data:`~redraft.criteria.CheckSpec`)
through the registry (:mod:`._registry`), so explicit checks, the LLM
compiler's schema and ``model_dump`` round-trips include them; its rules run
in the same sentence loop as every other rule and yield the same
:class:`~redraft.criteria._sentences.Hit`.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable, Iterator, Sequence
from typing import TYPE_CHECKING, Any, ClassVar

from pydantic import ValidationError

from redraft.core._repair import RepairOp
from redraft.criteria._families._reading import Counted
from redraft.criteria._outcome import Outcome
from redraft.criteria._sentences import Hit, Rule
from redraft.criteria._spec_base import CountSpec, Relation, Spec

__all__ = [
    "CountFamily",
    "Family",
    "FamilyCount",
    "FamilySpec",
    "every_unit_outcome",
    "hit",
    "values_outcome",
]

_SHOWN = 3


class FamilySpec(Spec):
    """The base of every family's spec: a vocabulary kind that a family
    module, not the vocabulary's own modules, measures and corrects."""

    if TYPE_CHECKING:
        # Each subclass declares its own literal ``kind`` field; a type
        # checker that sees only this base still knows there is one.
        kind: str


class FamilyCount(CountSpec, FamilySpec):
    """A counted family spec: ``relation`` and ``value`` like every count."""


class Family(ABC):
    """One requirement family. Subclasses name their spec models in
    ``specs`` and their rules in ``rules``; the registry checks at import
    that every piece is there."""

    #: the family's name, for docs and errors
    name: ClassVar[str]
    #: the spec model of each kind the family owns
    specs: ClassVar[tuple[type[FamilySpec], ...]]
    #: phrasing rules: sentence → hits, run with every other rule
    rules: ClassVar[tuple[Rule, ...]] = ()
    #: the family's own edits, registered with the loop's when it is
    #: registered (:func:`redraft.core._repair.register_repair`)
    edits: ClassVar[tuple[RepairOp, ...]] = ()

    def kinds(self) -> tuple[str, ...]:
        return tuple(str(model.model_fields["kind"].default) for model in self.specs)

    @abstractmethod
    def measure(self, spec: Any, text: str) -> Outcome:
        """The outcome of ``spec`` on ``text``: pure and deterministic."""

    @abstractmethod
    def correction(self, spec: Any, text: str) -> str:
        """The one line that tells the next draft how to meet ``spec``."""

    def repair(self, spec: Any) -> dict[str, Any] | None:
        """The edit that meets ``spec`` without a model, where none needs
        judgement: ``{"op": name, **params}``, ``name`` a built-in edit of
        :mod:`redraft.core._repair` or one of this family's ``edits``."""
        return None

    def settled_failure(self, spec: Any, partial: str) -> bool:
        """Whether ``partial`` (an answer still being written) already fails
        ``spec`` whatever follows it; False where more text could still meet it."""
        return False


class CountFamily(Family):
    """A family whose specs count things in the answer: subclasses say what
    the things are (:meth:`found`) and how they are written (``written_as``)."""

    #: how a unit is written, appended to "Add 2 more …" (", each on its own line")
    written_as: ClassVar[str] = ""
    #: the verb for taking units away ("Remove", or "Cut" for lines)
    remove_verb: ClassVar[str] = "Remove"
    #: how to take units away, where showing the ones found would not help
    remove_hint: ClassVar[str] = ""

    @abstractmethod
    def found(self, spec: Any, text: str) -> Sequence[str]:
        """The units of ``text`` that ``spec`` counts, in order."""

    def measure(self, spec: Any, text: str) -> Outcome:
        assert isinstance(spec, CountSpec)
        items = self.found(spec, text)
        n = len(items)
        data: dict[str, Any] = {
            "measured": n,
            "relation": spec.relation,
            "value": spec.value,
            "found": [item[:80] for item in items[:_SHOWN]],
        }
        has = f"has {n} {_noun(spec, n)}"
        if spec.holds(n):
            return Outcome(True, f"the answer {has}, as required ({spec.describe()})", data=data)
        high, low = max(n, spec.value), min(n, spec.value)
        return Outcome(
            False,
            f"the answer {has}; required: {spec.describe()}",
            self.correction(spec, text),
            score=min(low / high if high else 0.0, 0.99),
            data=data,
        )

    def correction(self, spec: Any, text: str) -> str:
        assert isinstance(spec, CountSpec)
        items = self.found(spec, text)
        n, gap = len(items), abs(len(items) - spec.value)
        wanted = {
            "at_most": f"the limit is {spec.value}",
            "at_least": f"it needs at least {spec.value}",
            "exactly": f"it needs exactly {spec.value}",
        }[spec.relation]
        at_least = "at least " if spec.relation != "exactly" else ""
        shown = self.remove_hint or _examples(items)
        if n < spec.value:
            fix = f"Add {at_least}{gap} more {_noun(spec, gap)}{self.written_as}."
        elif spec.value == 0:
            fix = f"{self.remove_verb} every one of them{shown}."
        else:
            fix = f"{self.remove_verb} {at_least}{gap} {_noun(spec, gap)}{shown}."
        return f"Your answer has {n} {_noun(spec, n)}; {wanted}. {fix}"


def _noun(spec: CountSpec, n: int) -> str:
    return spec.unit[0] if n == 1 else spec.unit[1]


def _examples(items: Sequence[str]) -> str:
    short = [item for item in items if len(item) <= 40]
    if not short or len(short) != len(items):
        return ""
    shown = ", ".join(short[:_SHOWN]) + (", …" if len(short) > _SHOWN else "")
    return f" ({shown})"


def hit(
    build: Callable[[Relation, int], FamilySpec],
    relation: Relation,
    value: int,
    span: tuple[int, int],
) -> Iterator[Hit]:
    """The hit of ``build(relation, value)`` over ``span``; none where the
    spec refuses the values (a count no check allows, such as "at least 0")."""
    try:
        spec = build(relation, value)
    except ValidationError:
        return
    yield Hit(spec, *span)


def counted_hit(build: Callable[[Relation, int], FamilySpec], found: Counted) -> Iterator[Hit]:
    """:func:`hit` for a count phrase :class:`~._reading.CountPhrases` read."""
    yield from hit(build, found.relation, found.value, (found.start, found.end))


def every_unit_outcome(
    family: Family,
    spec: Any,
    text: str,
    *,
    unit: str,
    total: int,
    off: int,
    data: dict[str, Any],
    breaking: str = "break the rule",
) -> Outcome:
    """The outcome of a rule each ``unit`` of the answer keeps (every word,
    every line, every heading): passed when none of ``total`` is ``off``; an
    answer without any fails unless the rule only caps them (``at_most``).
    ``unit`` is the plural noun; ``breaking`` says what an off one does."""
    if not total and getattr(spec, "relation", None) != "at_most":
        return Outcome(
            False,
            f"the answer has no {unit}; required: {spec.describe()}",
            family.correction(spec, text),
            data=data,
        )
    if not off:
        return Outcome(True, f"{spec.describe()}, as required", data=data)
    return Outcome(
        False,
        f"{off} of {total} {unit} {breaking}; required: {spec.describe()}",
        family.correction(spec, text),
        score=min(1 - off / total, 0.99),
        data=data,
    )


def values_outcome(family: Family, spec: Any, text: str, off: list[str]) -> Outcome:
    """The outcome of a form every value of a type must have (every date,
    every number): passed when none is ``off``; the first few shown."""
    data: dict[str, Any] = {"off": len(off), "found": off[:3]}
    if not off:
        return Outcome(True, f"the answer has {spec.describe()}, as required", data=data)
    shown = ", ".join(repr(x) for x in off[:3])
    return Outcome(
        False,
        f"the answer writes {len(off)} otherwise ({shown}); required: {spec.describe()}",
        family.correction(spec, text),
        score=0.0,
        data=data,
    )
