"""``redraft.continues``: a continuation names the run it carries on from, the
store keeps the link, and the run listing and run detail show it both ways.
Also: ``redraft.delivery`` chosen per request reaches the run's policy."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from redraft import ProviderError
from redraft.app import Settings
from redraft.providers import ProviderRegistry, ScriptedModel
from redraft.providers._scripted import Script
from redraft.server import create_app

ACME = {"Authorization": "Bearer k"}
GLOBEX = {"Authorization": "Bearer g"}
MODEL = "scripted:gen"


class Service:
    def __init__(self, client: TestClient, registry: ProviderRegistry) -> None:
        self.client = client
        self.registry = registry

    def script(self, items: list[Script]) -> ScriptedModel:
        model = ScriptedModel(items, model="gen")
        self.registry.add(MODEL, model)
        return model

    def chat(
        self,
        messages: list[dict[str, Any]],
        headers: dict[str, str] = ACME,
        model: str = MODEL,
        **redraft: Any,
    ) -> Any:
        return self.client.post(
            "/v1/chat/completions",
            headers=headers,
            json={
                "model": model,
                "messages": messages,
                "redraft": {"must_match": ["Paris"], "judge_model": "none", **redraft},
            },
        )

    def get(self, path: str, headers: dict[str, str] = ACME) -> Any:
        response = self.client.get(path, headers=headers)
        assert response.status_code == 200, response.text
        return response.json()


PROFILES = f"""
[profiles.geography]
model = "{MODEL}"
judge_model = "none"
must_match = ["Paris"]
"""


@pytest.fixture
def service(database_url: str, tmp_path: Path) -> Iterator[Service]:
    registry = ProviderRegistry()
    profiles = tmp_path / "profiles.toml"
    profiles.write_text(PROFILES, encoding="utf-8")
    settings = Settings(database_url=database_url, api_keys="acme:k,globex:g", profiles=profiles)
    app = create_app(settings, registry=registry)
    with TestClient(app) as client:
        yield Service(client, registry)


QUESTION = [{"role": "user", "content": "Capital of France?"}]


def _failed_run(service: Service) -> tuple[str, list[dict[str, Any]]]:
    """A run that fails on a provider error: its id and continue_context."""
    service.script([ProviderError("upstream exploded", provider="scripted")])
    response = service.chat(QUESTION)
    assert response.status_code == 502, response.text
    error = response.json()["error"]
    assert error["continue_context"], error
    # The chat proxy's continueContext: the last user turn and the model that failed.
    assert error["last_user_message"] == QUESTION[-1]
    assert (error["provider"], error["model"]) == ("scripted", "gen")
    return error["run_id"], error["continue_context"]


def test_a_continuation_is_linked_both_ways(service: Service) -> None:
    failed, context = _failed_run(service)
    service.script(["Recovered: Paris."])
    response = service.chat(context, continuation=True, continues=failed)
    assert response.status_code == 200, response.text
    resumed = response.json()["redraft"]["run_id"]
    service.script(["Paris again."])
    unrelated = service.chat(QUESTION).json()["redraft"]["run_id"]

    listed = {run["id"]: run for run in service.get("/v1/runs")["data"]}
    assert listed[resumed]["continues"] == failed
    assert listed[resumed]["continued_by"] == []
    assert listed[failed]["continues"] is None
    assert listed[failed]["continued_by"] == [resumed]
    assert (listed[unrelated]["continues"], listed[unrelated]["continued_by"]) == (None, [])

    detail = service.get(f"/v1/runs/{resumed}")
    assert detail["continues"] == failed
    assert detail["request"]["continues"] == failed  # the request as the run received it
    original = service.get(f"/v1/runs/{failed}")
    assert original["status"] == "failed"
    assert original["continued_by"] == [resumed]
    # A run that continues none says nothing about it in its request.
    assert "continues" not in service.get(f"/v1/runs/{unrelated}")["request"]


def test_a_run_keeps_the_profile_it_ran_with(service: Service) -> None:
    service.script(["It is Paris."] * 2)
    named = service.chat(QUESTION, model="geography").json()["redraft"]["run_id"]
    ad_hoc = service.chat(QUESTION).json()["redraft"]["run_id"]
    listed = {run["id"]: run["profile"] for run in service.get("/v1/runs")["data"]}
    assert listed == {named: "geography", ad_hoc: MODEL}
    assert service.get(f"/v1/runs/{named}")["profile"] == "geography"
    assert service.get(f"/v1/runs/{ad_hoc}")["profile"] == MODEL


def test_a_run_continued_twice_lists_both_oldest_first_even_on_a_short_page(
    service: Service,
) -> None:
    failed, context = _failed_run(service)
    service.script(["First try: Paris.", "Second try: Paris."])
    first = service.chat(context, continuation=True, continues=failed).json()
    second = service.chat(context, continuation=True, continues=failed).json()
    ids = [first["redraft"]["run_id"], second["redraft"]["run_id"]]

    # The failed run is alone on its page; its followers are on another.
    page = service.get(f"/v1/runs?limit=1&before={ids[0]}")["data"]
    assert [run["id"] for run in page] == [failed]
    assert page[0]["continued_by"] == ids


@pytest.mark.parametrize(
    ("continues", "needle"),
    [
        ("run_123", "run_ and 24 hex digits"),
        ("not a run", "run_ and 24 hex digits"),
        ("run_" + "0" * 24, "there is no run 'run_000000000000000000000000' to continue"),
    ],
)
def test_continues_must_name_a_run_or_it_is_a_400(
    service: Service, continues: str, needle: str
) -> None:
    model = service.script(["never drafted"])
    response = service.chat(QUESTION, continues=continues)
    assert response.status_code == 400, response.text
    error = response.json()["error"]
    assert "redraft.continues" in error["message"] and needle in error["message"]
    assert response.headers["x-should-retry"] == "false"
    assert model.history == []
    assert service.get("/v1/runs")["data"] == []


def test_another_tenants_run_cannot_be_continued_nor_seen(service: Service) -> None:
    failed, context = _failed_run(service)
    model = service.script(["never drafted"])
    response = service.chat(context, headers=GLOBEX, continuation=True, continues=failed)
    assert response.status_code == 400, response.text
    error = response.json()["error"]
    assert error["code"] == "continued_run_not_found"
    assert error["param"] == "redraft.continues"
    assert f"there is no run {failed!r}" in error["message"]
    assert model.history == []
    assert service.get("/v1/runs", GLOBEX)["data"] == []
    assert service.get(f"/v1/runs/{failed}")["continued_by"] == []


def test_a_bad_body_is_still_reported_by_the_route_not_the_check(service: Service) -> None:
    response = service.client.post(
        "/v1/chat/completions",
        headers={**ACME, "content-type": "application/json"},
        content=b'{"model": "scripted:gen", "messages": [',
    )
    assert response.status_code == 400
    assert "JSON" in response.json()["error"]["message"]
    # Continues given as a number: the option's own validation names it.
    response = service.chat(QUESTION, continues=7)
    assert response.status_code == 400
    assert "redraft.continues" in response.json()["error"]["message"]


def test_delivery_is_chosen_per_request_and_reaches_the_run(service: Service) -> None:
    service.script(["It is Paris."])
    default = service.chat(QUESTION).json()["redraft"]["run_id"]
    service.script(["It is Paris."])
    revised = service.chat(QUESTION, delivery="revise").json()["redraft"]["run_id"]
    assert service.get(f"/v1/runs/{default}")["policy"]["delivery"] == "blocking"
    assert service.get(f"/v1/runs/{revised}")["policy"]["delivery"] == "revise"
    refused = service.chat(QUESTION, delivery="later")
    assert refused.status_code == 400
    assert "redraft.delivery" in refused.json()["error"]["message"]
