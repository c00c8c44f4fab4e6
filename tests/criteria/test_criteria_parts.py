"""Counts per keyword, positions, rules for every part and the order of
parts: phrasings compile into the exact check, spans cover only what the
check enforces (a partly enforced clause stays partial), and the checks
measure passing and failing answers with a precise reason."""

from __future__ import annotations

from typing import Any

import pytest

from redraft.criteria import CHECK_SPEC_ADAPTER, compile_checks, measure_text
from redraft.criteria._requirements import account_requirements


def compiled(prompt: str) -> list[tuple[dict[str, Any], str]]:
    found = compile_checks(prompt)
    for check in found:
        assert check.source_span is not None
        start, end = check.source_span
        assert prompt[start:end] == check.source_text
    return [
        (
            {"kind": c.spec.kind_name(), **c.spec.model_dump(exclude_defaults=True)},
            c.source_text or "",
        )
        for c in found
    ]


def accounted(prompt: str) -> list[tuple[bool, str]]:
    """(exact, residue) of each clause that has checks."""
    clauses = account_requirements(prompt, None, compile_checks(prompt))
    return [(c.exact, c.residue) for c in clauses if c.checks]


def kw(keyword: str, relation: str = "at_least", value: int = 1) -> dict[str, Any]:
    data: dict[str, Any] = {"kind": "keyword", "keyword": keyword}
    if relation != "at_least":
        data["relation"] = relation
    if value != 1:
        data["value"] = value
    return data


# -- counts per keyword ---------------------------------------------------------------

KEYWORD_COUNTS = [
    (
        "Include the keywords cloud and river, each exactly twice.",
        [kw("cloud", "exactly", 2), kw("river", "exactly", 2)],
    ),
    (
        "Use the words 'lantern' and 'harbor', each at least 3 times.",
        [kw("lantern", value=3), kw("harbor", value=3)],
    ),
    (
        "Use the word 'cloud' exactly twice and the word 'river' at least three times.",
        [kw("cloud", "exactly", 2), kw("river", value=3)],
    ),
    # a count with no relation is exactly that count
    (
        "Mention 'apple' once and 'pear' twice.",
        [kw("apple", "exactly", 1), kw("pear", "exactly", 2)],
    ),
    (
        "The word 'moon' should appear exactly 2 times, and 'star' at most once.",
        [kw("moon", "exactly", 2), kw("star", "at_most", 1)],
    ),
    (
        "Include each of the keywords alpha, beta and gamma at least twice.",
        [kw("alpha", value=2), kw("beta", value=2), kw("gamma", value=2)],
    ),
    (
        'Include the keywords "cat" (exactly 3 times) and "dog" (at most twice).',
        [kw("cat", "exactly", 3), kw("dog", "at_most", 2)],
    ),
]


@pytest.mark.parametrize(("prompt", "expected"), KEYWORD_COUNTS)
def test_every_keyword_gets_its_own_count(prompt: str, expected: list[dict[str, Any]]) -> None:
    found = [s for s, _ in compiled(prompt)]
    assert sorted(found, key=lambda s: s["keyword"]) == sorted(expected, key=lambda s: s["keyword"])
    assert accounted(prompt) == [(True, "")]


def test_distributive_each_is_not_a_keyword() -> None:
    found = [s for s, _ in compiled("Include the keywords cloud and river, each exactly twice.")]
    assert all(s["keyword"] != "each" for s in found)


@pytest.mark.parametrize(
    ("prompt", "residue"),
    [
        ("Use the word 'cloud' exactly twice, always in bold.", "always bold"),
        ("Include the keywords 'sun' and 'sea', each exactly twice, in rhyming lines.", "rhyming"),
    ],
)
def test_a_keyword_count_with_more_to_it_stays_partial(prompt: str, residue: str) -> None:
    [(exact, left)] = accounted(prompt)
    assert not exact
    assert residue in left


# -- a keyword in one part ------------------------------------------------------------

KEYWORD_IN = [
    (
        "The word 'cloud' should appear in the second sentence.",
        {"keyword": "cloud", "part": "sentence", "index": 2},
    ),
    (
        "Mention the keyword cloud in the second sentence exactly twice.",
        {"keyword": "cloud", "part": "sentence", "index": 2, "relation": "exactly", "value": 2},
    ),
    (
        "Use the word 'harbor' in your last paragraph.",
        {"keyword": "harbor", "part": "paragraph", "index": -1},
    ),
    (
        "Your third paragraph must contain the word 'tide'.",
        {"keyword": "tide", "part": "paragraph", "index": 3},
    ),
    (
        "Include the term 'delta' twice in paragraph 2.",
        {"keyword": "delta", "part": "paragraph", "index": 2, "relation": "exactly", "value": 2},
    ),
]


@pytest.mark.parametrize(("prompt", "expected"), KEYWORD_IN)
def test_a_keyword_in_one_part(prompt: str, expected: dict[str, Any]) -> None:
    found = compiled(prompt)
    assert [s for s, _ in found] == [{"kind": "keyword_in", **expected}]
    assert accounted(prompt) == [(True, "")]


def test_a_keyword_in_one_part_is_not_also_a_keyword_anywhere() -> None:
    found = compiled("Use the word cloud exactly twice in the second sentence.")
    assert [s["kind"] for s, _ in found] == ["keyword_in"]


def test_a_keyword_in_one_part_in_italics_stays_partial() -> None:
    [(exact, residue)] = accounted(
        "The word 'cloud' must appear in the second sentence, in italics."
    )
    assert not exact
    assert "italics" in residue


# -- the word at a position -----------------------------------------------------------

WORD_AT = [
    (
        "The third paragraph must start with the word 'Indeed'.",
        {"word": "Indeed", "part": "paragraph", "index": 3},
    ),
    (
        "Paragraph 2 must begin with the word Moreover.",
        {"word": "Moreover", "part": "paragraph", "index": 2},
    ),
    (
        "Start the second paragraph with 'However'.",
        {"word": "However", "part": "paragraph", "index": 2},
    ),
    (
        "The first word of the 4th paragraph should be 'Finally'.",
        {"word": "Finally", "part": "paragraph", "index": 4},
    ),
    ("The 5th word of your answer must be 'river'.", {"word": "river", "position": 5}),
    (
        "Make 'Once' the first word of the first sentence.",
        {"word": "Once", "part": "sentence"},
    ),
    (
        "The second sentence should end with the word 'today'.",
        {"word": "today", "part": "sentence", "index": 2, "position": -1},
    ),
]


@pytest.mark.parametrize(("prompt", "expected"), WORD_AT)
def test_the_word_at_a_position(prompt: str, expected: dict[str, Any]) -> None:
    found = [s for s, _ in compiled(prompt) if s["kind"] == "word_at"]
    assert found == [{"kind": "word_at", **expected}]
    assert accounted(prompt) == [(True, "")]


def test_a_position_with_an_unenforced_condition_stays_partial() -> None:
    [(exact, residue)] = accounted(
        "The second paragraph must start with the word 'However', written in bold."
    )
    assert not exact
    assert "bold" in residue


# -- a rule for every part ------------------------------------------------------------

EACH = [
    (
        "Every sentence must end with an exclamation mark.",
        {"kind": "each_ends_with", "part": "sentence", "phrase": "!"},
    ),
    (
        "End each sentence with a question mark.",
        {"kind": "each_ends_with", "part": "sentence", "phrase": "?"},
    ),
    (
        "Each paragraph should end with the phrase 'Over and out.'",
        {"kind": "each_ends_with", "part": "paragraph", "phrase": "Over and out."},
    ),
    (
        "Start every sentence with a capital letter.",
        {"kind": "each_starts_with", "part": "sentence", "capital": True},
    ),
    (
        "Every paragraph must begin with the word 'Note'.",
        {"kind": "each_starts_with", "part": "paragraph", "phrase": "Note"},
    ),
    (
        "Each sentence should have at most 12 words.",
        {"kind": "each_word_count", "part": "sentence", "relation": "at_most", "value": 12},
    ),
    (
        "Keep every sentence under 15 words.",
        {"kind": "each_word_count", "part": "sentence", "relation": "at_most", "value": 14},
    ),
    (
        "No sentence may be longer than 20 words.",
        {"kind": "each_word_count", "part": "sentence", "relation": "at_most", "value": 20},
    ),
    (
        "Each bullet point must be no more than 8 words.",
        {"kind": "each_word_count", "part": "bullet", "relation": "at_most", "value": 8},
    ),
    (
        "Use at most 10 words per sentence.",
        {"kind": "each_word_count", "part": "sentence", "relation": "at_most", "value": 10},
    ),
    (
        "Each sentence must contain at least 5 words.",
        {"kind": "each_word_count", "part": "sentence", "relation": "at_least", "value": 5},
    ),
]


@pytest.mark.parametrize(("prompt", "expected"), EACH)
def test_a_rule_for_every_part(prompt: str, expected: dict[str, Any]) -> None:
    assert [s for s, _ in compiled(prompt)] == [expected]
    assert accounted(prompt) == [(True, "")]


def test_a_rule_for_every_part_with_more_to_it_stays_partial() -> None:
    prompt = "Every sentence must end with an exclamation mark and rhyme with the one before."
    [(exact, residue)] = accounted(prompt)
    assert not exact
    assert "rhyme" in residue


@pytest.mark.parametrize(
    "prompt",
    [
        "Ideally, every sentence should end with an exclamation mark.",
        "If you can, keep each sentence under 10 words.",
        "Don't end every sentence with a question mark.",
        'Translate this: "Every sentence must end with an exclamation mark."',
    ],
)
def test_hedged_negated_or_quoted_part_rules_compile_nothing(prompt: str) -> None:
    assert compiled(prompt) == []


# -- order of parts -------------------------------------------------------------------


def test_order_of_title_bullets_and_postscript() -> None:
    prompt = (
        "Write a title in double angular brackets, then three bullet points, "
        "then a postscript starting with P.S."
    )
    found = compiled(prompt)
    orders = [(s["parts"], text) for s, text in found if s["kind"] == "order"]
    assert orders == [(["title", "bullets"], "then"), (["bullets", "postscript"], "then")]
    kinds = {s["kind"] for s, _ in found}
    assert {"title", "bullet_count", "postscript"} <= kinds
    assert accounted(prompt) == [(True, "")]


@pytest.mark.parametrize(
    ("prompt", "parts"),
    [
        ("Start with a short paragraph, followed by a bulleted list.", ["text", "bullets"]),
        ("Give a numbered list of steps and then a paragraph of advice.", ["numbered", "text"]),
    ],
)
def test_order_of_other_parts(prompt: str, parts: list[str]) -> None:
    orders = [s["parts"] for s, _ in compiled(prompt) if s["kind"] == "order"]
    assert orders == [parts]


def test_an_order_whose_parts_are_not_all_checked_stays_partial() -> None:
    [(exact, residue)] = accounted("Write two sentences, then a bulleted list of three items.")
    assert not exact
    assert "sentences" in residue


def test_a_sequence_with_no_check_for_then_is_not_exact() -> None:
    # "then" is a requirement (an order), not a frame word.
    prompt = "Write a title in double angular brackets, then some text."
    [(exact, residue)] = accounted(prompt)
    assert not exact
    assert "then" in residue


# -- measuring ------------------------------------------------------------------------

TEXT = "The cloud rose. A cloud and a cloud fell! Then rain came.\n\nHowever, it cleared."


def judged(data: dict[str, Any], text: str = TEXT) -> tuple[bool, str, str | None]:
    outcome = measure_text(CHECK_SPEC_ADAPTER.validate_python(data), text)
    return outcome.passed, outcome.reason, outcome.suggestion


def test_keyword_in_a_part_is_counted_in_that_part_only() -> None:
    spec = {"kind": "keyword_in", "keyword": "cloud", "part": "sentence", "index": 2}
    assert judged({**spec, "relation": "exactly", "value": 2})[0]
    passed, reason, fix = judged({**spec, "index": 3})
    assert not passed
    assert "0 times in its 3rd sentence" in reason
    assert fix and "use it 1 more there" in fix
    passed, reason, fix = judged({**spec, "index": 9})
    assert not passed
    assert "has 4 sentences, so it has no 9th sentence" in reason


def test_word_at_a_position() -> None:
    spec = {"kind": "word_at", "part": "paragraph", "index": 2, "word": "However"}
    assert judged(spec)[0]
    assert judged({**spec, "word": "however"})[0]  # case ignored
    passed, reason, fix = judged({**spec, "word": "Indeed"})
    assert not passed
    assert "the first word of the 2nd paragraph is 'However,'" in reason
    assert fix == (
        "The first word of the 2nd paragraph is 'However,'; it must be exactly 'Indeed'."
    )
    assert not judged(spec, "One.\n\n**However**, two.")[0]  # decoration is not the word
    assert judged({"kind": "word_at", "word": "cleared", "position": -1})[0]
    assert judged({"kind": "word_at", "word": "cloud", "position": 2})[0]
    assert not judged({"kind": "word_at", "word": "cloud", "position": 3})[0]


def test_a_rule_for_every_part_is_measured_part_by_part() -> None:
    ends = {"kind": "each_ends_with", "part": "sentence", "phrase": "!"}
    assert judged(ends, "Go! Run now! Stop!")[0]
    passed, reason, fix = judged(ends, "Go! Run now. Stop!")
    assert not passed
    assert reason.startswith("1 of 3 sentences breaks the rule (2nd: 'Run now.')")
    assert fix and fix.endswith("End every sentence with '!'.")
    capital = {"kind": "each_starts_with", "part": "sentence", "capital": True}
    assert judged(capital, "Yes. No. Maybe.")[0]
    assert not judged(capital, "Yes. no. Maybe.")[0]
    word = {"kind": "each_starts_with", "part": "paragraph", "phrase": "Note"}
    assert judged(word, "Note: one.\n\nNote two.")[0]
    assert not judged(word, "Notebook one.\n\nNote two.")[0]
    short = {"kind": "each_word_count", "part": "sentence", "relation": "at_most", "value": 3}
    assert judged(short, "One two three. Four five.")[0]
    passed, reason, _ = judged(short, "One two three four. Five.")
    assert not passed
    assert "1 of 2 sentences breaks the rule" in reason
    bullets = {"kind": "each_word_count", "part": "bullet", "relation": "at_most", "value": 2}
    assert judged(bullets, "Intro text is long here.\n* one two\n- three")[0]
    assert not judged(ends, "")[0]


def test_order_of_parts() -> None:
    spec = {"kind": "order", "parts": ["title", "bullets", "postscript"]}
    assert judged(spec, "<<Plan>>\n\nSome intro.\n* a\n* b\n\nP.S. bye")[0]
    passed, reason, _ = judged(spec, "<<Plan>>\n\nP.S. first\n* a\n* b")
    assert not passed
    assert "the bullet list (line 5) comes after the start of the postscript" in reason
    passed, reason, _ = judged(spec, "<<Plan>>\n* a")
    assert not passed
    assert "lacks the postscript" in reason
    text_first = {"kind": "order", "parts": ["text", "bullets"]}
    assert not judged(text_first, "Intro.\n* a\n* b\n\nOutro.")[0]
    assert judged(text_first, "Intro.\n* a\n* b")[0]


@pytest.mark.parametrize(
    "data",
    [
        {"kind": "word_at", "word": "x", "position": 0},
        {"kind": "word_at", "word": "..."},
        {"kind": "keyword_in", "keyword": "x", "part": "sentence", "index": -2},
        {"kind": "each_starts_with", "part": "sentence"},
        {"kind": "each_starts_with", "part": "sentence", "phrase": "A", "capital": True},
        {"kind": "order", "parts": ["title"]},
        {"kind": "order", "parts": ["title", "title"]},
    ],
)
def test_invalid_part_specs_are_refused(data: dict[str, Any]) -> None:
    with pytest.raises(ValueError):  # noqa: PT011 - pydantic's ValidationError
        CHECK_SPEC_ADAPTER.validate_python(data)


# -- equal word counts, no word twice -------------------------------------------------

EQUAL_AND_DISTINCT = [
    (
        "Every sentence must have the same number of words.",
        {"kind": "equal_word_count", "part": "sentence"},
    ),
    (
        "Give every paragraph an equal word count.",
        {"kind": "equal_word_count", "part": "paragraph"},
    ),
    (
        "All bullet points should contain an identical number of words.",
        {"kind": "equal_word_count", "part": "bullet"},
    ),
    ("Do not repeat any word.", {"kind": "distinct_words"}),
    ("No word should appear more than once.", {"kind": "distinct_words"}),
    ("Use each word only once.", {"kind": "distinct_words"}),
    ("All the words must be different.", {"kind": "distinct_words"}),
    (
        "No word may be used twice in a sentence.",
        {"kind": "distinct_words", "within": "sentence"},
    ),
    (
        "Never reuse a word within the same paragraph.",
        {"kind": "distinct_words", "within": "paragraph"},
    ),
]


@pytest.mark.parametrize(("prompt", "expected"), EQUAL_AND_DISTINCT)
def test_equal_word_counts_and_distinct_words(prompt: str, expected: dict[str, Any]) -> None:
    assert [s for s, _ in compiled(prompt)] == [expected]
    assert accounted(prompt) == [(True, "")]


@pytest.mark.parametrize(
    "prompt",
    [
        "Rewrite the text, but do not repeat any word from the original.",
        "Use different words than the original.",
        "If you can, do not repeat any word.",
        "Make the sentences roughly the same number of words.",
        "Write sentences of equal length.",  # length is not only words: left to the judge
    ],
)
def test_what_only_looks_like_equal_or_distinct_words_compiles_nothing(prompt: str) -> None:
    kinds = {s["kind"] for s, _ in compiled(prompt)}
    assert not kinds & {"equal_word_count", "distinct_words"}


def test_equal_word_counts_are_measured_both_ways() -> None:
    spec = {"kind": "equal_word_count", "part": "sentence"}
    assert judged(spec, "I like red apples. You like green pears.")[0]
    passed, reason, fix = judged(spec, "I like apples. You like green pears. We eat.")
    assert not passed
    assert reason.startswith("the sentences have 3, 4, 2 words")
    assert fix is not None and "Give every sentence exactly" in fix
    # "don't" is one word or two: equal only when equal under both counts.
    assert not judged(spec, "I don't know. We do not know.")[0]
    assert judged(spec, "One sentence only.")[0]
    assert not judged(spec, "")[0]


def test_distinct_words_are_measured_in_the_answer_or_each_part() -> None:
    anywhere = {"kind": "distinct_words"}
    assert judged(anywhere, "Quiet rain falls. Soft wind sings.")[0]
    passed, reason, fix = judged(anywhere, "The cat saw the dog. The end!")
    assert not passed
    assert reason.startswith("1 word repeated ('the' 3 times)")
    assert fix is not None and "Use each word only once" in fix
    per_sentence = {"kind": "distinct_words", "within": "sentence"}
    assert judged(per_sentence, "The cat sat. The dog ran.")[0]
    assert not judged(per_sentence, "The cat saw the dog. Fine.")[0]
