"""The answer's language read from the request as a whole: a standing rule
that ties it to the person writing in, and a request written in another
language than English that names none. Each compiles only when the detector
places every readable sentence in one language."""

from __future__ import annotations

import pytest

from redraft.criteria import Language, compile_checks

GERMAN = "Hallo, mein Schreibtisch fährt nicht mehr hoch. Der Motor brummt nur noch."
FRENCH = "Bonjour, je voudrais savoir quand ma commande arrivera, merci beaucoup."
ENGLISH = "Hi, how many days of annual leave do I get in my first year here?"


def languages(prompt: str, system: str | None = None) -> list[tuple[str, str, str | None]]:
    return [
        (c.spec.language, c.source_text or "", c.source)
        for c in compile_checks(prompt, system=system)
        if isinstance(c.spec, Language)
    ]


@pytest.mark.parametrize(
    ("system", "prompt", "code", "said"),
    [
        (
            "You are a support agent.\n- Reply in the same language the customer writes in.",
            GERMAN,
            "de",
            "Reply in the same language the customer writes in",
        ),
        (
            "Always answer in the user's language.",
            FRENCH,
            "fr",
            "answer in the user's language",
        ),
        (
            "You are an HR bot. Answer in the language the employee writes in.",
            ENGLISH,
            "en",
            "Answer in the language the employee writes in",
        ),
        (
            "Respond in whatever language the guest uses; keep it short.",
            FRENCH,
            "fr",
            "Respond in whatever language the guest uses",
        ),
        (
            "Never use emojis; reply in the customer's language.",
            GERMAN,
            "de",
            "reply in the customer's language",
        ),
        (
            "Replies must match the customer's language.",
            GERMAN,
            "de",
            "Replies must match the customer's language",
        ),
    ],
)
def test_a_rule_tying_the_language_to_the_writer_reads_the_prompt(
    system: str, prompt: str, code: str, said: str
) -> None:
    assert languages(prompt, system) == [(code, said, "system")]


def test_the_rule_in_the_prompt_reads_what_follows_it() -> None:
    prompt = (
        "Reply to this review in the same language as the review: "
        '"Camera pulita ma il Wi-Fi non funzionava e la colazione era fredda."'
    )
    assert languages(prompt) == [
        ("it", "Reply to this review in the same language as the review", "prompt")
    ]


@pytest.mark.parametrize(
    ("system", "prompt"),
    [
        # negated, hedged
        ("Never reply in the same language as the customer.", GERMAN),
        ("If possible, reply in the customer's language.", GERMAN),
        ("Ideally respond in the user's language.", FRENCH),
        # the writer mixes two languages: which one is theirs is unclear
        (
            "Answer in the language the employee writes in.",
            "Hi! Wie viele Urlaubstage habe ich? I started in March and my manager said twenty.",
        ),
        # too short to tell
        ("Reply in the same language the customer writes in.", "Hallo!"),
        # a language named outright wins over the rule
        ("Reply in the customer's language.", GERMAN + " Please answer in English."),
    ],
)
def test_writer_rule_near_misses_add_nothing(system: str, prompt: str) -> None:
    found = languages(prompt, system)
    assert all(code == "en" for code, _, _ in found), found
    if "English" not in prompt:
        assert found == []


@pytest.mark.parametrize(
    ("prompt", "code"),
    [
        ("Escribe un poema corto sobre el mar y las olas de la tarde.", "es"),
        (
            "Напиши короткое поздравление с днём рождения для коллеги. Максимум 40 слов.",
            "ru",
        ),
        ("Schreib mir bitte eine kurze Einladung zum Sommerfest unseres Vereins.", "de"),
        ("Écris-moi un petit message pour remercier mes voisins de leur aide.", "fr"),
        ("Scrivimi una breve ricetta per la pasta al pomodoro, per favore.", "it"),
    ],
)
def test_a_request_in_another_language_is_answered_in_it(prompt: str, code: str) -> None:
    found = languages(prompt)
    assert [c for c, _, _ in found] == [code]
    assert found[0][1] and found[0][1] in prompt


@pytest.mark.parametrize(
    "prompt",
    [
        # translating, in the request's own words
        "Traduce esta frase: el gato duerme en la mesa de la cocina.",
        "Écris un petit poème sur la mer dans une autre langue que le français.",
        # an English instruction with pasted text in another language
        "Summarise this review in two sentences: Camera pulita ma il Wi-Fi non funzionava "
        "e la colazione era fredda.",
        'Fix the grammar of "Yo tengo veinte años y vivo en un ciudad grande."',
        # English asks for nothing here: people who write English are not told so
        "Write a short poem about the sea, please, with a gentle ending.",
        # too short to tell
        "Hola!",
    ],
)
def test_request_language_near_misses_add_nothing(prompt: str) -> None:
    assert languages(prompt) == []


@pytest.mark.parametrize(
    "prompt",
    [
        "Escribe un poema corto sobre el mar, pero en inglés.",
        "Schreib mir bitte eine kurze Einladung zum Sommerfest, aber auf Englisch.",
    ],
)
def test_a_language_named_in_the_requests_own_words_is_the_answers(prompt: str) -> None:
    # the language the request names, never the one it is written in
    assert [found[0] for found in languages(prompt)] == ["en"]


def test_a_translation_source_named_before_a_noun_is_where_the_text_comes_from() -> None:
    prompt = (
        "Translate this instruction from our Polish warehouse into English: "
        '"Etykiety drukuj tylko wielkimi literami."'
    )
    assert [c for c, _, _ in languages(prompt)] == ["en"]
    # two targets: no one language
    assert languages("Translate this note from our French supplier into English and Spanish.") == []
