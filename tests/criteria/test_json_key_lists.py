"""Bare key lists for the one JSON object the answer is ("exactly these keys
in this order: sku, title, price", "The object must have exactly these keys:
…", "in JSON: keys error, code, …"), and the near misses that must not read
keys (a list that runs on into other words, keys of someone else's object)."""

from __future__ import annotations

import pytest

from redraft.criteria import compile_checks
from redraft.criteria._families._json import JSONFormat


def _json_keys(prompt: str) -> list[list[str]]:
    return [c.spec.required_keys for c in compile_checks(prompt) if isinstance(c.spec, JSONFormat)]


@pytest.mark.parametrize(
    ("prompt", "keys"),
    [
        (
            "Write a JSON object for a product feed with exactly these keys in this order: "
            "sku, title, price, currency, in_stock. Output only the JSON.",
            ["sku", "title", "price", "currency", "in_stock"],
        ),
        (
            "Return a JSON object with exactly these keys in this order: sku, title, price.",
            ["sku", "title", "price"],
        ),
        (
            'Return only JSON. The object must have exactly these keys: "name", "email", '
            '"signup_date", "plan".',
            ["name", "email", "signup_date", "plan"],
        ),
        (
            "Turn this contact into JSON with exactly the keys firstName, lastName, email, dob, "
            "phone. Output only the JSON.",
            ["firstName", "lastName", "email", "dob", "phone"],
        ),
        (
            "Return the fields as JSON with keys full_name, dob, postcode, reason — exactly those "
            "keys, no others. Only JSON, nothing else.",
            ["full_name", "dob", "postcode", "reason"],
        ),
        (
            "Respond only with valid JSON. Write an API error example in JSON: keys error, code, "
            "message, request_id.",
            ["error", "code", "message", "request_id"],
        ),
        (
            "Return a JSON object describing the book 'Dune' with exactly these keys: title, "
            "author, year, themes (themes should be an array). Just raw JSON.",
            ["title", "author", "year", "themes"],
        ),
    ],
)
def test_bare_key_lists_are_the_objects_keys(prompt: str, keys: list[str]) -> None:
    assert _json_keys(prompt) == [keys]


@pytest.mark.parametrize(
    "prompt",
    [
        # the list runs on into other words: not read whole
        "Respond only in JSON. Keys: name, age and a short bio.",
        # keys of another object, not the answer's
        "Respond only in JSON. My API returns an object with keys id, name, email.",
        # keys for each object of an array: not the top-level object's
        "Respond only in JSON: an array of objects, each with keys id, name, email.",
        # one name is no list
        "Respond only in JSON. The object must have exactly these keys: name plus whatever.",
    ],
)
def test_near_misses_name_no_keys(prompt: str) -> None:
    assert _json_keys(prompt) == [[]]


def test_keys_without_json_asked_compile_no_json() -> None:
    assert _json_keys("The object must have exactly these keys: id, name, email.") == []
