"""The line-template family: the first, last or some line of the answer fills
a short template with typed holes; the phrasings that compile and the near
misses that must not."""

from __future__ import annotations

import pytest
from pydantic import ValidationError

from redraft.criteria import compile_checks
from redraft.criteria._families._line_template import LINE_TEMPLATE, LineTemplate, read_template

LETTER = LineTemplate(template="Answer: <one of A B C D>", line="last")
RATING = LineTemplate(template="Rating: <number>/5", line="last")
SUBJECT = LineTemplate(template="Subject: <text>", line="first")
SERVES = LineTemplate(template="Serves: <number>", line="any")

# 24 answers labelled by reading them: (spec, answer, does the line fill the template).
LABELLED = [
    (LETTER, "The capital is Paris.\n\nAnswer: B", True),
    (LETTER, "Reasoning here.\nAnswer: B\n", True),  # a trailing newline is no line
    (LETTER, "Reasoning.\n**Answer: C**", True),  # bold markers set aside
    (LETTER, "Reasoning.\n**Answer:** D", True),
    (LETTER, "Reasoning.\nanswer:   a", False),  # the letter's case is the template's
    (LETTER, "Reasoning.\nAnswer: E", False),  # not one of A-D
    (LETTER, "Reasoning.\nAnswer: B because Paris", False),  # more than the hole
    (LETTER, "Answer: B\nThat is my answer.", False),  # not the last line
    (LETTER, "", False),
    (LETTER, "Reasoning.\nAnswer:", False),  # the hole left empty
    (RATING, "Great sound.\nRating: 4/5", True),
    (RATING, "Great sound.\nRating: 4.5/5", True),
    (RATING, "Great sound.\nRATING: 4 / 5", True),  # literal words set case aside
    (RATING, "Great sound.\nRating: four/5", False),  # a number in digits
    (RATING, "Great sound.\nRating: 4/10", False),
    (RATING, "Rating: 4/5\nGreat sound.", False),
    (SUBJECT, "Subject: Meeting moved\n\nHi team, …", True),
    (SUBJECT, "  Subject:  Lunch  \nBody", True),  # whitespace around it aside
    (SUBJECT, "Hi team,\nSubject: Lunch", False),
    (SUBJECT, "Subject:\nLunch", False),
    (SERVES, "Lemon cake\nServes: 8\nIngredients", True),
    (SERVES, "Lemon cake\nServes: 1,200\n", True),  # thousands commas
    (SERVES, "Lemon cake\nServes eight\n", False),
    (SERVES, "Lemon cake\nServes: 8 people", False),
    (LineTemplate(template="Total: ≈ €<number>", line="last"), "Trip.\nTotal: ≈ €450", True),
    (LineTemplate(template="Título: <text>", line="first"), "Título: Mar\nVersos", True),
]


@pytest.mark.parametrize(("spec", "answer", "ok"), LABELLED)
def test_the_measure_reads_the_line(spec: LineTemplate, answer: str, ok: bool) -> None:
    assert LINE_TEMPLATE.measure(spec, answer).passed is ok


def test_the_correction_shows_the_template_with_its_holes_named() -> None:
    outcome = LINE_TEMPLATE.measure(LETTER, "Reasoning.\nThe answer is B.")
    assert not outcome.passed
    assert outcome.suggestion == (
        "Make the last line of your answer exactly 'Answer: ONE OF A/B/C/D', filling each "
        "part in capitals as described, with nothing else on that line."
    )
    assert LINE_TEMPLATE.repair(LETTER) is None  # the value needs the writer


def test_the_spec_refuses_templates_it_cannot_check() -> None:
    with pytest.raises(ValidationError):
        LineTemplate(template="Answer: B")  # no hole
    with pytest.raises(ValidationError):
        LineTemplate(template="<text>")  # nothing literal
    with pytest.raises(ValidationError):
        LineTemplate(template="Name: <text>\nAge: <number>")  # two lines


@pytest.mark.parametrize(
    ("raw", "context", "template"),
    [
        ("Answer: X", " where X is A-D.", "Answer: <one of A B C D>"),
        ("Answer: X", " where X is one of a to c", "Answer: <one of a b c>"),
        ("Rating: X/5", "", "Rating: <number>/5"),
        ("Final: N", "", "Final: <number>"),
        ("Answer: <value>", "", "Answer: <text>"),
        ("Word count: [number]", "", "Word count: <number>"),
        ("Choice: [A-E]", "", "Choice: <one of A B C D E>"),
        ("Subject: …", "", "Subject: <text>"),
        ("Answer: Xh Ym", "", None),  # a hole glued to its unit
        ("X marks the spot", "", None),  # a letter, no label
        ("Answer: B", "", None),  # nothing to fill
    ],
)
def test_the_request_spelling_is_read_into_holes(
    raw: str, context: str, template: str | None
) -> None:
    assert read_template(raw, context) == template


def _lines(prompt: str) -> list[tuple[str, str]]:
    return [
        (c.spec.line, c.spec.template)
        for c in compile_checks(prompt)
        if isinstance(c.spec, LineTemplate)
    ]


@pytest.mark.parametrize(
    ("prompt", "line", "template"),
    [
        ("Solve it, then end with a line 'Answer: X' where X is A-D.", "last", LETTER.template),
        (
            'Finish your reply with a line that reads "Total: <number> items".',
            "last",
            "Total: <number> items",
        ),
        ("Give your verdict, with 'Rating: X/5' on the final line.", "last", RATING.template),
        ('The last line must be "Final: N".', "last", "Final: <number>"),
        ("On the last line, write 'Word count: N'.", "last", "Word count: <number>"),
        ("Please write 'Final: N' on its own line at the end.", "last", "Final: <number>"),
        (
            'Show the health on the very last line as "HP: <number>/100".',
            "last",
            "HP: <number>/100",
        ),
        ("The first line should be 'Subject: …'.", "first", SUBJECT.template),
        ('Begin with a line "Title: [title]", then the poem.', "first", "Title: <text>"),
        ("Write a recipe and include a line 'Serves: N'.", "any", SERVES.template),
        ("Terminez avec une ligne 'Réponse : X'.", "last", "Réponse : <text>"),
        ("Termina con una línea 'Respuesta: N'.", "last", "Respuesta: <number>"),
    ],
)
def test_phrasings_compile(prompt: str, line: str, template: str) -> None:
    assert _lines(prompt) == [(line, template)]


@pytest.mark.parametrize(
    "prompt",
    [
        "Don't end with a line 'Answer: X'.",  # negated
        "Should the last line be 'Answer: X'?",  # a question
        "You could end with a line like 'Cheers, N' if you want.",  # hedged
        "End with something like 'Name: …' but feel free to vary it.",  # an example to vary
        "If you use a table, end with a line 'Total: N'.",  # a condition
        "Put 'Answer: Xh Ym' on the final line.",  # holes glued to units: not read
        "My essay ends with a line 'Total: N words'; fix its grammar.",  # the material's
        "The last line of the letter reads 'Yours, X'. Translate the letter.",
        "Create a story where the last line is 'X marks the spot'.",  # a letter, not a hole
        "Translate: \"End with a line 'Answer: X'.\"",  # quoted material
    ],
)
def test_near_misses_compile_nothing(prompt: str) -> None:
    assert _lines(prompt) == []
