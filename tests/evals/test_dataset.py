"""Reading datasets: JSONL, CSV and JSON arrays, and errors that name the line."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from redraft.evals import DatasetError, read_dataset
from redraft.evals._dataset import parse_dataset

EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "mechanical.jsonl"


def test_jsonl_rows_carry_their_requirements() -> None:
    text = "\n".join(
        [
            json.dumps({"prompt": "Name a city.", "must_match": ["Paris"], "reference": "Paris"}),
            "",
            json.dumps({"id": "q2", "messages": [{"role": "user", "content": "Hi"}]}),
        ]
    )
    rows = parse_dataset(text, kind="jsonl")
    assert [r.id for r in rows] == [None, "q2"]
    assert rows[0].must_match == ["Paris"]
    assert rows[0].question == "Name a city."
    assert rows[1].question == "Hi"


def test_the_reference_reaches_the_judge_only_when_asked() -> None:
    (row,) = parse_dataset(
        json.dumps({"prompt": "Name a city.", "criteria": "A real city.", "reference": "Paris"}),
        kind="jsonl",
    )
    assert row.request(with_reference=False).criteria == "A real city."
    criteria = row.request(with_reference=True).criteria
    assert criteria is not None
    assert criteria.startswith("A real city.") and "reference answer: Paris" in criteria


def test_csv_lists_json_cells_and_extra_columns_as_metadata(tmp_path: Path) -> None:
    path = tmp_path / "rows.csv"
    checks = '"[{""kind"": ""forbidden_chars"", ""chars"": "",""}]"'
    path.write_text(
        "prompt,must_match,max_words,checks,topic\n"
        f'"Say hi, briefly.","hi\nhello",5,{checks},greet\n'
        "Say bye.,,,,\n",
        encoding="utf-8",
    )
    first, second = read_dataset(path)
    assert first.prompt == "Say hi, briefly."
    assert first.must_match == ["hi", "hello"]
    assert first.max_words == 5
    # Checks are read as the evaluation spec reads them: validated check specs.
    checks_read = [check.model_dump(exclude_unset=True) for check in first.checks or []]
    assert checks_read == [{"kind": "forbidden_chars", "chars": ","}]
    assert first.metadata == {"topic": "greet"}
    assert second.must_match is None and second.metadata == {}


@pytest.mark.parametrize(
    ("text", "kind", "message"),
    [
        ('{"prompt": "a"}\n{"promt": "b"}', "jsonl", "line 2: unknown field promt"),
        ('{"prompt": "a"}\nnot json', "jsonl", "line 2: not JSON"),
        ('{"prompt": "a", "messages": []}', "jsonl", "either a prompt or a messages list"),
        ('{"prompt": "  "}', "jsonl", "the prompt is empty"),
        ('{"prompt": "a", "must_match": ["(a"]}', "jsonl", "line 1"),
        ('{"prompt": "a", "max_words": 0}', "jsonl", "max_words"),
        ('{"id": "x", "prompt": "a"}\n{"id": "x", "prompt": "b"}', "jsonl", "id 'x'"),
        ("[1]", "json", "item 1: a row must be a JSON object"),
        ("{}", "json", "array of rows"),
        ("question\nhi\n", "csv", "needs a prompt"),
        ("prompt,max_words\nhi,many\n", "csv", "max_words must be a whole number"),
        ("", "jsonl", "no rows"),
        ("x", "txt", ".jsonl, .csv or .json"),
    ],
)
def test_bad_datasets_say_where_and_what(text: str, kind: str, message: str) -> None:
    with pytest.raises(DatasetError, match=None) as raised:
        parse_dataset(text, kind=kind, name="d")
    assert message in str(raised.value)


def test_a_missing_file_is_named(tmp_path: Path) -> None:
    with pytest.raises(DatasetError, match="no dataset at"):
        read_dataset(tmp_path / "nope.jsonl")


def test_the_shipped_example_has_twenty_mechanical_rows() -> None:
    from redraft.criteria import account_requirements, compile_checks

    rows = read_dataset(EXAMPLE)
    assert len(rows) == 20
    assert len({row.id for row in rows}) == 20
    for row in rows:
        # Every requirement the prompt states compiles into an exact check,
        # so a checks-only eval can verify the whole row.
        clauses = account_requirements(row.question, None, compile_checks(row.question, None))
        assert clauses and all(clause.exact for clause in clauses), row.id
