"""The local log of library and middleware runs: every run a program makes
lands in the store `redraft runs` reads, marked where it came from, and the
log never costs a run anything."""

from __future__ import annotations

import asyncio
import logging
import subprocess
import sys
import textwrap
from collections.abc import Iterator
from pathlib import Path

import pytest

import redraft
from redraft.app._sinks import recorded_elsewhere, run_sinks
from redraft.store import RunFilter, RunSummary, Store
from redraft.store._library_log import close_library_logs, flush_library_logs


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
