"""The local log of library and middleware runs: a program's runs are
written nowhere unless it asks (`redraft.enable_local_log()` or
`REDRAFT_LOG=on`); then every run lands in the store `redraft runs` reads,
marked where it came from, and the log never costs a run anything."""

from __future__ import annotations

import asyncio
import json
import logging
import os
import stat
import subprocess
import sys
import textwrap
from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest
from sqlalchemy import update

import redraft
from redraft import stream_run
from redraft.app._sinks import recorded_elsewhere, run_sinks, run_source
from redraft.providers import ScriptedModel
from redraft.store import RunFilter, RunSummary, Store
from redraft.store._library_log import close_library_logs, flush_library_logs
from redraft.store._models import RunRow


@pytest.fixture
def logged(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[str]:
    url = f"sqlite:///{tmp_path / 'redraft.db'}"
    monkeypatch.setenv("REDRAFT_DATABASE_URL", url)
    monkeypatch.setenv("REDRAFT_LOG", "on")
    yield url
    close_library_logs()


def _listed(url: str) -> list[RunSummary]:
    async def read() -> list[RunSummary]:
        store = await Store.open(url)
        try:
            return await store.list_runs(tenant="default", limit=50, where=RunFilter())
        finally:
            await store.close()

    return asyncio.run(read())


def _redrafter() -> redraft.Redrafter:
    return redraft.Redrafter(
        model="scripted", judge_model="none", must_match=["answer"], compile_checks=False
    )


def test_library_runs_are_logged_as_library(logged: str) -> None:
    with _redrafter() as redrafter:
        first = redrafter.run_sync("Say hi.")
        second = redrafter.run_sync("Say bye.")
    flush_library_logs()
    runs = {run.id: run for run in _listed(logged)}
    assert set(runs) == {first.run_id, second.run_id}
    assert {run.source for run in runs.values()} == {"library"}
    assert runs[first.run_id].status == "completed" and runs[first.run_id].passed is True


async def test_middleware_runs_are_logged_as_middleware(logged: str) -> None:
    @redraft.refine(judge_model="none", must_match=["Paris"], compile_checks=False)
    async def capital(question: str) -> str:
        return "Paris."

    answer = await capital.run("Capital of France?")
    await asyncio.to_thread(flush_library_logs)
    (run,) = await asyncio.to_thread(_listed, logged)
    assert run.id == answer.run_id
    assert run.source == "middleware"


def test_callers_that_record_runs_themselves_are_left_alone(logged: str) -> None:
    assert run_sinks()
    with recorded_elsewhere():
        assert run_sinks() == []
        with _redrafter() as redrafter:
            redrafter.run_sync("Say hi.")
    flush_library_logs()
    assert _listed(logged) == []


def test_the_log_off_means_no_sink(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("REDRAFT_LOG", "off")
    assert run_sinks() == []


@pytest.fixture
def asked_nothing(monkeypatch: pytest.MonkeyPatch) -> None:
    """``REDRAFT_LOG`` unset, and this process has not called ``enable_local_log``."""
    monkeypatch.delenv("REDRAFT_LOG", raising=False)
    monkeypatch.setattr("redraft.app._sinks._local_log_asked", False)


@pytest.mark.usefixtures("asked_nothing")
def test_a_program_that_did_not_ask_has_no_sink_until_it_does(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    assert run_sinks() == []
    with run_source("middleware"):
        assert run_sinks() == []
    redraft.enable_local_log()
    try:
        assert len(run_sinks()) == 1
        # Whoever runs the program has the last word.
        monkeypatch.setenv("REDRAFT_LOG", "off")
        assert run_sinks() == []
    finally:
        close_library_logs()


@pytest.mark.usefixtures("asked_nothing")
def test_enable_local_log_records_library_and_middleware_runs(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    url = f"sqlite:///{tmp_path / 'redraft.db'}"
    monkeypatch.setenv("REDRAFT_DATABASE_URL", url)
    with _redrafter() as redrafter:
        unasked = redrafter.run_sync("Say hi.")
        redraft.enable_local_log()
        try:
            asked = redrafter.run_sync("Say bye.")

            @redraft.refine(judge_model="none", must_match=["Paris"], compile_checks=False)
            async def capital(question: str) -> str:
                return "Paris."

            wrapped = asyncio.run(capital.run("Capital of France?"))
            flush_library_logs()
        finally:
            close_library_logs()
    runs = {run.id: run.source for run in _listed(url)}
    assert runs == {asked.run_id: "library", wrapped.run_id: "middleware"}
    assert unasked.run_id not in runs


_PROGRAM = textwrap.dedent(
    """
    import json, sys
    import openai
    import redraft
    from redraft.testing import FakeOpenAIServer

    if sys.argv[1] == "call":
        redraft.enable_local_log()
    with redraft.Redrafter(
        model="scripted", judge_model="none", must_match=["answer"], compile_checks=False
    ) as redrafter:
        library = redrafter.run_sync("My secret question.").run_id
    with FakeOpenAIServer() as server:
        server.add("Paris is the capital.")
        client = redraft.wrap(
            openai.OpenAI(base_url=server.base_url, api_key="sk-test", max_retries=0),
            judge_model="none",
            must_match=["Paris"],
            compile_checks=False,
        )
        reply = client.chat.completions.create(
            model="gpt-fake", messages=[{"role": "user", "content": "My secret, France?"}]
        )
    print(json.dumps({"library": library, "middleware": reply.model_extra["redraft"]["run_id"]}))
    """
)


def _program(tmp_path: Path, how: str, env: dict[str, str]) -> tuple[Path, dict[str, str]]:
    """Run a program that makes a library run and a wrapped SDK call, in a
    fresh home; the home and the run ids."""
    home = tmp_path / "home"
    home.mkdir()
    env = {
        "HOME": str(home),
        "PATH": os.environ.get("PATH", "/usr/bin:/bin"),
        # The redraft under test, wherever it was imported from.
        "PYTHONPATH": str(Path(redraft.__file__).parents[1]),
        **env,
    }
    done = subprocess.run(
        [sys.executable, "-c", _PROGRAM, how],
        env=env,
        cwd=tmp_path,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 0, done.stderr
    ran: dict[str, str] = json.loads(done.stdout)
    return home, ran


def test_a_program_that_did_not_ask_writes_nothing_to_the_users_data_dir(tmp_path: Path) -> None:
    home, ran = _program(tmp_path, "default", {})
    assert set(ran) == {"library", "middleware"}
    # Not the store, not its folder: nothing at all in the fresh home.
    assert sorted(home.rglob("*")) == []


@pytest.mark.parametrize(("how", "env"), [("env", {"REDRAFT_LOG": "on"}), ("call", {})])
def test_a_program_that_asked_has_its_runs_in_a_private_log(
    tmp_path: Path, how: str, env: dict[str, str]
) -> None:
    home, ran = _program(tmp_path, how, env)
    folder = home / ".local" / "share" / "redraft"
    runs = {run.id: run.source for run in _listed(f"sqlite:///{folder / 'redraft.db'}")}
    assert runs == {ran["library"]: "library", ran["middleware"]: "middleware"}
    assert stat.S_IMODE(folder.stat().st_mode) == 0o700
    modes = {p.name: oct(stat.S_IMODE(p.stat().st_mode)) for p in folder.iterdir()}
    assert "redraft.db" in modes and set(modes.values()) == {"0o600"}, modes


def test_a_store_that_cannot_open_warns_once_and_runs_go_on(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    blocked = tmp_path / "file"
    blocked.write_text("not a directory")
    monkeypatch.setenv("REDRAFT_DATABASE_URL", f"sqlite:///{blocked / 'redraft.db'}")
    monkeypatch.setenv("REDRAFT_LOG", "on")
    try:
        with caplog.at_level(logging.WARNING, logger="redraft.log"), _redrafter() as redrafter:
            results = [redrafter.run_sync("Say hi.") for _ in range(3)]
            flush_library_logs()
    finally:
        close_library_logs()
    assert all(result.passed for result in results)
    said = [r.getMessage() for r in caplog.records if r.name == "redraft.log"]
    assert len(said) == 1 and "the local log is unavailable" in said[0]


def test_a_program_that_exits_at_once_still_has_its_run_logged(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'redraft.db'}"
    script = textwrap.dedent(
        """
        import redraft
        redrafter = redraft.Redrafter(
            model="scripted", judge_model="none", must_match=["answer"], compile_checks=False
        )
        print(redrafter.run_sync("Say hi.").run_id)
        """
    )
    env = {"REDRAFT_DATABASE_URL": url, "REDRAFT_LOG": "on", "PATH": "/usr/bin:/bin"}
    done = subprocess.run(
        [sys.executable, "-c", script], env=env, capture_output=True, text=True, timeout=60
    )
    assert done.returncode == 0, done.stderr
    (run,) = _listed(url)
    assert run.id == done.stdout.strip()
    assert run.status == "completed" and run.source == "library"


def test_the_retention_setting_prunes_old_local_runs_when_a_program_opens_the_log(
    logged: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    async def old_runs() -> dict[str, str]:
        store = await Store.open(logged)
        try:
            ids = {}
            for source in ("library", "service"):
                async for event in stream_run(
                    "Capital?", generator=ScriptedModel(["Paris"]), evaluator=None, sinks=False
                ):
                    await store.record(event, tenant="default", source=source)
                ids[source] = event.run_id
                async with store.engine.begin() as connection:
                    await connection.execute(
                        update(RunRow)
                        .where(RunRow.id == event.run_id)
                        .values(created_at=datetime.now(UTC) - timedelta(days=8))
                    )
            return ids
        finally:
            await store.close()

    old = asyncio.run(old_runs())
    monkeypatch.setenv("REDRAFT_LOG_RETENTION_DAYS", "7")
    with _redrafter() as redrafter:
        new = redrafter.run_sync("Say hi.")
    flush_library_logs()
    assert {run.id for run in _listed(logged)} == {old["service"], new.run_id}
