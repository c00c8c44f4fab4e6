"""The SQLite store on disk: the file, its write-ahead log and shared-memory
side files are readable by their owner only, and so is redraft's own folder
in the user data dir; a folder the user named is left as it is."""

from __future__ import annotations

import asyncio
import os
import stat
from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING

import pytest

from redraft.store import Store

if TYPE_CHECKING:
    from _store_fixtures import RecordRun

pytest_plugins = ["_store_fixtures"]


def _mode(path: Path) -> int:
    return stat.S_IMODE(path.stat().st_mode)


def _modes(folder: Path) -> dict[str, int]:
    return {path.name: _mode(path) for path in folder.iterdir()}


@pytest.fixture(autouse=True)
def _permissive_umask() -> Iterator[None]:
    """A umask that takes nothing away: the modes must not rely on the user's."""
    previous = os.umask(0)
    try:
        yield
    finally:
        os.umask(previous)


@pytest.fixture
def data_home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    return tmp_path / "data" / "redraft"


async def test_the_default_store_is_private_side_files_included(
    data_home: Path, record_run: RecordRun
) -> None:
    store = await Store.open(None)
    try:
        await record_run(store)
        # While it is open, as a run is being written: the WAL and its index too.
        private = dict.fromkeys(["redraft.db", "redraft.db-wal", "redraft.db-shm"], 0o600)
        assert await asyncio.to_thread(_modes, data_home) == private
        assert _mode(data_home) == 0o700
    finally:
        await store.close()


async def test_a_store_an_older_redraft_left_open_to_all_is_made_private(
    data_home: Path, record_run: RecordRun
) -> None:
    await asyncio.to_thread(data_home.mkdir, parents=True, mode=0o755)
    store = await Store.open(None)
    try:
        await record_run(store)
    finally:
        await store.close()
    os.chmod(data_home, 0o755)
    os.chmod(data_home / "redraft.db", 0o644)

    reopened = await Store.open(None)
    try:
        assert _mode(data_home) == 0o700
        assert _mode(data_home / "redraft.db") == 0o600
        assert len(await reopened.list_runs(tenant="acme")) == 1
    finally:
        await reopened.close()


async def test_a_named_file_is_created_private_and_its_folder_left_alone(tmp_path: Path) -> None:
    shared = tmp_path / "shared"
    shared.mkdir(mode=0o755)
    store = await Store.open(f"sqlite:///{shared / 'redraft.db'}")
    await store.close()
    assert _mode(shared / "redraft.db") == 0o600
    assert _mode(shared) == 0o755

    # A folder it has to make is private; a file that exists keeps its mode.
    (shared / "old.db").touch(mode=0o640)
    for url in (f"sqlite:///{tmp_path / 'new' / 'redraft.db'}", f"sqlite:///{shared / 'old.db'}"):
        await (await Store.open(url)).close()
    assert _mode(tmp_path / "new") == 0o700
    assert _mode(shared / "old.db") == 0o640
