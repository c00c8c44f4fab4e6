"""Keyword, ban and per-part wordings read as families: each family's
phrasings that compile, and the near misses (hedged, conditional, asked,
someone's own text, another scope) that must compile nothing of the kind."""

from __future__ import annotations

import pytest

from _compiled_specs import specs_of_kind as _specs


def _keywords(prompt: str) -> list[tuple[str, str, int]]:
    return sorted(
        (str(s["keyword"]), str(s["relation"]), int(str(s["value"])))
        for s in _specs(prompt, "keyword")
    )


def _banned(prompt: str) -> list[list[str]]:
    return [list(map(str, s["words"])) for s in _specs(prompt, "forbidden_words")]  # type: ignore[call-overload]


# -- every part holds a keyword, in a clause describing the thing asked for ---------


@pytest.mark.parametrize(
    ("prompt", "part", "keyword"),
    [
        (
            "Write a four-sentence paragraph about volcanoes where every sentence contains "
            "the word 'magma'.",
            "sentence",
            "magma",
        ),
        (
            "Write a short ad for a bike shop in which the word 'ride' appears in every "
            "sentence, and no sentence is longer than 9 words.",
            "sentence",
            "ride",
        ),
        (
            'Write a 6-line song chorus where the phrase "hold on" appears in every single line.',
            "line",
            "hold on",
        ),
        (
            "Write a short explanation of mitosis where every sentence contains the word 'cell'.",
            "sentence",
            "cell",
        ),
    ],
)
def test_each_part_keyword_in_a_described_request(prompt: str, part: str, keyword: str) -> None:
    found = _specs(prompt, "each_contains")
    assert [(s["part"], s["keyword"]) for s in found] == [(part, keyword)]


@pytest.mark.parametrize(
    "prompt",
    [
        # the topic is a text: its sentences may be the ones meant
        "Write a review of a novel where every sentence contains the word 'love'.",
        "Write a summary of this essay in which every paragraph mentions 'growth'.",
        # hedged
        "Write a paragraph about penguins where every sentence contains the word 'ice' if you can.",
        # a question about such a thing
        "Why would a poem where every line contains the word 'rain' feel heavy?",
    ],
)
def test_each_part_keyword_near_misses(prompt: str) -> None:
    assert _specs(prompt, "each_contains") == []


# -- a bare "no" before quoted words -----------------------------------------------


@pytest.mark.parametrize(
    ("prompt", "words"),
    [
        ("No 'love' — the recipient is my coworker and it's a joke card.", ["love"]),
        ("Keep it warm, no 'sorry', and under 80 words.", ["sorry"]),
        ("Short and upbeat; no 'synergy' or 'leverage'.", ["synergy", "leverage"]),
    ],
)
def test_bare_no_before_quoted_words_bans_them(prompt: str, words: list[str]) -> None:
    assert _banned(prompt) == [words]


@pytest.mark.parametrize(
    "prompt",
    [
        "No 'yes' or 'no' answers.",  # a kind of answer named by the words
        "No 'I think' at the start.",  # one place only
        "No 'sorry' more than once.",  # a ceiling, not a ban
        "No 'sorry' more than once in the first paragraph.",  # one part's ceiling
        "Is there no 'love' in it?",  # asked
        "No 'love' if you can help it.",  # hedged
    ],
)
def test_bare_no_near_misses(prompt: str) -> None:
    assert _banned(prompt) == []


# -- units of measure banned -------------------------------------------------------


@pytest.mark.parametrize(
    ("prompt", "words"),
    [
        ("Never use Fahrenheit or cups.", ["Fahrenheit", "cup"]),
        (
            "Quantities in grams only (no cups or ounces), one ingredient per line.",
            ["cup", "ounce"],
        ),
        (
            "Ingredients with metric units only (g or ml — no cups, no ounces), each line "
            "starting with the quantity.",
            ["cup", "ounce"],
        ),
        (
            "Ingredients as a list where quantities use metric units only (g, ml) — no cups "
            "or spoons.",
            ["cup", "spoon"],
        ),
        ("Write the recipe. Don't use tablespoons.", ["tablespoon"]),
    ],
)
def test_units_banned(prompt: str, words: list[str]) -> None:
    assert _banned(prompt) == [words]


@pytest.mark.parametrize(
    "prompt",
    [
        "Give me a cookie recipe with no cups measurements.",  # a unit's noun phrase
        "My recipe lists ingredients in grams, no cups.",  # the user's own recipe
        "No cups or ounces if possible.",  # hedged
        "Convert this recipe: no cups of sugar.",  # material
        "Use no more than 2 cups of flour.",  # a quantity, not a ban
        "Can you write it with no cups?",  # asked
    ],
)
def test_unit_ban_near_misses(prompt: str) -> None:
    assert _banned(prompt) == []


# -- the next word of a counted list, banned ---------------------------------------


def test_next_word_not_at_all_is_banned() -> None:
    prompt = "Use the word 'run' at least 3 times but the word 'race' not at all."
    assert _keywords(prompt) == [("run", "at_least", 3)]
    assert _banned(prompt) == [["race"]]
    assert _banned("Use 'moon' twice and 'star' never.") == [["star"]]


def test_next_word_not_at_all_near_misses() -> None:
    # a place named after it: not a ban on the answer
    assert _banned("Use 'run' at least 3 times but 'race' not at all in the title.") == []
    # asked about
    assert _banned("Why use 'run' twice and 'race' never?") == []


# -- several quoted words that must all appear -------------------------------------


@pytest.mark.parametrize(
    ("prompt", "words"),
    [
        (
            "Max 50 words, and the words 'chlorophyll', 'glucose' and 'carbon dioxide' must "
            "all appear.",
            ["carbon dioxide", "chlorophyll", "glucose"],
        ),
        ("The words 'tide' and 'salt' should both appear.", ["salt", "tide"]),
        ("The phrases 'net zero' and 'carbon budget' must be used.", ["carbon budget", "net zero"]),
    ],
)
def test_words_that_must_all_appear(prompt: str, words: list[str]) -> None:
    assert _keywords(prompt) == [(w, "at_least", 1) for w in words]


@pytest.mark.parametrize(
    "prompt",
    [
        "In my essay the words 'tide' and 'salt' must both appear, is that right?",
        "If it fits, the words 'tide' and 'salt' should both appear.",
        "The words 'tide' or 'salt' must appear.",
        "The words 'tide' and 'salt' must appear in the first line.",
    ],
)
def test_words_that_must_all_appear_near_misses(prompt: str) -> None:
    assert _keywords(prompt) == []


# -- placeholder tokens, with their count ------------------------------------------


@pytest.mark.parametrize(
    ("prompt", "expected"),
    [
        (
            "It must include the placeholders {{amount}}, {{recipient}} and {{date}}, each "
            "exactly once.",
            [
                ("{{amount}}", "exactly", 1),
                ("{{date}}", "exactly", 1),
                ("{{recipient}}", "exactly", 1),
            ],
        ),
        (
            "It must include the placeholders {first_name} and {order_id} exactly as written, "
            "each once.",
            [("{first_name}", "exactly", 1), ("{order_id}", "exactly", 1)],
        ),
        (
            "Use placeholders in curly braces — {name}, {expiry} — each exactly once.",
            [("{expiry}", "exactly", 1), ("{name}", "exactly", 1)],
        ),
        (
            "Use {{first_name}} and {{clinic}} each at least once, and don't invent any other "
            "placeholders.",
            [("{{clinic}}", "at_least", 1), ("{{first_name}}", "at_least", 1)],
        ),
        ("Must include {url} exactly once.", [("{url}", "exactly", 1)]),
        ("It must contain {code} once and be 70 characters or less.", [("{code}", "exactly", 1)]),
        (
            "Must include placeholders [NAME], [DATE] and [TIME].",
            [("[DATE]", "at_least", 1), ("[NAME]", "at_least", 1), ("[TIME]", "at_least", 1)],
        ),
        ("Start with 'Hi', include one link placeholder <link>.", [("<link>", "exactly", 1)]),
    ],
)
def test_placeholder_tokens_with_counts(prompt: str, expected: list[tuple[str, str, int]]) -> None:
    assert [k for k in _keywords(prompt) if k[0] != "Hi"] == expected


@pytest.mark.parametrize(
    "prompt",
    [
        "Use placeholders in curly braces like {customer_name}.",  # a form shown by example
        "Use [square brackets] for notes.",  # a markdown form, no placeholder named
        "Use {name}, {city}, etc.",  # an open list
        "If needed, include {url} once.",  # conditional
        "Use {name} in the greeting.",  # one part's
        "Can you include {url} once?",  # asked
    ],
)
def test_placeholder_near_misses(prompt: str) -> None:
    assert _keywords(prompt) == []


def test_bare_no_with_a_ceiling_is_a_count() -> None:
    prompt = "No more than 3 sentences and absolutely no 'sorry' more than once."
    assert _keywords(prompt) == [("sorry", "at_most", 1)]
    assert _banned(prompt) == []
    assert _keywords("No 'sorry' more than twice, please.") == [("sorry", "at_most", 2)]
    assert _keywords("No 'sorry' more than once in the first paragraph.") == []


# -- a ban after a list item of each thing: every one's, so the whole answer's -------


@pytest.mark.parametrize(
    ("prompt", "kind"),
    [
        ("Give me 5 taglines, each under 8 words, and no exclamation marks.", "forbidden_chars"),
        (
            "Give me 5 options, numbered 1-5, each max 6 words, every one has to include the "
            'word "Drift" and no exclamation marks anywhere.',
            "forbidden_chars",
        ),
        ("Give me 5 taglines, each under 8 words, and no 'amazing'.", "forbidden_words"),
    ],
)
def test_ban_after_an_each_item_is_the_whole_answers(prompt: str, kind: str) -> None:
    assert len(_specs(prompt, kind)) == 1


@pytest.mark.parametrize(
    "prompt",
    [
        "Give me 5 taglines, each under 8 words, and no exclamation marks if possible.",
        "My 5 taglines are each under 8 words, and no exclamation marks, right?",
        "Give me 5 taglines, each under 8 words, no commas in the first one.",
    ],
)
def test_ban_after_an_each_item_near_misses(prompt: str) -> None:
    assert _specs(prompt, "forbidden_chars") == []


# -- a value named by what it is, with a count -------------------------------------


@pytest.mark.parametrize(
    ("prompt", "expected"),
    [
        ("Include the restaurant name 'Osteria Lupa' once.", [("Osteria Lupa", "exactly", 1)]),
        ("Include the tagline 'Grow gently' twice.", [("Grow gently", "exactly", 2)]),
        ("Mention our slogan 'Fresh daily' at least 3 times.", [("Fresh daily", "at_least", 3)]),
        ("Mention the salary (£54,000) exactly once.", [("£54,000", "exactly", 1)]),
    ],
)
def test_named_value_with_a_count(prompt: str, expected: list[tuple[str, str, int]]) -> None:
    assert _keywords(prompt) == expected


@pytest.mark.parametrize(
    "prompt",
    [
        "Mention our app 'Tidy' at least twice if it fits.",  # hedged
        "Include the restaurant name 'Osteria Lupa' once in the title.",  # one part's
        "Use the format 'Q1' twice.",  # a form, not a value
        "Did you include the restaurant name 'Osteria Lupa' once?",  # asked
        "My essay mentions the name 'Lupa' twice.",  # the user's own text
        "Include the price (about £5).",  # hedged value
    ],
)
def test_named_value_with_a_count_near_misses(prompt: str) -> None:
    assert _keywords(prompt) == []


# -- a value labelled and said how it is written -----------------------------------


@pytest.mark.parametrize(
    ("prompt", "expected"),
    [
        ("Salary shown as £32,000–£36,000.", ["£32,000–£36,000"]),
        ("Start date written as 1 March 2027.", ["1 March 2027"]),
        ("Numbered 1–8, and quiet hours written as 22:00–07:00.", ["22:00–07:00"]),
        ("Player count written as '2–4 players'.", ["2–4 players"]),
        (
            'It must include the date written as "Saturday, 14 June", time as "3–6 pm", and '
            "the address.",
            ["3–6 pm", "Saturday, 14 June"],
        ),
    ],
)
def test_labelled_values_written_as(prompt: str, expected: list[str]) -> None:
    assert [k[0] for k in _keywords(prompt)] == expected


@pytest.mark.parametrize(
    "prompt",
    [
        "Write the date as 'DD/MM/YYYY'.",  # a form, not a value
        "Include the date written as 'DD/MM/YYYY'.",
        "Times written as 'HH:MM'.",
        "If you mention it, salary shown as £32,000.",  # conditional
        "My CV has the start date written as 1 March 2027.",  # the user's own text
        "The start date written as 1 March 2027 looks odd to me.",  # said of, not asked
    ],
)
def test_labelled_values_near_misses(prompt: str) -> None:
    assert _keywords(prompt) == []


# -- a keyword every part holds, stated later in the part's list or of parts named before


@pytest.mark.parametrize(
    ("prompt", "part", "keyword"),
    [
        (
            'Every bullet must be exactly one sentence, contain the word "senior", and be '
            "under 18 words.",
            "bullet",
            "senior",
        ),
        ("Each line should rhyme, contain 'moon', and stay short.", "line", "moon"),
        (
            "Use exactly two paragraphs and put the word 'please' in each one.",
            "paragraph",
            "please",
        ),
        ("Write 3 sentences and use 'blue' in each of them.", "sentence", "blue"),
    ],
)
def test_each_part_keyword_shared_or_named_before(prompt: str, part: str, keyword: str) -> None:
    found = _specs(prompt, "each_contains")
    assert [(s["part"], s["keyword"]) for s in found] == [(part, keyword)]


@pytest.mark.parametrize(
    "prompt",
    [
        # a new subject of its own before the verb
        "Every bullet must be short, and the summary must contain the word 'senior'.",
        'Every bullet must be short, contain the word "senior" if possible.',  # hedged
        # the parts named are the user's; the clause has its own subject
        "Write two paragraphs about my essay, and the intro must use 'please' in each one.",
        "Use exactly two paragraphs and put the word 'please' in each one except the last.",
    ],
)
def test_each_part_keyword_shared_near_misses(prompt: str) -> None:
    assert _specs(prompt, "each_contains") == []


# -- a keyword of one part, then of the next parts with the verb left out ------------


def _keyword_in(prompt: str) -> list[tuple[str, str, int]]:
    return [
        (str(s["keyword"]), str(s["part"]), int(str(s["index"])))
        for s in _specs(prompt, "keyword_in")
    ]


@pytest.mark.parametrize(
    ("prompt", "expected"),
    [
        (
            "Paragraph 1 must mention 'door', paragraph 2 'stairs', and paragraph 3 'attic'.",
            [("door", "paragraph", 1), ("stairs", "paragraph", 2), ("attic", "paragraph", 3)],
        ),
        (
            "The first sentence must contain the word 'dream' and the second must contain 'kick'.",
            [("dream", "sentence", 1), ("kick", "sentence", 2)],
        ),
    ],
)
def test_gapped_keyword_in(prompt: str, expected: list[tuple[str, str, int]]) -> None:
    assert _keyword_in(prompt) == expected


@pytest.mark.parametrize(
    ("prompt", "expected"),
    [
        # another kind of part: not the same rule
        (
            "The first sentence must contain the word 'dream' and the second line 'kick'.",
            [("dream", "sentence", 1)],
        ),
        # alternatives: either word will do
        (
            "The first sentence must contain 'dream', and the second 'kick' or 'push'.",
            [("dream", "sentence", 1)],
        ),
        # hedged
        ("The first sentence must contain the word 'dream' and the second 'kick' if possible.", []),
    ],
)
def test_gapped_keyword_in_near_misses(prompt: str, expected: list[tuple[str, str, int]]) -> None:
    assert _keyword_in(prompt) == expected


# -- a grammatical person banned, its words listed ---------------------------------


@pytest.mark.parametrize(
    ("prompt", "words"),
    [
        ('Never use first person ("I", "me", "my").', ["I", "me", "my"]),
        ("Avoid second person ('you', 'your').", ["you", "your"]),
    ],
)
def test_person_banned_with_its_words(prompt: str, words: list[str]) -> None:
    assert _banned(prompt) == [words]


@pytest.mark.parametrize(
    "prompt",
    [
        'Write in first person ("I", "me").',  # required, not banned
        'Never use first person ("I", "me", "my") in the title.',  # one part's
        'Never use first person (like "I") unless quoting someone.',  # conditional
    ],
)
def test_person_banned_near_misses(prompt: str) -> None:
    assert _banned(prompt) == []
