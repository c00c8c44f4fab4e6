"""Scope of starts, ends and bans: which subject a ban or an affix belongs
to when the sentence names the answer after "and", or when the prompt opens
with only the thing's name and "please"."""

from __future__ import annotations

from typing import Any

import pytest

from redraft.criteria import compile_checks


def specs(prompt: str, system: str | None = None) -> list[dict[str, Any]]:
    return [dict(c.spec.model_dump()) for c in compile_checks(prompt, system=system)]


def kinds(prompt: str, system: str | None = None) -> list[str]:
    return [s["kind"] for s in specs(prompt, system)]


@pytest.mark.parametrize(
    ("prompt", "kind"),
    [
        (
            "Write a profile of our chef. The first word must be 'Ana' and the profile "
            "must not contain any digits.",
            "forbidden_chars",
        ),
        (
            "Draft a toast for my sister. Keep it warm and the toast must not use the "
            "word 'marriage'.",
            "forbidden_words",
        ),
        (
            "Compose a limerick about cats. It rhymes AABBA and the limerick should not "
            "contain any commas.",
            "forbidden_chars",
        ),
    ],
)
def test_the_asked_noun_after_and_is_the_answer(prompt: str, kind: str) -> None:
    assert kind in kinds(prompt)


@pytest.mark.parametrize(
    "prompt",
    [
        # the subject after "and" is another thing than the one asked for
        "Write a profile of our chef. The first word must be 'Ana' and the menu must not "
        "contain any digits.",
        # a count, not a ban
        "Write a profile of our chef. Start with 'Ana' and the profile must not contain "
        "more than 3 digits.",
        # hedged
        "Write a profile of our chef. Start with 'Ana' and the profile should ideally not "
        "contain digits.",
    ],
)
def test_another_subject_or_a_count_after_and_is_no_ban(prompt: str) -> None:
    assert "forbidden_chars" not in kinds(prompt)


@pytest.mark.parametrize(
    ("prompt", "kind"),
    [
        (
            "Escape room riddle please. The riddle should be 4 lines and it must not "
            "contain the words 'key' or 'lock'.",
            "forbidden_words",
        ),
        (
            "A haiku about autumn, please. The haiku must not contain the letter e.",
            "letter_count",
        ),
    ],
)
def test_a_name_and_please_asks_for_that_thing(prompt: str, kind: str) -> None:
    assert kind in kinds(prompt)


@pytest.mark.parametrize(
    "prompt",
    [
        # "please" after a ban names no thing asked for
        "No emojis please. Mention it and the clue must not contain the word 'key'.",
        # the thing named is not the one the rule is about
        "Escape room riddle please. The answer must not be 'key' and the clue must not "
        "contain the word 'lock'.",
    ],
)
def test_a_ban_please_or_another_subject_names_no_answer(prompt: str) -> None:
    assert "forbidden_words" not in kinds(prompt)


@pytest.mark.parametrize(
    ("prompt", "case"),
    [
        ("Write a slogan. No emojis, all lowercase.", "lower"),
        ("Write a slogan. Don't use emojis, all lowercase.", "lower"),
        ("Give me 15 words, all between 4 and 9 letters, no spaces, all uppercase.", "upper"),
        ("Write a tagline, no hashtags, all lowercase, under 8 words.", "lower"),
    ],
)
def test_a_case_after_a_ban_is_an_item_of_its_own(prompt: str, case: str) -> None:
    # "no spaces, all uppercase": the case is no noun of the ban's list
    assert [s["case"] for s in specs(prompt) if s["kind"] == "letter_case"] == [case]


@pytest.mark.parametrize(
    "prompt",
    [
        # the ban's list goes on past the case: it is banned too
        "Write a slogan. Don't write it in bold, all caps, or italics.",
        "Write a slogan. Never use emojis, all caps or bold.",
        # said of the user's own text
        "My slogan has no emojis, all lowercase. Improve it.",
    ],
)
def test_a_case_inside_a_ban_list_stays_banned(prompt: str) -> None:
    assert "letter_case" not in kinds(prompt)
