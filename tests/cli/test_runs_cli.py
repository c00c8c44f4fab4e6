"""``redraft runs list|show`` against a store the service filled with real runs."""

from __future__ import annotations

import asyncio
import io
import json
from dataclasses import dataclass
from typing import Any

import httpx
import pytest
from click.testing import CliRunner, Result
from rich.console import Console

from _live_server import serve_in_thread
from redraft import Policy
from redraft.app import Settings
from redraft.cli import cli
from redraft.cli._runs import _list_table
from redraft.core._types import TokenPrices
from redraft.evals import DatasetRow, EvalConfig, EvalOutcome
from redraft.providers import ProviderRegistry, ScriptedModel
from redraft.providers._prices import dollars
from redraft.server import create_app
from redraft.store import Store


@dataclass
class Filled:
    url: str
    passed: dict[str, Any]
    """``GET /v1/runs/{id}`` of the two-draft run that passed."""
    failed: dict[str, Any]
    """... of the later one-draft run that did not."""


def _ask(base_url: str, model: str, prompt: str, **redraft: Any) -> str:
    response = httpx.post(
        f"{base_url}/v1/chat/completions",
        json={
            "model": model,
            "messages": [{"role": "user", "content": prompt}],
            "redraft": redraft,
        },
    )
    assert response.status_code in (200, 422), response.text
    run_id = response.headers["x-redraft-run-id"]
    assert isinstance(run_id, str)
    return run_id


class Priced(ScriptedModel):
    """Billed at $1 per million input and $10 per million output tokens."""

    def token_prices(self) -> TokenPrices:
        return TokenPrices(input_per_million=1.0, output_per_million=10.0)


@pytest.fixture
def filled(database_url: str) -> Filled:
    registry = ProviderRegistry()
    registry.add("scripted:gen", Priced(["It is Lyon.", "It is Paris."], model="gen"))
    registry.add("scripted:other", ScriptedModel(["Maybe Milan."], model="other"))
    with serve_in_thread(create_app(Settings(database_url=database_url), registry=registry)) as url:
        # compile_checks off: the pattern is the whole spec, so the run can pass.
        first = _ask(
            url,
            "scripted:gen",
            "Capital of France?",
            must_match=["Paris"],
            judge_model="none",
            compile_checks=False,
        )
        second = _ask(
            url,
            "scripted:other",
            "Capital of Italy?",
            must_match=["Rome"],
            judge_model="none",
            max_attempts=1,
        )
        details = [httpx.get(f"{url}/v1/runs/{run_id}").json() for run_id in (first, second)]
    return Filled(database_url, *details)


def invoke(url: str, *args: str) -> Result:
    return CliRunner().invoke(cli, ["runs", *args], env={"REDRAFT_DATABASE_URL": url})


def test_list_shows_recent_runs_newest_first(filled: Filled) -> None:
    result = invoke(filled.url, "list")  # a pipe: the wide table
    assert result.exit_code == 0, result.output
    lines = result.stdout.splitlines()
    header = lines[0].split()
    assert header[:3] == ["ID", "TIME", "(UTC)"]
    assert header[3:] == [
        "FROM", "MODEL", "PROMPT", "ATTEMPTS", "PASSED", "SCORE", "TOKENS", "COST", "STATUS"
    ]  # fmt: skip
    newer, older = lines[1].split(), lines[2].split()
    assert newer[0] == filled.failed["id"] and older[0] == filled.passed["id"]
    passed_tokens = filled.passed["usage"]["input_tokens"] + filled.passed["usage"]["output_tokens"]
    tokens = str(passed_tokens)
    assert older[3:6] == ["service", "scripted:gen", "Capital"]
    cost = dollars(filled.passed["cost_usd"])
    assert filled.passed["cost_usd"] > 0
    assert older[-7:] == ["France?", "2", "yes", "1.00", tokens, cost, "passed"]
    assert newer[3:6] == ["service", "scripted:other", "Capital"]
    assert newer[-7:-3] == ["Italy?", "1", "no", "0.00"]
    assert newer[-2:] == ["$0", "exhausted"]  # a scripted model costs nothing


async def test_an_80_column_terminal_gets_every_run_on_one_line(filled: Filled) -> None:
    store = await Store.open(filled.url)
    try:
        found = await store.list_runs(tenant="default")
    finally:
        await store.close()
    console = Console(width=80, record=True, file=io.StringIO())
    console.print(_list_table(found, width=console.width))
    lines = console.export_text().splitlines()
    assert len(lines) == 3 and all(len(line) <= 80 for line in lines)
    assert lines[0].split() == ["ID", "TIME", "(UTC)", "PROMPT", "RESULT", "TOKENS", "COST"]
    newer, older = lines[1], lines[2]
    # Whole ids (for `runs show`), the prompt clipped, nothing else cut.
    assert newer.startswith(filled.failed["id"]) and older.startswith(filled.passed["id"])
    assert "Capital of" in older and "Capital of" in newer
    tokens = filled.passed["usage"]["input_tokens"] + filled.passed["usage"]["output_tokens"]
    assert older.split()[-4:] == ["✓", "1.00", str(tokens), dollars(filled.passed["cost_usd"])]
    assert newer.split()[-4:-2] == ["✗", "0.00"] and newer.endswith(" $0")


def test_list_json_limit_and_tenant(filled: Filled) -> None:
    everything = json.loads(invoke(filled.url, "list", "--json").stdout)
    assert [r["id"] for r in everything] == [filled.failed["id"], filled.passed["id"]]
    assert everything[1]["attempts"] == 2 and everything[1]["passed"] is True
    assert everything[1]["usage"] == filled.passed["usage"]
    newest = json.loads(invoke(filled.url, "list", "--limit", "1", "--json").stdout)
    assert [r["id"] for r in newest] == [filled.failed["id"]]
    older = json.loads(invoke(filled.url, "list", "--before", filled.failed["id"], "--json").stdout)
    assert [r["id"] for r in older] == [filled.passed["id"]]
    nobody = invoke(filled.url, "list", "--tenant", "acme")
    assert nobody.exit_code == 0 and nobody.stdout == ""
    assert "No runs for tenant 'acme'" in nobody.stderr


def test_show_renders_drafts_verdicts_evidence_calls_and_totals(filled: Filled) -> None:
    result = invoke(filled.url, "show", filled.passed["id"])
    assert result.exit_code == 0, result.output
    out = result.stdout
    assert filled.passed["id"] in out
    assert "Capital of France?" in out
    assert "draft 1: failed, score 0.00" in out and "It is Lyon." in out
    assert "draft 2: passed, score 1.00" in out and "It is Paris." in out
    evaluator = filled.passed["drafts"][0]["verdict"]["evidence"][0]["evaluator"]
    assert out.count(evaluator) >= 2  # the evidence of both drafts
    assert "final answer" in out
    calls = [line.split() for line in out.splitlines() if line.strip().startswith("draft ")]
    assert [c[:4] for c in calls if len(c) >= 8] == [
        ["draft", "1", "scripted:gen", "ok"],
        ["draft", "2", "scripted:gen", "ok"],
    ]
    usage = filled.passed["usage"]
    total = usage["input_tokens"] + usage["output_tokens"]
    assert (
        f"totals: 2 calls, {usage['input_tokens']} input + {usage['output_tokens']} output "
        f"= {total} tokens" in out
    )


def test_show_json_is_the_stored_run_detail(filled: Filled) -> None:
    result = invoke(filled.url, "show", filled.failed["id"], "--json")
    assert result.exit_code == 0, result.output
    assert json.loads(result.stdout) == filled.failed


def test_unknown_runs_and_bad_databases_exit_2(filled: Filled) -> None:
    missing = invoke(filled.url, "show", "run_000000000000000000000000")
    assert missing.exit_code == 2
    assert "no run 'run_000000000000000000000000'" in missing.stderr
    assert "Traceback" not in missing.output
    elsewhere = invoke(filled.url, "show", filled.passed["id"], "--tenant", "acme")
    assert elsewhere.exit_code == 2
    broken = invoke("mysql://nowhere/db", "list")
    assert broken.exit_code == 2
    assert "REDRAFT_DATABASE_URL" in broken.stderr
    assert "Traceback" not in broken.output


async def _as_eval_rows(url: str, *, baseline: str, loop: str) -> None:
    """Make the two runs an eval's baseline and loop runs of its first row."""
    store = await Store.open(url)
    try:
        config = EvalConfig(model="scripted:gen", judge_model="none", policy=Policy())
        await store.evals.create(
            tenant="default",
            name="capitals",
            config=config,
            rows=[DatasetRow(prompt="Capital?")],
            eval_id="eval_0001_capitals",
        )
        for arm, run_id in (("baseline", baseline), ("loop", loop)):
            await store.evals.add_outcome(
                "eval_0001_capitals",
                EvalOutcome(
                    row=0,
                    row_id="1",
                    arm=arm,  # type: ignore[arg-type]
                    run_id=run_id,
                    prompt="Capital?",
                    passed=arm == "loop",
                    score=1.0,
                    attempts=1,
                    first_draft_passed=None,
                    first_pass_attempt=None,
                    stop_reason="passed",
                    input_tokens=1,
                    output_tokens=1,
                    cost_usd=None,
                    final_answer="Paris",
                    duration_s=0.1,
                ),
            )
    finally:
        await store.close()


def test_an_eval_rows_runs_say_their_eval_and_arm(filled: Filled) -> None:
    asyncio.run(_as_eval_rows(filled.url, baseline=filled.failed["id"], loop=filled.passed["id"]))
    listed = invoke(filled.url, "list")  # a pipe: the wide table, with FROM
    assert listed.exit_code == 0, listed.output
    newer, older = listed.stdout.splitlines()[1:3]
    assert newer.split()[3:7] == ["eval", "·", "baseline", "scripted:other"]
    assert older.split()[3:7] == ["eval", "·", "loop", "scripted:gen"]
    shown = invoke(filled.url, "show", filled.passed["id"])
    assert shown.exit_code == 0, shown.output
    assert "eval · loop" in shown.stdout
    assert "eval_0001_capitals, row 1" in shown.stdout
    as_json = json.loads(invoke(filled.url, "list", "--json").stdout)
    assert [run["eval"] for run in as_json] == [
        {"id": "eval_0001_capitals", "arm": "baseline", "row": 0},
        {"id": "eval_0001_capitals", "arm": "loop", "row": 0},
    ]
