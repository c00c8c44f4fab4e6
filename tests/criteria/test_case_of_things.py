"""The case of the things an answer is made of ("list every country, one
per line, uppercase", "each step on its own line in capitals", "reply with
the word only, in caps"): those things are all the answer holds, so the
case of each is the case of all. Near misses: a part laid out on lines, a
later part, a hedge, a negation, some of the things, a part's case."""

from __future__ import annotations

import pytest

from redraft.criteria import LetterCase, compile_checks


def _cases(prompt: str) -> list[str]:
    return [c.spec.case for c in compile_checks(prompt) if isinstance(c.spec, LetterCase)]


@pytest.mark.parametrize(
    ("prompt", "case"),
    [
        ("From the notes below, list every city you find, one per line, lowercase.", "lower"),
        ("Could you give me 9 bird names, each under 8 letters, in capitals?", "upper"),
        ("Please generate 20 passwords, one per line, lowercase, no symbols.", "lower"),
        ("Reply with the answer only, in capitals, nothing else.", "upper"),
        ("Respond with just the word, all lowercase.", "lower"),
        ("Reformat these names to surname first, uppercase, one per line:", "upper"),
        ("Build a word chain from LAMP to FIRE. Each word on a new line in capitals.", "upper"),
        ("Make a ladder from HEAD to TAIL. Every step on its own line, uppercase.", "upper"),
        ("Show each rung on a separate line in caps, four letters each.", "upper"),
        ("Come up with 12 colours for a paint range. No colour twice, all lowercase.", "lower"),
    ],
)
def test_the_case_of_the_things_asked_for_compiles(prompt: str, case: str) -> None:
    assert _cases(prompt) == [case]


@pytest.mark.parametrize(
    "prompt",
    [
        # a later part the case may not be meant for
        "Write an intro about ladders, then each step on its own line in capitals.",
        "Generate a list of 15 adjectives. Then write a paragraph about them, all lowercase.",
        "Give me 10 band names and a short bio for the best one. Catchy, all caps.",
        # a part laid out on lines: the headings' case
        "Write a short guide. Put each heading on its own line in capitals.",
        # hedged, negated, about the user's own work
        "If you can, list every capital city, one per line, uppercase.",
        "Don't list every planet on its own line in capitals.",
        "My students list every verb, one per line, lowercase, and I grade them. Help me.",
        # some of the things, or a part's case
        "Give me 10 names. The first one, all caps.",
        "Reply with the phrase only, in capitals for the headline.",
        "Can you give me 12 animal names, in capitals for the first letter only?",
        "Give 5 tips, each on its own line in bold, then a summary in lowercase.",
    ],
)
def test_near_misses_compile_no_case(prompt: str) -> None:
    assert _cases(prompt) == []
