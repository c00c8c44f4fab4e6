"""Words and letters that must or must not appear, in the writer's own
wordings (lipograms, bans, required words, case): the phrasings that compile
and the near misses that must compile nothing of the kind."""

from __future__ import annotations

import pytest

from _compiled_specs import banned_letters as _letters
from _compiled_specs import specs_of_kind as _specs
from redraft.criteria import compile_checks


@pytest.mark.parametrize(
    ("prompt", "letters"),
    [
        ("Write a fortune-cookie message, no letter 'i' at all.", ["i"]),
        ("Give me a 4-line verse about the sea with no letter 'e' anywhere.", ["e"]),
        ("Write a short paragraph. Avoid the letter 'z' entirely.", ["z"]),
        ("Describe a rainy day, avoiding the letter q.", ["q"]),
        ("Write a rule description without the letter 'a'.", ["a"]),
        (
            "Explain the offside rule without using the letters 'z', 'q' or 'x'.",
            ["q", "x", "z"],
        ),
        ("Describe your weekend, but exclude every word containing the letter 'o'.", ["o"]),
        ("Write a tweet. Do not use the letters 'k' and 'w'.", ["k", "w"]),
    ],
)
def test_letter_bans_compile(prompt: str, letters: list[str]) -> None:
    assert _letters(prompt) == letters


@pytest.mark.parametrize(
    "prompt",
    [
        "Write a poem. No letter 'e' in the title.",
        "Write a poem. Avoid the letter 'z' in the first line.",
        "I once wrote a poem with no letter 'e'. Write me a haiku about autumn.",
        "Write a poem where every line has no letter 'e'.",
        "Rewrite this text, which avoids the letter 'e': \"A big cat sat.\"",
        "Write a story. Each character's name should avoid the letter 'x'.",
        "Write a poem with no letters at all capitalized.",
        "Write a haiku with no letter count limit.",
        "If you can, avoid the letter 'z'.",
        "Could you write a haiku with no letter 'e'? Is it even possible?",
        "Write a poem; you don't have to avoid the letter 'e'.",
    ],
)
def test_letter_ban_near_misses(prompt: str) -> None:
    assert _letters(prompt) == []


def _cases(prompt: str) -> list[str]:
    return [str(s["case"]) for s in _specs(prompt, "letter_case")]


@pytest.mark.parametrize(
    ("prompt", "case"),
    [
        ("I need a list of 10 words. Just the words, lowercase, one per line.", "lower"),
        (
            "Give me an alphabet: all 26 letters, each exactly once, uppercase, no separators.",
            "upper",
        ),
        (
            "8 adjectives for a teacher, every one starting with a vowel, in alphabetical "
            "order, lowercase, comma-separated.",
            "lower",
        ),
        ("Word list: 12 words, each between 4 and 9 letters, all uppercase, no repeats.", "upper"),
        ("write ten words for 'happy'. lowercase pls", "lower"),
        ("write a text for my sister. no capital letters at all, max 2 emojis", "lower"),
        ("Write a note. The whole thing must be in lowercase, and keep it short.", "lower"),
        ("Give me 5 anagrams, one per line. All letters uppercase.", "upper"),
    ],
)
def test_case_wordings_compile(prompt: str, case: str) -> None:
    assert _cases(prompt) == [case]


@pytest.mark.parametrize(
    "prompt",
    [
        "Give me 3 titles, uppercase, then a paragraph about each.",
        "Write a poem. The title, uppercase.",
        "Give me 10 words; 5 of them lowercase, the rest uppercase.",
        "Give me 5 names, not lowercase, please.",
        "If you list the words, lowercase, please.",
        "Give me the headings, uppercase.",
        "The whole thing doesn't have to be in lowercase.",
        "Write a story. The whole thing must be in lowercase except names.",
        "List 4 slogans, each on its own line, uppercase, then explain each one.",
        "My essay has no capital letters at all. Fix the grammar.",
        "Perhaps the whole thing could be in lowercase.",
    ],
)
def test_case_near_misses(prompt: str) -> None:
    assert _cases(prompt) == []


def _banned(prompt: str) -> list[list[str]]:
    return [list(s["words"]) for s in _specs(prompt, "forbidden_words")]  # type: ignore[call-overload]


@pytest.mark.parametrize(
    ("prompt", "words"),
    [
        (
            "Write a blurb. Never use these words: eligible, entitlement, claimant, thereof.",
            [["eligible", "entitlement", "claimant", "thereof"]],
        ),
        ("Write a blurb. Avoid these words: cheap, deal.", [["cheap", "deal"]]),
        ("Write a blurb. Leave out the word 'synergy'.", [["synergy"]]),
        ("Write a blurb. Omit the phrase 'act now'.", [["act now"]]),
        ('Write a blurb. Keep the word "synergy" out.', [["synergy"]]),
        (
            "Write a blurb. Keep the words 'synergy' and 'leverage' out of it.",
            [["synergy", "leverage"]],
        ),
    ],
)
def test_ban_wordings_compile(prompt: str, words: list[list[str]]) -> None:
    assert _banned(prompt) == words


@pytest.mark.parametrize(
    "prompt",
    [
        "Write a blurb. Avoid these words in the title: cheap, deal.",
        "Here's my draft; I avoided these words: cheap, deal. Improve it.",
        "Write a blurb. Leave out the word 'synergy' in the intro.",
        "Write a blurb. Keep the word 'synergy' out of the title.",
        "Write a blurb. Keep the word 'synergy' outside the quotes.",
        "My boss keeps the word 'synergy' out of his emails. Write a blurb.",
        "Write a blurb. Don't include the word count.",
        "Write a blurb. Leave out the word count.",
        "Write a blurb. There is no word limit.",
    ],
)
def test_ban_near_misses(prompt: str) -> None:
    assert _banned(prompt) == []


def _required(prompt: str) -> list[tuple[str, str, int]]:
    return [
        (str(s["keyword"]), str(s["relation"]), int(str(s["value"])))
        for s in _specs(prompt, "keyword")
    ]


@pytest.mark.parametrize(
    ("prompt", "expected"),
    [
        ("Write a poem about the sea. Make sure 'tide' comes up.", [("tide", "at_least", 1)]),
        (
            'Write a poem. Make sure the word "tide" comes up somewhere.',
            [("tide", "at_least", 1)],
        ),
        (
            'Write a poem. Work in the phrase "salt and light".',
            [("salt and light", "at_least", 1)],
        ),
        ("Write an ad. Reference our slogan 'Grow gently'.", [("Grow gently", "at_least", 1)]),
        ('Write a poem. The word "harbor" has to be in there.', [("harbor", "at_least", 1)]),
        ("Write a poem where 'tide' comes up twice.", [("tide", "exactly", 2)]),
    ],
)
def test_required_word_frames_compile(prompt: str, expected: list[tuple[str, str, int]]) -> None:
    assert _required(prompt) == expected


@pytest.mark.parametrize(
    "prompt",
    [
        "Tell me why 'literally' comes up so often in speech.",
        "Write a poem. If 'tide' comes up, rhyme it.",
        "My teacher said the word 'tide' has to be in there. Is that true?",
        "Write a poem. Make sure 'tide' comes up in the title.",
        "Write a poem. Work in the phrase 'salt and light' or 'sea and sky'.",
        "Write a speech. I hate when the word 'synergy' comes up.",
        "Write a poem. Reference the phrase 'to be or not to be' before the end.",
    ],
)
def test_required_word_near_misses(prompt: str) -> None:
    assert _required(prompt) == []


def _each(prompt: str) -> list[tuple[str, str]]:
    return [
        (str(s["part"]), str(s["keyword"]))
        for s in _specs(prompt, "each_contains")
        if s["what"] == "keyword"
    ]


@pytest.mark.parametrize(
    ("prompt", "expected"),
    [
        ("Write an ad. The word 'ride' should appear in every sentence.", [("sentence", "ride")]),
        ("Write a poem. 'Team' must occur in each line.", [("line", "Team")]),
        (
            "Write a paragraph where the word 'ice' appears in every sentence.",
            [("sentence", "ice")],
        ),
    ],
)
def test_word_in_every_part_compiles(prompt: str, expected: list[tuple[str, str]]) -> None:
    assert _each(prompt) == expected


@pytest.mark.parametrize(
    "prompt",
    [
        "Write an ad. I noticed the word 'ride' appears in every sentence of your last draft.",
        "Write an ad. Should the word 'ride' appear in every sentence?",
        "Write an ad where the word 'ride' appears in every sentence except the last.",
    ],
)
def test_word_in_every_part_near_misses(prompt: str) -> None:
    assert _each(prompt) == []


def _ends(prompt: str, system: str | None = None) -> list[str]:
    return [
        str(c.spec.model_dump()["phrase"])
        for c in compile_checks(prompt, system=system)
        if c.spec.kind == "ends_with"
    ]


@pytest.mark.parametrize(
    ("prompt", "system", "phrases"),
    [
        ("Write a bio. It must have a question at the end to start a chat.", None, ["?"]),
        ("Write a slogan. Put an exclamation mark at the end.", None, ["!"]),
        (
            "Write a gym quote. No punctuation at all except one exclamation mark at the very end.",
            None,
            ["!"],
        ),
        (
            "Write a welcome email.",
            "You are a copywriter. Every response ends with our slogan: grow gently.",
            ["grow gently."],
        ),
        (
            "I open the crypt door.",
            "You are the Game Master. End every turn with the exact line: What do you do?",
            ["What do you do?"],
        ),
    ],
)
def test_end_wordings_compile(prompt: str, system: str | None, phrases: list[str]) -> None:
    assert _ends(prompt, system) == phrases


@pytest.mark.parametrize(
    "prompt",
    [
        "Write a poem. Each line should have a period at the end.",
        "Write a poem. Put a question mark at the end of each line.",
        "Write a story with a question at the end and a moral at the start.",
        "Does my bio need a question at the end?",
        "Write a note. My draft has a period at the end.",
        "Write an intro with a question at the end of the first paragraph.",
        "Write an ad. Our slogan: grow gently.",
        "Write an email. My old boss always ended with the line: see you soon.",
    ],
)
def test_end_wording_near_misses(prompt: str) -> None:
    assert _ends(prompt) == []


def _chars(prompt: str) -> list[str]:
    return [str(s["chars"]) for s in _specs(prompt, "forbidden_chars")]


@pytest.mark.parametrize(
    ("prompt", "chars"),
    [
        ("Write a paragraph that uses three semicolons and not a single comma.", [","]),
        ("Write a poem with not one exclamation mark.", ["!"]),
        ("Write a fact sheet. Write all numbers in words, never as digits.", ["0123456789"]),
        ("Write a story. Spell out numbers as words.", ["0123456789"]),
        ("Write a story. Do not include any numbers written as digits.", ["0123456789"]),
        ("Write a report. Never use the % sign; write per cent.", ["%"]),
        ("Write a note, no € sign.", ["€"]),
    ],
)
def test_char_bans_compile(prompt: str, chars: list[str]) -> None:
    assert _chars(prompt) == chars


@pytest.mark.parametrize(
    "prompt",
    [
        "Write a poem. It's not a single comma that matters.",
        "Write a story. Spell out numbers under ten as words.",
        "Write a story. Spell out numbers as words except years.",
        "Write a story. Write numbers in words in the title.",
        "Is it better to write numbers as words?",
        "My editor told me to spell out numbers as words. Write a poem.",
        "Write a price list, with a $ sign before each price.",
        "Write a note, no $ signs in the subject line.",
        "If you can, spell out numbers as words.",
    ],
)
def test_char_ban_near_misses(prompt: str) -> None:
    assert _chars(prompt) == []


def _starts(prompt: str) -> list[str]:
    return [str(s["phrase"]) for s in _specs(prompt, "starts_with")]


@pytest.mark.parametrize(
    ("prompt", "starts", "ends"),
    [
        ("Write a post. Kick things off with 'Big news!'.", ["Big news!"], []),
        ("Write a post. Lead with 'Big news!'.", ["Big news!"], []),
        ("Write a poem. Finish on the word 'home'.", [], ["home"]),
        ("Write a poem. End on the word home.", [], ["home"]),
        ("My article leads with 'Big news!'. Rewrite it shorter.", [], []),
        ("Write a poem. Don't lead with 'Once upon a time'.", [], []),
        ("Write a poem. End on a high note.", [], []),
        ("Write a poem. My last one ended on the word 'home'.", [], []),
    ],
)
def test_lead_and_finish_on_wordings(prompt: str, starts: list[str], ends: list[str]) -> None:
    assert (_starts(prompt), _ends(prompt)) == (starts, ends)
