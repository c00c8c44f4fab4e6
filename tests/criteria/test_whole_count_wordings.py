"""Counts of the whole answer read from wordings the count grammar used to
miss or misread: a range written with a spaced dash ("3 - 4 sentences"), a
negated count with no relation ("don't write 3 sentences"), a word size a
making verb sets ("Write a 150-word news brief"), and paragraphs counted after
a title line; each beside near misses that must compile nothing (or
something else), and the title-less count measured on hand-labelled answers."""

from __future__ import annotations

import pytest

from redraft.criteria import compile_checks, measure_text
from redraft.criteria._families._prose import ParagraphCount


def counts(prompt: str) -> list[tuple[str, str, int]]:
    return [
        (c.spec.kind_name(), getattr(c.spec, "relation", ""), getattr(c.spec, "value", -1))
        for c in compile_checks(prompt)
        if c.spec.kind_name() in ("word_count", "paragraph_count", "sentence_count")
    ]


# -- a spaced dash between two numbers is a range, not a cut between items ----------------


@pytest.mark.parametrize(
    "prompt",
    [
        "Each sentence under 18 words, and 3 – 4 sentences total.",
        "Write about cats. Every sentence under 18 words, and three – four sentences total.",
        "Describe the harbour at dawn — 3 - 4 sentences, no adjectives ending in -ly.",
    ],
)
def test_a_spaced_dash_range_stays_a_range(prompt: str) -> None:
    assert [c for c in counts(prompt) if c[0] == "sentence_count"] == [
        ("sentence_count", "at_least", 3),
        ("sentence_count", "at_most", 4),
    ]


def test_a_spaced_dash_between_words_still_cuts_items() -> None:
    # the dash opens an item of its own: the count after it stands alone
    assert counts("Describe the harbour at dawn — 4 sentences — no adverbs.") == [
        ("sentence_count", "exactly", 4)
    ]


# -- a negated count bounds nothing unless its verb is the excess itself -------------------


@pytest.mark.parametrize(
    ("prompt", "expected"),
    [
        ("Don't exceed 3 sentences.", [("sentence_count", "at_most", 3)]),
        ("Do not go over 100 words.", [("word_count", "at_most", 100)]),
        ("Don't write more than 3 sentences.", [("sentence_count", "at_most", 3)]),
        ("Never write fewer than 2 paragraphs.", [("paragraph_count", "at_least", 2)]),
    ],
)
def test_a_negated_excess_is_a_bound(prompt: str, expected: list[tuple[str, str, int]]) -> None:
    assert counts(prompt) == expected


@pytest.mark.parametrize(
    "prompt",
    [
        "Don't write 3 sentences, just one.",
        "Never use 3 paragraphs.",
        "Do not give me 50 words of filler.",
    ],
)
def test_a_negated_count_without_a_relation_bounds_nothing(prompt: str) -> None:
    assert [c for c in counts(prompt) if c[1] == "at_most" and c[2] > 1] == []


# -- a word size that a making verb sets is counted to the word ---------------------------


@pytest.mark.parametrize(
    ("prompt", "value"),
    [
        ("Write a 150-word news brief about the council approving a new cycle lane.", 150),
        ("Please write a 200-word story about a fox who learns to swim.", 200),
        ("Could you write me a 120-word toast for my sister's wedding?", 120),
        ("Plain-English exercise: write a 100-word paragraph about why people drink coffee.", 100),
        ("Compose a 75-word blurb on the new library opening hours.", 75),
        ("60-word product blurb for a standing desk.", 60),
        ("A 90-word bio for a jazz drummer, third person.", 90),
    ],
)
def test_a_word_size_the_request_sets_is_exact(prompt: str, value: int) -> None:
    assert counts(prompt) == [("word_count", "exactly", value)]


@pytest.mark.parametrize(
    "prompt",
    [
        # the user's own task, a question about one, a hypothetical
        "I have to write a 250-word reflection on my internship. What could I reflect on?",
        "Is 'Write a 500-word essay on democracy' a good prompt for students?",
        "Suppose a journal asked for a 250-word abstract — would going over be acceptable?",
        "Should I write a 300-word cover letter or a longer one?",
        # hedged or negated
        "Ideally, write a 150-word news brief about the fair.",
        "Don't write a 300-word essay, just a paragraph.",
        # a second part beside the sized one; a form talked about
        "Write a 150-word summary, then list three questions about it.",
        "Write a 300-word essay structure guide for my class.",
        # a title adds words an exact count may or may not include
        "Write a 150-word bio. Title it <<Bio>>.",
        # the prompt opens with things described, not asked
        "60-word blurbs for desks are hard to write well.",
        "My 60-word blurb for the desk is below; shorten it.",
    ],
)
def test_a_word_size_said_in_passing_is_no_count(prompt: str) -> None:
    assert [c for c in counts(prompt) if c[0] == "word_count" and c[1] == "exactly"] == []


# -- paragraphs counted after a title line ------------------------------------------------


def _after_title(prompt: str) -> list[tuple[str, int, bool]]:
    return [
        (c.spec.relation, c.spec.value, c.spec.after_title)
        for c in compile_checks(prompt)
        if isinstance(c.spec, ParagraphCount)
    ]


@pytest.mark.parametrize(
    ("prompt", "expected"),
    [
        (
            "Write a short essay (4 paragraphs) on the history of the bicycle. Give it a "
            "title wrapped in double angular brackets, like <<title>>.",
            [("exactly", 4, True)],
        ),
        (
            "Please respond with a title in the format # Title, then exactly two paragraphs "
            "about urban gardening.",
            [("exactly", 2, True)],
        ),
        ("Start with a title, then write 3 paragraphs about owls.", [("exactly", 3, True)]),
        ("Give it a bold title and then 3 paragraphs about owls.", [("exactly", 3, True)]),
        ("Big title in italics, then 3 paragraphs on compost.", [("exactly", 3, True)]),
        ("No more than 4 paragraphs about tides. Add a headline.", [("at_most", 4, True)]),
        # a floor holds with the title counted or not: the whole answer's
        ("At least 3 paragraphs about tides, with a headline.", [("at_least", 3, False)]),
    ],
)
def test_paragraphs_beside_a_title_are_counted_after_it(
    prompt: str, expected: list[tuple[str, int, bool]]
) -> None:
    assert _after_title(prompt) == expected


@pytest.mark.parametrize(
    "prompt",
    [
        # the title placed after the text, or headings within it
        "Three paragraphs, then a one-line heading.",
        "Exactly 3 paragraphs with the headline at the bottom.",
        "Write 3 paragraphs with a title and subheadings.",
        "A title and three sections, exactly 5 paragraphs.",
        # a second part before the paragraphs, or someone else's title
        "Write a title and a summary, then 3 paragraphs about owls.",
        "Read the title, then write 3 paragraphs.",
        "My essay has a title, then 3 paragraphs.",
        # a note beside the paragraphs is a block of its own
        "Start with a title, then write 3 paragraphs about owls and end with a P.S.",
    ],
)
def test_no_count_after_a_title_where_the_title_is_not_first_alone(prompt: str) -> None:
    assert [c for c in _after_title(prompt) if c[0] != "at_least"] == []


def test_a_refused_title_keeps_the_whole_answer_count() -> None:
    assert _after_title("Exactly four paragraphs, and no title please.") == [("exactly", 4, False)]


def test_the_whole_answer_count_dumps_as_before() -> None:
    spec = ParagraphCount(relation="exactly", value=3)
    assert "after_title" not in spec.model_dump()
    assert ParagraphCount(relation="exactly", value=3, after_title=True).model_dump()["after_title"]


TWO_AFTER_TITLE = ParagraphCount(relation="exactly", value=2, after_title=True)


@pytest.mark.parametrize(
    ("answer", "passes"),
    [
        ("<<Rain>>\n\nFirst paragraph.\n\nSecond paragraph.", True),
        ("# Rain\n\nFirst paragraph.\n\nSecond paragraph.", True),
        ("**Rain**\nFirst paragraph.\n\nSecond paragraph.", True),  # title on the block's line
        ("Rain\n\n\nFirst paragraph.\n\n\nSecond paragraph.\n", True),
        ("  <<Rain>>  \n\nOne.\nStill one.\n\nTwo.", True),
        ("<<Rain>>\n\nOnly one paragraph here.", False),
        ("<<Rain>>\n\nOne.\n\nTwo.\n\nThree.", False),
        ("<<Rain>>", False),
        ("", False),
        # no title: the first line is dropped, whatever it is
        ("First paragraph.\n\nSecond paragraph.", False),
        ("First line of one.\nSecond line of one.\n\nTwo.", True),
        ("<<Rain>>\n\nOne.\n\n***\n\nTwo.", True),  # a block with no letter is no paragraph
    ],
)
def test_paragraphs_after_the_title_on_labelled_answers(answer: str, passes: bool) -> None:
    assert measure_text(TWO_AFTER_TITLE, answer).passed is passes


@pytest.mark.parametrize(
    ("answer", "passes"),
    [
        ("<<Rain>>\n\nOne.\n\nTwo.\n\nThree.", True),
        ("<<Rain>>\n\nOne.", True),
        ("<<Rain>>\n\nOne.\n\nTwo.\n\nThree.\n\nFour.", False),
        ("One.\n\nTwo.\n\nThree.\n\nFour.", True),  # the first block is taken as the title
    ],
)
def test_at_most_after_the_title_on_labelled_answers(answer: str, passes: bool) -> None:
    spec = ParagraphCount(relation="at_most", value=3, after_title=True)
    assert measure_text(spec, answer).passed is passes


# -- a label naming the kind of thing written heads the answer's requirements -------------


@pytest.mark.parametrize(
    ("prompt", "expected"),
    [
        (
            "Stories: 5 paragraphs, each paragraph exactly 3 sentences, no sentence over 10 words.",
            [("paragraph_count", "exactly", 5)],
        ),
        (
            "Synopses: exactly 3 sentences, present tense, under 75 words in total.",
            [("sentence_count", "exactly", 3), ("word_count", "at_most", 74)],
        ),
        ("Blog posts: at most 400 words, friendly tone.", [("word_count", "at_most", 400)]),
        ("Product descriptions: 2 paragraphs.", [("paragraph_count", "exactly", 2)]),
        ("Cover letter: no more than 3 paragraphs.", [("paragraph_count", "at_most", 3)]),
    ],
)
def test_a_label_naming_the_thing_written_heads_its_counts(
    prompt: str, expected: list[tuple[str, str, int]]
) -> None:
    assert counts(prompt) == expected


@pytest.mark.parametrize(
    "prompt",
    [
        # someone's, an example, a hedge
        "My essay: 5 paragraphs, 800 words.",
        "Example story: 3 paragraphs about a dog.",
        "Emails: ideally under 100 words.",
        # the labelled thing is one of several asked for
        "Write a poem and an email. Email: at most 100 words.",
        "Write an email, a poem and a tweet. Tweet: under 40 words.",
    ],
)
def test_a_label_of_someone_elses_or_one_part_heads_no_count(prompt: str) -> None:
    assert counts(prompt) == []


def test_a_part_label_stays_the_parts_count() -> None:
    kinds = [c.spec.kind_name() for c in compile_checks("Title: 6 words max.")]
    assert kinds == ["part_count"]


# -- lines of what the lines say are the answer's lines -----------------------------------


def _lines(prompt: str) -> list[int]:
    return [
        getattr(c.spec, "value", -1)
        for c in compile_checks(prompt)
        if c.spec.kind_name() == "line_count"
    ]


@pytest.mark.parametrize(
    ("prompt", "value"),
    [
        ("Write 6 lines of dialogue for a play.", 6),
        ("Write six lines of questions about volunteering.", 6),
        ("Give me 5 lines of banter between two pirates.", 5),
    ],
)
def test_lines_of_dialogue_or_questions_are_the_answers_lines(prompt: str, value: int) -> None:
    assert _lines(prompt) == [value]


@pytest.mark.parametrize(
    "prompt",
    [
        "My script has 6 lines of dialogue; fix the grammar.",
        "Write a scene with 6 lines of dialogue and a stage direction after each.",
        "Write 6 lines of dialogue, then a narrator's closing paragraph.",
        "Ideally 6 lines of dialogue.",
        "Write 3 lines of code.",
    ],
)
def test_lines_of_dialogue_beside_other_lines_count_nothing(prompt: str) -> None:
    assert _lines(prompt) == []
