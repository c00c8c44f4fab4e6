"""`redraft runs prune` and `REDRAFT_LOG_RETENTION_DAYS`: old runs go, and
exactly those, on SQLite and PostgreSQL."""

from __future__ import annotations

import asyncio
import json
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import TYPE_CHECKING

import pytest
from click.testing import CliRunner, Result
from sqlalchemy import select, update

from redraft.cli import cli
from redraft.store import RunSource, Store
from redraft.store._models import EventRow, RunRow

if TYPE_CHECKING:
    from _store_fixtures import RecordRun

pytest_plugins = ["_store_fixtures"]

# (name, source, age in days) of the runs each test starts with.
RUNS: list[tuple[str, RunSource, int]] = [
    ("old-cli", "cli", 45),
    ("old-service", "service", 45),
    ("old-library", "library", 31),
    ("new-cli", "cli", 29),
    ("today", "middleware", 0),
]


def _fill(url: str, record_run: RecordRun) -> dict[str, str]:
    """The runs of :data:`RUNS`, recorded and aged; their ids by name."""

    async def fill() -> dict[str, str]:
        store = await Store.open(url)
        try:
            ids = {}
            for name, source, days in RUNS:
                run_id = (await record_run(store, tenant="default"))[0].run_id
                ids[name] = run_id
                async with store.engine.begin() as connection:
                    await connection.execute(
                        update(RunRow)
                        .where(RunRow.id == run_id)
                        .values(source=source, created_at=datetime.now(UTC) - timedelta(days=days))
                    )
            return ids
        finally:
            await store.close()

    return asyncio.run(fill())


def _stored(url: str) -> tuple[set[str], set[str]]:
    """The ids of the runs stored, and of the runs that have events stored."""

    async def read() -> tuple[set[str], set[str]]:
        store = await Store.open(url)
        try:
            async with store.engine.connect() as connection:
                runs = set((await connection.execute(select(RunRow.id))).scalars())
                logged = set((await connection.execute(select(EventRow.run_id))).scalars())
            return runs, logged
        finally:
            await store.close()

    return asyncio.run(read())


def _prune(*args: str) -> Result:
    return CliRunner().invoke(cli, ["runs", "prune", *args])


@pytest.fixture
def filled(
    database_url: str, record_run: RecordRun, monkeypatch: pytest.MonkeyPatch
) -> dict[str, str]:
    monkeypatch.setenv("REDRAFT_DATABASE_URL", database_url)
    return _fill(database_url, record_run)


def test_prune_says_what_it_would_remove_then_removes_exactly_that(
    database_url: str, filled: dict[str, str]
) -> None:
    everything = set(filled.values())

    dry = _prune("--older-than", "30", "--dry-run")
    assert dry.exit_code == 0, dry.output
    assert dry.stdout.startswith("would remove 3 runs created before ")
    assert dry.stdout.count("\n") == 1
    assert _stored(database_url) == (everything, everything)

    done = _prune("--older-than", "30")
    assert done.exit_code == 0, done.output
    assert done.stdout.startswith("removed 3 runs created before ")
    assert done.stdout.count("\n") == 1
    kept = {filled["new-cli"], filled["today"]}
    assert _stored(database_url) == (kept, kept)

    again = _prune("--older-than", "30")
    assert again.stdout.startswith("removed 0 runs ")


def test_prune_takes_only_the_sources_named(database_url: str, filled: dict[str, str]) -> None:
    done = _prune("--older-than", "30", "--source", "cli", "--source", "library")
    assert done.exit_code == 0, done.output
    assert done.stdout.startswith("removed 2 runs ")
    runs, _ = _stored(database_url)
    assert runs == set(filled.values()) - {filled["old-cli"], filled["old-library"]}


def test_prune_older_than_0_removes_every_run_that_ended(
    database_url: str, filled: dict[str, str]
) -> None:
    done = _prune("--older-than", "0")
    assert done.exit_code == 0, done.output
    assert done.stdout.startswith("removed 5 runs ")
    assert _stored(database_url) == (set(), set())


@pytest.mark.parametrize("days", ["-1", "abc", "7d", "1.5", "", "100001"])
def test_days_that_are_not_a_whole_number_of_days_exit_2(
    days: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("REDRAFT_DATABASE_URL", f"sqlite:///{tmp_path / 'redraft.db'}")
    done = _prune("--older-than", days)
    assert done.exit_code == 2
    assert "--older-than" in done.output and "is not a number of days" in done.output
    assert not (tmp_path / "redraft.db").exists()  # refused before the store was opened


def test_prune_without_days_exits_2() -> None:
    done = _prune("--dry-run")
    assert done.exit_code == 2 and "--older-than" in done.output


# -- REDRAFT_LOG_RETENTION_DAYS ---------------------------------------------------


def _ask(tmp_path: Path, *extra: str) -> Result:
    drafts = tmp_path / "drafts.json"
    drafts.write_text(json.dumps(["It is Paris."]), encoding="utf-8")
    args = ["ask", "Capital of France?", "--model", f"scripted:{drafts}", "--judge-model", "none"]
    return CliRunner().invoke(cli, [*args, "--must-match", "Paris", "--json", *extra])


def test_the_retention_setting_prunes_the_local_logs_old_runs_when_ask_logs(
    tmp_path: Path, filled: dict[str, str], database_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("REDRAFT_LOG_RETENTION_DAYS", "30")
    # Not logging: the log is not opened, and nothing is pruned.
    unlogged = _ask(tmp_path, "--no-log")
    assert unlogged.exit_code == 0, unlogged.output
    assert _stored(database_url)[0] == set(filled.values())

    asked = _ask(tmp_path, "--log")
    assert asked.exit_code == 0, asked.output
    runs, _ = _stored(database_url)
    # The service's runs are not the local log's to prune.
    kept = {filled[name] for name in ("old-service", "new-cli", "today")}
    assert runs == kept | {json.loads(asked.stdout)["run_id"]}


@pytest.mark.parametrize("value", ["0", "-3", "soon"])
def test_a_bad_retention_setting_exits_2_naming_it(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, value: str
) -> None:
    monkeypatch.setenv("REDRAFT_LOG_RETENTION_DAYS", value)
    asked = _ask(tmp_path)
    assert asked.exit_code == 2
    assert "REDRAFT_LOG_RETENTION_DAYS" in asked.output
