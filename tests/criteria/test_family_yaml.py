"""The yaml family: an answer that is one YAML mapping (bare or in one
fence), with the keys a prompt names; the phrasings that ask for it and the
near misses that must compile nothing."""

from __future__ import annotations

import pytest

from redraft.criteria import CHECK_SPEC_ADAPTER, compile_checks, measure_text
from redraft.criteria._families import YAMLFormat

KEYS = ["name", "age", "email"]

# Labelled by reading: (answer, passes "a YAML mapping with name, age, email").
LABELLED: list[tuple[str, bool]] = [
    ("name: Ada\nage: 36\nemail: ada@example.com\n", True),
    ("```yaml\nname: Ada\nage: 36\nemail: ada@example.com\n```", True),
    ("```yml\nname: Ada\nage: 36\nemail: ada@example.com\n```", True),
    ("```\nname: Ada\nage: 36\nemail: ada@example.com\n```", True),
    ("~~~yaml\nname: Ada\nage: 36\nemail: a@b.c\n~~~", True),
    ("---\nname: Ada\nage: 36\nemail: a@b.c\n", True),
    ("name: Ada\nage: 36\nemail: a@b.c\nphone: null\n", True),  # extra keys are allowed
    ("{name: Ada, age: 36, email: a@b.c}", True),  # flow style is YAML too
    ('name: "Ada: the first"\nage: 36\nemail: a@b.c', True),
    ("name: Ada\nage: 36\nemail:\n  - a@b.c\n  - ada@c.d\n", True),
    ("name: Ada\nage: 36\n", False),  # lacks email
    ("name: Ada\nprofile:\n  age: 36\n  email: a@b.c\n", False),  # nested, not top level
    ("Ada is 36 and her email is a@b.c.", False),  # prose: a YAML string
    ("- name: Ada\n  age: 36\n  email: a@b.c\n", False),  # a list, not a mapping
    ("", False),
    ("   \n", False),
    ("name: Ada\n  age: 36\nemail: [a@b.c\n", False),  # broken indentation and flow
    ("Here is the YAML:\n```yaml\nname: Ada\nage: 36\nemail: a@b.c\n```", False),  # prose around
    ('```json\n{"name": "Ada", "age": 36, "email": "a@b.c"}\n```', False),  # other fence
    ("name: Ada\nage: 36\nemail: a@b.c\n---\nname: Bob\n", False),  # two documents
    ("!!python/object:os.system\nname: x", False),  # a tag safe_load refuses
    ("```yaml\nname: Ada\n```\n```yaml\nage: 36\nemail: a\n```", False),  # two blocks
]


@pytest.mark.parametrize(("answer", "passes"), LABELLED)
def test_the_yaml_measure_on_labelled_answers(answer: str, passes: bool) -> None:
    outcome = measure_text(YAMLFormat(required_keys=KEYS), answer)
    assert outcome.passed is passes, outcome.reason
    if not passes:
        assert outcome.suggestion and "YAML" in outcome.suggestion


def test_without_keys_any_mapping_passes_and_a_scalar_fails() -> None:
    spec = YAMLFormat()
    assert measure_text(spec, "title: Notes\nitems: [a, b]").passed
    assert not measure_text(spec, "Just a sentence of prose.").passed
    assert not measure_text(spec, "42").passed
    assert not measure_text(spec, "[1, 2, 3]").passed


def test_yaml_1_1_booleans_still_name_their_keys() -> None:
    # a CI workflow's `on:` key loads as True under YAML 1.1
    spec = YAMLFormat(required_keys=["name", "on", "jobs"])
    assert measure_text(spec, "name: CI\non: push\njobs:\n  test: {}\n").passed
    assert not measure_text(spec, "name: CI\njobs:\n  test: {}\n").passed


def test_corrections_name_what_to_change() -> None:
    spec = YAMLFormat(required_keys=KEYS)
    missing = measure_text(spec, "name: Ada\nage: 3\n")
    assert missing.suggestion == "Your YAML mapping lacks the key 'email'. Add it at its top level."
    assert missing.data["missing"] == ["email"]
    broken = measure_text(spec, "name: [Ada\n")
    assert broken.suggestion is not None
    assert "not valid YAML" in broken.suggestion and "line" in broken.suggestion
    prose = measure_text(spec, "Sure, here you go")
    assert prose.suggestion is not None and "plain text" in prose.suggestion


def test_aliases_are_not_expanded_into_a_large_document() -> None:
    # a billion-laughs shaped document loads as shared references
    bomb = 'a: &a ["x","x","x","x","x","x","x","x","x"]\n'
    for name, prev in zip("bcdefgh", "abcdefg", strict=True):
        bomb += f"{name}: &{name} [*{prev},*{prev},*{prev},*{prev},*{prev},*{prev},*{prev}]\n"
    outcome = measure_text(YAMLFormat(required_keys=["a", "h"]), bomb)
    assert outcome.passed


def test_the_spec_round_trips_and_refuses_empty_keys() -> None:
    spec = CHECK_SPEC_ADAPTER.validate_python({"kind": "yaml", "required_keys": ["id"]})
    assert CHECK_SPEC_ADAPTER.validate_json(CHECK_SPEC_ADAPTER.dump_json(spec)) == spec
    assert spec.describe() == "a YAML mapping with the keys 'id'"
    with pytest.raises(ValueError, match="letter or digit"):
        YAMLFormat(required_keys=["  "])


def yaml_checks(prompt: str) -> list[list[str]]:
    return [c.spec.required_keys for c in compile_checks(prompt) if isinstance(c.spec, YAMLFormat)]


@pytest.mark.parametrize(
    ("prompt", "expected"),
    [
        ("Respond in YAML.", [[]]),
        ("Describe your ideal desk setup. Answer only in valid YAML.", [[]]),
        ("Format your answer as a YAML document.", [[]]),
        ("Your entire response must be valid YAML.", [[]]),
        ("Return YAML with keys title, year and director.", [["title", "year", "director"]]),
        ("Reply in YAML with the keys `city`, `country`.", [["city", "country"]]),
        (
            "Output only YAML, and it must have top-level keys id, tags, owner.",
            [["id", "tags", "owner"]],
        ),
        ("Draft a dinner menu in YAML with the fields: starter, main, dessert.", None),
        ("Make a pet profile in YAML.", [[]]),
        ("Generate a YAML config for a small static site.", [[]]),
        ("Please respond with YAML containing the keys host and port.", [["host", "port"]]),
    ],
)
def test_phrasings_that_compile(prompt: str, expected: list[list[str]] | None) -> None:
    found = yaml_checks(prompt)
    if expected is None:
        assert found and found[-1], found  # a mapping with the keys the prompt lists
    else:
        assert found == expected


def test_keys_stated_in_a_later_clause_are_read() -> None:
    assert ["id", "tags", "owner"] in yaml_checks(
        "Output only YAML, it must have top-level keys id, tags, owner."
    )
    assert yaml_checks("Draft a dinner menu in YAML with the fields: starter, main, dessert.") == [
        ["starter", "main", "dessert"]
    ]


@pytest.mark.parametrize(
    "prompt",
    [
        "Explain how YAML anchors work.",
        "Convert this YAML to JSON: name: x",
        "Answer in JSON or YAML, whichever you prefer.",
        "Do not respond in YAML.",
        "Ideally, respond in YAML.",
        "If you can, respond in YAML.",
        "My config file is in YAML format and it breaks on startup.",
        "Why would anyone write configs in YAML?",
        "Explain how to write a list in YAML.",
        "Generate a YAML file for my app and explain each field.",
        "Respond in YAML with keys for each user.",
        "Is it better to answer in YAML or TOML?",
    ],
)
def test_near_misses_compile_nothing(prompt: str) -> None:
    assert yaml_checks(prompt) == []


@pytest.mark.parametrize(
    "prompt",
    [
        "Respond with YAML front matter followed by the blog post in markdown.",
        "Answer in YAML, then explain your choices in a paragraph.",
        "Return the settings as YAML along with a short rationale.",
    ],
)
def test_a_document_beside_a_second_part_compiles_nothing(prompt: str) -> None:
    assert yaml_checks(prompt) == []


def test_a_key_list_may_close_with_only() -> None:
    assert yaml_checks("Return YAML with keys name and age only.") == [["name", "age"]]
