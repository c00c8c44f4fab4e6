"""The line_affix family: every line starts or ends with a stated marker;
its measure, its repair, the phrasings that state it and the near misses
that must compile nothing."""

from __future__ import annotations

import pytest

from redraft.core._repair import apply_repairs
from redraft.criteria import CHECK_SPEC_ADAPTER, compile_checks, measure_text
from redraft.criteria._families._line_affix import EachLine
from redraft.criteria._vocabulary import repair_for

ARROWS = EachLine(position="start", phrase=">> ")
DASH = EachLine(position="start", phrase="-")
SEMI = EachLine(position="end", phrase=";")
BANG = EachLine(position="end", phrase="!")

# Labelled by reading: (spec, answer, passes).
LABELLED: list[tuple[EachLine, str, bool]] = [
    (ARROWS, ">> one\n>> two", True),
    (ARROWS, ">> one\ntwo", False),
    (ARROWS, ">> one\n\n>> after a blank line", True),  # blank lines are not lines
    (ARROWS, "   >> indented", True),  # indentation taken off
    (ARROWS, ">>tight", True),  # the marker's own space left out (stated)
    (ARROWS, "> one", False),
    (ARROWS, "text >> inside", False),
    (ARROWS, "", False),
    (DASH, "- a\n- b\n- c", True),
    (DASH, "- a\n* b", False),
    (DASH, "Intro:\n- a", False),  # every line, the lead-in too
    (SEMI, "first;\nsecond;", True),
    (SEMI, "first;  \nsecond;", True),  # trailing spaces taken off
    (SEMI, "first;\nsecond.", False),
    (SEMI, "first; second", False),
    (SEMI, ";", True),
    (BANG, "Go!\nRun!\nWin!", True),
    (BANG, "Go!\nRun.\nWin!", False),
    (BANG, "Go !", True),
    (BANG, "Wow!!\nYes!", True),
    (BANG, "¡Hola", False),
    (BANG, "no marks at all", False),
]


@pytest.mark.parametrize(("spec", "answer", "passes"), LABELLED)
def test_the_line_marker_measure_on_labelled_answers(
    spec: EachLine, answer: str, passes: bool
) -> None:
    outcome = measure_text(spec, answer)
    assert outcome.passed is passes, outcome.reason
    if not passes:
        assert outcome.suggestion


def test_the_correction_shows_a_line_without_the_marker() -> None:
    outcome = measure_text(SEMI, "one;\ntwo\nthree;")
    assert outcome.suggestion == (
        "1 of your 3 lines do not end with ';' (such as 'two'). "
        "End every line, blank lines aside, with ';'."
    )
    assert outcome.data["off"] == 1 and outcome.data["found"] == ["two"]


def test_the_spec_round_trips_and_describes_itself() -> None:
    data = {"kind": "each_line", "position": "end", "phrase": ";"}
    spec = CHECK_SPEC_ADAPTER.validate_python(data)
    assert spec == SEMI
    assert CHECK_SPEC_ADAPTER.validate_json(CHECK_SPEC_ADAPTER.dump_json(spec)) == spec
    assert spec.describe() == "every line ends with ';'"
    with pytest.raises(ValueError, match="phrase"):
        CHECK_SPEC_ADAPTER.validate_python({**data, "phrase": "  "})
    with pytest.raises(ValueError, match="position"):
        CHECK_SPEC_ADAPTER.validate_python({**data, "position": "middle"})


@pytest.mark.parametrize(
    ("answer", "expected"),
    [
        ("one\n>> two\n", ">> one\n>> two\n"),
        ("  indented\n\nnext\r\n", "  >> indented\n\n>> next\r\n"),
    ],
)
def test_the_repair_starts_every_line_with_the_marker(answer: str, expected: str) -> None:
    assert measure_text(ARROWS, answer).passed is False
    repair = repair_for(ARROWS)
    assert repair == {"op": "prefix_lines", "phrase": ">>"}
    repaired = apply_repairs(answer, [repair])
    assert repaired == expected
    assert measure_text(ARROWS, repaired).passed is True
    assert apply_repairs(repaired, [repair]) == repaired  # a passing answer is unchanged


def test_an_end_marker_has_no_repair() -> None:
    assert repair_for(SEMI) is None


def markers(prompt: str) -> list[tuple[str, str]]:
    return [
        (c.spec.position, c.spec.phrase)
        for c in compile_checks(prompt)
        if isinstance(c.spec, EachLine)
    ]


@pytest.mark.parametrize(
    ("prompt", "expected"),
    [
        ("Start every line with '>> '.", [("start", ">>")]),
        ("End each line with a semicolon.", [("end", ";")]),
        ('Every line must begin with "* ".', [("start", "*")]),
        ("Write a chant, each line ending with an exclamation mark.", [("end", "!")]),
        ("Begin all lines with `> `.", [("start", ">")]),
        ("Each line should end with a period.", [("end", ".")]),
        ("List the moons, one per line. Every line must start with '~'.", [("start", "~")]),
        ("Write it so that every line ends with '...!'.", []),  # an ellipsis reads as a template
        # the marker named as a word, a phrase or "the same word"
        ("Write a short poem where every line starts with the word 'Ever'.", [("start", "Ever")]),
        ("Compose a chant in which each line ends with the same word: 'now'.", [("end", "now")]),
        ("All lines must begin with the phrase 'I remember'.", [("start", "I remember")]),
        # "prefix" as the verb, after another clause
        ("Keep lines short, and prefix every line with '| '.", [("start", "|")]),
        # one thing a line, each line starting with a marker: every line
        ("Give me 4 taglines. Put each on a new line starting with '+ '.", [("start", "+")]),
        ("Name six rivers, one per line, each beginning with '~'.", [("start", "~")]),
        ("need 3 mottos. Each motto on its own line, starting with '>'.", [("start", ">")]),
    ],
)
def test_phrasings_that_compile(prompt: str, expected: list[tuple[str, str]]) -> None:
    assert markers(prompt) == expected


@pytest.mark.parametrize(
    "prompt",
    [
        "Each line should start with 'R:' and 'J:'.",  # both, or one each: unsaid
        "Every line starts with 'Q:', 'A:'",  # a list left open
        "Every line must start with 'A:' or 'B:' followed by a name.",  # a template
        "Every line must start with 'A:' or a dash.",  # a named mark beside a quote
        "Start each line with 'Step N:'.",  # a template
        "Start every line with 'Name:' followed by the name.",
        "Don't start every line with '-'.",
        "Ideally end each line with a period.",
        "Should every line end with a comma?",
        "Write a bash script and start every line with '#'.",  # lines of code
        "The first line should start with 'Hi'.",  # one line
        "My poem has every line ending with '!'. Fix the rhyme.",
        "Translate the text below: Start every line with '>'.",
        "Write a poem like the one where every line starts with 'Maybe'.",  # another poem
        "I wrote a song where each line ends with the word 'tonight'.",  # the user's own
        "Put each on a new line starting with 'Step N:'.",  # a template
        "Maybe put each on its own line, starting with '-'?",  # asked, hedged
    ],
)
def test_near_misses_compile_nothing(prompt: str) -> None:
    assert markers(prompt) == []


# -- alternatives: each line opens with one of several markers ---------------------------

SPEAKERS = EachLine(position="start", phrase="BARISTA:", alternatives=("CUSTOMER:",))
LEVELS = EachLine(position="start", phrase="[INFO]", alternatives=("[WARN]", "[ERROR]"))

# Labelled by reading: (spec, answer, passes).
LABELLED_CHOICES: list[tuple[EachLine, str, bool]] = [
    (SPEAKERS, "BARISTA: Hi!\nCUSTOMER: A latte, please.\nBARISTA: Coming up.", True),
    (SPEAKERS, "BARISTA: Hi!\n\nCUSTOMER: A latte.", True),  # blank lines are not lines
    (SPEAKERS, "CUSTOMER: Hello?\nCUSTOMER: Anyone?", True),  # one speaker only still opens each
    (SPEAKERS, "BARISTA: Hi!\nA latte, please.", False),
    (SPEAKERS, "Scene: a cafe\nBARISTA: Hi!\nCUSTOMER: Hey.", False),  # a title line too
    (SPEAKERS, "Barista: Hi!\nCUSTOMER: Hey.", False),  # case for case
    (SPEAKERS, "MANAGER: Hi!", False),
    (SPEAKERS, "", False),
    (LEVELS, "[INFO] started\n[WARN] disk 91%\n[ERROR] crashed", True),
    (LEVELS, "[INFO] started\n[DEBUG] x=1", False),
    (LEVELS, "  [ERROR] indented", True),
    (LEVELS, "started [INFO]", False),
]


@pytest.mark.parametrize(("spec", "answer", "passes"), LABELLED_CHOICES)
def test_a_choice_of_markers_on_labelled_answers(spec: EachLine, answer: str, passes: bool) -> None:
    outcome = measure_text(spec, answer)
    assert outcome.passed is passes, outcome.reason
    if not passes:
        assert spec.shown() in (outcome.suggestion or "")


def test_a_choice_of_markers_has_no_repair_and_round_trips() -> None:
    assert repair_for(SPEAKERS) is None
    assert CHECK_SPEC_ADAPTER.validate_json(CHECK_SPEC_ADAPTER.dump_json(SPEAKERS)) == SPEAKERS
    assert SPEAKERS.describe() == "every line starts with 'BARISTA:' or 'CUSTOMER:'"
    with pytest.raises(ValueError, match="alternative"):
        CHECK_SPEC_ADAPTER.validate_python(
            {"kind": "each_line", "position": "start", "phrase": "A:", "alternatives": [" "]}
        )


def choices(prompt: str) -> list[tuple[str, ...]]:
    return [c.spec.markers() for c in compile_checks(prompt) if isinstance(c.spec, EachLine)]


@pytest.mark.parametrize(
    ("prompt", "expected"),
    [
        (
            "Write a scene at a cafe. Every line starts with either 'BARISTA:' or 'CUSTOMER:'.",
            [("BARISTA:", "CUSTOMER:")],
        ),
        ("A dialogue; each line must begin with 'R:', 'J:' or 'M:'.", [("R:", "J:", "M:")]),
        ("Could you write me a chant where every line ends with '!' or '?'", [("!", "?")]),
        ('Every line should start with "Teacher:" or "Student:".', [("Teacher:", "Student:")]),
        (
            "Write a log. Start every line with '[INFO]', '[WARN]', or '[ERROR]'.",
            [("[INFO]", "[WARN]", "[ERROR]")],
        ),
    ],
)
def test_markers_joined_by_or_are_a_choice_for_every_line(
    prompt: str, expected: list[tuple[str, ...]]
) -> None:
    assert choices(prompt) == expected


@pytest.mark.parametrize(
    "prompt",
    [
        "Should every line start with 'A:' or 'B:'?",  # a question
        "If you like, start every line with 'A:' or 'B:'.",  # hedged
        "Don't start every line with 'A:' or 'B:'.",  # negated
        "Write a bash script where every line starts with 'echo' or '#'.",  # lines of code
    ],
)
def test_no_choice_of_markers_where_the_clause_is_not_a_rule(prompt: str) -> None:
    assert choices(prompt) == []
