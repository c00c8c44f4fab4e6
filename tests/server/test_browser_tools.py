"""The Chat page shows the tools a draft called on the server, inline in its
attempt, each with the result the model read."""

from __future__ import annotations

import contextlib
import json
from collections.abc import Callable
from typing import TYPE_CHECKING

from playwright.sync_api import Locator, Page, expect

from redraft import Completion, ToolCall

if TYPE_CHECKING:
    from _browser import UiService

# The browser, page, screenshot and ui fixtures.
pytest_plugins = ["_browser"]


def _add(call_id: str, a: int, b: int) -> Completion:
    call = ToolCall(id=call_id, name="add", arguments=json.dumps({"a": a, "b": b}))
    return Completion(text="", tool_calls=[call])


def test_tool_calls_and_results_show_inline_in_the_attempt(
    page: Page,
    make_ui: Callable[..., contextlib.AbstractContextManager[UiService]],
    screenshot: Callable[[Page, str], None],
) -> None:
    with make_ui(mcp=True) as ui:
        ui.script(ui.GENERATOR, [_add("call_1", 2, 3), _add("call_2", 5, 7), "It is 12."])
        page.goto(ui.url("#/chat"))
        page.get_by_label("Model").select_option("tools")
        box = page.get_by_label("Message")
        box.fill("What is (2 + 3) + 7?")
        box.press("Enter")

        attempt = page.locator("li.msg.assistant").get_by_role("region", name="Attempt 1")
        calls = attempt.get_by_role("list", name="Tool calls of attempt 1").get_by_role("listitem")
        expect(calls).to_have_count(2)
        expect(calls.nth(0)).to_contain_text('add({"a": 2, "b": 3})')
        expect(calls.nth(0).locator(".tool-call-result")).to_have_text("5")
        expect(calls.nth(1).locator(".tool-call-result")).to_have_text("12")
        expect(attempt).to_contain_text("It is 12.")
        expect(attempt.get_by_role("heading")).to_contain_text("passed")
        screenshot(page, "tools")


def test_a_failed_run_page_lists_its_tool_calls_and_continues_with_its_profile(
    page: Page,
    make_ui: Callable[..., contextlib.AbstractContextManager[UiService]],
    screenshot: Callable[[Page, str], None],
) -> None:
    with make_ui(mcp=True) as ui:
        # One tool round allowed, two asked for: the run fails at the limit.
        ui.script(ui.GENERATOR, [_add("call_1", 2, 3), _add("call_2", 5, 7)])
        with ui.client() as client:
            response = client.post(
                "/v1/chat/completions",
                json={
                    "model": "tools",
                    "messages": [{"role": "user", "content": "What is (2 + 3) + 7?"}],
                    "redraft": {"max_tool_iterations": 1},
                },
            )
        assert response.status_code == 422, response.text
        failed_id = response.json()["error"]["run_id"]

        page.goto(ui.url(f"#/runs/{failed_id}"))
        panel = page.get_by_role("region", name="Continue this run")
        calls = panel.get_by_role("list", name="Tool calls so far").get_by_role("listitem")
        expect(calls).to_have_count(1)
        expect(calls.nth(0)).to_contain_text('add({"a": 2, "b": 3})')
        expect(calls.nth(0).locator(".tool-call-result")).to_have_text("5")
        # The run's own profile, though "checks" drafts with the same model.
        expect(panel.get_by_label("Profile")).to_have_value("tools")
        _says_the_tool_limit_in_words_for_people(page.locator(".run-error"))
        screenshot(page, "continue")


TOOL_LIMIT = (
    "The model was still calling tools when it reached the limit of tool rounds. "
    "Continue lets it carry on from here."
)


def _says_the_tool_limit_in_words_for_people(alert: Locator) -> None:
    """The sentence for people, and the API's own message (which names the
    option and tells a client to resubmit) only under a closed "Details"."""
    expect(alert.locator(".error-message")).to_have_text(TOOL_LIMIT)
    details = alert.locator("details.error-details")
    original = details.locator(".error-original")
    expect(original).to_be_hidden()
    outside = alert.evaluate(
        "el => { const c = el.cloneNode(true);"
        " c.querySelectorAll('details').forEach((d) => d.remove()); return c.textContent; }"
    )
    for jargon in ("resubmit", "redraft.continuation", "max_tool_iterations", "max_iterations"):
        assert jargon not in outside, outside
    details.get_by_text("Details", exact=True).click()
    expect(original).to_be_visible()
    expect(original).to_contain_text("max_iterations")
    expect(original).to_contain_text("max_tool_iterations")


def test_a_chat_at_the_tool_round_limit_says_so_in_words_for_people(
    page: Page, make_ui: Callable[..., contextlib.AbstractContextManager[UiService]]
) -> None:
    with make_ui(mcp=True) as ui:
        # The profile allows five tool rounds; the drafts ask for a sixth.
        ui.script(ui.GENERATOR, [_add(f"call_{n}", n, 1) for n in range(6)])
        page.goto(ui.url("#/chat"))
        page.get_by_label("Model").select_option("tools")
        box = page.get_by_label("Message")
        box.fill("Count up, one tool call at a time.")
        box.press("Enter")
        answer = page.locator("li.msg.assistant")
        expect(answer.get_by_role("heading", name="The run failed")).to_be_visible()
        _says_the_tool_limit_in_words_for_people(answer.locator(".run-error"))
        expect(answer.get_by_role("button", name="Continue")).to_be_visible()
