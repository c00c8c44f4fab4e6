"""`redraft eval`: a dataset through the loop, reports, the local log, resuming."""

from __future__ import annotations

import asyncio
import json
import os
import re
import signal
import subprocess
import sys
import threading
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner, Result

from redraft.cli import cli
from redraft.store import RunSummary, Store
from redraft.testing import FakeOpenAIServer

# The echo model answers "Scripted answer: <prompt>": a row passes when its
# pattern is in its own prompt. --no-compile: "Say …" would need a judge.
ROWS = [
    {"id": "a", "prompt": "Say Paris.", "must_match": ["Paris"], "reference": "Paris"},
    {"id": "b", "prompt": "Say Lyon.", "must_not_match": ["Lyon"]},
    {"id": "c", "prompt": "Say <b>Nice</b> | ok.", "must_match": ["Nice"]},
]
ECHO = ["--model", "scripted", "--judge-model", "none", "--no-compile"]


@pytest.fixture
def logged(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> str:
    """The local log on, in a store of the test's own."""
    url = f"sqlite:///{tmp_path / 'redraft.db'}"
    monkeypatch.setenv("REDRAFT_DATABASE_URL", url)
    monkeypatch.setenv("REDRAFT_LOG", "on")
    return url


def _dataset(tmp_path: Path, rows: list[dict[str, Any]] = ROWS) -> Path:
    path = tmp_path / "rows.jsonl"
    path.write_text("".join(json.dumps(row) + "\n" for row in rows), encoding="utf-8")
    return path


def _eval(*args: str | Path) -> Result:
    return CliRunner().invoke(cli, ["eval", *map(str, args)])


def _stored(url: str, eval_id: str) -> Any:
    async def read() -> Any:
        store = await Store.open(url)
        try:
            return await store.evals.get(eval_id, tenant="default")
        finally:
            await store.close()

    return asyncio.run(read())


def _runs(url: str) -> list[RunSummary]:
    async def read() -> list[RunSummary]:
        store = await Store.open(url)
        try:
            return await store.list_runs(tenant="default", limit=50)
        finally:
            await store.close()

    return asyncio.run(read())


def _eval_id(output: str) -> str:
    found = re.search(r"eval_[0-9a-f]{20}", output)
    assert found, output
    return found.group(0)


def test_an_eval_runs_every_row_and_writes_its_reports(tmp_path: Path, logged: str) -> None:
    out = tmp_path / "out"
    result = _eval(_dataset(tmp_path), *ECHO, "--max-attempts", "2", "--out", out)
    assert result.exit_code == 0, result.output
    lines = (out / "results.jsonl").read_text(encoding="utf-8").splitlines()
    outcomes = {o["row_id"]: o for o in map(json.loads, lines)}
    assert {k: o["passed"] for k, o in outcomes.items()} == {"a": True, "b": False, "c": True}
    assert outcomes["b"]["attempts"] == 2
    html = (out / "report.html").read_text(encoding="utf-8")
    assert "&lt;b&gt;Nice&lt;/b&gt;" in html and "<b>Nice</b>" not in html
    assert "| Say" in (out / "report.md").read_text(encoding="utf-8") or "\\|" in (
        out / "report.md"
    ).read_text(encoding="utf-8")
    # The summary on stderr, a figure per line: 2 of 3 passed.
    assert re.search(r"rows\s+│\s+3\s+│", result.stderr), result.stderr
    assert re.search(r"passed\s+│\s+2\s+│", result.stderr), result.stderr
    assert re.search(r"pass rate \(95% CI\)\s+│\s+67% \(", result.stderr), result.stderr
    evaluation = _stored(logged, _eval_id(result.stderr))
    assert evaluation.status == "completed"
    assert {o.row_id: o.run_id for o in evaluation.outcomes} == {
        k: o["run_id"] for k, o in outcomes.items()
    }
    # Each row's run is in the local log, beside `redraft ask`'s.
    runs = CliRunner().invoke(cli, ["runs", "list", "--json", "--source", "cli"])
    assert {r["id"] for r in json.loads(runs.stdout)} == {o["run_id"] for o in outcomes.values()}


@pytest.mark.real_calls  # a loopback fake server
def test_the_summary_fits_80_columns_whole_with_a_priced_model(
    tmp_path: Path, logged: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    # gpt-4o-mini is in the price table: every figure, the cost too, is known.
    with FakeOpenAIServer(["Paris.", "Lyon, I think."] * 6) as vendor:
        monkeypatch.setenv("OPENAI_BASE_URL", vendor.base_url)
        monkeypatch.setenv("OPENAI_API_KEY", "sk-test")
        monkeypatch.setenv("COLUMNS", "80")
        result = _eval(
            _dataset(tmp_path, ROWS[:2]),
            *("--model", "openai:gpt-4o-mini", "--judge-model", "none", "--no-compile"),
            *("--max-attempts", "1", "--compare", "--out", tmp_path / "o"),
        )
    assert result.exit_code == 0, result.output
    lines = result.stderr.splitlines()
    start = next(i for i, line in enumerate(lines) if line.startswith("Eval eval_"))
    # the table alone: the "wrote <path>" lines after it are as long as the
    # temporary directory's path
    end = next(i for i in range(start, len(lines)) if lines[i].startswith("└"))
    table = lines[start + 1 : end + 1]
    assert len(table) >= 12, table
    assert all(len(line) <= 80 for line in table), table
    assert not any("…" in line for line in table), "\n".join(table)
    # An arm per column, a figure per line.
    assert table[1].split() == ["┃", "┃", "baseline", "┃", "loop", "┃"]
    cost = next(line for line in table if line.startswith("│ cost (USD)"))
    costs = re.findall(r"\$0\.\d+", cost)
    assert len(costs) == 2 and all(float(c[1:]) > 0 for c in costs), cost
    interval = next(line for line in table if "pass rate" in line)
    assert re.search(r"\d+% \(\d+%–\d+%\)", interval), interval


def test_min_pass_rate_fails_an_eval_below_it(tmp_path: Path, logged: str) -> None:
    args: tuple[str | Path, ...] = (
        _dataset(tmp_path),
        *ECHO,
        *("--max-attempts", "1", "--out", tmp_path / "o"),
    )
    assert _eval(*args, "--min-pass-rate", "0.6").exit_code == 0
    below = _eval(*args, "--min-pass-rate", "0.7")
    assert below.exit_code == 1
    assert "below --min-pass-rate" in below.stderr


def test_compare_runs_a_one_draft_baseline_beside_the_loop(tmp_path: Path, logged: str) -> None:
    result = _eval(_dataset(tmp_path), *ECHO, "--compare", "--out", tmp_path / "o")
    assert result.exit_code == 0, result.output
    evaluation = _stored(logged, _eval_id(result.stderr))
    assert sorted((o.row_id, o.arm) for o in evaluation.outcomes) == [
        (r, a) for r in "abc" for a in ("baseline", "loop")
    ]
    assert all(o.attempts == 1 for o in evaluation.outcomes if o.arm == "baseline")
    assert "McNemar" in result.stderr


def test_resume_finishes_only_the_rows_left(tmp_path: Path, logged: str) -> None:
    dataset = _dataset(tmp_path)
    first = _eval(dataset, *ECHO, "--limit", "3", "--out", tmp_path / "o")
    eval_id = _eval_id(first.stderr)
    before = _stored(logged, eval_id)

    async def forget_the_last_row() -> None:
        # As if Ctrl-C had stopped it before row c finished.
        store = await Store.open(logged)
        async with store.engine.begin() as connection:
            from sqlalchemy import text

            await connection.execute(
                text("DELETE FROM eval_outcomes WHERE eval_id = :id AND row = 2"), {"id": eval_id}
            )
            await connection.execute(
                text("UPDATE evals SET status = 'interrupted' WHERE id = :id"), {"id": eval_id}
            )
        await store.close()

    asyncio.run(forget_the_last_row())
    resumed = _eval("--resume", eval_id, "--out", tmp_path / "o2")
    assert resumed.exit_code == 0, resumed.output
    after = _stored(logged, eval_id)
    assert after.status == "completed"
    kept = {o.row_id: o.run_id for o in before.outcomes}
    now = {o.row_id: o.run_id for o in after.outcomes}
    assert now["a"] == kept["a"] and now["b"] == kept["b"]
    assert now["c"] != kept["c"]
    assert "row c (3/3)" in resumed.stderr and "row a " not in resumed.stderr


@pytest.mark.parametrize(
    ("args", "message"),
    [
        ((), "give a DATASET, or --resume EVAL_ID"),
        (("--resume", "eval_nope"), "there is no eval eval_nope"),
        (("--resume", "eval_x", "--max-attempts", "5"), "drop --max-attempts"),
        (("--resume", "eval_x", "--compare"), "drop --compare"),
        (
            ("--resume", "eval_x", "--preset", "quality", "--no-compile"),
            "drop --no-compile, --preset",
        ),
    ],
)
def test_usage_errors_exit_2(args: tuple[str, ...], message: str, logged: str) -> None:
    result = _eval(*args)
    assert result.exit_code == 2
    assert message in result.output


def test_a_bad_dataset_is_named_with_its_line(tmp_path: Path, logged: str) -> None:
    path = tmp_path / "bad.jsonl"
    path.write_text('{"prompt": "ok"}\n{"prompt": "x", "must_macth": ["a"]}\n', encoding="utf-8")
    result = _eval(path, *ECHO)
    assert result.exit_code == 2
    assert "line 2: unknown field must_macth" in result.output


def test_a_row_that_needs_a_judge_is_refused_before_any_run(tmp_path: Path, logged: str) -> None:
    rows = [{"prompt": "Say hi."}, {"id": "kind", "prompt": "Say hi.", "criteria": "Be kind."}]
    result = _eval(_dataset(tmp_path, rows), *ECHO)
    assert result.exit_code == 2
    assert "row kind: criteria were given" in result.output
    assert "row 1 " not in result.output


def test_without_the_log_the_reports_are_still_written(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    result = _eval(_dataset(tmp_path), *ECHO, "--out", tmp_path / "o")
    assert result.exit_code == 0, result.output
    assert "cannot be resumed" in result.stderr
    assert len((tmp_path / "o" / "results.jsonl").read_text().splitlines()) == 3


def _default_sigint() -> None:
    signal.signal(signal.SIGINT, signal.SIG_DFL)


def test_ctrl_c_stops_the_eval_and_resume_carries_on(tmp_path: Path) -> None:
    """The real thing: SIGINT to a running `redraft eval`, then --resume."""
    rows = [{"id": str(i), "prompt": f"Say {i}.", "must_match": ["answer"]} for i in range(4)]
    dataset = _dataset(tmp_path, rows)
    held = threading.Event()
    release = threading.Event()
    served = 0

    def answer(body: dict[str, Any]) -> str:
        nonlocal served
        served += 1
        if served == 3:
            # The third row's draft waits here until the eval is interrupted.
            held.set()
            release.wait(30)
        return "The answer."

    env = {
        **os.environ,
        "REDRAFT_DATABASE_URL": f"sqlite:///{tmp_path / 'redraft.db'}",
        "REDRAFT_LOG": "on",
        "REDRAFT_JUDGE_RECORD": "false",
        "OPENAI_API_KEY": "sk-test",
    }
    command = [sys.executable, "-m", "redraft", "eval", str(dataset), "--model", "openai:fake"]
    command += ["--judge-model", "none", "--no-compile", "--out", str(tmp_path / "o")]
    with FakeOpenAIServer([answer] * 8) as vendor:
        env["OPENAI_BASE_URL"] = vendor.base_url
        process = subprocess.Popen(
            command,
            env=env,
            stderr=subprocess.PIPE,
            stdout=subprocess.DEVNULL,
            text=True,
            # a terminal's Ctrl-C: an ignored SIGINT is inherited across exec,
            # and a test run that loaded a native library may have ignored it
            preexec_fn=_default_sigint,
        )
        try:
            assert held.wait(60), "the third row never reached the model"
            process.send_signal(signal.SIGINT)
            _, stderr = process.communicate(timeout=60)
        finally:
            release.set()
            if process.poll() is None:
                process.kill()
        assert process.returncode == 130, stderr
        assert "interrupted after 2 of 4 row runs" in stderr
        eval_id = _eval_id(stderr)
        assert f"redraft eval --resume {eval_id}" in stderr
        # The run cut short is closed as interrupted at once, not left running.
        runs = _runs(env["REDRAFT_DATABASE_URL"])
        assert [r.status for r in runs] == ["failed", "completed", "completed"]
        assert "stopped before it finished (interrupted)" in (runs[0].error or "")
        requests_before = len(vendor.requests)
        resumed = subprocess.run(
            [sys.executable, "-m", "redraft", "eval", "--resume", eval_id],
            env=env,
            capture_output=True,
            text=True,
            timeout=60,
            cwd=tmp_path,
        )
        assert resumed.returncode == 0, resumed.stderr
        # Rows 0 and 1 were finished: only rows 2 and 3 ran again.
        assert len(vendor.requests) - requests_before == 2
    evaluation = _stored(env["REDRAFT_DATABASE_URL"], eval_id)
    assert evaluation.status == "completed"
    assert sorted(o.row_id for o in evaluation.outcomes) == ["0", "1", "2", "3"]
    assert all(o.passed for o in evaluation.outcomes)


@pytest.mark.real_model
def test_the_shipped_example_runs_on_the_embedded_model(tmp_path: Path, logged: str) -> None:
    example = Path(__file__).resolve().parents[2] / "examples" / "mechanical.jsonl"
    out = tmp_path / "o"
    args = ("--model", "local", "--judge-model", "none", "--limit", "2", "--out", out)
    result = _eval(example, *args)
    assert result.exit_code == 0, result.output
    outcomes = [json.loads(line) for line in (out / "results.jsonl").read_text().splitlines()]
    assert [o["row_id"] for o in outcomes] == ["commas-caps", "two-sentences"]
    # Every requirement of these rows is checked: each verdict is a real one.
    assert all(o["passed"] in (True, False) for o in outcomes)
    assert all(o["cost_usd"] == 0 for o in outcomes)
    assert "<svg" in (out / "report.html").read_text(encoding="utf-8")
