"""Fixtures that run the store's tests on SQLite and on PostgreSQL.

Use them from a test module with ``pytest_plugins = ["_store_fixtures"]`` and
take what you need as fixtures (``record_run`` included), rather than importing
this module, which pytest then could not rewrite for assertions.

``database_url`` is an empty database: a SQLite file in ``tmp_path`` always,
and PostgreSQL when ``REDRAFT_TEST_POSTGRES_URL`` is set (start one with
``scripts/postgres-ci.sh``). Without that variable the PostgreSQL cases skip,
except under CI (``CI=true``), where they fail: CI must test both backends.
"""

from __future__ import annotations

import asyncio
import os
from collections.abc import AsyncIterator, Awaitable, Callable
from pathlib import Path

import asyncpg  # type: ignore[import-untyped]  # no stubs or py.typed
import pytest

from _judging import ALL_YES
from redraft import Policy, RunEvent, RunRequest, stream_run
from redraft.app import build_panel
from redraft.providers import ScriptedModel
from redraft.store import Store

POSTGRES_URL_ENV = "REDRAFT_TEST_POSTGRES_URL"


async def reset_postgres(url: str) -> None:
    """Empty the database: every test starts from a schema nobody migrated."""
    scheme, _, rest = url.partition("://")
    connection = await asyncpg.connect(f"{scheme.partition('+')[0]}://{rest}")
    try:
        await connection.execute("DROP SCHEMA IF EXISTS public CASCADE; CREATE SCHEMA public;")
    finally:
        await connection.close()


def postgres_url() -> str:
    url = os.environ.get(POSTGRES_URL_ENV)
    if not url:
        message = f"{POSTGRES_URL_ENV} is not set (run scripts/postgres-ci.sh as root)"
        if os.environ.get("CI") == "true":
            pytest.fail(f"CI must test PostgreSQL too: {message}")
        pytest.skip(message)
    return url


@pytest.fixture(params=["sqlite", "postgresql"])
def database_url(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    """A URL of an empty database on each backend."""
    if request.param == "sqlite":
        return f"sqlite:///{tmp_path / 'store' / 'redraft.db'}"
    url = postgres_url()
    # A sync fixture runs outside the test's event loop, so a private loop is fine here.
    asyncio.run(reset_postgres(url))
    return url


@pytest.fixture
async def store(database_url: str) -> AsyncIterator[Store]:
    """An opened, migrated store on each backend."""
    opened = await Store.open(database_url)
    try:
        yield opened
    finally:
        await opened.close()


async def record_run(
    store: Store,
    *,
    tenant: str = "acme",
    drafts: tuple[str, ...] = ("It is Lyon.", "It is Paris."),
    prompt: str = "What is the capital of France?",
    max_attempts: int = 3,
) -> list[RunEvent]:
    """Run the real loop (scripted generator, MustMatch + scripted judge) and record every event.

    The judge says yes to the checklist's one item (the prompt) every time.
    With the default drafts the first misses "Paris" (the judge is skipped) and
    the second passes the check and the judge: two attempts, three calls.
    """
    events: list[RunEvent] = []
    async for event in stream_run(
        RunRequest.from_prompt(prompt),
        generator=ScriptedModel(list(drafts)),
        evaluator=build_panel(ScriptedModel([ALL_YES] * len(drafts)), must_match=["Paris"]),
        policy=Policy(max_attempts=max_attempts, threshold=0.8),
    ):
        await store.record(event, tenant=tenant)
        events.append(event)
    return events


RecordRun = Callable[..., Awaitable[list[RunEvent]]]


@pytest.fixture(name="record_run")
def record_run_fixture() -> RecordRun:
    """:func:`record_run`, for tests that use these fixtures as a plugin."""
    return record_run
