"""The Sessions pages in Chromium: create a subject, start the
panel, watch evidence arrive live, invalidate an item and see its
re-evaluation arrive on the open stream, and reconnect without losing items."""

from __future__ import annotations

import asyncio
import json
import re
import threading
from collections.abc import Callable, Iterator
from typing import TYPE_CHECKING

import pytest
from playwright.sync_api import Locator, Page, expect

from redraft import ModelRequest
from redraft.evaluators._scorers import get_scorer
from redraft.providers import FunctionModel

if TYPE_CHECKING:
    from _browser import UiService

# The browser, page and ui fixtures.
pytest_plugins = ["_browser"]

SESSION_JUDGE = "scripted:session-judge"


class Judge:
    """Findings for the panel (held until ``gate`` opens), a verdict for
    re-evaluations (held until ``review`` opens; open unless a test closes it)."""

    def __init__(self) -> None:
        self.gate = threading.Event()
        self.review = threading.Event()
        self.review.set()

    async def __call__(self, request: ModelRequest) -> str:
        if "findings" in (request.json_schema or {}).get("properties", {}):
            await asyncio.to_thread(self.gate.wait, 30)
            return json.dumps(
                {"findings": [{"description": "Stable employment verified", "points": 2}]}
            )
        await asyncio.to_thread(self.review.wait, 30)
        return json.dumps({"description": "Context was misunderstood", "points": 2})


@pytest.fixture
def judge(ui: UiService) -> Iterator[Judge]:
    made = Judge()
    ui.use(SESSION_JUDGE, FunctionModel(made, model="session-judge"))
    yield made
    made.gate.set()
    made.review.set()


def _create_session(page: Page, ui: UiService) -> None:
    page.goto(ui.url("#/sessions"))
    page.get_by_label("Question (optional)").fill("How does the applicant earn money?")
    page.get_by_label("Answer or text").fill(
        "The applicant earns money at a casino as a croupier with stable employment."
    )
    page.get_by_label("Judge model (optional)").fill(SESSION_JUDGE)
    page.get_by_label("LLM judge").check()
    page.get_by_role("button", name="Add rule").click()
    page.get_by_label("Pattern (regex)").fill("casino")
    page.get_by_label("Points").fill("-5")
    page.get_by_label("Description").fill("Gambling mentions found")
    page.get_by_role("button", name="Create session").click()
    expect(page.get_by_role("heading", level=1)).to_have_text("Session 1")


def _card(page: Page, text: str) -> Locator:
    return page.locator("article.card", has_text=text)


def _evaluate(page: Page, judge: Judge) -> None:
    page.get_by_role("button", name="Start evaluation").click()
    status = page.locator(".session-bar").get_by_role("status").first
    try:
        # The check's evidence is on screen while the judge is still working.
        expect(_card(page, "Gambling mentions found")).to_be_visible()
        expect(_card(page, "Gambling mentions found")).to_contain_text("−5 points")
        expect(status).to_contain_text("Evaluation started")
        expect(status.locator(".spinner")).to_be_visible()
        expect(page.get_by_text("Evaluation complete")).to_have_count(0)
        expect(page.get_by_role("button", name="Start evaluation")).to_be_disabled()
    finally:
        judge.gate.set()
    expect(status).to_contain_text("Evaluation complete")
    expect(status.locator(".spinner")).to_have_count(0)
    expect(_card(page, "Stable employment verified")).to_contain_text("+2 points")


def test_live_evidence_invalidation_and_reevaluation(
    page: Page, ui: UiService, judge: Judge, screenshot: Callable[[Page, str], None]
) -> None:
    _create_session(page, ui)
    expect(page.get_by_text("● Live")).to_be_visible()
    _evaluate(page, judge)
    gambling = _card(page, "Gambling mentions found")
    title = gambling.get_by_role("heading").inner_text()
    original_id = int(title.removeprefix("Evidence #"))

    reason = gambling.get_by_label(f"Why is Evidence #{original_id} wrong?")
    expect(reason).to_be_hidden()
    gambling.get_by_role("button", name=f"Invalidate #{original_id}").click()
    expect(reason).to_be_focused()
    reason.fill("A croupier's wage is not gambling")
    gambling.get_by_role("button", name="Invalidate evidence").click()
    expect(gambling).to_contain_text("Invalid")
    expect(gambling).to_contain_text("Invalidated: A croupier's wage is not gambling")
    expect(gambling.get_by_role("button", name=f"Invalidate #{original_id}")).to_have_count(0)

    # The re-evaluation arrives on the stream that stayed open.
    reevaluated = _card(page, "Context was misunderstood")
    expect(reevaluated).to_contain_text("Re-evaluated")
    expect(reevaluated).to_contain_text("Source: Re-evaluation of Evidence #")
    expect(page.locator("article.card.pending")).to_have_count(0)
    expect(page.locator("article.card")).to_have_count(3)
    expect(page.locator(".total")).to_contain_text("Findings: +4 points from 2 valid of 3")
    expect(gambling.get_by_role("link", name="Evidence #3")).to_be_visible()

    link = reevaluated.get_by_role("link", name=f"Evidence #{original_id}")
    link.click()
    expect(gambling).to_be_focused()
    expect(page.get_by_text("● Live")).to_be_visible()  # same stream, not reopened
    expect(page.locator("article.card")).to_have_count(3)

    page.locator("summary", has_text="LLM calls (2)").click()
    calls = page.get_by_role("table", name="LLM calls (2)")
    expect(calls.locator("tbody tr").nth(0)).to_contain_text("judge")
    expect(calls.locator("tbody tr").nth(1)).to_contain_text("re_evaluation")

    screenshot(page, "session")
    page.get_by_role("link", name="← All sessions").click()
    listed = page.get_by_role("list", name="Sessions").get_by_role("listitem")
    expect(listed).to_have_count(1)
    expect(listed.first).to_contain_text("completed")
    expect(listed.first).to_contain_text("3 evidence")


def test_reconnects_and_gets_what_it_missed_exactly_once(
    page: Page, ui: UiService, judge: Judge
) -> None:
    _create_session(page, ui)
    _evaluate(page, judge)
    gambling_title = _card(page, "Gambling mentions found").get_by_role("heading").inner_text()
    original_id = int(gambling_title.removeprefix("Evidence #"))

    # The network goes: the open stream is cut and reconnecting fails for now.
    page.context.set_offline(True)
    ui.server.drop_connections()
    expect(page.get_by_text("Reconnecting…")).to_be_visible()
    banner = page.get_by_role("alert").filter(has_text="Cannot reach the redraft server")
    expect(banner).to_be_visible()
    # Another client invalidates while this page is cut off.
    with ui.client() as client:
        response = client.post(
            "/v1/evidence/update",
            json={
                "session_id": 1,
                "evidence_id": original_id,
                "valid": False,
                "invalidate_reason": "changed elsewhere",
            },
        )
        assert response.status_code == 200

        def reevaluated() -> bool:
            session = client.get("/v1/sessions/1").json()
            return len(session["evidence_list"]) == 3

        ui.wait_until(reevaluated)
    page.context.set_offline(False)

    expect(page.get_by_text("● Live")).to_be_visible()
    expect(_card(page, "Context was misunderstood")).to_contain_text("Re-evaluated")
    expect(page.locator("article.card")).to_have_count(3)
    expect(page.locator("li.marker")).to_have_count(2)  # one start, one complete: no replays
    expect(banner).to_be_hidden()


def test_opening_a_session_replays_its_evidence(page: Page, ui: UiService, judge: Judge) -> None:
    judge.gate.set()
    with ui.client() as client:
        created = client.post(
            "/v1/sessions",
            json={
                "subject": {"text": "Plain text with <script>alert(1)</script> inside"},
                "panel": [
                    {
                        "type": "check",
                        "rules": [
                            {"pattern": "script", "points": -3, "description": "<b>markup</b>"}
                        ],
                    }
                ],
            },
        )
        session_id = created.json()["session_id"]
        client.post("/v1/evaluate/start", json={"session_id": session_id})
    page.goto(ui.url(f"#/sessions/{session_id}/evidence/1"))
    card = page.locator("article.card")
    expect(card).to_have_count(1)
    expect(card).to_contain_text("<b>markup</b>")
    expect(card).to_be_focused()
    expect(page.locator(".subject")).to_contain_text("<script>alert(1)</script>")
    expect(page.locator(".session-bar")).to_contain_text("Evaluation complete")


def test_a_pending_card_stands_in_for_a_running_reevaluation(
    page: Page, ui: UiService, judge: Judge, screenshot: Callable[[Page, str], None]
) -> None:
    _create_session(page, ui)
    _evaluate(page, judge)
    status = page.locator(".session-bar").get_by_role("status").first
    gambling = _card(page, "Gambling mentions found")
    original_id = int(gambling.get_by_role("heading").inner_text().removeprefix("Evidence #"))
    judge.review.clear()  # the re-evaluation is held until the test has looked
    pending = page.locator("article.card.pending")
    try:
        gambling.get_by_role("button", name=f"Invalidate #{original_id}").click()
        gambling.get_by_label(f"Why is Evidence #{original_id} wrong?").fill("Not gambling")
        gambling.get_by_role("button", name="Invalidate evidence").click()

        # At once: a pending card and a status saying what runs, not "complete".
        expect(pending).to_have_count(1)
        expect(pending).to_contain_text(f"Re-evaluating Evidence #{original_id}…")
        expect(pending).to_have_attribute("aria-busy", "true")
        expect(pending.get_by_role("link", name=f"Evidence #{original_id}")).to_be_visible()
        expect(status).to_contain_text(f"Re-evaluating Evidence #{original_id}…")
        expect(status.locator(".spinner")).to_be_visible()
        expect(status).not_to_contain_text("Evaluation complete")
        expect(gambling).to_contain_text("Re-evaluation running…")
        expect(gambling).to_contain_text("Invalidated: Not gambling")
        expect(page.locator("article.card:not(.pending)")).to_have_count(2)
        screenshot(page, "pending")

        # A page opened now knows too: the invalid item has no re-evaluation yet.
        page.reload()
        expect(pending).to_have_count(1)
        expect(status).to_contain_text(f"Re-evaluating Evidence #{original_id}…")
    finally:
        judge.review.set()

    # The new evidence takes the pending card's place; the status is back.
    reevaluated = _card(page, "Context was misunderstood")
    expect(reevaluated).to_contain_text("Re-evaluated")
    expect(pending).to_have_count(0)
    expect(page.locator("ol.evidence > li").last).to_contain_text("Context was misunderstood")
    expect(status).to_contain_text("Evaluation complete")
    expect(status.locator(".spinner")).to_have_count(0)
    expect(gambling).not_to_contain_text("Re-evaluation running…")
    expect(gambling.get_by_role("link", name=f"Evidence #{original_id + 2}")).to_be_visible()


def test_evidence_sources_read_as_words(
    page: Page, ui: UiService, judge: Judge, screenshot: Callable[[Page, str], None]
) -> None:
    judge.gate.set()
    rules = [
        {
            "pattern": "Paris",
            "points": -5,
            "description": "Required text missing",
            "when": "absent",
        },
        {"pattern": "casino", "points": -5, "description": "Gambling mentions found"},
        {"pattern": "croupier", "points": 2, "description": "Names the job"},
    ]
    with ui.client() as client:
        created = client.post(
            "/v1/sessions",
            json={
                "subject": {
                    "question": "How does the applicant earn money?",
                    "answer": "The applicant earns money as a croupier at a casino "
                    "(see http://127.0.0.1:9/payslip).",
                },
                "judge_model": SESSION_JUDGE,
                "panel": [
                    {"type": "judge"},
                    {"type": "check", "rules": rules},
                    {"type": "model", "scorer": "relevance"},
                    {"type": "web"},
                ],
            },
        )
        session_id = created.json()["session_id"]
        client.post("/v1/evaluate/start", json={"session_id": session_id})
    page.goto(ui.url(f"#/sessions/{session_id}"))
    expect(page.locator(".session-bar")).to_contain_text("Evaluation complete")

    def source(text: str) -> Locator:
        return _card(page, text).locator(".source")

    expect(source("Stable employment verified")).to_have_text("Judge (scripted model)")
    expect(source("Stable employment verified")).to_have_attribute(
        "title", f"judge:{SESSION_JUDGE}"
    )
    expect(source("Required text missing")).to_have_text("Check: must match /Paris/")
    expect(source("Gambling mentions found")).to_have_text("Check: must not match /casino/")
    expect(source("Names the job")).to_have_text("Check: matches /croupier/")
    expect(source("relevance model score")).to_have_text("Model: relevance")
    # On topic: the answer takes up every content word of the question.
    expect(_card(page, "relevance model score")).to_contain_text("100/100")
    expect(source("Refused http://127.0.0.1:9/payslip")).to_have_text(
        "Web page: http://127.0.0.1:9/payslip"
    )
    expect(page.locator(".source", has_text=re.compile(r"^(judge|model):"))).to_have_count(0)
    screenshot(page, "sources")


def test_relevance_is_a_rating_apart_from_the_findings_points(page: Page, ui: UiService) -> None:
    question = "How does the applicant earn money?"
    answer = "The applicant earns a living at a casino."
    rating = f"{round(get_scorer('relevance').score(answer, question) * 100)}/100"
    assert rating != "0/100"
    page.goto(ui.url("#/sessions"))
    page.get_by_label("Question (optional)").fill(question)
    page.get_by_label("Answer or text").fill(answer)
    page.get_by_label("Relevance scorer (question vs answer)").check()
    page.get_by_role("button", name="Add rule").click()
    page.get_by_label("Pattern (regex)").fill("casino")
    page.get_by_label("Points").fill("-5")
    page.get_by_label("Description").fill("Gambling mentions found")
    page.get_by_role("button", name="Create session").click()
    page.get_by_role("button", name="Start evaluation").click()
    status = page.locator(".session-bar").get_by_role("status").first
    expect(status).to_contain_text("Evaluation complete")

    relevance = page.locator("article.card", has_text="relevance")
    expect(relevance.locator(".badges")).to_contain_text(rating)
    expect(relevance.locator(".badges")).not_to_contain_text("points")
    total = page.locator(".total")
    expect(total).to_have_text(
        f"Findings: −5 points from 1 valid of 2 evidence items. Relevance {rating}."
    )
    page.get_by_role("link", name="← All sessions").click()
    expect(page.get_by_role("list", name="Sessions")).to_contain_text(
        f"2 evidence · −5 points · relevance {rating}"
    )
