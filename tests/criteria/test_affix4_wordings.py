"""Starts and ends of the answer, its lines and its parts, in the wordings
the affix families missed (session of 2026-11-29): a label in quotes that
reads like a handover verb ("Start with 'Correction:'"), … Each positive
wording has near misses that must compile nothing (or something else)."""

from __future__ import annotations

import pytest

from _compiled_specs import kinds, specs


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


@pytest.mark.parametrize(
    ("prompt", "expected"),
    [
        # a line stated as its value, unquoted
        (
            "Draft a press release. Finish with the line ### (the standard end mark).",
            ("ends_with", "###"),
        ),
        (
            "Draft a press release. Finish with ### on the final line, as is standard.",
            ("ends_with", "###"),
        ),
        ("Write the note and end it with END on its own line.", ("ends_with", "END")),
        ("Start your reply with BEGIN on its own line.", ("starts_with", "BEGIN")),
        (
            "All macros you write must: open with {{ticket.requester.first_name}}, stay short.",
            ("starts_with", "{{ticket.requester.first_name}}"),
        ),
        (
            "Close with the placeholder {{agent.name}} on the final line.",
            ("ends_with", "{{agent.name}}"),
        ),
        ("Write the post. Finish with the line ---.", ("ends_with", "---")),
        # every response of a standing instruction
        (
            'Begin every response with "Not legal advice." Be brief.',
            ("starts_with", "Not legal advice."),
        ),
        ("End every reply with one question to the user.", ("ends_with", "?")),
        ("Every reply stays under 90 words and ends with a question.", ("ends_with", "?")),
        # a heading given with its marks
        (
            "Write the README section. Start with the heading '## Installation'.",
            ("starts_with", "## Installation"),
        ),
        # a first line named and its label
        (
            "Email to the haulier. Subject line first, starting 'Subject:'.",
            ("starts_with", "Subject:"),
        ),
    ],
)
def test_answer_start_and_end_wordings(prompt: str, expected: tuple[str, str]) -> None:
    kind, phrase = expected
    assert (kind, {"phrase": phrase}) in specs(prompt)


@pytest.mark.parametrize(
    "prompt",
    [
        "Don't end with ### on the final line.",
        "Should I end with ### on the final line?",
        "If it is a press release, finish with ###.",
        "End each section with ---.",  # a part's end
        "Write a FAQ. Start with FAQ answers.",  # a word in capitals not set on a line
        "Write a memo. End with NASA.",
        "Write the README. Start with the heading 'Installation'.",  # '# Installation' opens it
        "Start with '## Day #'.",  # a template
        "Begin each response with 'Hi' if the user greets you.",  # a condition
        "Write a story and end every paragraph with a question.",  # a part's end
        "The story ends with a question.",  # a statement about a story, not the answer
        "Write 5 taglines, all starting with 'Go'.",  # several things' starts
    ],
)
def test_answer_start_and_end_near_misses(prompt: str) -> None:
    assert not kinds(prompt) & {"starts_with", "ends_with"}


@pytest.mark.parametrize(
    ("prompt", "expected"),
    [
        (
            "Tell me 3 fun facts about octopuses. Each fact should be a single sentence ending "
            "with an exclamation mark.",
            ("each_ends_with", "!"),
        ),
        (
            "Write 6 money word problems for my Year 6 class. Number them (1) to (6), each must "
            "end with a question mark.",
            ("each_ends_with", "?"),
        ),
        (
            "3 versions of a push notification. Each under 50 characters, each phrased as a "
            "question.",
            ("each_ends_with", "?"),
        ),
        ("Give me 4 prompts for a journal. Each must be a question.", ("each_ends_with", "?")),
        (
            "Give me 4 prompts for a journal. Each should be phrased as a yes/no question.",
            ("each_ends_with", "?"),
        ),
        ("Give me 4 prompts for a journal, all ending in '?'.", ("each_ends_with", "?")),
        ("Write 5 taglines, all starting with 'Go'.", ("each_starts_with", "Go")),
    ],
)
def test_each_thing_wordings(prompt: str, expected: tuple[str, str]) -> None:
    kind, phrase = expected
    assert any(k == kind and spec.get("phrase") == phrase for k, spec in specs(prompt))


@pytest.mark.parametrize(
    "prompt",
    [
        "Give me 4 prompts for a journal. Each must be a question and an answer.",
        "Give me 4 prompts for a journal. Each must be a question or a statement.",
        "Give me 4 prompts for a journal. Each doesn't have to be a question.",
        "Give me 4 prompts for a journal. Should each be a question?",
        "Give me 4 prompts for a journal. Each may end with a question mark.",
        "Tell me about 3 cats. Each should end with a period, if you can.",
        "Give me 4 prompts for a journal. Each should answer a question.",
    ],
)
def test_each_thing_near_misses(prompt: str) -> None:
    assert not kinds(prompt) & {"each_ends_with", "each_starts_with"}


@pytest.mark.parametrize(
    ("prompt", "expected"),
    [
        (
            "Write a product description as a pirate. Use 'Arr' at the start of every paragraph "
            "and include at least 2 paragraphs.",
            ("each_starts_with", "Arr"),
        ),
        ("Write a story. Put 'Over.' at the end of each sentence.", ("each_ends_with", "Over.")),
        ("Write a poem. Put '>' at the start of each line.", ("each_line", ">")),
        ("Write a poem. Put a semicolon at the end of each line.", ("each_line", ";")),
        (
            "Compose a dialogue between a cat and a dog. Every line of dialogue must begin with "
            "either 'CAT:' or 'DOG:'.",
            ("each_line", "CAT:"),
        ),
    ],
)
def test_every_part_placed_wordings(prompt: str, expected: tuple[str, str]) -> None:
    kind, phrase = expected
    assert any(k == kind and spec.get("phrase") == phrase for k, spec in specs(prompt))


@pytest.mark.parametrize(
    "prompt",
    [
        "Write a poem. Don't put '>' at the start of each line.",
        "Put '>' at the start of each line of my poem below.",
        "Put 'Arr' at the start of every paragraph of my essay.",
        "Write a story. Put 'Arr' at the start of every paragraph or the end.",
        "Write a poem. Put '>' at the start of each line or the end.",
        "Every line of my poem starts with 'I'. Is that bad?",
        "Write a story. Maybe put 'Arr' at the start of every paragraph.",
    ],
)
def test_every_part_placed_near_misses(prompt: str) -> None:
    assert not kinds(prompt) & {"each_starts_with", "each_ends_with", "each_line"}
