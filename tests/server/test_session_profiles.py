"""A profile means the same in a session as in a run: its checks are built by
the one builder, so a session reports the evidence a run with the profile does."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import httpx
import pytest

from _live_server import serve_in_thread
from _sse import messages
from redraft.app import Settings
from redraft.providers import ProviderRegistry, ScriptedModel
from redraft.server import create_app

ANSWER = "Paris is the capital of France."
QUESTION = "What is the capital of France?"
PROFILES = """
[profiles.strict]
model = "scripted:writer"
judge_model = "none"
max_attempts = 1
must_match = ["Paris"]
max_words = 5
json_schema = {type = "object"}
"""


async def _session_evidence(client: httpx.AsyncClient, body: dict[str, Any]) -> list[Any]:
    created = await client.post("/v1/sessions", json=body)
    assert created.status_code == 201, created.text
    session_id = created.json()["session_id"]
    params = {"session_id": session_id}
    async with client.stream("GET", "/v1/evaluate/stream", params=params) as response:
        started = await client.post("/v1/evaluate/start", json={"session_id": session_id})
        assert started.status_code == 200, started.text
        async for message in messages(response):
            if message.data and message.data["event_type"] == "evaluation_completed":
                break
    session = (await client.get(f"/v1/sessions/{session_id}")).json()
    evidence: list[Any] = session["evidence_list"]
    return evidence


@pytest.mark.parametrize("database_url", ["sqlite"], indirect=True)
async def test_a_profiles_checks_give_a_session_the_evidence_they_give_a_run(
    tmp_path: Path, database_url: str
) -> None:
    profiles = tmp_path / "profiles.toml"
    profiles.write_text(PROFILES, encoding="utf-8")
    registry = ProviderRegistry()
    registry.add("scripted:writer", ScriptedModel([ANSWER]))
    settings = Settings(database_url=database_url, profiles=profiles)
    with serve_in_thread(create_app(settings, registry=registry)) as base_url:
        async with httpx.AsyncClient(base_url=base_url, timeout=30) as client:
            answered = await client.post(
                "/v1/chat/completions",
                json={"model": "strict", "messages": [{"role": "user", "content": QUESTION}]},
            )
            assert answered.status_code == 200, answered.text
            run_id = answered.headers["x-redraft-run-id"]
            run = (await client.get(f"/v1/runs/{run_id}")).json()
            items = await _session_evidence(
                client,
                {"subject": {"question": QUESTION, "answer": ANSWER}, "profile": "strict"},
            )

    (draft,) = run["drafts"]
    assert draft["text"] == ANSWER
    in_run = {(e["reason"], e["passed"]) for e in draft["verdict"]["evidence"]}
    checks = [item for item in items if item["evaluator"] == "checks"]
    in_session = {(item["description"], item["details"]["passed"]) for item in checks}
    assert in_session == in_run
    # All three: the pattern found, the word limit and the schema failed.
    said = dict(in_session)
    assert said['found "Paris" matching /Paris/'] is True
    assert said["6 words; the limit is 5"] is False
    assert [passed for reason, passed in said.items() if "valid JSON" in reason] == [False]
    assert [item["score"] for item in checks if item["details"]["passed"]] == [1]
    # No judge model: no judge member; the web check reads the answer too.
    assert {item["evaluator"] for item in items} == {"checks", "relevance", "web"}


@pytest.mark.parametrize("database_url", ["sqlite"], indirect=True)
async def test_a_checks_member_refuses_the_judges_settings_and_bad_patterns(
    database_url: str,
) -> None:
    settings = Settings(database_url=database_url)
    with serve_in_thread(create_app(settings, registry=ProviderRegistry())) as base_url:
        async with httpx.AsyncClient(base_url=base_url, timeout=30) as client:
            subject = {"text": "Some text."}
            judged = await client.post(
                "/v1/sessions",
                json={"subject": subject, "panel": [{"type": "checks", "preset": "criteria"}]},
            )
            bad = await client.post(
                "/v1/sessions",
                json={"subject": subject, "panel": [{"type": "checks", "must_match": ["("]}]},
            )
            given = await client.post(
                "/v1/sessions",
                json={"subject": subject, "panel": [{"type": "checks", "max_words": 1}]},
            )
    assert judged.status_code == 422, judged.text
    assert "preset configure a run's judge" in judged.text
    assert bad.status_code == 422, bad.text
    assert "must_match[0]" in bad.text
    assert given.status_code == 201, given.text
