"""Counts asked in wordings the count grammar did not read: questions the
answer asks ("ask at most 2 questions", "limit yourself to one question per
turn", "every reply must contain exactly one question"); each beside the
near misses that must compile nothing of that kind."""

from __future__ import annotations

import pytest

from redraft.criteria import compile_checks


def counted(prompt: str, kind: str, system: str | None = None) -> list[tuple[str, int]]:
    return [
        (getattr(c.spec, "relation", ""), getattr(c.spec, "value", -1))
        for c in compile_checks(prompt, system=system)
        if c.spec.kind_name() == kind
    ]


# -- questions the answer asks --------------------------------------------------------


@pytest.mark.parametrize(
    ("prompt", "system", "expected"),
    [
        ("Ask exactly 2 questions about my goals.", None, []),  # "about" a topic is not read
        ("Ask me exactly 2 questions.", None, [("exactly", 2)]),
        ("Hi!", "Always ask the user exactly one follow-up question.", [("exactly", 1)]),
        ("Hi!", "You are a tutor. Ask at most two guiding questions.", [("at_most", 2)]),
        ("Hi!", "Never ask more than one question per reply.", [("at_most", 1)]),
        ("Hi!", "Don't ask more than 3 clarifying questions.", [("at_most", 3)]),
        ("Hi!", "Limit yourself to 2 questions per turn.", [("at_most", 2)]),
        ("Hi!", "Keep your replies to one question.", [("at_most", 1)]),
        ("Hi!", "Every reply must contain exactly one question.", [("exactly", 1)]),
        ("Hi!", "Each response should include at least two questions.", [("at_least", 2)]),
        ("Tell me about Mars. Your answer must contain one question.", None, [("exactly", 1)]),
        ("Please pose no more than two questions.", None, [("at_most", 2)]),
    ],
)
def test_questions_asked(prompt: str, system: str | None, expected: list[tuple[str, int]]) -> None:
    assert counted(prompt, "question_count", system) == expected


@pytest.mark.parametrize(
    ("prompt", "system"),
    [
        # conditional, hedged, asked about, someone else's asking
        ("Hi!", "If something is unclear, ask one clarifying question."),
        ("Hi!", "Maybe ask two questions."),
        ("Should I ask 3 questions in my interview?", None),
        ("The teacher will ask 5 questions. How should I prepare?", None),
        ("Write 3 questions to ask a landlord.", None),
        # spaced out over the conversation, not counted in one reply
        ("Hi!", "Ask one question at a time."),
        # another part's count
        ("Ask 3 questions about each topic.", None),
        ("Ask two questions per section.", None),
        # quoted, described
        ('My tutor\'s rule is "ask at most 2 questions". Is that a good rule?', None),
        ("Hi!", "Users often ask more than 3 questions per session."),
    ],
)
def test_questions_asked_near_misses(prompt: str, system: str | None) -> None:
    assert counted(prompt, "question_count", system) == []


# -- a line count beside a title refused or the last line's own rule -------------------


@pytest.mark.parametrize(
    ("prompt", "expected"),
    [
        ("Write a limerick about a cat; you don't need to give it a title.", [("exactly", 5)]),
        ("Write a haiku about rain, no title.", [("exactly", 3)]),
        ("Compose a 4-line poem without a heading.", [("exactly", 4)]),
        ("Write a limerick about Brexit and make the last line end with 'door'.", [("exactly", 5)]),
        ("Write a sonnet. The final line must rhyme with 'sea'.", [("exactly", 14)]),
    ],
)
def test_line_count_beside_a_refused_title(prompt: str, expected: list[tuple[str, int]]) -> None:
    assert counted(prompt, "line_count") == expected


@pytest.mark.parametrize(
    "prompt",
    [
        # a title or one more line asked: the count may or may not include it
        "Write a haiku about rain and give it a title.",
        "Write a 4-line poem with a title.",
        "Write a 4-line poem, then add a final line with the moral.",
        "Write a 4-line poem and put your name on the last line.",
        # the title is described, not refused
        "Write a 4-line poem. The title should not be in bold.",
    ],
)
def test_line_count_beside_a_title_near_misses(prompt: str) -> None:
    assert counted(prompt, "line_count") == []


# -- a list's count after its form, with no unit of its own ----------------------------


@pytest.mark.parametrize(
    ("prompt", "kind", "expected"),
    [
        (
            "Summarise Hamlet in 3 sentences, then list the main characters as bullet points"
            " — no more than 6.",
            "bullet_count",
            [("at_most", 6)],
        ),
        ("Use a bulleted list (max 5).", "bullet_count", [("at_most", 5)]),
        ("bullets: at least 3, please", "bullet_count", [("at_least", 3)]),
        ("Answer with bullet points (4).", "bullet_count", [("exactly", 4)]),
        (
            "Write the instructions. Numbered steps only, 6 to 8 of them, each step short.",
            "numbered_count",
            [("at_least", 6), ("at_most", 8)],
        ),
        ("Give tips as a numbered list, exactly 10 items.", "numbered_count", [("exactly", 10)]),
        ("Present them in a numbered list — 4 at most.", "numbered_count", [("at_most", 4)]),
    ],
)
def test_count_after_the_form(prompt: str, kind: str, expected: list[tuple[str, int]]) -> None:
    assert counted(prompt, kind) == expected


@pytest.mark.parametrize(
    "prompt",
    [
        # another unit, or each part's
        "Use bullet points, no more than 6 words each.",
        "Use bullet points, max 3 per section.",
        "Use bullet points, at most 4 for each day.",
        "For each day, list activities as bullet points, at most 4.",
        # nested lists, hedged, conditional, asked about, given, relayed
        "Use bullet points with sub-bullets, at most 4.",
        "If you use bullet points, no more than 5.",
        "Maybe use bullet points, 3 to 5.",
        "Use bullet points — 3 is too many?",
        "My notes are in bullet points, about 20 of them.",
        "Convert the bullet points below — all 12 of them — into prose.",
        "Write an email telling my team to list the risks as bullet points, no more than 5.",
    ],
)
def test_count_after_the_form_near_misses(prompt: str) -> None:
    assert counted(prompt, "bullet_count") == []
    assert counted(prompt, "numbered_count") == []


# -- a list's count asked in another language -----------------------------------------


@pytest.mark.parametrize(
    ("prompt", "kind", "expected"),
    [
        (
            "Bitte auf Deutsch antworten und höchstens 5 Stichpunkte verwenden.",
            "bullet_count",
            [("at_most", 5)],
        ),
        ("Utilise au plus 3 puces.", "bullet_count", [("at_most", 3)]),
        ("Responde con máximo 4 viñetas.", "bullet_count", [("at_most", 4)]),
        (
            "Quels sont les avantages du télétravail ? Trois points maximum.",
            "item_count",
            [("at_most", 3)],
        ),
        ("Dame al menos 4 ideas para una fiesta.", "item_count", [("at_least", 4)]),
        ("Nenne mindestens 5 Beispiele.", "item_count", [("at_least", 5)]),
        ("Donne-moi exactement 3 conseils.", "item_count", [("exactly", 3)]),
    ],
)
def test_list_counts_abroad(prompt: str, kind: str, expected: list[tuple[str, int]]) -> None:
    assert counted(prompt, kind) == expected


@pytest.mark.parametrize(
    "prompt",
    [
        # points of something, a bare count, a condition, given text, each part's
        "Il a marqué plus de 10 points de suite. Pourquoi ?",
        "Escribe 5 ideas.",
        "Si tu veux, au moins 3 idées.",
        "Mein Text hat höchstens 5 Stichpunkte.",
        "Pour chaque section, au plus 3 puces.",
        "¿Puedes darme al menos 4 ideas?",
        "Dame unas 5 ideas, más o menos.",
    ],
)
def test_list_counts_abroad_near_misses(prompt: str) -> None:
    assert counted(prompt, "item_count") == []
    assert counted(prompt, "bullet_count") == []


# -- a count that stands alone, then "each …" after its comma --------------------------


@pytest.mark.parametrize(
    ("prompt", "kind", "expected"),
    [
        (
            "Write a short story. 5 sentences, each on a new line.",
            "sentence_count",
            [("exactly", 5)],
        ),
        ("Write a poem about rain. 4 lines, each starting with R.", "line_count", [("exactly", 4)]),
        ("Describe a storm. Lines: 6, each shorter than the last.", "line_count", [("exactly", 6)]),
        (
            "Write an essay. 3 paragraphs, each with a clear topic.",
            "paragraph_count",
            [("exactly", 3)],
        ),
    ],
)
def test_count_alone_then_each(prompt: str, kind: str, expected: list[tuple[str, int]]) -> None:
    assert counted(prompt, kind) == expected


@pytest.mark.parametrize(
    ("prompt", "kind"),
    [
        # each thing's count, or several things asked before it
        ("Give me 3 slogans. 5 words, each capitalised.", "word_count"),
        ("Write a poem. 4 lines each.", "line_count"),
        ("For each season: 2 sentences, each under 10 words.", "sentence_count"),
        ("My essay has 3 paragraphs, each too long. Shorten it.", "paragraph_count"),
    ],
)
def test_count_alone_then_each_near_misses(prompt: str, kind: str) -> None:
    assert counted(prompt, kind) == []


# -- a request, a colon, then its count -------------------------------------------------


@pytest.mark.parametrize(
    ("prompt", "kind", "expected"),
    [
        (
            "Generate a fake log excerpt: 5 lines, each starting with a timestamp.",
            "line_count",
            [("exactly", 5)],
        ),
        ("Write a poem about rain: 4 lines.", "line_count", [("exactly", 4)]),
        ("Give me a summary of the plot: 3 sentences.", "sentence_count", [("exactly", 3)]),
        (
            "please draft a bio for me: two paragraphs, no headings",
            "paragraph_count",
            [("exactly", 2)],
        ),
    ],
)
def test_count_after_a_request_colon(
    prompt: str, kind: str, expected: list[tuple[str, int]]
) -> None:
    assert counted(prompt, kind) == expected


@pytest.mark.parametrize(
    ("prompt", "kind"),
    [
        # material after the colon, another thing counted, hedged, each part's
        ("Rewrite my poem: 4 lines, about rain.", "line_count"),
        ("Translate this: 3 sentences.", "sentence_count"),
        ("Write something: 5 lines of code that print hello.", "line_count"),
        ("Maybe write a poem: 4 lines.", "line_count"),
        ("Write about my 3 dogs: 2 lines each.", "line_count"),
        ("Here is my draft: 5 lines, each too long.", "line_count"),
    ],
)
def test_count_after_a_request_colon_near_misses(prompt: str, kind: str) -> None:
    assert counted(prompt, kind) == []


# -- "keep it to", "limit yourself to" ---------------------------------------------------


@pytest.mark.parametrize(
    ("prompt", "kind", "expected"),
    [
        ("Keep it to 2 lines.", "line_count", [("exactly", 2)]),
        ("Keep your reply to four lines.", "line_count", [("exactly", 4)]),
        ("Limit it to 6 lines.", "line_count", [("at_most", 6)]),
        ("Limit yourself to 3 sentences.", "sentence_count", [("at_most", 3)]),
        ("restrict yourself to two paragraphs", "paragraph_count", [("at_most", 2)]),
        ("Keep it to 2 emojis.", "emoji_count", [("at_most", 2)]),
    ],
)
def test_keep_it_to(prompt: str, kind: str, expected: list[tuple[str, int]]) -> None:
    assert counted(prompt, kind) == expected


@pytest.mark.parametrize(
    ("prompt", "kind"),
    [
        ("Keep each verse to 4 lines.", "line_count"),
        ("If possible, keep it to 2 lines.", "line_count"),
        ("My teacher said to keep it to 3 lines. Is that enough for a poem?", "line_count"),
        ("Keep the intro to 2 lines, then list the steps.", "line_count"),
    ],
)
def test_keep_it_to_near_misses(prompt: str, kind: str) -> None:
    assert counted(prompt, kind) == []
