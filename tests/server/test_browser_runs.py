"""The Runs pages in Chromium: the list of past runs and one run's drafts,
verdicts, evidence, calls and totals; a failed run continued from its page,
and the two runs linked both ways."""

from __future__ import annotations

import asyncio
import json
import threading
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from contextlib import AbstractContextManager
from pathlib import Path
from typing import TYPE_CHECKING

from playwright.sync_api import Page, expect

from redraft import ModelRequest, Policy, ProviderError
from redraft.evals import Arm, DatasetRow, EvalConfig, EvalOutcome
from redraft.providers import FunctionModel
from redraft.providers._prices import dollars
from redraft.store import Store

if TYPE_CHECKING:
    from _browser import UiService

# The browser, page and ui fixtures.
pytest_plugins = ["_browser"]

EVAL = "eval_0001_capitals"
GENERATOR = "scripted:ui-gen"


def test_runs_list_and_run_page(page: Page, ui: UiService) -> None:
    ui.script(ui.GENERATOR, ["Ask me later."])
    older_prompt = "An older question (no Paris)\nwith a second line"
    older = ui.chat(older_prompt, max_attempts=1)["redraft"]["run_id"]
    ui.script(ui.GENERATOR, ["It is Lyon.", "It is <b>Paris</b>."])
    run_id = ui.chat("What is the capital of France?")["redraft"]["run_id"]
    with ui.client() as client:
        stored = client.get(f"/v1/runs/{run_id}").json()
    # The "checks" profile prices its model: the pages show what the run cost.
    assert stored["cost_usd"] > 0

    page.goto(ui.url("#/runs"))
    table = page.get_by_role("table", name="Runs, newest first")
    rows = table.locator("tbody tr")
    expect(rows).to_have_count(2)
    expect(rows.nth(0)).to_contain_text("What is the capital of France?")
    # The pattern passed; with no judge the question itself is unverified.
    expect(rows.nth(0)).to_contain_text("unverified")
    expect(rows.nth(0).locator("td").nth(2)).to_have_text("service")  # where it came from
    # Dollars as the CLI writes them.
    expect(rows.nth(0).locator("td").nth(8)).to_have_text(dollars(stored["cost_usd"]))
    # The prompt's first line, with the whole prompt as its tooltip.
    expect(rows.nth(1).locator("td").first).to_have_text("An older question (no Paris)")
    expect(rows.nth(1).get_by_role("link")).to_have_attribute("title", older_prompt)
    expect(rows.nth(1)).to_contain_text("not passed")
    expect(rows.nth(1).get_by_role("link")).to_have_attribute("href", f"#/runs/{older}")

    # The filters ask the API for the matching runs only.
    outcome = page.get_by_label("Outcome")
    outcome.select_option("not passed")
    expect(rows).to_have_count(1)
    expect(rows.nth(0)).to_contain_text("An older question")
    outcome.select_option("any outcome")
    expect(rows).to_have_count(2)
    source = page.get_by_label("From")
    source.select_option("redraft command")
    expect(rows).to_have_count(0)
    expect(page.locator("main").get_by_role("status")).to_have_text("No run matches these filters.")
    source.select_option("service")
    expect(rows).to_have_count(2)
    model = page.get_by_label("Model")
    model.fill("scripted:other")
    model.press("Enter")
    expect(rows).to_have_count(0)
    model.fill(stored["model"])
    model.press("Enter")
    expect(rows).to_have_count(2)

    rows.nth(0).get_by_role("link").click()
    expect(page).to_have_url(ui.url(f"#/runs/{run_id}"))
    expect(page.get_by_role("heading", level=1)).to_have_text(f"Run {run_id}")
    facts = page.locator("dl.facts")
    expect(facts).to_contain_text("Attempts2")
    expect(facts).to_contain_text("Fromservice")
    expect(facts).to_contain_text("Outcomeunverified")
    expect(facts).to_contain_text("Stop reasonunverified")
    expect(facts).to_contain_text("Calls2 ·")
    expect(facts).to_contain_text(f"Cost{dollars(stored['cost_usd'])}")
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
    for index, call in enumerate(stored["calls"]):
        expect(calls.locator("tbody tr").nth(index).locator("td").nth(4)).to_have_text(
            dollars(call["cost_usd"])
        )
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


def test_a_failed_run_page_continues_it_and_the_runs_link_both_ways(
    page: Page, ui: UiService, screenshot: Callable[[Page, str], None]
) -> None:
    generator = ui.script(
        ui.GENERATOR,
        [ProviderError("upstream exploded", provider="scripted"), "Recovered: Paris."],
    )
    with ui.client() as client:
        response = client.post(
            "/v1/chat/completions",
            json={"model": "checks", "messages": [{"role": "user", "content": "Capital?"}]},
        )
    assert response.status_code == 502
    failed_id = response.json()["error"]["run_id"]
    context = response.json()["error"]["continue_context"]

    page.goto(ui.url(f"#/runs/{failed_id}"))
    alert = page.get_by_role("alert")
    expect(alert.get_by_role("heading")).to_have_text("The run failed")
    # In words for people; the provider's own message is for operators.
    expect(alert.locator(".error-message")).to_have_text(
        "The model provider answered with an error. Try again; if it keeps failing, "
        "the details below help an operator."
    )
    expect(alert.get_by_text("upstream exploded")).to_be_hidden()
    alert.get_by_text("Details", exact=True).click()
    expect(alert.get_by_text("upstream exploded")).to_be_visible()
    expect(alert.locator(".error-original code")).to_have_text("upstream_error")
    expect(alert).not_to_contain_text("Continue")
    expect(page.locator("dl.facts")).to_contain_text("Outcomefailed")
    # No final answer to show, so no empty box for one.
    expect(page.get_by_role("heading", name="Drafts (0)")).to_be_visible()
    expect(page.locator("section.final-answer")).to_have_count(0)
    expect(page.get_by_role("heading", name="Final answer")).to_have_count(0)
    panel = page.get_by_role("region", name="Continue this run")
    expect(panel).to_contain_text(
        "every message of the run so far (1 message, tool results included when the run "
        "called tools)"
    )
    # The profile that drafts with the run's model is picked.
    expect(panel.get_by_label("Profile")).to_have_value("checks")
    screenshot(page, "failed")
    with page.expect_request("**/v1/chat/completions") as sent:
        panel.get_by_role("button", name="Continue").click()
    body = sent.value.post_data_json
    assert body is not None
    assert body["messages"] == context
    assert body["redraft"] == {"continuation": True, "continues": failed_id}

    # The page opens the new run and follows it to its end.
    heading = page.get_by_role("heading", level=1)
    expect(heading).not_to_have_text(f"Run {failed_id}")
    new_id = page.url.rsplit("#/runs/", 1)[1]
    expect(heading).to_have_text(f"Run {new_id}")
    facts = page.locator("dl.facts")
    expect(facts).to_contain_text("Outcomeunverified")
    expect(facts).to_contain_text(f"Continues{failed_id}")
    expect(page.get_by_role("region", name="Final answer")).to_contain_text("Recovered: Paris.")
    expect(page.get_by_role("region", name="Continue this run")).to_have_count(0)
    assert len(generator.history) == 2

    # Back to the failed run: it names the run that continued it.
    facts.get_by_role("link", name=failed_id).click()
    expect(heading).to_have_text(f"Run {failed_id}")
    expect(facts).to_contain_text(f"Continued by{new_id}")

    page.goto(ui.url("#/runs"))
    rows = page.get_by_role("table", name="Runs, newest first").locator("tbody tr")
    expect(rows).to_have_count(2)
    expect(rows.nth(0)).to_contain_text(f"continues {failed_id}")
    expect(rows.nth(1)).to_contain_text(f"continued by {new_id}")
    expect(rows.nth(0).get_by_role("link", name=failed_id)).to_have_attribute(
        "href", f"#/runs/{failed_id}"
    )
    screenshot(page, "list")
    rows.nth(1).get_by_role("link", name=new_id).click()
    expect(heading).to_have_text(f"Run {new_id}")


async def _as_eval_rows(url: str, runs: dict[Arm, str]) -> None:
    """Make ``runs`` an eval's baseline and loop runs of its first row."""
    store = await Store.open(url)
    try:
        config = EvalConfig(model=GENERATOR, judge_model="none", policy=Policy(), compare=True)
        rows = [DatasetRow(prompt="What is the capital of France?")]
        await store.evals.create(
            tenant="default", name="capitals", config=config, rows=rows, eval_id=EVAL
        )
        for arm, run_id in runs.items():
            await store.evals.add_outcome(
                EVAL,
                EvalOutcome(
                    row=0,
                    row_id="1",
                    arm=arm,
                    run_id=run_id,
                    prompt="What is the capital of France?",
                    passed=None,
                    score=1.0,
                    attempts=1,
                    first_draft_passed=None,
                    first_pass_attempt=None,
                    stop_reason="unverified",
                    input_tokens=1,
                    output_tokens=1,
                    cost_usd=None,
                    final_answer="It is Paris.",
                    duration_s=0.1,
                ),
            )
    finally:
        await store.close()


def test_an_eval_rows_runs_say_which_arm_and_link_to_the_eval(
    page: Page, make_ui: Callable[..., AbstractContextManager[UiService]], tmp_path: Path
) -> None:
    url = f"sqlite:///{tmp_path / 'ui.db'}"
    with make_ui(database_url=url) as ui:
        ui.script(ui.GENERATOR, ["It is Paris.", "It is Paris.", "It is Paris."])
        plain = ui.chat("A question of no eval: Paris?")["redraft"]["run_id"]
        baseline = ui.chat("What is the capital of France?", max_attempts=1)["redraft"]["run_id"]
        loop = ui.chat("What is the capital of France?")["redraft"]["run_id"]
        # Playwright's sync API keeps an event loop running in this thread.
        with ThreadPoolExecutor(1) as pool:
            eval_rows = _as_eval_rows(url, {"baseline": baseline, "loop": loop})
            pool.submit(asyncio.run, eval_rows).result()

        page.goto(ui.url("#/runs"))
        rows = page.get_by_role("table", name="Runs, newest first").locator("tbody tr")
        expect(rows).to_have_count(3)
        sources = [rows.nth(n).locator("td").nth(2) for n in range(3)]
        expect(sources[0]).to_have_text("eval · loop")
        expect(sources[1]).to_have_text("eval · baseline")
        expect(sources[2]).to_have_text("service")
        expect(sources[2].get_by_role("link")).to_have_count(0)
        for cell in sources[:2]:
            expect(cell.get_by_role("link")).to_have_attribute("href", f"#/evals/{EVAL}")
        expect(rows.nth(2).get_by_role("link")).to_have_attribute("href", f"#/runs/{plain}")

        rows.nth(1).locator("td").first.get_by_role("link").click()
        expect(page.get_by_role("heading", level=1)).to_have_text(f"Run {baseline}")
        expect(page.locator("dl.facts")).to_contain_text("Fromeval · baseline, row 1")
        page.locator("dl.facts").get_by_role("link", name="eval · baseline").click()
        expect(page).to_have_url(ui.url(f"#/evals/{EVAL}"))
        expect(page.get_by_role("heading", level=1)).to_contain_text("capitals")
