"""The requirement stated directly still compiles beside the near misses
that share its words (tests/criteria/data/near_misses.jsonl): a scope that
is the whole answer, a condition that is not one, a part that is not named."""

from __future__ import annotations

import pytest

from redraft.criteria import compile_checks


@pytest.mark.parametrize(
    ("prompt", "kind"),
    [
        ("Return a Python list of the five planets.", "python_literal"),
        ("Give me a python dict literal mapping 3 colours to hex codes.", "python_literal"),
        ("No period at the end of the answer.", "no_final_mark"),
        ("Don't end with a period.", "no_final_mark"),
        ("Include a table comparing the plans.", "table_count"),
        ("Every word must start with the letter b.", "tautogram"),
        ("Write a line where every word begins with 'T'.", "tautogram"),
        ("List the colors separated by commas.", "comma_list"),
        ("Use checkboxes for every task.", "checklist"),
        ("Each sentence should be longer than the previous one.", "length_progression"),
        (
            "Each line should have more words than the line before it in the poem.",
            "length_progression",
        ),
        ("Use title case for all the headings.", "title_case"),
        ("Write an acrostic for ROME in Italian.", "acrostic"),
        ("Could you put the hashtags at the end?", "units_at"),
        ("Use dashes for bullets in the list.", "list_marker"),
        ("Bold exactly two words.", "highlight_count"),
    ],
)
def test_the_whole_request_still_compiles(prompt: str, kind: str) -> None:
    assert kind in [c.spec.kind_name() for c in compile_checks(prompt)]


def test_a_count_of_bold_words_is_not_also_read_as_at_least_one() -> None:
    specs = [c.spec for c in compile_checks("Bold exactly two words.")]
    assert [s.model_dump(include={"relation", "value"}) for s in specs] == [
        {"relation": "exactly", "value": 2}
    ]
