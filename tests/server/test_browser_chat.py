"""The Chat page in Chromium: streaming, per-attempt evaluations, the calls
panel, Continue after a failure, and model output shown only as text."""

from __future__ import annotations

import asyncio
import threading
from typing import TYPE_CHECKING

from playwright.sync_api import Page, expect

from redraft import ModelRequest, ProviderError
from redraft.providers import FunctionModel

if TYPE_CHECKING:
    from _browser import UiService

# The browser, page and ui fixtures.
pytest_plugins = ["_browser"]


def _ask(page: Page, ui: UiService, model: str, prompt: str) -> None:
    page.goto(ui.url("#/chat"))
    page.get_by_label("Model").select_option(model)
    box = page.get_by_label("Message")
    box.fill(prompt)
    box.press("Enter")


def test_answer_streams_then_shows_evaluations_per_attempt_and_every_call(
    page: Page, ui: UiService
) -> None:
    ui.script(ui.GENERATOR, ["It is Lyon.", "It is Paris, on the Seine."])
    gate = threading.Event()
    verdicts = iter(
        [
            ui.verdict(3, False, "Names Lyon, which is wrong", "Name Paris"),
            ui.verdict(9, True, "Correct and specific"),
        ]
    )

    async def judge(request: ModelRequest) -> str:
        verdict = next(verdicts)
        if "Correct" in verdict:
            # Hold the second verdict: the page must already show the streamed draft.
            await asyncio.to_thread(gate.wait, 30)
        return verdict

    ui.use(ui.JUDGE, FunctionModel(judge, model="ui-judge"))
    _ask(page, ui, "judged", "What is the capital of France?")

    answer = page.locator("li.msg.assistant")
    first = answer.get_by_role("region", name="Attempt 1")
    second = answer.get_by_role("region", name="Attempt 2")
    try:
        expect(first).to_contain_text("It is Lyon.")
        expect(first).to_contain_text("not passed")
        expect(first).to_contain_text("Names Lyon, which is wrong")
        # The second draft is on screen while its verdict is still being made.
        expect(second).to_contain_text("It is Paris, on the Seine.")
        expect(answer.get_by_role("status")).to_contain_text("Attempt 2: writing, then judging")
        expect(answer).to_have_attribute("aria-busy", "true")
        expect(answer.get_by_role("list", name="Evaluations")).to_have_count(0)
    finally:
        gate.set()

    evaluations = answer.get_by_role("list", name="Evaluations")
    rows = evaluations.get_by_role("listitem")
    expect(rows).to_have_count(2)
    expect(rows.nth(0)).to_contain_text("Attempt 1:")
    expect(rows.nth(0)).to_contain_text("not passed")
    expect(rows.nth(0)).to_contain_text("score 0.30")
    expect(rows.nth(1)).to_contain_text("passed")
    expect(rows.nth(1)).to_contain_text("score 0.90")
    expect(rows.nth(1)).to_contain_text("Correct and specific")
    expect(second).to_contain_text("final answer")
    expect(answer.get_by_role("status")).to_contain_text("Passed after 2 attempt(s)")

    answer.locator("summary", has_text="LLM calls (4)").click()
    table = answer.get_by_role("table", name="LLM calls (4)")
    body_rows = table.locator("tbody tr")
    expect(body_rows).to_have_count(4)
    for index, kind in enumerate(["draft", "judge", "draft", "judge"]):
        expect(body_rows.nth(index).locator("td").first).to_have_text(kind)
    expect(body_rows.nth(1)).to_contain_text("ui-judge")
    expect(body_rows.nth(0)).to_contain_text(" in / ")
    expect(body_rows.nth(0)).to_contain_text("ms")
    expect(table.get_by_text("ok", exact=True)).to_have_count(4)

    # The conversation carries on: the next request includes the accepted answer.
    generator = ui.script(ui.GENERATOR, ["Paris has about two million people."])
    ui.use(ui.JUDGE, FunctionModel(lambda _: ui.verdict(9, True, "fine"), model="ui-judge"))
    box = page.get_by_label("Message")
    box.fill("And its population?")
    box.press("Enter")
    expect(page.locator("li.msg.assistant").nth(1)).to_contain_text(
        "Paris has about two million people."
    )
    sent = generator.history[-1].messages
    assert [m.role for m in sent if m.role != "system"][-3:] == ["user", "assistant", "user"]
    assert any(m.role == "assistant" and m.text == "It is Paris, on the Seine." for m in sent)


def test_continue_after_a_failed_run_resubmits_the_context(page: Page, ui: UiService) -> None:
    generator = ui.script(
        ui.GENERATOR,
        [ProviderError("upstream exploded", provider="scripted"), "Recovered: Paris."],
    )
    _ask(page, ui, "checks", "Capital of France?")

    failed = page.locator("li.msg.assistant").first
    alert = failed.get_by_role("alert")
    expect(alert).to_contain_text("The run failed")
    expect(alert).to_contain_text("upstream exploded")
    continue_button = failed.get_by_role("button", name="Continue")
    # Focus moves to Continue, so a keyboard user can resume with Enter.
    expect(continue_button).to_be_focused()
    failed.locator("summary", has_text="LLM calls (1)").click()
    expect(failed.get_by_role("table")).to_contain_text("upstream exploded")
    continue_button.click()
    expect(continue_button).to_be_disabled()

    resumed = page.locator("li.msg.assistant").nth(1)
    expect(resumed).to_contain_text("Recovered: Paris.")
    # The checks-only profile: the pattern passed, the question is unverified.
    expect(resumed.get_by_role("list", name="Evaluations")).to_contain_text("unverified")
    assert len(generator.history) == 2
    resent = [m.text for m in generator.history[1].messages if m.role == "user"]
    assert resent == ["Capital of France?"]


def test_model_output_is_shown_as_text_never_as_markup(page: Page, ui: UiService) -> None:
    hostile = '<img src=x onerror="window.__pwned=1"><script>window.__pwned=2</script> Paris'
    ui.script(ui.GENERATOR, [hostile])
    _ask(page, ui, "checks", "Say something dangerous")

    answer = page.locator("li.msg.assistant")
    expect(answer.get_by_role("region", name="Attempt 1")).to_contain_text(hostile)
    expect(answer.locator("img")).to_have_count(0)
    expect(answer.locator("script")).to_have_count(0)
    assert page.evaluate("window.__pwned") is None


def test_unknown_model_error_is_shown_without_continue(page: Page, ui: UiService) -> None:
    page.goto(ui.url("#/chat"))
    expect(page.get_by_label("Model")).to_contain_text("checks")
    # A profile removed after the page loaded: the server answers 404.
    page.evaluate(
        """() => {
        const select = document.getElementById('chat-model');
        select.append(new Option('gone', 'gone'));
        select.value = 'gone';
    }"""
    )
    box = page.get_by_label("Message")
    box.fill("Hello?")
    box.press("Enter")
    answer = page.locator("li.msg.assistant")
    expect(answer.get_by_role("alert")).to_contain_text("gone")
    expect(answer.get_by_role("button", name="Continue")).to_have_count(0)
