"""``redraft ask`` end to end: options, exit codes, output shapes."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner

from _judging import checklist_reply
from redraft.cli import cli
from redraft.testing import FakeOpenAIServer


@pytest.fixture
def runner() -> CliRunner:
    return CliRunner()


def _script(tmp_path: Path, name: str, items: list[str]) -> str:
    path = tmp_path / name
    path.write_text(json.dumps(items), encoding="utf-8")
    return f"scripted:{path}"


def test_json_output_after_a_redraft(runner: CliRunner, tmp_path: Path) -> None:
    model = _script(tmp_path, "drafts.json", ["The capital is Lyon.", "The capital is Paris."])
    result = runner.invoke(
        cli,
        [
            "ask",
            "What is the capital of France?",
            "--model",
            model,
            "--judge-model",
            "none",
            "--must-match",
            "Paris",
            "--json",
        ],
    )
    # The check passed but nothing verified the answer itself: exit 0, passed
    # null, said on stderr.
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert data["passed"] is None
    assert data["attempts"] == 2
    assert data["final_answer"] == "The capital is Paris."
    assert [d["verdict"]["passed"] for d in data["drafts"]] == [False, None]
    assert "the answer is unverified: 2 requirements: 1 exact ✓, 1 unverified" in result.stderr
    first = data["drafts"][0]["verdict"]
    assert [(e["evaluator"], e["status"]) for e in first["evidence"]] == [
        ("compiled checks", "skipped"),
        ("must_match /Paris/", "ok"),
    ]
    assert "Paris" in first["reason"]
    assert [c["kind"] for c in data["calls"]] == ["draft", "draft"]
    assert data["usage"]["input_tokens"] == sum(c["usage"]["input_tokens"] for c in data["calls"])


def test_exhausted_attempts_exit_1_and_return_the_best(runner: CliRunner, tmp_path: Path) -> None:
    words = " ".join(["word"] * 12)
    model = _script(tmp_path, "drafts.json", [words, "short enough", words])
    result = runner.invoke(
        cli,
        [
            "ask",
            "Say something",
            "--model",
            model,
            "--judge-model",
            "none",
            "--max-words",
            "3",
            "--must-match",
            "never-present",
            "--max-attempts",
            "3",
            "--json",
        ],
    )
    assert result.exit_code == 1
    data = json.loads(result.stdout)
    assert data["passed"] is False
    assert data["attempts"] == 3
    assert data["stop_reason"] == "exhausted"
    assert data["final_answer"] == "short enough"


def test_live_view_shows_drafts_verdicts_and_the_final_answer(
    runner: CliRunner, tmp_path: Path
) -> None:
    model = _script(tmp_path, "drafts.json", ["no digits here", "there are 3 of them"])
    result = runner.invoke(
        cli,
        ["ask", "How many?", "--model", model, "--judge-model", "none", "--must-match", r"\d"],
    )
    assert result.exit_code == 0, result.output
    out = result.output
    assert "draft 1/3" in out and "draft 2/3" in out
    assert "verdict 1: FAIL" in out and "verdict 2: UNVERIFIED" in out
    assert "? How many? — no check reads it" in out
    assert "feedback → attempt 2" in out
    assert "final answer" in out and "there are 3 of them" in out
    # The score is that of what was verified; what was not is counted beside it.
    assert "final answer · attempt 2 · score 1.00 · 1 of 2 requirements unverified" in out
    assert "up to 3 attempts" in out and "2 LLM calls" in out


def test_a_verdict_on_which_nothing_was_verified_shows_no_score(
    runner: CliRunner, tmp_path: Path
) -> None:
    model = _script(tmp_path, "drafts.json", ["Paris."])
    unsure = json.dumps({"items": [{"answer": "yes", "confidence": 3}]})
    judge = _script(tmp_path, "judge.json", [unsure])
    result = runner.invoke(
        cli, ["ask", "Capital of France?", "--model", model, "--judge-model", judge]
    )
    assert result.exit_code == 0, result.output
    assert "verdict 1: UNVERIFIED · nothing verified" in result.output
    assert "final answer · attempt 1 · nothing verified · 1 of 1 requirement unverified" in (
        result.output
    )


def test_scripted_judge_model_is_used(runner: CliRunner, tmp_path: Path) -> None:
    model = _script(tmp_path, "drafts.json", ["draft one"])
    # Two checklist items, the prompt and the criteria, in one reply.
    judge = _script(tmp_path, "judge.json", [checklist_reply(("yes", 10), ("yes", 8))])
    result = runner.invoke(
        cli,
        ["ask", "Q?", "--model", model, "--judge-model", judge, "--criteria", "be right", "--json"],
    )
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert [c["kind"] for c in data["calls"]] == ["draft", "judge"]
    assert data["passed"] is True
    assert data["score"] == pytest.approx((1.0 + 0.9) / 2)  # the mean of the items' p_yes


@pytest.mark.parametrize(
    ("args", "needle"),
    [
        (["--must-match", "(unclosed"], "(unclosed"),
        (["--threshold", "1.5"], "--threshold"),
        (["--max-attempts", "11"], "--max-attempts"),
        (["--feedback", "shout"], "--feedback"),
        (["--model", "nosuch:thing"], "nosuch:thing"),
        (["--json-schema", "/does/not/exist.json"], "--json-schema"),
    ],
)
def test_usage_errors_exit_2_and_name_the_problem(
    runner: CliRunner, args: list[str], needle: str
) -> None:
    base = ["ask", "Q?"]
    if "--model" not in args:
        base += ["--model", "scripted", "--judge-model", "none", "--must-match", "x"]
    result = runner.invoke(cli, [*base, *args])
    assert result.exit_code == 2, result.output
    assert needle in result.output
    assert "Traceback" not in result.output


def test_one_plain_draft_when_nothing_is_evaluated(runner: CliRunner, tmp_path: Path) -> None:
    model = _script(tmp_path, "drafts.json", ["first", "second"])
    args = ["ask", "Q?", "--model", model, "--judge-model", "none", "--no-compile"]
    result = runner.invoke(cli, [*args, "--max-attempts", "1", "--json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert (data["final_answer"], data["passed"], data["attempts"]) == ("first", None, 1)
    assert [c["kind"] for c in data["calls"]] == ["draft"]
    assert "warning: the answer is unverified" in result.stderr
    # More attempts change nothing: with nothing to evaluate there is no reason to redraft.
    result = runner.invoke(cli, args)
    assert result.exit_code == 0, result.output
    assert "first" in result.stdout and "second" not in result.stdout


def test_invalid_json_schema_file_exits_2(runner: CliRunner, tmp_path: Path) -> None:
    bad = tmp_path / "schema.json"
    bad.write_text("{not json", encoding="utf-8")
    result = runner.invoke(
        cli,
        ["ask", "Q?", "--model", "scripted", "--judge-model", "none", "--json-schema", str(bad)],
    )
    assert result.exit_code == 2
    assert "not valid JSON" in result.output


def test_json_schema_check_drives_a_redraft(runner: CliRunner, tmp_path: Path) -> None:
    schema = tmp_path / "schema.json"
    schema.write_text(
        json.dumps(
            {"type": "object", "required": ["name"], "properties": {"name": {"type": "string"}}}
        ),
        encoding="utf-8",
    )
    model = _script(tmp_path, "drafts.json", ['{"nom": "x"}', '{"name": "Ada"}'])
    result = runner.invoke(
        cli,
        [
            "ask",
            "Give JSON",
            "--model",
            model,
            "--judge-model",
            "none",
            "--json-schema",
            str(schema),
            "--json",
        ],
    )
    assert result.exit_code == 0, result.output
    assert json.loads(result.stdout)["final_answer"] == '{"name": "Ada"}'


@pytest.mark.real_calls
def test_openai_compatible_server_through_the_official_sdk(
    runner: CliRunner, monkeypatch: pytest.MonkeyPatch
) -> None:
    with FakeOpenAIServer(responses=["It is Lyon.", "It is Paris."]) as server:
        monkeypatch.setenv("OPENAI_BASE_URL", server.base_url)
        monkeypatch.setenv("OPENAI_API_KEY", "sk-test-secret-123")
        result = runner.invoke(
            cli,
            [
                "ask",
                "Capital of France?",
                "--model",
                "openai:fake-model",
                "--judge-model",
                "none",
                "--must-match",
                "Paris",
                "--json",
            ],
        )
        requests = list(server.requests)
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert data["final_answer"] == "It is Paris."
    assert [c["provider"] for c in data["calls"]] == ["openai", "openai"]
    assert all(c["model"] == "fake-model" for c in data["calls"])
    assert len(requests) == 2
    assert requests[0]["body"]["model"] == "fake-model"
    # the second request carries the check's feedback
    assert "Paris" in json.dumps(requests[1]["body"]["messages"])
    assert "sk-test-secret-123" not in result.stdout


def test_real_calls_are_blocked_in_tests_and_exit_2(
    runner: CliRunner, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("OPENAI_API_KEY", "sk-unused")
    result = runner.invoke(
        cli, ["ask", "Q?", "--model", "openai:gpt-x", "--judge-model", "none", "--must-match", "x"]
    )
    assert result.exit_code == 2
    assert "blocked" in result.output


def test_python_dash_m_entry_point() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "redraft", "ask", "--help"],
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 0
    for option in ("--must-not-match", "--on-exhausted", "--judge-model", "--json-schema"):
        assert option in done.stdout


@pytest.mark.parametrize(
    ("args", "variable", "value"),
    [
        (["serve"], "REDRAFT_SSE_HEARTBEAT_SECONDS", "9999"),
        (["serve"], "REDRAFT_HEADER_TIMEOUT_SECONDS", "0"),
        (["ask", "Q?", "--model", "scripted"], "REDRAFT_MAX_BODY_BYTES", "lots"),
        (["keys", "list"], "REDRAFT_SESSION_LEASE_SECONDS", "-1"),
    ],
)
def test_a_bad_setting_is_exit_2_naming_the_variable(
    runner: CliRunner, args: list[str], variable: str, value: str
) -> None:
    result = runner.invoke(cli, args, env={variable: value})
    assert result.exit_code == 2, result.output
    assert variable in result.output
    assert "Traceback" not in result.output


def test_candidates_and_delivery_flags_reach_the_policy(runner: CliRunner) -> None:
    result = runner.invoke(
        cli,
        [
            "ask",
            "Capital of France?",
            "--model",
            "scripted",
            "--judge-model",
            "none",
            "--must-match",
            "Capital",
            "--candidates",
            "2",
            "--max-attempts",
            "2",
            "--delivery",
            "parallel",
            "--pairwise",
            "--json",
        ],
    )
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert data["policy"]["candidates"] == 2 and data["policy"]["delivery"] == "parallel"
    assert data["policy"]["pairwise"] is True
    assert data["policy"]["temperature"] is None  # the model's own unless given
    cold_args = ["ask", "Q?", "--model", "scripted", "--judge-model", "none"]
    cold = runner.invoke(cli, [*cold_args, "--temperature", "0", "--must-match", "Q", "--json"])
    assert cold.exit_code == 0, cold.output
    assert json.loads(cold.stdout)["policy"]["temperature"] == 0.0
    too_many = runner.invoke(
        cli, ["ask", "Q?", "--model", "scripted", "--candidates", "3", "--max-attempts", "2"]
    )
    assert too_many.exit_code == 2 and "--candidates" in too_many.output


def test_the_deadline_is_left_to_the_run_unless_given(runner: CliRunner) -> None:
    args = ["ask", "Capital?", "--model", "scripted", "--judge-model", "none"]
    args += ["--must-match", "Capital", "--json"]
    default = runner.invoke(cli, args)
    given = runner.invoke(cli, [*args, "--deadline", "12"])
    assert default.exit_code == given.exit_code == 0, default.output + given.output
    # A scripted model reports no speed, so the unset deadline stays at 30 s.
    assert json.loads(default.stdout)["policy"]["deadline_s"] == 30.0
    assert json.loads(given.stdout)["policy"]["deadline_s"] == 12.0


def test_a_repair_is_shown_as_one_and_no_repair_turns_it_off(
    runner: CliRunner, tmp_path: Path
) -> None:
    prompt = "Name two rivers. Do not use any commas."
    model = _script(tmp_path, "drafts.json", ["The Seine, the Loire.", "The Seine and the Loire."])
    shown = runner.invoke(cli, ["ask", prompt, "--model", model, "--judge-model", "none"])
    assert shown.exit_code == 0, shown.output
    assert "repaired without a model: commas removed → attempt 2" in shown.stdout
    assert "draft 2/3 (repaired without a model)" in shown.stdout
    assert "The Seine the Loire." in shown.stdout

    model = _script(tmp_path, "again.json", ["The Seine, the Loire.", "The Seine and the Loire."])
    off = runner.invoke(
        cli, ["ask", prompt, "--model", model, "--judge-model", "none", "--no-repair", "--json"]
    )
    assert off.exit_code == 0, off.output
    data = json.loads(off.stdout)
    assert data["final_answer"] == "The Seine and the Loire."
    assert [c["kind"] for c in data["calls"]] == ["draft", "draft"]
    assert data["policy"]["repair"] is False
