"""One piece asked as the whole answer: "reply only with the fixed sentence"
is exactly one sentence, "Give me a word that … Just the word." exactly one
word; and a thing named by a compound ("a mini-essay (3 paragraphs)") takes
the size its bracket gives. A name that is not a word asked ("the capital of
Peru, just the word"), a quoted word, a later part, a hedge, a negation or a
report compiles nothing."""

from __future__ import annotations

import pytest

from _compiled_specs import specs_of_kind

ONE = {"relation": "exactly", "value": 1}


def counted(prompt: str, kind: str) -> list[tuple[object, object]]:
    return [(s["relation"], s["value"]) for s in specs_of_kind(prompt, kind)]


@pytest.mark.parametrize(
    "prompt",
    [
        "Answer only with the fixed sentence: 'me and him goes to school.'",
        "Respond just with the revised sentence, nothing else.",
        "Tidy up the spelling. Reply only with the corrected sentence.",
    ],
)
def test_only_the_sentence_is_one_sentence(prompt: str) -> None:
    assert counted(prompt, "sentence_count") == [("exactly", 1)]


@pytest.mark.parametrize(
    "prompt",
    [
        "Think of a word that rhymes with orange. Just the word.",
        "Which is the longest word with no letter repeated? Give only the word, nothing else.",
        "Suggest a single word that sums up autumn. Just the word in lowercase.",
        "Come up with a real word made from the letters of 'stone'. Just the word in capitals.",
    ],
)
def test_just_the_word_asked_is_one_word(prompt: str) -> None:
    assert counted(prompt, "word_count") == [("exactly", 1)]


@pytest.mark.parametrize(
    "prompt",
    [
        # no word asked before it: the answer may be a name of two words
        "What's the capital of Canada? Just the word.",
        "name the tallest mountain in Africa, just the word",
        # a translation or a synonym may be a phrase
        "What's the Spanish word for butterfly? Just the word.",
        # a quoted word, a count, a second part
        "Think of a word for calm. Just the word 'serene' would do.",
        "Give me a word that rhymes with star. Just the word count, please.",
        "Give me a word that rhymes with star. Just the word, then a sentence using it.",
        "Give me a word that rhymes with star. Only the word and its meaning.",
        # hedged, negated, reported
        "Give me a word that rhymes with star. If you can, just the word.",
        "Give me a word that rhymes with star. Not just the word, explain it too.",
        "My teacher said: give me a word that rhymes with star, just the word.",
        # plural
        "Give me words that rhymes with star. Just the words.",
    ],
)
def test_the_word_near_misses(prompt: str) -> None:
    assert counted(prompt, "word_count") == []


@pytest.mark.parametrize(
    "prompt",
    [
        "Reply only with the corrected sentences.",
        "Reply only with the corrected sentence and a note on what changed.",
        "Don't reply only with the corrected sentence.",
        "If there are mistakes, reply only with the corrected sentence.",
        "Reply only with the first sentence.",
    ],
)
def test_only_the_sentence_near_misses(prompt: str) -> None:
    assert counted(prompt, "sentence_count") == []


@pytest.mark.parametrize(
    ("prompt", "value"),
    [
        ("Write a mini-essay (3 paragraphs) on why bridges sway.", 3),
        ("Draft me a micro-story (2 paragraphs) set on a night train.", 2),
    ],
)
def test_a_compound_thing_takes_its_bracket(prompt: str, value: int) -> None:
    assert counted(prompt, "paragraph_count") == [("exactly", value)]


@pytest.mark.parametrize(
    "prompt",
    [
        "Summarise my mini-essay (3 paragraphs) in one line.",
        "Here is the mini-essay (3 paragraphs) I wrote; what grade would it get?",
        "Maybe write a mini-essay (3 paragraphs) on bridges, if that's easy.",
    ],
)
def test_a_compound_bracket_near_misses(prompt: str) -> None:
    assert counted(prompt, "paragraph_count") == []


@pytest.mark.parametrize(
    ("prompt", "value"),
    [
        ("Write a ballad about a lost ship, 5 stanzas of 4 lines each.", 5),
        ("Compose a poem on harvest time, 2 stanzas of 6 lines.", 2),
        ("Write a short story about a kite, 3 paragraphs of 4 sentences each.", 3),
    ],
)
def test_a_count_after_the_thing_with_the_size_of_each(prompt: str, value: int) -> None:
    assert counted(prompt, "paragraph_count") == [("exactly", value)]


@pytest.mark.parametrize(
    "prompt",
    [
        "Summarise my ballad, 5 stanzas of 4 lines each.",
        "Write 2 ballads about ships, 5 stanzas of 4 lines each.",
        "Perhaps write a ballad about a ship, 5 stanzas of 4 lines each, if you have time.",
        "Write a ballad about a ship, 5 stanzas of 4 lines each, then explain its rhyme scheme.",
    ],
)
def test_a_count_with_the_size_of_each_near_misses(prompt: str) -> None:
    assert counted(prompt, "paragraph_count") == []
