"""After a request for several things ("Generate 5 usernames."), a count in
a "Rules:" list of terse items ("Rules: lowercase only, 6-10 characters")
may be each thing's, as a bare count after the request may be; a rules
list after a request for one thing, or one that names the whole, keeps it."""

from __future__ import annotations

import pytest

from redraft.criteria import compile_checks


def kinds(prompt: str) -> list[str]:
    return [c.spec.kind_name() for c in compile_checks(prompt)]


@pytest.mark.parametrize(
    "prompt",
    [
        "Generate 5 test usernames. Rules: lowercase letters and digits only, 6-10 characters.",
        "Give me 3 slogans. Requirements: catchy, no puns, under 8 words.",
        "Suggest 4 product names. Constraints: one word each, easy to spell, under 12 characters.",
    ],
)
def test_counts_in_a_rules_list_after_several_things_compile_nothing(prompt: str) -> None:
    assert not {"char_count", "word_count"} & set(kinds(prompt))


@pytest.mark.parametrize(
    ("prompt", "kind"),
    [
        ("Write a tweet about cats. Rules: no hashtags, under 200 characters.", "char_count"),
        (
            "Give me 3 names. Rules: lowercase only, the whole answer under 100 characters.",
            "char_count",
        ),
        ("Write a product blurb. Requirements: upbeat, no emojis, under 50 words.", "word_count"),
    ],
)
def test_counts_of_one_thing_or_the_whole_still_compile(prompt: str, kind: str) -> None:
    assert kind in kinds(prompt)
