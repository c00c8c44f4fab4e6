"""The language family: a sentence that says the answer's language is the
only one compiles a language check; a language named for anything else
(a question about a word, what someone speaks, a style) compiles nothing."""

from __future__ import annotations

import pytest

from redraft.criteria import Language, compile_checks


def languages(prompt: str) -> list[tuple[str, str]]:
    return [
        (c.spec.language, c.source_text or "")
        for c in compile_checks(prompt)
        if isinstance(c.spec, Language)
    ]


@pytest.mark.parametrize(
    ("prompt", "code", "span"),
    [
        (
            "Is a hot dog a sandwich? Please respond using only the Kannada language, "
            "no other language is allowed.",
            "kn",
            "using only the Kannada language",
        ),
        ("Tell me about volcanoes, entirely in Swahili.", "sw", "entirely in Swahili"),
        ("Why is the sky blue? Please respond to me only in Korean.", "ko", "only in Korean"),
        ("Please answer using only Portuguese.", "pt", "using only Portuguese"),
        ("Write a short bio in Dutch only.", "nl", "in Dutch only"),
        (
            "Your whole reply must use only the Polish language.",
            "pl",
            "use only the Polish language",
        ),
        ("Describe a market day completely in Turkish.", "tr", "completely in Turkish"),
        (
            "Write a limerick about a cat in Italian, no other language is allowed.",
            "it",
            "in Italian",
        ),
        (
            "Outside of Greek, no other language is allowed throughout your entire response.",
            "el",
            "Outside of Greek, no other language",
        ),
        (
            "Explain tides to a child. No other language except Vietnamese is allowed.",
            "vi",
            "No other language except Vietnamese",
        ),
        (
            "Give me three packing tips, only using the Hindi language.",
            "hi",
            "only using the Hindi language",
        ),
    ],
)
def test_one_language_for_the_whole_answer_compiles(prompt: str, code: str, span: str) -> None:
    assert languages(prompt) == [(code, span)]


@pytest.mark.parametrize(
    "prompt",
    [
        "How do you say hello in Spanish?",
        "My grandmother speaks only Korean; write her a birthday message.",
        "The manual is written entirely in German. Summarize its main points.",
        "Ideally, respond entirely in Spanish.",
        "If you can, reply only in German.",
        "Write a story about a boy who only speaks in French.",
        "Use only English words of one syllable.",
        "Describe the Eiffel tower entirely in French style.",
        "Write the lyrics in English and French, no other language is allowed.",
        "You don't have to answer only in Japanese.",
    ],
)
def test_a_language_named_for_something_else_compiles_nothing(prompt: str) -> None:
    assert languages(prompt) == []


@pytest.mark.parametrize(
    ("prompt", "code"),
    [
        ("Translate this into German.", "de"),
        ("Please translate the email below from English to Spanish.", "es"),
        ('Translate "good morning" into Italian.', "it"),
        ("Translate to dutch and keep it short.", "nl"),
        # what is translated, and for whom, between the verb and the language
        ("Translate this school notice into Spanish for our families.", "es"),
        ("Please translate this notice for our hostel guests into English.", "en"),
        ("Subtitle this line of dialogue into French.", "fr"),
        ("Localise this app string list into German.", "de"),
        # Two languages named, but the answer is the translation: in English.
        ("Translate this from German into English, no other language is allowed.", "en"),
    ],
)
def test_a_translation_is_written_in_its_target_language(prompt: str, code: str) -> None:
    found = [c.spec for c in compile_checks(prompt) if isinstance(c.spec, Language)]
    assert [spec.language for spec in found] == [code]


@pytest.mark.parametrize(
    "prompt",
    [
        'How do I translate "cat" into German?',
        "Translate this into French and Spanish.",
        "Don't translate it into German.",
        "Translate this to German, then explain the grammar in English.",
        "My colleague needs to translate the manual into Greek.",
        "Translate this to see if it fits into French grammar.",
        "Localise these strings and then write the release note into German and French.",
        "Could you check whether they will translate the leaflet for patients into Polish?",
        "If you can, translate this into Italian.",
    ],
)
def test_translation_near_misses_compile_nothing(prompt: str) -> None:
    assert not [c for c in compile_checks(prompt) if isinstance(c.spec, Language)]
