"""The Chat page in Chromium: streaming, each attempt with its own verdict and
the feedback between attempts, one calls panel, Continue after a failure
(linked to the run it continues), and model output shown only as text."""

from __future__ import annotations

import asyncio
import threading
from collections.abc import Callable
from typing import TYPE_CHECKING

import pytest
from playwright.sync_api import Page, expect

from redraft import ModelRequest, ProviderError
from redraft.providers import FunctionModel
from redraft.providers._openai import OpenAIProvider
from redraft.providers._prices import dollars
from redraft.testing import FakeOpenAIServer

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


def test_each_attempt_shows_its_verdict_beside_it_and_the_feedback_between(
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
    feedback = answer.get_by_role("note", name="Feedback for attempt 2")
    try:
        expect(first).to_contain_text("It is Lyon.")
        # The first verdict sits in the first attempt's own heading and text.
        expect(first.get_by_role("heading")).to_contain_text("not passed")
        expect(first.get_by_role("heading")).to_contain_text("score 0.30")
        expect(first).to_contain_text("Verdict: criteria-judge: Names Lyon, which is wrong")
        expect(first).not_to_contain_text("drafting…")
        # What the judge said came back as the feedback the second draft was written from.
        expect(feedback).to_contain_text("Feedback that produced attempt 2")
        expect(feedback).to_contain_text("Name Paris")
        # The second draft is on screen while its verdict is still being made.
        expect(second).to_contain_text("It is Paris, on the Seine.")
        expect(second).to_contain_text("judging…")
        expect(answer.get_by_role("status")).to_contain_text("Attempt 2: judging…")
        expect(answer).to_have_attribute("aria-busy", "true")
        expect(second.get_by_role("heading")).to_have_text("Attempt 2")
    finally:
        gate.set()

    # The verdict replaces "judging…", beside its draft.
    expect(second.get_by_role("heading")).to_contain_text("passed")
    expect(second.get_by_role("heading")).to_contain_text("score 0.90")
    expect(second.get_by_role("heading")).to_contain_text("final answer")
    expect(second).to_contain_text("Verdict: criteria-judge: Correct and specific")
    expect(second).not_to_contain_text("judging…")
    expect(first.get_by_role("heading")).to_contain_text("rejected")
    expect(second.get_by_role("heading")).not_to_contain_text("rejected")
    expect(answer.get_by_role("status")).to_contain_text("Passed after 2 attempts · stop")
    # Attempt 1, the feedback, attempt 2: in that order, nothing at the bottom.
    shown = answer.locator(".attempts > :not([hidden])")
    expect(shown).to_have_count(3)
    for index, label in enumerate(["Attempt 1", "Feedback for attempt 2", "Attempt 2"]):
        expect(shown.nth(index)).to_have_attribute("aria-label", label)
    expect(answer.get_by_role("list", name="Evaluations")).to_have_count(0)

    # One calls table, named once on screen.
    summary = answer.locator("summary")
    expect(summary).to_have_count(1)
    expect(summary).to_contain_text("LLM calls (4)")
    # Its cost comes from the run's stored result (scripted models are free).
    expect(summary).to_contain_text(" tokens · $0 · ")
    summary.click()
    table = answer.get_by_role("table", name="LLM calls (4)")
    expect(answer.get_by_role("table")).to_have_count(1)
    caption = table.locator("caption").bounding_box()
    assert caption is not None and caption["width"] <= 1  # not a second title on screen
    body_rows = table.locator("tbody tr")
    expect(body_rows).to_have_count(4)
    for index, kind in enumerate(["draft", "judge", "draft", "judge"]):
        expect(body_rows.nth(index).locator("td").first).to_have_text(kind)
    expect(body_rows.nth(1)).to_contain_text("ui-judge")
    expect(body_rows.nth(0)).to_contain_text(" in / ")
    expect(body_rows.nth(0)).to_contain_text("ms")
    expect(body_rows.nth(0).locator("td").nth(4)).to_have_text("$0")
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


def test_continue_after_a_failed_run_resubmits_the_context_and_links_the_runs(
    page: Page, ui: UiService, screenshot: Callable[[Page, str], None]
) -> None:
    generator = ui.script(
        ui.GENERATOR,
        [ProviderError("upstream exploded", provider="scripted"), "Recovered: Paris."],
    )
    _ask(page, ui, "checks", "Capital of France?")

    failed = page.locator("li.msg.assistant").first
    alert = failed.get_by_role("alert")
    expect(alert.get_by_role("heading")).to_have_text("The run failed")
    # In words for people; the provider's own message under a closed "Details".
    expect(alert.locator(".error-message")).to_contain_text("The model provider answered with")
    expect(alert.get_by_text("upstream exploded")).to_be_hidden()
    expect(alert).to_contain_text("upstream exploded")
    # The error and the Continue explanation are apart: each in its own place.
    expect(alert).not_to_contain_text("Continue")
    panel = failed.get_by_role("region", name="Continue this run")
    expect(panel).to_contain_text(
        "every message of the run so far (1 message, tool results included when the run "
        "called tools)"
    )
    expect(panel).not_to_contain_text("upstream exploded")
    continue_button = panel.get_by_role("button", name="Continue")
    # Focus moves to Continue, so a keyboard user can resume with Enter.
    expect(continue_button).to_be_focused()
    summary = failed.locator("details.transparency summary")
    expect(summary).to_have_count(1)
    summary.click()
    expect(failed.get_by_role("table")).to_have_count(1)
    expect(failed.get_by_role("table")).to_contain_text("upstream exploded")
    continue_button.click()
    expect(continue_button).to_be_disabled()

    resumed = page.locator("li.msg.assistant").nth(1)
    expect(resumed).to_contain_text("Recovered: Paris.")
    # The checks-only profile: the pattern passed, the question is unverified.
    expect(resumed.get_by_role("region", name="Attempt 1")).to_contain_text("unverified")
    assert len(generator.history) == 2
    resent = [m.text for m in generator.history[1].messages if m.role == "user"]
    assert resent == ["Capital of France?"]

    # The two runs link to each other, on the page and in the store.
    with ui.client() as client:
        runs = client.get("/v1/runs").json()["data"]
    new_id, old_id = runs[0]["id"], runs[1]["id"]
    assert runs[0]["continues"] == old_id and runs[1]["continued_by"] == [new_id]
    # The "checks" profile prices its model: each answer's calls say what they cost.
    assert runs[0]["cost_usd"] > 0
    expect(resumed.locator("summary")).to_contain_text(f" · {dollars(runs[0]['cost_usd'])} · ")
    expect(summary).to_contain_text(f" · {dollars(runs[1]['cost_usd'])}")
    expect(resumed.get_by_role("link", name=old_id)).to_have_attribute("href", f"#/runs/{old_id}")
    expect(resumed).to_contain_text(f"Continues run {old_id}")
    expect(panel).to_contain_text(f"Continued by run {new_id}")
    screenshot(page, "continued")
    panel.get_by_role("link", name=new_id).click()
    expect(page).to_have_url(ui.url(f"#/runs/{new_id}"))
    expect(page.locator("dl.facts")).to_contain_text(f"Continues{old_id}")


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


@pytest.mark.real_calls
def test_an_instant_answer_is_shown_once_and_sent_back_exactly_as_shown(
    page: Page, ui: UiService
) -> None:
    """The chat stream's pieces and the run's own ``draft_completed`` both carry
    a draft's text and arrive in either order; an upstream that answers at once
    makes them race on every turn. Each answer must be shown once, and the next
    turn must send the model exactly what was shown."""
    with FakeOpenAIServer(model="instant") as upstream:
        ui.use(
            ui.GENERATOR,
            OpenAIProvider("instant", base_url=upstream.base_url, api_key="sk-test", max_retries=0),
        )
        page.goto(ui.url("#/chat"))
        page.get_by_label("Model").select_option("checks")
        box = page.get_by_label("Message")
        shown: list[str] = []
        for turn in range(50):
            expected = (
                f"Turn {turn}: Paris is the capital of France, on the Seine, with about "
                "two million people in the city and twelve million around it."
            )
            attempts = 2 if turn % 4 == 3 else 1
            if attempts == 2:
                # A rejected first draft (no "Paris"): the answer is attempt 2's.
                upstream.add(f"Turn {turn}: it is Lyon, I think, on the Rhone.")
            upstream.add(expected)
            first_request = len(upstream.requests)
            box.fill(f"Question {turn}: what is the capital of France?")
            box.press("Enter")
            answer = page.locator("li.msg.assistant").nth(turn)
            expect(answer).to_have_attribute("aria-busy", "false")
            expect(answer.get_by_role("status")).to_contain_text(
                f"after {attempts} attempt{'s' if attempts > 1 else ''} · stop"
            )
            text = answer.locator("section.attempt.final p.text").text_content()
            assert text == expected, f"turn {turn} shows {text!r}"
            shown.append(text)
            if turn:
                sent = upstream.requests[first_request]["body"]["messages"]
                assistant = [m["content"] for m in sent if m["role"] == "assistant"]
                # The whole conversation goes back, each answer exactly as shown.
                assert assistant == shown[:-1], f"turn {turn} sent {assistant[-1]!r}"
        # Nothing changed a shown answer after its turn ended.
        finals = page.locator("li.msg.assistant section.attempt.final p.text")
        assert finals.all_text_contents() == shown
