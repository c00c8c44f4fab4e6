"""Keywords, bans, forbidden characters, case and hashtags in wordings of
their own (session of 2026-11-29): letters banned as the subject of their
clause or in a clause of the thing asked for, parts counted as a subject,
and the near misses that must compile nothing of the kind."""

from __future__ import annotations

import pytest

from _compiled_specs import banned_letters as _letters
from _compiled_specs import specs_of_kind as _specs
from redraft.criteria import compile_checks


@pytest.mark.parametrize(
    ("prompt", "letters"),
    [
        ("Write me a two-line riddle about a tractor that never uses the letter e.", ["e"]),
        ("Write me a riddle that doesn't use the letter e.", ["e"]),
        ("Compose a limerick that does not contain the letters 'k' or 'w'.", ["k", "w"]),
        ("Write a poem that uses no letter o.", ["o"]),
        ("Write a toast. The letter x must not appear anywhere.", ["x"]),
        ("Write a toast. The letter 'x' should never appear.", ["x"]),
        ("Write a toast. The letters q and z are not allowed.", ["q", "z"]),
        ("Write a story in which the letter e never appears.", ["e"]),
        ("Write a poem about the sea that is a lipogram in 'a' and has 4 stanzas.", ["a"]),
        ("Give me five band names. Nothing with the letter z in it.", ["z"]),
    ],
)
def test_letter_ban_wordings_compile(prompt: str, letters: list[str]) -> None:
    assert _letters(prompt) == letters


@pytest.mark.parametrize(
    "prompt",
    [
        # a fact, not a rule: no thing asked for that it describes
        "The letter e never appears in my name.",
        "Tell me why the letter x never appears in Hawaiian.",
        "In Hawaiian the letters q and z are not allowed.",
        # one part's letters
        "Write a poem. The letter x must not appear in the title.",
        # reported, hedged, asked about
        "My teacher said the letter x must not appear.",
        "If possible, the letter x must not appear.",
        "Is it hard to write a lipogram in 'a'?",
        "My poem is a lipogram in 'e'. Review it.",
        "My friend wrote a riddle that never uses the letter e. Explain it.",
        # a count, not a ban
        "Write a poem. The letter x must appear at least twice.",
    ],
)
def test_letter_ban_near_misses(prompt: str) -> None:
    assert _letters(prompt) == []


@pytest.mark.parametrize(
    "prompt",
    [
        "Write a workout table. Exactly two rows must say 'Rest'.",
        "Write a workout table. Two of the rows must say 'Rest'.",
        "Write a poem. Both stanzas must mention 'moon'.",
        "Write a poem. 3 stanzas must mention 'moon'.",
    ],
)
def test_counted_parts_as_subject_compile_no_keyword(prompt: str) -> None:
    # "exactly two rows must say 'Rest'" is a rule for two rows, not "'Rest' at least once"
    assert _specs(prompt, "keyword") == []


@pytest.mark.parametrize(
    "prompt",
    [
        "Write a poem. You must mention 'moon'.",
        "Write a poem. The poem must mention 'moon'.",
        "Write a workout table. Two of the rows must say 'Rest', and you must mention 'moon'.",
    ],
)
def test_answer_as_subject_still_compiles_keyword(prompt: str) -> None:
    assert {"relation": "at_least", "value": 1, "keyword": "moon"} in _specs(prompt, "keyword")


def _chars(prompt: str) -> list[str]:
    return [str(s["chars"]) for s in _specs(prompt, "forbidden_chars")]


@pytest.mark.parametrize(
    ("prompt", "chars"),
    [
        ("Write a headline about bees. Title Case, 10 words max, and no colons.", [":"]),
        (
            "Driver briefing for the school run — bullets, six at most, and not a single comma.",
            [","],
        ),
        ("Title for our river clean-up report: 6 words or fewer, Title Case, no colon.", [":"]),
        ("Write a toast. Sentence case, one paragraph, no semicolons.", [";"]),
        ("Write a slogan. Brand rules: We never use exclamation marks.", ["!"]),
        # after "each", a ban of every headline is a ban of the answer they make up
        (
            "Give me five headline options. Each headline 6 words or fewer, title case, no colons.",
            [":"],
        ),
    ],
)
def test_bans_ending_a_criteria_line_compile(prompt: str, chars: list[str]) -> None:
    assert _chars(prompt) == chars


@pytest.mark.parametrize(
    "prompt",
    [
        # the line describes text given or had before
        "My essay: 500 words, title case, no colons. Review it.",
        "Our current slogan — 5 words, no commas — feels stale. Write a better one.",
        # hedged
        "If you can, title case, no colons.",
        "Write a title. Title case, ideally no colons.",
        # a rule of one part
        "Write a report. The title: 6 words or fewer, title case, no colons in the title.",
    ],
)
def test_criteria_line_near_misses(prompt: str) -> None:
    assert _chars(prompt) == []


@pytest.mark.parametrize(
    "prompt",
    [
        "Write a tweet. Requirements from my boss: under 240 characters, exactly two hashtags.",
        "Write a tweet. House style: exactly two hashtags, under 240 characters.",
        "Write a tweet. Our client says: exactly two hashtags, under 240 characters.",
    ],
)
def test_rules_from_whoever_commissions_the_text_compile(prompt: str) -> None:
    assert {"relation": "exactly", "value": 2} in _specs(prompt, "hashtag_count")


@pytest.mark.parametrize(
    "prompt",
    [
        # a teacher's rules may be for the writer's own essay
        "Help me plan my essay. Rules from my teacher: under 500 words, exactly two hashtags.",
        "Critique my tweet. Requirements from my boss were: exactly two hashtags.",
    ],
)
def test_rules_label_near_misses(prompt: str) -> None:
    assert _specs(prompt, "hashtag_count") == []


def test_a_parts_label_in_house_rules_keeps_its_items() -> None:
    # "Headlines: …" in a list of house rules is the headlines', not the answer's
    system = (
        "You are a copy editor. House style:\n* Use the Oxford comma.\n"
        "* Headlines: sentence case, no more than 12 words, no full stop at the end."
    )
    kinds = {c.spec.kind for c in compile_checks("Copy-edit this.", system=system)}
    assert not {"no_final_mark", "forbidden_chars", "word_count"} & kinds


def test_house_rules_with_a_subject_of_their_own_stay_its() -> None:
    system = (
        "You are a news bot. House rules: headlines are sentence case and at most 70 characters."
    )
    assert not {c.spec.kind for c in compile_checks("Write one.", system=system)} & {"char_count"}


@pytest.mark.parametrize(
    ("prompt", "count"),
    [
        ("Write a tweet. Finish with exactly three hashtags.", ("exactly", 3)),
        (
            "Write a tweet. Start with an emoji, two sentences max, and finish with exactly "
            "three hashtags.",
            ("exactly", 3),
        ),
        ("Write a caption and end it with at most 2 hashtags.", ("at_most", 2)),
    ],
)
def test_hashtags_the_answer_ends_with_are_counted(prompt: str, count: tuple[str, int]) -> None:
    assert [(s["relation"], s["value"]) for s in _specs(prompt, "hashtag_count")] == [count]


@pytest.mark.parametrize(
    "prompt",
    [
        "Write a tweet. Start with three hashtags.",
        "Write a tweet. End each line with two hashtags.",
        "Write a tweet. The first paragraph should end with two hashtags.",
        "My tweet ends with three hashtags. Is that ok?",
        "Write a tweet. If it fits, finish with three hashtags.",
    ],
)
def test_hashtags_at_one_place_near_misses(prompt: str) -> None:
    assert _specs(prompt, "hashtag_count") == []


@pytest.mark.parametrize(
    ("prompt", "case"),
    [
        ("Write a haiku. All in lowercase.", "lower"),
        ("Write a haiku, all in lowercase.", "lower"),
        ("Write a shop sign. All in capitals.", "upper"),
        ("Write a sign. Maximum 3 lines, no lowercase letters.", "upper"),
        ("Write a sign. No lowercase letters.", "upper"),
    ],
)
def test_case_criteria_items_compile(prompt: str, case: str) -> None:
    assert _specs(prompt, "letter_case") == [{"case": case}]


@pytest.mark.parametrize(
    "prompt",
    [
        "Write three titles, all in lowercase except names.",
        "Name the titles all in lowercase.",
        "Write a poem. My old poem was all in lowercase.",
        "Write a poem. No lowercase letters in the title.",
        "Write a poem. Ideally all in lowercase.",
        # capitals that may be cities
        "Write a list of European cities. No capitals.",
    ],
)
def test_case_criteria_items_near_misses(prompt: str) -> None:
    assert _specs(prompt, "letter_case") == []
