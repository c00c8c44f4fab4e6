"""A run says which eval it belongs to (``eval``: id, arm, row) in ``GET
/v1/runs`` and ``GET /v1/runs/{id}``, found for a whole page in one query; a
failed run's detail says the code its request failed with (``error_code``)."""

from __future__ import annotations

import asyncio
from collections.abc import Iterator
from typing import Any

import httpx
import pytest
from sqlalchemy import event

from _live_server import serve_in_thread
from redraft import Policy, ProviderAuthError, RunRequest, stream_run
from redraft.app import Settings
from redraft.evals import Arm, DatasetRow, EvalConfig, EvalOutcome
from redraft.evaluators import MustMatch
from redraft.providers import ProviderRegistry, ScriptedModel
from redraft.server import create_app
from redraft.store import Store

ACME = {"Authorization": "Bearer k"}
EVAL = "eval_0001_capitals"
FOREIGN = "eval_0002_globex"


def _outcome(row: int, arm: Arm, run_id: str) -> EvalOutcome:
    return EvalOutcome(
        row=row,
        row_id=str(row),
        arm=arm,
        run_id=run_id,
        prompt=f"row {row}",
        passed=arm == "loop",
        score=1.0,
        attempts=1,
        first_draft_passed=arm == "loop",
        first_pass_attempt=1 if arm == "loop" else None,
        stop_reason="passed",
        input_tokens=1,
        output_tokens=1,
        cost_usd=None,
        final_answer="It is Paris.",
        duration_s=0.1,
    )


async def _record(store: Store, prompt: str, draft: str | BaseException) -> str:
    run_id = ""
    async for item in stream_run(
        RunRequest.from_prompt(prompt),
        generator=ScriptedModel([draft], model="gen"),
        evaluator=MustMatch("Paris"),
        policy=Policy(max_attempts=1),
    ):
        run_id = item.run_id
        await store.record(item, tenant="acme", source="cli")
    return run_id


async def _fill(url: str) -> dict[str, str]:
    """Runs of acme: a baseline and a loop run of one eval row, a loop run of
    another row, one of no eval (which globex's eval names: not acme's) and
    one that failed."""
    store = await Store.open(url)
    drafts: list[tuple[str, str | BaseException]] = [
        ("baseline", "It is Lyon."),
        ("loop", "It is Paris."),
        ("second", "It is Paris."),
        ("plain", "It is Paris."),
        ("failed", ProviderAuthError("bad key sk-… for gen", provider="scripted")),
    ]
    try:
        ids = {name: await _record(store, name, draft) for name, draft in drafts}
        config = EvalConfig(model="scripted:gen", judge_model="none", policy=Policy())
        rows = [DatasetRow(prompt="row 0"), DatasetRow(prompt="row 1")]
        await store.evals.create(tenant="acme", name="caps", config=config, rows=rows, eval_id=EVAL)
        await store.evals.add_outcome(EVAL, _outcome(0, "baseline", ids["baseline"]))
        await store.evals.add_outcome(EVAL, _outcome(0, "loop", ids["loop"]))
        await store.evals.add_outcome(EVAL, _outcome(1, "loop", ids["second"]))
        await store.evals.create(
            tenant="globex", name="theirs", config=config, rows=rows, eval_id=FOREIGN
        )
        await store.evals.add_outcome(FOREIGN, _outcome(0, "loop", ids["plain"]))
    finally:
        await store.close()
    return ids


@pytest.fixture
def served(database_url: str) -> Iterator[tuple[str, dict[str, str]]]:
    ids = asyncio.run(_fill(database_url))
    app = create_app(
        Settings(database_url=database_url, api_keys="acme:k,globex:g"),
        registry=ProviderRegistry(),
    )
    with serve_in_thread(app) as url:
        yield url, ids


def _get(url: str, **params: Any) -> Any:
    response = httpx.get(url, headers=ACME, params=params)
    assert response.status_code == 200, response.text
    return response.json()


def test_each_run_of_a_page_says_its_eval_arm_and_row(
    served: tuple[str, dict[str, str]],
) -> None:
    url, _ = served
    page = _get(f"{url}/v1/runs")["data"]
    evals = {run["prompt"]: run["eval"] for run in page}
    assert evals == {
        "baseline": {"id": EVAL, "arm": "baseline", "row": 0},
        "loop": {"id": EVAL, "arm": "loop", "row": 0},
        "second": {"id": EVAL, "arm": "loop", "row": 1},
        "plain": None,  # another tenant's eval names it: not acme's to see
        "failed": None,
    }
    # Paged, each page finds its own.
    first = _get(f"{url}/v1/runs", limit=2)
    assert [run["eval"] for run in first["data"]] == [None, None]
    rest = _get(f"{url}/v1/runs", limit=3, before=first["next_before"])["data"]
    assert [run["eval"]["arm"] for run in rest] == ["loop", "loop", "baseline"]


def test_a_run_detail_says_its_eval_and_a_failed_runs_error_code(
    served: tuple[str, dict[str, str]],
) -> None:
    url, ids = served
    baseline = _get(f"{url}/v1/runs/{ids['baseline']}")
    assert baseline["eval"] == {"id": EVAL, "arm": "baseline", "row": 0}
    assert baseline["error_code"] is None
    failed = _get(f"{url}/v1/runs/{ids['failed']}")
    assert failed["status"] == "failed" and failed["eval"] is None
    assert failed["error_code"] == "upstream_auth_error"
    assert "bad key" in failed["error"]


async def test_a_page_finds_its_runs_evals_in_one_query(database_url: str) -> None:
    ids = await _fill(database_url)
    store = await Store.open(database_url)
    statements: list[str] = []

    def seen(_conn: Any, _cursor: Any, statement: str, *_: Any) -> None:
        statements.append(statement)

    engine = store._engine.sync_engine
    event.listen(engine, "before_cursor_execute", seen)
    try:
        runs = await store.list_runs(tenant="acme", limit=5)
    finally:
        event.remove(engine, "before_cursor_execute", seen)
        await store.close()
    assert [r.eval.arm if r.eval else None for r in runs] == [
        None,
        None,
        "loop",
        "loop",
        "baseline",
    ]
    assert {r.id for r in runs} == set(ids.values())
    assert len([s for s in statements if "eval_outcomes" in s]) == 1
