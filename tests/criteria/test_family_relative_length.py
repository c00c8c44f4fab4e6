"""The relative-length family: a given part is the longest or shortest of
its kind, or longer or shorter than another given part; the phrasings that
compile and the near misses that must not."""

from __future__ import annotations

import pytest
from pydantic import ValidationError

from redraft.criteria import compile_checks
from redraft.criteria._families._relative_length import RELATIVE_LENGTH, RelativeLength

MIDDLE_PARA_SHORTEST = RelativeLength(part="paragraph", positions=[0], rank="shortest")
LINE3_LONGEST = RelativeLength(part="line", positions=[3], rank="longest", unit="characters")
ENDS_SHORTEST = RelativeLength(part="line", positions=[1, 5], rank="shortest", unit="characters")
SECOND_LONGER = RelativeLength(part="paragraph", positions=[2], rank="longer", than=[1])
LAST_SENT_SHORTER = RelativeLength(part="sentence", positions=[-1], rank="shorter", than=[1])
LAST_ITEM_LONGEST = RelativeLength(part="item", positions=[-1], rank="longest")
FIRST_BEATS_ALL = RelativeLength(part="line", positions=[1], rank="shorter", unit="characters")
MORE_SENTENCES = RelativeLength(
    part="paragraph", positions=[1], rank="longer", than=[2], unit="sentences"
)

THREE = "One two three four.\n\nOne two.\n\nOne two three."
# 28 answers labelled by reading them: (spec, answer, does it hold).
LABELLED = [
    (MIDDLE_PARA_SHORTEST, THREE, True),
    (MIDDLE_PARA_SHORTEST, "One two.\n\nOne two three.\n\nOne two three four.", False),
    (MIDDLE_PARA_SHORTEST, "One two.\n\nOne two.\n\nOne two three.", True),  # a tie passes
    (MIDDLE_PARA_SHORTEST, "One.\n\nTwo words.\n\nThree.\n\nFour.", False),  # no middle of four
    (MIDDLE_PARA_SHORTEST, "Only one paragraph here.", False),
    (MIDDLE_PARA_SHORTEST, "", False),
    (MIDDLE_PARA_SHORTEST, "A b c.\n\n**Bold** x.\n\nA b c d.", True),  # markup is no word
    (LINE3_LONGEST, "short\nlonger line\nthe longest line of all\nmid line\nend", True),
    (LINE3_LONGEST, "short\nthe longest line of all\nlonger line\nmid\nend", False),
    (LINE3_LONGEST, "  a\n\nbb\n  ccc  ", True),  # blank lines are no lines, spaces no length
    (LINE3_LONGEST, "aaaa\nbb", False),  # no line 3
    (LINE3_LONGEST, "éé\nb\nççç", True),  # characters, not bytes
    (ENDS_SHORTEST, "a\nbbb\ncccc\ndd\ne", True),
    (ENDS_SHORTEST, "a\nbbb\nc\ndd\ne", True),  # line 3 ties with them: no line is shorter
    (ENDS_SHORTEST, "a\nbbb\nc\ndd\nee", False),  # line 3 is shorter than line 5
    (ENDS_SHORTEST, "a\nbbb\ncc\ndd\neee", False),  # line 5 is longer than line 3
    (ENDS_SHORTEST, "a\nbbb\ncc", False),  # no line 5
    (SECOND_LONGER, "Short one.\n\nThis one is clearly longer.", True),
    (SECOND_LONGER, "This one is clearly longer.\n\nShort one.", False),
    (SECOND_LONGER, "Two words.\n\nTwo more.", False),  # a tie is not longer
    (SECOND_LONGER, "Just one paragraph, however long it is.", False),
    (LAST_SENT_SHORTER, "This first sentence has quite a few words. Done.", True),
    (LAST_SENT_SHORTER, "Short. This last one has more words than the first.", False),
    (LAST_SENT_SHORTER, "Dr. Smith came home late today. He slept.", True),  # "Dr." ends none
    (LAST_ITEM_LONGEST, "- apples\n- pears\n- a big bowl of cherries", True),
    (LAST_ITEM_LONGEST, "1. a big bowl of cherries\n2. pears", False),
    (LAST_ITEM_LONGEST, "Intro line with many many words\n- apples\n- green pears", True),
    (LAST_ITEM_LONGEST, "No list at all.", False),
    (LAST_ITEM_LONGEST, "- one\n- two", True),  # equal lengths: the last is among the longest
    (FIRST_BEATS_ALL, "ab\nabc\nabcd", True),
    (FIRST_BEATS_ALL, "ab\nab\nabcd", False),  # "shorter than every other": a tie fails
    (MORE_SENTENCES, "One. Two. Three.\n\nOne. Two.", True),
    (MORE_SENTENCES, "One. Two.\n\nOne. Two.", False),
    (MORE_SENTENCES, "One, two, three, four, five words.\n\nA. B.", False),  # sentences, not words
]


@pytest.mark.parametrize(("spec", "answer", "ok"), LABELLED)
def test_the_measure_compares_the_named_parts(spec: RelativeLength, answer: str, ok: bool) -> None:
    assert RELATIVE_LENGTH.measure(spec, answer).passed is ok


def test_the_correction_names_the_offending_parts() -> None:
    outcome = RELATIVE_LENGTH.measure(MIDDLE_PARA_SHORTEST, "A b.\n\nA b c d.\n\nA b c.")
    assert outcome.suggestion == (
        "Your answer's paragraph 2 has 4 words, but paragraph 1 has 2. Rewrite it so that "
        "the middle paragraph is the shortest of the paragraphs (in words)."
    )


def test_a_missing_position_is_named() -> None:
    outcome = RELATIVE_LENGTH.measure(LINE3_LONGEST, "a\nb")
    assert "no line 3" in (outcome.suggestion or "")


def test_a_part_is_never_compared_with_itself() -> None:
    with pytest.raises(ValidationError):
        RelativeLength(part="line", positions=[2], rank="longer", than=[2])
    with pytest.raises(ValidationError):
        RelativeLength(part="line", positions=[2], rank="longest", than=[1])
    with pytest.raises(ValidationError):
        RelativeLength(part="line", positions=[2], rank="longer", than=[1], unit="sentences")


def _relative(prompt: str) -> list[RelativeLength]:
    return [c.spec for c in compile_checks(prompt) if isinstance(c.spec, RelativeLength)]


@pytest.mark.parametrize(
    ("prompt", "expected"),
    [
        (
            "Write three paragraphs on tea. The middle paragraph must be the shortest.",
            MIDDLE_PARA_SHORTEST,
        ),
        (
            "Three paragraphs please, and the middle one should be the shortest paragraph.",
            MIDDLE_PARA_SHORTEST,
        ),
        (
            "essay, 3 paragraphs; paragraph two has to be the shortest one",
            RelativeLength(part="paragraph", positions=[2], rank="shortest"),
        ),
        ("Write a 5-line poem in which line 3 is the longest line.", LINE3_LONGEST),
        (
            "Compose a haiku where the middle line must be the longest line by character count.",
            RelativeLength(part="line", positions=[0], rank="longest", unit="characters"),
        ),
        ("Make a poem of five lines; make sure lines 1 and 5 are the shortest.", ENDS_SHORTEST),
        (
            "Describe durian in 2 paragraphs, and the second must be longer than the first.",
            SECOND_LONGER,
        ),
        (
            "About rain. The second paragraph should have more words than the first paragraph.",
            SECOND_LONGER,
        ),
        (
            "Write four sentences; the last sentence should be shorter than the first one.",
            LAST_SENT_SHORTER,
        ),
        ("Write a list of tips. The last item must be the longest.", LAST_ITEM_LONGEST),
        ("Write tips as a list; the longest item should be the last one.", LAST_ITEM_LONGEST),
        (
            "Please write 3 paragraphs where the last paragraph is the shortest.",
            RelativeLength(part="paragraph", positions=[-1], rank="shortest"),
        ),
        (
            "I want three paragraphs, the first one being the shortest.",
            RelativeLength(part="paragraph", positions=[1], rank="shortest"),
        ),
        (
            "Two paragraphs: one on cats, one on dogs. The first should be longer than the second.",
            RelativeLength(part="paragraph", positions=[1], rank="longer", than=[2]),
        ),
        ("Write a poem where the opening line is shorter than every other line.", FIRST_BEATS_ALL),
        (
            "Write two paragraphs. The first paragraph should have more sentences than the second.",
            MORE_SENTENCES,
        ),
        (
            "Write three sentences: the final sentence should be the longest in characters.",
            RelativeLength(part="sentence", positions=[-1], rank="longest", unit="characters"),
        ),
    ],
)
def test_phrasings_compile(prompt: str, expected: RelativeLength) -> None:
    assert _relative(prompt) == [expected]


@pytest.mark.parametrize(
    "prompt",
    [
        "Identify which paragraph is the longest.",
        "In the poem below, the last line is the longest.",
        "Ideally the middle paragraph should be the shortest.",
        "Like in this example, the last line is the longest.",
        "Is the middle paragraph the shortest?",
        "Don't make the last paragraph the longest.",
        "The first sentence should be shorter than 20 words.",
        "Make the second paragraph longer than the original.",
        "Tell me whether the first line is longer than the second.",
        "The middle paragraph of the text above must be the shortest.",
        "My essay's last paragraph is the longest; fix the grammar.",
        "If the last paragraph is the longest, cut it.",
        "The longest paragraph in the article below is the last one.",
        "Which line should be the shortest?",
        "Write 3 bullets; the second bullet should be longer than the first by at least 5 words.",
        "Write a summary; the last paragraph should be the longest section of the document.",
        "The longest line should be the last one in the table.",
        "Write an essay; the last paragraph should be longer than the first one's introduction.",
        "My three paragraphs are below. The first one being the shortest bothers me.",
        "Write two paragraphs and three bullet points. The first should be longer than the second.",
    ],
)
def test_near_misses_compile_nothing(prompt: str) -> None:
    assert _relative(prompt) == []
