"""Named sections in more wordings (:mod:`._section_wordings` and the
widened intro of :mod:`._named_sections`): the noun first, the manner
before the colon, one name per phrase, a single named section, template
labels, bold names and names whose later words are lower case; and the near
misses that must compile nothing."""

from __future__ import annotations

import pytest

from redraft.criteria import compile_checks
from redraft.criteria._families._named_sections import NAMED_SECTIONS, NamedSections


def _read(prompt: str, system: str | None = None) -> list[tuple[tuple[str, ...], bool]]:
    return [
        (c.spec.names, c.spec.ordered)
        for c in compile_checks(prompt, system=system)
        if isinstance(c.spec, NamedSections)
    ]


@pytest.mark.parametrize(
    ("prompt", "names", "ordered"),
    [
        # the noun first, then its names
        (
            "Draft a tenancy notice. Three sections, headed exactly 'Your rights', 'Your duties' "
            "and 'Contacts'.",
            ("Your rights", "Your duties", "Contacts"),
            False,
        ),
        (
            "Write release notes. Sections must be 'Features', 'Fixes' in that order.",
            ("Features", "Fixes"),
            True,
        ),
        (
            "Plan my week: sections 'Work', 'Home', 'Gym' — keep each short.",
            ("Work", "Home", "Gym"),
            False,
        ),
        (
            "Write a bug report. Then two sections titled Steps and Expected.",
            ("Steps", "Expected"),
            False,
        ),
        (
            'Start with a summary line, then two sections "Pros" and "Cons", as ## headings.',
            ("Pros", "Cons"),
            False,
        ),
        # the manner before the colon
        (
            "Write a project brief. Use these exact section headers as H2, in order: Goal, Scope, "
            "Budget.",
            ("Goal", "Scope", "Budget"),
            True,
        ),
        (
            "Write a recipe. Use these sections, in this order, each as a bold line: Ingredients, "
            "Method, Serving.",
            ("Ingredients", "Method", "Serving"),
            True,
        ),
        # names whose later words are lower case, bold names
        (
            "Write a trip plan. Use the headings Day one, Day two, Packing list — in that order.",
            ("Day one", "Day two", "Packing list"),
            True,
        ),
        (
            "Give feedback on my code with the bold headings **What works**, **What to fix** "
            "and **Next**.",
            ("What works", "What to fix", "Next"),
            False,
        ),
        # one name per phrase
        (
            "List two fruits and two vegetables. Put fruits under a heading 'FRUIT' and vegetables "
            "under 'VEG'.",
            ("FRUIT", "VEG"),
            False,
        ),
        (
            "Write a greeting in French and in German. Put 'FR:' before the French one and 'DE:' "
            "before the German one.",
            ("FR", "DE"),
            False,
        ),
        (
            "Give me 3 study habits, each habit in its own paragraph beginning with 'Habit 1:', "
            "'Habit 2:', 'Habit 3:'.",
            ("Habit 1", "Habit 2", "Habit 3"),
            False,
        ),
        # labels
        (
            "Answer it twice. Label the answers exactly 'SHORT' and 'LONG'.",
            ("SHORT", "LONG"),
            False,
        ),
        (
            "Suggest three slogans, labelled Slogan A, Slogan B, Slogan C.",
            ("Slogan A", "Slogan B", "Slogan C"),
            False,
        ),
        (
            "Write the note twice and label them KIND: and BLUNT: at the start.",
            ("KIND", "BLUNT"),
            False,
        ),
        (
            "Write a ballad. Label stanzas 'Stanza 1', 'Stanza 2'.",
            ("Stanza 1", "Stanza 2"),
            False,
        ),
        # template labels listed with their colons
        (
            "Write a lost-pet notice using the form fields in this order: Name:, Breed:, Last "
            "seen:.",
            ("Name", "Breed", "Last seen"),
            True,
        ),
        # a single named section
        (
            "Write five riddles. Put the answers in a separate section headed Answers.",
            ("Answers",),
            False,
        ),
        (
            'Write a worksheet, then add a heading that says exactly "Marking Scheme" and give '
            "the marks.",
            ("Marking Scheme",),
            False,
        ),
    ],
)
def test_wordings_compile(prompt: str, names: tuple[str, ...], ordered: bool) -> None:
    assert _read(prompt) == [(names, ordered)]


def test_a_system_prompt_fragment_compiles() -> None:
    system = "You write meeting notes. Start with the date. "
    system += "Then two sections titled Decisions and Owners."
    assert _read("Notes from today's call, please.", system) == [(("Decisions", "Owners"), False)]


@pytest.mark.parametrize(
    "prompt",
    [
        # about headings, not asking for them
        "Explain what a heading is and why sections like 'Intro' and 'Outro' help readers.",
        "What goes in a section titled Methods?",
        "Should I add a heading called 'Summary' at the top?",
        "Tell me about the 'Arts' section of the newspaper.",
        "Describe a newspaper with a section called Sports.",
        # another thing's sections
        "My report has two sections, 'Intro' and 'Outro'; summarize it.",
        "Summarize the text below. It has a section headed Results and a section headed Notes.",
        "The page has sections 'Home', 'About' and 'Contact'. Describe it.",
        "Rewrite the section called 'Background' in my essay.",
        "Compare the sections titled Pros and Cons in the two reviews I pasted.",
        # hedged, negated, an example, optional
        "Sections 'Intro' and 'Outro' are optional.",
        "Don't use sections 'Intro' and 'Outro'.",
        'If you like, add a heading that says "Answer Key".',
        "Ideally use these sections, in this order: Summary, Risks, Next steps.",
        "For example, use the headings Summary, Risks, Next steps.",
        "Use headings like these: Summary, Risks.",
        "Write a story. Two sections would be nice, maybe 'Before' and 'After'.",
        # a list read in part, a table's header row
        "Use the headings Pros and cons of each.",
        "Make a table; use these headers, in order: Name, Age, City.",
        # labels that recur on every line, or one of several
        "Write a dialogue. Every line starts with either 'BARISTA:' or 'CUSTOMER:'.",
        "Each question on a line starting with 'Q:' and each answer directly below it "
        "starting with 'A:'.",
        "Write a complaint about a form that made me label every field 'Name:' and 'Date:'.",
        "Translate 'EN:' and 'IT:' into full language names.",
        # things put under other things
        "I filed the receipt under 'Misc' and the invoice under 'Bills'. Where should it go?",
        "Put the fruit under the table and the bread under the shelf.",
    ],
)
def test_near_misses_compile_nothing(prompt: str) -> None:
    assert _read(prompt) == []


def test_a_single_named_section_is_measured() -> None:
    spec = NamedSections(names=("Answer Key",))
    assert NAMED_SECTIONS.measure(spec, "1. a\n2. b\n\n## Answer Key\n1. x").passed
    assert NAMED_SECTIONS.measure(spec, "**Answer key**\n1. x").passed
    assert not NAMED_SECTIONS.measure(spec, "1. a\n2. b\nAnswers: x, y").passed
    assert not NAMED_SECTIONS.measure(spec, "The answer key is below: x, y").passed
