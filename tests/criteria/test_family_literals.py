"""The literal families: a Python literal of a given shape and one
comma-separated line; the list-joining repair, the phrasings that compile and
the near misses that must not."""

from __future__ import annotations

import pytest

from _repaired import repaired_run
from redraft.core._repair import apply_repairs
from redraft.criteria import CHECK_SPEC_ADAPTER, SpecCheck, compile_checks, measure_text
from redraft.criteria._families import CommaList, FamilySpec, PythonLiteral

LIST = PythonLiteral(shape="list")
DICT = PythonLiteral(shape="dict")
COMMAS = CommaList()

# Labelled by reading: (spec, answer, passes).
LABELLED: list[tuple[FamilySpec, str, bool]] = [
    (LIST, "['ana1', 'bo22', 'cy333']", True),
    (LIST, '["ana1", "bo22"]', True),
    (LIST, "```python\n['a', 'b']\n```", True),
    (LIST, "```\n['a', 'b']\n```", True),
    (LIST, "usernames = ['a', 'b']", True),  # one assignment, read by its value
    (LIST, "Here you go: ['a', 'b']", False),
    (LIST, "('a', 'b')", False),  # a tuple
    (LIST, "['a', 'b'", False),
    (LIST, "[print('x')]", False),  # a call is no literal
    (LIST, "```js\n['a', 'b']\n```", False),
    (LIST, "- a\n- b", False),
    (DICT, "{'France': 'Paris', 'Japan': 'Tokyo'}", True),
    (DICT, '{"France": "Paris"}', True),  # JSON text is also a Python dict literal
    (DICT, "{'France': 'Paris', }", True),
    (DICT, "{'France': Paris}", False),  # an unquoted name
    (DICT, "{'a'}", False),  # a set
    (DICT, "dict(a=1)", False),
    (PythonLiteral(shape="tuple"), "(1, 2)", True),
    (PythonLiteral(shape="set"), "{1, 2}", True),
    (COMMAS, "bright, kite, night, sight", True),
    (COMMAS, "bright, kite, night, sight.", True),
    (COMMAS, "  January, March, May  \n", True),
    (COMMAS, "bright\nkite\nnight", False),
    (COMMAS, "- bright\n- kite", False),
    (COMMAS, "Here they are:\nbright, kite, night", False),
    (COMMAS, "bright", False),
    (COMMAS, "bright, , kite", False),
    (COMMAS, "bright; kite; night", False),
    (COMMAS, "", False),
    (COMMAS, "Pawsome Suds, The Groom Room, Fur Real", True),
    (COMMAS, "1. bright, kite", False),  # a list marker
    (COMMAS, "red,green,blue", True),
    (COMMAS, "red, green, blue, ", False),  # an empty last item
    (COMMAS, "red, green and blue", True),  # two items by the commas
    (COMMAS, "red\n\ngreen, blue", False),
    (COMMAS, "January, March, May, July, August, October, December", True),
    (COMMAS, "**red**, **green**", True),
    (COMMAS, "* red, green", False),
    (COMMAS, "red, green.\nThat is all.", False),
    (DICT, "{}", True),
]


@pytest.mark.parametrize(("spec", "answer", "passes"), LABELLED)
def test_the_measures_agree_with_labelled_answers(
    spec: FamilySpec, answer: str, passes: bool
) -> None:
    outcome = measure_text(spec, answer)
    assert outcome.passed is passes, outcome.reason
    if not passes:
        assert outcome.suggestion


def test_the_corrections_say_what_to_change() -> None:
    said = measure_text(DICT, "('a', 1)").suggestion
    assert said == (
        "Your answer is a Python tuple. Reply with only a Python dict literal, such as "
        "{'a': 1}, with no text around it."
    )
    assert (
        measure_text(COMMAS, "a\nb").reason == "the answer is 2 lines, not one comma-separated line"
    )


def test_the_specs_round_trip() -> None:
    for spec in (LIST, COMMAS):
        assert CHECK_SPEC_ADAPTER.validate_json(CHECK_SPEC_ADAPTER.dump_json(spec)) == spec
    with pytest.raises(ValueError, match="shape"):
        CHECK_SPEC_ADAPTER.validate_python({"kind": "python_literal", "shape": "frozenset"})


@pytest.mark.parametrize(
    ("answer", "repaired"),
    [
        ("- bright\n- kite\n- night", "bright, kite, night"),
        ("1. January\n2. March\n3. May", "January, March, May"),
        ("* one,\n* two", "one, two"),
        # an introduction or an item with commas of its own needs a redraft
        ("Here they are:\n- bright\n- kite", "Here they are:\n- bright\n- kite"),
        ("- Paris, France\n- Rome, Italy", "- Paris, France\n- Rome, Italy"),
        ("bright, kite", "bright, kite"),
    ],
)
def test_the_repair_joins_a_bare_list(answer: str, repaired: str) -> None:
    if not measure_text(COMMAS, answer).passed:
        assert SpecCheck(COMMAS)._measured(answer).data["repair"] == {"op": "join_list"}
    assert apply_repairs(answer, [{"op": "join_list"}]) == repaired


async def test_the_loop_makes_the_repair_without_a_model_call() -> None:
    prompt = "Name three primary colours, comma-separated."
    result = await repaired_run(prompt, "- red\n- yellow\n- blue")
    assert result.final_answer == "red, yellow, blue"


def compiled(prompt: str) -> list[object]:
    ours = (PythonLiteral, CommaList)
    return [c.spec for c in compile_checks(prompt) if isinstance(c.spec, ours)]


@pytest.mark.parametrize(
    ("prompt", "expected"),
    [
        ("Suggest 5 test emails. Put them in a Python list literal.", [LIST]),
        ("Return the results as a Python list.", [LIST]),
        ("Write a Python dictionary literal mapping fruits to colours.", [DICT]),
        ("Give me the pairs as a Python tuple literal.", [PythonLiteral(shape="tuple")]),
        ("Name five rivers, comma-separated.", [COMMAS]),
        ("List the planets as a comma-separated list.", [COMMAS]),
        ("Give me ten rhymes for 'moon', lowercase, comma separated.", [COMMAS]),
        ("Reply with the colours separated by commas.", [COMMAS]),
        ("Answer in a single comma-separated line.", [COMMAS]),
    ],
)
def test_phrasings_that_compile(prompt: str, expected: list[object]) -> None:
    assert compiled(prompt) == expected


@pytest.mark.parametrize(
    "prompt",
    [
        "Write a Python function that returns a list of primes.",
        "Explain the difference between a Python list and a tuple.",
        "Convert this Python dict to JSON: {'a': 1}",
        "Is a Python list literal faster than list()?",
        "Add tags at the end, comma-separated.",
        "Export the table as comma-separated values.",
        "Write a CSV file, comma-separated, with a header.",
        "Each line should hold three words separated by commas.",
        "Why are CSV files comma-separated?",
        "If you list them, keep them comma-separated.",
        "Put the ingredients in a Python list and explain each one.",
    ],
)
def test_near_misses_compile_nothing(prompt: str) -> None:
    assert compiled(prompt) == []
