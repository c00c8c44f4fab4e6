"""The spec of a value mask (``value_mask``): measured in :mod:`._value_mask`,
read in :mod:`._value_mask_reading`."""

from __future__ import annotations

from typing import Literal

from pydantic import Field, field_validator

from redraft.criteria._families._base import FamilySpec

__all__ = ["ValueMask"]


class ValueMask(FamilySpec):
    """At least ``at_least`` values written to ``mask`` (``#`` a digit, ``@``
    an uppercase letter); with ``every``, every value of its kind is."""

    kind: Literal["value_mask"] = "value_mask"
    mask: str = Field(min_length=2, max_length=40)
    every: bool = True
    at_least: int = Field(default=1, ge=0, le=100)

    @field_validator("mask")
    @classmethod
    def _has_placeholder(cls, mask: str) -> str:
        if sum(ch in "#@" for ch in mask) < 2:
            raise ValueError("a mask needs at least two placeholders (# or @)")
        return mask

    def shown(self) -> str:
        return self.mask.replace("#", "9").replace("@", "A")

    def describe(self) -> str:
        said = f"values written as {self.shown()!r} (9 a digit, A a capital letter)"
        if self.every:
            return f"every {said}" + (f", at least {self.at_least}" if self.at_least else "")
        return f"at least {self.at_least} {said}"

    def slot(self) -> tuple[object, ...]:
        return (self.kind, self.mask)
