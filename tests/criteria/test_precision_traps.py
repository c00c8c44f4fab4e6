"""Readings made stricter by rule: a single "no period" for a one-line piece
is its final mark, a word's count in the writer's own text, lists a piece is
about, a report of what another text's bullets were, and sections of a thing
a description is for."""

from __future__ import annotations

from typing import Any

import pytest

from redraft.criteria import compile_checks


def specs(prompt: str) -> list[dict[str, Any]]:
    return [c.spec.model_dump(mode="json") for c in compile_checks(prompt)]


def kinds(prompt: str) -> list[str]:
    return [spec["kind"] for spec in specs(prompt)]


@pytest.mark.parametrize(
    "prompt",
    [
        "Write a news headline about a robot chef. No period, under 12 words.",
        "Give me a tagline for my bakery, no period.",
        "Suggest a slogan for a gym, with no full stop.",
        "Write an email subject line about the sale, with no period.",
    ],
)
def test_one_period_banned_for_a_one_line_piece_is_its_final_mark(prompt: str) -> None:
    found = kinds(prompt)
    assert "no_final_mark" in found
    assert "forbidden_chars" not in found


@pytest.mark.parametrize(
    ("prompt", "kind"),
    [
        ("Write a story with no periods.", "forbidden_chars"),
        ("Write a paragraph about cats. No periods anywhere.", "forbidden_chars"),
        ("Write a story with no commas.", "forbidden_chars"),
    ],
)
def test_periods_banned_everywhere_stay_a_ban(prompt: str, kind: str) -> None:
    assert kind in kinds(prompt)
    assert "no_final_mark" not in kinds(prompt)


@pytest.mark.parametrize(
    "prompt",
    [
        "The headline had no period, is that OK?",
        "Why do newspapers print headlines with no period?",
    ],
)
def test_a_period_talked_about_compiles_nothing(prompt: str) -> None:
    assert kinds(prompt) == []


@pytest.mark.parametrize(
    "prompt",
    [
        "The word 'data' appears 14 times in my thesis abstract. Is that a problem?",
        "'Synergy' appears 6 times in our mission statement, which feels like a lot.",
        "The term 'leverage' is used 9 times in this memo — how do I cut it down?",
    ],
)
def test_a_word_counted_in_the_writers_own_text_is_no_keyword_count(prompt: str) -> None:
    assert "keyword" not in kinds(prompt)


@pytest.mark.parametrize(
    "prompt",
    [
        "Write a paragraph in which the word 'heat' appears at least 4 times.",
        "The word 'river' should appear 3 times in your answer.",
        "Make sure the word 'calm' appears exactly twice in the response.",
    ],
)
def test_a_word_counted_in_the_answer_stays(prompt: str) -> None:
    assert "keyword" in kinds(prompt)


@pytest.mark.parametrize(
    "prompt",
    [
        "Write a tweet announcing our new feature: checklists with up to 10 items.",
        "Write a blog post about to-do lists of 5 items and why they work.",
        "Draft an ad promoting packing lists with at least 20 items for campers.",
    ],
)
def test_lists_a_piece_is_about_are_not_its_items(prompt: str) -> None:
    assert not {"item_count", "bullet_count", "numbered_count"} & set(kinds(prompt))


@pytest.mark.parametrize(
    "prompt",
    [
        "Make a packing list. At least 10 items.",
        "Make a checklist for moving house. At least 8 items.",
        "Give me a to-do list for Saturday. No more than 5 items.",
    ],
)
def test_the_list_asked_for_keeps_its_count(prompt: str) -> None:
    assert {"item_count", "bullet_count", "numbered_count"} & set(kinds(prompt))


@pytest.mark.parametrize(
    "prompt",
    [
        "Write a note to the designer: the old slides had bullets using '•' and the "
        "client hated them.",
        "Our last report used dashes for bullets. Write a summary of the quarter.",
        "My previous deck had bullets with asterisks; now write a pitch for the app.",
    ],
)
def test_bullets_another_text_had_are_no_marker_rule(prompt: str) -> None:
    assert "list_marker" not in kinds(prompt)


@pytest.mark.parametrize(
    "prompt",
    [
        "Use dashes for bullets and list five fruits.",
        "List 4 tips, bullets using '•'.",
        "Use asterisks for bullets and list three rivers.",
    ],
)
def test_bullets_asked_keep_their_marker(prompt: str) -> None:
    assert "list_marker" in kinds(prompt)


@pytest.mark.parametrize(
    "prompt",
    [
        "Write a product description for a planner with sections labelled Morning, "
        "Afternoon and Evening.",
        "Write a review of a cookbook with sections titled 'Soups' and 'Breads'.",
        "Write an ad for a notebook with the headings 'Ideas' and 'Tasks' printed on each page.",
    ],
)
def test_sections_of_the_thing_described_are_not_the_answers(prompt: str) -> None:
    assert "named_sections" not in kinds(prompt)


@pytest.mark.parametrize(
    "prompt",
    [
        "Write a report on remote work with sections labelled Benefits, Risks and Advice.",
        "Use the headings 'Summary', 'Risks' and 'Next steps'.",
        "Give me the pros and cons of scooters under the headings 'Pros' and 'Cons'.",
    ],
)
def test_sections_asked_of_the_answer_stay(prompt: str) -> None:
    assert "named_sections" in kinds(prompt)


@pytest.mark.parametrize(
    ("prompt", "phrase"),
    [
        ('Empieza con "Hola amigos" y escribe un saludo.', "Hola amigos"),
        ("Comece com 'Olá' e escreva uma saudação curta.", "Olá"),
        ("Commencez votre réponse par « Bonjour » puis présentez-vous.", "Bonjour"),
    ],
)
def test_a_start_asked_in_spanish_portuguese_or_french(prompt: str, phrase: str) -> None:
    assert {"kind": "starts_with", "phrase": phrase} in [
        {k: v for k, v in s.items() if k in ("kind", "phrase")} for s in specs(prompt)
    ]


@pytest.mark.parametrize(
    "prompt",
    [
        'Mi carta empieza con "Querido Juan", ¿está bien?',
        'La historia comienza con "Había una vez". Resúmela.',
        "Le roman commence par « Longtemps », pourquoi ?",
    ],
)
def test_a_start_of_something_else_abroad_compiles_nothing(prompt: str) -> None:
    assert "starts_with" not in kinds(prompt)
