"""Section names a sentence mentions without asking the answer to use them:
another thing's sections, a reported clause's, a system prompt's rule for
one class of answers. Each beside the same names asked plainly."""

from __future__ import annotations

import pytest

from redraft.criteria import compile_checks


def names(prompt: str, system: str | None = None) -> list[list[str]]:
    found = [c.spec.model_dump(mode="json") for c in compile_checks(prompt, system=system)]
    return [s["names"] for s in found if s["kind"] == "named_sections"]


@pytest.mark.parametrize(
    "prompt",
    [
        "Write a guide to the 'Settings' and 'Privacy' sections of our app.",
        "Describe what goes under the headings 'Assets' and 'Liabilities' in a balance sheet.",
        "Explain what the 'Methods' and 'Results' sections of a paper are for.",
        "Write a help article explaining the 'Billing' and 'Invoices' headings on the dashboard.",
        "Write a short post announcing that our docs now include the sections 'Quickstart' and "
        "'API Reference'.",
        "Rewrite only the 'Risks' and 'Mitigation' sections of my plan below to be shorter.\n\n"
        "Risks: vendor delays\nMitigation: two suppliers",
        "can u tell me how the headings Pros and Cons are used in a decision memo",
    ],
)
def test_sections_of_another_thing_compile_no_names(prompt: str) -> None:
    assert names(prompt) == []


def test_a_system_prompt_s_sections_for_one_class_of_answers_are_not_every_reply_s() -> None:
    system = "You help home cooks. For recipes, use the headings Ingredients and Method."
    assert names("How long do I boil an egg?", system=system) == []
    plain = "You help home cooks. Always use the headings Ingredients and Method."
    assert names("A recipe for pancakes, please.", system=plain) == [["Ingredients", "Method"]]


@pytest.mark.parametrize(
    ("prompt", "expected"),
    [
        ("Write the pros and cons under the 'Pros' and 'Cons' headings.", ["Pros", "Cons"]),
        ("Use the headings 'Summary' and 'Details' in your answer.", ["Summary", "Details"]),
        ("Give me the pros and cons of freelancing, grouped under the headings Pros and Cons.",
         ["Pros", "Cons"]),
        ("Write the minutes with the sections Attendees, Decisions and Actions, in that order.",
         ["Attendees", "Decisions", "Actions"]),
        ("Explain how tides work; use the headings 'Causes' and 'Effects'.", ["Causes", "Effects"]),
    ],
)  # fmt: skip
def test_names_asked_plainly_still_compile(prompt: str, expected: list[str]) -> None:
    assert names(prompt) == [expected]
