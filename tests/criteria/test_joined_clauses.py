"""Two requirements joined in one sentence are read clause by clause: a
count before "and each line must …" is the whole answer's, and one whose
"each" or "per" stays in its own clause ("3 sentences about each planet")
is each part's, as before."""

from __future__ import annotations

from typing import Any

import pytest

from redraft.criteria import compile_checks
from redraft.criteria._families._own_clause import own_clause


def _counts(prompt: str, kind: str) -> list[tuple[str, int]]:
    found: list[tuple[str, int]] = []
    for check in compile_checks(prompt):
        spec: dict[str, Any] = check.spec.model_dump(mode="json")
        if spec["kind"] == kind:
            found.append((spec["relation"], spec["value"]))
    return found


@pytest.mark.parametrize(
    ("prompt", "kind", "value"),
    [
        # "and each <unit> <verb>": the second clause says something of every unit
        (
            "The riddle must be exactly 4 lines and each line must have exactly 7 words.",
            "line_count",
            4,
        ),
        (
            "write me a poem in exactly 6 lines and every line should rhyme with 'sky'",
            "line_count",
            6,
        ),
        (
            "Compose exactly 3 paragraphs and each paragraph needs to mention a season.",
            "paragraph_count",
            3,
        ),
        (
            "Use exactly 5 sentences, and all of them must end with an exclamation mark.",
            "sentence_count",
            5,
        ),
        # "and <imperative>": a second directive on the answer
        (
            "Use exactly 3 sentences and make the word count of each sentence an even number.",
            "sentence_count",
            3,
        ),
        (
            "Write exactly two paragraphs and put the word 'please' in each one.",
            "paragraph_count",
            2,
        ),
        (
            "Please answer in exactly 4 sentences and start each sentence with a verb.",
            "sentence_count",
            4,
        ),
        ("Reply in 3 lines and include an emoji on every line", "line_count", 3),
        # ", where <the unit> …": a relative clause on the units counted
        ("Write exactly 4 lines, where every line begins with the letter S.", "line_count", 4),
    ],
)
def test_a_count_before_a_second_clause_is_the_answers(prompt: str, kind: str, value: int) -> None:
    assert ("exactly", value) in _counts(prompt, kind)


@pytest.mark.parametrize(
    "prompt",
    [
        "Write me a packing list with exactly 10 items, where the items are in alphabetical order.",
        "Give me a shopping list of exactly 8 items, where each item is a vegetable.",
        "Make a to-do list with exactly 6 entries, where all of the entries start with a verb.",
    ],
)
def test_a_list_count_before_a_where_clause_is_the_lists(prompt: str) -> None:
    counts = _counts(prompt, "item_count")
    assert len(counts) == 1 and counts[0][0] == "exactly"


@pytest.mark.parametrize(
    ("prompt", "kind"),
    [
        # the "each" is the count's own: one part's count
        ("Write 3 sentences about each planet.", "sentence_count"),
        ("Write 4 lines for every verse of the song.", "line_count"),
        ("Give 2 paragraphs per chapter of the book.", "paragraph_count"),
        # the second clause carries the count over to each part
        ("Write 4 lines and repeat the pattern for each verse.", "line_count"),
        ("Write 2 sentences and do the same for every topic.", "sentence_count"),
        ("Write 3 sentences and write one more for each character.", "sentence_count"),
        # a second thing, not a clause: "and a title for each"
        ("Write 3 paragraphs and a title for each.", "paragraph_count"),
        # hedged or about something given
        ("Ideally use exactly 3 sentences and make each one short.", "sentence_count"),
        (
            "My poem has exactly 4 lines and each line has 7 words. Is it a good riddle?",
            "line_count",
        ),
        # a list named as a topic, not the answer's list
        (
            "Explain why lists with 10 items, where the items are unsorted, are hard to read.",
            "item_count",
        ),
    ],
)
def test_a_count_of_each_part_or_not_asked_compiles_nothing(prompt: str, kind: str) -> None:
    assert _counts(prompt, kind) == []


@pytest.mark.parametrize(
    ("after", "own"),
    [
        (" and each line must have 7 words.", ""),
        (" and make the word count of each sentence even.", ""),
        (", where the items are sorted.", ""),
        (" about each planet.", " about each planet."),
        (" and a title for each.", " and a title for each."),
        (" and repeat the pattern for each verse.", " and repeat the pattern for each verse."),
    ],
)
def test_own_clause_ends_where_a_second_clause_starts(after: str, own: str) -> None:
    assert own_clause(after) == own


@pytest.mark.parametrize(
    ("prompt", "kind", "value"),
    [
        # "each <unit> …, and there should be N <units>": the count is all of them
        (
            "Every paragraph should be one sentence and there should be 5 paragraphs.",
            "paragraph_count",
            5,
        ),
        (
            "Each paragraph must open with 'Dear' and there must be 3 paragraphs.",
            "paragraph_count",
            3,
        ),
        (
            "every line has to end with a period, and there should be exactly 6 lines",
            "line_count",
            6,
        ),
        # a rule on the last line is a rule on one of the lines counted
        (
            "Write a 4-line poem about the sea where the last line is the same as the first.",
            "line_count",
            4,
        ),
        ("Compose a six-line poem; the last line should be a question.", "line_count", 6),
        ("write a 5-line poem and the final line must repeat the opening word", "line_count", 5),
        # "no two lines …" tells the lines apart, it counts none
        (
            "Write a four-line poem about rain where no two lines start with the same word.",
            "line_count",
            4,
        ),
        ("A 3-line poem please, no two lines ending in the same sound.", "line_count", 3),
        ("Give me an eight-line poem in which no 2 lines share a rhyme.", "line_count", 8),
    ],
)
def test_a_clause_on_the_units_counted_keeps_the_count(prompt: str, kind: str, value: int) -> None:
    assert ("exactly", value) in _counts(prompt, kind)


@pytest.mark.parametrize(
    "prompt",
    [
        "Start every line with a dash, no line over 30 characters, 4 or 5 lines.",
        "Write it in two or three lines.",
        "Keep your reply to 3 or 4 lines.",
    ],
)
def test_either_of_two_counts_is_a_range(prompt: str) -> None:
    counts = _counts(prompt, "line_count")
    assert {relation for relation, _ in counts} == {"at_least", "at_most"}


@pytest.mark.parametrize(
    ("prompt", "kind"),
    [
        # a second count of the same unit is another part's
        ("Write a 4-line poem and a 2-line dedication after it.", "line_count"),
        # a last line added after the lines counted
        ("Write a 4-line poem, then add a final line with the moral.", "line_count"),
        # each part's count, and the total stated as what is given
        ("Each stanza of my song has 4 lines and there are 3 stanzas. Rate it.", "line_count"),
        ("Every paragraph should be short and there should be no headings.", "paragraph_count"),
        # "or" between two things, not two counts
        ("Write 1 or 2 lines of code that print hello.", "line_count"),
    ],
)
def test_other_parts_lines_compile_nothing(prompt: str, kind: str) -> None:
    assert _counts(prompt, kind) == []


@pytest.mark.parametrize(
    ("prompt", "value"),
    [
        # the user's own essay or post is what the list is about, not a part to write
        ("My college essay must be 650 words max. Can you give me 5 tips to cut it down?", 5),
        ("our blog post is way too long. suggest 4 ways to trim it", 4),
        ("His thesis introduction feels flat. Give me three ideas to liven it up.", 3),
    ],
)
def test_a_part_the_user_has_is_no_part_beside_the_list(prompt: str, value: int) -> None:
    assert _counts(prompt, "item_count") == [("exactly", value)]


@pytest.mark.parametrize(
    "prompt",
    [
        # a part of the user's text the answer rewrites is a part beside the list
        "Give me 5 tips and rewrite my essay introduction.",
        "Suggest 4 ideas, then add my essay's conclusion at the end.",
        # a part of the answer, not the user's
        "Give me 3 tips for my essay, then a summary.",
        "Give me 3 tips and write a short introduction for them.",
    ],
)
def test_a_part_asked_beside_the_list_still_compiles_no_item_count(prompt: str) -> None:
    assert _counts(prompt, "item_count") == []


@pytest.mark.parametrize(
    ("prompt", "kind", "value"),
    [
        ("Write an I Spy clue for a child. Keep it one sentence.", "sentence_count", 1),
        ("Explain photosynthesis and keep it one paragraph.", "paragraph_count", 1),
        ("Describe the ocean. keep it two lines please.", "line_count", 2),
        ("pitch my app to an investor, keep it 3 sentences long", "sentence_count", 3),
    ],
)
def test_keep_it_a_count_without_to_is_exact(prompt: str, kind: str, value: int) -> None:
    assert _counts(prompt, kind) == [("exactly", value)]


@pytest.mark.parametrize(
    ("prompt", "kind"),
    [
        # a target size, not a count kept to
        ("Write a product blurb. Keep it 100 words.", "word_count"),
        # the count goes on: each part's, or lines of something else
        ("Write an essay and keep it 2 sentences per paragraph.", "sentence_count"),
        ("Fix my script. Keep it 2 lines of code.", "line_count"),
        # hedged, or about something given
        ("Maybe keep it one paragraph if you can.", "paragraph_count"),
        (
            "My teacher said to keep it one paragraph. What do you think of that rule?",
            "paragraph_count",
        ),
    ],
)
def test_keep_it_without_to_compiles_nothing_else(prompt: str, kind: str) -> None:
    assert _counts(prompt, kind) == []
