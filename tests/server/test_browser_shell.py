"""What every page shares, in Chromium: API keys, the unreachable-server
banner, phone-width layout and keyboard-only use."""

from __future__ import annotations

from collections.abc import Callable
from contextlib import AbstractContextManager
from typing import TYPE_CHECKING

from playwright.sync_api import Locator, Page, ViewportSize, expect

if TYPE_CHECKING:
    from _browser import UiService

# The browser, page, ui and make_ui fixtures.
pytest_plugins = ["_browser"]

MakeUi = Callable[..., AbstractContextManager["UiService"]]

PHONE: ViewportSize = {"width": 390, "height": 844}


def _no_sideways_scroll(page: Page) -> None:
    overflow = page.evaluate(
        "() => document.documentElement.scrollWidth - document.documentElement.clientWidth"
    )
    assert overflow <= 0, f"the page scrolls sideways by {overflow}px"


def test_api_key_prompt_then_every_page_works_with_the_key(page: Page, make_ui: MakeUi) -> None:
    with make_ui(key="s3cret-key") as ui:
        ui.script(ui.GENERATOR, ["Paris."])
        ui.chat("Keyed question about Paris")
        with ui.client() as client:
            created = client.post(
                "/v1/sessions",
                json={
                    "subject": {"text": "Keyed subject"},
                    "panel": [
                        {
                            "type": "check",
                            "rules": [{"pattern": "Keyed", "points": 1, "description": "Keyed"}],
                        }
                    ],
                },
            )
            assert created.status_code == 201, created.text
            client.post("/v1/evaluate/start", json={"session_id": created.json()["session_id"]})

        page.goto(ui.url("#/runs"))
        prompt = page.get_by_role("alert").filter(has_text="above and save it")
        expect(prompt).to_contain_text("This server needs an API key")
        key = page.get_by_label("API key")
        key.fill("wrong")
        page.get_by_role("button", name="Save key").click()
        expect(prompt).to_contain_text("refused this API key")

        key.fill("s3cret-key")
        key.press("Enter")
        expect(prompt).to_be_hidden()
        expect(page.get_by_role("table")).to_contain_text("Keyed question about Paris")

        # Kept in the browser: a reload needs no typing, and streams carry it too.
        page.goto(ui.url("#/sessions/1"))
        page.reload()
        expect(page.get_by_label("API key")).to_have_value("s3cret-key")
        expect(page.locator("article.card")).to_contain_text("Keyed")
        expect(page.get_by_text("● Live")).to_be_visible()
        page.goto(ui.url("#/chat"))
        expect(page.get_by_label("Model")).to_contain_text("judged")

        page.get_by_role("button", name="Forget").click()
        expect(prompt).to_contain_text("This server needs an API key")
        assert page.evaluate("localStorage.getItem('redraft.apiKey')") is None


def test_unreachable_server_banner_appears_and_clears(page: Page, make_ui: MakeUi) -> None:
    with make_ui() as ui:
        page.goto(ui.url("#/runs"))
        expect(page.get_by_text("No runs yet.")).to_be_visible()
        banner = page.get_by_role("alert").filter(has_text="Cannot reach")
        expect(banner).to_be_hidden()

        page.route("**/v1/**", lambda route: route.abort("connectionrefused"))
        page.reload()
        expect(banner).to_contain_text(f"Cannot reach the redraft server at {ui.base_url}.")
        expect(page.get_by_text("Could not load the runs")).to_be_visible()

        page.unroute("**/v1/**")
        banner.get_by_role("button", name="Try again").click()
        expect(banner).to_be_hidden()
        expect(page.get_by_text("No runs yet.")).to_be_visible()
    # The server is gone for real now: the next page cannot load its data.
    page.get_by_role("link", name="Sessions", exact=True).click()
    expect(banner).to_contain_text(f"Cannot reach the redraft server at {ui.base_url}.")
    expect(page.get_by_text("Could not load the sessions")).to_be_visible()


def test_pages_fit_a_phone(page: Page, ui: UiService) -> None:
    page.set_viewport_size(PHONE)
    ui.script(ui.GENERATOR, ["A long answer " * 30])
    ui.script(ui.JUDGE, [ui.verdict(9, True, "fine")])
    page.goto(ui.url("#/lab"))
    page.get_by_label("Model").select_option("judged")
    page.get_by_label("Instruction").fill("Explain")
    page.get_by_role("button", name="Generate").click()
    chart = page.get_by_role("img", name="Score per iteration")
    expect(chart).to_be_visible()
    box = chart.bounding_box()
    assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= PHONE["width"]
    _no_sideways_scroll(page)

    for route, landmark in [
        ("#/chat", page.get_by_label("Message")),
        ("#/sessions", page.get_by_role("button", name="Create session")),
        ("#/runs", page.get_by_role("table")),
    ]:
        page.goto(ui.url(route))
        expect(landmark).to_be_visible()
        for name in ("Chat", "Lab", "Sessions", "Runs"):
            expect(page.get_by_role("link", name=name, exact=True)).to_be_in_viewport()
        _no_sideways_scroll(page)

    page.get_by_role("table").get_by_role("link").click()
    expect(page.get_by_role("heading", name="Drafts (1)")).to_be_visible()
    _no_sideways_scroll(page)


def _tab_to(page: Page, target: Locator, limit: int = 40) -> None:
    """Press Tab until ``target`` has focus: it must be reachable by keyboard."""
    for _ in range(limit):
        page.keyboard.press("Tab")
        if target.evaluate("el => el === document.activeElement"):
            return
    raise AssertionError(f"{target} cannot be reached with Tab")


def test_lab_flow_by_keyboard_only(page: Page, ui: UiService) -> None:
    ui.script(ui.GENERATOR, ["Typed answer."])
    judge = ui.script(ui.JUDGE, [ui.verdict(9, True, "meets everything")])
    page.goto(ui.url("#/chat"))
    expect(page.get_by_label("Model")).to_contain_text("judged")

    page.keyboard.press("Tab")
    skip = page.get_by_role("link", name="Skip to content")
    expect(skip).to_be_focused()
    lab = page.get_by_role("link", name="Lab", exact=True)
    _tab_to(page, lab)
    # The focus ring is visible, not just present.
    assert lab.evaluate("el => getComputedStyle(el).outlineStyle") == "solid"
    page.keyboard.press("Enter")
    expect(page.get_by_role("heading", level=1)).to_have_text("Lab")

    model = page.get_by_label("Model")
    expect(model).to_contain_text("judged")
    _tab_to(page, model)
    page.keyboard.press("ArrowDown")  # checks → judged
    expect(model).to_have_value("judged")
    _tab_to(page, page.get_by_label("Instruction"))
    page.keyboard.type("Say it by keyboard")
    _tab_to(page, page.get_by_label("Evaluation criteria"))
    page.keyboard.type("short")
    generate = page.get_by_role("button", name="Generate")
    _tab_to(page, generate)
    page.keyboard.press("Enter")

    final = page.get_by_role("region", name="Final answer")
    expect(final).to_contain_text("Typed answer.")
    expect(final).to_contain_text("Succeeded")
    open_run = final.get_by_role("link", name="Open run")
    _tab_to(page, open_run)
    page.keyboard.press("Enter")
    expect(page.get_by_role("article", name="Draft 1")).to_contain_text("Typed answer.")
    assert "short" in " ".join(m.text for m in judge.history[0].messages)
