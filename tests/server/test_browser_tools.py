"""The Chat page shows the tools a draft called on the server, inline in its
attempt, each with the result the model read."""

from __future__ import annotations

import contextlib
import json
from collections.abc import Callable
from typing import TYPE_CHECKING

from playwright.sync_api import Page, expect

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
        screenshot(page, "continue")
