"""The Runs pages in Chromium: the list of past runs and one run's drafts,
verdicts, evidence, calls and totals."""

from __future__ import annotations

import asyncio
import json
import threading
from typing import TYPE_CHECKING

from playwright.sync_api import Page, expect

from redraft import ModelRequest
from redraft.providers import FunctionModel

if TYPE_CHECKING:
    from _browser import UiService

# The browser, page and ui fixtures.
pytest_plugins = ["_browser"]


def test_runs_list_and_run_page(page: Page, ui: UiService) -> None:
    ui.script(ui.GENERATOR, ["Ask me later."])
    older = ui.chat("An older question (no Paris)", max_attempts=1)["redraft"]["run_id"]
    ui.script(ui.GENERATOR, ["It is Lyon.", "It is <b>Paris</b>."])
    run_id = ui.chat("What is the capital of France?")["redraft"]["run_id"]

    page.goto(ui.url("#/runs"))
    table = page.get_by_role("table", name="Runs, newest first")
    rows = table.locator("tbody tr")
    expect(rows).to_have_count(2)
    expect(rows.nth(0)).to_contain_text("What is the capital of France?")
    # The pattern passed; with no judge the question itself is unverified.
    expect(rows.nth(0)).to_contain_text("unverified")
    expect(rows.nth(0).locator("td").nth(2)).to_have_text("service")  # where it came from
    expect(rows.nth(1)).to_contain_text("An older question")
    expect(rows.nth(1)).to_contain_text("not passed")
    expect(rows.nth(1).get_by_role("link")).to_have_attribute("href", f"#/runs/{older}")

    rows.nth(0).get_by_role("link").click()
    expect(page).to_have_url(ui.url(f"#/runs/{run_id}"))
    expect(page.get_by_role("heading", level=1)).to_have_text(f"Run {run_id}")
    facts = page.locator("dl.facts")
    expect(facts).to_contain_text("Attempts2")
    expect(facts).to_contain_text("Fromservice")
    expect(facts).to_contain_text("Outcomeunverified")
    expect(facts).to_contain_text("Stop reasonunverified")
    expect(facts).to_contain_text("Calls2 ·")
    expect(facts).to_contain_text("Judgecompiled checks + must_match /Paris/")

    expect(page.get_by_role("region", name="Final answer")).to_contain_text("It is <b>Paris</b>.")
    first = page.get_by_role("article", name="Draft 1")
    second = page.get_by_role("article", name="Draft 2")
    expect(first).to_contain_text("It is Lyon.")
    expect(first).to_contain_text("not passed")
    expect(first).to_contain_text("Paris")  # the failed check names the pattern
    expect(first.get_by_role("table", name="Evidence")).to_contain_text("no match for /Paris/")
    expect(second).to_contain_text("final answer")
    account = second.get_by_role("table", name="2 requirements: 1 exact ✓, 1 unverified")
    expect(account.locator("tbody tr")).to_have_count(2)
    expect(account.locator("tbody tr").nth(0)).to_contain_text("What is the capital of France?")
    expect(account.locator("tbody tr").nth(0)).to_contain_text("no check reads it")
    expect(second.get_by_text("Feedback it was drafted from")).to_be_visible()
    expect(page.locator("b")).to_have_count(0)

    calls = page.get_by_role("table", name="LLM calls (2)")
    expect(calls.locator("tbody tr")).to_have_count(2)
    expect(calls.locator("tbody tr").nth(1)).to_contain_text("draft")
    page.get_by_text("Events (").click()
    expect(page.locator("details.events li").first).to_have_text("#1 run_started")
    expect(page.locator("details.events li").last).to_contain_text("run_completed")


def test_unknown_run_says_so(page: Page, ui: UiService) -> None:
    page.goto(ui.url("#/runs/run_" + "0" * 24))
    expect(page.get_by_role("alert")).to_contain_text("There is no run")


def test_run_page_follows_a_run_until_it_ends(page: Page, ui: UiService) -> None:
    gate = threading.Event()

    async def held(request: ModelRequest) -> str:
        await asyncio.to_thread(gate.wait, 30)
        return "Finally: Paris."

    ui.use(ui.GENERATOR, FunctionModel(held, model="held"))
    caller = threading.Thread(target=ui.chat, args=("Slow question",), daemon=True)
    caller.start()
    try:
        with ui.client() as client:

            def started() -> bool:
                return bool(client.get("/v1/runs").json()["data"])

            ui.wait_until(started)
            run_id = client.get("/v1/runs").json()["data"][0]["id"]
        page.goto(ui.url(f"#/runs/{run_id}"))
        facts = page.locator("dl.facts")
        expect(facts).to_contain_text("Outcomerunning")
        expect(page.get_by_role("heading", name="Drafts (0)")).to_be_visible()
    finally:
        gate.set()
    caller.join(30)
    # The page followed the run's event stream and redrew itself at the end.
    expect(facts).to_contain_text("Outcomeunverified")
    expect(page.get_by_role("article", name="Draft 1")).to_contain_text("Finally: Paris.")


def test_run_page_shows_the_judges_choice_between_two_drafts(page: Page, ui: UiService) -> None:
    ui.script(ui.GENERATOR, ["It is Paris, I think.", "It is Lyon."])

    def judge(request: ModelRequest) -> str:
        text = request.messages[-1].text
        if "<answer_a>" not in text:
            return ui.verdict(2, False, "Not quite.", "Name the capital.")
        # Prefers the draft naming Paris, wherever it is shown.
        shown_first = text.split("<answer_a>\n", 1)[1]
        better = "A" if shown_first.startswith("It is Paris") else "B"
        return json.dumps({"better": better, "confidence": 9})

    ui.use(ui.JUDGE, FunctionModel(judge))
    body = ui.chat("What is the capital of France?", model="judged", max_attempts=2, pairwise=True)
    run_id = body["redraft"]["run_id"]

    page.goto(ui.url(f"#/runs/{run_id}"))
    facts = page.locator("dl.facts")
    expect(facts).to_contain_text("Choicethe judge chose draft 1 over draft 2 (P 0.95")
    expect(page.get_by_role("region", name="Final answer")).to_contain_text("It is Paris, I think.")
