"""The base of every check spec: a frozen pydantic model that describes itself
and names its slot, and the counted spec (a relation and a value)."""

from __future__ import annotations

from typing import ClassVar, Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator

__all__ = ["SHORT", "CountSpec", "Relation", "Spec", "has_text", "relation_words"]

Relation = Literal["at_least", "at_most", "exactly"]

RELATION_WORDS = {"at_least": "at least", "at_most": "at most", "exactly": "exactly"}
SHORT = 200  # phrases and keywords: long enough for any real requirement


class Spec(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)

    approximate: ClassVar[bool] = False
    """True for a check that estimates rather than measures (a language
    detector): it can fail its clause but never verify it exactly."""

    def describe(self) -> str:
        """The requirement in words, as evidence reasons and the CLI print it."""
        raise NotImplementedError

    def part_only(self) -> bool:
        """Whether the check enforces only a part of its clause (an estimate,
        or the lines a poem's form implies): it can fail the clause but never
        verify it exactly."""
        return self.approximate

    def slot(self) -> tuple[object, ...]:
        """What this check constrains. Two checks with one slot are
        alternatives, so merging keeps one: an explicit check replaces the
        compiled one in its slot, a rule-compiled one beats an LLM-compiled one."""
        return (self.kind_name(),)

    def kind_name(self) -> str:
        return str(getattr(self, "kind", type(self).__name__))


MAX_COUNT = 1_000_000
"""The largest count a check compares with: a number past it in a prompt
("a table with 999999999999 columns") is no count a rule reads."""


class CountSpec(Spec):
    """A count of something in the answer compared with ``value``."""

    relation: Relation
    value: int = Field(ge=0, le=MAX_COUNT)

    #: singular and plural of what is counted, for messages
    unit: ClassVar[tuple[str, str]] = ("item", "items")

    @model_validator(mode="after")
    def _meaningful(self) -> CountSpec:
        if self.relation == "at_least" and self.value == 0:
            raise ValueError("'at_least 0' holds for every answer; it is not a requirement")
        return self

    def holds(self, n: int) -> bool:
        """Whether a measured count ``n`` meets the requirement."""
        relation, value = self.relation, self.value
        return {"at_least": n >= value, "at_most": n <= value, "exactly": n == value}[relation]

    def describe(self) -> str:
        noun = self.unit[0] if self.value == 1 else self.unit[1]
        return f"{RELATION_WORDS[self.relation]} {self.value} {noun}"

    def slot(self) -> tuple[object, ...]:
        return (self.kind_name(), self.relation)


def has_text(value: str, message: str = "needs at least one letter or digit") -> str:
    """``value`` stripped, where it holds a letter or a digit."""
    value = value.strip()
    if not any(ch.isalnum() for ch in value):
        raise ValueError(message)
    return value


def relation_words(relation: Relation) -> str:
    """ "at least", "at most" or "exactly"."""
    return RELATION_WORDS[relation]
