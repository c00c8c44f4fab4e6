"""JSON Schemas that make validation explode, against a live ``redraft serve``:
refused with a 400, or run in a worker process that is killed at the check's
limit, while ``/healthz`` and other tenants are served as usual, the server's
memory comes back, and SIGTERM stops it in its grace period."""

from __future__ import annotations

import asyncio
import json
import os
import signal
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest

from _isolated_work import chained_schema
from _live_server import HealthProbe, ServerProcess
from redraft.core._limits import MAX_JSON_SCHEMA_PATHS
from redraft.testing import FakeOpenAIServer

pytestmark = pytest.mark.real_calls

HEALTHZ_BUDGET_S = 0.5
RSS_SLACK_BYTES = 100 * 1024 * 1024
# A JSON array no chained schema accepts: every item fails every branch.
LONG_DRAFT = "[" + ", ".join(f'"item {i}"' for i in range(100)) + "]"
ALICE, BOB = "sk-alice-secret", "sk-bob-secret"


@pytest.fixture
def upstream() -> Iterator[FakeOpenAIServer]:
    with FakeOpenAIServer(model="fake") as server:
        server.add(*([LONG_DRAFT] * 50))
        yield server


@pytest.fixture
def server(tmp_path: Path, upstream: FakeOpenAIServer) -> Iterator[ServerProcess]:
    env = {
        "REDRAFT_DATABASE_URL": f"sqlite+aiosqlite:///{tmp_path / 'redraft.db'}",
        "REDRAFT_MODEL": "openai:fake",
        "REDRAFT_JUDGE_MODEL": "none",
        "REDRAFT_API_KEYS": f"alice:{ALICE},bob:{BOB}",
        "OPENAI_BASE_URL": upstream.base_url,
        "OPENAI_API_KEY": "sk-test",
    }
    process = ServerProcess(env, tmp_path / "serve.log")
    try:
        yield process
    finally:
        process.stop()


def _chat(schema: dict[str, Any] | None, **redraft: Any) -> dict[str, Any]:
    options: dict[str, Any] = {"max_attempts": 1, "compile_checks": False, **redraft}
    if schema is not None:
        options["json_schema"] = schema
    return {
        "model": "openai:fake",
        "messages": [{"role": "user", "content": "List the items as JSON."}],
        "redraft": options,
    }


def _rss(pid: int) -> int:
    with open(f"/proc/{pid}/status") as status:
        for line in status:
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) * 1024
    raise AssertionError("no VmRSS")


def _children(pid: int) -> set[int]:
    found: set[int] = set()
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                with open(f"/proc/{entry}/stat") as stat:
                    fields = stat.read().rsplit(")", 1)[1].split()
            except OSError:
                continue
            if int(fields[1]) == pid:
                found.add(int(entry))
    return found


async def test_exploding_schemas_never_hold_the_service(server: ServerProcess) -> None:
    url = f"{server.base_url}/v1/chat/completions"
    alice = {"authorization": f"Bearer {ALICE}", "content-type": "application/json"}
    bob = {"authorization": f"Bearer {BOB}"}
    async with httpx.AsyncClient(timeout=60) as client:
        warm = await client.post(url, json=_chat(None, must_match=["item"]), headers=bob)
        assert warm.status_code == 200, warm.text
    rss_before = _rss(server.process.pid)

    refused = json.dumps(_chat(chained_schema(20)))  # 1.4 KB, 2**21 paths
    expensive = json.dumps(_chat(chained_schema(14, items=True), deadline_s=20))  # under the limit
    with HealthProbe(server.base_url) as probe:
        async with httpx.AsyncClient(timeout=60) as client:
            started = time.monotonic()
            hostile = [client.post(url, content=refused, headers=alice) for _ in range(4)]
            hostile += [client.post(url, content=expensive, headers=alice) for _ in range(4)]
            tasks = [asyncio.ensure_future(each) for each in hostile]
            # Bob's ordinary request, sent while Alice's checks are running.
            ordinary = await client.post(url, json=_chat(None, must_match=["item"]), headers=bob)
            answers = await asyncio.gather(*tasks)
            elapsed = time.monotonic() - started

    assert ordinary.status_code == 200, ordinary.text
    assert ordinary.json()["redraft"]["passed"] is True
    for answer in answers[:4]:
        assert answer.status_code == 400, answer.text
        error = answer.json()["error"]
        assert "json_schema" in error["message"]
        assert str(MAX_JSON_SCHEMA_PATHS) in error["message"]
    for answer in answers[4:]:
        assert answer.status_code == 200, answer.text
        extension = answer.json()["redraft"]
        assert extension["passed"] is not True
        async with httpx.AsyncClient(timeout=30) as client:
            read = await client.get(
                f"{url.rsplit('/v1/', 1)[0]}/v1/runs/{extension['run_id']}", headers=alice
            )
        run = read.json()
        schema_evidence = [
            e
            for draft in run["drafts"]
            for e in draft["verdict"]["evidence"]
            if e["evaluator"] == "json_schema"
        ]
        assert schema_evidence, extension
        assert all(e["status"] == "error" for e in schema_evidence), [
            e["reason"] for e in schema_evidence
        ]
        assert "time limit" in schema_evidence[0]["reason"]
    assert elapsed < 20  # each run within its deadline
    assert probe.failures == []
    assert probe.latencies, "healthz was never asked"
    assert max(probe.latencies) < HEALTHZ_BUDGET_S, probe.latencies
    # The work and its memory were in worker processes that were killed.
    assert _rss(server.process.pid) - rss_before < RSS_SLACK_BYTES


async def test_sigterm_stops_the_server_and_its_workers_while_checks_run(
    server: ServerProcess,
) -> None:
    url = f"{server.base_url}/v1/chat/completions"
    expensive = json.dumps(_chat(chained_schema(14, items=True), deadline_s=60))
    headers = {"authorization": f"Bearer {ALICE}", "content-type": "application/json"}
    pid = server.process.pid
    async with httpx.AsyncClient(timeout=60) as client:
        inflight = [
            asyncio.ensure_future(client.post(url, content=expensive, headers=headers))
            for _ in range(2)
        ]
        # Wait until the checks are running: the server's workers are busy.
        deadline = time.monotonic() + 30
        while not _busy_children(pid) and time.monotonic() < deadline:  # noqa: ASYNC110
            await asyncio.sleep(0.02)  # another process's state: nothing to await
        workers = _all_descendants(pid)
        assert workers, "the server has no worker processes"
        started = time.monotonic()
        server.process.send_signal(signal.SIGTERM)
        await asyncio.to_thread(server.process.wait, 30)
        stopped_in = time.monotonic() - started
        for each in inflight:
            each.cancel()
    # uvicorn's graceful shutdown waits at most 5 s for open requests.
    assert stopped_in < 10, stopped_in
    # Workers are killed on the way out; the fork server and multiprocessing's
    # resource tracker leave as soon as they see their parent gone.
    deadline = time.monotonic() + 10
    while {p for p in workers if _alive(p)} and time.monotonic() < deadline:  # noqa: ASYNC110
        await asyncio.sleep(0.05)  # other processes' state: nothing to await
    assert not {p: _command(p) for p in workers if _alive(p)}


def _all_descendants(pid: int) -> set[int]:
    found: set[int] = set()
    frontier = {pid}
    while frontier:
        children = set().union(*(_children(p) for p in frontier))
        frontier = children - found
        found |= children
    return found


def _busy_children(pid: int) -> bool:
    for child in _all_descendants(pid):
        try:
            with open(f"/proc/{child}/stat") as stat:
                state = stat.read().rsplit(")", 1)[1].split()[0]
        except OSError:
            continue
        if state == "R":
            return True
    return False


def _command(pid: int) -> str:
    try:
        with open(f"/proc/{pid}/cmdline", "rb") as cmdline:
            return cmdline.read().replace(b"\0", b" ").decode(errors="replace")
    except OSError:
        return "?"


def _alive(pid: int) -> bool:
    try:
        with open(f"/proc/{pid}/stat") as stat:
            return stat.read().rsplit(")", 1)[1].split()[0] != "Z"
    except OSError:
        return False
