""" "Only the answer": the phrases that ask for nothing but a format a
program recognises whole compile that format's check (``json``,
``code_only``, ``number_only``); the thing named must end the phrase,
nothing may be asked beside it, and where it is no format nothing compiles."""

from __future__ import annotations

import pytest

from redraft.criteria import compile_checks

OURS = ("json", "code_only", "number_only")


def compiled(prompt: str) -> list[str]:
    return [c.spec.kind for c in compile_checks(prompt) if c.spec.kind in OURS]


@pytest.mark.parametrize(
    ("prompt", "kind"),
    [
        ("Give me a JSON object with name and age. Reply with only the JSON.", "json"),
        ("List three colours in JSON. No extra commentary, just the JSON.", "json"),
        ("Return the result as JSON and nothing else.", "json"),
        ("Output the JSON only.", "json"),
        ("JSON only, no prose.", "json"),
        ("Your reply must be only the JSON.", "json"),
        ("could you please respond with nothing but the json object", "json"),
        ("Return a JSON array of 3 objects. No prose before or after the JSON.", "json"),
        (
            "Write a bash one-liner to count files. Only the code block, no explanation.",
            "code_only",
        ),
        ("Write a sort function. Give me just the code block please.", "code_only"),
        ("Put the script in a code block, nothing outside the code block.", "code_only"),
        ("How many legs does a spider have? Just the number.", "number_only"),
        ("What is 17*3? Answer with a number only.", "number_only"),
        (
            "What's the population of Peru? Reply with just the final number, nothing else.",
            "number_only",
        ),
        ("Print the number only.", "number_only"),
    ],
)
def test_wordings_that_ask_for_nothing_but_a_format(prompt: str, kind: str) -> None:
    assert compiled(prompt) == [kind]


@pytest.mark.parametrize(
    "prompt",
    [
        "Tell me just the number of planets in the solar system.",  # a number of things
        "Return only the JSON keys that changed.",  # something else than the JSON
        "Reply with only the JSON and a short note on what changed.",  # more beside it
        "Give the number only if you are sure; otherwise explain.",  # a condition
        "Return the number only when asked.",
        "Don't reply with only the JSON; explain it too.",  # negated
        "Is it OK to answer with just the number?",  # a question about it
        "The API returns only the JSON.",  # about something else
        'Summarize this: "Reply with only the JSON."',  # quoted material
        "Only the JSON part needs to be valid.",
        "How many? Just the number, and show your work.",
        "The text outside the JSON is ignored by our parser.",
        "Give only the translation, nothing else.",  # no format a program recognises
        "Just the names, please.",
    ],
)
def test_near_misses_compile_no_only_check(prompt: str) -> None:
    assert compiled(prompt) == []
