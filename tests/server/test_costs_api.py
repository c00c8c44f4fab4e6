"""Costs behind the service: a profile prices a model the table does not know,
and a request's cost budget holds over the run."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import httpx
import pytest

from _live_server import serve_in_thread
from redraft.app import Settings
from redraft.providers import ProviderRegistry, ScriptedModel
from redraft.server import create_app

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
