"""``redraft judge``: verdicts on answers written elsewhere, one or a JSONL file."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from redraft.cli import cli

PROMPT = "Answer in at most 5 words. Do not use any commas."
"""Every clause of it compiles into an exact check, so checks alone can pass it."""


@pytest.fixture
def runner() -> CliRunner:
    return CliRunner()


def test_one_answer_gets_the_checks_ask_would_run(runner: CliRunner) -> None:
    failing = runner.invoke(
        cli, ["judge", "--prompt", PROMPT, "--answer", "Paris, France", "--judge-model", "none"]
    )
    assert failing.exit_code == 1, failing.output
    assert "not passed" in failing.output and "1 comma;" in failing.output
    passing = runner.invoke(
        cli,
        ["judge", "--prompt", PROMPT, "--answer", "Paris", "--judge-model", "none", "--json"],
    )
    assert passing.exit_code == 0, passing.output
    record = json.loads(passing.stdout)
    assert record["passed"] is True and record["score"] == 1.0
    assert record["evidence"][1]["data"]["measured"] == {",": 0}
    assert [(r["coverage"], r["passed"]) for r in record["requirements"]] == [
        ("exact", True),
        ("exact", True),
    ]


def test_options_add_checks_and_answers_come_from_files(runner: CliRunner, tmp_path: Path) -> None:
    answer = tmp_path / "answer.txt"
    answer.write_text("Lyon is lovely", encoding="utf-8")
    result = runner.invoke(
        cli,
        [
            *("judge", "--prompt", "Capital?", "--answer", f"@{answer}"),
            *("--judge-model", "none", "--must-match", "Paris", "--json"),
        ],
    )
    assert result.exit_code == 1
    record = json.loads(result.stdout)
    assert [e["evaluator"] for e in record["evidence"]] == ["compiled checks", "must_match /Paris/"]
    assert [(r["text"], r["passed"]) for r in record["requirements"]] == [
        ("Capital?", None),
        ("must_match /Paris/", False),
    ]


def test_nothing_to_evaluate_is_unverified_not_passed(runner: CliRunner) -> None:
    result = runner.invoke(
        cli,
        [
            *("judge", "--prompt", "Tell me about cats.", "--answer", "Cats purr."),
            *("--judge-model", "none", "--json"),
        ],
    )
    assert result.exit_code == 0
    assert json.loads(result.stdout)["passed"] is None
    assert "unverified" in result.stderr


def test_a_judge_model_judges(runner: CliRunner) -> None:
    # The scripted model answers a JSON-schema request with a passing verdict.
    result = runner.invoke(
        cli,
        [
            "judge",
            "--prompt",
            "Capital?",
            "--answer",
            "Paris",
            "--judge-model",
            "scripted",
            "--json",
        ],
    )
    assert result.exit_code == 0, result.output
    record = json.loads(result.stdout)
    assert record["passed"] is True
    assert any(e["kind"] == "judge" for e in record["evidence"])
    assert record["usage"]["input_tokens"] > 0


def test_jsonl_verdicts_echo_ids_in_order(runner: CliRunner, tmp_path: Path) -> None:
    lines = [
        {"id": "b", "prompt": PROMPT, "answer": "Paris, France"},
        {"id": 1, "prompt": PROMPT, "answer": "Paris"},
        {"prompt": "Tell me about cats.", "answer": "Cats purr."},
        {
            "id": "a",
            "prompt": "Answer in at most 5 words.",
            "answer": "Lyon",
            "criteria": "Do not use any commas.",
        },
    ]
    path = tmp_path / "answers.jsonl"
    path.write_text("\n".join(json.dumps(line) for line in lines) + "\n", encoding="utf-8")
    result = runner.invoke(cli, ["judge", "--jsonl", str(path), "--judge-model", "none"])
    assert result.exit_code == 0, result.output
    records = [json.loads(line) for line in result.stdout.splitlines()]
    # Ids as given; a line without one is named by its line number.
    assert [r["id"] for r in records] == ["b", 1, 3, "a"]
    assert [r["passed"] for r in records] == [False, True, None, True]


@pytest.mark.parametrize(
    ("content", "message"),
    [
        ("not json\n", "line 1 is not JSON"),
        ('{"prompt": "Q?"}\n', "line 1 needs a string 'answer'"),
        ('{"prompt": "Q?", "answer": "A"}\n[1]\n', "line 2 is not a JSON object"),
    ],
)
def test_bad_jsonl_lines_are_usage_errors_naming_the_line(
    runner: CliRunner, tmp_path: Path, content: str, message: str
) -> None:
    path = tmp_path / "bad.jsonl"
    path.write_text(content, encoding="utf-8")
    result = runner.invoke(cli, ["judge", "--jsonl", str(path), "--judge-model", "none"])
    assert result.exit_code == 2
    assert message in result.output


def test_prompt_and_answer_or_jsonl_are_required(runner: CliRunner, tmp_path: Path) -> None:
    assert runner.invoke(cli, ["judge", "--prompt", "Q?"]).exit_code == 2
    path = tmp_path / "x.jsonl"
    path.write_text("", encoding="utf-8")
    both = runner.invoke(cli, ["judge", "--jsonl", str(path), "--prompt", "Q?"])
    assert both.exit_code == 2 and "drop --prompt" in both.output
