"""The answer's language named in the shape of the text asked for ("10
French sentences"), as a labelled setting ("Target language: …"), in the
words of another language ("en inglés"), with a variety ("in European
Portuguese"), and a request opened with "I need"/"I want"."""

from __future__ import annotations

import pytest

from redraft.criteria import Language, compile_checks


def _languages(prompt: str, system: str | None = None) -> list[str]:
    return [
        c.spec.language
        for c in compile_checks(prompt, system=system)
        if isinstance(c.spec, Language)
    ]


@pytest.mark.parametrize(
    ("prompt", "code"),
    [
        ("Write 10 French sentences for my students, each with one verb in the subjunctive.", "fr"),
        ("Give me a Mandarin tongue twister in simplified characters, no pinyin.", "zh"),
        ("Write a short Italian story about a cat.", "it"),
        ("Compose three Spanish haikus about the sea.", "es"),
        ("Draft a German email to my landlord about the broken heater.", "de"),
        ("Te lo pido en inglés porque es para mi jefe: resume la reunión.", "en"),
        ("Schreib mir bitte auf Französisch eine kurze Notiz.", "fr"),
        ("Write the welcome text in European Portuguese.", "pt"),
        ("Describe the festival in Simplified Chinese.", "zh"),
        ("I need a short congratulation for my colleague, in English.", "en"),
        ("I want 5 sentences in Spanish for my students.", "es"),
        ("Replies in Spanish only, whatever language the user writes in.", "es"),
    ],
)
def test_the_language_compiles(prompt: str, code: str) -> None:
    assert _languages(prompt) == [code]


def test_a_target_language_setting_compiles() -> None:
    system = (
        "You are a translator. Output only the translation. Target language: Portuguese (Brazil)."
    )
    assert _languages("Welcome to the setup guide.", system=system) == ["pt"]


@pytest.mark.parametrize(
    "prompt",
    [
        # a cuisine or a place, not a language
        "Write a French recipe for crepes.",
        "Give me a Greek salad plan for the week.",
        # words come with their translations
        "Give me 5 Spanish words for colours.",
        # the answer explains or translates: another language in it
        "Write a German poem and explain what it means.",
        "Write a French poem, then an English version.",
        "Write a Japanese haiku with the romaji under each line.",
        "Write 5 Italian sentences with their translation.",
        # hedged, asked about, or two languages
        "Maybe write a Spanish poem.",
        "Could you write a French poem?",
        "Write a Spanish poem or a French one.",
        "¿Cómo se dice gato en inglés?",
        # the user's own task, not a request for text
        "I need to write a letter in French.",
        "I have a test with 50 questions in French and need 43 to pass.",
        # a source language is no answer's language
        "Source language: English.",
        # "whatever" that leaves it open
        "Write whatever you like in a few lines.",
    ],
)
def test_near_misses_compile_no_language(prompt: str) -> None:
    assert _languages(prompt) == []


def test_an_english_spelling_variety_is_no_language_check() -> None:
    # "American English" asks for a spelling no check reads; it is left unread
    assert _languages("Write in American English.") == []
    assert _languages("Use British English spelling throughout.") == []
