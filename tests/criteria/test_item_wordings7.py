"""Item, bullet, numbered and question counts in more request grammars: a
list form said of the list ("The list should be numbered."), numbering in
labels of its own ("numbered with Roman numerals"), questions whose "each"
follows a dash or "where", questions for someone else to ask set one to a
line, a negation after a quiz's size; with the near misses that must compile
no such count."""

from __future__ import annotations

import pytest

from redraft.criteria import compile_checks
from redraft.criteria._families._base import FamilyCount

_KINDS = {"item_count", "bullet_count", "numbered_count", "question_count", "line_count"}


def _counts(prompt: str) -> list[tuple[str, str, int]]:
    return [
        (c.spec.kind, c.spec.relation, c.spec.value)
        for c in compile_checks(prompt)
        if isinstance(c.spec, FamilyCount) and c.spec.kind in _KINDS
    ]


def _modes(prompt: str) -> list[str]:
    return [
        str(c.spec.model_dump().get("mode", "sentences"))
        for c in compile_checks(prompt)
        if c.spec.kind == "question_count"
    ]


@pytest.mark.parametrize(
    ("prompt", "expected"),
    [
        # the form said of the list, or of its items, with a modal of request
        ("List 6 signs a phone call is a scam. The list should be numbered.", "numbered_count"),
        ("Suggest 4 names for a bakery. They must be bulleted.", "bullet_count"),
        ("Give me 5 tips for sleeping well. The tips need to be numbered.", "numbered_count"),
        ("Name 7 rivers in Europe; your answer has to be bulleted.", "bullet_count"),
    ],
)
def test_form_said_of_the_list_counts_its_lines(prompt: str, expected: str) -> None:
    found = _counts(prompt)
    assert [kind for kind, _, _ in found] == [expected]


def test_steps_said_numbered_count_the_numbered_lines() -> None:
    prompt = (
        "Write a how-to for brewing coffee. Steps should be numbered and every step must "
        "start with a verb. No more than 6 steps."
    )
    assert _counts(prompt) == [("numbered_count", "at_most", 6)]


@pytest.mark.parametrize(
    "prompt",
    [
        # someone else's form, a form refused, one only hoped for: no form count
        "List 6 signs a phone call is a scam. My notes are numbered.",
        "List 6 signs a phone call is a scam. The list should not be numbered.",
        "Give me 5 tips. My manager says they must be bulleted.",
        # numbering in labels the numbered count does not read
        "List 6 signs a phone call is a scam. The list should be numbered with Roman numerals.",
        "Give me 4 ideas as a list numbered with letters (a), (b), (c).",
        "List 5 risks, numbered using lowercase letters.",
    ],
)
def test_no_form_count_where_the_form_is_not_the_lists(prompt: str) -> None:
    assert not [k for k, _, _ in _counts(prompt) if k in ("numbered_count", "bullet_count")]


def test_hedged_form_keeps_the_plain_item_count() -> None:
    prompt = "List 6 signs a phone call is a scam. The list should ideally be numbered."
    assert _counts(prompt) == [("item_count", "exactly", 6)]


@pytest.mark.parametrize(
    ("prompt", "value"),
    [
        # "each" after a dash, or "where each …": what each of them is
        ("Give me five questions for my journal — each ending with a question mark.", 5),
        ("Write 8 questions where each question is about a capital city.", 8),
        ("Write 4 questions — every one of them short.", 4),
        # a negation after the quiz's size is a clause of its own
        (
            "Write a geography quiz — 6 questions, each with the answer in brackets after it, "
            "no question longer than 15 words.",
            6,
        ),
    ],
)
def test_question_counts_read_past_what_each_is(prompt: str, value: int) -> None:
    assert ("question_count", "exactly", value) in _counts(prompt)


def test_questions_for_someone_else_one_to_a_line_count_as_lines() -> None:
    prompt = "Write exactly 3 questions I could ask at the end of an interview. Use bullets."
    assert _counts(prompt) == [("question_count", "exactly", 3)]
    assert _modes(prompt) == ["items"]


@pytest.mark.parametrize(
    "prompt",
    [
        # someone else's asking, with no line of its own for each: no count
        "Write exactly 3 questions I could ask at the end of an interview.",
        "Write 5 questions to ask a landlord, in one paragraph.",
        # a count for each part, after a dash
        "Write 3 questions for each chapter — each ending with a question mark.",
        # the quiz refused
        "Do not write a geography quiz — 6 questions, each with the answer in brackets.",
    ],
)
def test_question_near_misses(prompt: str) -> None:
    assert not [k for k, _, _ in _counts(prompt) if k == "question_count"]


def test_the_verb_list_names_no_shape_for_questions_someone_else_asks() -> None:
    assert not [k for k, _, _ in _counts("List 5 questions a patient should ask a surgeon.")]
    assert _modes("List 5 questions a patient should ask a surgeon, as a bulleted list.") == [
        "items"
    ]


@pytest.mark.parametrize(
    ("prompt", "value"),
    [
        # a wish for a list: the list is what a writer makes
        ("I need a list of 6 icebreaker games for a workshop.", 6),
        ("We'd like a short list of 4 podcast episode themes.", 4),
        # the reply is the list
        ("Respond with a list of exactly 4 films for a rainy evening.", 4),
        ("Reply with 3 ideas for a team lunch.", 3),
        ("Answer only with 5 suggestions for naming a cat.", 5),
        # a list named by what it lists is no part beside it
        ("Write a band name list for a jazz trio: 6 names, each one word.", 6),
        # the part the things are for is the user's, where the user uses them
        ("Could you give me 4 strong verbs I could use in the introduction?", 4),
        # the things named, then how many after a colon
        ("Wedding toast ideas for my brother: 3 options, each under 30 words.", 3),
        ("Podcast title suggestions: 5 options.", 5),
    ],
)
def test_item_requests_in_more_grammars(prompt: str, value: int) -> None:
    assert ("item_count", "exactly", value) in _counts(prompt)


@pytest.mark.parametrize(
    "prompt",
    [
        # the user's list, not a wish for one
        "I have a list of 6 icebreaker games for a workshop.",
        "I needed a list of 6 games last year, and it was too long.",
        # other units are counted by their own families
        "Reply with 3 sentences about the weather.",
        # a list beside another part
        "Write a blog post with a list of 6 tips.",
        "Give me 4 strong verbs and write a conclusion.",
        # the user's own things after a colon
        "My ideas: 3 options, each under 30 words.",
        "Gift ideas for my sister: 3 tips she gave me.",
        # hedged or negated
        "If you can, respond with a list of 4 films.",
        "Don't reply with 3 ideas for a team lunch.",
    ],
)
def test_item_request_near_misses(prompt: str) -> None:
    assert not [k for k, _, _ in _counts(prompt) if k == "item_count"]


@pytest.mark.parametrize(
    ("prompt", "value"),
    [
        # the numbers the items take say how many there are
        ("Rewrite this headline three ways. Number them 1–3.", 3),
        ("Suggest courses for a tasting menu. Number the courses 1-6.", 6),
        ("Make a d10 encounter table. Exactly 10 entries numbered 1–10, one per line.", 10),
        ("List the steps of planting a tree in reverse order, numbered from 5 down to 1.", 5),
        ("I need 4 reasons to adopt a cat, and the list must be numbered 1 to 4.", 4),
    ],
)
def test_numbering_range_counts_the_numbered_lines(prompt: str, value: int) -> None:
    assert ("numbered_count", "exactly", value) in _counts(prompt)


@pytest.mark.parametrize(
    "prompt",
    [
        # parts that carry their own numbers, the user's numbering, a scale
        "Write a report and number the sections 1-6.",
        "My notes are numbered 1-5. Summarise them.",
        "Rate the film on a scale numbered 1 to 10.",
        # hedged, conditional, negated or asked about
        "If you like, number them 1-4.",
        "Should I number them 1-4?",
        "Please don't number them 1-3.",
        # labels of their own
        "Write 5 quiz questions labelled Q1 to Q5.",
    ],
)
def test_numbering_range_near_misses(prompt: str) -> None:
    assert not [c for c in _counts(prompt) if c[0] == "numbered_count" and c[1:] != ("at_most", 0)]


@pytest.mark.parametrize(
    ("prompt", "expected"),
    [
        # a rough amount, then the exact count set off in the writer's words
        ("Give me a handful of packing tips — six exactly — for a beach trip.", "item_count"),
        ("Suggest a few names for a sailing boat, 4 in total.", "item_count"),
        ("List a handful of revision tips (exactly 5) as bullets.", "bullet_count"),
        # the things named before a bare count, what each is after it
        ("Band names for a folk trio. Give me 8, each two words.", "item_count"),
    ],
)
def test_counts_said_in_the_writers_own_words(prompt: str, expected: str) -> None:
    found = _counts(prompt)
    assert [kind for kind, _, _ in found] == [expected]
    assert found[0][1] == "exactly"


@pytest.mark.parametrize(
    "prompt",
    [
        # a rough amount alone, or only roughly counted
        "Give me a handful of packing tips.",
        "Give me a handful of packing tips — six or so.",
        "Give me a handful of packing tips, 6 maybe.",
        # the count is of something else
        "Give me a handful of tips for 5 people exactly.",
        # hedged, or beside another part
        "If you can, give me a handful of tips — five exactly.",
        "Give me a handful of tips — five exactly — and then a summary paragraph.",
        # a value, not things
        "On a scale of 1 to 10, how good is this name? Give me 7, each reason explained.",
    ],
)
def test_writers_own_words_near_misses(prompt: str) -> None:
    assert not [k for k, _, _ in _counts(prompt) if k in ("item_count", "bullet_count")]


@pytest.mark.parametrize(
    ("prompt", "value"),
    [
        # a kind of question named in quotes, or by two words
        ("Give me 6 'Would you rather' questions for a road trip.", 6),
        ('Write 4 "This or that" questions for a team call.', 4),
        ("Write 5 multiple-choice exam questions on the water cycle.", 5),
    ],
)
def test_question_kinds_in_quotes_or_two_words(prompt: str, value: int) -> None:
    assert ("question_count", "exactly", value) in _counts(prompt)


@pytest.mark.parametrize(
    "prompt",
    [
        # the user's questions, to answer; someone else's to ask
        "Answer these 6 'Would you rather' questions.",
        "Write 5 'Would you rather' questions my students could ask each other.",
        # a count of each part
        "Write 3 multiple-choice exam questions for each chapter.",
    ],
)
def test_question_kind_near_misses(prompt: str) -> None:
    assert not [k for k, _, _ in _counts(prompt) if k == "question_count"]


def test_numbered_questions_someone_else_asks_are_counted_once() -> None:
    # the numbered lines' count says it; no second count of question lines
    prompt = "Give me 4 questions I could ask a landlord. Number them."
    assert [k for k, _, _ in _counts(prompt)] == ["numbered_count"]


def test_a_table_numbered_is_no_numbered_list() -> None:
    prompt = "Make a markdown table with 6 words numbered 1-6 in the first column."
    assert not [k for k, _, _ in _counts(prompt) if k == "numbered_count"]


def test_a_numbering_range_before_a_later_part_counts_nothing() -> None:
    prompt = (
        "Six riddles for kids. Number them 1-6. Then a line that says ANSWERS, then the "
        "answers numbered the same way."
    )
    assert not [k for k, _, _ in _counts(prompt) if k == "numbered_count"]
