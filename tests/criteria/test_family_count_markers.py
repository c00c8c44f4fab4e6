"""Sections counted by a named marker ("SECTION X") in its varied wordings,
and sections or parts between ``***`` dividers counted as paragraphs; the
near misses (a given document, a condition, a question, no divider) compile
nothing of either kind."""

from __future__ import annotations

import pytest

from redraft.criteria import ParagraphCount, SectionCount, compile_checks, measure_text


def found(prompt: str) -> list[tuple[str, str, int, str]]:
    return [
        (
            c.spec.kind_name(),
            getattr(c.spec, "relation", ""),
            getattr(c.spec, "value", -1),
            str(getattr(c.spec, "marker", getattr(c.spec, "separator", ""))),
        )
        for c in compile_checks(prompt)
        if c.spec.kind_name() in ("section_count", "paragraph_count")
    ]


@pytest.mark.parametrize(
    ("prompt", "expected"),
    [
        (
            "Write a ballad about a lost kite. The ballad must have 3 sections marked with PART X.",
            [("section_count", "exactly", 3, "PART")],
        ),
        (
            "Draft a 5 section business plan for a bike shop. Each section should be "
            "explicitly noted as Chapter X.",
            [("section_count", "exactly", 5, "Chapter")],
        ),
        (
            "Tell a fable. The fable should have three sections, with each section "
            "labelled with Scene N.",
            [("section_count", "exactly", 3, "Scene")],
        ),
        (
            "Describe a harbour town. It should be in at least 2 sections with each section "
            "starting with Section X.",
            [("section_count", "at_least", 2, "Section")],
        ),
        (
            "Please include at least three sections, marking the beginning of each section "
            "with 'STEP X'.",
            [("section_count", "at_least", 3, "STEP")],
        ),
        (
            'Rewrite my note kindly and include two sections: "PART 1" and "PART 2".',
            [("section_count", "exactly", 2, "PART")],
        ),
        (
            "Summarise the history of tea with two sections (Section 1 and Section 2).",
            [("section_count", "exactly", 2, "Section")],
        ),
        (
            "Write a limerick cycle and make sure there are exactly 3 sections. Separate the "
            "sections with the markdown divider: ***",
            [("paragraph_count", "exactly", 3, "***")],
        ),
        (
            "Write a chant for a football team. Split your chant into 4 parts, where each part "
            "is separated with ***.",
            [("paragraph_count", "exactly", 4, "***")],
        ),
        (
            "Describe a glacier to a child. Put the response into at least 2 sections, "
            "separated using three asterisks ***.",
            [("paragraph_count", "at_least", 2, "***")],
        ),
    ],
)
def test_counts_compile(prompt: str, expected: list[tuple[str, str, int, str]]) -> None:
    assert found(prompt) == expected


@pytest.mark.parametrize(
    "prompt",
    [
        # something given, not the answer
        "My thesis has 3 sections marked with SECTION X. Can you check the grammar?",
        "The article below has 4 sections, each starting with Part N. Summarize it.",
        "My essay has 4 parts separated by ***. Proofread it.",
        # a condition, a question
        "If you write 3 sections, mark each section with SECTION X.",
        "Does the answer need 3 sections marked with SECTION X?",
        # no marker, no divider: parts nobody can count
        "Write an essay in 4 parts.",
        "Write an essay in 4 sections.",
        # another object: each version, not the answer
        "Write two plans. Separate the two plans with ******. Each plan must have 7 sections.",
        # hedged
        "Ideally write 3 sections marked with SECTION X.",
    ],
)
def test_near_misses_compile_nothing(prompt: str) -> None:
    assert found(prompt) == []


def test_marker_wins_over_divider() -> None:
    """With a marker named, sections are counted by it, never as paragraphs."""
    prompt = "Write a 3 section essay. Mark each section with SECTION X. Separate them with ***."
    assert found(prompt) == [("section_count", "exactly", 3, "SECTION")]


_DIVIDED = ParagraphCount(relation="exactly", value=3, separator="***")
_MARKED = SectionCount(relation="exactly", value=2, marker="SECTION")


@pytest.mark.parametrize(
    ("spec", "text", "passes"),
    [
        (_DIVIDED, "One.\n***\nTwo.\n***\nThree.", True),
        (_DIVIDED, "One.\n\n***\n\nTwo.\n\n***\n\nThree.", True),
        (_DIVIDED, "One.\n***\nTwo.", False),
        (_DIVIDED, "One.\n***\nTwo.\n***\nThree.\n***\nFour.", False),
        (_DIVIDED, "One.\n\nTwo.\n\nThree.", False),
        (_DIVIDED, "A *** inline star run.\n***\nTwo.\n***\nThree.", True),
        (_MARKED, "SECTION 1\nIntro.\nSECTION 2\nBody.", True),
        (_MARKED, "## Section 1\nIntro.\n## Section 2\nBody.", True),
        (_MARKED, "SECTION 1\nIntro only.", False),
        (_MARKED, "SECTION 1\nA.\nSECTION 2\nB.\nSECTION 3\nC.", False),
        (_MARKED, "Intro.\n\nBody.", False),
    ],
)
def test_measure(spec: ParagraphCount | SectionCount, text: str, passes: bool) -> None:
    assert measure_text(spec, text).passed is passes


def markup_counts(prompt: str) -> list[tuple[str, str, int]]:
    return [
        (c.spec.kind_name(), getattr(c.spec, "relation", ""), getattr(c.spec, "value", -1))
        for c in compile_checks(prompt)
    ]


@pytest.mark.parametrize(
    ("prompt", "expected"),
    [
        (
            "Explain tides. Your answer must be exactly 3 bullet points with the format below:\n"
            "* First point",
            [("bullet_count", "exactly", 3)],
        ),
        (
            "Describe owls for children. The description must contain exactly 2 bullet points "
            "such as:\n* Owls hoot",
            [("bullet_count", "exactly", 2)],
        ),
        (
            "Draft a flyer with at least 4 placeholders, e.g. [city].",
            [("placeholder_count", "at_least", 4)],
        ),
        (
            "List ferry routes in exactly 5 bullet points in the following form:\n* Route",
            [("bullet_count", "exactly", 5)],
        ),
    ],
)
def test_markup_example_after_the_count(prompt: str, expected: list[tuple[str, str, int]]) -> None:
    """An example of the markup after a markup count leaves it a count of the answer."""
    assert markup_counts(prompt) == expected


@pytest.mark.parametrize(
    "prompt",
    [
        # after prose units "such as" names what they are about
        'Use exactly 3 words such as: "maple".',
        "Answer in 2 sentences such as: 'It rains.'",
        # the example names content, not markup
        "Write exactly 3 bullet points such as pros and cons of the plan.",
        # given, hedged
        "The memo has 3 bullet points such as:\n* one",
        "If you can, add 2 bullet points such as:\n* one",
    ],
)
def test_markup_example_near_misses(prompt: str) -> None:
    assert not [k for k in markup_counts(prompt) if k[0] in ("bullet_count", "word_count")]
    assert not [k for k in markup_counts(prompt) if k[0] == "sentence_count"]


@pytest.mark.parametrize(
    ("prompt", "expected"),
    [
        (
            "Write a sonnet about autumn rain that contains 14 sentences.",
            # the sonnet's own 14 lines come from its form (a part of it only)
            [("line_count", "exactly", 14), ("sentence_count", "exactly", 14)],
        ),
        (
            "Compose a blog post about budget travel in Portugal with at least 600 words.",
            [("word_count", "at_least", 600)],
        ),
        (
            "Draft a short speech for a retirement party that has at most 5 paragraphs.",
            [("paragraph_count", "at_most", 5)],
        ),
        (
            "Can you write a story about a clever crow that includes fewer than 8 sentences?",
            [("sentence_count", "at_most", 7)],
        ),
    ],
)
def test_count_after_the_thing_asked_for(prompt: str, expected: list[tuple[str, str, int]]) -> None:
    assert markup_counts(prompt) == expected


@pytest.mark.parametrize(
    "prompt",
    [
        # material to process: the count is the given text's
        "Write a summary of this essay that has 500 words.",
        "Write a critique of my novel that has 90000 words.",
        "Write a reply to the following letter that has 4 paragraphs: Dear Sam, ...",
        # a condition, a negation, a hedge
        "If you write a poem that has 3 paragraphs, keep it light.",
        "Don't write a poem that has 3 paragraphs.",
        "Write a story that has 3 paragraphs if possible.",
        # a question about the constraint, not a request
        "Why would anyone write a poem that has 14 sentences?",
        # another object between: each verse's count
        "Write a song about a river with each verse that has 4 sentences.",
    ],
)
def test_count_after_the_thing_near_misses(prompt: str) -> None:
    assert not [
        k
        for k in markup_counts(prompt)
        if k[0] in ("word_count", "sentence_count", "paragraph_count")
    ]
