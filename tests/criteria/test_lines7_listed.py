"""Line counts (h-lines7): a count of lines as one item of a sentence's list
of requirements ("write me a poem …, six lines, each line …"), a relative
clause on the lines counted ("in 4 lines where lines 1 and 3 …"), the whole
list on one line ("comma-separated on one line", "in a single line"), a
count that names the whole answer ("One line only.") over the parts it
holds one after another, and a named programme that is no code. Near
misses: several things asked for, a part the count could be of, a hedge, a
condition, a question, the user's own text, a title or an explanation
beside the lines."""

from __future__ import annotations

import pytest

from _compiled_specs import specs_of_kind


def lines(prompt: str) -> set[tuple[object, object]]:
    return {(s["relation"], s["value"]) for s in specs_of_kind(prompt, "line_count")}


@pytest.mark.parametrize(
    ("prompt", "expected"),
    [
        (
            "write me a poem where no line contains the letter 'z', six lines, each line "
            "under 40 characters",
            {("exactly", 6)},
        ),
        (
            "Could you make me a short poem for my dog Rex, 5 line, and each line must "
            "mention Rex.",
            {("exactly", 5)},
        ),
        (
            "Make me a packing checklist. Every line should be a question ending with '?', "
            "and no more than 8 lines.",
            {("at_most", 8)},
        ),
        (
            "Write my evening routine. Each line starts with a time, going up in half hours, "
            "seven lines total.",
            {("exactly", 7)},
        ),
        ("Instagram post, four short lines, each line ending with an emoji.", {("exactly", 4)}),
        (
            "Chess drill: 8 lines, each with one move in algebraic notation, then its name.",
            {("exactly", 8)},
        ),
        (
            "Give me a list of Roman emperors. Each line formatted as 'Name (years)', "
            "between 5 and 9 lines, no line over 60 characters.",
            {("at_least", 5), ("at_most", 9)},
        ),
        (
            "Give me a 3x3 magic square: 3 lines of 3 numbers, no other text.",
            {("exactly", 3)},
        ),
        (
            "Convert my notes into: 'Who:', 'What:', 'When:' — three lines, in that order.",
            {("exactly", 3)},
        ),
    ],
)
def test_a_count_of_lines_listed_among_requirements(
    prompt: str, expected: set[tuple[object, object]]
) -> None:
    assert lines(prompt) == expected


@pytest.mark.parametrize(
    "prompt",
    [
        "Write 3 poems, six lines, each line under 40 characters.",  # each poem's
        "Write two songs, four lines, each line rhyming.",  # each song's
        "My poem: sad, 4 lines, about rain.",  # the user's own poem
        "Write a poem, ideally 6 lines, about rain.",  # hedged
        "If it's a poem, six lines, each line short.",  # a condition
        "Is it okay to write a poem, 4 lines?",  # asked about
        "Write a poem with a title, 4 lines.",  # a title beside the lines
        "Write a poem, 4 lines per stanza.",  # each stanza's
        "Write a story, 6 lines of dialogue, and a moral.",  # a part of the story
    ],
)
def test_listed_counts_that_are_not_the_answers_lines(prompt: str) -> None:
    assert lines(prompt) == set()


@pytest.mark.parametrize(
    ("prompt", "value"),
    [
        ("Write a riddle in exactly 5 lines where lines 2 and 4 rhyme.", 5),
        ("Write a poem in 4 lines where the last line is a question.", 4),
        ("Write a micro-poem of 3 lines where line 3 is a single word.", 3),
        ("Write a poem, 4 lines, where lines 1 and 3 end with 'sea'.", 4),
    ],
)
def test_a_relative_clause_on_the_lines_counted(prompt: str, value: int) -> None:
    assert lines(prompt) == {("exactly", value)}


def test_a_relative_clause_on_something_else_still_refuses() -> None:
    assert lines("Write a poem with 4 lines where the sea is mentioned.") == set()


@pytest.mark.parametrize(
    "prompt",
    [
        "Give me the prime numbers under 30, comma-separated on one line.",
        "Summarise the plot of Hamlet in a single line.",
        "Give me a SQL query that lists users. Only the query on a single line, no comments.",
        "Give me a chess opening, 6 moves for each side, all on one line.",
        "List the vowels, separated by ' | ' on one line.",
    ],
)
def test_the_whole_answer_on_one_line(prompt: str) -> None:
    assert lines(prompt) == {("exactly", 1)}


@pytest.mark.parametrize(
    "prompt",
    [
        "Give me 5 cities, each with its country on one line.",  # each city's line
        "If you can, give the dates comma-separated on one line.",  # hedged
        "Could the dates go comma-separated on one line?",  # asked about
        "Put each name in a single line.",  # each name's
    ],
)
def test_one_line_of_each_thing_or_hedged(prompt: str) -> None:
    assert ("exactly", 1) not in lines(prompt)


@pytest.mark.parametrize(
    ("prompt", "expected"),
    [
        (
            "Give a customs description for socks. HS code first, then a hyphen, then the "
            "description. One line only.",
            {("exactly", 1)},
        ),
        (
            "Give a one-line answer: who wrote Hamlet? Surname only, followed by '(playwright)'.",
            {("exactly", 1)},
        ),
        (
            "Give a timeline of the moon landings. Each line: the date (e.g. May 1, 1969), "
            "then a dash, then the event. 5 to 8 lines.",
            {("at_least", 5), ("at_most", 8)},
        ),
    ],
)
def test_parts_within_the_lines_counted(prompt: str, expected: set[tuple[object, object]]) -> None:
    assert lines(prompt) == expected


@pytest.mark.parametrize(
    "prompt",
    [
        "Write a one-line summary of Hamlet, then explain your reasoning.",
        "Give a one-line answer followed by a short explanation.",
        "Write a poem, then a dedication. 4 lines.",
    ],
)
def test_a_part_after_the_lines_still_refuses(prompt: str) -> None:
    assert lines(prompt) == set()


def test_a_named_programme_is_no_code() -> None:
    prompt = "Give me a timeline of the Apollo program. No line over 60 characters."
    assert specs_of_kind(prompt, "line_length") == [
        {"relation": "at_most", "value": 60, "length_in": "characters"}
    ]
    assert specs_of_kind("Write a Python program. No line over 79 characters.", "line_length") == []


@pytest.mark.parametrize(
    ("prompt", "value"),
    [
        (
            "Write a badge for the guest. Format exactly:\nName: <name>\nRole: <role>\n"
            "nothing else.",
            2,
        ),
        (
            "Write a shelf label. Format:\nTitle: <title>\nAuthor: <author>\nShelf: <code>\n"
            "Exactly those three lines, nothing above or below.",
            3,
        ),
        ("Use this template:\nFrom: <city>\nTo: <city>\nNo other lines.", 2),
    ],
)
def test_a_template_of_lines_with_nothing_else(prompt: str, value: int) -> None:
    assert lines(prompt) == {("exactly", value)}


@pytest.mark.parametrize(
    "prompt",
    [
        # no closing line: more may follow the template
        "Write a badge. Format exactly:\nName: <name>\nRole: <role>\nThen add a short bio.",
        # the count closing it disagrees with the template
        "Write a label. Format:\nTitle: <t>\nAuthor: <a>\nExactly those four lines.",
        # hedged
        "Write a badge. Format:\nName: <name>\nRole: <role>\nnothing else if possible.",
        # one line is no template of lines
        "Write a badge. Format:\nName: <name>\nnothing else.",
    ],
)
def test_a_template_that_does_not_close_the_answer(prompt: str) -> None:
    assert lines(prompt) == set()
