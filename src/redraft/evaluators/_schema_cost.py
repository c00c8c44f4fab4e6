"""How much work a JSON Schema can make validation do, read before it is used.

Validating one value applies subschemas to it: ``allOf``/``anyOf``/``oneOf``
branches, ``not``, ``if``/``then``/``else`` and ``$ref`` apply to the *same*
value; ``properties``, ``items`` and their kin to its parts. References make
the schema a graph, and a graph can be small and still have exponentially
many paths: 14 definitions, each an ``anyOf`` of two ``$ref`` to the next,
are 1 KB of schema and 32,768 applications for a value that fails them all.

:func:`validation_cost` counts the paths: the number of subschema
applications needed to validate a value that has every property a schema
names, once (arrays count one item; longer ones multiply the cost of their
items, which is linear in the draft). A schema past :data:`MAX_SCHEMA_COST`
is refused when its check is built. References that loop back through a part
of the value (a tree's ``children``) follow the value's own depth and count
once; a loop that applies to the same value never ends and is refused.

This is a bound on the schema, not a guarantee on every document: validation
still runs in a worker process under CPU and memory limits
(:mod:`redraft.evaluators._isolation`).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from referencing import Registry
from referencing.exceptions import Unresolvable
from referencing.jsonschema import DRAFT202012, specification_with

from redraft.core._errors import ConfigurationError
from redraft.core._limits import MAX_JSON_SCHEMA_PATHS, MAX_JSON_SCHEMA_REF_DEPTH

if TYPE_CHECKING:
    from referencing._core import Resolver

__all__ = ["MAX_SCHEMA_COST", "MAX_SCHEMA_DEPTH", "SchemaCost", "validation_cost"]

MAX_SCHEMA_COST = MAX_JSON_SCHEMA_PATHS
MAX_SCHEMA_DEPTH = MAX_JSON_SCHEMA_REF_DEPTH

# Keywords whose subschemas apply to the value itself.
_SAME_ONE = ("not", "if", "then", "else", "$ref", "$dynamicRef", "$recursiveRef")
_SAME_MANY = ("allOf", "anyOf", "oneOf")
_SAME_NAMED = ("dependentSchemas", "dependencies")
# Keywords whose subschemas apply to a part of it.
_PART_ONE = (
    "items",
    "additionalItems",
    "additionalProperties",
    "contains",
    "propertyNames",
    "unevaluatedItems",
    "unevaluatedProperties",
)
_PART_MANY = ("prefixItems", "items")  # ``items`` as a list: drafts 4 to 2019-09
_PART_NAMED = ("properties", "patternProperties")
_REFERENCES = frozenset({"$ref", "$dynamicRef", "$recursiveRef"})
_ROOT_URI = "urn:redraft:schema"


@dataclass(frozen=True)
class SchemaCost:
    """What :func:`validation_cost` found."""

    applications: int
    """Subschema applications for one value with every named part (capped
    just past :data:`MAX_SCHEMA_COST`)."""
    recursive: bool
    """Whether references loop back through a part of the value."""


class _Walk:
    def __init__(self, schema: dict[str, Any]) -> None:
        specification = specification_with(str(schema.get("$schema", "")), default=DRAFT202012)
        self.specification = specification
        resource = specification.create_resource(schema)
        registry: Registry[Any] = Registry().with_resource(_ROOT_URI, resource)
        self.root = registry.resolver(base_uri=resource.id() or _ROOT_URI)
        self.costs: dict[int, int] = {}
        # id of a subschema on the current path -> whether a part-of-the-value
        # step has been taken since it was entered
        self.open: dict[int, int] = {}
        self.path_parts = 0
        self.recursive = False

    def cost(self, node: Any, resolver: Resolver[Any], depth: int, where: str) -> int:
        if not isinstance(node, dict):
            return 1  # true, false, or something the meta-schema check refuses
        key = id(node)
        if key in self.open:
            if self.open[key] == self.path_parts:
                raise ConfigurationError(
                    f"json_schema at {where}: a $ref loop applies the same schema to the "
                    "same value again and again, so validation would never end"
                )
            self.recursive = True
            return 1  # follows the value's own depth: linear in the draft
        if key in self.costs:
            return self.costs[key]
        if depth > MAX_SCHEMA_DEPTH:
            raise ConfigurationError(
                f"json_schema at {where}: subschemas and references nest more than "
                f"{MAX_SCHEMA_DEPTH} deep; the limit is {MAX_SCHEMA_DEPTH} (JSON Schema "
                "reference depth)"
            )
        if isinstance(node.get("$id"), str):
            resolver = resolver.in_subresource(self.specification.create_resource(node))
        self.open[key] = self.path_parts
        try:
            total = 1 + self._children(node, resolver, depth, where)
        finally:
            del self.open[key]
        total = min(total, MAX_SCHEMA_COST + 1)
        self.costs[key] = total
        return total

    def _children(
        self, node: dict[str, Any], resolver: Resolver[Any], depth: int, where: str
    ) -> int:
        total = 0
        for keyword, value in node.items():
            if keyword in _REFERENCES and isinstance(value, str):
                total += self._reference(value, resolver, depth, f"{where}.{keyword}")
            elif keyword in _SAME_ONE:
                total += self.cost(value, resolver, depth + 1, f"{where}.{keyword}")
            elif keyword in _SAME_MANY and isinstance(value, list):
                for i, each in enumerate(value):
                    total += self.cost(each, resolver, depth + 1, f"{where}.{keyword}[{i}]")
            elif keyword in _SAME_NAMED and isinstance(value, dict):
                for name, each in value.items():
                    total += self.cost(each, resolver, depth + 1, f"{where}.{keyword}.{name}")
            elif keyword in _PART_MANY and isinstance(value, list):
                for i, each in enumerate(value):
                    total += self._part(each, resolver, depth, f"{where}.{keyword}[{i}]")
            elif keyword in _PART_ONE:
                total += self._part(value, resolver, depth, f"{where}.{keyword}")
            elif keyword in _PART_NAMED and isinstance(value, dict):
                for name, each in value.items():
                    total += self._part(each, resolver, depth, f"{where}.{keyword}.{name}")
            if total > MAX_SCHEMA_COST:
                break  # already refused: stop walking
        return total

    def _part(self, node: Any, resolver: Resolver[Any], depth: int, where: str) -> int:
        self.path_parts += 1
        try:
            return self.cost(node, resolver, depth + 1, where)
        finally:
            self.path_parts -= 1

    def _reference(self, ref: str, resolver: Resolver[Any], depth: int, where: str) -> int:
        try:
            resolved = resolver.lookup(ref)
        except (Unresolvable, ValueError, TypeError, KeyError):  # referencing's own, or malformed
            raise ConfigurationError(
                f"json_schema at {where}: the reference {ref!r} does not resolve within "
                "the schema (references to other documents are not fetched)"
            ) from None
        return self.cost(resolved.contents, resolved.resolver, depth + 1, where)


def validation_cost(schema: dict[str, Any]) -> SchemaCost:
    """The cost of validating against ``schema`` (see the module's docstring).

    Raises :class:`~redraft.ConfigurationError` naming the place and the
    limit for a schema past :data:`MAX_SCHEMA_COST` or :data:`MAX_SCHEMA_DEPTH`,
    a reference that does not resolve, or a reference loop that never reaches
    a part of the value."""
    walk = _Walk(schema)
    # A few frames per level: MAX_SCHEMA_DEPTH stops a deep schema well
    # before the interpreter's recursion limit would.
    applications = walk.cost(schema, walk.root, 0, "$")
    if applications > MAX_SCHEMA_COST:
        raise ConfigurationError(
            "json_schema: validating against this schema can take more than "
            f"{MAX_SCHEMA_COST:,} subschema applications for one value, as its references "
            f"branch; the limit is {MAX_SCHEMA_COST} (JSON Schema paths)"
        )
    return SchemaCost(applications=applications, recursive=walk.recursive)
