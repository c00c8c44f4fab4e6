"""The Lab page in Chromium: the form, the iteration history, the
score chart with its threshold line and the highlighted final answer, each
iteration drawn as soon as it is judged."""

from __future__ import annotations

import asyncio
import threading
from collections.abc import Callable
from typing import TYPE_CHECKING

from playwright.sync_api import Page, expect

from redraft import ModelRequest, ProviderError
from redraft.providers import FunctionModel

if TYPE_CHECKING:
    from _browser import UiService

# The browser, page and ui fixtures.
pytest_plugins = ["_browser"]


def test_lab_shows_history_chart_and_best_answer_on_exhaustion(page: Page, ui: UiService) -> None:
    ui.script(ui.GENERATOR, ["answer A", "answer B", "answer C"])
    judge = ui.script(
        ui.JUDGE,
        [
            ui.verdict(5, False, "weak", "add an example"),
            ui.verdict(7, False, "better", "add a source"),
            ui.verdict(6, False, "worse", "tighten"),
        ],
    )
    page.goto(ui.url("#/lab"))
    page.get_by_label("Model").select_option("judged")
    page.get_by_label("Instruction").fill("Explain quantum computing")
    page.get_by_label("Response format").fill("three paragraphs")
    page.get_by_label("Evaluation criteria").fill("uses analogies")
    page.get_by_label("Max iterations").fill("3")
    page.get_by_label("Score threshold").fill("0.85")
    page.get_by_role("button", name="Generate").click()

    final = page.get_by_role("region", name="Final answer")
    expect(final).to_contain_text("answer B")
    expect(final).to_contain_text("Threshold not reached")
    expect(final).to_contain_text("Score 0.70 · iteration 2 (failed; up to 3)")
    expect(final.get_by_role("link", name="Open run")).to_have_attribute("href", _run_href(page))

    history = page.get_by_role("list", name="Iteration history")
    iterations = history.get_by_role("article")
    expect(iterations).to_have_count(3)
    expect(iterations.nth(0)).to_contain_text("answer A")
    expect(iterations.nth(0).get_by_role("heading", level=3)).to_contain_text(
        "Iteration 1 (failed; up to 3)"
    )
    expect(iterations.nth(0)).to_contain_text("does not meet criteria")
    expect(iterations.nth(0)).to_contain_text("score 0.50")
    expect(iterations.nth(0)).to_contain_text("weak")
    expect(iterations.nth(0).get_by_role("listitem")).to_have_text(["add an example"])
    expect(iterations.nth(1)).to_contain_text("final answer")
    expect(iterations.nth(1)).to_have_class("iteration final")
    expect(iterations.nth(2)).not_to_contain_text("final answer")

    chart = page.get_by_role("img", name="Score per iteration")
    expect(chart).to_be_visible()
    points = chart.locator("polyline").get_attribute("points") or ""
    assert len(points.split()) == 3
    ys = [float(pair.split(",")[1]) for pair in points.split()]
    assert ys[1] < ys[2] < ys[0]  # 0.7 above 0.6 above 0.5 (SVG y grows downwards)
    threshold = chart.locator("g.threshold line")
    expect(threshold).to_have_attribute("stroke-dasharray", "6 4")
    threshold_y = float(threshold.get_attribute("y1") or "nan")
    assert threshold_y < min(ys)  # 0.85 is above every score
    expect(chart.get_by_text("threshold 0.85", exact=True)).to_be_visible()
    expect(chart.get_by_text("Iteration", exact=True)).to_be_visible()
    expect(chart.get_by_text("Score", exact=True)).to_be_visible()
    expect(chart.locator("circle.final-point")).to_have_count(1)
    # The judge saw the criteria the form sent.
    assert "uses analogies" in " ".join(m.text for m in judge.history[0].messages)


def _run_href(page: Page) -> str:
    runs = page.evaluate("async () => (await (await fetch('/v1/runs')).json()).data")
    return f"#/runs/{runs[0]['id']}"


def test_lab_success_and_validation_errors(page: Page, ui: UiService) -> None:
    ui.script(ui.GENERATOR, ["A crisp answer."])
    ui.script(ui.JUDGE, [ui.verdict(9, True, "meets everything")])
    page.goto(ui.url("#/lab"))
    page.get_by_label("Model").select_option("judged")
    page.get_by_label("Instruction").fill("Say it crisply")
    page.get_by_role("button", name="Generate").click()
    final = page.get_by_role("region", name="Final answer")
    expect(final).to_contain_text("A crisp answer.")
    expect(final).to_contain_text("Succeeded")
    expect(page.get_by_role("img", name="Score per iteration")).to_be_visible()

    # A profile without a judge cannot run the lab: the server says why.
    page.get_by_label("Model").select_option("checks")
    page.get_by_role("button", name="Generate").click()
    expect(page.get_by_role("alert")).to_contain_text("has no judge model")


def test_lab_says_a_failed_run_in_peoples_words_with_the_details_closed(
    page: Page, ui: UiService
) -> None:
    ui.script(ui.GENERATOR, [ProviderError("upstream exploded", provider="scripted")])
    ui.script(ui.JUDGE, [ui.verdict(9, True, "never asked")])
    page.goto(ui.url("#/lab"))
    page.get_by_label("Model").select_option("judged")
    page.get_by_label("Instruction").fill("Say it crisply")
    page.get_by_role("button", name="Generate").click()
    alert = page.locator(".lab-results").get_by_role("alert")
    expect(alert.locator(".error-message")).to_contain_text("The model provider answered with")
    expect(alert.get_by_text("upstream exploded")).to_be_hidden()
    alert.get_by_text("Details", exact=True).click()
    expect(alert.get_by_text("upstream exploded")).to_be_visible()
    expect(alert.get_by_role("link", name="Open run")).to_be_visible()


def test_lab_draws_each_iteration_while_the_next_is_still_running(
    page: Page, ui: UiService, screenshot: Callable[[Page, str], None]
) -> None:
    gate = threading.Event()
    drafts = iter(["a first try", "a better answer"])

    async def generator(request: ModelRequest) -> str:
        text = next(drafts)
        if text == "a better answer":
            await asyncio.to_thread(gate.wait, 30)  # held until the test has looked
        return text

    ui.use(ui.GENERATOR, FunctionModel(generator, model="held"))
    ui.script(
        ui.JUDGE,
        [ui.verdict(4, False, "too vague", "be concrete"), ui.verdict(9, True, "clear")],
    )
    page.goto(ui.url("#/lab"))
    page.get_by_label("Model").select_option("judged")
    page.get_by_label("Instruction").fill("Explain tides")
    page.get_by_label("Max iterations").fill("5")
    page.get_by_label("Score threshold").fill("0.8")
    page.get_by_role("button", name="Generate").click()

    iterations = page.get_by_role("list", name="Iteration history").get_by_role("article")
    chart = page.get_by_role("img", name="Score per iteration")
    status = page.locator(".lab-results").get_by_role("status")
    try:
        # The first iteration is on screen while the second is still being written.
        expect(iterations).to_have_count(1)
        first = iterations.nth(0)
        expect(first.get_by_role("heading", level=3)).to_contain_text(
            "Iteration 1 (failed; up to 5)"
        )
        expect(first).to_contain_text("a first try")
        expect(first).to_contain_text("too vague")
        expect(chart.locator("circle")).to_have_count(1)
        expect(chart.get_by_text("5", exact=True)).to_be_visible()  # the axis runs to the maximum
        expect(status).to_contain_text("Iteration 1 failed; writing iteration 2 (up to 5)")
        expect(page.get_by_role("region", name="Final answer")).to_have_count(0)
        expect(page.get_by_role("button", name="Generate")).to_be_disabled()
        screenshot(page, "first-iteration")
    finally:
        gate.set()

    final = page.get_by_role("region", name="Final answer")
    expect(final).to_contain_text("a better answer")
    expect(final).to_contain_text("Succeeded")
    expect(final).to_contain_text("Score 0.90 · iteration 2 (passed; up to 5)")
    expect(iterations).to_have_count(2)
    expect(iterations.nth(1).get_by_role("heading", level=3)).to_contain_text(
        "Iteration 2 (passed; up to 5)"
    )
    expect(iterations.nth(1)).to_have_class("iteration final")
    expect(iterations.nth(0)).to_have_class("iteration")
    expect(chart.locator("circle")).to_have_count(2)
    expect(chart.locator("circle.final-point")).to_have_count(1)
    expect(status).to_have_text("")
    expect(page.get_by_role("button", name="Generate")).to_be_enabled()
