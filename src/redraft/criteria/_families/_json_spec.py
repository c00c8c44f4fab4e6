"""The specs of what a JSON answer holds (``json_items``, ``json_fields``)
and JSON's own types; measured in :mod:`._json_data`, read from prompts in
:mod:`._json_reading`."""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator

from redraft.criteria._families._base import FamilyCount, FamilySpec

__all__ = ["JSONField", "JSONFields", "JSONItems", "JSONType", "article", "number_text", "type_of"]

JSONType = Literal["string", "number", "integer", "boolean", "array", "object", "null"]


class JSONItems(FamilyCount):
    """The answer's top-level array has that many elements (``shape``
    ``array``), or its top-level object that many keys (``object``); with
    ``key``, the array under that key of the top-level object."""

    kind: Literal["json_items"] = "json_items"
    shape: Literal["array", "object"] = "array"
    key: str | None = Field(default=None, min_length=1, max_length=100)

    @model_validator(mode="after")
    def _readable(self) -> JSONItems:
        if self.key is not None and self.shape != "array":
            raise ValueError("a key names an array inside the top-level object")
        return self

    def describe(self) -> str:
        what = "key" if self.shape == "object" else "element"
        where = (
            f"in the array under {self.key!r}"
            if self.key
            else ("in the top-level JSON object" if self.shape == "object" else "in the JSON array")
        )
        return super().describe().replace("item", what, 1) + " " + where

    def slot(self) -> tuple[object, ...]:
        return (self.kind_name(), self.shape, self.key, self.relation)


class JSONField(BaseModel):
    """One key the JSON must hold, and what its value must be."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    name: str = Field(min_length=1, max_length=100)
    type: JSONType | None = None
    #: with ``type`` ``array``: the type of every element
    items: JSONType | None = None
    #: the value is one of these (strings compared exactly; numbers by value)
    one_of: list[str | float] | None = Field(default=None, min_length=2, max_length=20)
    minimum: float | None = None
    maximum: float | None = None

    @model_validator(mode="after")
    def _coherent(self) -> JSONField:
        if self.items is not None and self.type != "array":
            raise ValueError("an element type needs the type 'array'")
        if self.minimum is not None and self.maximum is not None and self.minimum > self.maximum:
            raise ValueError("minimum is above maximum")
        return self

    def describe(self) -> str:
        said = repr(self.name)
        if self.type == "array" and self.items:
            said += f" (an array of {self.items}s)"
        elif self.type:
            said += f" ({article(self.type)} {self.type})"
        if self.one_of:
            said += " one of " + ", ".join(repr(v) for v in self.one_of)
        if self.minimum is not None and self.maximum is not None:
            said += f" between {number_text(self.minimum)} and {number_text(self.maximum)}"
        elif self.minimum is not None:
            said += f" at least {number_text(self.minimum)}"
        elif self.maximum is not None:
            said += f" at most {number_text(self.maximum)}"
        return said


class JSONFields(FamilySpec):
    """The JSON's top-level object (or, with ``each``, every object of its
    top-level array) holds each field as the field says; with ``only``, no
    other key; with ``no_nulls``, no ``null`` anywhere in the document."""

    kind: Literal["json_fields"] = "json_fields"
    fields: list[JSONField] = Field(default_factory=list, max_length=30)
    each: bool = False
    only: bool = False
    no_nulls: bool = False

    @model_validator(mode="after")
    def _something(self) -> JSONFields:
        if not self.fields and not self.no_nulls:
            raise ValueError("a json_fields check needs fields or no_nulls")
        if self.only and not self.fields:
            raise ValueError("'only' needs the fields that are allowed")
        names = [f.name for f in self.fields]
        if len(set(names)) != len(names):
            raise ValueError("a field is named twice")
        return self

    def describe(self) -> str:
        parts = []
        if self.fields:
            where = "every object of the JSON array" if self.each else "the JSON object"
            parts.append(
                f"{where} has {'only ' if self.only else ''}"
                + ", ".join(f.describe() for f in self.fields)
            )
        if self.no_nulls:
            parts.append("no null value in the JSON")
        return "; ".join(parts)

    def slot(self) -> tuple[object, ...]:
        return (self.kind_name(), self.each, tuple(f.name for f in self.fields), self.no_nulls)


def article(word: str) -> str:
    return "an" if word[0] in "aeiou" else "a"


def number_text(value: float) -> str:
    return str(int(value)) if float(value).is_integer() else str(value)


def type_of(value: Any) -> str:
    """The JSON type of a parsed value (``integer`` before ``number``)."""
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "boolean"
    if isinstance(value, int) or (isinstance(value, float) and value.is_integer()):
        return "integer"
    if isinstance(value, float):
        return "number"
    if isinstance(value, str):
        return "string"
    return "array" if isinstance(value, list) else "object"
