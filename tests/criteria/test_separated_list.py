"""One line of items separated by a stated mark ("separated by semicolons",
"separated by ' > '", "pipe-separated"): the comma_list kind with its
separator; its measure, repair and the wordings that compile it."""

from __future__ import annotations

import pytest

from redraft.core._repair import apply_repairs
from redraft.criteria import CHECK_SPEC_ADAPTER, compile_checks, measure_text
from redraft.criteria._families._literals import CommaList
from redraft.criteria._vocabulary import repair_for


def separators(prompt: str) -> list[str]:
    return [c.spec.separator for c in compile_checks(prompt) if isinstance(c.spec, CommaList)]


@pytest.mark.parametrize(
    ("prompt", "separator"),
    [
        ("List five fruits, comma-separated.", ","),
        ("Give the path separated by slashes.", "/"),
        ("List them pipe-separated.", "|"),
        ("Separate them with semicolons.", ";"),
        ("Name the planets in order, separated by ' > '.", " > "),
        ("Write the seven days of the week in Swahili separated by semicolons.", ";"),
    ],
)
def test_a_stated_separator_compiles(prompt: str, separator: str) -> None:
    assert separators(prompt) == [separator]


@pytest.mark.parametrize(
    "prompt",
    [
        "Write a short bio and list my skills separated by semicolons.",  # a part beside prose
        "For each country, list its neighbours separated by slashes.",  # one list each
        "Give them separated by 'and'.",  # a word, not a mark
        "Write a CSV file with values separated by semicolons.",  # a CSV's own
        "Are the tags separated by pipes?",  # a question
    ],
)
def test_near_misses_compile_no_separated_line(prompt: str) -> None:
    assert separators(prompt) == []


@pytest.mark.parametrize(
    ("separator", "answer", "passes"),
    [
        (";", "Jumatatu; Jumanne; Jumatano", True),
        (";", "Jumatatu, Jumanne, Jumatano", False),
        (" > ", "Mercury > Venus > Earth", True),
        (" > ", "Mercury>Venus>Earth", True),  # spaces around the mark aside
        ("/", "usr/local/bin", True),
        ("/", "usr/local/bin\nsecond line", False),  # one line
        ("|", "a || b", False),  # an empty item
        (",", "apple, pear.", True),  # one final period
    ],
)
def test_the_separated_line_on_labelled_answers(separator: str, answer: str, passes: bool) -> None:
    assert measure_text(CommaList(separator=separator), answer).passed is passes


def test_the_repair_joins_a_list_with_the_separator() -> None:
    spec = CommaList(separator=" > ")
    repair = repair_for(spec)
    assert repair == {"op": "join_list", "separator": " > "}
    repaired = apply_repairs("- Mercury\n- Venus\n- Earth", [repair])
    assert repaired == "Mercury > Venus > Earth"
    assert measure_text(spec, repaired).passed
    assert repair_for(CommaList()) == {"op": "join_list"}


def test_the_separator_is_a_mark_and_round_trips() -> None:
    spec = CHECK_SPEC_ADAPTER.validate_python({"kind": "comma_list", "separator": ";"})
    assert spec == CommaList(separator=";")
    assert spec.describe() == "one line of items separated by ';'"
    assert CommaList().describe() == "one comma-separated line"
    with pytest.raises(ValueError, match="separator"):
        CHECK_SPEC_ADAPTER.validate_python({"kind": "comma_list", "separator": "and"})
