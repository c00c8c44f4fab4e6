"""The Chat page tells what the run is doing while it does it: "drafting…",
then "judging…", read from the run's own event stream (so even when the chat
stream carries only the accepted draft), until the verdict replaces them; and
the delivery chosen on the page rides with the request."""

from __future__ import annotations

import asyncio
import threading
from collections.abc import Callable
from typing import TYPE_CHECKING

from playwright.sync_api import Page, expect

from redraft import ModelRequest
from redraft.providers import FunctionModel

if TYPE_CHECKING:
    from _browser import UiService

# The browser, page, screenshot and ui fixtures.
pytest_plugins = ["_browser"]


def _options(page: Page, ui: UiService, model: str) -> None:
    page.goto(ui.url("#/chat"))
    page.get_by_label("Model").select_option(model)
    page.locator("summary", has_text="Redraft options").click()


def _send(page: Page, prompt: str) -> None:
    box = page.get_by_label("Message")
    box.fill(prompt)
    box.press("Enter")


def test_drafting_then_judging_then_the_verdict_from_the_runs_own_events(
    page: Page, ui: UiService, screenshot: Callable[[Page, str], None]
) -> None:
    drafted = threading.Event()
    judged = threading.Event()

    async def held_draft(request: ModelRequest) -> str:
        await asyncio.to_thread(drafted.wait, 30)
        return "It is Paris."

    async def held_judge(request: ModelRequest) -> str:
        await asyncio.to_thread(judged.wait, 30)
        return ui.verdict(9, True, "Names Paris")

    ui.use(ui.GENERATOR, FunctionModel(held_draft, model="held"))
    ui.use(ui.JUDGE, FunctionModel(held_judge, model="ui-judge"))
    _options(page, ui, "judged")
    # The chat stream then sends nothing until the run is over: every live
    # state below can only come from the run's event stream.
    page.get_by_label("Stream").select_option("final")
    _send(page, "What is the capital of France?")

    answer = page.locator("li.msg.assistant")
    attempt = answer.get_by_role("region", name="Attempt 1")
    status = answer.get_by_role("status")
    try:
        expect(attempt).to_contain_text("drafting…")
        expect(status).to_have_text("Attempt 1: drafting…")
        expect(attempt).not_to_contain_text("judging…")
        screenshot(page, "drafting")
        drafted.set()
        # The draft is written (draft_completed carries it) and is being judged.
        expect(attempt).to_contain_text("It is Paris.")
        expect(attempt).to_contain_text("judging…")
        expect(attempt).not_to_contain_text("drafting…")
        expect(status).to_have_text("Attempt 1: judging…")
        expect(attempt.get_by_role("heading")).to_have_text("Attempt 1")
        expect(answer).to_have_attribute("aria-busy", "true")
        screenshot(page, "judging")
    finally:
        drafted.set()
        judged.set()

    expect(attempt.get_by_role("heading")).to_contain_text("passed")
    expect(attempt.get_by_role("heading")).to_contain_text("final answer")
    expect(attempt).to_contain_text("Verdict: criteria-judge: Names Paris")
    expect(attempt).not_to_contain_text("judging…")
    expect(status).to_contain_text("Passed after 1 attempt · stop")
    expect(answer).to_have_attribute("aria-busy", "false")


def test_the_delivery_chosen_on_the_page_rides_with_the_request(
    page: Page, ui: UiService, screenshot: Callable[[Page, str], None]
) -> None:
    ui.script(ui.GENERATOR, ["It is Lyon."])
    gate = threading.Event()

    async def held_judge(request: ModelRequest) -> str:
        await asyncio.to_thread(gate.wait, 30)
        return ui.verdict(3, False, "Names Lyon", "Name Paris")

    ui.use(ui.JUDGE, FunctionModel(held_judge, model="ui-judge"))
    _options(page, ui, "judged")
    expect(page.get_by_label("Delivery")).to_have_value("")  # the profile's, unless chosen
    page.get_by_label("Delivery").select_option("shadow")
    with page.expect_request("**/v1/chat/completions") as sent:
        _send(page, "What is the capital of France?")
    body = sent.value.post_data_json
    assert body is not None
    assert body["redraft"]["delivery"] == "shadow"
    assert "continues" not in body["redraft"]

    answer = page.locator("li.msg.assistant")
    attempt = answer.get_by_role("region", name="Attempt 1")
    try:
        # Shadow: answered with the first draft before any verdict...
        expect(attempt).to_contain_text("It is Lyon.")
        expect(answer.get_by_role("status")).to_contain_text("Answered at once (shadow delivery)")
        expect(attempt).to_contain_text("judging…")
        expect(attempt.get_by_role("heading")).to_have_text("Attempt 1")
        screenshot(page, "answered")
    finally:
        gate.set()
    # ...and the verdict arrives on the run's stream afterwards, beside the draft.
    expect(attempt.get_by_role("heading")).to_contain_text("not passed")
    expect(attempt).to_contain_text("Verdict: criteria-judge: Names Lyon")
    expect(attempt).not_to_contain_text("judging…")
    expect(answer.get_by_role("status")).to_contain_text("Did not pass after 1 attempt · stop")

    with ui.client() as client:
        run = client.get("/v1/runs").json()["data"][0]
        assert client.get(f"/v1/runs/{run['id']}").json()["policy"]["delivery"] == "shadow"
