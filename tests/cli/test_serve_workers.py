"""``redraft serve --workers N``: several server processes on one PostgreSQL store."""

from __future__ import annotations

import asyncio
from pathlib import Path

import httpx
from click.testing import CliRunner

from _live_server import ServerProcess
from _store_fixtures import postgres_url, reset_postgres
from redraft.cli import cli
from redraft.testing import FakeOpenAIServer


def test_more_than_one_worker_on_sqlite_is_refused(tmp_path: Path) -> None:
    result = CliRunner().invoke(
        cli,
        ["serve", "--workers", "2"],
        env={"REDRAFT_DATABASE_URL": f"sqlite:///{tmp_path / 'redraft.db'}"},
    )
    assert result.exit_code == 2
    assert "--workers" in result.output and "PostgreSQL" in result.output


def _worker_pids(pid: int) -> set[int]:
    """The processes uvicorn spawned to serve (not multiprocessing's helpers)."""
    children: set[int] = set()
    for task in Path(f"/proc/{pid}/task").iterdir():
        children.update(int(c) for c in (task / "children").read_text().split())
    return {c for c in children if b"spawn_main" in Path(f"/proc/{c}/cmdline").read_bytes()}


async def test_workers_share_the_port_and_one_postgres_store(tmp_path: Path) -> None:
    url = postgres_url()
    await reset_postgres(url)
    with FakeOpenAIServer(["The capital of France is Paris."] * 40) as vendor:
        env = {
            "REDRAFT_DATABASE_URL": url,
            "REDRAFT_API_KEYS": "",
            "OPENAI_BASE_URL": vendor.base_url,
            "OPENAI_API_KEY": "sk-test",
        }
        server = ServerProcess(env, tmp_path / "serve.log", ("--workers", "2"))
        try:
            # uvicorn's supervisor runs the app in two processes of its own.
            assert len(_worker_pids(server.process.pid)) == 2
            body = {
                "model": "openai:fake-model",
                "messages": [{"role": "user", "content": "What is the capital of France?"}],
                "redraft": {"judge_model": "none", "must_match": ["Paris"]},
            }
            users = [httpx.AsyncClient(base_url=server.base_url, timeout=60) for _ in range(8)]
            try:
                answers = await asyncio.gather(
                    *(user.post("/v1/chat/completions", json=body) for user in users)
                )
                listed = (await users[0].get("/v1/runs", params={"limit": 50})).json()
            finally:
                await asyncio.gather(*(user.aclose() for user in users))
        finally:
            server.stop()
    assert [a.status_code for a in answers] == [200] * 8
    run_ids = {a.headers["x-redraft-run-id"] for a in answers}
    # Whichever process answered, every run is in the one store, finished.
    stored = {run["id"]: run for run in listed["data"]}
    assert run_ids <= set(stored)
    assert {stored[r]["status"] for r in run_ids} == {"completed"}
