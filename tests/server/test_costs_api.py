"""Costs behind the service: a profile prices a model the table does not know,
and a request's cost budget holds over the run."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import httpx
import pytest
from fastapi.testclient import TestClient

from _live_server import serve_in_thread
from redraft.app import Settings
from redraft.core._types import Usage
from redraft.providers import ProviderRegistry, ScriptedModel
from redraft.providers._openai import OpenAIProvider
from redraft.providers._prices import vendor_prices
from redraft.server import create_app
from redraft.testing import FakeOpenAIServer

PROFILES = """
[profiles.self-hosted]
model = "scripted:llama"
judge_model = "none"

[profiles.self-hosted.prices]
input_per_million = 2.0
output_per_million = 8.0
"""


def _ask(base_url: str, **redraft: Any) -> httpx.Response:
    return httpx.post(
        f"{base_url}/v1/chat/completions",
        json={
            "model": "self-hosted",
            "messages": [{"role": "user", "content": "What is the capital of France?"}],
            "redraft": {"must_match": ["Paris"], **redraft},
        },
        timeout=30,
    )


def test_a_profile_prices_its_own_model_and_a_cost_budget_holds(
    tmp_path: Path, database_url: str
) -> None:
    profiles = tmp_path / "profiles.toml"
    profiles.write_text(PROFILES, encoding="utf-8")
    registry = ProviderRegistry()
    registry.add("scripted:llama", ScriptedModel(["It is Lyon.", "It is Paris."] * 3))
    settings = Settings(database_url=database_url, profiles=profiles)
    with serve_in_thread(create_app(settings, registry=registry)) as base_url:
        answered = _ask(base_url)
        assert answered.status_code == 200, answered.text
        run_id = answered.headers["x-redraft-run-id"]
        stored = httpx.get(f"{base_url}/v1/runs/{run_id}").json()
        # Not a cent can be spent: the first draft is never started.
        broke = _ask(base_url, cost_budget_usd=1e-9)

    calls = stored["calls"]
    assert len(calls) == 2
    for call in calls:
        usage = call["usage"]
        expected = (usage["input_tokens"] * 2.0 + usage["output_tokens"] * 8.0) / 1_000_000
        assert call["cost_usd"] == pytest.approx(expected)
        assert call["cost_usd"] > 0  # the scripted model alone would cost nothing
    assert stored["cost_usd"] == pytest.approx(sum(c["cost_usd"] for c in calls))
    assert stored["result"]["cost_usd"] == pytest.approx(stored["cost_usd"])

    assert broke.status_code == 422, broke.text
    error = broke.json()["error"]
    assert error["code"] == "cost_budget_exhausted"
    assert "cost budget exhausted" in error["message"]


UPSTREAM_PROFILES = """
[profiles.mini]
model = "openai:gpt-4o-mini"
judge_model = "none"
must_match = ["Paris"]
compile_checks = false

[profiles.unpriced]
model = "openai:fake-model"
judge_model = "none"
must_match = ["Paris"]
compile_checks = false
"""


def _extension_of_stream(text: str) -> dict[str, Any]:
    """The ``redraft`` extension the stream's finish chunk carries."""
    bodies = [json.loads(line[6:]) for line in text.splitlines() if line.startswith("data: {")]
    (extension,) = [body["redraft"] for body in bodies if "run_id" in body.get("redraft", {})]
    found: dict[str, Any] = extension
    return found


@pytest.mark.real_calls  # a loopback fake server
def test_the_chat_extension_says_what_each_call_and_the_run_cost(
    tmp_path: Path, database_url: str
) -> None:
    profiles = tmp_path / "profiles.toml"
    profiles.write_text(UPSTREAM_PROFILES, encoding="utf-8")
    with FakeOpenAIServer(["It is Lyon.", "It is Paris."] * 2 + ["It is Paris."]) as server:
        registry = ProviderRegistry()
        for model in ("gpt-4o-mini", "fake-model"):
            provider = OpenAIProvider(model, base_url=server.base_url, api_key="sk-cost")
            registry.add(f"openai:{model}", provider)
        settings = Settings(database_url=database_url, profiles=profiles, api_keys="acme:k")
        app = create_app(settings, registry=registry)
        with TestClient(app, headers={"Authorization": "Bearer k"}) as client:
            asked = {"model": "mini", "messages": [{"role": "user", "content": "Capital?"}]}
            whole = client.post("/v1/chat/completions", json=asked).json()["redraft"]
            streamed = client.post("/v1/chat/completions", json={**asked, "stream": True})
            unpriced = client.post("/v1/chat/completions", json={**asked, "model": "unpriced"})

    prices = vendor_prices("openai", "gpt-4o-mini")
    assert prices is not None
    for extension in (whole, _extension_of_stream(streamed.text)):
        calls = extension["calls"]
        assert [call["attempt"] for call in calls] == [1, 2]
        for call in calls:
            usage = Usage.model_validate(call["usage"])
            assert call["cost_usd"] == pytest.approx(prices.cost(usage))
            assert call["cost_usd"] > 0
        assert extension["cost_usd"] == pytest.approx(sum(call["cost_usd"] for call in calls))
    # A model without a known price costs null, never 0: the run's too.
    extension = unpriced.json()["redraft"]
    assert [call["cost_usd"] for call in extension["calls"]] == [None]
    assert extension["cost_usd"] is None
