"""Wordings of a part's measure read by the grammar of the request: one
named part's size said in a "write X where …" clause or a list of rules, a
headline before further parts, a title described then bounded; each
sentence's or paragraph's length said of the parts by their plural or as
"none over …" after them; table rows named by what they hold. Each family
with the near misses that must compile nothing (or something else)."""

from __future__ import annotations

import pytest

from _compiled_specs import specs_of_kind


def _part(part: str, index: int, units: str, relation: str, value: int) -> dict[str, object]:
    return {"part": part, "index": index, "units": units, "relation": relation, "value": value}


# -- one named part: the clause that says what the piece asked for is like ------------

GOVERNED = [
    (
        "Write a story where the first sentence has exactly 3 words.",
        [_part("sentence", 1, "words", "exactly", 3)],
    ),
    (
        "Compose a poem in which the last line has 4 words and the first line has 9 words.",
        [_part("line", -1, "words", "exactly", 4), _part("line", 1, "words", "exactly", 9)],
    ),
    (
        "Write a fable where the final sentence is only two words long.",
        [_part("sentence", -1, "words", "exactly", 2)],
    ),
    (
        "Draft a haiku-like verse of 3 lines where line 3 is a single word.",
        [_part("line", 3, "words", "exactly", 1)],
    ),
    (
        "Write a pitch in which the first sentence is under 10 words.",
        [_part("sentence", 1, "words", "at_most", 9)],
    ),
    (
        "Rules: 4 paragraphs, the first paragraph is a single sentence, no emojis.",
        [_part("paragraph", 1, "sentences", "exactly", 1)],
    ),
]


@pytest.mark.parametrize(("prompt", "expected"), GOVERNED)
def test_a_part_said_in_a_clause_of_the_request_is_counted(
    prompt: str, expected: list[dict[str, object]]
) -> None:
    got = specs_of_kind(prompt, "part_count")
    assert all(e in got for e in expected), got


DESCRIBED = [
    # the user's own piece, or one that was written
    "I wrote a story where the first sentence has exactly 3 words. Critique it.",
    "Rewrite my story where the first sentence has 40 words.",
    "Write a review of the essay below, where the first paragraph has 200 words.",
    "Write a story. In my draft the first sentence has 12 words.",
    # hedged or loose
    "Write a story where the first sentence maybe has 3 words.",
    "Write a story where the first sentence has 3 words or so.",
    # a part described with no request governing it
    "The final sentence is only two words long in my draft.",
    "My essay: the first paragraph is 3 sentences. Please fix it.",
]


@pytest.mark.parametrize("prompt", DESCRIBED)
def test_a_part_described_is_not_counted(prompt: str) -> None:
    assert specs_of_kind(prompt, "part_count") == []


# -- a headline among further parts; a title described, then bounded -----------------

TITLED = [
    ("Give me a headline of at most 8 words, then a body paragraph.", "words", 8),
    ("Write me a headline of max 12 words followed by three bullet points.", "words", 12),
    ("I need a press release: a headline of max 12 words with no puns, then a body.", "words", 12),
    ("Title under 60 characters with no clickbait words ('shocking', 'insane').", "characters", 59),
    ("Write a news item with a body. Headline in Title Case and under 12 words.", "words", 11),
    ("Subject line imperative, 50 characters max. Then a body.", "characters", 50),
    ("Title on the first line, under 60 characters, then 3 paragraphs.", "characters", 59),
]


@pytest.mark.parametrize(("prompt", "units", "value"), TITLED)
def test_the_title_bound_is_read(prompt: str, units: str, value: int) -> None:
    assert _part("title", 1, units, "at_most", value) in specs_of_kind(prompt, "part_count")


TITLE_MISSES = [
    # the answer is the headline alone: the whole answer's size, not a part's
    "Give me a headline of at most 8 words.",
    # "title" the verb, or a count of something else after the title
    "Title each section, under 60 characters.",
    "Title it however you like, max 6 words per bullet.",
    "Headline in Title Case, 3 bullets of at most 12 words.",
    "Write a blog post. Headline catchy and under 12 words per line.",
    # hedged
    "Headline in title case if possible, under 12 words.",
    # the headline is the whole answer: its own count says it
    "Write a job ad headline. Headline must be in sentence case, under 10 words.",
    # the letter case named "Title Case", no title: the whole answer's count
    "Write a tagline for our sale. Title Case, 6 words or fewer.",
    # a count of some of the part's words
    "The first line has 3 words with no vowels.",
]


def test_the_rest_of_the_titles_list_is_the_titles() -> None:
    prompt = (
        "Commit message. Subject line imperative, 50 characters max, no trailing period. "
        "Then a body."
    )
    assert specs_of_kind(prompt, "no_final_mark") == []


@pytest.mark.parametrize("prompt", TITLE_MISSES)
def test_title_near_misses_compile_no_part_count(prompt: str) -> None:
    assert specs_of_kind(prompt, "part_count") == []


# -- each sentence / paragraph by its plural ------------------------------------------

PLURAL = [
    ("Sentences must be short — under 12 words each.", "sentence", "at_most", 11),
    (
        "Rules: sentences of 20 words or fewer; no word longer than 12 letters.",
        "sentence",
        "at_most",
        20,
    ),
    (
        "Write a product description. Keep sentences to 20 words or fewer.",
        "sentence",
        "at_most",
        20,
    ),
    ("Paragraphs should be 40-60 words each.", "paragraph", "at_most", 60),
    ("Exactly 3 sentences, none longer than 20 words, and no jargon.", "sentence", "at_most", 20),
    ("Write four paragraphs, none over 80 words.", "paragraph", "at_most", 80),
]


@pytest.mark.parametrize(("prompt", "part", "relation", "value"), PLURAL)
def test_each_part_by_its_plural(prompt: str, part: str, relation: str, value: int) -> None:
    got = specs_of_kind(prompt, "each_word_count")
    assert {"part": part, "relation": relation, "value": value} in got, got


PLURAL_MISSES = [
    # the user's parts, or a condition
    "My essay has 5 paragraphs, none longer than 100 words. Summarise it.",
    "If you write 3 sentences, none longer than 20 words, fine.",
    "The sentences of 20 words or fewer in my draft are fine.",
    # which things "none" is of is unclear
    "Write 3 paragraphs with 2 examples, none longer than 20 words.",
    # hedged; a total; a bare size that may be the whole's
    "Write short sentences, ideally under 12 words each.",
    "Write 3 paragraphs of at most 300 words in total.",
    "Write 3 paragraphs of 100 words.",
    # avoided, not bounded
    "Avoid sentences of 30 words or more.",
]


@pytest.mark.parametrize("prompt", PLURAL_MISSES)
def test_plural_near_misses_compile_no_count_of_each(prompt: str) -> None:
    assert specs_of_kind(prompt, "each_word_count") == []


# -- table rows ------------------------------------------------------------------------

ROWS = [
    ("Make a habit tracker as a markdown table with the days as columns, 5 habit rows.", [5]),
    ("Make a comparison table of phones. 6 feature rows.", [6]),
    ("Make a habit tracker table. Five habit rows (water, stretch, read, walk, sleep).", [5]),
    ("Give it as a table with kids as columns and Mon–Fri as rows, so 5 rows.", [5]),
    ("Answer in a two-row markdown table with columns Term, Purpose, Position.", [2]),
    ("Create a table of 5 planets with columns: Planet | Moons. Sort rows by diameter.", [5]),
    ("Create a table of 4 rivers. Rows sorted by length.", [4]),
]


@pytest.mark.parametrize(("prompt", "values"), ROWS)
def test_table_rows_named_by_what_they_hold(prompt: str, values: list[int]) -> None:
    got = specs_of_kind(prompt, "table_rows")
    assert [s["value"] for s in got] == values and all(s["relation"] == "exactly" for s in got)


def test_a_range_of_rows_alone_after_the_table() -> None:
    got = specs_of_kind("Make a comparison table of phones. Between 6 and 8 rows.", "table_rows")
    assert got == [{"relation": "at_least", "value": 6}, {"relation": "at_most", "value": 8}]


ROW_MISSES = [
    "Make a table with 2 header rows.",
    "Make a comparison table of phones. 2 header rows.",
    "My table has 5 habit rows. Explain it.",
    "Don't make a table with 5 habit rows.",
    "Make a table, maybe with 5 habit rows.",
    "Is a two-row table enough?",
    "Make a table with kids as columns, and 5 rows each.",
    # rows stated otherwise than one per thing
    "Create a table of 5 planets with columns: Planet | Moons. One row per moon.",
    # a range and a list of rows with no table asked
    "Between 6 and 8 rows.",
]


@pytest.mark.parametrize("prompt", ROW_MISSES)
def test_table_row_near_misses_compile_no_row_count(prompt: str) -> None:
    assert specs_of_kind(prompt, "table_rows") == []


# -- how each thing starts, said right after the things' noun --------------------------

RELATIVE = [
    ("Give me a list of 8 verbs that start with 're'.", "re", True),
    ("Give me 6 boy names starting with the letter K that work in Hindi.", "K", True),
    ('List 6 excuses that all begin with "Sorry, but".', "Sorry, but", False),
    ("Give me 6 names starting with the letter K, each ending with 'a'.", "K", True),
]


@pytest.mark.parametrize(("prompt", "phrase", "letter"), RELATIVE)
def test_the_things_start_as_their_relative_clause_says(
    prompt: str, phrase: str, letter: bool
) -> None:
    got = specs_of_kind(prompt, "each_starts_with")
    assert got == [{"part": "item", "phrase": phrase, "capital": False, "letter": letter}], got


RELATIVE_MISSES = [
    "Give me 5 tips that might start with 'Try'.",
    "Give me 5 tips. Some start with 'Try'.",
    "I have 5 tips that start with 'Try'. Rewrite them.",
    "Give me 5 tips that don't start with 'Try'.",
]


@pytest.mark.parametrize("prompt", RELATIVE_MISSES)
def test_relative_near_misses_compile_no_start(prompt: str) -> None:
    assert specs_of_kind(prompt, "each_starts_with") == []


def test_a_prefix_of_letters_opens_any_word() -> None:
    from redraft.criteria._families._each_part import EACH_PART
    from redraft.criteria._families._each_part_spec import EachStartsWith

    spec = EachStartsWith(part="item", phrase="re", letter=True)
    assert EACH_PART.measure(spec, "- rebuild\n- redo\n- return").passed
    assert not EACH_PART.measure(spec, "- rebuild\n- undo").passed
    whole = EachStartsWith(part="item", phrase="re")
    assert not EACH_PART.measure(whole, "- rebuild\n- redo").passed
    with pytest.raises(ValueError, match="one to four letters"):
        EachStartsWith(part="item", phrase="sorry", letter=True)
