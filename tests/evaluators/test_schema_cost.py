"""A schema whose references can make validation explode is refused before
use, naming the limit; real schemas, recursive ones included, pass."""

from __future__ import annotations

import json
from typing import Any

import pytest

from _isolated_work import chained_schema
from redraft import ConfigurationError
from redraft.app import EvaluationSpec
from redraft.core._limits import MAX_JSON_SCHEMA_PATHS, MAX_JSON_SCHEMA_REF_DEPTH
from redraft.evaluators import MatchesJSONSchema
from redraft.evaluators._schema_cost import validation_cost


def test_a_chain_of_anyof_references_costs_two_to_the_links() -> None:
    cost = validation_cost(chained_schema(10))
    # each link: the anyOf node and its two reference nodes
    assert 2**11 <= cost.applications < 2**12 + 10
    assert cost.recursive is False


@pytest.mark.parametrize("links", [17, 20, 40])
def test_a_kilobyte_schema_that_branches_exponentially_is_refused(links: int) -> None:
    schema = chained_schema(links)
    assert len(json.dumps(schema)) < 3_000
    with pytest.raises(ConfigurationError, match=f"the limit is {MAX_JSON_SCHEMA_PATHS}"):
        MatchesJSONSchema(schema)


def test_the_request_spec_refuses_it_naming_the_field() -> None:
    with pytest.raises(ValueError, match="json_schema") as caught:
        EvaluationSpec.model_validate({"json_schema": chained_schema(20)})
    assert "JSON Schema paths" in str(caught.value)


def test_a_large_flat_schema_is_cheap() -> None:
    schema = {
        "type": "object",
        "properties": {f"f{i}": {"type": "string", "maxLength": 10} for i in range(2_000)},
        "required": [f"f{i}" for i in range(2_000)],
    }
    assert validation_cost(schema).applications == 2_001


def test_shared_definitions_count_once_per_use() -> None:
    schema = {
        "$defs": {"name": {"type": "string"}},
        "properties": {"a": {"$ref": "#/$defs/name"}, "b": {"$ref": "#/$defs/name"}},
    }
    # root, two property nodes, each reaching the definition
    assert validation_cost(schema).applications == 5


def test_recursion_through_a_part_of_the_value_is_accepted_and_flagged() -> None:
    tree = {
        "$defs": {
            "node": {
                "type": "object",
                "properties": {
                    "label": {"type": "string"},
                    "children": {"type": "array", "items": {"$ref": "#/$defs/node"}},
                },
            }
        },
        "$ref": "#/$defs/node",
    }
    cost = validation_cost(tree)
    assert cost.recursive is True
    assert cost.applications < 20
    MatchesJSONSchema(tree)  # builds


def test_a_reference_loop_on_the_same_value_is_refused() -> None:
    loop: dict[str, Any] = {
        "$defs": {"a": {"$ref": "#/$defs/b"}, "b": {"anyOf": [{"$ref": "#/$defs/a"}]}}
    }
    loop["$ref"] = "#/$defs/a"
    with pytest.raises(ConfigurationError, match="never end"):
        validation_cost(loop)


def test_anchors_and_ids_resolve() -> None:
    schema: dict[str, Any] = {
        "$id": "https://example.com/root",
        "$defs": {"word": {"$anchor": "word", "type": "string"}},
        "properties": {"a": {"$ref": "#word"}, "b": {"$ref": "https://example.com/root#word"}},
    }
    assert validation_cost(schema).applications == 5


def test_a_reference_that_does_not_resolve_is_refused_naming_it() -> None:
    with pytest.raises(ConfigurationError, match=r"'#/\$defs/missing' does not resolve"):
        MatchesJSONSchema({"properties": {"a": {"$ref": "#/$defs/missing"}}})
    with pytest.raises(ConfigurationError, match="other documents are not fetched"):
        MatchesJSONSchema({"$ref": "https://example.com/schema.json"})


def test_references_nested_past_the_depth_limit_are_refused() -> None:
    depth = MAX_JSON_SCHEMA_REF_DEPTH + 5
    defs = {f"d{i}": {"$ref": f"#/$defs/d{i + 1}"} for i in range(depth)}
    defs[f"d{depth}"] = {"type": "string"}
    with pytest.raises(ConfigurationError, match="JSON Schema reference depth"):
        validation_cost({"$defs": defs, "$ref": "#/$defs/d0"})
