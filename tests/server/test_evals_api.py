"""``/v1/evals``: the evals ``redraft eval`` kept, their figures and their reports, over HTTP."""

from __future__ import annotations

import asyncio
import base64
import hashlib
import re
from collections.abc import Iterator
from typing import Any

import pytest
from fastapi.testclient import TestClient

from redraft import Policy
from redraft.app import Settings
from redraft.evals import Arm, DatasetRow, EvalConfig, EvalOutcome, wilson
from redraft.server import create_app
from redraft.store import Store

ACME = {"Authorization": "Bearer k"}
GLOBEX = {"Authorization": "Bearer g"}
COMPARED = "eval_0001_compared"
RUNNING = "eval_0002_running"
FOREIGN = "eval_0003_globex"
TRICKY = 'Is <b>2 & 3</b> "five"?'

# (row id, baseline passed, loop passed, loop's first passing attempt, loop's first draft passed)
LOOP_ROWS: list[tuple[str, bool | None, bool | None, int | None, bool | None]] = [
    ("tricky", False, True, 2, False),  # gained
    ("late", False, True, 3, False),  # gained
    ("lucky", False, True, 1, True),  # gained: the loop's first draft passed, the baseline's not
    ("easy", True, True, 1, True),  # both
    ("lost-it", False, None, 1, True),  # neither; the loop lost a passing first draft
    ("hard", False, False, None, False),  # neither
]


def _outcome(
    row: int,
    row_id: str,
    arm: Arm,
    passed: bool | None,
    *,
    first_pass: int | None,
    first_draft_passed: bool | None,
    prompt: str,
    error: str | None = None,
) -> EvalOutcome:
    attempts = 1 if arm == "baseline" else (first_pass or 3)
    return EvalOutcome(
        row=row,
        row_id=row_id,
        arm=arm,
        run_id=f"run_{row:024x}",
        prompt=prompt,
        passed=passed,
        score=0.9 if passed else 0.3,
        attempts=attempts,
        first_draft_passed=first_draft_passed,
        first_pass_attempt=first_pass,
        stop_reason="passed" if passed else "max_attempts",
        input_tokens=100 * attempts,
        output_tokens=10 * attempts,
        cost_usd=0.001 * attempts,
        final_answer=f"answer to {row_id}",
        error=error,
        duration_s=0.5,
    )


def _prompt(row_id: str) -> str:
    return TRICKY if row_id == "tricky" else f"Question {row_id}?"


async def _seed(url: str) -> None:
    store = await Store.open(url)
    try:
        config = EvalConfig(
            model="scripted:gen", judge_model="none", policy=Policy(max_attempts=3), compare=True
        )
        rows = [DatasetRow(id=row_id, prompt=_prompt(row_id)) for row_id, *_ in LOOP_ROWS]
        await store.evals.create(
            tenant="acme", name="capitals", config=config, rows=rows, eval_id=COMPARED
        )
        for index, (row_id, base, loop, first_pass, first_ok) in enumerate(LOOP_ROWS):
            prompt = _prompt(row_id)
            await store.evals.add_outcome(
                COMPARED,
                _outcome(
                    index,
                    row_id,
                    "loop",
                    loop,
                    first_pass=first_pass,
                    first_draft_passed=first_ok,
                    prompt=prompt,
                ),
            )
            error = "provider down" if row_id == "lost-it" else None
            await store.evals.add_outcome(
                COMPARED,
                _outcome(
                    index,
                    row_id,
                    "baseline",
                    base,
                    first_pass=1 if base else None,
                    first_draft_passed=base,
                    prompt=prompt,
                    error=error,
                ),
            )
        await store.evals.set_status(COMPARED, "completed")

        single = EvalConfig(model="scripted:other", judge_model="none", policy=Policy())
        three = [DatasetRow(prompt=f"Row {i}") for i in range(3)]
        await store.evals.create(
            tenant="acme", name="unfinished", config=single, rows=three, eval_id=RUNNING
        )
        await store.evals.add_outcome(
            RUNNING,
            _outcome(0, "1", "loop", True, first_pass=1, first_draft_passed=True, prompt="Row 0"),
        )
        await store.evals.create(
            tenant="globex", name="theirs", config=single, rows=three, eval_id=FOREIGN
        )
    finally:
        await store.close()


@pytest.fixture
def client(database_url: str) -> Iterator[TestClient]:
    asyncio.run(_seed(database_url))
    app = create_app(Settings(database_url=database_url, api_keys="acme:k,globex:g"))
    with TestClient(app) as opened:
        yield opened


def _get(client: TestClient, path: str, headers: dict[str, str] = ACME) -> Any:
    response = client.get(path, headers=headers)
    assert response.status_code == 200, response.text
    return response.json()


def test_list_is_newest_first_with_progress_and_the_tenants_own(client: TestClient) -> None:
    body = _get(client, "/v1/evals")
    assert body["object"] == "list"
    running, compared = body["data"]
    assert (running["id"], compared["id"]) == (RUNNING, COMPARED)
    assert running["name"] == "unfinished" and running["status"] == "running"
    assert running["model"] == "scripted:other" and running["arms"] == ["loop"]
    assert (running["rows"], running["done"], running["passed"]) == (3, 1, 1)
    assert compared["status"] == "completed" and compared["arms"] == ["baseline", "loop"]
    # Every arm's outcomes are done; only the loop's passes count.
    assert (compared["rows"], compared["done"], compared["passed"]) == (6, 12, 4)
    assert compared["created_at"] <= running["created_at"]

    assert [e["id"] for e in _get(client, "/v1/evals?limit=1")["data"]] == [RUNNING]
    assert [e["id"] for e in _get(client, "/v1/evals", GLOBEX)["data"]] == [FOREIGN]


def test_one_eval_with_its_figures(client: TestClient) -> None:
    body = _get(client, f"/v1/evals/{COMPARED}")
    assert body["id"] == COMPARED and body["name"] == "capitals"
    assert body["status"] == "completed"
    assert body["config"]["model"] == "scripted:gen" and body["config"]["compare"] is True
    assert body["arms"] == ["baseline", "loop"]
    assert (body["rows"], body["done"]) == (6, 12)
    assert body["created_at"] <= body["updated_at"]
    assert len(body["outcomes"]) == 12
    tricky = next(o for o in body["outcomes"] if o["row_id"] == "tricky" and o["arm"] == "loop")
    assert tricky["prompt"] == TRICKY and tricky["first_pass_attempt"] == 2

    stats = body["stats"]
    assert stats["pending"] == 0
    loop = stats["arms"]["loop"]
    assert (loop["rows"], loop["passed"], loop["failed"], loop["unverified"]) == (6, 4, 1, 1)
    assert loop["errors"] == 0
    assert loop["pass_rate"] == pytest.approx(4 / 6)
    assert loop["interval"] == pytest.approx(list(wilson(4, 6)))
    assert loop["mean_score"] == pytest.approx((0.9 * 4 + 0.3 * 2) / 6)
    # Attempts per row: 2, 3, 1, 1, 1, 3 (none passed: all three drafts).
    assert loop["tokens"] == 110 * (2 + 3 + 1 + 1 + 1 + 3)
    assert loop["cost_usd"] == pytest.approx(0.001 * 11)
    # When a draft first passed, whatever the final answer did (lost-it's first did).
    assert loop["pass_by_attempt"] == pytest.approx([3 / 6, 4 / 6, 5 / 6])
    assert loop["regressions"] == ["lost-it"]
    base = stats["arms"]["baseline"]
    assert (base["rows"], base["passed"], base["failed"], base["unverified"]) == (6, 1, 5, 0)
    assert base["errors"] == 1 and base["pass_by_attempt"] == pytest.approx([1 / 6])
    assert base["tokens"] == 110 * 6

    comparison = stats["comparison"]
    assert comparison["gained"] == ["tricky", "late", "lucky"] and comparison["lost"] == []
    assert (comparison["rows"], comparison["both"], comparison["neither"]) == (6, 1, 2)
    # The exact McNemar test: 3 gained, 0 lost, so p = 2 * (1/2)^3.
    assert comparison["p_value"] == pytest.approx(0.25)


def test_an_unfinished_eval_without_a_baseline(client: TestClient) -> None:
    stats = _get(client, f"/v1/evals/{RUNNING}")["stats"]
    assert stats["comparison"] is None
    assert list(stats["arms"]) == ["loop"]
    assert stats["pending"] == 2
    assert stats["arms"]["loop"]["passed"] == 1 and stats["arms"]["loop"]["rows"] == 1


@pytest.mark.parametrize("suffix", ["", "/report.html", "/report.md"])
def test_unknown_and_other_tenants_evals_are_not_found(client: TestClient, suffix: str) -> None:
    for eval_id, headers in (("eval_nope", ACME), (FOREIGN, ACME), (COMPARED, GLOBEX)):
        response = client.get(f"/v1/evals/{eval_id}{suffix}", headers=headers)
        assert response.status_code == 404, response.text
        error = response.json()["error"]
        assert error["code"] == "eval_not_found"
        assert eval_id in error["message"]


def test_the_html_report(client: TestClient) -> None:
    response = client.get(f"/v1/evals/{COMPARED}/report.html", headers=ACME)
    assert response.status_code == 200, response.text
    assert response.headers["content-type"] == "text/html; charset=utf-8"
    assert response.headers["x-content-type-options"] == "nosniff"
    assert "script-src" not in response.headers["content-security-policy"]
    assert "default-src 'none'" in response.headers["content-security-policy"]
    html = response.text
    assert html.startswith("<!doctype html>")
    assert "<script" not in html
    # The row's prompt is there, escaped: never markup.
    assert "Is &lt;b&gt;2 &amp; 3&lt;/b&gt; &quot;five&quot;?" in html
    assert "<b>2" not in html
    for section in ("summary", "comparison", "regressions", "rows"):
        assert f'id="{section}"' in html
    assert html.count("<tr data-row=") == 6


def test_the_ui_policy_lets_the_reports_stylesheet_through(client: TestClient) -> None:
    """The UI shows the report in an <iframe srcdoc>, which inherits the UI
    page's Content-Security-Policy: the report's <style> must be allowed by hash."""
    html = client.get(f"/v1/evals/{COMPARED}/report.html", headers=ACME).text
    styles = re.findall(r"<style>(.*?)</style>", html, re.DOTALL)
    assert len(styles) == 1
    digest = base64.b64encode(hashlib.sha256(styles[0].encode()).digest()).decode()
    policy = client.get("/").headers["content-security-policy"]
    style_src = next(d for d in policy.split(";") if d.strip().startswith("style-src"))
    assert f"'sha256-{digest}'" in style_src.split()
    assert "'unsafe-inline'" not in policy


def test_the_markdown_report(client: TestClient) -> None:
    response = client.get(f"/v1/evals/{COMPARED}/report.md", headers=ACME)
    assert response.status_code == 200, response.text
    assert response.headers["content-type"] == "text/markdown; charset=utf-8"
    text = response.text
    assert text.startswith("# Eval report: capitals")
    assert "## Summary" in text and "## The loop against one draft" in text
    assert "lost-it" in text and "tricky" in text
    # Without a baseline there is no comparison.
    running = client.get(f"/v1/evals/{RUNNING}/report.md", headers=ACME).text
    assert "## The loop against one draft" not in running


@pytest.mark.parametrize("limit", ["0", "101", "-1", "ten", "1.5", ""])
def test_a_bad_limit_is_refused(client: TestClient, limit: str) -> None:
    response = client.get(f"/v1/evals?limit={limit}", headers=ACME)
    assert response.status_code == 422, response.text
    assert response.json()["error"]["param"] == "query.limit"


def test_evals_need_a_key(client: TestClient) -> None:
    for path in ("/v1/evals", f"/v1/evals/{COMPARED}", f"/v1/evals/{COMPARED}/report.html"):
        assert client.get(path).status_code == 401
        assert client.get(path, headers={"Authorization": "Bearer nope"}).status_code == 401
