"""A count within one part (``part_count``), the parts every part family
cuts (``parts_of``: lines, numbered items, list items, headings, sections,
the title), and counts within each of the new parts (``each_count``): the
measure on answers labelled by reading, the phrasings that compile and the
near misses that must not."""

from __future__ import annotations

from typing import Any

import pytest
from pydantic import ValidationError

from redraft.criteria import CHECK_SPEC_ADAPTER, compile_checks, measure_text
from redraft.criteria._families._parts import parts_of, section_parts


def compiled(prompt: str, system: str | None = None) -> list[dict[str, Any]]:
    return [c.spec.model_dump(mode="json") for c in compile_checks(prompt, system=system)]


def nth(part: str, index: int, units: str, relation: str, value: int) -> dict[str, Any]:
    return {
        "kind": "part_count",
        "part": part,
        "index": index,
        "units": units,
        "relation": relation,
        "value": value,
    }


def each(part: str, units: str, relation: str, value: int) -> dict[str, Any]:
    if units == "words":
        return {"kind": "each_word_count", "part": part, "relation": relation, "value": value}
    return {
        "kind": "each_count",
        "part": part,
        "units": units,
        "relation": relation,
        "value": value,
    }


def spec(**fields: Any) -> Any:
    return CHECK_SPEC_ADAPTER.validate_python({"kind": "part_count", **fields})


# -- the cuts -------------------------------------------------------------------------------

_DOC = """# Packing list

Some words before the first section.

## Clothing
- [ ] Rain jacket
- Warm socks

## Gear
1. Tent poles and pegs
2) Stove
   with a spare canister
"""


def test_lines_are_the_non_empty_lines_stripped() -> None:
    assert parts_of("  one  \n\n two\n   \nthree", "line") == ["one", "two", "three"]


def test_numbered_items_are_the_numbered_lines_without_their_marker() -> None:
    assert parts_of(_DOC, "numbered") == ["Tent poles and pegs", "Stove"]


def test_list_items_are_bullets_and_numbered_items_in_order() -> None:
    assert parts_of(_DOC, "item") == ["Rain jacket", "Warm socks", "Tent poles and pegs", "Stove"]


def test_a_checkbox_is_no_part_of_its_bullet() -> None:
    assert parts_of("- [ ] Pack boxes\n- [x] Book van", "bullet") == ["Pack boxes", "Book van"]


def test_markdown_headings_and_the_sections_under_them() -> None:
    assert parts_of(_DOC, "heading") == ["Packing list", "Clothing", "Gear"]
    sections = section_parts(_DOC)
    assert [head for head, _ in sections] == ["Packing list", "Clothing", "Gear"]
    assert sections[1][1] == "- [ ] Rain jacket\n- Warm socks"


def test_label_lines_are_headings_where_no_markdown_heading_is() -> None:
    text = "Section 1: Basics\nA sentence.\n\nSection 2\nAnother one.\nAnd more."
    assert parts_of(text, "heading") == ["Section 1: Basics", "Section 2"]
    assert parts_of(text, "section") == ["A sentence.", "Another one.\nAnd more."]


def test_bold_lines_are_headings_where_nothing_else_is() -> None:
    text = "**Pros**\n- cheap\n- fast\n**Cons:**\n- loud"
    assert parts_of(text, "heading") == ["Pros", "Cons:"]
    assert parts_of(text, "section") == ["- cheap\n- fast", "- loud"]


def test_an_answer_without_headings_has_no_sections() -> None:
    assert parts_of("Just a paragraph.\n\nAnd another.", "section") == []


@pytest.mark.parametrize(
    ("answer", "title"),
    [
        ("# The Quiet Tide\n\nBody.", "The Quiet Tide"),
        ("**Why Tea Matters**\nBody.", "Why Tea Matters"),
        ("Title: A Short Walk\n\nBody.", "A Short Walk"),
        ("\n\nPlain first line\nsecond", "Plain first line"),
    ],
)
def test_the_title_is_the_first_line_without_its_marks(answer: str, title: str) -> None:
    assert parts_of(answer, "title") == [title]


# -- the spec and its measure -----------------------------------------------------------


def test_a_part_count_needs_an_index_and_a_unit_the_part_holds() -> None:
    with pytest.raises(ValidationError):
        spec(part="paragraph", index=0, relation="at_most", value=5)
    with pytest.raises(ValidationError):
        spec(part="title", index=2, relation="at_most", value=5)
    with pytest.raises(ValidationError):
        spec(part="sentence", index=1, units="sentences", relation="exactly", value=1)
    with pytest.raises(ValidationError):
        spec(part="line", index=-2, relation="exactly", value=1)
    ok = spec(part="section", index=-1, units="bullets", relation="exactly", value=3)
    assert ok.describe() == "the last section has exactly 3 bullet points"


# Answers labelled by reading: (answer, spec fields, passes).
_LABELLED = [
    ("One two three four.\n\nFive six.", dict(part="paragraph", index=1, value=4), True),
    ("One two three four five.\n\nSix.", dict(part="paragraph", index=1, value=4), False),
    (
        "Short one.\n\nThis last paragraph is long.",
        dict(part="paragraph", index=-1, value=4),
        False,
    ),
    ("A. B c.\n\nD e f.", dict(part="paragraph", index=2, value=3), True),
    ("Tide Song\nline two here", dict(part="title", index=1, value=2), True),
    ("# A Very Long Title Indeed Here\nbody", dict(part="title", index=1, value=4), False),
    ("Hi there.\nBye now, friend!", dict(part="line", index=2, units="characters", value=16), True),
    (
        "Hi there.\nBye now, my friend!",
        dict(part="line", index=2, units="characters", value=16),
        False,
    ),
    ("It rains. It pours. It stops.", dict(part="sentence", index=2, value=2), True),
    ("It rains. It really pours. It stops.", dict(part="sentence", index=2, value=2), False),
    ("1. Plan the route\n2. Pack", dict(part="numbered", index=1, value=3), True),
    ("1. Plan the whole route\n2. Pack", dict(part="numbered", index=1, value=3), False),
    ("Only one paragraph here.", dict(part="paragraph", index=2, value=9), False),
    ("", dict(part="title", index=1, value=9), False),
]
# Exact counts of units other than words, labelled the same way.
_LABELLED_EXACT = [
    ("## A\n- x\n- y\n## B\n- z", dict(part="section", index=1, units="bullets", value=2), True),
    ("## A\n- x\n## B\n- z", dict(part="section", index=1, units="bullets", value=2), False),
    ("First. Second.\n\nThird.", dict(part="paragraph", index=1, units="sentences", value=2), True),
    (
        "First.\n\nSecond. Third.",
        dict(part="paragraph", index=1, units="sentences", value=2),
        False,
    ),
    ("Line a\nLine b\n\nLine c", dict(part="paragraph", index=1, units="lines", value=2), True),
    ("Intro\n## S\nOne.\n\nTwo.", dict(part="section", index=1, units="paragraphs", value=2), True),
    ("Intro\n## S\nOne. Two.", dict(part="section", index=1, units="paragraphs", value=2), False),
]


@pytest.mark.parametrize(("answer", "fields", "passes"), _LABELLED)
def test_an_upper_bound_agrees_with_reading(
    answer: str, fields: dict[str, Any], passes: bool
) -> None:
    assert measure_text(spec(relation="at_most", **fields), answer).passed is passes


@pytest.mark.parametrize(("answer", "fields", "passes"), _LABELLED_EXACT)
def test_an_exact_count_agrees_with_reading(
    answer: str, fields: dict[str, Any], passes: bool
) -> None:
    assert measure_text(spec(relation="exactly", **fields), answer).passed is passes


def test_the_correction_names_the_part_and_the_measured_count() -> None:
    check = spec(part="paragraph", index=1, relation="at_most", value=4)
    outcome = measure_text(check, "One two three four five six.\n\nShort.")
    assert not outcome.passed
    assert outcome.suggestion is not None
    assert "the 1st paragraph" in outcome.suggestion
    assert "has 6 words" in outcome.suggestion
    assert "the limit is 4" in outcome.suggestion
    assert "Cut at least 2 words" in outcome.suggestion
    assert outcome.data["measured"] == 6


def test_a_missing_part_is_required_and_the_correction_says_so() -> None:
    check = spec(part="paragraph", index=2, units="sentences", relation="exactly", value=3)
    outcome = measure_text(check, "A single line answer.")
    assert not outcome.passed
    assert outcome.suggestion is not None
    assert "no 2nd paragraph" in outcome.suggestion
    assert "has 1 paragraph" in outcome.suggestion


def test_each_count_over_a_section_counts_its_bullets() -> None:
    check = CHECK_SPEC_ADAPTER.validate_python(
        each("section", "bullets", "exactly", 2) | {"kind": "each_count"}
    )
    assert measure_text(check, "## A\n- x\n- y\n## B\n- z\n- w").passed
    failed = measure_text(check, "## A\n- x\n- y\n## B\n- z")
    assert not failed.passed
    assert failed.suggestion is not None and "bullet points" in failed.suggestion
    assert not measure_text(check, "- x\n- y").passed  # no sections at all


# -- phrasings: the nth part ------------------------------------------------------------


@pytest.mark.parametrize(
    ("prompt", "expected"),
    [
        # the first paragraph's words, said four ways
        ("Keep the first paragraph under 50 words.", [nth("paragraph", 1, "words", "at_most", 49)]),
        (
            "Write about tides; the opening paragraph should be no longer than 50 words.",
            [nth("paragraph", 1, "words", "at_most", 50)],
        ),
        (
            "Please write an essay, with no more than forty words in the first paragraph.",
            [nth("paragraph", 1, "words", "at_most", 40)],
        ),
        (
            "The first paragraph must not exceed 60 words.",
            [nth("paragraph", 1, "words", "at_most", 60)],
        ),
        # the title
        (
            "Write a blog post about tea. The title must be at most 8 words.",
            [nth("title", 1, "words", "at_most", 8)],
        ),
        ("Title: max 8 words.", [nth("title", 1, "words", "at_most", 8)]),
        ("Give it a title under eight words.", [nth("title", 1, "words", "at_most", 7)]),
        (
            "Write an essay with a title of 6 words or fewer.",
            [nth("title", 1, "words", "at_most", 6)],
        ),
        ("Headline: no more than 60 characters.", [nth("title", 1, "characters", "at_most", 60)]),
        # the last line, numbered parts, a polite request
        (
            "Give me a short poem; the last line under 60 characters.",
            [nth("line", -1, "characters", "at_most", 59)],
        ),
        (
            "Write a newsletter. The closing line should be no longer than 60 characters.",
            [nth("line", -1, "characters", "at_most", 60)],
        ),
        (
            "Describe autumn in two paragraphs. Paragraph 2 should have exactly 3 sentences.",
            [
                {"kind": "paragraph_count", "relation": "exactly", "value": 2},
                nth("paragraph", 2, "sentences", "exactly", 3),
            ],
        ),
        (
            "Could you keep the opening paragraph to three sentences please?",
            [nth("paragraph", 1, "sentences", "at_most", 3)],
        ),
        (
            "Make sure your 3rd sentence has at most 9 words.",
            [nth("sentence", 3, "words", "at_most", 9)],
        ),
        (
            "the second section: between 2 and 4 bullet points",
            [
                nth("section", 2, "bullets", "at_least", 2),
                nth("section", 2, "bullets", "at_most", 4),
            ],
        ),
        (
            "Limit the concluding paragraph to 2 sentences.",
            [nth("paragraph", -1, "sentences", "at_most", 2)],
        ),
        (
            "line 3 needs to be at least 5 words",
            [nth("line", 3, "words", "at_least", 5)],
        ),
        # the part named first, then what it is, then its count
        (
            "Two lines: the answer first, then line 2: an explanation under 20 words.",
            [nth("line", 2, "words", "at_most", 19)],
        ),
        (
            "The last line — a question of at most 12 words.",
            [nth("line", -1, "words", "at_most", 12)],
        ),
        (
            "In the first paragraph, use no more than 40 words.",
            [nth("paragraph", 1, "words", "at_most", 40)],
        ),
        ("In line 2, keep it to 10 words.", [nth("line", 2, "words", "at_most", 10)]),
        # terse, parenthetical, "make", "to be", "short, …", "a question of …"
        ("First paragraph: 3 sentences max.", [nth("paragraph", 1, "sentences", "at_most", 3)]),
        (
            "Write a poem. First line 5 words, second line 7 words.",
            [nth("line", 1, "words", "exactly", 5), nth("line", 2, "words", "exactly", 7)],
        ),
        (
            "Give the post a catchy title (max 6 words).",
            [nth("title", 1, "words", "at_most", 6)],
        ),
        ("Make the headline 8 words or fewer.", [nth("title", 1, "words", "at_most", 8)]),
        ("Make the first sentence exactly 5 words.", [nth("sentence", 1, "words", "exactly", 5)]),
        (
            "I'd like the first line to be under 40 characters.",
            [nth("line", 1, "characters", "at_most", 39)],
        ),
        (
            "Keep the title short — no more than 6 words.",
            [nth("title", 1, "words", "at_most", 6)],
        ),
        (
            "The final sentence must be a question of no more than 10 words.",
            # the question is the answer's ending, read by the phrase families
            [nth("sentence", -1, "words", "at_most", 10), {"kind": "ends_with", "phrase": "?"}],
        ),
        (
            "The first item on the list should be under 5 words.",
            [nth("item", 1, "words", "at_most", 4)],
        ),
        (
            "Use exactly three bullet points in the second section.",
            [nth("section", 2, "bullets", "exactly", 3)],
        ),
        # a terse list: the part opens its clause, names what it holds, then its count
        (
            "Answer: first line the corrected sentence, second line explanation under 25 words.",
            # the lines named in order after the colon are the answer's lines
            [
                {"kind": "line_count", "relation": "exactly", "value": 2},
                nth("line", 2, "words", "at_most", 24),
            ],
        ),
        (
            "Reply in two lines: line 1 the verdict, line 2 a reason of at most 15 words.",
            [
                {"kind": "line_count", "relation": "exactly", "value": 2},
                nth("line", 2, "words", "at_most", 15),
            ],
        ),
        # compounds
        ("Write an essay with an 8-word title.", [nth("title", 1, "words", "exactly", 8)]),
        (
            "Start with a two-sentence opening paragraph, then list the steps.",
            [nth("paragraph", 1, "sentences", "exactly", 2)],
        ),
        (
            "Begin with an opening paragraph of at most 3 sentences.",
            [nth("paragraph", 1, "sentences", "at_most", 3)],
        ),
        (
            "The first paragraph should be a single sentence.",
            [nth("paragraph", 1, "sentences", "exactly", 1)],
        ),
        # an email's subject line is its title
        (
            "Write an email to my landlord. The subject line must be under 60 characters.",
            [nth("title", 1, "characters", "at_most", 59)],
        ),
    ],
)
def test_a_count_of_one_part_compiles(prompt: str, expected: list[dict[str, Any]]) -> None:
    got = compiled(prompt)
    for want in expected:
        assert any(want.items() <= g.items() for g in got), (want, got)
    assert len(got) == len(expected), got


@pytest.mark.parametrize(
    ("prompt", "expected"),
    [
        (
            "Describe fog. Two paragraphs: the first exactly 2 sentences, the second exactly 4.",
            [
                nth("paragraph", 1, "sentences", "exactly", 2),
                nth("paragraph", 2, "sentences", "exactly", 4),
            ],
        ),
        (
            "Write four sentences about Venus. The first must have 6 words, the second 8, "
            "the third 12, the last 20.",
            [
                nth("sentence", 1, "words", "exactly", 6),
                nth("sentence", 2, "words", "exactly", 8),
                nth("sentence", 3, "words", "exactly", 12),
                nth("sentence", -1, "words", "exactly", 20),
            ],
        ),
        (
            "The first paragraph should have 3 sentences, the second 4, and the last 2.",
            [
                nth("paragraph", 1, "sentences", "exactly", 3),
                nth("paragraph", 2, "sentences", "exactly", 4),
                nth("paragraph", -1, "sentences", "exactly", 2),
            ],
        ),
        (
            "Keep the opening line under 8 words; the second, under 12 words.",
            [nth("line", 1, "words", "at_most", 7), nth("line", 2, "words", "at_most", 11)],
        ),
        (
            "Give me 3 lines: the first one at most 4 words, the second at most 6 words.",
            [nth("line", 1, "words", "at_most", 4), nth("line", 2, "words", "at_most", 6)],
        ),
    ],
)
def test_parts_named_once_then_counted_in_turn(prompt: str, expected: list[dict[str, Any]]) -> None:
    got = [g for g in compiled(prompt) if g["kind"] == "part_count"]
    assert len(got) == len(expected), got
    for want in expected:
        assert any(want.items() <= g.items() for g in got), (want, got)


@pytest.mark.parametrize(
    "prompt",
    [
        # described, not asked for
        "The first paragraph of my essay has 120 words. Can you shorten it?",
        "Here is my draft. The first line of the poem below is 12 words long.",
        "The first paragraph has 80 words.",
        # a question about the rule, hedged, negated, hypothetical
        "Should the first paragraph be under 50 words?",
        "If you can, keep the first paragraph under 50 words.",
        "Don't keep the first paragraph under 50 words.",
        "Ideally the title would be under 8 words, but it's up to you.",
        # every part, not one ("each line 2 to 3 words" is line_length's)
        "Keep each line 2 to 3 words.",
        # a count of some words of the part only
        "The first line should contain 3 words from the list.",
        # no part named plainly, one part of every part
        "Put the answer in first paragraph 3 times.",
        "In the first line of every stanza, use at most 6 words.",
        # terse, but described, or no part opening a clause
        "Then, second paragraph has 4 sentences.",
        "Tell me about the first line of defense against 3 germs.",
        "I liked the first paragraph very much and 3 sentences of the second.",
        # a selection of given text, not a count
        "Repeat only the first two sentences in the second paragraph of my note.",
        "Copy the last three words in the final line, nothing else.",
        # a rough size ("in 50 words"), a size no one counts to, a part to write
        "Paragraph 1: explain it in 50 words.",
        "Write a 300-word first section.",
        "Write an opening paragraph of at most 3 sentences.",
        "Write a story about this 3-sentence opening paragraph.",
        # parts of given material
        "Count the words in the first paragraph of the text below.",
        # the elided list names no parts
        "Pick two fruits: the first at most 5 letters.",
        "Write a story. The first must have 5 words.",
        "Pick two fruits, the first with 5 letters, the second with 6.",
    ],
)
def test_near_misses_compile_no_part_count(prompt: str) -> None:
    assert not [g for g in compiled(prompt) if g["kind"] == "part_count"]


def test_a_count_of_one_part_is_no_count_of_the_whole() -> None:
    for prompt in (
        "Make sure your 3rd sentence has at most 9 words.",
        "Keep the first paragraph under 50 words.",
        "Write an essay with a title of at most 5 words.",
        "In the first paragraph, use no more than 40 words.",
        "Begin with an opening paragraph of at most 3 sentences.",
        "In the first line of every stanza, use at most 6 words.",
    ):
        whole = [g for g in compiled(prompt) if g["kind"] in ("word_count", "sentence_count")]
        assert not whole, prompt


def test_a_system_prompt_count_of_one_part_compiles() -> None:
    system = "You write commit messages. The first line must be at most 50 characters."
    got = compiled("I fixed the login bug.", system=system)
    assert nth("line", 1, "characters", "at_most", 50).items() <= got[0].items()


# -- phrasings: every part of the new kinds ---------------------------------------------


@pytest.mark.parametrize(
    ("prompt", "expected"),
    [
        (
            "Each numbered item should be under 15 words.",
            [each("numbered", "words", "at_most", 14)],
        ),
        ("Keep every list item to at most 12 words.", [each("item", "words", "at_most", 12)]),
        ("keep each item under 10 words pls", [each("item", "words", "at_most", 9)]),
        (
            "Give every section 2 to 4 bullet points.",
            [each("section", "bullets", "at_least", 2), each("section", "bullets", "at_most", 4)],
        ),
        ("Put 3 bullets under each heading.", [each("section", "bullets", "exactly", 3)]),
        ("Use at most five bullet points per section.", [each("section", "bullets", "at_most", 5)]),
        (
            "Each section must have exactly 2 paragraphs.",
            [each("section", "paragraphs", "exactly", 2)],
        ),
        ("Keep each heading under 6 words.", [each("heading", "words", "at_most", 5)]),
        (
            "No numbered item may have more than 15 words.",
            [each("numbered", "words", "at_most", 15)],
        ),
        (
            "List pros and cons: a 'Pros' section and a 'Cons' section, 3 bullets in each.",
            [each("section", "bullets", "exactly", 3)],
        ),
        (
            "A wedding to-do list: 3 sections (Before, Day Of, After), each with between 2 and "
            "5 checkbox items.",
            [each("section", "bullets", "at_least", 2), each("section", "bullets", "at_most", 5)],
        ),
        (
            "Write two paragraphs with four sentences in each.",
            [each("paragraph", "sentences", "exactly", 4)],
        ),
    ],
)
def test_a_count_within_each_new_part_compiles(prompt: str, expected: list[dict[str, Any]]) -> None:
    got = compiled(prompt)
    for want in expected:
        assert any(want.items() <= g.items() for g in got), (want, got)


@pytest.mark.parametrize(
    "prompt",
    [
        "Write 2 paragraphs about 3 cities, 2 sentences for each.",
        "My sections currently have 3 bullets per section.",
        "Should each section have 3 bullet points?",
        "If possible, put 3 bullets under each heading.",
        "The first sentence of each paragraph should be under 10 words.",
    ],
)
def test_near_misses_compile_no_count_within_each_new_part(prompt: str) -> None:
    got = [g for g in compiled(prompt) if g["kind"] in ("each_count", "each_word_count")]
    assert not [g for g in got if g["part"] in ("section", "item", "numbered", "heading")], got
    assert not [g for g in got if g["part"] == "paragraph"], got
