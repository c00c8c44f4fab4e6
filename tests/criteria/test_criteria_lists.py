"""Sentences that list requirements, read item by item, and the guards
that keep an item from being read out of its list."""

from __future__ import annotations

import pytest

from redraft.criteria import compile_checks
from redraft.criteria._measure import sentences


def specs(prompt: str) -> set[tuple[object, ...]]:
    found: set[tuple[object, ...]] = set()
    for check in compile_checks(prompt):
        dumped = check.spec.model_dump()
        kind = dumped.pop("kind")
        found.add((kind, tuple(sorted((k, str(v)) for k, v in dumped.items()))))
    return found


def compiles(prompt: str, kind: str, relation: str, value: str) -> bool:
    """Whether ``prompt`` compiles a ``kind`` check of ``relation value``."""
    found = [c.spec.model_dump() for c in compile_checks(prompt)]
    return any(
        (f["kind"], f.get("relation"), str(f.get("value"))) == (kind, relation, value)
        for f in found
    )


def kinds(prompt: str) -> list[str]:
    return [check.spec.kind for check in compile_checks(prompt)]


@pytest.mark.parametrize(
    ("prompt", "expected"),
    [
        ("A slogan for the bakery. ALL CAPS, 10 words max, no hashtags.", "word_count"),
        ("A slogan for the bakery. ALL CAPS, 10 words max, no hashtags.", "hashtag_count"),
        ("Write a limerick, 5 lines, all lowercase.", "letter_case"),
        ("Write a limerick, 5 lines, all lowercase.", "line_count"),
        ("Describe your weekend, two sentences, no emojis.", "emoji_count"),
        ("Keep it short: one paragraph, under 90 words.", "word_count"),
    ],
)
def test_each_item_of_a_list_of_requirements_compiles(prompt: str, expected: str) -> None:
    assert expected in kinds(prompt)


def test_the_items_keep_their_values() -> None:
    found = specs("Write a limerick, 5 lines, under 40 words.")
    assert ("line_count", (("relation", "exactly"), ("value", "5"))) in found
    assert ("word_count", (("relation", "at_most"), ("value", "39"))) in found


@pytest.mark.parametrize(
    ("prompt", "kind"),
    [
        # the head describes what is given, not what to write
        ("I have a 3-paragraph essay, 500 words, and need a title for it.", "word_count"),
        # a negation shared by every item
        ("Don't use bullet points, emojis, or more than 3 sentences.", "sentence_count"),
        # a later part in sequence
        ("Show the query, then explain it in two sentences.", "sentence_count"),
        # each of several things
        ("Give me 3 subject lines, under 45 characters.", "char_count"),
        ("Give me 4 taglines, each one under 8 words, no emojis.", "word_count"),
        # hedged
        ("Write a limerick, ideally 5 lines, all lowercase.", "line_count"),
    ],
)
def test_items_read_out_of_their_list_compile_nothing(prompt: str, kind: str) -> None:
    assert kind not in kinds(prompt)


def test_a_series_under_a_distributive_subject_stays_with_each_part() -> None:
    prompt = (
        "Write 3 captions for the launch. Each caption should name the product, "
        "end with 2 hashtags, and contain one emoji max."
    )
    assert "emoji_count" not in kinds(prompt)


def test_a_new_directive_after_one_comma_is_about_the_answer() -> None:
    prompt = "Write a chant for the team. Every line must end with '!', and use exactly 4 lines."
    assert ("line_count", (("relation", "exactly"), ("value", "4"))) in specs(prompt)


def test_none_as_a_subject_negates() -> None:
    prompt = "List 6 questions for the panel. None should start with 'Why'."
    assert "starts_with" not in kinds(prompt)


def test_an_ending_followed_by_more_is_not_the_end() -> None:
    prompt = "Write a reference letter and end with 'Kind regards,' followed by my name."
    assert "ends_with" not in kinds(prompt)
    assert "ends_with" in kinds("Write a reference letter and end with 'Kind regards, Ana'.")


def test_a_count_after_then_is_a_later_part() -> None:
    prompt = "Quote a proverb as a blockquote, then two sentences on what it means."
    assert "sentence_count" not in kinds(prompt)


@pytest.mark.parametrize(
    ("text", "n"),
    [
        ("The U.S. policy is new. It starts today.", 2),
        ("Use e.g. a list. Then stop.", 2),
        ("It was 5 p.m. when we left.", 1),
    ],
)
def test_initialisms_do_not_end_a_sentence(text: str, n: int) -> None:
    assert len(sentences(text)) == n


def test_a_prompt_with_an_initialism_compiles_its_count() -> None:
    prompt = "Write a summary of the U.S. leave policy with at least 12 sentences."
    assert ("sentence_count", (("relation", "at_least"), ("value", "12"))) in specs(prompt)


@pytest.mark.parametrize(
    ("prompt", "kind", "relation", "value"),
    [
        ("Write a toast. Must fit in 200 characters.", "char_count", "at_most", "200"),
        ("Draft the intro. Be no longer than 60 words.", "word_count", "at_most", "60"),
        ("Draft the intro. Keep it to 3 sentences.", "sentence_count", "exactly", "3"),
        ("Draft the intro. Limit it to 80 words.", "word_count", "at_most", "80"),
        ("Write a short summary, maximum 4 sentences.", "sentence_count", "at_most", "4"),
        ("Format: a bold title, then exactly 5 bullet points.", "bullet_count", "exactly", "5"),
        (
            "Write it in 4 paragraphs and each paragraph must start with a verb.",
            "paragraph_count",
            "exactly",
            "4",
        ),
    ],
)
def test_criteria_lines_and_their_counts(prompt: str, kind: str, relation: str, value: str) -> None:
    assert compiles(prompt, kind, relation, value)


@pytest.mark.parametrize(
    ("prompt", "kind"),
    [
        ("Should every paragraph be under 50 words?", "word_count"),
        ("Format: a bold title, then two sentences of context, then 3 bullets.", "sentence_count"),
        ("Write 3 paragraphs, 2 sentences each.", "sentence_count"),
    ],
)
def test_criteria_lines_that_are_not_requirements_on_the_whole(prompt: str, kind: str) -> None:
    assert kind not in kinds(prompt)


def test_a_list_marker_does_not_hide_a_rule() -> None:
    assert "forbidden_words" in kinds("(c) Do not use the word 'hereby' anywhere.")


def test_a_quoted_list_ends_before_bare_words() -> None:
    prompt = "Don't use the word 'synergy', everyone hates it."
    assert ("forbidden_words", (("words", "['synergy']"),)) in specs(prompt)


@pytest.mark.parametrize(
    ("prompt", "kind", "relation", "value"),
    [
        ("Sum up Lisbon in four words.", "word_count", "exactly", "4"),
        ("Reply with the command only, on a single line.", "line_count", "exactly", "1"),
        ("Output the numbers as words, all on one line, no digits.", "line_count", "exactly", "1"),
        ("give me 5 names. one per line, no numbering", "numbered_count", "at_most", "0"),
    ],
)
def test_short_counts_and_layout_items(prompt: str, kind: str, relation: str, value: str) -> None:
    assert compiles(prompt, kind, relation, value)


@pytest.mark.parametrize(
    ("prompt", "kind"),
    [
        ("Sum up Lisbon in 60 words.", "word_count"),
        ("Put each name on one line.", "line_count"),
        ("Give me 3 taglines, one per line, under 8 words.", "word_count"),
    ],
)
def test_loose_sizes_and_lines_of_each_part_compile_nothing(prompt: str, kind: str) -> None:
    assert kind not in kinds(prompt)


@pytest.mark.parametrize(
    ("prompt", "kind"),
    [
        ("Do not use exclamation marks except in the greeting.", "forbidden_chars"),
        ("No emojis other than the one in the sign-off.", "emoji_count"),
        ("Write a riddle in exactly 4 lines, then the answer on a fifth line.", "line_count"),
        ("Write a 'Dear Ana' letter from a cat. Keep it to 3 paragraphs.", "paragraph_count"),
    ],
)
def test_exceptions_extra_lines_and_letters_compile_nothing(prompt: str, kind: str) -> None:
    assert kind not in kinds(prompt)


def test_a_modal_head_reads_its_list() -> None:
    prompt = "Must open with the quote as given, and be under 60 words."
    assert ("word_count", (("relation", "at_most"), ("value", "59"))) in specs(prompt)


def test_sorted_and_unique_items_read_a_one_line_comma_list() -> None:
    from redraft.criteria import measure_text
    from redraft.criteria._families._sorted import SortedItems
    from redraft.criteria._families._unique import UniqueItems

    in_order = SortedItems(order="alphabetical")
    assert measure_text(in_order, "Argentina, Bolivia, Colombia and Peru").passed
    assert not measure_text(in_order, "Peru, Bolivia, Colombia").passed
    assert not measure_text(UniqueItems(), "Peru, Bolivia, Peru").passed
    assert measure_text(UniqueItems(), "Peru, Bolivia, Chile").passed


@pytest.mark.parametrize(
    ("prompt", "kind", "relation", "value"),
    [
        ("In no more than twenty-five words, what is a quasar?", "word_count", "at_most", "25"),
        (
            "Write a three hundred word essay, at most three hundred words.",
            "word_count",
            "at_most",
            "300",
        ),
        (
            "It should mention 'tea' at least once and be under 40 words.",
            "word_count",
            "at_most",
            "39",
        ),
        (
            "Write me a speech that's similarly short — under 90 words too.",
            "word_count",
            "at_most",
            "89",
        ),
        ("Write in second person, at least 60 words.", "word_count", "at_least", "60"),
        ("Two short paragraphs, no bullet points.", "bullet_count", "at_most", "0"),
    ],
)
def test_items_parted_by_and_dashes_and_counts(
    prompt: str, kind: str, relation: str, value: str
) -> None:
    assert compiles(prompt, kind, relation, value)


def test_an_and_between_nouns_is_not_an_item() -> None:
    assert kinds("Write a poem about cats and dogs and make it rhyme.") == []


@pytest.mark.parametrize(
    ("prompt", "kind"),
    [
        ("Please summarise the article below in three bullet points.", "bullet_count"),
        ("Summarize the text below in under 50 words.", "word_count"),
    ],
)
def test_a_count_after_the_material_shapes_the_summary(prompt: str, kind: str) -> None:
    assert kind in kinds(prompt)


def test_a_count_of_the_material_is_not_the_answers() -> None:
    assert kinds("Summarize this essay of at least 500 words.") == []
