"""Item templates named by a unit on a line of its own ("one per line,
formatted as '…'", "each on its own line as '…'", "5 lines, each '…'"),
quoted or in the plainest unquoted shape; and the near misses that compile
nothing: hedges, negations, templates of something else, descriptions of
the user's own text, numbered and thousands-comma masks."""

from __future__ import annotations

import pytest

from redraft.criteria import compile_checks
from redraft.criteria._families._item_template import ItemTemplate


def _templates(prompt: str) -> list[str]:
    specs = [c.spec for c in compile_checks(prompt)]
    return [s.template for s in specs if isinstance(s, ItemTemplate)]


@pytest.mark.parametrize(
    ("prompt", "template"),
    [
        (
            'List the five largest lakes. One per line, formatted as "Lake — N km²".',
            "Lake — N km²",
        ),
        (
            'Give me 6 Spanish flashcards, each on one line as "ES: ... | EN: ...".',
            "ES: ... | EN: ...",
        ),
        ('Write a study plan: 4 lines, each "Topic: N hours".', "Topic: N hours"),
        (
            'Give me 5 riddles, each line formatted "riddle (3): ANSWER".',
            "riddle (3): ANSWER",
        ),
        (
            'Name 4 rivers, each on its own line written as "River – country".',
            "River – country",
        ),
        (
            "Suggest 3 podcasts about history, each one goes on its own line as Title — host.",
            "Title — host",
        ),
        (
            "Build a glossary of 8 cooking terms. Format each one as **Term** — meaning "
            "(bold term, dash, then the meaning).",
            "**Term** — meaning",
        ),
        (
            'List 6 capitals, one per line in the format "Paris = France".',
            "Paris = France",
        ),
    ],
)
def test_a_template_of_each_own_line_compiles(prompt: str, template: str) -> None:
    assert _templates(prompt) == [template]


@pytest.mark.parametrize(
    "prompt",
    [
        # hedged, or only an example
        'List five lakes, ideally one per line, formatted as "Lake — N km²".',
        'If you can, put each on its own line as "Name — role".',
        # negated
        'List five lakes but don\'t put each on its own line as "Lake — N km²".',
        # a description of the user's own text
        'My spreadsheet export has each line formatted as "Name | Email". Summarise it.',
        # a title line above the lines: the template is not of every line
        'Write the recipe title, then each line as "Step — minutes".',
        # the material's lines, described
        'In the log below each line is formatted as "Time | Event". Count the events.',
        # the number opens the template: the measure reads items after their marker
        'Rank 4 editors, each line exactly in the form "N. Editor — reason".',
        # a thousands comma only some amounts have
        'Split the budget, each category on its own line as "Category: NN% = $N,NNN.NN".',
        "Give 3 planets, one per line, formatted like `Jupiter — 139,820 km`.",
        # a list marker opens the template: the measure reads items after it
        'Write a packing checklist, each item "- [ ] thing".',
        # dot leaders, not a free part
        "Write a menu: 4 dishes, each line 'dish .... $price'.",
        # one of several, a part of the line, a loose example
        "Write a chat, each line formatted 'A:' or 'B:' at the start.",
        "Write the alphabet as fruits, each line 'A – Apple' style.",
        # unquoted, and not the plain shape: nothing to read for certain
        "Format each one as the term followed by its definition.",
        # a question about a format
        'Should each line be formatted as "Name — role"?',
    ],
)
def test_near_misses_compile_no_template(prompt: str) -> None:
    assert _templates(prompt) == []
