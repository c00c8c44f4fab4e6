"""Table columns and rows stated in more wordings (a list that runs into a
clause about one column, a "Columns:" label sentence with lowercase names, a
bracketed list after "a 2-column table", a verbless table request, a row count
in a sentence of its own), and question counts whose questions are "for"
something or counted in every reply; with the near misses that must compile
nothing or something else."""

from __future__ import annotations

import pytest

from redraft.criteria import compile_checks


def _specs(prompt: str, system: str | None = None) -> list[tuple[str, object]]:
    found: list[tuple[str, object]] = []
    for check in compile_checks(prompt, system=system):
        spec = check.spec
        kind = spec.kind
        if kind == "table_columns":
            found.append((kind, tuple(getattr(spec, "columns", ()))))
        elif kind in ("table_rows", "question_count"):
            found.append((kind, (getattr(spec, "relation", ""), getattr(spec, "value", 0))))
    return found


@pytest.mark.parametrize(
    ("prompt", "expected"),
    [
        (
            "Output a markdown table with columns Movie and Score, and Score must be an integer.",
            [("table_columns", ("Movie", "Score"))],
        ),
        (
            "Create a table comparing 3 apps. Columns: App, Price/month, Offline, Best for.",
            [("table_columns", ("App", "Price/month", "Offline", "Best for"))],
        ),
        (
            "Comparison table of 3 phone plans: columns Plan, Data (GB), Price. Exactly 3 rows.",
            [("table_columns", ("Plan", "Data (GB)", "Price")), ("table_rows", ("exactly", 3))],
        ),
        (
            "Format: a markdown table with columns Item | Qty. At least 12 rows.",
            [("table_columns", ("Item", "Qty")), ("table_rows", ("at_least", 12))],
        ),
        (
            "Give me a cheat sheet: a 2-column markdown table (Command, Action).",
            [("table_columns", ("Command", "Action"))],
        ),
        (
            "Make a card as a markdown table: 5 columns headed B, I, N, G, O and 5 rows of dots.",
            [("table_columns", ("B", "I", "N", "G", "O"))],
        ),
        (
            "Put it in a two-column markdown table with headers Word and Definition: 6 words.",
            [("table_columns", ("Word", "Definition"))],
        ),
        (
            "Write 5 sequences. After them, a markdown table with columns Sequence and Answer.",
            [("table_columns", ("Sequence", "Answer"))],
        ),
        (
            "Give me a markdown table of languages. Columns must be exactly: Language | Year.",
            [("table_columns", ("Language", "Year"))],
        ),
    ],
)
def test_table_wordings_compile(prompt: str, expected: list[tuple[str, object]]) -> None:
    assert sorted(_specs(prompt), key=str) == sorted(expected, key=str)


@pytest.mark.parametrize(
    "prompt",
    [
        # a table given, declined, in code or a CSV
        "Here is my table. Columns: App, Price, Offline. Exactly 3 rows. Can you check it?",
        "No table please. Exactly 3 rows.",
        "Write SQL to create a table. Columns: id, name, created at. Exactly 3 rows.",
        "Write a CSV file. Exactly 3 rows.",
        # hedged, a question, negated
        "Make a table of cities. Around 10 rows.",
        "Make a table of cities, ideally exactly 10 rows.",
        "Comparison table of 3 plans? Maybe columns Plan, Data, Price.",
        "Don't make a table with columns Name and Age.",
        "Give me a 3-column table (Name, Age).",  # the count and the list disagree
        # a count per part, a count with the header
        "Make a table of cities. Exactly 10 rows per city.",
        "Give me a table with 5 rows including the header. Exactly 5 rows.",
        # no table asked
        "Exactly 3 rows.",
        # a lowercase clause after the list: where the list ends is unsure
        "Make a markdown table with columns Name and Score, and sort it by score.",
    ],
)
def test_table_near_misses(prompt: str) -> None:
    specs = _specs(prompt)
    assert [s for s in specs if s[0] == "table_rows"] == []
    if not prompt.startswith("Make a table of cities"):
        assert [s for s in specs if s[0] == "table_columns"] == []


@pytest.mark.parametrize(
    ("prompt", "system", "expected"),
    [
        ("Write 5 discussion questions for my book club.", None, ("exactly", 5)),
        ("Give me 10 icebreaker questions for Monday's meeting.", None, ("exactly", 10)),
        ("Hi.", "Every reply must contain exactly one question to the student.", ("exactly", 1)),
        ("Hi.", "Every reply contains at least 2 questions for the student.", ("at_least", 2)),
        # question_count wins over an item count when the things are questions
        ("Give me 5 interview questions for a nurse. Number them 1-5.", None, ("exactly", 5)),
    ],
)
def test_question_wordings_compile(prompt: str, system: str | None, expected: object) -> None:
    assert ("question_count", expected) in _specs(prompt, system)


@pytest.mark.parametrize(
    ("prompt", "system"),
    [
        ("Write 2 questions for each chapter.", None),
        ("Write 5 questions for the host to ask the guests.", None),
        ("Answer these 3 questions for my homework.", None),
        ("Write 4 questions for a quiz, each followed by its answer.", None),
        ("I have 3 questions for you about taxes.", None),
        ("Write an essay on why people ask questions.", None),
        ("Hi.", "Every section must contain exactly one question."),
        ("Hi.", "If the student is stuck, ask one question for them."),
    ],
)
def test_question_near_misses(prompt: str, system: str | None) -> None:
    assert [s for s in _specs(prompt, system) if s[0] == "question_count"] == []


def _sections(prompt: str) -> list[tuple[str, ...]]:
    return [
        tuple(getattr(c.spec, "names", ()))
        for c in compile_checks(prompt)
        if c.spec.kind == "named_sections"
    ]


@pytest.mark.parametrize(
    ("prompt", "expected"),
    [
        ('Write the pros and cons. Two sections: "PROS" and "CONS" as headings.', ("PROS", "CONS")),
        (
            "Write a shopping list split under two headings, ## Fresh and ## Pantry.",
            ("Fresh", "Pantry"),
        ),
        ("Write a plan. Sections: Goals, Risks.", ("Goals", "Risks")),
    ],
)
def test_named_section_wordings_compile(prompt: str, expected: tuple[str, ...]) -> None:
    assert _sections(prompt) == [expected]


@pytest.mark.parametrize(
    "prompt",
    [
        'My essay has two sections: "Intro" and "Body". Fix the grammar.',
        'Write the pros and cons. Three sections: "PROS" and "CONS".',  # the count disagrees
        "Write a shopping list split under two headings, ## fresh and ## pantry food.",
        "Don't split it under two headings, ## Fresh and ## Pantry.",
    ],
)
def test_named_section_near_misses(prompt: str) -> None:
    assert _sections(prompt) == []
