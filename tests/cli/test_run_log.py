"""The local log: `redraft ask` records its runs where `redraft runs` and the
web UI find them, and the log never costs a run anything."""

from __future__ import annotations

import asyncio
import json
import stat
from collections.abc import Sequence
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner, Result

from redraft import Policy, RunEvent, RunRequest, stream_run
from redraft.cli import cli
from redraft.evaluators import MustMatch
from redraft.providers import ScriptedModel
from redraft.store import Store
from redraft.store._run_log import RunLog


def _script(tmp_path: Path, items: list[str]) -> str:
    path = tmp_path / "drafts.json"
    path.write_text(json.dumps(items), encoding="utf-8")
    return f"scripted:{path}"


def _ask(tmp_path: Path, prompt: str, *extra: str, env: dict[str, str] | None = None) -> Result:
    model = _script(tmp_path, ["It is Lyon.", "It is Paris."])
    args = ["ask", prompt, "--model", model, "--judge-model", "none", "--must-match", "Paris"]
    return CliRunner().invoke(cli, [*args, *extra], env=env)


@pytest.fixture
def fresh_machine(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """No store configured and the log at its default: the user data dir."""
    monkeypatch.delenv("REDRAFT_DATABASE_URL", raising=False)
    monkeypatch.delenv("REDRAFT_LOG", raising=False)
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    return tmp_path / "data" / "redraft" / "redraft.db"


def _runs(*args: str) -> list[dict[str, Any]]:
    result = CliRunner().invoke(cli, ["runs", "list", "--json", *args])
    assert result.exit_code == 0, result.output
    found: list[dict[str, Any]] = json.loads(result.stdout)
    return found


def test_ask_then_runs_list_shows_the_run_with_no_option(
    tmp_path: Path, fresh_machine: Path
) -> None:
    asked = _ask(tmp_path, "What is the capital of France?", "--json")
    assert asked.exit_code == 0, asked.output
    result = json.loads(asked.stdout)
    # Kept where only the user can read it.
    assert stat.S_IMODE(fresh_machine.stat().st_mode) == 0o600
    assert stat.S_IMODE(fresh_machine.parent.stat().st_mode) == 0o700

    listed = CliRunner().invoke(cli, ["runs", "list"])
    assert listed.exit_code == 0, listed.output
    assert result["run_id"] in listed.stdout and " cli " in listed.stdout

    shown = CliRunner().invoke(cli, ["runs", "show", result["run_id"], "--json"])
    stored = json.loads(shown.stdout)
    assert stored["cost_usd"] == result["cost_usd"] == 0.0  # a scripted model is free
    readable = CliRunner().invoke(cli, ["runs", "show", result["run_id"]])
    assert "ms in LLM calls, $0" in readable.stdout
    # The whole run, as the command saw it: every draft, call and event.
    assert stored["source"] == "cli" and stored["status"] == "completed"
    assert [d["text"] for d in stored["drafts"]] == ["It is Lyon.", "It is Paris."]
    assert [c["kind"] for c in stored["calls"]] == ["draft", "draft"]
    assert stored["usage"] == result["usage"]
    assert stored["final_answer"] == result["final_answer"]
    seqs = [e["seq"] for e in stored["events"]]
    assert seqs == list(range(1, len(seqs) + 1))
    assert stored["events"][-1]["type"] == "run_completed"


def test_runs_show_says_unverified_and_skipped_as_such(tmp_path: Path, fresh_machine: Path) -> None:
    # Draft 1 has a comma: the check fails it and the judge is not run. The
    # repair takes the comma out; the judge answers draft 2 without confidence.
    model = _script(tmp_path, ["Rain falls, soft and slow"])
    judge = tmp_path / "judge.json"
    judge.write_text(json.dumps(['{"items": [{"answer": "yes", "confidence": 3}]}']), "utf-8")
    prompt = "Write a short poem about rain. Do not use any commas."
    args = ["ask", prompt, "--model", model, "--judge-model", f"scripted:{judge}", "--json"]
    asked = CliRunner().invoke(cli, args)
    assert asked.exit_code == 0, asked.output
    result = json.loads(asked.stdout)
    assert [d["verdict"]["passed"] for d in result["drafts"]] == [False, None]

    shown = CliRunner().invoke(cli, ["runs", "show", result["run_id"]]).stdout
    assert "draft 1: failed" in shown and "draft 2: unverified, score 1.00" in shown
    assert "passed      unverified" in shown
    rows = [line.strip("│ ").split() for line in shown.splitlines()]
    assert [row[:4] for row in rows if row[:1] == ["checklist-judge"]] == [
        ["checklist-judge", "judge", "skipped", "skipped"],
        ["checklist-judge", "judge", "ok", "unsure"],
    ]


@pytest.mark.parametrize("off", [("--no-log",), ()])
def test_no_log_and_log_off_record_nothing(
    tmp_path: Path, fresh_machine: Path, off: tuple[str, ...], monkeypatch: pytest.MonkeyPatch
) -> None:
    if not off:
        monkeypatch.setenv("REDRAFT_LOG", "off")
    asked = _ask(tmp_path, "What is the capital of France?", *off)
    assert asked.exit_code == 0, asked.output
    # No log and no judge whose record to keep: not even the file is made.
    assert not fresh_machine.exists()
    assert _runs() == []


def test_an_unusable_store_warns_once_and_the_run_goes_on(
    tmp_path: Path, fresh_machine: Path
) -> None:
    blocker = tmp_path / "not-a-dir"
    blocker.write_text("a file where the store's folder would be", encoding="utf-8")
    env = {"REDRAFT_DATABASE_URL": f"sqlite:///{blocker / 'redraft.db'}"}
    asked = _ask(tmp_path, "What is the capital of France?", "--json", env=env)
    assert asked.exit_code == 0, asked.output
    assert json.loads(asked.stdout)["final_answer"] == "It is Paris."
    assert asked.stderr.count("the local store is unavailable") == 1


class BrokenStore:
    """Fails every write, as a full disk or a locked database would."""

    def __init__(self) -> None:
        self.writes = 0

    async def record_groups(self, groups: Sequence[Any], **_: Any) -> None:
        self.writes += 1
        raise OSError("disk full")


async def test_a_failing_write_is_said_once_and_the_log_stops(tmp_path: Path) -> None:
    store = BrokenStore()
    said: list[str] = []
    log = RunLog(store, said.append)  # type: ignore[arg-type]
    events = [
        e
        async for e in stream_run(
            "What is the capital of France?",
            generator=ScriptedModel(["It is Paris."]),
            evaluator=MustMatch("Paris"),
        )
    ]
    for event in events:
        log.add(event)
        await asyncio.sleep(0)  # let the writer try between events
    await log.close()
    assert events[-1].type == "run_completed"  # the run itself was untouched
    assert store.writes == 1
    assert len(said) == 1 and said[0].startswith("the local log stopped (OSError: disk full)")


async def _cli_run_in_flight(store: Store) -> tuple[RunLog, str]:
    """A run the command started and is still drafting: its first events logged."""
    log = RunLog(store, print)
    gate = asyncio.Event()

    async def slow(request: Any) -> str:
        await gate.wait()
        return "It is Paris."

    from redraft.providers import FunctionModel

    events: list[RunEvent] = []
    stream = stream_run("Capital of France?", generator=FunctionModel(slow), evaluator=None)
    async for event in stream:
        events.append(event)
        log.add(event)
        if event.type == "draft_started":
            break
    # As a killed command leaves it: written so far, its run still open.
    await log.close(end_open_runs=False)
    await stream.aclose()
    return log, events[0].run_id


async def test_a_server_starting_leaves_a_live_cli_run_alone_and_closes_it_once_its_lease_ran_out(
    tmp_path: Path,
) -> None:
    store = await Store.open(f"sqlite:///{tmp_path / 'redraft.db'}")
    try:
        _log, run_id = await _cli_run_in_flight(store)
        # What `redraft serve` does at start on SQLite.
        now = datetime.now(UTC)
        closed = await store.close_abandoned_runs(owner="server", now=now, all_foreign=True)
        assert closed == []
        (running,) = await store.list_runs(tenant="default")
        assert (running.id, running.status, running.source) == (run_id, "running", "cli")
        # The command died: nobody renews its lease, and the next check closes it.
        later = now + timedelta(minutes=5)
        closed = await store.close_abandoned_runs(owner="server", now=later, all_foreign=False)
        assert closed == [run_id]
        stored = await store.get_run(run_id, tenant="default")
        assert stored is not None and stored.status == "failed"
        assert stored.events[-1].type == "run_failed"
    finally:
        await store.close()


async def _fill(url: str) -> None:
    store = await Store.open(url)
    try:
        for prompt, draft, source in [
            ("Capital of France? (100% sure)", "It is Paris.", "cli"),
            ("Capital of Italy?", "It is Milan.", "library"),
        ]:
            async for event in stream_run(
                RunRequest.from_prompt(prompt),
                generator=ScriptedModel([draft]),
                evaluator=MustMatch("Paris|Rome"),
                policy=Policy(max_attempts=1),
            ):
                await store.record(event, tenant="default", source=source)  # type: ignore[arg-type]
    finally:
        await store.close()


def test_runs_list_filters(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    url = f"sqlite:///{tmp_path / 'redraft.db'}"
    asyncio.run(_fill(url))
    monkeypatch.setenv("REDRAFT_DATABASE_URL", url)

    def prompts(*args: str) -> list[str]:
        return [run["prompt"] for run in _runs(*args)]

    assert prompts() == ["Capital of Italy?", "Capital of France? (100% sure)"]
    assert prompts("--passed") == ["Capital of France? (100% sure)"]
    assert prompts("--failed") == ["Capital of Italy?"]
    assert prompts("--source", "library") == ["Capital of Italy?"]
    assert prompts("--query", "italy") == ["Capital of Italy?"]
    # LIKE's wildcards in the text are plain characters.
    assert prompts("--query", "100%") == ["Capital of France? (100% sure)"]
    assert prompts("--query", "_") == []
    assert prompts("--model", "scripted") == []
    assert len(prompts("--since", "1h")) == 2
    tomorrow = (datetime.now(UTC) + timedelta(days=1)).date().isoformat()
    assert prompts("--since", tomorrow) == []
    bad = CliRunner().invoke(cli, ["runs", "list", "--since", "last tuesday"])
    assert bad.exit_code == 2 and "neither a date or time" in bad.output
    none = CliRunner().invoke(cli, ["runs", "list", "--query", "Spain"])
    assert none.exit_code == 0 and "match" in none.stderr
