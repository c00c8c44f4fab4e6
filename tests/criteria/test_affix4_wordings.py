"""Starts and ends of the answer, its lines and its parts, in the wordings
the affix families missed (session of 2026-11-29): a label in quotes that
reads like a handover verb ("Start with 'Correction:'"), … Each positive
wording has near misses that must compile nothing (or something else)."""

from __future__ import annotations

import pytest

from redraft.criteria import compile_checks


def specs(prompt: str) -> list[tuple[str, dict[str, object]]]:
    return [
        (check.spec.kind_name(), check.spec.model_dump(exclude={"kind"}))
        for check in compile_checks(prompt)
    ]


def kinds(prompt: str) -> set[str]:
    return {kind for kind, _ in specs(prompt)}


@pytest.mark.parametrize(
    ("prompt", "phrase"),
    [
        # a quoted label whose word reads like "correct …:", "review …:" hands nothing over
        ("Write the notice to customers. Start with 'Correction:'.", "Correction:"),
        ('Begin with "Summary:" and keep it short.', "Summary:"),
        ("Start your reply with 'Review:'.", "Review:"),
    ],
)
def test_a_quoted_label_is_not_handed_over_material(prompt: str, phrase: str) -> None:
    assert ("starts_with", {"phrase": phrase}) in specs(prompt)


@pytest.mark.parametrize(
    "prompt",
    [
        # the verb outside the quote still hands the text over
        "Correct this: 'Start with hello.'",
        "Translate the following: Start with 'Hola'.",
    ],
)
def test_material_handed_over_still_masked(prompt: str) -> None:
    assert "starts_with" not in kinds(prompt)


@pytest.mark.parametrize(
    ("prompt", "word"),
    [
        # a topic between the thing asked and the clause
        (
            "Write an acrostic poem about autumn where the first letters of the lines spell "
            "OCTOBER (one line per letter, so 7 lines).",
            "OCTOBER",
        ),
        (
            "Write a limerick for Grandad's birthday where the first letters of the lines spell "
            "JOKES.",
            "JOKES",
        ),
        # what may follow the word
        (
            "Write an acrostic poem where the first letters of the lines spell MARGOT from top "
            "to bottom.",
            "MARGOT",
        ),
        # a name given after naming it
        ("Write an acrostic poem for my son's name, OSCAR. Keep it sweet.", "OSCAR"),
        ("Compose an acrostic for our team name: 'Falcons'.", "Falcons"),
        # words in capitals where one line per letter is stated
        (
            "Write an acrostic where the first letters of the lines spell GET WELL. One line per "
            "letter.",
            "GETWELL",
        ),
        # a backronym put on lines
        ("Backronym for SMILE, one word per line.", "SMILE"),
        ("Make a backronym of TEAM with each on its own line.", "TEAM"),
    ],
)
def test_acrostic_wordings(prompt: str, word: str) -> None:
    assert ("acrostic", {"word": word, "part": "line"}) in specs(prompt)


@pytest.mark.parametrize(
    "prompt",
    [
        "Write an acrostic poem for my mother's name.",  # no name given
        "Write an acrostic poem for my cat's name, please.",
        "The first letters of each line should spell GET WELL.",  # no line per letter stated
        "Backronym for SMILE.",  # a backronym on one line is not an acrostic of lines
        "Backronym for Smile, one word per line.",  # not spelled out in capitals
        "Write a review of my poem where the first letters of the lines spell LOVE.",
        "Is an acrostic for my son's name, OSCAR, a good gift?",
        "Don't write an acrostic poem for my son's name, OSCAR.",
    ],
)
def test_acrostic_near_misses(prompt: str) -> None:
    assert "acrostic" not in kinds(prompt)


@pytest.mark.parametrize(
    ("prompt", "letter"),
    [
        (
            "Write a short poem about autumn rain where every single word starts with the "
            "letter R.",
            "r",
        ),
        (
            "Fun challenge for my nephew: write ONE sentence about snakes where every single word "
            "starts with the letter S.",
            "s",
        ),
        ("Make a tautogram about tigers: at least 15 words, all beginning with T.", "t"),
        (
            "Write a tagline for a vegan restaurant using exactly 4 words, all starting with the "
            "letter V.",
            "v",
        ),
        ("Write a slogan in 4 words, all starting with 'S'.", "s"),
        ("Write a tautogram sentence of at least 8 words using the letter M.", "m"),
        ("Compose a tautogram on the letter 'B' about bakeries.", "b"),
        ("Make up a tongue twister where every word begins with 'sh' or 's'.", "s"),
        ("Make up a tongue twister where every word begins with 'p', 'pr' or 'pl'.", "p"),
    ],
)
def test_tautogram_wordings(prompt: str, letter: str) -> None:
    assert ("tautogram", {"letter": letter}) in specs(prompt)


@pytest.mark.parametrize(
    "prompt",
    [
        "Write a review of my story where every word starts with the letter S.",
        "Write a story about a town where every house starts with the letter S.",
        "List 5 words, all starting with the letter V.",  # the list's items
        "Give me 10 words, all starting with 'bl'.",
        "Write 10 words, all starting with a vowel.",
        "Write a slogan in 4 words, all starting with a capital letter.",
        "Write a slogan in 4 words, all starting with the same letter.",
        "Make up a tongue twister where every word begins with 'sh' or 'ch'.",  # two sounds
        "Make up a tongue twister where every word begins with 'sh'.",  # two letters
        "What is a tautogram using the letter M?",
        "Don't write a tautogram using the letter M.",
        "Write a tautogram, ideally using the letter M.",
    ],
)
def test_tautogram_near_misses(prompt: str) -> None:
    assert "tautogram" not in kinds(prompt)


def test_several_things_all_starting_so_are_not_the_answers_start() -> None:
    assert "starts_with" not in kinds("Write a slogan in 4 words, all starting with 'S'.")
    assert "starts_with" not in kinds("Write 5 taglines, all starting with 'Go'.")
    assert ("starts_with", {"phrase": "Go"}) in specs("Write a tagline starting with 'Go'.")
