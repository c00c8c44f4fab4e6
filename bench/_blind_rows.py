"""The blind splits' rows as their writers wrote them: each prompt, its
system message, the constraints it intends (in the writer's structured form)
and its trap."""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path
from typing import Protocol

__all__ = ["Constraint", "Fields", "Row", "load_split"]


@dataclass(frozen=True)
class Constraint:
    """One requirement a split's writer intended, as they wrote it down."""

    row_id: str
    index: int
    family: str
    quote: str
    unit: str | None
    scope: str | None
    relation: str
    value: object
    words: tuple[str, ...]
    verifiable: bool
    note: str
    source: str
    """``prompt`` or ``system``: where the quote stands."""


class Fields(Protocol):
    """What the mapper reads of a constraint: the writer's structured fields.
    A :class:`Constraint` has them all; the perturbation arm and the tests pass
    look-alikes."""

    @property
    def family(self) -> str: ...
    @property
    def unit(self) -> str | None: ...
    @property
    def scope(self) -> str | None: ...
    @property
    def relation(self) -> str: ...
    @property
    def value(self) -> object: ...
    @property
    def words(self) -> tuple[str, ...]: ...
    @property
    def note(self) -> str: ...


@dataclass(frozen=True)
class Row:
    """One prompt of a split: its texts, intended constraints and trap."""

    id: str
    system: str | None
    prompt: str
    constraints: tuple[Constraint, ...]
    trap: str | None


def load_split(path: Path) -> list[Row]:
    rows = []
    for line in path.read_text(encoding="utf-8").splitlines():
        if not line.strip():
            continue
        raw = json.loads(line)
        system, prompt = raw.get("system"), str(raw["prompt"])
        constraints = []
        for index, c in enumerate(raw.get("constraints") or []):
            quote = str(c.get("quote") or "")
            in_prompt = quote.lower() in prompt.lower()
            source = (
                "system"
                if system and not in_prompt and quote.lower() in system.lower()
                else "prompt"
            )
            constraints.append(
                Constraint(
                    row_id=str(raw["id"]),
                    index=index,
                    family=str(c.get("family") or "unlabelled"),
                    quote=quote,
                    unit=c.get("unit"),
                    scope=c.get("scope"),
                    relation=str(c.get("relation") or "other"),
                    value=_frozen(c.get("value")),
                    words=tuple(str(w) for w in c.get("words") or []),
                    verifiable=bool(c.get("verifiable", True)),
                    note=str(c.get("note") or ""),
                    source=source,
                )
            )
        rows.append(Row(str(raw["id"]), system, prompt, tuple(constraints), raw.get("trap")))
    return rows


def _frozen(value: object) -> object:
    """Lists become tuples and mappings tuples of their (key, value) pairs,
    so a constraint can key a dict (a writer may give a value as a mapping:
    no kind reads one, so it maps to none)."""
    if isinstance(value, list):
        return tuple(_frozen(v) for v in value)
    if isinstance(value, dict):
        return tuple((str(k), _frozen(v)) for k, v in value.items())
    return value
