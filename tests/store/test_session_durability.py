"""Sessions across real ``redraft serve`` processes: a kill mid-evaluation, and
two processes sharing one PostgreSQL database.

The judge is ``openai:fake-judge`` served by :class:`FakeOpenAIServer` in this
process, so the servers (separate processes) make real HTTP calls to it and
the test can hold a judge call open while it kills a server.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest

from _live_server import ServerProcess
from _sse import Message, messages, take
from _store_fixtures import postgres_url, reset_postgres
from redraft.testing import FakeOpenAIServer

pytestmark = pytest.mark.real_calls

GAMBLING = {"pattern": "casino", "points": -5, "description": "Gambling mentions found"}
SUBJECT = {"question": "Where does the applicant work?", "answer": "At a casino, for ten years."}
PANEL = [{"type": "check", "rules": [GAMBLING]}, {"type": "judge"}]


class JudgeServer:
    """The fake judge: findings (held until ``gate`` opens) or a re-evaluation."""

    def __init__(self) -> None:
        self.gate = threading.Event()
        self.gate.set()
        self.findings_asked = threading.Event()
        self.server = FakeOpenAIServer(model="fake-judge")

    def answer(self, body: dict[str, Any]) -> str:
        if "findings" in json.dumps(body.get("response_format")):
            self.findings_asked.set()
            self.gate.wait(60)
            return json.dumps({"findings": [{"description": "Long employment", "points": 2}]})
        return json.dumps({"description": "Croupier is a regular job", "points": 1})

    def __enter__(self) -> JudgeServer:
        self.server.responses.extend([self.answer] * 20)
        self.server.start()
        return self

    def __exit__(self, *_: object) -> None:
        self.gate.set()
        self.server.stop()


@contextlib.contextmanager
def judge_server() -> Iterator[JudgeServer]:
    with JudgeServer() as judge:
        yield judge


def _env(
    database_url: str, judge: JudgeServer, *, heartbeat_s: float = 0.5, lease_s: float = 1
) -> dict[str, str]:
    return {
        "REDRAFT_DATABASE_URL": database_url,
        "REDRAFT_SESSION_LEASE_SECONDS": str(lease_s),
        "REDRAFT_SSE_HEARTBEAT_SECONDS": str(heartbeat_s),
        "REDRAFT_API_KEYS": "",
        "OPENAI_BASE_URL": judge.server.base_url,
        "OPENAI_API_KEY": "sk-test",
    }


async def _call(method: str, url: str, body: dict[str, Any] | None = None) -> httpx.Response:
    async with httpx.AsyncClient(timeout=60) as client:
        return await client.request(method, url, json=body)


async def _create_and_start(base_url: str) -> int:
    body = {"subject": SUBJECT, "judge_model": "openai:fake-judge", "panel": PANEL}
    created = await _call("POST", f"{base_url}/v1/sessions", body)
    assert created.status_code == 201, created.text
    session_id: int = created.json()["session_id"]
    started = await _call("POST", f"{base_url}/v1/evaluate/start", {"session_id": session_id})
    assert started.status_code == 200
    return session_id


async def _read_until(base_url: str, session_id: int, done: Any) -> list[Message]:
    """Stream the session from the start until ``done(items)`` is true."""
    seen: list[Message] = []
    async with (
        httpx.AsyncClient(base_url=base_url, timeout=60) as client,
        client.stream("GET", "/v1/evaluate/stream", params={"session_id": session_id}) as response,
    ):
        assert response.status_code == 200
        async for message in messages(response):
            if message.data is not None:
                seen.append(message)
                if done(seen):
                    return seen
    raise AssertionError(f"stream ended early: {[m.data for m in seen]}")


def _kinds(items: list[Message]) -> list[str]:
    return [str(m.data["event_type"]) for m in items if m.data]


async def test_a_killed_server_leaves_the_session_intact_and_the_restart_resumes_it(
    tmp_path: Path,
) -> None:
    database_url = f"sqlite:///{tmp_path / 'redraft.db'}"
    log = tmp_path / "serve.log"
    with judge_server() as judge:
        judge.gate.clear()
        first = ServerProcess(_env(database_url, judge), log)
        try:
            session_id = await _create_and_start(first.base_url)
            before = await _read_until(first.base_url, session_id, lambda s: len(s) == 2)
            assert _kinds(before) == ["evaluation_started", "evidence_recorded"]
            # The judge's call is in flight when the server dies.
            assert await asyncio.to_thread(judge.findings_asked.wait, 30)
            first.kill()
        finally:
            first.stop()
        judge.gate.set()

        second = ServerProcess(_env(database_url, judge), log)
        try:
            after = await _read_until(
                second.base_url,
                session_id,
                lambda s: _kinds(s)[-1] == "evaluation_completed",
            )
            session = (await _call("GET", f"{second.base_url}/v1/sessions/{session_id}")).json()
        finally:
            second.stop()

    # What was stored before the kill is still there, as it was.
    assert [m.data for m in after[:2]] == [m.data for m in before]
    assert _kinds(after) == [
        "evaluation_started",
        "evidence_recorded",
        "evaluation_started",
        "evidence_recorded",
        "evaluation_completed",
    ]
    resumed = after[2].data
    assert resumed is not None
    assert resumed["details"]["resumed"] is True and resumed["details"]["pending"] == ["judge"]
    assert "interruption" in resumed["description"]
    assert session["interruptions"] == 1 and session["status"] == "completed"
    assert [(e["id"], e["evaluator"]) for e in session["evidence_list"]] == [
        (1, "rules"),
        (2, "judge"),
    ]


async def test_two_servers_on_one_postgres_share_a_live_stream(tmp_path: Path) -> None:
    database_url = postgres_url()
    await reset_postgres(database_url)
    log = tmp_path / "serve.log"
    with judge_server() as judge:
        # An idle stream re-reads the log at each heartbeat; at 5 minutes,
        # only a LISTEN/NOTIFY wake-up can bring B's evidence to A in time.
        # Nobody dies here: leases long enough that a loop stalled by a busy
        # machine is never mistaken for a dead owner (that is another test).
        a = ServerProcess(_env(database_url, judge, heartbeat_s=300, lease_s=60), log)
        b = ServerProcess(_env(database_url, judge, lease_s=60), log)
        try:
            session_id = await _create_and_start(a.base_url)
            async with (
                httpx.AsyncClient(base_url=a.base_url, timeout=60) as client,
                client.stream(
                    "GET", "/v1/evaluate/stream", params={"session_id": session_id}
                ) as stream_on_a,
            ):
                events = messages(stream_on_a)
                initial = await take(events, 4)
                assert _kinds(initial) == [
                    "evaluation_started",
                    "evidence_recorded",
                    "evidence_recorded",
                    "evaluation_completed",
                ]
                update = {
                    "session_id": session_id,
                    "evidence_id": 1,
                    "valid": False,
                    "invalidate_reason": "Croupier is a job, not gambling",
                }
                updated = await _call("POST", f"{b.base_url}/v1/evidence/update", update)
                assert updated.status_code == 200
                # B runs the re-evaluation; A's open stream receives it via LISTEN/NOTIFY.
                async with asyncio.timeout(30):
                    (reevaluated,) = await take(events, 1)
            session = (await _call("GET", f"{a.base_url}/v1/sessions/{session_id}")).json()
        finally:
            a.stop()
            b.stop()
    assert reevaluated.data is not None
    assert reevaluated.data["source"] == "Re-evaluation of Evidence #1"
    assert reevaluated.data["score"] == 1
    re_evaluation_calls = [c for c in session["calls"] if c["kind"] == "re_evaluation"]
    assert len(re_evaluation_calls) == 1
