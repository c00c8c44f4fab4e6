"""Positional and format wordings that compiled nothing before: an order said
of the list's own items in a clause of its own ("…, where the items are in
reverse alphabetical order"), "ascending"/"descending" alphabetical order,
"put them in a code block" after asking for several things (at least one), a
signature ("and be signed …"), and a start said in Spanish, French or Portuguese with an
imperative of its own. Each with near misses that must compile nothing."""

from __future__ import annotations

import pytest

from redraft.criteria import compile_checks
from redraft.criteria._families import CodeBlockCount, EndsWith, StartsWith
from redraft.criteria._families._sorted import SortedItems


def specs(prompt: str, kind: type) -> list[object]:
    return [c.spec for c in compile_checks(prompt) if isinstance(c.spec, kind)]


AZ, ZA = SortedItems(order="alphabetical"), SortedItems(order="reverse_alphabetical")


@pytest.mark.parametrize(
    ("prompt", "expected"),
    [
        (
            "Write me a packing list with 10 items, where the items are in reverse alphabetical "
            "order (Z to A).",
            ZA,
        ),
        ("List 5 birds whose names are short, in ascending alphabetical order.", AZ),
        ("List six rivers, and have them sorted alphabetically.", AZ),
        ("Make a shopping list of 8 things with the items in descending alphabetical order.", ZA),
        ("Give me 5 fruits, where they are listed alphabetically.", AZ),
    ],
)
def test_order_of_the_items(prompt: str, expected: SortedItems) -> None:
    assert specs(prompt, SortedItems) == [expected]


@pytest.mark.parametrize(
    "prompt",
    [
        "Review my packing list, where the items are in alphabetical order.",  # given
        "Write me a list where the items are not in alphabetical order.",  # negated
        "Name 4 planets, and they should be in alphabetical order if possible.",  # hedged
        "List the steps, where the items are in alphabetical order of priority.",  # another key
        "Write a story where the items are in alphabetical order.",  # no list asked for
        "Is a list where the items are in alphabetical order easier to read?",  # a question
    ],
)
def test_order_near_misses(prompt: str) -> None:
    assert specs(prompt, SortedItems) == []


@pytest.mark.parametrize(
    "prompt",
    [
        "Generate 8 fake customer IDs. Put them in a code block.",
        "Give me 5 regexes and put them in a code block.",
        "Suggest three shell aliases; place them in a code block please.",
    ],
)
def test_them_in_a_code_block_is_at_least_one(prompt: str) -> None:
    assert specs(prompt, CodeBlockCount) == [
        CodeBlockCount(relation="at_least", value=1, language=None)
    ]


@pytest.mark.parametrize(
    ("prompt", "phrase"),
    [
        (
            "Write a letter to my future self. It should have a date line and be signed "
            "'Yours, Past Me'.",
            "Yours, Past Me",
        ),
        ("Write a short email, signed off as 'Cheers, Tom'.", "Cheers, Tom"),
        ("Write a thank-you card; it must be signed 'The Team'.", "The Team"),
    ],
)
def test_signed(prompt: str, phrase: str) -> None:
    assert specs(prompt, EndsWith) == [EndsWith(phrase=phrase)]


@pytest.mark.parametrize(
    "prompt",
    [
        "Write a story about a treaty signed 'in blood'.",  # not the answer's signature
        "I got a letter, signed 'A Friend'. Who could it be?",  # given
        "Write a card, and it must be signed 'Grandpa' or 'Gramps'.",  # a choice
    ],
)
def test_signed_near_misses(prompt: str) -> None:
    assert specs(prompt, EndsWith) == []


@pytest.mark.parametrize(
    ("prompt", "phrase"),
    [
        (
            "Escríbelo en español, máximo 100 palabras, y empieza con 'Estimado señor Ruiz:'",
            "Estimado señor Ruiz:",
        ),
        ("Escribe un correo y empieza con 'Hola Ana'.", "Hola Ana"),
        ("Écris une lettre à ton voisin et commence par « Cher voisin ».", "Cher voisin"),
        ("Escreva um e-mail curto; comece com 'Prezado cliente'.", "Prezado cliente"),
    ],
)
def test_start_abroad(prompt: str, phrase: str) -> None:
    assert specs(prompt, StartsWith) == [StartsWith(phrase=phrase)]


@pytest.mark.parametrize(
    "prompt",
    [
        "Mi carta empieza con 'Querido Juan'. ¿Está bien?",  # given, and a question
        "Escribe un cuento sobre un niño que empieza con 'Había una vez'.",  # a relative
        "Si puedes, empieza con 'Hola'.",  # a condition
        "Corrige este texto, y empieza con 'Hola'?",  # a question
    ],
)
def test_start_abroad_near_misses(prompt: str) -> None:
    assert specs(prompt, StartsWith) == []
