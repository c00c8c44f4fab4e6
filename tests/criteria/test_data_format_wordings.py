"""JSON and YAML asked without "the whole answer" wording: the request makes
the document ("Turn this contact into JSON with exactly the keys …", "valid
YAML with exactly these keys: …"), keys named with a remark on each, keys in
a sentence of their own, an array of objects with keys; and near misses
that must compile nothing of the kind."""

from __future__ import annotations

from typing import Any

import pytest

from redraft.criteria import compile_checks


def compiled(prompt: str, kind: str) -> list[dict[str, Any]]:
    found = []
    for check in compile_checks(prompt):
        if check.spec.kind_name() == kind:
            found.append(check.spec.model_dump(exclude={"kind"}))
    return found


MADE_JSON = [
    ("Give me a JSON with keys 'title' and 'year' for a film I might like.", ["title", "year"]),
    (
        "Turn this address into JSON with exactly the keys street, city, zip.",
        ["street", "city", "zip"],
    ),
    (
        "Return the parsed fields as JSON with keys full_name, age — nothing else.",
        ["full_name", "age"],
    ),
    (
        "Write a sample webhook payload in JSON: keys event, id, created.",
        ["event", "id", "created"],
    ),
    ("Give one log entry that is valid JSON with keys ts, msg in that order.", ["ts", "msg"]),
    ("Return a JSON sample of the reply with keys in this order: ok, data.", ["ok", "data"]),
    # a remark on each key: the list goes on past the first
    (
        'Reply with a JSON object with keys "verdict" (string), "score" (integer 1-5).',
        ["verdict", "score"],
    ),
    (
        'Respond only with a JSON object with keys "label" ("spam" or "ham") and "why" (one line).',
        ["label", "why"],
    ),
]


@pytest.mark.parametrize(("prompt", "keys"), MADE_JSON)
def test_json_made_with_keys(prompt: str, keys: list[str]) -> None:
    assert {"required_keys": keys} in compiled(prompt, "json")


NOT_MADE_JSON = [
    "Write a function that returns a JSON with keys a and b.",
    "Give me a JSON array of objects with keys a and b.",
    "Give me a JSON object for each user with keys a and b.",
    "Explain what a JSON with keys name and age looks like.",
    "If possible, give me a JSON with keys a and b.",
    "Give me a JSON or YAML with keys a and b.",
    "Don't give me a JSON with keys a and b.",
    "Return a JSON object with keys 'a' (a number) and a note about it.",
    "My function should return the results as a JSON array.",
]


@pytest.mark.parametrize("prompt", NOT_MADE_JSON)
def test_json_not_made_compiles_no_keys(prompt: str) -> None:
    assert all(not spec["required_keys"] for spec in compiled(prompt, "json"))


@pytest.mark.parametrize(
    "prompt",
    [
        "Return them as a JSON array of strings and nothing else.",
        "Respond with a single JSON array of 5 integers.",
        "Return the league table as a JSON array of objects.",
    ],
)
def test_json_asked_as_an_array(prompt: str) -> None:
    assert compiled(prompt, "json") == [{"required_keys": []}]


def test_every_object_of_an_array_of_objects_has_the_keys() -> None:
    prompt = "Give me a JSON array of objects with keys team, played, points."
    fields = compiled(prompt, "json_fields")
    assert [[f["name"] for f in spec["fields"]] for spec in fields] == [
        ["team", "played", "points"]
    ]
    assert fields[0]["each"] is True
    # a type remark on a listed key leaves the list whole
    prompt = (
        'Give me a JSON array of 4 objects, each with keys "city" and "pop" (pop as an integer).'
    )
    names = [[f["name"] for f in spec["fields"]] for spec in compiled(prompt, "json_fields")]
    assert ["city", "pop"] in names
    # any other remark leaves it to the judge
    prompt = 'Give me a JSON array of objects with keys "a" and "b" (a short note).'
    assert compiled(prompt, "json_fields") == []
    assert (
        compiled("My API returns a JSON array of objects with keys id and name.", "json_fields")
        == []
    )


YAML_KEYS = [
    ("Output as YAML with exactly these keys: name, race, age.", ["name", "race", "age"]),
    ("Give me a pancake recipe as YAML only, with top-level keys name, steps.", ["name", "steps"]),
    (
        "Extract the fields from this invoice into YAML with keys number, total (in GBP):",
        ["number", "total"],
    ),
    (
        "Write a YAML config for a CI job. Top-level keys in this order: name, on, jobs.",
        ["name", "on", "jobs"],
    ),
]


@pytest.mark.parametrize(("prompt", "keys"), YAML_KEYS)
def test_yaml_keys(prompt: str, keys: list[str]) -> None:
    assert {"required_keys": keys} in compiled(prompt, "yaml")


def test_only_the_yaml() -> None:
    assert compiled("Give me a docker-compose.yml for redis. Output only the YAML.", "yaml") == [
        {"required_keys": []}
    ]


@pytest.mark.parametrize(
    "prompt",
    [
        "Extract the keys from this YAML.",
        "Convert this YAML with keys a, b into JSON.",
        "Explain how to put data into YAML with keys and values.",
        "Itinerary for a trip, as a YAML list. Output only the YAML.",
        "Explain YAML anchors. Only the YAML, please.",
        "My tool should output only the YAML.",
        "Write a YAML list of CI jobs. Keys: name, steps.",
    ],
)
def test_yaml_near_misses(prompt: str) -> None:
    assert all(not spec["required_keys"] for spec in compiled(prompt, "yaml"))
    if "list" in prompt or "tool" in prompt or "Explain" in prompt or "this YAML" in prompt:
        assert compiled(prompt, "yaml") == []
