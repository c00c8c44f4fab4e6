"""A count of another piece than the answer compiles no count of the whole
answer: a piece added to it ("End with a call to action of no more than 12
words"), a piece the answer talks about ("advice on writing a 6-line poem"),
a rule the answer states of something else ("explain why passwords should
have at least 12 characters") and one of two pieces offered ("a haiku or a
5-line poem"). The piece asked itself is still sized."""

from __future__ import annotations

import pytest

from redraft.criteria import compile_checks

_WHOLE = (
    "word_count",
    "sentence_count",
    "paragraph_count",
    "line_count",
    "char_count",
    "bullet_count",
    "numbered_count",
    "item_count",
)


def whole_counts(prompt: str) -> set[tuple[str, str, int]]:
    return {
        (c.spec.kind_name(), getattr(c.spec, "relation", ""), getattr(c.spec, "value", -1))
        for c in compile_checks(prompt)
        if c.spec.kind_name() in _WHOLE
    }


@pytest.mark.parametrize(
    "prompt",
    [
        # a piece added to the answer
        "Write a blog post about our new rye loaf. End with a call to action of no more than 12 "
        "words.",
        "Write a product description for the sourdough. Finish with a tagline of no more than 7 "
        "words.",
        "Write a fable about a bakery cat, and give it a moral of no more than 8 words.",
        "Write a long post about the football academy, with a P.S. of one sentence.",
        "Write a feature on the choir's tour with a standfirst of 30 words or fewer under the "
        "headline.",
        "Write a warehouse safety memo. Give it a one-line summary at the top of 12 words or "
        "fewer.",
        "Make a table of the stock levels and, under the table, a summary of two sentences.",
        "Create a chart description for the attendance figures and a caption of 15 words max.",
        # a piece the answer talks about
        "Describe the format of a 14-line sonnet.",
        "Give advice on writing a 6-line poem for a choir concert.",
        "Write a rubric for grading a 5-paragraph essay about warehouses.",
        "Write a brief for a designer requesting a 4-line poem for the shop window.",
        "Write an assignment sheet asking pupils for a 3-paragraph report on the museum.",
        "Explain how to write a 300-word cover letter.",
        # a rule the answer states of something else
        "Write a blog post about passwords; explain why they should have at least 12 characters.",
        "Write a notice saying that contest entries must be under 500 words.",
        # one of two pieces offered
        "Give me a haiku or a 5-line poem about bread, whichever you prefer.",
        "Write the reminder as 1 sentence or as 3 bullet points, your call.",
        "Write either a haiku or a 4-line poem about the choir.",
        "Write a 2-sentence reply or just a thumbs-up message, whichever sounds better.",
        "Write a 2-sentence reply, or even a single line, for the tenant.",
    ],
)
def test_count_of_another_piece_compiles_no_whole_count(prompt: str) -> None:
    assert whole_counts(prompt) == set()


@pytest.mark.parametrize(
    ("prompt", "expected"),
    [
        # the piece asked is the answer
        ("Reply with a sentence of at most 10 words.", ("word_count", "at_most", 10)),
        ("Write a poem with a total of 12 lines.", ("line_count", "exactly", 12)),
        ("Write an essay with a minimum of 500 words.", ("word_count", "at_least", 500)),
        ("Respond with a message of no more than 50 words.", ("word_count", "at_most", 50)),
        ("Give me a one-line summary of the match.", ("line_count", "exactly", 1)),
        ("Give me a 2-sentence answer about flour.", ("sentence_count", "exactly", 2)),
        # "or" between topics, not pieces; a range is no choice of pieces
        ("Write a 4-line poem about a cat or a dog.", ("line_count", "exactly", 4)),
        ("Write a 4-line poem about a cat or just a dog.", ("line_count", "exactly", 4)),
        ("Answer in 3 sentences or fewer.", ("sentence_count", "at_most", 3)),
        # explaining in a size is the answer's size
        ("Explain why dogs bark in under 50 words.", ("word_count", "at_most", 49)),
        (
            "Explain how vaccines work; you must use at most 3 sentences.",
            ("sentence_count", "at_most", 3),
        ),
    ],
)
def test_piece_asked_is_still_sized(prompt: str, expected: tuple[str, str, int]) -> None:
    assert expected in whole_counts(prompt)


@pytest.mark.parametrize(
    ("prompt", "expected"),
    [
        (
            "Write a story that is 500 words or longer about a lost dog.",
            ("word_count", "at_least", 500),
        ),
        ("Describe the bakery in 40 words or shorter.", ("word_count", "at_most", 40)),
        ("Write a story, 3 paragraphs or longer.", ("paragraph_count", "at_least", 3)),
    ],
)
def test_or_longer_and_or_shorter_bound_the_count(
    prompt: str, expected: tuple[str, str, int]
) -> None:
    assert expected in whole_counts(prompt)


@pytest.mark.parametrize(
    "prompt",
    [
        "If the story is 500 words or longer, add a summary at the top.",
        "The essay can be 500 words or longer; write the intro only.",
        "Stories of 500 words or longer win prizes. Write a poem about winning.",
    ],
)
def test_or_longer_in_a_condition_or_a_description_compiles_nothing(prompt: str) -> None:
    assert not {k for k in whole_counts(prompt) if k[2] == 500}


def part_counts(prompt: str) -> set[tuple[str, int, str, str, int]]:
    return {
        (
            getattr(c.spec, "part", ""),
            getattr(c.spec, "index", 0),
            getattr(c.spec, "units", ""),
            getattr(c.spec, "relation", ""),
            getattr(c.spec, "value", -1),
        )
        for c in compile_checks(prompt)
        if c.spec.kind_name() == "part_count"
    }


@pytest.mark.parametrize(
    "prompt",
    [
        "Write a story for the school magazine, and suggest a title under 6 words at the end.",
        "Write a poem about the bakery. Put a title of at most 5 words below it.",
        "Write the choir's report and a headline of 8 words or fewer underneath.",
    ],
)
def test_title_placed_after_the_text_is_no_first_line_count(prompt: str) -> None:
    assert not {c for c in part_counts(prompt) if c[0] == "title"}


@pytest.mark.parametrize(
    ("prompt", "expected"),
    [
        ("Write a story with a title under 6 words.", ("title", 1, "words", "at_most", 5)),
        (
            "Write a poem with a 4-word title and a moral at the end.",
            ("title", 1, "words", "exactly", 4),
        ),
        (
            "Write a speech with a title of 3 words, then thank the choir at the end.",
            ("title", 1, "words", "exactly", 3),
        ),
    ],
)
def test_title_with_something_else_at_the_end_is_still_counted(
    prompt: str, expected: tuple[str, int, str, str, int]
) -> None:
    assert expected in part_counts(prompt)
