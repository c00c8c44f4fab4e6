"""``GET /v1/judges``: the judges' record over HTTP."""

from __future__ import annotations

import asyncio
from collections.abc import Iterator
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from redraft.app import Settings
from redraft.evaluators._reliability import Comparison
from redraft.server import create_app
from redraft.store import Store

KEY = {"Authorization": "Bearer k"}


def _comparisons(judge: str, preset: str, right: int, wrong: int) -> list[Comparison]:
    """``right`` + ``wrong`` comparisons on each side (met and not met)."""
    out: list[Comparison] = []
    for truth in (True, False):
        for said in [truth] * right + [not truth] * wrong:
            out.append(
                Comparison(judge=judge, preset=preset, requirement="r", truth=truth, said=said)
            )
    return out


async def _seed(url: str) -> None:
    store = await Store.open(url)
    try:
        await store.judges.add(_comparisons("local:small", "checklist", 40, 10), tenant="acme")
        await store.judges.add(_comparisons("local:coin", "checklist", 25, 25), tenant="globex")
        await store.judges.add(_comparisons("local:small", "criteria", 1, 0), tenant="acme")
    finally:
        await store.close()


@pytest.fixture
def client(database_url: str) -> Iterator[TestClient]:
    asyncio.run(_seed(database_url))
    app = create_app(Settings(database_url=database_url, api_keys="acme:k"))
    with TestClient(app) as opened:
        yield opened


def test_judges_lists_every_record_sorted_with_a_summary(client: TestClient) -> None:
    response = client.get("/v1/judges", headers=KEY)
    assert response.status_code == 200, response.text
    body = response.json()
    assert body["object"] == "list"
    rows = body["data"]
    # Every tenant's comparisons count: the coin was recorded under globex.
    # ...and the embedded judge's record as shipped, since this store has not measured it.
    assert [(r["judge"], r["preset"], r["shipped"]) for r in rows] == [
        ("local:SmolLM2-135M-Instruct", "checklist", True),
        ("local:coin", "checklist", False),
        ("local:small", "checklist", False),
        ("local:small", "criteria", False),
    ]
    shipped, coin, small, unmeasured = rows
    assert "(shipped with the model)" in shipped["summary"]
    assert small["tp"] == 40 and small["fn"] == 10 and small["tn"] == 40 and small["fp"] == 10
    assert small["n"] == 100 and small["uncertain"] == 0
    assert small["balanced_accuracy"] == 0.8 and small["kappa"] == pytest.approx(0.6)
    assert small["status"] == "reliable" and small["flagged"] is False
    low, high = small["interval"]
    assert low < 0.8 < high
    assert small["summary"].startswith("balanced accuracy 0.80 [")
    assert coin["status"] == "chance" and coin["flagged"] is True
    assert "no better than chance" in coin["summary"]
    assert unmeasured["status"] == "unmeasured" and unmeasured["interval"] is not None
    assert unmeasured["flagged"] is False and "too few to tell" in unmeasured["summary"]
    # No requirement text leaves the store.
    assert "requirement" not in small


def test_judges_needs_a_key(client: TestClient) -> None:
    assert client.get("/v1/judges").status_code == 401
    assert client.get("/v1/judges", headers={"Authorization": "Bearer nope"}).status_code == 401


def test_an_empty_store_lists_only_the_shipped_record(tmp_path: Path) -> None:
    app = create_app(Settings(database_url=f"sqlite:///{tmp_path}/empty.db", api_keys="acme:k"))
    with TestClient(app) as client:
        rows = client.get("/v1/judges", headers=KEY).json()["data"]
    assert [(r["judge"], r["shipped"], r["n"]) for r in rows] == [
        ("local:SmolLM2-135M-Instruct", True, 0)
    ]


def test_a_served_run_audits_its_judge_and_a_flagged_judge_passes_nothing(
    database_url: str,
) -> None:
    settings = Settings(
        database_url=database_url, api_keys="acme:k", judge_audit_rate=1.0, judge_record=True
    )
    body = {
        "model": "scripted",
        "messages": [
            {"role": "user", "content": "Tell me about three cities. Do not use any commas."}
        ],
    }
    with TestClient(create_app(settings)) as client:
        first = client.post("/v1/chat/completions", json=body, headers=KEY)
        assert first.status_code == 200, first.text
        assert first.json()["redraft"]["passed"] is True
        [row] = [
            r for r in client.get("/v1/judges", headers=KEY).json()["data"] if not r["shipped"]
        ]
        # The echo draft has no commas and the judge said so: one true positive.
        assert (row["judge"], row["tp"], row["n"]) == ("scripted:echo", 1, 1)

    asyncio.run(_seed_coin(database_url))
    with TestClient(create_app(settings)) as client:
        second = client.post("/v1/chat/completions", json=body, headers=KEY)
        assert second.status_code == 200, second.text
        assert second.json()["redraft"]["passed"] is None


async def _seed_coin(url: str) -> None:
    store = await Store.open(url)
    try:
        await store.judges.add(_comparisons("scripted:echo", "checklist", 25, 25), tenant="acme")
    finally:
        await store.close()
