"""The answer's first line given word for word ("First line: 'X' exactly", a
format's first line, "line 1 is exactly …", a shebang), a line named to
start or end the answer with ("start with a line 'Site: …'"), and label
templates left out ("start with 'Subject: ...'"). Each positive wording has
near misses that must compile nothing."""

from __future__ import annotations

import pytest

from _compiled_specs import kinds, specs


@pytest.mark.parametrize(
    ("prompt", "phrase"),
    [
        ("Make a trivia card about owls. First line: 'Fun fact!' exactly.", "Fun fact!"),
        ('Make a trivia card. First line: "Fun fact!". Then two facts.', "Fun fact!"),
        ('Make a quiz card. Format: first line "Quiz time", then four questions.', "Quiz time"),
        (
            "Write a short poem of 4 lines where the last words rhyme, and line 1 is "
            "exactly 'The sea is grey,'.",
            "The sea is grey,",
        ),
        ("Write a memo; the top line must be 'MEMO', then the body.", "MEMO"),
        (
            "Write a Ruby script header: first line '#!/usr/bin/env ruby', then a comment.",
            "#!/usr/bin/env ruby",
        ),
        (
            "Write a shell script that prints the date. The first line must be the shebang "
            "#!/bin/sh, and keep it short.",
            "#!/bin/sh",
        ),
        ('Write a log entry. Start with a line "Trail: North Ridge".', "Trail: North Ridge"),
        ("Write the minutes and begin with a line 'Present: all'.", "Present: all"),
    ],
)
def test_the_first_line_given_word_for_word(prompt: str, phrase: str) -> None:
    assert ("starts_with", {"phrase": phrase}) in specs(prompt)


def test_a_line_named_to_end_with() -> None:
    found = specs('Write the gate notice and end with a line "Gate closes at dusk".')
    assert ("ends_with", {"phrase": "Gate closes at dusk"}) in found


@pytest.mark.parametrize(
    "prompt",
    [
        # hedged, negated, conditional, asked
        "Make a trivia card. Maybe the first line could be 'Fun fact!'.",
        "Make a trivia card. The first line shouldn't be 'Fun fact!'.",
        "Make a trivia card. If it is about owls, first line: 'Fun fact!'.",
        "Make a trivia card. Should the first line be 'Fun fact!'?",
        # the user's own text, stated, not asked
        "Fix my poem. My first line is 'The sea is grey,' and it scans badly.",
        "Here is my poem; the first line is 'The sea is grey,'. Make it rhyme.",
        # a part's first line among several
        "Write three stanzas. Each stanza: first line 'O river', then four more lines.",
        "Write three verses, every verse with first line 'O river', then a chorus.",
        # an example of an opening, and a template
        "Write a greeting card, for example first line 'Dear Sam,' and a wish.",
        "Write a letter. First line: 'Dear {name},' exactly.",
        "Write an email. First line: 'Subject: ...' then the body.",
        "Write an email. First line: 'Subject: <topic>' then the body.",
        # a template line left out, and a line somewhere in the answer
        "Write a memo. Start with 'Subject: ...'.",
        'Write a log entry with a line "Trail: North Ridge".',
    ],
)
def test_near_misses_of_a_first_line(prompt: str) -> None:
    assert "starts_with" not in kinds(prompt)


def test_a_shebang_is_no_placeholder() -> None:
    # "#!" opens a shebang; a lone "#" stays a slot for a number
    assert ("starts_with", {"phrase": "#!/usr/bin/env python3"}) in specs(
        "Write a script. Start with '#!/usr/bin/env python3'."
    )
    assert "starts_with" not in kinds("Write the list. Start with 'Step #:'.")


# -- end phrases abroad, standing rules for all answers, "in that order" ---------


@pytest.mark.parametrize(
    ("prompt", "phrase"),
    [
        ("Écris un message pour l'équipe, et termine par « À demain »", "À demain"),
        ("Escribe un mensaje breve y termina con 'Nos vemos'.", "Nos vemos"),
        ("Escreva uma mensagem curta e finalize com 'Até logo'.", "Até logo"),
        ("You are a bedtime bot. Always end stories with 'Sleep tight.'", "Sleep tight."),
        ("Write the update and close all your replies with 'Over and out'.", "Over and out"),
        (
            'Write the agenda: 2 parts titled "Now", "Later" (in that order), and close with '
            '"See you Monday".',
            "See you Monday",
        ),
    ],
)
def test_more_end_phrases(prompt: str, phrase: str) -> None:
    assert ("ends_with", {"phrase": phrase}) in specs(prompt)


@pytest.mark.parametrize(
    "prompt",
    [
        "Réécris ce texte qui termine par « Merci ».",
        "Si c'est formel, termine par « Cordialement ».",
        "Écris une lettre et termine par « Bises » ou « Amitiés ».",
        "Écris une lettre et termine par « Bises » suivi de ton nom.",
        "Escribe una historia que termina con 'fin'.",
        "Don't end replies with 'Cheers'.",
        "Some writers end stories with 'The End.' Write a fable.",
        "Write a fable. End stories with 'The End.' if they are for kids.",
        # "in which" still opens a clause about another thing
        "Write a riddle in which the answer ends with 'egg'.",
    ],
)
def test_near_misses_of_more_end_phrases(prompt: str) -> None:
    assert "ends_with" not in kinds(prompt)


def test_a_line_marker_in_a_later_clause_of_the_poem_asked() -> None:
    prompt = (
        "Write a 4-line poem where every line ends with a word that rhymes with 'night' "
        "and every line starts with 'A'."
    )
    assert ("each_line", {"position": "start", "phrase": "A", "alternatives": ()}) in specs(prompt)
    for near in (
        "Write a poem like the one where every line rhymes and every line starts with 'A'.",
        "Write a 4-line poem where every line rhymes and maybe every line starts with 'A'.",
    ):
        assert "each_line" not in kinds(near)


@pytest.mark.parametrize(
    "prompt",
    [
        'Write the trip plan. End the plan with a line "Total cost: €<amount>".',
        "Write the site diary. Format exactly: first line 'Date: YYYY-MM-DD', then notes.",
        'Write a museum label. Format: line 1 "Maker, Object, Date"; then a description.',
        "Write a log. Start with 'Logged: YYYY-MM-DD'.",
    ],
)
def test_templates_are_no_start_or_end_phrase(prompt: str) -> None:
    found = kinds(prompt)
    assert "starts_with" not in found
    assert "ends_with" not in found


def test_a_closing_tag_is_a_literal_end() -> None:
    assert ("ends_with", {"phrase": "</html>"}) in specs(
        "Write a web page. End your answer with '</html>'."
    )
