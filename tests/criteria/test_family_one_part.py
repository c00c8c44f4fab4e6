"""One part opens or closes with a phrase (part_affix): the measure on
answers labelled by reading them, the wordings that compile it and the near
misses that must not."""

from __future__ import annotations

import pytest

from redraft.criteria import compile_checks
from redraft.criteria._families._one_part import ONE_PART, PartAffix


def _spec(part: str, index: int, position: str, *phrases: str) -> PartAffix:
    return PartAffix.model_validate(
        {"part": part, "index": index, "position": position, "phrases": phrases}
    )


LAST_LINE = _spec("line", -1, "start", "In short:")
LINE_2 = _spec("line", 2, "start", "EN:")
DOOR = _spec("line", -1, "end", "door")
QUESTION = _spec("sentence", 2, "end", "?")
TITLE_COLON = _spec("title", 1, "end", ":")
YES_NO = _spec("bullet", 1, "start", "Yes", "No")

# 26 answers labelled by reading them: (spec, answer, does the part meet it).
LABELLED = [
    (LAST_LINE, "Rain fell.\nIt stopped.\nIn short: wet.", True),
    (LAST_LINE, "Rain fell.\nIn short: wet.\nThe end.", False),  # not the last line
    (LAST_LINE, "Rain fell.\n\n**In short:** wet.", True),  # bold set aside
    (LAST_LINE, "Rain fell.\nin SHORT: wet.", True),  # case aside
    (LAST_LINE, "Rain fell.\nIn  short:  wet.", True),  # whitespace runs as one space
    (LAST_LINE, "", False),  # no line at all
    (LAST_LINE, "Rain fell.\n  In short: wet.  \n\n", True),  # indentation and blank lines
    (LINE_2, "Hello\nEN: Hello\nFR: Bonjour", True),
    (LINE_2, "Hello", False),  # the answer has no second line
    (LINE_2, "Hello\nENGLISH: Hello", False),
    (LINE_2, "Hello\n> EN: Hello", True),  # a quote marker set aside
    (LINE_2, "Hello\n“EN: Hello”", True),  # an opening quote set aside
    (DOOR, "She walked\nto the door", True),
    (DOOR, "She walked\nto the door.", True),  # closing punctuation may follow a word
    (DOOR, "She walked\nto the *door*!", True),
    (DOOR, "She walked\nindoor", False),  # a word ends with 'door', not the word
    (DOOR, "The door\nopened", False),
    (QUESTION, "I am here. Are you? Fine.", True),
    (QUESTION, "I am here. You are. Fine?", False),
    (QUESTION, "Just one?", False),  # no second sentence
    (TITLE_COLON, "# Rivers:\nThey flow.", True),
    (TITLE_COLON, "**Title: Rivers**\nThey flow.", False),  # the label is no colon of the title
    (TITLE_COLON, "Rivers\nThey flow:", False),
    (YES_NO, "- No, not yet\n- Yes", True),
    (YES_NO, "- Yesterday it rained\n- Yes", False),  # "Yes" must end a word
    (YES_NO, "Intro\n- Maybe\n- Yes", False),
    (_spec("title", 1, "start", "[Update]"), "Subject: [Update] Q3 numbers\n\nHi all", True),
    (_spec("paragraph", 3, "end", "!"), "One.\n\nTwo.\n\nThree!\n\nFour.", True),
]


@pytest.mark.parametrize(("spec", "answer", "ok"), LABELLED)
def test_the_measure_reads_the_one_part(spec: PartAffix, answer: str, ok: bool) -> None:
    assert ONE_PART.measure(spec, answer).passed is ok


def test_the_correction_names_the_part_and_the_phrase() -> None:
    outcome = ONE_PART.measure(LINE_2, "Hello\nFR: Bonjour")
    assert outcome.suggestion == (
        "The 2nd line of your answer is 'FR: Bonjour'. Start it with 'EN:'."
    )
    missing = ONE_PART.measure(LINE_2, "Hello")
    assert missing.suggestion == (
        "Your answer has 1 line; write it so that the 2nd line starts with 'EN:'."
    )


def test_a_position_is_never_zero() -> None:
    with pytest.raises(ValueError, match="position"):
        _spec("line", 0, "start", "x")


@pytest.mark.parametrize(
    ("prompt", "phrase"),
    [
        ("The final sentence should end with a question mark.", "?"),
        ("Make the last line end with the word 'door'.", "door"),
        ("Finish the last sentence with an exclamation point.", "!"),
    ],
)
def test_the_last_sentence_or_line_end_is_the_answer_end(prompt: str, phrase: str) -> None:
    specs = [c.spec.model_dump() for c in compile_checks(prompt)]
    assert specs == [{"kind": "ends_with", "phrase": phrase}]


def _kinds(prompt: str) -> list[dict[str, object]]:
    return [c.spec.model_dump() for c in compile_checks(prompt) if c.spec.kind == "part_affix"]


@pytest.mark.parametrize(
    ("prompt", "part", "index", "position", "phrases"),
    [
        ("The last line must start with 'In short:'.", "line", -1, "start", ("In short:",)),
        ("Begin the final line with 'In short:'", "line", -1, "start", ("In short:",)),
        (
            "your very last line has to begin with “In short:” pls",
            "line",
            -1,
            "start",
            ("In short:",),
        ),
        ("Line 2 starts with 'EN:'.", "line", 2, "start", ("EN:",)),
        ("Start the second line with 'EN:' please.", "line", 2, "start", ("EN:",)),
        ("Make the second line end with the word 'door'.", "line", 2, "end", ("door",)),
        ("The first line ends with a colon.", "line", 1, "end", (":",)),
        ("The first sentence should end with a question mark.", "sentence", 1, "end", ("?",)),
        ("Finish the 3rd sentence with an exclamation point.", "sentence", 3, "end", ("!",)),
        ("Write a toast. First sentence must be a question.", "sentence", 1, "end", ("?",)),
        (
            "Describe autumn in exactly 3 sentences, where the second sentence is a question.",
            "sentence",
            2,
            "end",
            ("?",),
        ),
        ("Paragraph 2 should end with a colon.", "paragraph", 2, "end", (":",)),
        ("The second sentence is a question.", "sentence", 2, "end", ("?",)),
        ("Make the title a question.", "title", 1, "end", ("?",)),
        ("The headline must end with an exclamation mark.", "title", 1, "end", ("!",)),
        ("The subject line should begin with '[Update]'.", "title", 1, "start", ("[Update]",)),
        ("Open the first bullet with either Yes or No.", "bullet", 1, "start", ("Yes", "No")),
        ("Start the title with 'How' or 'Why'.", "title", 1, "start", ("How", "Why")),
    ],
)
def test_wordings_compile_one_part(
    prompt: str, part: str, index: int, position: str, phrases: tuple[str, ...]
) -> None:
    assert _kinds(prompt) == [
        {
            "kind": "part_affix",
            "part": part,
            "index": index,
            "position": position,
            "phrases": phrases,
        }
    ]


@pytest.mark.parametrize(
    "prompt",
    [
        "Write a poem. The first line should be catchy.",
        "Start the first line with a greeting.",
        "End the last paragraph on a hopeful note.",
        "Don't start the last line with 'So'.",
        "If possible, the last line should start with 'PS'.",
        "Is the second sentence a question?",
        "The second sentence is a question about cats.",
        "The first line of the poem below starts with 'Roses'.",
        "Summarize this note: 'The last line must start with In short.'",
        "Each line must start with '>'.",
        "Start every line with 'Q:' followed by the question.",
        "Begin the second paragraph with 'However'.",  # word_at reads it
        "Explain to me why, in a text where the second sentence is a question, people pause.",
        "Write a story in which the first line ends with a colon and nobody notices.",
    ],
)
def test_near_misses_compile_no_one_part_check(prompt: str) -> None:
    assert _kinds(prompt) == []
