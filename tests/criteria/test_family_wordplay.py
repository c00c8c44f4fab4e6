"""The word-game families: acrostics, tautograms and pangrams; their measures
on answers labelled by reading, the phrasings that compile and the near
misses that must not."""

from __future__ import annotations

import pytest

from redraft.criteria import CHECK_SPEC_ADAPTER, compile_checks, measure_text
from redraft.criteria._families import Acrostic, FamilySpec, Palindrome, Pangram, Tautogram

TIDE = Acrostic(word="TIDE")
TIDE_SENTENCES = Acrostic(word="TIDE", part="sentence")
S_WORDS = Tautogram(letter="s")
PANGRAM = Pangram()
PALINDROME = Palindrome()

# Labelled by reading: (spec, answer, passes).
LABELLED: list[tuple[FamilySpec, str, bool]] = [
    (TIDE, "Turning water\nIn the moonlight\nDrawn to shore\nEbbing slow", True),
    (TIDE, "turning water\nin the moonlight\ndrawn to shore\nebbing slow", True),  # case aside
    (TIDE, "Turning water\n\nIn the moonlight\n\nDrawn to shore\n\nEbbing slow", True),
    (TIDE, "**Tide**\nTurning water\nIn the moonlight\nDrawn to shore\nEbbing slow", True),
    (TIDE, "# Sea\nTurning water\nIn the moonlight\nDrawn to shore\nEbbing slow", True),
    (TIDE, "TIDE\nTurning water\nIn the moonlight\nDrawn to shore\nEbbing slow", True),
    (TIDE, "- Turning water\n- In the moonlight\n- Drawn to shore\n- Ebbing slow", True),
    (TIDE, "**T**urning water\n**I**n the moonlight\n**D**rawn to shore\n**E**bbing slow", True),
    (TIDE, "Turning water\nIn the moonlight\nEbbing slow\nDrawn to shore", False),  # order
    (TIDE, "Turning water\nIn the moonlight\nDrawn to shore", False),  # a letter short
    (TIDE, "Turning water\nIn the moonlight\nDrawn to shore\nEbbing slow\nSo it goes", False),
    (
        TIDE,
        "Here is your poem:\nTurning water\nIn the moonlight\nDrawn to shore\nEbbing slow",
        False,
    ),
    (TIDE, "Turning water in the moonlight, drawn to shore, ebbing slow.", False),
    (TIDE, "", False),
    (TIDE_SENTENCES, "Time heals. In time, all fades. Do not fear. Even now, hope.", True),
    (TIDE_SENTENCES, "Time heals.\nIn time, all fades.\nDo not fear.\nEven now, hope.", True),
    (TIDE_SENTENCES, "Time heals. All fades. Do not fear. Even now, hope.", False),
    (TIDE_SENTENCES, "Time heals, in time. Do not fear. Even now.", False),
    (TIDE, "1. Turning water\n2. In the moonlight\n3. Drawn to shore\n4. Ebbing slow", True),
    (TIDE, "> Turning water\n> In the moonlight\n> Drawn to shore\n> Ebbing slow", True),
    (TIDE_SENTENCES, "Time heals! Is it true? Doubt it. Everyone hopes.", True),
    (S_WORDS, "Sally sells seashells slowly.", True),
    (S_WORDS, "Seven silly snakes sang softly; she smiled.", True),
    (S_WORDS, "Sally sells seashells by the shore.", False),
    (S_WORDS, "Sam's sea-salt soup simmers.", True),  # inner apostrophes and hyphens join
    (S_WORDS, "Sixty-six snakes slept 7 seconds.", True),  # a number is no word
    (S_WORDS, "", False),
    (Tautogram(letter="p"), "Peter Piper picked purple peppers.", True),
    (Tautogram(letter="p"), "Peter Piper picked a peck.", False),
    (S_WORDS, "Sure, Sam said: 'Stop!'", True),  # punctuation and quotes aside
    (S_WORDS, "SALLY SELLS SHELLS", True),  # case aside
    (S_WORDS, "Sally sells shells; Sam's sister swims.", True),
    (S_WORDS, "Sally and Sam", False),
    (S_WORDS, "Ships sail south\nStorms seldom stay", True),
    (S_WORDS, "Silent snow, softly falling.", False),
    (S_WORDS, "Seven seas, 7 ships", True),  # the digit is no word
    (S_WORDS, "Sunny skies — sweet summer.", True),
    (S_WORDS, "Sunny skies - sweet summer - I say.", False),
    (Tautogram(letter="b"), "Big brown bears bake bread.", True),
    (Tautogram(letter="b"), "Big brown bears bake the bread.", False),
    (Tautogram(letter="b"), "Bob's bike broke.", True),
    (PANGRAM, "The quick brown fox jumps over the lazy dog.", True),
    (PANGRAM, "Sphinx of black quartz, judge my vow.", True),
    (PANGRAM, "The quick brown fox jumps over the dog.", False),  # no l, a, z, y
    (PANGRAM, "Pack my box with five dozen liquor jugs", True),
    (PANGRAM, "Jackdaws love my big sphinx of quartz", True),
    (PANGRAM, "Hello world", False),
    (PANGRAM, "THE FIVE BOXING WIZARDS JUMP QUICKLY.", True),
    (PANGRAM, "How vexingly quick daft zebras jump!", True),
    (PANGRAM, "The five boxing wizards jump.", False),  # no q, c, k, l, y
    (PANGRAM, "Waltz, bad nymph, for quick jigs vex.", True),
    (PANGRAM, "abcdefghijklmnopqrstuvwxy", False),  # no z
    (PANGRAM, "abcdefghijklmnopqrstuvwxyz", True),
    (PANGRAM, "Quick zephyrs blow, vexing daft Jim.", True),
    (PANGRAM, "Quick zephyrs blow, vexing daft Tim.", False),  # no j
    (PANGRAM, "Mr Jock, TV quiz PhD, bags few lynx.", True),
    (PANGRAM, "", False),
    (PANGRAM, "Jived fox nymph grabs quick waltz.", True),
    (PANGRAM, "Here is one:\nPack my box with five dozen liquor jugs.", True),
    (PANGRAM, "Zoë quickly jumped over the big fence.", False),
    (PALINDROME, "Was it a car or a cat I saw?", True),
    (PALINDROME, "A man, a plan, a canal: Panama!", True),
    (PALINDROME, "Never odd or even.", True),
    (PALINDROME, "Step on no pets", True),
    (PALINDROME, "Élu par cette crapule", True),  # accents aside
    (PALINDROME, "No lemon, no melon", True),
    (PALINDROME, "Here is one: Step on no pets", False),  # the introduction counts
    (PALINDROME, "Was it a car or a dog I saw?", False),
    (PALINDROME, "Madam, I am Adam.", False),
    (PALINDROME, "x", False),  # one letter is no palindrome
    (PALINDROME, "", False),
    (PALINDROME, "12321", True),
    (PALINDROME, "Racecar", True),
    (PALINDROME, "Racecars", False),
    (PALINDROME, "Do geese see God?", True),
    (PALINDROME, "Eva, can I see bees in a cave?", True),
    (PALINDROME, "Eva, can I see bees in the cave?", False),
    (PALINDROME, "Live not on evil.", True),
    (PALINDROME, "Live not on evil, friend.", False),
    (PALINDROME, "**Taco cat**", True),  # no a, s, w, x
    (PANGRAM, "Zoë: a quick brown fox jumps over the lazy dog!", True),  # ë is an e
]


@pytest.mark.parametrize(("spec", "answer", "passes"), LABELLED)
def test_the_measures_agree_with_labelled_answers(
    spec: FamilySpec, answer: str, passes: bool
) -> None:
    outcome = measure_text(spec, answer)
    assert outcome.passed is passes, outcome.reason
    if not passes:
        assert outcome.suggestion


def test_the_palindrome_correction_shows_the_letters_read() -> None:
    assert measure_text(PALINDROME, "Here: step on no pets").suggestion == (
        "Your answer's letters (heresteponnopets) do not read the same backwards. Reply with "
        "only the palindrome, no introduction or comment, checking it letter by letter."
    )


def test_the_corrections_say_what_was_spelled_and_what_is_missing() -> None:
    assert measure_text(TIDE, "Tall\nIdle\nEarly").suggestion == (
        "The first letters of your lines spell TIE; they must spell TIDE. Write exactly 4 "
        "lines, starting them with T I D E in that order."
    )
    said = measure_text(S_WORDS, "Sally sells seashells by the shore.").suggestion
    assert said == (
        "2 of your words do not start with 'S' ('by', 'the'). Replace them with words starting "
        "with 'S', small words too."
    )
    assert measure_text(PANGRAM, "abc defgh ijklm nopqr stuvw xy").suggestion == (
        "Your answer never uses the letters z. Use words that contain them, so every letter "
        "from a to z appears at least once."
    )


def test_the_specs_round_trip_and_refuse_what_is_no_word() -> None:
    for spec in (TIDE_SENTENCES, S_WORDS, PANGRAM):
        assert CHECK_SPEC_ADAPTER.validate_json(CHECK_SPEC_ADAPTER.dump_json(spec)) == spec
    with pytest.raises(ValueError, match="letters only"):
        Acrostic(word="TI DE")
    with pytest.raises(ValueError, match="letter"):
        Tautogram(letter="7")


def compiled(prompt: str) -> list[object]:
    ours = (Acrostic, Tautogram, Pangram, Palindrome)
    return [c.spec for c in compile_checks(prompt) if isinstance(c.spec, ours)]


@pytest.mark.parametrize(
    ("prompt", "expected"),
    [
        ("Write a poem in which the first letters of each line spell TIDE.", [TIDE]),
        (
            "Could you write a short poem where the first letter of every line spells out TIDE?",
            [TIDE],
        ),
        ("Write an acrostic poem for the word TIDE.", [TIDE]),
        ("Compose an acrostic on 'Tide' for my surf club.", [Acrostic(word="Tide")]),
        ("Write an acrostic spelling out Tide.", [Acrostic(word="Tide")]),
        # the word, then what comes next: a language, a condition on the lines
        ("Write an acrostic for TIDE in Spanish.", [TIDE]),
        ("write me acrostic for TIDE, each line a full sentence", [TIDE]),
        ("Write an acrostic using the word TIDE.", [TIDE]),
        ("Write a paragraph whose first letter of each sentence spells TIDE.", [TIDE_SENTENCES]),
        ("The first letters of the sentences must spell TIDE.", [TIDE_SENTENCES]),
        ("Write a sentence in which every word starts with the letter s.", [S_WORDS]),
        ("Every word must begin with 'S'.", [S_WORDS]),
        ("Write a tongue twister where each word starts with P.", [Tautogram(letter="p")]),
        ("Write me a pangram.", [PANGRAM]),
        ("Give me an original pangram about cooking.", [PANGRAM]),
        ("Write a sentence that uses every letter of the alphabet at least once.", [PANGRAM]),
        ("Write a palindrome sentence.", [PALINDROME]),
        ("Give me a palindromic phrase about cats.", [PALINDROME]),
        ("Please reply with a palindrome, nothing else.", [PALINDROME]),
    ],
)
def test_phrasings_that_compile(prompt: str, expected: list[object]) -> None:
    assert compiled(prompt) == expected


@pytest.mark.parametrize(
    "prompt",
    [
        "What is an acrostic poem?",
        "Write an acrostic poem for my mother.",  # no word to spell
        "Is 'The quick brown fox' a pangram?",
        "Explain why pangrams are used to test typewriters.",
        "My poem is an acrostic for TIDE; give feedback on its rhythm.",
        "If you like, make the first letters of each line spell TIDE.",
        "Write a poem. Ideally every word starts with the letter s.",
        "In the title, every word starts with a capital letter.",
        'Translate: "Every word must begin with S."',
        "Should every word start with the letter s?",
        "The first letter of each line of the table must spell TIDE.",
        "Write a list where every word of the heading starts with the letter t.",
        "What is a palindrome?",
        "Write a palindrome and explain why it works.",
        "Is 'racecar' a palindrome?",
        "Write a story about a palindrome-loving detective.",
    ],
)
def test_near_misses_compile_nothing(prompt: str) -> None:
    assert compiled(prompt) == []
