"""Where the models are served is the operator's business: a failing upstream
(an error status, a timeout, a refused connection) reaches the tenant as an
error that names the model, never the upstream's URL or host, on every
route; the server log keeps them."""

from __future__ import annotations

import json
import logging
import socket
import threading
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from redraft.app import Settings
from redraft.providers import ProviderRegistry, ScriptedModel
from redraft.providers._openai import OpenAIProvider
from redraft.server import create_app
from redraft.testing import FakeError, FakeOpenAIServer, FakeResponse

pytestmark = pytest.mark.real_calls  # the upstream is a loopback fake server

PROFILES = """
[profiles.upstream]
model = "openai:fake-model"
judge_model = "scripted:judge"
must_match = ["Paris"]
"""
QUESTION = [{"role": "user", "content": "What is the capital of France?"}]
# An hour: the service does not wait that long, so it answers at once.
NOT_NOW = {"Retry-After": "3600"}


@dataclass
class Upstream:
    """The service, the base URL its model is served from, and what it answers."""

    client: TestClient
    base_url: str
    expected_status: int

    def chat(self, **extra: Any) -> tuple[int, str]:
        body = {"model": "upstream", "messages": QUESTION, **extra}
        if not extra.get("stream"):
            response = self.client.post("/v1/chat/completions", json=body)
            return response.status_code, response.text
        with self.client.stream("POST", "/v1/chat/completions", json=body) as streamed:
            return streamed.status_code, streamed.read().decode()

    def answers(self) -> tuple[int, str]:
        response = self.client.post(
            "/v1/answers",
            json={
                "model": "upstream",
                "instruct": QUESTION[0]["content"],
                "resp_format": "One sentence.",
                "eval_crit": "Names Paris.",
            },
        )
        return response.status_code, response.text


def _closed_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


@pytest.fixture(params=["502", "503", "timeout", "refused"])
def upstream(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[Upstream]:
    released = threading.Event()

    def never_in_time(_body: dict[str, Any]) -> str:
        released.wait(30)
        return "It is Paris."

    kind: str = request.param
    answer: dict[str, list[FakeResponse]] = {
        "502": [FakeError(502, headers=NOT_NOW)],
        "503": [FakeError(503, headers=NOT_NOW)],
        "timeout": [never_in_time],
        "refused": [],
    }
    answers = answer[kind] * 12  # every try of every request, retries included
    profiles = tmp_path / "profiles.toml"
    profiles.write_text(PROFILES, encoding="utf-8")
    with FakeOpenAIServer(answers) as server:
        base_url = server.base_url if kind != "refused" else f"http://127.0.0.1:{_closed_port()}/v1"
        registry = ProviderRegistry()
        registry.add("scripted:judge", ScriptedModel([]))
        registry.add(
            "openai:fake-model",
            OpenAIProvider("fake-model", base_url=base_url, api_key="sk-upstream", timeout=0.1),
        )
        settings = Settings(
            database_url=f"sqlite:///{tmp_path / 'redraft.db'}",
            profiles=profiles,
            api_keys="acme:k",
        )
        app = create_app(settings, registry=registry)
        try:
            with TestClient(app, headers={"Authorization": "Bearer k"}) as client:
                status = {"502": 502, "503": 502, "timeout": 504, "refused": 502}[kind]
                yield Upstream(client, base_url, status)
        finally:
            released.set()


def _says_no_upstream(text: str, upstream: Upstream) -> None:
    port = upstream.base_url.rsplit(":", 1)[1].split("/")[0]
    assert "127.0.0.1" not in text and f":{port}" not in text, text


def test_no_error_body_names_the_upstream(
    upstream: Upstream, caplog: pytest.LogCaptureFixture
) -> None:
    with caplog.at_level(logging.WARNING, logger="redraft.providers"):
        chat = upstream.chat()
        streamed = upstream.chat(stream=True)
        answers = upstream.answers()

    status, text = chat
    assert status == upstream.expected_status, text
    error = json.loads(text)["error"]
    assert "openai:fake-model" in error["message"]  # the model, by its name
    _says_no_upstream(text, upstream)

    status, text = streamed
    assert status == 200  # the stream had begun: the error is its last event
    events = [json.loads(line[6:]) for line in text.splitlines() if line.startswith("data: {")]
    assert "openai:fake-model" in events[-1]["error"]["message"]
    _says_no_upstream(text, upstream)

    status, text = answers
    assert status == 502, text  # a failed run, whatever its cause, on this route
    assert "openai:fake-model" in json.loads(text)["error"]["message"]
    _says_no_upstream(text, upstream)

    # Nor do the runs the tenant reads back; the operator's log keeps it all.
    runs = upstream.client.get("/v1/runs").json()["data"]
    assert len(runs) == 3
    for run in runs:
        _says_no_upstream(upstream.client.get(f"/v1/runs/{run['id']}").text, upstream)
    origin = upstream.base_url.removesuffix("/v1")
    assert any(origin in record.getMessage() for record in caplog.records), caplog.text
