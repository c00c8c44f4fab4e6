"""A database that fails the store: one error in the product's words, nothing lost.

The failures are the databases' own (see ``_store_faults``): a read-only
SQLite file or PostgreSQL session, a SQLite file at its size limit, a file
that cannot be opened, a server that refuses the connection.
"""

from __future__ import annotations

import shutil
from pathlib import Path
from typing import TYPE_CHECKING

import pytest

from _store_faults import DatabaseFault
from redraft import ConfigurationError
from redraft.store import Store, StoreUnavailableError
from redraft.store._errors import FULL_MESSAGE, UNAVAILABLE_MESSAGE

if TYPE_CHECKING:
    from _store_fixtures import RecordRun

pytest_plugins = ["_store_fixtures"]

# What a client must never read in an error: the libraries, the SQL, the URLs.
LIBRARY_WORDS = ("sqlite", "sqlalchemy", "asyncpg", "postgres", "http", "select", "insert", "[sql")


def assert_in_our_words(error: StoreUnavailableError) -> None:
    text = str(error).lower()
    assert not [word for word in LIBRARY_WORDS if word in text], text


async def test_a_read_only_database_refuses_writes_in_our_words_and_keeps_what_it_holds(
    store: Store, record_run: RecordRun
) -> None:
    before = await record_run(store)
    session_id = await store.sessions.create(
        tenant="acme", subject={"text": "kept"}, panel=[], judge_model=None
    )
    with DatabaseFault() as fault:
        fault.mode = "read_only"
        with pytest.raises(StoreUnavailableError) as refused_run:
            await record_run(store, prompt="Not stored")
        with pytest.raises(StoreUnavailableError) as refused_session:
            await store.sessions.create(
                tenant="acme", subject={"text": "lost"}, panel=[], judge_model=None
            )
        with pytest.raises(StoreUnavailableError):
            await store.create_key("acme")
        for refused in (refused_run.value, refused_session.value):
            assert refused.full
            assert str(refused) == FULL_MESSAGE
            assert_in_our_words(refused)
            # The driver's own words stay with the error, for the log.
            assert refused.__cause__ is not None
            assert "read" in refused.detail.lower()
        # Reading goes on while nothing can be written.
        assert await store.has_run(before[0].run_id, tenant="acme")

        fault.mode = "ok"
        after = await record_run(store, prompt="Stored again")

    kept = await store.get_run(before[0].run_id, tenant="acme")
    assert kept is not None and [e.seq for e in kept.events] == [e.seq for e in before]
    assert await store.has_run(after[0].run_id, tenant="acme")
    listed = await store.list_runs(tenant="acme")
    assert {r.id for r in listed} == {before[0].run_id, after[0].run_id}
    session = await store.sessions.get(session_id, tenant="acme")
    assert session is not None and session.subject == {"text": "kept"}
    sessions = await store.sessions.list_sessions(tenant="acme", limit=10)
    assert [s.session_id for s in sessions] == [session_id]


async def test_a_full_sqlite_file_fails_with_sqlite_full_and_loses_nothing(
    tmp_path: Path, record_run: RecordRun
) -> None:
    store = await Store.open(f"sqlite:///{tmp_path / 'redraft.db'}")
    try:
        before = await record_run(store)
        with DatabaseFault() as fault:
            fault.mode = "full"
            # A prompt longer than a page needs new pages: the file may not grow.
            with pytest.raises(StoreUnavailableError) as refused:
                await record_run(store, prompt="What is the capital? " * 400)
            assert refused.value.full
            assert_in_our_words(refused.value)
            assert "database or disk is full" in refused.value.detail
            fault.mode = "ok"
            after = await record_run(store, prompt="What is the capital? " * 400)
        runs = await store.list_runs(tenant="acme")
        assert {r.id for r in runs} == {before[0].run_id, after[0].run_id}
        kept = await store.get_run(before[0].run_id, tenant="acme")
        assert kept is not None and kept.final_answer == "It is Paris."
    finally:
        await store.close()


async def test_a_database_that_cannot_be_opened_is_unavailable(tmp_path: Path) -> None:
    home = tmp_path / "data"
    store = await Store.open(f"sqlite:///{home / 'redraft.db'}")
    try:
        # The file's directory goes away (an unmounted volume) and the pooled
        # connections with it: the next connection cannot open the file.
        await store.engine.dispose()
        shutil.move(home, tmp_path / "elsewhere")
        with pytest.raises(StoreUnavailableError) as refused:
            await store.list_runs(tenant="acme")
        assert not refused.value.full
        assert str(refused.value) == UNAVAILABLE_MESSAGE
        assert_in_our_words(refused.value)
        assert "unable to open database file" in refused.value.detail
        shutil.move(tmp_path / "elsewhere", home)
        assert await store.list_runs(tenant="acme") == []
    finally:
        await store.close()


async def test_a_server_that_refuses_the_connection_says_why_when_the_store_opens() -> None:
    # Port 1 on loopback: nothing listens, the driver's socket is refused.
    with pytest.raises(ConfigurationError) as refused:
        await Store.open("postgresql://redraft:secret@127.0.0.1:1/redraft")
    message = str(refused.value)
    # The operator's error names the cause and the URL, never the password.
    assert "ConnectionRefusedError" in message
    assert "127.0.0.1:1" in message and "secret" not in message
    assert isinstance(refused.value.__cause__, StoreUnavailableError)
    assert not refused.value.__cause__.full
