"""The script families: only ASCII characters, and the writing system of the
answer's letters; the ASCII repair, the phrasings that compile and the near
misses that must not."""

from __future__ import annotations

import pytest

from _repaired import repaired_run
from redraft.core._repair import apply_repairs
from redraft.criteria import CHECK_SPEC_ADAPTER, SpecCheck, compile_checks, measure_text
from redraft.criteria._families import AsciiOnly, FamilySpec, ScriptRule

ASCII = AsciiOnly()
NO_LATIN = ScriptRule(script="Latin", rule="none")
ONLY_HAN = ScriptRule(script="Han", rule="only")
ONLY_CYRILLIC = ScriptRule(script="Cyrillic", rule="only")
SOME_HANGUL = ScriptRule(script="Hangul", rule="some")

# Labelled by reading: (spec, answer, passes).
LABELLED: list[tuple[FamilySpec, str, bool]] = [
    (ASCII, "Plain text, with 'straight' quotes - and dashes...", True),
    (ASCII, "It’s done.", False),  # a curly apostrophe
    (ASCII, "Fast — really fast.", False),  # an em dash
    (ASCII, "Ship it 🚀", False),
    (ASCII, "Café au lait", False),
    (ASCII, "tidyfs: tidy your folders.\n\n    $ tidyfs --help", True),
    (ASCII, "", True),
    (ASCII, "Price: 5 EUR", True),
    (ASCII, "Price: 5 €", False),
    (ASCII, "a\u00a0b", False),  # a no-break space is not ASCII
    (ASCII, "Tabs\tand\nnewlines are ASCII.", True),
    (ASCII, "x = {'a': [1, 2]} # ok ~ ^ | \\", True),
    (ASCII, "naïve", False),
    (ASCII, "Step 1 → step 2", False),
    (ASCII, "10 × 10", False),
    (ASCII, "«quoted»", False),
    (ASCII, "Use -- for a dash.", True),
    (ASCII, "Wait…", False),  # the one-character ellipsis
    (ASCII, "Wait...", True),
    (ASCII, "Temperature: 20°C", False),
    (NO_LATIN, "京都は秋が一番です。", True),
    (NO_LATIN, "京都は秋 (aki) が一番です。", False),
    (NO_LATIN, "2024年、京都。", True),  # digits belong to every script
    (NO_LATIN, "Kyoto wa aki desu", False),
    (NO_LATIN, "🍁 京都", True),
    (ONLY_HAN, "四是四，十是十。", True),
    (ONLY_HAN, "四是四 sì shì sì", False),
    (ONLY_HAN, "四はよん", False),  # kana are another script
    (ONLY_HAN, "123", False),  # no letters: in no script
    (ONLY_CYRILLIC, "Привет, мир! 2024", True),
    (ONLY_CYRILLIC, "Привет, world!", False),
    (ONLY_CYRILLIC, "Привет — «мир».", True),
    (SOME_HANGUL, "감사합니다 [gam-sa-ham-ni-da]", True),
    (SOME_HANGUL, "gamsahamnida", False),
    (SOME_HANGUL, "ありがとう", False),
    (ScriptRule(script="Greek", rule="some"), "Alpha is α.", True),
    (ScriptRule(script="Greek", rule="none"), "Alpha is α.", False),
    (ONLY_CYRILLIC, "", False),  # no letters: in no script
    (NO_LATIN, "", True),
    (SOME_HANGUL, "Thank you: 감사합니다", True),
]


@pytest.mark.parametrize(("spec", "answer", "passes"), LABELLED)
def test_the_measures_agree_with_labelled_answers(
    spec: FamilySpec, answer: str, passes: bool
) -> None:
    outcome = measure_text(spec, answer)
    assert outcome.passed is passes, outcome.reason
    if not passes:
        assert outcome.suggestion


def test_the_corrections_show_the_characters_found() -> None:
    said = measure_text(ASCII, "It’s done — ship it 🚀").suggestion
    assert said is not None and said.startswith("Your answer has 3 non-ASCII characters (’ — 🚀)")
    assert measure_text(NO_LATIN, "京都 (Kyoto)").suggestion == (
        "Your answer has 5 Latin letters (K y o t). Remove every word written in Latin letters."
    )
    said = measure_text(ONLY_CYRILLIC, "Привет, world").suggestion
    assert said is not None and "5 other letters" in said


def test_the_specs_round_trip() -> None:
    for spec in (ASCII, NO_LATIN, SOME_HANGUL):
        assert CHECK_SPEC_ADAPTER.validate_json(CHECK_SPEC_ADAPTER.dump_json(spec)) == spec
    assert ONLY_HAN.describe() == "only Han letters"
    with pytest.raises(ValueError, match="script"):
        CHECK_SPEC_ADAPTER.validate_python({"kind": "script", "script": "Elvish", "rule": "only"})


@pytest.mark.parametrize(
    ("answer", "repaired", "passes"),
    [
        ("It’s “done” — really…", 'It\'s "done" - really...', True),
        ("Ship it 🚀 today ✅", "Ship it today", True),
        ("Thumbs 👍🏽 up", "Thumbs up", True),
        ("Café — open", "Café - open", False),  # a letter is left for the redraft
        ("already plain", "already plain", True),
    ],
)
def test_the_ascii_repair_fixes_punctuation_and_symbols_only(
    answer: str, repaired: str, passes: bool
) -> None:
    assert apply_repairs(answer, [{"op": "to_ascii"}]) == repaired
    assert measure_text(ASCII, repaired).passed is passes
    if answer != repaired:
        assert SpecCheck(ASCII)._measured(answer).data["repair"] == {"op": "to_ascii"}


async def test_the_loop_makes_the_ascii_repair_without_a_model_call() -> None:
    prompt = "Use only ASCII characters. Describe the tool in one line."
    result = await repaired_run(prompt, "tidyfs — keeps your folders “tidy” ✨")
    assert result.final_answer == 'tidyfs - keeps your folders "tidy"'


def compiled(prompt: str) -> list[object]:
    return [c.spec for c in compile_checks(prompt) if isinstance(c.spec, AsciiOnly | ScriptRule)]


@pytest.mark.parametrize(
    ("prompt", "expected"),
    [
        ("Use only ASCII characters.", [ASCII]),
        ("Write the changelog entry in plain ASCII.", [ASCII]),
        ("Output must be ASCII-only.", [ASCII]),
        ("Reply with nothing but ASCII characters, please.", [ASCII]),
        ("Reply in Cyrillic only.", [ONLY_CYRILLIC]),
        ("Write a short verse using only Cyrillic letters.", [ONLY_CYRILLIC]),
        ("Answer in Japanese, no romaji: how do I say good morning?", [NO_LATIN]),
        ("Give me a short poem in Mandarin without pinyin.", [NO_LATIN]),
        ("Write a proverb in Chinese characters only.", [ONLY_HAN]),
        ("Write the Korean in Hangul.", [SOME_HANGUL]),
        ("Respond in Greek script only.", [ScriptRule(script="Greek", rule="only")]),
        ("Summarise it in Hindi, Devanagari only.", [ScriptRule(script="Devanagari", rule="only")]),
        ("Write a haiku. No kanji.", [ScriptRule(script="Han", rule="none")]),
    ],
)
def test_phrasings_that_compile(prompt: str, expected: list[object]) -> None:
    assert compiled(prompt) == expected


@pytest.mark.parametrize(
    "prompt",
    [
        "Is ASCII only enough for a README?",
        "Explain what ASCII is.",
        "Write the title in Cyrillic only.",
        "My file has only ASCII characters; why does it fail to load?",
        "If you can, use only ASCII characters.",
        'Translate "Cyrillic only" into French.',
        "What is pinyin?",
        "Compare Hangul with Chinese characters.",
        "The sign was written in Greek letters only, tell me what it says.",
        "Ideally no romaji.",
        "Use Latin letters and Cyrillic letters.",
        "Why do people write with no romaji?",
        "Keep the will in plain English with no Latin.",  # Latin words, not letters
    ],
)
def test_near_misses_compile_nothing(prompt: str) -> None:
    assert compiled(prompt) == []
