"""Line counts stated through the things each line holds (:mod:`._line_sets`):
the languages of one translation, the letters of an acrostic's word, two
named parts on lines of their own; and an opening "Explain …" that is the
answer, not an explanation added to the lines counted."""

from __future__ import annotations

import pytest

from redraft.criteria import compile_checks
from redraft.criteria._families._lines import LineCount


def _line_counts(prompt: str) -> list[tuple[str, int]]:
    return [
        (c.spec.relation, c.spec.value)
        for c in compile_checks(prompt)
        if isinstance(c.spec, LineCount)
    ]


@pytest.mark.parametrize(
    ("prompt", "value"),
    [
        ("Translate 'Good night' into Dutch, Polish and Greek. Put each on its own line.", 3),
        ("Say 'thank you' in Japanese and Korean, each on a separate line.", 2),
        (
            "Write the same sentence 'I like tea' in English, Spanish, French, and German, "
            "in that order, each on a new line prefixed with the language's ISO code.",
            4,
        ),
        ("Translate 'See you soon' into Hindi, Urdu and Bengali, one per line.", 3),
        (
            "Translate 'Welcome' into Swedish, Danish and Finnish. Label each line with the "
            "language name followed by a colon.",
            3,
        ),
        ("Write an acrostic poem for the name ROSALIND, one line per letter.", 8),
        ("What do the letters in 'NATO' stand for? Write each letter on its own line.", 4),
        (
            "Backronym for GROW for our garden club. One word per letter, each on its own line.",
            4,
        ),
        (
            "Write an acrostic where the first letters of the lines spell PEBBLE. One line "
            "per letter, nothing before or after the poem.",
            6,
        ),
        ("Tell me a riddle. Question and answer on separate lines.", 2),
        ("Write a push notification. Title and body on two lines.", 2),
        (
            "Make up a fake username and a password. "
            "Label them 'User:' and 'Pass:' on separate lines.",
            2,
        ),
        ("Explain what a mutex is to a new hire in no more than 4 lines.", 4),
    ],
)
def test_counts_compile(prompt: str, value: int) -> None:
    assert [v for _, v in _line_counts(prompt)] == [value]


@pytest.mark.parametrize(
    "prompt",
    [
        # several texts translated: lines per text and language, not per language
        "Translate these sentences into French and German, each on its own line.",
        # a part beside the lines
        "Translate 'hello' into French and German, each on its own line, "
        "with a pronunciation note.",
        "Translate 'hello' into French and German, each on its own line, "
        "then explain the differences.",
        # hedged, negated, asked about
        "Translate 'hello' into French and German, each on its own line if you can.",
        "Translate 'hello' into French and German. Don't put each on its own line.",
        "Why do people translate 'hello' into French and German with each on its own line?",
        # a language list with no line per language
        "Translate 'hello' into French, German and Italian.",
        # two words in capitals: which word the lines spell is unknown
        "Write an acrostic for MARGOT in ALL CAPS, one line per letter.",
        # no word spelled: the letters are of nothing named
        "Write a poem for MARGOT, one line per letter.",
        "Write an acrostic for MARGOT, ideally one line per letter.",
        "Write an acrostic for MARGOT with a title, one line per letter.",
        # plural parts, the same part twice, and an extra part after the pair
        "Questions and answers on separate lines.",
        "Tell me a joke. Setup and punchline on separate lines, then explain it.",
        "If possible, setup and punchline on separate lines.",
        "I wrote the setup and punchline on separate lines. Is it funny?",
        # an explanation after the lines, not the answer itself
        "Write a 4-line poem about rain, then explain its meter.",
    ],
)
def test_near_misses_compile_no_count(prompt: str) -> None:
    assert _line_counts(prompt) == []


@pytest.mark.parametrize(
    ("prompt", "expected"),
    [
        # a limit said with "exceed" or "go over" alone
        ("Write a docstring. It can't exceed 8 lines.", [("at_most", 8)]),
        ("Write a bio. It should not exceed 6 lines.", [("at_most", 6)]),
        ("Write a bio that does not exceed 5 lines.", [("at_most", 5)]),
        ("Write a toast. Don't go over 4 lines.", [("at_most", 4)]),
        # after the count's colon, what each counted line holds, not lines of their own
        ("Tell me a joke and keep it to two lines: setup then punchline.", [("exactly", 2)]),
        (
            "Write an address label. Exactly 4 lines: name; street; postcode followed by "
            "the city; and the country on the last line.",
            [("exactly", 4)],
        ),
        # the one thing the answer is, on one line
        ("Create a regex for ZIP codes. Reply with just the regex on one line.", [("exactly", 1)]),
        ("Return only the SQL query on one line.", [("exactly", 1)]),
    ],
)
def test_limits_and_listed_lines(prompt: str, expected: list[tuple[str, int]]) -> None:
    assert _line_counts(prompt) == expected


@pytest.mark.parametrize(
    "prompt",
    [
        "If it can't exceed 8 lines, what should I cut?",
        "My draft can't exceed 8 lines, so help me shorten it.",
        "Write a bio. It can exceed 8 lines.",
        "Write a joke in two lines, then explain it.",
        "Write a joke in two lines. Then explain it in a sentence.",
        "If you reply with just the regex on one line, it breaks.",
        "Don't reply with just the regex on one line.",
        "Reply with just the regexes on one line each.",
    ],
)
def test_limits_and_listed_lines_near_misses(prompt: str) -> None:
    assert _line_counts(prompt) == []


@pytest.mark.parametrize(
    ("prompt", "expected"),
    [
        # a count in brackets that goes on, after what the thing is about
        ("Write a cinquain about frost (5 lines with 1, 2, 3, 4, 1 words).", [("exactly", 5)]),
        ("Write a poem about dogs (6 lines, rhyming).", [("exactly", 6)]),
        # the bracket a sentence of its own, right after the thing asked for
        ("Write a villanelle about the sea. (19 lines, two refrains.)", [("exactly", 19)]),
        # "every single line" is each line, no second count
        ("Write a 6-line chorus where 'hold on' appears in every single line.", [("exactly", 6)]),
        # a title or an explanation said not to be needed adds no line
        ("Write a haiku about snow. You don't need a title.", [("exactly", 3)]),
        ("Write a haiku about snow. You don't need to explain it.", [("exactly", 3)]),
        # the user's own title is no line of the answer
        (
            "Translate my book's title 'Rain' into French, German and Italian. "
            "Output exactly three lines.",
            [("exactly", 3)],
        ),
    ],
)
def test_bracketed_and_refused_parts(prompt: str, expected: list[tuple[str, int]]) -> None:
    assert _line_counts(prompt) == expected


@pytest.mark.parametrize(
    "prompt",
    [
        "My poem about dogs (6 lines) is too long. Fix it?",
        "Write a song. (4 lines, if possible.)",
        "Write a 6-line chorus and a 2-line tag.",
        "Write a haiku about snow and explain it.",
        "Write a haiku about snow. You need a title.",
        "Write a 4-line poem and put my name as the title.",
        "Write a 4-line poem for our newsletter with a title.",
        # the form taken back
        "Write a villanelle. Actually, no, just a free verse poem about trains.",
        "Write a sonnet. On second thought, a haiku is better.",
    ],
)
def test_bracketed_and_refused_parts_near_misses(prompt: str) -> None:
    assert _line_counts(prompt) == []


@pytest.mark.parametrize(
    ("prompt", "value"),
    [
        ("Convert these to Celsius, one per line:\n50F\n70F\n90F", 3),
        ("Sort these names, one per line, nothing else:\nAnn\nBob\nCid\nDee", 4),
        ("Convert these prices to USD:\n$5\n4 euros\n12 pounds\nReturn one per line.", 3),
        # "no extra commentary" refuses an extra part, adds none
        ("Convert these to ISO dates, one per line, no extra commentary:\nMay 3\nJune 4", 2),
    ],
)
def test_given_lines_compile(prompt: str, value: int) -> None:
    assert _line_counts(prompt) == [("exactly", value)]


@pytest.mark.parametrize(
    "prompt",
    [
        # things picked out of a text, not each thing given
        "List every email in the text below, one per line:\na@b.com\nc@d.com",
        # some things dropped
        "Convert these to Celsius, one per line, and remove duplicates:\n50F\n70F\n50F",
        # more text after the block: what the block is, unsure
        "Convert these to Celsius, one per line:\n50F\n70F\n\nThanks, I need it for class.",
        # no line per thing asked
        "Convert these to Celsius:\n50F\n70F\n90F",
        "Sort these, one per line if possible:\nb\na\nc",
    ],
)
def test_given_lines_near_misses(prompt: str) -> None:
    assert _line_counts(prompt) == []


def test_each_thing_on_its_own_line_with_no_count_asked_compiles_without_failing() -> None:
    # the things are counted ("my 3 haiku") but no count is asked to open the request
    prompt = "Rewrite my 3 haiku below with each haiku on its own line."
    counts = [c.spec for c in compile_checks(prompt) if isinstance(c.spec, LineCount)]
    assert all(spec.value == 3 for spec in counts)
