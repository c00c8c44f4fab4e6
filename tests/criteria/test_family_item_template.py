"""The item-template family: every item (or line) of the answer follows a
stated template, its literal parts exact and its placeholders free; the
phrasings that compile and the near misses that must not."""

from __future__ import annotations

import pytest

from redraft.criteria import compile_checks
from redraft.criteria._families._item_template import (
    ITEM_TEMPLATE,
    ItemTemplate,
    template_pattern,
    template_units,
)

PERSON = ItemTemplate(template="Name: <name>, Age: <age>")
TERM = ItemTemplate(template="Term — definition")
SHARE = ItemTemplate(template="N% – Category")
QA = ItemTemplate(template="Q: … A: …")

# 24 answers labelled by reading them: (spec, answer, does every item follow the template).
LABELLED = [
    (PERSON, "Name: Ada, Age: 36", True),
    (PERSON, "Name: Ada, Age: 36\nName: Bo, Age: 4", True),
    (PERSON, "- Name: Ada, Age: 36\n- Name: Bo, Age: 4", True),  # list items, markers aside
    (PERSON, "People:\n- Name: Ada, Age: 36", True),  # with a list, only its items count
    (PERSON, "Name:Ada,Age:36", True),  # whitespace around literal parts is free
    (PERSON, "Name: Ada Age: 36", False),  # the comma is literal
    (PERSON, "name: Ada, age: 36", False),  # so are the labels, capitals included
    (PERSON, "Ada, 36", False),
    (PERSON, "Name: , Age: 36", False),  # a placeholder is never empty
    (PERSON, "", False),
    (TERM, "Loop — a repeated block", True),
    (TERM, "- **Loop** — a repeated block\n- Variable — a named value", True),
    (TERM, "Loop - a repeated block", False),  # a hyphen is not the em dash asked for
    (TERM, "— a repeated block", False),
    (TERM, "Loop —", False),
    (TERM, "Loop — a block\nVariable: a named value", False),
    (SHARE, "30% – Rent\n15% – Food", True),
    (SHARE, "30 – Rent", False),
    (SHARE, "Rent – 30%", False),
    (SHARE, "1. 30% – Rent\n2. 20% – Savings", True),
    (QA, "Q: Why? A: Because.", True),
    (QA, "Q: Why?\nA: Because.", False),  # one line each item: two lines, neither whole
    (QA, "Why? Because.", False),
    (QA, "Q: Why? A:", False),
]


@pytest.mark.parametrize(("spec", "answer", "ok"), LABELLED)
def test_the_measure_matches_every_item(spec: ItemTemplate, answer: str, ok: bool) -> None:
    assert ITEM_TEMPLATE.measure(spec, answer).passed is ok


def test_marked_placeholders_make_the_words_literal() -> None:
    marked = template_pattern("Name: <name>")
    bare = template_pattern("Name: value")
    assert marked is not None and bare is not None
    assert marked.fullmatch("Name: Ada") and not marked.fullmatch("Label: Ada")
    assert bare.fullmatch("Label: Ada")  # unmarked words are placeholders
    assert template_pattern("apple pie") is None  # nothing literal to check


def test_units_are_list_items_or_lines() -> None:
    assert template_units("Intro\n- a\n- b\n---\n") == ["a", "b"]
    assert template_units("a\n\n b \n") == ["a", "b"]


def test_the_spec_refuses_a_template_with_nothing_to_check() -> None:
    with pytest.raises(ValueError, match="no literal part"):
        ItemTemplate(template="word definition")
    with pytest.raises(ValueError, match="one line"):
        ItemTemplate(template="Q: …\nA: …")


def test_the_correction_shows_the_items_off_template() -> None:
    outcome = ITEM_TEMPLATE.measure(TERM, "Loop — a block\nVariable: a value\nConstant")
    assert outcome.suggestion == (
        "2 of your 3 items do not follow the template 'Term — definition' "
        "('Variable: a value', 'Constant'). Rewrite each of them in exactly that form."
    )


def _templates(prompt: str) -> list[str]:
    return [c.spec.template for c in compile_checks(prompt) if isinstance(c.spec, ItemTemplate)]


@pytest.mark.parametrize(
    ("prompt", "template"),
    [
        ("Format each item as 'Term — definition'.", "Term — definition"),
        ("Write each line in the form 'Name: <name>, Age: <age>'.", "Name: <name>, Age: <age>"),
        ('List three capitals, one per line, format: "City (Country)".', "City (Country)"),
        ("Output as 'fruit: colour' pairs, one per line.", "fruit: colour"),
        (
            "Name four rivers as a numbered list, format: 'River (Continent)'.",
            "River (Continent)",
        ),
        (
            "Translate 'thanks' into 3 languages. Output as 'lang: word', one per line.",
            "lang: word",
        ),
        ("Each bullet should follow 'Tool | purpose'.", "Tool | purpose"),
        ("Give five tips. Every tip should look like '[tip] -> [reason]'.", "[tip] -> [reason]"),
        ("Present the schedule with every row formatted as `HH:MM - task`.", "HH:MM - task"),
    ],
)
def test_phrasings_compile(prompt: str, template: str) -> None:
    assert _templates(prompt) == [template]


@pytest.mark.parametrize(
    "prompt",
    [
        "Format each item as 'apple pie'.",  # nothing literal
        "Don't format each item as 'Term — definition'.",
        "The title should be formatted as 'Topic: Subtitle'.",
        "If you like, format each item as 'A: B'.",
        "Should each line be formatted as 'A: B'?",
        "Ideally every line should look like 'Name: role'.",
        "Summarize this: \"each item as 'Term — definition'\".",
        "My spreadsheet has each row formatted as 'id, name'.",
        "Use the format 'Topic: Subtitle' for the title.",
        "Write a haiku, format: 'Title: haiku'.",  # the answer's one piece, not its items
    ],
)
def test_near_misses_compile_nothing(prompt: str) -> None:
    assert _templates(prompt) == []
