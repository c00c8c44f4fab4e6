"""The answer named by its own noun or as a whole: "Write a job ad headline
… Headline must be under 10 words", "Total under 250 words" — and what names
a part, something given, or one of several things instead."""

from __future__ import annotations

import pytest

from redraft.criteria import compile_checks
from redraft.criteria._answer_noun import asked_noun


def found(prompt: str) -> set[tuple[str, object, object]]:
    return {
        (c.spec.kind, getattr(c.spec, "relation", None), getattr(c.spec, "value", None))
        for c in compile_checks(prompt)
    }


@pytest.mark.parametrize(
    ("prompt", "noun"),
    [
        ("Write a job ad headline for a nurse role.", "headline"),
        ("Write alt text for this product photo: a red bag.", "text"),
        ("Draft a brief for a graphic designer about our poster.", "brief"),
        ("Please write a short thank-you note to my neighbour.", "note"),
        ("Can you compose a welcome message for new members?", "message"),
        ("Write a question I can ask my students about gravity.", "question"),
        ("Write a synopsis of my novel for agents.", "synopsis"),
        # several things, a thing and more, a part, or nothing asked: no noun
        ("Write 3 taglines for our bakery.", None),
        ("Write a headline and a paragraph about the fair.", None),
        ("Write a paragraph about rain.", None),
        ("Write something nice for my mum.", None),
        ("I need help with my essay.", None),
    ],
)
def test_the_noun_the_request_names(prompt: str, noun: str | None) -> None:
    assert asked_noun(prompt) == noun


@pytest.mark.parametrize(
    ("prompt", "expected"),
    [
        (
            "Write a job ad headline for a nurse role. Headline must be in sentence case, "
            "under 10 words, and contain the location 'Manchester'.",
            ("word_count", "at_most", 9),
        ),
        (
            "Write alt text for this product photo: a red leather handbag. Alt text should be "
            "a single sentence under 125 characters.",
            ("char_count", "at_most", 124),
        ),
        (
            "Write alt text for this product photo: a red leather handbag. Alt text should be "
            "a single sentence under 125 characters.",
            ("sentence_count", "exactly", 1),
        ),
        (
            "Write a brief for a graphic designer about our festival poster. Use the headings "
            "Goal, Audience, Must-haves. Entire brief under 150 words.",
            ("word_count", "at_most", 149),
        ),
        (
            "Write a cover letter for this job. The letter should be under 300 words.",
            ("word_count", "at_most", 299),
        ),
        ("Write a story about a fox. Total under 250 words.", ("word_count", "at_most", 249)),
        (
            "Write a newsletter item about the bake sale. The word 'cake' should appear no more "
            "than twice, and the total length must stay below 90 words.",
            ("word_count", "at_most", 89),
        ),
        ("Overall length: at most 120 words.", ("word_count", "at_most", 120)),
        (
            "Give me a slogan. And the whole thing must be in uppercase.",
            ("letter_case", None, None),
        ),
    ],
)
def test_the_answer_named_as_subject(prompt: str, expected: tuple[str, object, object]) -> None:
    assert expected in found(prompt)


@pytest.mark.parametrize(
    "prompt",
    [
        # another thing than the one asked for is the subject
        "Write a product description for my candle. The candle must be under 10 words.",
        "Write a headline for my post. My post is 900 words.",
        # a part of the answer: its own family's, not the whole's
        "Write a blog post with a headline. Each headline must be under 10 words.",
        "Write a job ad headline for a nurse role. The first headline word is under 10 letters.",
        # several things asked: each one's, not the whole's
        "Write 3 taglines for our bakery. Tagline must be under 8 words.",
        # the noun in the request itself is its object, not a subject
        "Write a headline under the photo of our team.",
        # the noun is not the subject's head: more of a noun follows
        "Create a quiz for my class. Quiz results: 12 students scored under 50 words.",
        # the total of something given
        "Summarise my notes below. Total of my notes: 900 words.",
    ],
)
def test_other_subjects_are_not_the_answer(prompt: str) -> None:
    assert not {k for k in found(prompt) if k[0] in ("word_count", "char_count")}


def test_one_per_line_is_a_layout_not_a_part() -> None:
    # the order after "one per line" is the list's, not each line's
    prompt = "List 6 major events from the 1900s, one per line, in chronological order."
    assert any(k[0] == "ordered_items" for k in found(prompt))
    # but a later part keeps a rule after the layout to the things listed
    later = "List 4 slogans, each on its own line, uppercase, then explain each one."
    assert not any(k[0] == "letter_case" for k in found(later))
