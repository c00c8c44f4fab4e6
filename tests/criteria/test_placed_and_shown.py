"""Wordings a new writer's system prompts and non-native requests compiled
falsely: a count after "grouped under" / "spread over" is where parts go, a
case said of words shown in capitals is theirs, a prefix with "#n" or a token
"where n counts up" is a template, and a list form only allowed ("bullets are
fine, numbers are fine") is not asked."""

from __future__ import annotations

from typing import Any

import pytest

from redraft.criteria import compile_checks


def specs(prompt: str) -> list[dict[str, Any]]:
    return [c.spec.model_dump(mode="json") for c in compile_checks(prompt)]


def kinds(prompt: str) -> dict[str, dict[str, Any]]:
    return {s["kind"]: s for s in specs(prompt)}


@pytest.mark.parametrize(
    "prompt",
    [
        "Make a packing list grouped under 4 headings: Clothes, Toiletries, Tech, Documents.",
        "Organise the meeting notes, sorted under three headings.",
        "The FAQ answers should be grouped under 5 headers.",
        "Spread the story over two paragraphs.",
        "Split the recipe over 3 sections, one per course.",
    ],
)
def test_a_count_after_a_placing_verb_is_no_bound(prompt: str) -> None:
    for spec in specs(prompt):
        assert not (
            spec["kind"] in {"heading_count", "paragraph_count", "section_count"}
            and spec.get("relation") in {"at_most", "at_least"}
        ), spec


@pytest.mark.parametrize(
    ("prompt", "kind", "relation", "value"),
    [
        ("Keep it under 3 paragraphs.", "paragraph_count", "at_most", 2),
        ("Write it in under 100 words.", "word_count", "at_most", 99),
        ("The essay must be over 200 words.", "word_count", "at_least", 201),
        ("Answer in under 4 sentences.", "sentence_count", "at_most", 3),
    ],
)
def test_under_and_over_still_bound_a_count(
    prompt: str, kind: str, relation: str, value: int
) -> None:
    spec = kinds(prompt)[kind]
    assert (spec["relation"], spec["value"]) == (relation, value)


@pytest.mark.parametrize(
    "prompt",
    [
        "Please write it short, write NUT ALLERGY in capital letters one time.",
        "Put the word URGENT in caps at the top of the email.",
        "Write the note, and type DO NOT FEED in capital letters somewhere.",
        "Mention SALE in uppercase in the first line.",
    ],
)
def test_a_case_said_of_words_shown_in_capitals_is_theirs(prompt: str) -> None:
    assert "letter_case" not in kinds(prompt)


@pytest.mark.parametrize(
    "prompt",
    [
        "Write the whole poem in capital letters.",
        "RESPOND IN ALL CAPS ONLY.",
        "Important: ANSWER in uppercase.",
        "USE ALL CAPS.",
        "Respond in uppercase only.",
    ],
)
def test_the_answers_case_still_compiles(prompt: str) -> None:
    assert kinds(prompt)["letter_case"]["case"] == "upper"


@pytest.mark.parametrize(
    "prompt",
    [
        'Give exactly 3 facts, each on its own line prefixed with "Fact #n:" where n counts up.',
        "Start each line with 'Step #i' and keep the steps short.",
        "Begin every paragraph with 'Part k:' where k goes from 1 to 4.",
    ],
)
def test_a_prefix_with_a_counting_token_is_a_template(prompt: str) -> None:
    for spec in specs(prompt):
        assert spec["kind"] not in {"each_line", "starts_with", "part_affix"}, spec


def test_a_literal_prefix_still_compiles() -> None:
    assert kinds("Start each line with 'Fact:'.")["each_line"]["phrase"] == "Fact:"


@pytest.mark.parametrize(
    "prompt",
    [
        "Can you make a list of ten fun weekend activities? Bullets are fine, numbers are fine, "
        "whatever you prefer.",
        "List 10 board games for a family night. Bullet points are okay, or not, your call.",
        "Suggest 10 podcast names. Numbers are fine too.",
    ],
)
def test_a_list_form_only_allowed_counts_the_items(prompt: str) -> None:
    found = kinds(prompt)
    assert "bullet_count" not in found and "numbered_count" not in found
    assert (found["item_count"]["relation"], found["item_count"]["value"]) == ("exactly", 10)


def test_a_list_form_asked_still_counts_its_own() -> None:
    found = kinds("Make a list of ten fun weekend activities in bullet points.")
    assert found["bullet_count"]["value"] == 10


@pytest.mark.parametrize(
    "prompt",
    [
        "The publisher says each chapter title should be at most three words. Any tips?",
        "Every slide's first line must be under 8 words.",
        "For each recipe, the title should have no more than 5 words.",
    ],
)
def test_a_part_of_each_owner_is_no_single_part_count(prompt: str) -> None:
    assert "part_count" not in kinds(prompt)


@pytest.mark.parametrize(
    ("prompt", "part"),
    [
        ("The title must be at most 8 words.", "title"),
        ("Keep the first paragraph under 50 words.", "paragraph"),
    ],
)
def test_a_single_part_count_still_compiles(prompt: str, part: str) -> None:
    assert kinds(prompt)["part_count"]["part"] == part
