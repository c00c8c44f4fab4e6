"""The Lab page in Chromium: the form, the iteration history, the
score chart with its threshold line and the highlighted final answer."""

from __future__ import annotations

from typing import TYPE_CHECKING

from playwright.sync_api import Page, expect

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
    expect(final).to_contain_text("Score 0.70 · iteration 2 of 3")
    expect(final.get_by_role("link", name="Open run")).to_have_attribute("href", _run_href(page))

    history = page.get_by_role("list", name="Iteration history")
    iterations = history.get_by_role("article")
    expect(iterations).to_have_count(3)
    expect(iterations.nth(0)).to_contain_text("answer A")
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
