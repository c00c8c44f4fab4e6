"""The Evals pages in Chromium: the list of evals and one eval with its
report in a sandboxed frame, and both reports as downloads."""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from contextlib import AbstractContextManager
from pathlib import Path
from typing import TYPE_CHECKING

from playwright.sync_api import ConsoleMessage, FrameLocator, Page, expect

from redraft import Policy
from redraft.evals import Arm, DatasetRow, EvalConfig, EvalOutcome
from redraft.store import Store

if TYPE_CHECKING:
    from _browser import UiService

# The browser, page, ui and make_ui fixtures.
pytest_plugins = ["_browser"]

COMPARED = "eval_0001_compared"
SINGLE = "eval_0002_single"
TRICKY = "Is <b>2 & 3</b> five?"
# (row id, prompt, baseline passed, loop passed, loop's first passing attempt)
ROWS: list[tuple[str, str, bool, bool, int | None]] = [
    ("tricky", TRICKY, False, True, 2),
    ("easy", "What is the capital of France?", True, True, 1),
    ("hard", "Prove the Riemann hypothesis.", False, False, None),
]


def _outcome(
    index: int, row_id: str, prompt: str, arm: Arm, passed: bool, first_pass: int | None
) -> EvalOutcome:
    attempts = 1 if arm == "baseline" else (first_pass or 3)
    return EvalOutcome(
        row=index,
        row_id=row_id,
        arm=arm,
        run_id=None,
        prompt=prompt,
        passed=passed,
        score=0.9 if passed else 0.2,
        attempts=attempts,
        first_draft_passed=first_pass == 1,
        first_pass_attempt=first_pass,
        stop_reason="passed" if passed else "max_attempts",
        input_tokens=120 * attempts,
        output_tokens=30 * attempts,
        cost_usd=None,
        final_answer=f"The answer to {row_id}.",
        duration_s=0.2,
    )


async def _seed(url: str, tenant: str) -> None:
    store = await Store.open(url)
    try:
        policy = Policy(max_attempts=3)
        rows = [DatasetRow(id=row_id, prompt=prompt) for row_id, prompt, *_ in ROWS]
        compared = EvalConfig(
            model="scripted:ui-gen", judge_model="none", policy=policy, compare=True
        )
        await store.evals.create(
            tenant=tenant, name="capitals", config=compared, rows=rows, eval_id=COMPARED
        )
        for index, (row_id, prompt, base, loop, first_pass) in enumerate(ROWS):
            await store.evals.add_outcome(
                COMPARED, _outcome(index, row_id, prompt, "loop", loop, first_pass)
            )
            await store.evals.add_outcome(
                COMPARED,
                _outcome(index, row_id, prompt, "baseline", base, 1 if base else None),
            )
        await store.evals.set_status(COMPARED, "completed")

        single = EvalConfig(model="scripted:ui-gen", judge_model="none", policy=policy)
        await store.evals.create(
            tenant=tenant, name="loop only", config=single, rows=rows, eval_id=SINGLE
        )
        await store.evals.add_outcome(SINGLE, _outcome(1, "easy", ROWS[1][1], "loop", True, 1))
    finally:
        await store.close()


def _seeded(tmp_path: Path, tenant: str = "default") -> str:
    url = f"sqlite:///{tmp_path / 'ui.db'}"
    # Playwright's sync API keeps an event loop running in this thread.
    with ThreadPoolExecutor(1) as pool:
        pool.submit(asyncio.run, _seed(url, tenant)).result()
    return url


def _policy_violations(page: Page) -> list[str]:
    """Content-Security-Policy refusals the page logs (a blocked report stylesheet)."""
    said: list[str] = []

    def listen(message: ConsoleMessage) -> None:
        if "Content Security Policy" in message.text:
            said.append(message.text)

    page.on("console", listen)
    return said


def test_evals_list_and_an_eval_with_its_report(
    page: Page, make_ui: Callable[..., AbstractContextManager[UiService]], tmp_path: Path
) -> None:
    violations = _policy_violations(page)
    with make_ui(database_url=_seeded(tmp_path)) as ui:
        page.goto(ui.url("#/runs"))
        page.get_by_role("link", name="Evals", exact=True).click()
        expect(page).to_have_url(ui.url("#/evals"))
        expect(page.get_by_role("heading", level=1)).to_have_text("Evals")
        expect(page.get_by_role("link", name="Evals", exact=True)).to_have_attribute(
            "aria-current", "page"
        )
        rows = page.get_by_role("table", name="Evals, newest first").locator("tbody tr")
        expect(rows).to_have_count(2)
        single, compared = rows.nth(0), rows.nth(1)
        cells = compared.locator("td")
        expect(cells.nth(0)).to_have_text("capitals")
        expect(cells.nth(1)).to_have_text(COMPARED)
        expect(cells.nth(2)).to_have_text("completed")
        expect(cells.nth(3)).to_have_text("scripted:ui-gen")
        expect(cells.nth(4)).to_have_text("baseline, loop")
        expect(cells.nth(5)).to_have_text("6/6")
        expect(cells.nth(6)).to_have_text("2 of 3")
        # The creation time is in the browser's locale; it only has to be there.
        expect(cells.nth(7)).not_to_be_empty()
        expect(single.locator("td").nth(2)).to_have_text("running")
        expect(single.locator("td").nth(5)).to_have_text("1/3")
        expect(single.get_by_role("link")).to_have_attribute("href", f"#/evals/{SINGLE}")

        compared.get_by_role("link", name="capitals").click()
        expect(page).to_have_url(ui.url(f"#/evals/{COMPARED}"))
        expect(page.get_by_role("heading", level=1)).to_have_text("Eval capitals")
        facts = page.locator("dl.facts")
        expect(facts).to_contain_text("Statuscompleted")
        expect(facts).to_contain_text("Progress6/6 done")
        expect(facts).to_contain_text("Loop passed2 of 3 (67%")
        expect(facts).to_contain_text("Baseline passed1 of 3 (33%")
        expect(facts).to_contain_text("Loop against one draft1 gained, 0 lost, p = 1.000")

        frame = page.locator("iframe.report-frame")
        expect(frame).to_have_attribute("sandbox", "")
        expect(frame).to_have_attribute("title", "Report of eval capitals")
        report = page.frame_locator("iframe.report-frame")
        _check_report(report, compared=True)
        # The report's contents links scroll the frame; they do not navigate it away.
        expect(report.locator('a[href^="#"]')).to_have_count(0)
        report.locator('a[href="about:srcdoc#rows"]').click()
        expect(report.locator("#rows h2")).to_be_in_viewport()
        expect(report.locator("#summary")).to_be_attached()

        with page.expect_download() as markdown:
            page.get_by_role("button", name="Download report (Markdown)").click()
        assert markdown.value.suggested_filename == f"{COMPARED}-report.md"
        text = Path(markdown.value.path()).read_text(encoding="utf-8")
        assert text.startswith("# Eval report: capitals")
        with page.expect_download() as html:
            page.get_by_role("button", name="Download report (HTML)").click()
        assert html.value.suggested_filename == f"{COMPARED}-report.html"
        document = Path(html.value.path()).read_text(encoding="utf-8")
        assert document.startswith("<!doctype html>") and 'id="comparison"' in document
        expect(page.get_by_role("status").filter(has_text="Downloaded")).to_have_text(
            f"Downloaded {COMPARED}-report.html."
        )

        page.get_by_role("link", name="← All evals").click()
        page.get_by_role("link", name="loop only").click()
        expect(page.get_by_role("heading", level=1)).to_have_text("Eval loop only")
        expect(page.locator("dl.facts")).not_to_contain_text("Baseline passed")
        expect(page.locator("dl.facts")).to_contain_text("Statusrunning")
        expect(page.get_by_text("Still running: refresh")).to_be_visible()
        _check_report(page.frame_locator("iframe.report-frame"), compared=False)
    assert not violations, violations


def _check_report(report: FrameLocator, *, compared: bool) -> None:
    expect(report.locator("#summary")).to_be_visible()
    expect(report.locator("#summary table")).to_be_visible()
    for kind in ("pass-by-attempt", "scores", "tokens"):
        chart = report.locator(f'svg.chart[data-chart="{kind}"]')
        expect(chart).to_be_visible()
        expect(chart.locator("rect.bar").first).to_be_attached()
    table_rows = report.locator("#rows tr[data-row]")
    expect(table_rows).to_have_count(3)
    # The prompt is shown as text, never as markup.
    expect(report.locator('#rows tr[data-row="tricky"]')).to_contain_text(TRICKY)
    expect(report.locator('#rows tr[data-row="easy"]')).to_contain_text("capital of France")
    expect(report.locator("#rows b")).to_have_count(0)
    if compared:
        expect(report.locator("#comparison")).to_be_visible()
        expect(report.locator("#comparison")).to_contain_text("The loop against one draft")
    else:
        expect(report.locator("#comparison")).to_have_count(0)
    # The report's own stylesheet applies inside the frame (the UI's policy lets it through).
    rule = report.locator("#summary h2").evaluate("el => getComputedStyle(el).borderBottomStyle")
    assert rule == "solid"


def test_no_evals_says_how_to_make_one(page: Page, ui: UiService) -> None:
    page.goto(ui.url("#/evals"))
    state = page.get_by_role("status").filter(has_text="No evals yet")
    expect(state).to_contain_text("redraft eval DATASET")
    expect(state.locator("code").first).to_have_text("redraft eval DATASET")
    expect(page.get_by_role("table", name="Evals, newest first")).to_be_hidden()


def test_unknown_eval_says_so(page: Page, ui: UiService) -> None:
    page.goto(ui.url("#/evals/eval_nope"))
    expect(page.get_by_role("alert")).to_have_text("There is no eval eval_nope.")
    expect(page.locator("iframe")).to_have_count(0)


def test_with_a_key_the_report_is_fetched_with_it(
    page: Page, make_ui: Callable[..., AbstractContextManager[UiService]], tmp_path: Path
) -> None:
    with make_ui(key="s3cret", database_url=_seeded(tmp_path, tenant="acme")) as ui:
        page.goto(ui.url(f"#/evals/{COMPARED}"))
        expect(page.locator("#auth-prompt")).to_contain_text("This server needs an API key")
        page.get_by_label("API key").fill("s3cret")
        page.get_by_role("button", name="Save key").click()
        expect(page.get_by_role("heading", level=1)).to_have_text("Eval capitals")
        _check_report(page.frame_locator("iframe.report-frame"), compared=True)
