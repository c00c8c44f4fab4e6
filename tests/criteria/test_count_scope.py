"""Unit counts compile only for the scope and relation asked: a count of
one part, a count compared with another, a rough size, a habit or a count
beside a title block is not the whole answer's exact count, while the same
count stated plainly still compiles."""

from __future__ import annotations

from typing import Any

import pytest

from redraft.criteria import compile_checks


def specs(prompt: str, system: str | None = None) -> list[dict[str, Any]]:
    dumped = [c.spec.model_dump(mode="json") for c in compile_checks(prompt, system=system)]
    return [{k: v for k, v in d.items() if v is not None} for d in dumped]


def of_kind(prompt: str, kind: str, system: str | None = None) -> list[dict[str, Any]]:
    return [s for s in specs(prompt, system) if s["kind"] == kind]


# -- two exact counts of one unit in a sentence: each counts one part --------------


@pytest.mark.parametrize(
    ("prompt", "kind"),
    [
        (
            "Explain quantum computing in 3 sentences to a child, and then in 3 sentences "
            "to an expert.",
            "sentence_count",
        ),
        ("Write 3 sentences about dogs and 2 sentences about cats.", "sentence_count"),
        ("write two sentences in english plus two sentences in german", "sentence_count"),
        ("Write a one-paragraph summary and a one-paragraph conclusion.", "paragraph_count"),
        ("Write a 5-line poem and a 2-line dedication for my mum.", "line_count"),
        ("Compose a 4-line verse for the card, and a 1-line greeting under it.", "line_count"),
    ],
)
def test_two_counts_of_one_unit_are_parts(prompt: str, kind: str) -> None:
    assert of_kind(prompt, kind) == []


@pytest.mark.parametrize(
    ("prompt", "kind", "bounds"),
    [
        ("Write exactly 3 sentences about dogs.", "sentence_count", [("exactly", 3)]),
        (
            "Write at least 3 sentences and at most 5 sentences.",
            "sentence_count",
            [("at_least", 3), ("at_most", 5)],
        ),
        (
            "Write at least 3 lines and at most 5 lines.",
            "line_count",
            [("at_least", 3), ("at_most", 5)],
        ),
        ("Write a poem of 12 lines, 4 lines per stanza.", "line_count", [("exactly", 12)]),
        ("Write 6 sentences, 3 sentences per paragraph.", "sentence_count", [("exactly", 6)]),
    ],
)
def test_one_count_bounded_or_beside_a_per_part_count_compiles(
    prompt: str, kind: str, bounds: list[tuple[str, int]]
) -> None:
    found = sorted((s["relation"], s["value"]) for s in of_kind(prompt, kind))
    assert found == sorted(bounds)


# -- the relation said after the number ------------------------------------------------


@pytest.mark.parametrize(
    ("prompt", "kind", "value"),
    [
        ("Please write answer in 5 sentence, not more.", "sentence_count", 5),
        ("Explain it in 3 paragraphs, not more.", "paragraph_count", 3),
        ("Answer in 2 sentences, no more.", "sentence_count", 2),
    ],
)
def test_not_more_after_the_count_is_a_cap(prompt: str, kind: str, value: int) -> None:
    assert [(s["relation"], s["value"]) for s in of_kind(prompt, kind)] == [("at_most", value)]


@pytest.mark.parametrize(
    ("prompt", "kind", "relation", "value"),
    [
        (
            "Please, write a essay with minimum 5 paragraph, every paragraph must have "
            "3 sentence minimum.",
            "each_count",
            "at_least",
            3,
        ),
        ("Each bullet should be 12 words max.", "each_word_count", "at_most", 12),
        ("Give me 4 bullets, each 10 words or fewer.", "each_word_count", "at_most", 10),
        ("Every paragraph should have 2 sentences at least.", "each_count", "at_least", 2),
        ("Every sentence must have exactly 7 words.", "each_word_count", "exactly", 7),
    ],
)
def test_a_bound_after_a_per_part_count(prompt: str, kind: str, relation: str, value: int) -> None:
    assert [(s["relation"], s["value"]) for s in of_kind(prompt, kind)] == [(relation, value)]


@pytest.mark.parametrize(
    "prompt",
    [
        "Write a paragraph where each sentence is one word longer than the last.",
        "Write five sentences, every sentence two words shorter than the one before.",
        "Each line should have 1 word more than the line above it.",
        "Describe your product in 50 words per paragraph.",
        "Write the report in around 80 words per section.",
    ],
)
def test_a_compared_or_rough_per_part_count_compiles_nothing(prompt: str) -> None:
    assert of_kind(prompt, "each_word_count") == [] and of_kind(prompt, "each_count") == []


# -- one part named by its ordinal alone -----------------------------------------------


@pytest.mark.parametrize(
    "prompt",
    [
        "Write three paragraphs; in the second one, use no more than 50 words.",
        "Write two sentences, and in the first one use at most 8 words.",
        "Write 4 short paragraphs: in the last one, keep it under 30 words.",
    ],
)
def test_a_count_in_the_nth_one_is_not_the_whole_answers(prompt: str) -> None:
    assert of_kind(prompt, "word_count") == []


def test_the_nth_one_reads_the_part_count() -> None:
    prompt = "Write three paragraphs; in the second one, use no more than 50 words."
    found = [
        (s["part"], s["index"], s["relation"], s["value"]) for s in of_kind(prompt, "part_count")
    ]
    assert found == [("paragraph", 2, "at_most", 50)]


# -- habits, not rules -------------------------------------------------------------------


@pytest.mark.parametrize(
    "system",
    [
        "You are a helpful assistant. Answers are usually 2-3 paragraphs.",
        "You are a tutor. Replies are typically under 100 words.",
        "You are Bolt, a support bot. Responses normally run 3 sentences or fewer.",
    ],
)
def test_a_habit_in_a_system_prompt_compiles_no_count(system: str) -> None:
    assert specs("Explain recursion.", system) == []


def test_a_rule_in_a_system_prompt_still_compiles() -> None:
    found = specs("Explain recursion.", "You are a tutor. Keep replies under 100 words.")
    assert [(s["kind"], s["relation"], s["value"]) for s in found] == [
        ("word_count", "at_most", 99)
    ]


# -- a title beside the paragraphs -------------------------------------------------------


@pytest.mark.parametrize(
    "prompt",
    [
        "Write 3 paragraphs and a title about bees.",
        "Write an essay with a catchy title, in 4 paragraphs.",
        "Give me a blog post of exactly 5 paragraphs with a headline.",
        "Write two paragraphs on tides; add a heading.",
    ],
)
def test_paragraphs_beside_a_title_compile_no_exact_count(prompt: str) -> None:
    # none of the whole answer; one after the title where the title comes first
    assert all(s.get("after_title") for s in of_kind(prompt, "paragraph_count"))


@pytest.mark.parametrize(
    ("prompt", "relation", "value"),
    [
        ("Write 3 paragraphs without a title.", "exactly", 3),
        ("Write a post with a title and at least 2 paragraphs.", "at_least", 2),
        ("Write 2 paragraphs. Use title case for names.", "exactly", 2),
    ],
)
def test_paragraphs_without_a_title_block_compile(prompt: str, relation: str, value: int) -> None:
    found = [(s["relation"], s["value"]) for s in of_kind(prompt, "paragraph_count")]
    assert found == [(relation, value)]


# -- a prose count of one part among several ---------------------------------------------


@pytest.mark.parametrize(
    ("prompt", "kind"),
    [
        ("In the intro, use no more than 3 sentences.", "sentence_count"),
        ("for the conclusion section keep it to 2 sentences please", "sentence_count"),
        ("Within the body, write at most 120 words.", "word_count"),
        ("For each of the 3 questions below, answer in one sentence.", "sentence_count"),
        ("To every comment, reply in two sentences.", "sentence_count"),
        ("Give me the TL;DR in 2 sentences at the top, then the details.", "sentence_count"),
        ("Put a summary in 3 sentences first, and the full analysis below it.", "sentence_count"),
        ("Write a short answer (2-3 sentences) and then a longer one.", "sentence_count"),
        ("Explain it in 2 paragraphs, followed by a table of dates.", "paragraph_count"),
        ("Write a short bio in 3 sentences and a tagline.", "sentence_count"),
        ("Describe the café in 2 paragraphs plus a one-line slogan.", "paragraph_count"),
    ],
)
def test_a_count_of_one_part_among_several_compiles_no_whole_count(prompt: str, kind: str) -> None:
    assert of_kind(prompt, kind) == []


@pytest.mark.parametrize(
    ("prompt", "kind", "value"),
    [
        (
            "Write it in 4 paragraphs, each starting with one of these words: Once, Then, Finally.",
            "paragraph_count",
            4,
        ),
        ("Describe Lisbon in 3 sentences and a warm tone.", "sentence_count", 3),
        ("Answer in 2 sentences, in a friendly register.", "sentence_count", 2),
        ("In your answer, use exactly 3 paragraphs.", "paragraph_count", 3),
    ],
)
def test_a_whole_count_beside_words_that_add_no_part_compiles(
    prompt: str, kind: str, value: int
) -> None:
    assert [s["value"] for s in of_kind(prompt, kind)] == [value]


# -- what a count is of ------------------------------------------------------------------


@pytest.mark.parametrize(
    "prompt",
    [
        "Use single line breaks, no blank lines.",
        "Use a single line break between items.",
        "Put 2 line breaks after the greeting.",
    ],
)
def test_line_breaks_are_no_line_count(prompt: str) -> None:
    assert of_kind(prompt, "line_count") == []


@pytest.mark.parametrize(
    "prompt",
    [
        "Write one sentence using 15 words or less for each of these words: cat, dog, fish.",
        "Write 2 sentences for every day of the week.",
        "give me three sentences about each of my pets",
    ],
)
def test_a_count_for_each_thing_is_no_whole_count(prompt: str) -> None:
    assert of_kind(prompt, "sentence_count") == []


@pytest.mark.parametrize(
    ("prompt", "kind"),
    [
        ("The title of each section should be under 5 words.", "each_word_count"),
        ("The summary of every chapter must have at most 2 sentences.", "each_count"),
        ("the name of each step: max 3 words", "each_word_count"),
    ],
)
def test_a_count_of_each_parts_title_is_not_the_parts(prompt: str, kind: str) -> None:
    assert of_kind(prompt, kind) == []


def test_a_count_of_each_part_itself_still_compiles() -> None:
    found = of_kind("Every section should have at most 2 paragraphs.", "each_count")
    assert [(s["part"], s["units"], s["relation"], s["value"]) for s in found] == [
        ("section", "paragraphs", "at_most", 2)
    ]


# -- blank lines at one place ------------------------------------------------------------


@pytest.mark.parametrize(
    "prompt",
    [
        "No blank line between the heading and its paragraph.",
        "Don't put an empty line after the greeting.",
        "Put an empty line between the question and the answer.",
        "leave a blank line between the title & the body",
    ],
)
def test_a_gap_at_one_place_is_no_rule_on_every_gap(prompt: str) -> None:
    assert of_kind(prompt, "blank_lines") == []


@pytest.mark.parametrize(
    ("prompt", "between", "blank"),
    [
        ("Don't leave empty lines.", "lines", 0),
        ("No blank lines between the bullets.", "items", 0),
        ("Separate paragraphs with a blank line.", "paragraphs", 1),
        ("Use one blank line between stanzas.", "blocks", 1),
    ],
)
def test_a_rule_on_every_gap_compiles(prompt: str, between: str, blank: int) -> None:
    found = [(s["between"], s["blank"]) for s in of_kind(prompt, "blank_lines")]
    assert found == [(between, blank)]


# -- bounds written short or after the count ---------------------------------------------


@pytest.mark.parametrize(
    ("prompt", "relation"),
    [
        ("Write min. 3 sentences.", "at_least"),
        ("Write max. 3 sentences.", "at_most"),
        ("Write 3 sentences at minimum.", "at_least"),
        ("Write 3 sentences at a maximum.", "at_most"),
    ],
)
def test_a_short_or_trailing_bound_is_read(prompt: str, relation: str) -> None:
    found = [(s["relation"], s["value"]) for s in of_kind(prompt, "sentence_count")]
    assert found == [(relation, 3)]


# -- a block beside the paragraphs -------------------------------------------------------


@pytest.mark.parametrize(
    ("prompt", "system"),
    [
        ("Write 3 paragraphs and add a P.S. line.", None),
        ("Write an essay. Length: 5 paragraphs. Also include a references list.", None),
        (
            "Hi",
            "You are a poet. Each poem you write has 3 stanzas; each reply also includes a "
            "short note on the form.",
        ),
    ],
)
def test_paragraphs_beside_another_block_compile_no_exact_count(
    prompt: str, system: str | None
) -> None:
    assert of_kind(prompt, "paragraph_count", system) == []


def test_paragraphs_beside_a_keyword_still_compile() -> None:
    found = of_kind("Write 3 paragraphs. Also include the word cat.", "paragraph_count")
    assert [(s["relation"], s["value"]) for s in found] == [("exactly", 3)]


# -- a size of each thing asked for, or of an explanation beside it ---------------------


@pytest.mark.parametrize(
    "prompt",
    [
        "Give me 5 slogans under 8 words.",
        "suggest 3 team names, max 2 words",
        "Write 4 headlines of at most 9 words.",
        "Write a limerick, under 50 words, then explain the joke.",
        "Write the code and explain it in under 100 words.",
        "Write a SQL query and explain it in less than 50 words.",
        "Write a 6-word memoir and explain each word.",
    ],
)
def test_a_size_of_one_part_is_no_whole_word_count(prompt: str) -> None:
    assert of_kind(prompt, "word_count") == []


@pytest.mark.parametrize(
    ("prompt", "kind", "relation", "value"),
    [
        ("Give me 3 tips in under 50 words.", "word_count", "at_most", 49),
        ("Write 3 paragraphs under 200 words.", "word_count", "at_most", 199),
        ("Summarize The Three Musketeers in five sentences.", "sentence_count", "exactly", 5),
        (
            "In exactly three sentences, explain why the sky is blue.",
            "sentence_count",
            "exactly",
            3,
        ),
        ("In exactly 50 words, explain why the sky is blue.", "word_count", "exactly", 50),
    ],
)
def test_a_whole_count_near_things_or_explaining_compiles(
    prompt: str, kind: str, relation: str, value: int
) -> None:
    assert [(s["relation"], s["value"]) for s in of_kind(prompt, kind)] == [(relation, value)]
