"""The service when its database fails it, on SQLite and PostgreSQL.

The database really fails (``_store_faults``: read-only, full, or gone).
Every route that writes is enumerated from the app itself, so a new one is
covered, or this test says it is missing. Each answers 503 in its route's
error shape, in the product's words (no library, SQL or URL), with a
request id the server log carries next to the full exception; a stream
whose headers are out ends with that error as its last event. Whatever was
stored before is still there once the database is back.
"""

from __future__ import annotations

import asyncio
import json
import logging
import shutil
import threading
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Protocol

import httpx
import pytest
from fastapi import FastAPI
from fastapi.routing import iter_route_contexts
from fastapi.testclient import TestClient

from _live_server import serve_in_thread
from _store_faults import DatabaseFault
from redraft import ModelRequest
from redraft.app import Settings
from redraft.providers import FunctionModel, ProviderRegistry
from redraft.server import create_app
from redraft.store import Store
from redraft.store._errors import FULL_MESSAGE, UNAVAILABLE_MESSAGE

LIBRARY_WORDS = ("sqlite", "sqlalchemy", "asyncpg", "postgres", "http", "background on this error")
CHAT = {"model": "scripted", "messages": [{"role": "user", "content": "Capital of France?"}]}
ANSWERS = {"instruct": "Name a colour.", "resp_format": "", "eval_crit": "names a colour"}
GAMBLING = {"pattern": "casino", "points": -5, "description": "Gambling mentions found"}
SESSION = {
    "subject": {"text": "The applicant earns money at a casino."},
    "judge_model": "none",
    "panel": [{"type": "check", "rules": [GAMBLING]}],
}
# POST routes that only read: the POST forms of the evaluation stream.
READING_POSTS = {"/v1/evaluate/stream", "/evaluate/stream"}
# GET routes that never touch the store.
STORE_FREE_GETS = {"/v1/models", "/metrics", "/openapi.json", "/docs", "/docs/oauth2-redirect"}
STORE_FREE_GETS |= {"/redoc", "/", "/ui/{name:path}"}


@dataclass
class Seeded:
    run_id: str
    session_id: int
    evidence_id: int


def writing_requests(seeded: Seeded) -> dict[str, list[dict[str, Any]]]:
    """A body for each POST route that writes (each streaming form too) that
    gets past validation to the store."""
    session = {"session_id": seeded.session_id}
    evidence = session | {"evidence_id": seeded.evidence_id, "valid": False}
    return {
        "/v1/chat/completions": [CHAT, CHAT | {"stream": True}],
        "/v1/answers": [ANSWERS, ANSWERS | {"stream": True}],
        "/v1/sessions": [SESSION],
        "/v1/evaluate/start": [session],
        "/evaluate/start": [session],
        "/v1/evidence/update": [evidence],
        "/evidence/update": [evidence],
    }


def routes(app: FastAPI, method: str) -> set[str]:
    return {
        context.path
        for context in iter_route_contexts(app.routes)
        if context.path and method in (getattr(context, "methods", None) or ())
    }


class Response(Protocol):
    """What is read of a response (httpx's, or the test client's)."""

    @property
    def status_code(self) -> int: ...

    @property
    def text(self) -> str: ...

    @property
    def headers(self) -> Mapping[str, str]: ...

    def json(self) -> Any: ...


def assert_store_error(response: Response, path: str, message: str, code: str) -> None:
    assert response.status_code == 503, (path, response.status_code, response.text)
    body = response.json()
    if path.startswith("/v1/"):
        assert body == {
            "error": {"message": message, "type": "server_error", "param": None, "code": code}
        }
    else:
        assert body == {"detail": message}
    assert not [word for word in LIBRARY_WORDS if word in response.text.lower()], response.text
    assert response.headers["x-should-retry"] == ("false" if code == "store_full" else "true")
    assert response.headers["x-request-id"].startswith("req_")


def failures_logged(caplog: pytest.LogCaptureFixture) -> dict[str, logging.LogRecord]:
    """The store failures the server logged, by request id."""
    return {
        record.request_id: record  # type: ignore[attr-defined]
        for record in caplog.records
        if record.getMessage().startswith("the store failed")
    }


class Gate:
    """A generator model that answers once the test opens the gate."""

    def __init__(self) -> None:
        self.open = threading.Event()

    async def __call__(self, request: ModelRequest) -> str:
        await asyncio.to_thread(self.open.wait, 30)
        return "Blue."


@dataclass
class Service:
    app: FastAPI
    base_url: str
    fault: DatabaseFault
    gate: Gate


@pytest.fixture
def service(database_url: str) -> Iterator[Service]:
    registry = ProviderRegistry()
    gate = Gate()
    registry.add("scripted:gated", FunctionModel(gate, model="gated"))
    settings = Settings(database_url=database_url, model="scripted", judge_model="scripted")
    app = create_app(settings, registry=registry)
    # Installed before the server starts: every connection it takes obeys it.
    with DatabaseFault() as fault, serve_in_thread(app) as base_url:
        try:
            yield Service(app, base_url, fault, gate)
        finally:
            fault.mode = "ok"
            gate.open.set()


def seed(client: httpx.Client) -> Seeded:
    chat = client.post("/v1/chat/completions", json=CHAT)
    assert chat.status_code == 200, chat.text
    created = client.post("/v1/sessions", json=SESSION)
    assert created.status_code == 201, created.text
    session_id = created.json()["session_id"]
    params = {"session_id": session_id}
    with client.stream("GET", "/v1/evaluate/stream", params=params) as stream:
        started = client.post("/v1/evaluate/start", json=params)
        assert started.status_code == 200, started.text
        evidence_id = None
        for line in stream.iter_lines():
            if not line.startswith("data:"):
                continue
            item = json.loads(line[5:])
            if item["event_type"] == "evidence_recorded":
                evidence_id = item["id"]
            if item["event_type"] == "evaluation_completed":
                break
    assert evidence_id is not None
    return Seeded(chat.json()["id"].removeprefix("chatcmpl-"), session_id, evidence_id)


def test_every_writing_route_answers_503_when_the_database_is_read_only(
    service: Service, caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.ERROR, logger="redraft.server")
    with httpx.Client(base_url=service.base_url, timeout=30) as client:
        seeded = seed(client)
        before_run = client.get(f"/v1/runs/{seeded.run_id}").json()
        before_session = client.get(f"/v1/sessions/{seeded.session_id}").json()
        requests = writing_requests(seeded)
        assert routes(service.app, "POST") == set(requests) | READING_POSTS, (
            "a POST route is missing from writing_requests (or READING_POSTS)"
        )

        service.fault.mode = "read_only"
        request_ids: list[str] = []
        for path, bodies in requests.items():
            for body in bodies:
                # The same connection throughout: a failure must not drop it.
                response = client.post(path, json=body)
                assert_store_error(response, path, FULL_MESSAGE, "store_full")
                request_ids.append(response.headers["x-request-id"])
        logged = failures_logged(caplog)
        for request_id in request_ids:
            record = logged[request_id]
            # The log has what the client was spared: the driver's own error.
            assert record.exc_info is not None and record.exc_info[1] is not None
            assert record.exc_info[1].__cause__ is not None
            assert "read" in record.getMessage().lower()

        service.fault.mode = "ok"
        assert client.get(f"/v1/runs/{seeded.run_id}").json() == before_run
        assert client.get(f"/v1/sessions/{seeded.session_id}").json() == before_session
        listed = client.get("/v1/runs").json()["data"]
        assert [run["id"] for run in listed] == [seeded.run_id]
        sessions = client.get("/v1/sessions").json()["data"]
        assert [s["session_id"] for s in sessions] == [seeded.session_id]
        again = client.post("/v1/chat/completions", json=CHAT)
        assert again.status_code == 200, again.text


@pytest.mark.parametrize("path", ["/v1/chat/completions", "/v1/answers"])
def test_a_stream_the_store_fails_midway_ends_with_the_error_event(
    service: Service, path: str
) -> None:
    body: dict[str, Any] = CHAT if path == "/v1/chat/completions" else ANSWERS
    body = body | {"model": "scripted:gated", "stream": True}
    with (
        httpx.Client(base_url=service.base_url, timeout=30) as client,
        client.stream("POST", path, json=body) as response,
    ):
        assert response.status_code == 200
        run_id = response.headers["x-redraft-run-id"]
        lines = response.iter_lines()
        # The first event goes out once the run's start is stored; then the
        # database turns read-only and the draft is let through.
        first = next(line for line in lines if line.startswith("data:"))
        assert run_id in first
        service.fault.mode = "read_only"
        service.gate.open.set()
        rest = [line for line in lines if line.startswith(("data:", "event:"))]
    datas = [line[5:].strip() for line in rest if line.startswith("data:")]
    if path == "/v1/chat/completions":
        assert datas[-1] == "[DONE]"
        failure = json.loads(datas[-2])
    else:
        assert rest[-2:][0] == "event: error"
        failure = json.loads(datas[-1])
    assert failure == {
        "error": {
            "message": FULL_MESSAGE,
            "type": "server_error",
            "param": None,
            "code": "store_full",
        }
    }
    service.fault.mode = "ok"
    with httpx.Client(base_url=service.base_url, timeout=30) as client:
        stored = client.get(f"/v1/runs/{run_id}")
    assert stored.status_code == 200
    assert stored.json()["events"][0]["type"] == "run_started"


def test_a_full_sqlite_file_answers_503_and_keeps_every_stored_run(tmp_path: Path) -> None:
    settings = Settings(
        database_url=f"sqlite:///{tmp_path / 'redraft.db'}", model="scripted", judge_model="none"
    )
    long_prompt = {"messages": [{"role": "user", "content": "Capital of France? " * 500}]}
    with (
        DatabaseFault() as fault,
        serve_in_thread(create_app(settings)) as base_url,
        httpx.Client(base_url=base_url, timeout=30) as client,
    ):
        kept = client.post("/v1/chat/completions", json=CHAT)
        assert kept.status_code == 200
        fault.mode = "full"
        # A prompt longer than a page needs pages the file may not add.
        for stream in (False, True):
            refused = client.post(
                "/v1/chat/completions", json=CHAT | long_prompt | {"stream": stream}
            )
            assert_store_error(refused, "/v1/chat/completions", FULL_MESSAGE, "store_full")
        session = SESSION | {"subject": {"text": "casino " * 2000}}
        refused = client.post("/v1/sessions", json=session)
        assert_store_error(refused, "/v1/sessions", FULL_MESSAGE, "store_full")
        fault.mode = "ok"
        assert [r["id"] for r in client.get("/v1/runs").json()["data"]] == [
            kept.json()["id"].removeprefix("chatcmpl-")
        ]
        assert client.post("/v1/chat/completions", json=CHAT | long_prompt).status_code == 200


def test_every_reading_route_answers_503_while_the_database_cannot_be_opened(
    tmp_path: Path,
) -> None:
    home = tmp_path / "data"
    settings = Settings(
        database_url=f"sqlite:///{home / 'redraft.db'}",
        model="scripted",
        judge_model="none",
        allowed_hosts="testserver",
    )
    app = create_app(settings)
    with TestClient(app) as client:
        chat = client.post("/v1/chat/completions", json=CHAT)
        assert chat.status_code == 200
        run_id = chat.json()["id"].removeprefix("chatcmpl-")
        created = client.post("/v1/sessions", json=SESSION)
        session_id = created.json()["session_id"]
        filled = {
            "{run_id}": run_id,
            "{session_id}": str(session_id),
            "{eval_id}": "eval_0",
        }
        store: Store = app.state.services.store
        # The volume goes away: the pooled connections close, the directory moves.
        assert client.portal is not None
        client.portal.call(store.engine.dispose)
        shutil.move(home, tmp_path / "elsewhere")
        reading = sorted(routes(app, "GET") - STORE_FREE_GETS)
        assert {"/healthz", "/v1/runs", "/v1/evaluate/stream", "/evaluate/stream"} <= set(reading)
        for template in reading:
            path = template
            for name, value in filled.items():
                path = path.replace(name, value)
            response = client.get(path, params={"session_id": session_id})
            assert_store_error(response, template, UNAVAILABLE_MESSAGE, "store_unavailable")
        shutil.move(tmp_path / "elsewhere", home)
        assert client.get("/healthz").status_code == 200
        assert client.get(f"/v1/runs/{run_id}").status_code == 200
        assert client.get(f"/v1/sessions/{session_id}").status_code == 200
