"""Structured logs: run ids on every record, no content or secrets unless enabled."""

from __future__ import annotations

import io
import json
import logging
from collections.abc import Iterator
from typing import Any

import httpx
import pytest
from click.testing import CliRunner

from _live_server import serve_in_thread
from redraft import (
    Policy,
    ProviderError,
    RunCompleted,
    RunRequest,
    RunResult,
    Settings,
    configure_logging,
    stream_run,
)
from redraft.app import build_panel
from redraft.cli import cli
from redraft.observability import log_context
from redraft.providers import FunctionModel, ProviderRegistry, ScriptedModel
from redraft.server import create_app

PROMPT = "PRIVATE-PROMPT-7781: what is the capital of France?"
SECRET = "sk-redraft-very-secret-4242"


@pytest.fixture(autouse=True)
def _restore_logging() -> Iterator[None]:
    root = logging.getLogger()
    handlers = list(root.handlers)
    level = logging.getLogger("redraft").level
    yield
    for handler in list(root.handlers):
        if handler not in handlers:
            root.removeHandler(handler)
    logging.getLogger("redraft").setLevel(level)


def _records(buffer: io.StringIO) -> list[dict[str, Any]]:
    return [json.loads(line) for line in buffer.getvalue().splitlines() if line.strip()]


async def _run() -> RunResult:
    """Two drafts; the first draft call hits a 503 once and is retried."""
    generator = ScriptedModel(
        [
            ProviderError("busy", provider="scripted", status=503, retryable=True),
            "It is Lyon.",
            "It is Paris.",
        ],
        model="gen",
    )
    final = None
    async for event in stream_run(
        RunRequest.from_prompt(PROMPT),
        generator=generator,
        evaluator=build_panel(None, must_match=["Paris"]),
        policy=Policy(retry_backoff_s=0.0),
    ):
        final = event
    assert isinstance(final, RunCompleted)
    return final.result


async def test_json_records_carry_the_run_id_and_no_content() -> None:
    buffer = io.StringIO()
    configure_logging(level="debug", format="json", stream=buffer)
    result = await _run()

    records = _records(buffer)
    runs = [r for r in records if r["logger"].startswith("redraft")]
    assert runs, records
    assert {r["run_id"] for r in runs} == {result.run_id}
    messages = [r["message"] for r in runs]
    assert messages[0] == "run started"
    assert messages[-1] == "run completed"
    assert messages.count("verdict") == 2
    # The ledger's retry, logged deep inside the loop, knows its run too.
    (retry,) = [r for r in runs if r["message"].startswith("retrying a draft call")]
    assert retry["level"] == "info"
    completed = runs[-1]
    assert completed["passed"] is True
    assert completed["attempts"] == 2
    assert completed["input_tokens"] == result.usage.input_tokens
    calls = [r for r in runs if r.get("event") == "call_recorded"]
    assert [(c["kind"], c["status"]) for c in calls] == [
        ("draft", "error"),
        ("draft", "ok"),
        ("draft", "ok"),
    ]
    assert all(set(r) >= {"time", "level", "logger", "message"} for r in records)
    text = buffer.getvalue()
    for content in ["PRIVATE-PROMPT-7781", "Lyon", "It is Paris"]:
        assert content not in text


async def test_content_is_logged_only_when_enabled() -> None:
    buffer = io.StringIO()
    configure_logging(level="debug", format="json", stream=buffer)
    with log_context(content=True):
        await _run()
    records = _records(buffer)
    (started,) = [r for r in records if r["message"] == "run started"]
    assert started["messages"] == [{"role": "user", "content": PROMPT}]
    texts = [r["text"] for r in records if r.get("event") == "call_recorded"]
    assert texts == ["", "It is Lyon.", "It is Paris."]
    (completed,) = [r for r in records if r["message"] == "run completed"]
    assert completed["final_answer"] == "It is Paris."


async def test_text_format_names_the_run() -> None:
    buffer = io.StringIO()
    configure_logging(level="info", format="text", stream=buffer)
    result = await _run()
    lines = buffer.getvalue().splitlines()
    (done,) = [line for line in lines if "run completed" in line]
    assert f'run_id="{result.run_id}"' in done
    assert "passed=true" in done
    # Successful calls are debug records; a failed one is a warning.
    assert not any("draft call ok" in line for line in lines)
    (failed,) = [line for line in lines if "draft call error" in line]
    assert "WARNING" in failed and 'error="ProviderError: busy"' in failed
    assert "PRIVATE-PROMPT-7781" not in buffer.getvalue()


def test_service_logs_hold_no_prompt_and_no_key(database_url: str) -> None:
    buffer = io.StringIO()
    configure_logging(level="debug", format="json", stream=buffer)
    registry = ProviderRegistry()
    registry.add("scripted:gen", ScriptedModel(["A careful answer."], model="gen"))

    def down(_request: object) -> str:
        raise ProviderError("judge is down", provider="scripted", status=400)

    registry.add("scripted:judge", FunctionModel(down, model="judge"))
    settings = Settings(database_url=database_url, api_keys=f"acme:{SECRET}")
    with serve_in_thread(create_app(settings, registry=registry)) as base_url:
        response = httpx.post(
            f"{base_url}/v1/chat/completions",
            headers={"authorization": f"Bearer {SECRET}"},
            json={
                "model": "scripted:gen",
                "messages": [{"role": "user", "content": PROMPT}],
                "redraft": {"judge_model": "scripted:judge", "max_attempts": 1},
            },
        )
        assert response.status_code == 200, response.text
        run_id = response.headers["x-redraft-run-id"]
        refused = httpx.post(
            f"{base_url}/v1/chat/completions",
            headers={"authorization": "Bearer sk-wrong-key-999"},
            json={"model": "scripted:gen", "messages": [{"role": "user", "content": PROMPT}]},
        )
        assert refused.status_code == 401

    records = _records(buffer)
    mine = [r for r in records if r.get("run_id") == run_id]
    assert {"run started", "evaluator failed", "run completed"} <= {r["message"] for r in mine}
    text = buffer.getvalue()
    assert SECRET not in text
    assert "sk-wrong-key-999" not in text
    assert "A careful answer" not in text
    assert "PRIVATE-PROMPT-7781" not in text


def test_a_request_and_the_run_it_starts_log_its_request_id(database_url: str) -> None:
    buffer = io.StringIO()
    configure_logging(level="info", format="json", stream=buffer)
    settings = Settings(database_url=database_url, model="scripted", judge_model="none")
    chat = {"model": "scripted", "messages": [{"role": "user", "content": PROMPT}]}
    with serve_in_thread(create_app(settings)) as base_url:
        # A proxy's or a client's own plain id is kept, and answered with.
        traced = httpx.post(
            f"{base_url}/v1/chat/completions", json=chat, headers={"x-request-id": "trace-42.a:b"}
        )
        assert traced.status_code == 200, traced.text
        assert traced.headers["x-request-id"] == "trace-42.a:b"
        run_id = traced.headers["x-redraft-run-id"]
        # Anything else (spaces, quotes) is replaced; every request gets its own.
        odd = httpx.get(f"{base_url}/v1/models", headers={"x-request-id": 'two "words"'})
        plain = httpx.get(f"{base_url}/v1/models")
        refused = httpx.get(f"{base_url}/v1/models", headers={"host": "evil.example"})
    ids = [r.headers["x-request-id"] for r in (odd, plain, refused)]
    assert all(i.startswith("req_") for i in ids) and len(set(ids)) == 3
    assert refused.status_code == 400

    mine = [r for r in _records(buffer) if r.get("run_id") == run_id]
    # The run logs from its own task, which the request started.
    assert {"run started", "run completed"} <= {r["message"] for r in mine}
    assert {r.get("request_id") for r in mine} == {"trace-42.a:b"}


def test_session_jobs_log_with_their_session_id(database_url: str) -> None:
    buffer = io.StringIO()
    configure_logging(level="info", format="json", stream=buffer)
    settings = Settings(database_url=database_url, model="scripted")
    panel = [{"type": "check", "rules": [{"pattern": "casino", "points": -5, "description": "g"}]}]
    with serve_in_thread(create_app(settings)) as base_url:
        created = httpx.post(
            f"{base_url}/v1/sessions",
            json={"subject": {"question": "Job?", "answer": PROMPT + " casino"}, "panel": panel},
        )
        session_id = created.json()["session_id"]
        httpx.post(f"{base_url}/v1/evaluate/start", json={"session_id": session_id})
        url = f"{base_url}/v1/evaluate/stream?session_id={session_id}"
        with httpx.stream("GET", url, timeout=30) as stream:
            for line in stream.iter_lines():
                if "evaluation_completed" in line:
                    break

    mine = [r for r in _records(buffer) if r.get("session_id") == str(session_id)]
    # "running" is logged before any evidence, so it is in before the stream ends.
    assert any("running 1 evaluator" in r["message"] for r in mine)
    assert "PRIVATE-PROMPT-7781" not in buffer.getvalue()


def test_ask_logs_json_to_stderr_and_keeps_stdout_clean(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("REDRAFT_LOG_LEVEL", "INFO")
    monkeypatch.setenv("REDRAFT_LOG_FORMAT", "json")
    monkeypatch.delenv("REDRAFT_LOG_CONTENT", raising=False)
    args = ["ask", PROMPT, "--model", "scripted", "--judge-model", "none", "--max-words", "50"]
    result = CliRunner().invoke(cli, [*args, "--json"])
    assert result.exit_code in (0, 1), result.output
    data = json.loads(result.stdout)
    records = _records(io.StringIO(result.stderr))
    assert {r["run_id"] for r in records if r["logger"] == "redraft.run"} == {data["run_id"]}
    assert "run completed" in {r["message"] for r in records}
    assert "PRIVATE-PROMPT-7781" not in result.stderr
