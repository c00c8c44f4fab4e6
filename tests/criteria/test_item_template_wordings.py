"""Item templates asked by more wordings (and near misses that compile
none): the template named with the lines it makes ("as 'Label: value'
lines"), by an answer verb ("Answer as 'Setting — value' pairs"), by "list …
in the form", "format each as", "give each … a line like", an unquoted
``key=value``; an own-line template after a negation in another item."""

from __future__ import annotations

import pytest

from redraft.criteria import compile_checks
from redraft.criteria._families._item_template import ItemTemplate


def templates(prompt: str) -> list[str]:
    return [c.spec.template for c in compile_checks(prompt) if isinstance(c.spec, ItemTemplate)]


ASKED = [
    (
        "Write the specs of this laptop as 'Label: value' lines, in this order: CPU, RAM.",
        "Label: value",
    ),
    ("Answer as 'Country — capital' pairs, one per line.", "Country — capital"),
    ("Reply as 'Term: meaning' per line, terms alphabetically.", "Term: meaning"),
    ("List the stretches in the form 'Stretch – seconds held'.", "Stretch – seconds held"),
    ("Format each as 'Town: population'.", "Town: population"),
    ("Give each drill a line like 'Sprints — 4 rounds of 30 s'.", "Sprints — 4 rounds of 30 s"),
    ("Give me 4 settings, each lowercase, format KEY=value, no quotes.", "KEY=value"),
    ("Output as key=value lines, same order as given.", "key=value"),
    (
        "Sizes in cm (no inches), one per line, each line formatted as 'Name – NN cm'.",
        "Name – NN cm",
    ),
    ("Give me a sample config file, format KEY=value.", "KEY=value"),
]


@pytest.mark.parametrize(("prompt", "template"), ASKED)
def test_templates_asked(prompt: str, template: str) -> None:
    assert templates(prompt) == [template]


NOT_ASKED = [
    # negated, hedged, about something else
    "Do not format each line as 'X — Y'.",
    "Never, ever write each line as 'X — Y'.",
    "If you like, answer as 'Country — capital' pairs, one per line.",
    "My list has each line formatted as 'Name: value'.",
    "Write a title as 'Label: value' lines.",
    # the template of the answer's one line, not of its items
    "Answer as 'Yes — reason'.",
    # a sample to follow, not a request
    "Here is a sample, format KEY=value.",
    "Should I write it as key=value lines?",
]


@pytest.mark.parametrize("prompt", NOT_ASKED)
def test_near_misses(prompt: str) -> None:
    assert templates(prompt) == []
