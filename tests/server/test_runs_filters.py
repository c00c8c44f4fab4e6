"""``GET /v1/runs`` filters: where the runs came from, whether they passed and
which model drafted them, together and across pages; bad values are 422s
naming the parameter."""

from __future__ import annotations

import asyncio
from collections.abc import Iterator

import httpx
import pytest

from _live_server import serve_in_thread
from redraft import Policy, RunRequest, stream_run
from redraft.app import Settings
from redraft.evaluators import MustMatch
from redraft.providers import ProviderRegistry, ScriptedModel
from redraft.server import create_app
from redraft.store import RunSource, Store

# (prompt, draft, source, generator's model): Paris passes, the others do not.
RUNS: list[tuple[str, str, RunSource, str]] = [
    ("one", "It is Paris.", "cli", "small"),
    ("two", "It is Milan.", "cli", "large"),
    ("three", "It is Paris.", "library", "large"),
    ("four", "It is Lyon.", "service", "small"),
    ("five", "It is Paris.", "middleware", "small"),
]


async def _fill(url: str) -> None:
    store = await Store.open(url)
    try:
        for prompt, draft, source, model in RUNS:
            async for event in stream_run(
                RunRequest.from_prompt(prompt),
                generator=ScriptedModel([draft], model=model),
                evaluator=MustMatch("Paris"),
                policy=Policy(max_attempts=1),
            ):
                await store.record(event, tenant="default", source=source)
    finally:
        await store.close()


@pytest.fixture
def base_url(database_url: str) -> Iterator[str]:
    asyncio.run(_fill(database_url))
    app = create_app(Settings(database_url=database_url), registry=ProviderRegistry())
    with serve_in_thread(app) as url:
        yield url


def _prompts(base_url: str, **params: str | int) -> list[str]:
    response = httpx.get(f"{base_url}/v1/runs", params=params)
    assert response.status_code == 200, response.text
    return [run["prompt"] for run in response.json()["data"]]


def test_runs_filter_by_source_outcome_and_model(base_url: str) -> None:
    assert _prompts(base_url) == ["five", "four", "three", "two", "one"]
    assert _prompts(base_url, source="cli") == ["two", "one"]
    assert _prompts(base_url, source="middleware") == ["five"]
    assert _prompts(base_url, passed="true") == ["five", "three", "one"]
    assert _prompts(base_url, passed="false") == ["four", "two"]
    model = httpx.get(f"{base_url}/v1/runs").json()["data"][0]["model"]
    assert model.endswith("small")
    assert _prompts(base_url, model=model) == ["five", "four", "one"]
    assert _prompts(base_url, model="small") == []  # the spec, exactly
    assert _prompts(base_url, source="cli", passed="true", model=model) == ["one"]


def test_filtered_pages_follow_on(base_url: str) -> None:
    first = httpx.get(f"{base_url}/v1/runs", params={"passed": "true", "limit": 2}).json()
    assert [r["prompt"] for r in first["data"]] == ["five", "three"]
    assert first["has_more"] is True
    rest = _prompts(base_url, passed="true", limit=2, before=first["next_before"])
    assert rest == ["one"]


@pytest.mark.parametrize(
    ("param", "value"),
    [("source", "browser"), ("passed", "maybe"), ("model", ""), ("model", "m" * 301)],
)
def test_bad_filters_are_422_naming_the_parameter(base_url: str, param: str, value: str) -> None:
    response = httpx.get(f"{base_url}/v1/runs", params={param: value})
    assert response.status_code == 422
    error = response.json()["error"]
    assert error["param"] == f"query.{param}"
    assert param in error["message"]
