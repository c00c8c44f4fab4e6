"""What a JSON answer holds (``json_items``, ``json_fields``): answers labelled
by reading them, the corrections, the phrasings that compile and the near
misses that must not."""

from __future__ import annotations

import json
from typing import Any

import pytest
from pydantic import ValidationError

from redraft.core._repair import apply_repairs
from redraft.criteria import CHECK_SPEC_ADAPTER, compile_checks
from redraft.criteria._families._json_data import JSON_DATA
from redraft.criteria._families._json_spec import JSONField, JSONFields, JSONItems

FOUR = JSONItems(relation="exactly", value=4)
AT_MOST_2 = JSONItems(relation="at_most", value=2)
FIVE_KEYS = JSONItems(shape="object", relation="exactly", value=5)
TAGS_3 = JSONItems(key="tags", relation="at_least", value=3)

# 24 answers labelled by reading them: (spec, answer, does it hold).
LABELLED_ITEMS = [
    (FOUR, '[{"a": 1}, {"a": 2}, {"a": 3}, {"a": 4}]', True),
    (FOUR, "```json\n[1, 2, 3, 4]\n```", True),  # the only content of a fence
    (FOUR, "[1, 2, 3]", False),
    (FOUR, "[1, 2, 3, 4, 5]", False),
    (FOUR, '{"items": [1, 2, 3, 4]}', False),  # an object holding the array is no array
    (FOUR, "Here you go: [1, 2, 3, 4]", False),  # prose around it: not one JSON document
    (FOUR, "", False),
    (FOUR, "[[1, 2], [3, 4], [5], []]", True),  # nested arrays are elements too
    (AT_MOST_2, "[]", True),
    (AT_MOST_2, '["x", "y"]', True),
    (AT_MOST_2, '["x", "y", "z"]', False),
    (AT_MOST_2, "[1, 2,]", False),  # a trailing comma is not JSON
    (
        FIVE_KEYS,
        '{"apple": "red", "banana": "yellow", "kiwi": "green", "plum": "purple", '
        '"lemon": "yellow"}',
        True,
    ),
    (FIVE_KEYS, '{"apple": "red", "banana": "yellow"}', False),
    (FIVE_KEYS, '[{"a": 1}, {"b": 2}, {"c": 3}, {"d": 4}, {"e": 5}]', False),  # no object
    (FIVE_KEYS, '{"a": 1, "b": 2, "c": 3, "d": 4, "e": {"f": 5, "g": 6}}', True),  # top level only
    (FIVE_KEYS, '{"a": 1, "b": 2, "c": 3, "d": 4, "e": 5, "f": 6}', False),
    (TAGS_3, '{"name": "x", "tags": ["a", "b", "c"]}', True),
    (TAGS_3, '{"name": "x", "tags": ["a", "b"]}', False),
    (TAGS_3, '{"name": "x", "tags": "a, b, c"}', False),  # a string is no array
    (TAGS_3, '{"name": "x"}', False),  # no such key
    (TAGS_3, '["a", "b", "c"]', False),
    (TAGS_3, '{"tags": ["a", "b", "c", "d"]}', True),
    (TAGS_3, '{"Tags": ["a", "b", "c"]}', False),  # keys are exact
]

CITY = JSONFields(
    fields=[JSONField(name="city"), JSONField(name="population", type="integer")], each=True
)
TYPED = JSONFields(
    fields=[
        JSONField(name="id", type="number"),
        JSONField(name="email", type="string"),
        JSONField(name="tags", type="array", items="string"),
    ]
)
STATUS = JSONFields(fields=[JSONField(name="status", one_of=["open", "closed"])])
SCORE = JSONFields(fields=[JSONField(name="score", minimum=0, maximum=1)], each=True)
ONLY = JSONFields(fields=[JSONField(name="q"), JSONField(name="a")], only=True)
NO_NULLS = JSONFields(no_nulls=True)

# 26 answers labelled by reading them.
LABELLED_FIELDS = [
    (
        CITY,
        '[{"city": "Lagos", "population": 15000000}, {"city": "Pune", "population": 7000000}]',
        True,
    ),
    (CITY, '[{"city": "Lagos", "population": "15 million"}]', False),  # a string
    (CITY, '[{"city": "Lagos", "population": 1.5e7}]', True),  # 15000000.0 has no fraction
    (CITY, '[{"city": "Lagos", "population": 15.5}]', False),
    (CITY, '[{"city": "Lagos"}]', False),  # a key missing
    (CITY, '{"city": "Lagos", "population": 15000000}', False),  # no array
    (CITY, "[]", False),  # no object to hold the keys
    (CITY, '[{"city": "Lagos", "population": true}]', False),  # a boolean is no integer
    (CITY, '[{"city": "Lagos", "population": 1, "country": "NG"}]', True),  # others allowed
    (TYPED, '{"id": 7, "email": "a@b.co", "tags": ["x", "y"]}', True),
    (TYPED, '{"id": 7.5, "email": "a@b.co", "tags": []}', True),  # any number; no tags yet
    (TYPED, '{"id": "7", "email": "a@b.co", "tags": ["x"]}', False),
    (TYPED, '{"id": 7, "email": "a@b.co", "tags": ["x", 2]}', False),
    (TYPED, '{"id": 7, "email": null, "tags": ["x"]}', False),
    (TYPED, "not json at all", False),
    (STATUS, '{"status": "open"}', True),
    (STATUS, '{"status": "Open"}', False),  # enum values are exact
    (STATUS, '{"status": "pending"}', False),
    (SCORE, '[{"score": 0}, {"score": 0.75}, {"score": 1}]', True),
    (SCORE, '[{"score": 0.5}, {"score": 1.2}]', False),
    (SCORE, '[{"score": "0.5"}]', False),
    (ONLY, '{"q": "Why?", "a": "Because."}', True),
    (ONLY, '{"q": "Why?", "a": "Because.", "source": "me"}', False),
    (NO_NULLS, '{"a": 1, "b": [1, {"c": "x"}]}', True),
    (NO_NULLS, '{"a": 1, "b": [1, {"c": null}]}', False),  # nested nulls count
    (NO_NULLS, '{"a": "null"}', True),  # the word is a string, not null
]


@pytest.mark.parametrize(("spec", "answer", "ok"), [*LABELLED_ITEMS, *LABELLED_FIELDS])
def test_the_measure_reads_the_json(spec: Any, answer: str, ok: bool) -> None:
    assert JSON_DATA.measure(spec, answer).passed is ok


def test_corrections_say_what_to_change() -> None:
    short = JSON_DATA.measure(FOUR, "[1, 2, 3]")
    assert short.suggestion == (
        "The JSON has 3 elements: Add 1 element (exactly 4 elements in the JSON array)."
    )
    wrong = JSON_DATA.measure(CITY, '[{"city": "Lagos", "population": "15 million"}]')
    assert "'population' is a string, not an integer" in (wrong.suggestion or "")
    broken = JSON_DATA.measure(TYPED, "{id: 7}")
    assert broken.suggestion is not None and "not valid JSON" in broken.suggestion


@pytest.mark.parametrize(
    "data",
    [
        {"kind": "json_fields"},  # nothing to check
        {"kind": "json_fields", "no_nulls": True, "only": True},  # only what?
        {"kind": "json_fields", "fields": [{"name": "a"}, {"name": "a"}]},
        {"kind": "json_fields", "fields": [{"name": "a", "items": "string"}]},  # not an array
        {"kind": "json_fields", "fields": [{"name": "a", "minimum": 3, "maximum": 1}]},
        {"kind": "json_fields", "fields": [{"name": "a", "type": "date"}]},
        {"kind": "json_items", "shape": "object", "key": "tags", "relation": "exactly", "value": 2},
        {"kind": "json_items", "relation": "at_least", "value": 0},
    ],
)
def test_invalid_specs_are_refused(data: dict[str, Any]) -> None:
    with pytest.raises(ValidationError):
        CHECK_SPEC_ADAPTER.validate_python(data)


def _json_checks(prompt: str) -> list[dict[str, Any]]:
    return [
        c.spec.model_dump(exclude_defaults=True) | {"kind": c.spec.kind}
        for c in compile_checks(prompt)
        if c.spec.kind in ("json_items", "json_fields")
    ]


@pytest.mark.parametrize(
    ("prompt", "want"),
    [
        (
            "Give me a JSON array of 4 objects describing rivers.",
            {"relation": "exactly", "value": 4},
        ),
        ("Return a JSON list with exactly 6 items.", {"relation": "exactly", "value": 6}),
        (
            "Output a JSON array containing at most 10 strings.",
            {"relation": "at_most", "value": 10},
        ),
        ("Send back 3 product objects as a JSON array.", {"relation": "exactly", "value": 3}),
        ("Return a json array of no more than five entries.", {"relation": "at_most", "value": 5}),
        (
            "Give me a JSON object mapping 5 fruits to their colours.",
            {"shape": "object", "relation": "exactly", "value": 5},
        ),
        (
            "Reply with a JSON object with exactly 3 keys.",
            {"shape": "object", "relation": "exactly", "value": 3},
        ),
        (
            "Return a JSON object with a 'tags' array of at most 5 strings.",
            {"key": "tags", "relation": "at_most", "value": 5},
        ),
    ],
)
def test_counts_compile(prompt: str, want: dict[str, Any]) -> None:
    assert _json_checks(prompt) == [{"kind": "json_items", **want}]


@pytest.mark.parametrize(
    ("prompt", "fields", "each"),
    [
        (
            "Give me a JSON array of cities, each with the keys 'city' and 'population'.",
            [{"name": "city"}, {"name": "population"}],
            True,
        ),
        (
            "Output a JSON list of books. Every object should have keys title, author and year.",
            [{"name": "title"}, {"name": "author"}, {"name": "year"}],
            True,
        ),
        (
            "Respond with a JSON object with keys: "
            "id (number), email (string), tags (array of strings).",
            [
                {"name": "id", "type": "number"},
                {"name": "email", "type": "string"},
                {"name": "tags", "type": "array", "items": "string"},
            ],
            False,
        ),
        (
            "Return a JSON object with the keys title and year. Year must be an integer.",
            [{"name": "year", "type": "integer"}],
            False,
        ),
        (
            "Return a JSON object with exactly these keys: "
            "name, status (status should be a boolean).",
            [{"name": "status", "type": "boolean"}],
            False,
        ),
        (
            "Return a JSON object with the keys name and status. "
            "status must be one of 'open' or 'closed'.",
            [{"name": "status", "one_of": ["open", "closed"]}],
            False,
        ),
        (
            "Produce a JSON array of reviews with fields text and score. "
            "score should be between 1 and 5.",
            [{"name": "score", "minimum": 1.0, "maximum": 5.0}],
            True,
        ),
    ],
)
def test_fields_compile(prompt: str, fields: list[dict[str, Any]], each: bool) -> None:
    found = [c for c in _json_checks(prompt) if c["kind"] == "json_fields"]
    assert found[-1]["fields"] == fields
    assert found[-1].get("each", False) is each


@pytest.mark.parametrize(
    "prompt",
    [
        "Return the data as a JSON object, and no null values please.",
        "Respond in JSON. Do not include null values.",
        "Output JSON only; never use null.",
    ],
)
def test_no_nulls_compiles(prompt: str) -> None:
    assert {"kind": "json_fields", "no_nulls": True} in _json_checks(prompt)


@pytest.mark.parametrize(
    "prompt",
    [
        "Here is my JSON array of 4 objects: [1,2,3,4]. Why won't it parse?",  # material
        "Should the JSON array have 4 objects or 5?",  # a question
        "My API returns a JSON object with keys id and name; id must be an integer there.",
        "Explain what a JSON array of 3 objects looks like.",  # about JSON, not the answer
        "Give me a JSON object where population is a number.",  # no key list: level unknown
        "Return a JSON object with the keys name and bio (a short paragraph).",  # no type remark
        "If you answer in JSON, use an array of 4 objects.",  # a condition
        "Ideally, return a JSON array of about 4 objects.",  # hedged
        "Write a paragraph about null values in databases.",  # no JSON asked
        "Give me a list of 4 objects you'd find in a kitchen.",  # no JSON
    ],
)
def test_near_misses_compile_nothing(prompt: str) -> None:
    assert _json_checks(prompt) == []


def test_the_repair_drops_only_the_keys_not_allowed() -> None:
    repair = JSON_DATA.repair(ONLY)
    assert repair == {"op": "drop_json_keys", "keys": ["q", "a"], "each": False}
    edited = apply_repairs('{"q": "Why?", "a": "Because.", "source": "me"}', [repair])
    assert json.loads(edited) == {"q": "Why?", "a": "Because."}
    assert JSON_DATA.measure(ONLY, edited).passed
    fenced = apply_repairs('```json\n{"q": "x", "a": "y", "z": 1}\n```', [repair])
    assert fenced.startswith("```json\n") and json.loads(fenced[8:-4]) == {"q": "x", "a": "y"}
    clean = '{"q": "x", "a": "y"}'
    assert apply_repairs(clean, [repair]) == clean  # nothing to drop: unchanged
    assert apply_repairs("not json", [repair]) == "not json"
    each = {"op": "drop_json_keys", "keys": ["id"], "each": True}
    assert json.loads(apply_repairs('[{"id": 1, "x": 2}, {"id": 3}]', [each])) == [
        {"id": 1},
        {"id": 3},
    ]
    assert JSON_DATA.repair(TYPED) is None  # a type needs a redraft
