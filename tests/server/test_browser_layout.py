"""Every table of the UI fits, at phone width (390 px) and at 1280 px: the page
never scrolls sideways, no cell is cut off or spills out of its box, and no
column header is broken in the middle of a word.

One service holds a bit of everything (runs with long, many-line prompts and
judged drafts, judges, evals, a session with calls); each page is measured at
both widths and saved as screenshots."""

from __future__ import annotations

import asyncio
import json
from collections.abc import Callable, Iterator
from concurrent.futures import ThreadPoolExecutor
from contextlib import AbstractContextManager
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pytest
from playwright.sync_api import Page, ViewportSize, expect

from redraft import ModelRequest, Policy
from redraft.evals import DatasetRow, EvalConfig, EvalOutcome
from redraft.evaluators._reliability import Comparison
from redraft.providers import FunctionModel
from redraft.store import Store
from redraft.store._evals import new_eval_id

if TYPE_CHECKING:
    from _browser import UiService

# The browser, page and make_ui fixtures.
pytest_plugins = ["_browser"]

WIDTHS: dict[str, ViewportSize] = {
    "phone": {"width": 390, "height": 844},
    "desktop": {"width": 1280, "height": 800},
}
SESSION_JUDGE = "scripted:layout-judge"
LONG_PROMPT = (
    "Summarise the attached quarterly report for the board, in plain words, and list the "
    "three biggest risks with what each would cost: https://example.com/reports/2025/q3/"
    "quarterly-report-final-v2.pdf\nSecond line of the prompt, which the list never shows."
)

MEASURE = """() => {
  const problems = [];
  const root = document.documentElement;
  const width = root.clientWidth;
  if (root.scrollWidth > width) {
    problems.push(`the page is ${root.scrollWidth} px wide in ${width}`);
  }
  // A phone's header row is there for screen readers only, in a 1 px box.
  const shown = (el) => el && el.getBoundingClientRect().width > 1;
  const visible = (el) => el.checkVisibility() && shown(el)
    && (!el.closest("thead") || shown(el.closest("thead")));
  const name = (el) => `${el.tagName.toLowerCase()} "${el.textContent.trim().slice(0, 40)}"`
    + ` in table.${el.closest("table").className}`;
  const cells = [...document.querySelectorAll("main th, main td")].filter(visible);
  for (const cell of cells) {
    // Inside the viewport, and inside the box that would scroll the table sideways.
    const box = cell.getBoundingClientRect();
    const frame = cell.closest(".table-wrap")?.getBoundingClientRect() || { left: 0, right: width };
    const left = Math.max(0, frame.left);
    const right = Math.min(width, frame.right);
    if (box.left < left - 0.5 || box.right > right + 0.5) {
      problems.push(`${name(cell)} runs from ${box.left} to ${box.right} px`
        + ` out of ${left}–${right}`);
    }
    if (cell.scrollWidth > cell.clientWidth) {
      problems.push(`${name(cell)} overflows: ${cell.scrollWidth} > ${cell.clientWidth} px`);
    }
  }
  // A caption spans its table (not squeezed into a column of letters).
  for (const caption of [...document.querySelectorAll("main caption")].filter(visible)) {
    const table = caption.closest("table").getBoundingClientRect();
    if (caption.getBoundingClientRect().width < table.width - 1) {
      problems.push(`the caption "${caption.textContent.slice(0, 40)}" is narrower than its table`);
    }
  }
  // Header words never break: neither a header nor a stacked cell's label may
  // break inside a word, and a one-word header stays on one line.
  const breaks = (style) => style.overflowWrap === "anywhere" || style.overflowWrap === "break-word"
    || style.wordBreak === "break-all" || style.wordBreak === "break-word";
  for (const th of cells.filter((c) => c.tagName === "TH")) {
    if (breaks(getComputedStyle(th))) problems.push(`${name(th)} may break inside a word`);
    const text = th.textContent.trim();
    if (text && !/\\s/.test(text)) {
      const range = document.createRange();
      range.selectNodeContents(th);
      const lines = new Set([...range.getClientRects()].map((r) => Math.round(r.top)));
      if (lines.size > 1) problems.push(`${name(th)} takes ${lines.size} lines`);
    }
  }
  let labels = 0;
  for (const td of cells.filter((c) => c.dataset.label)) {
    const label = getComputedStyle(td, "::before");
    if (label.content === "none" || label.content === "normal") continue;
    labels += 1;
    if (breaks(label)) problems.push(`the label of ${name(td)} may break inside a word`);
  }
  return { problems, cells: cells.length, labels };
}"""


def _fits(page: Page, label: str) -> None:
    """Measure ``page`` at both widths; save each as a screenshot."""
    folder = Path(__file__).resolve().parents[2] / "artifacts" / "screenshots"
    folder.mkdir(parents=True, exist_ok=True)
    for width, viewport in WIDTHS.items():
        page.set_viewport_size(viewport)
        found: dict[str, Any] = page.evaluate(MEASURE)
        page.screenshot(path=str(folder / f"layout-{label}-{width}.png"), full_page=True)
        assert found["cells"], f"{label}: no table on the page"
        assert not found["problems"], f"{label} at {width}: {found['problems']}"
        # On a phone each row is a card, each cell saying its column.
        assert (found["labels"] > 0) is (width == "phone"), (label, width, found)
    page.set_viewport_size(WIDTHS["desktop"])


def _comparisons(judge: str, right: int, wrong: int) -> list[Comparison]:
    return [
        Comparison(judge=judge, preset="checklist", requirement="r", truth=truth, said=said)
        for truth in (True, False)
        for said in [truth] * right + [not truth] * wrong
    ]


def _outcome(index: int, arm: Any, passed: bool) -> EvalOutcome:
    attempts = 1 if arm == "baseline" else 2
    return EvalOutcome(
        row=index,
        row_id=f"row-{index}",
        arm=arm,
        run_id=None,
        prompt=f"Question {index}",
        passed=passed,
        score=0.9 if passed else 0.2,
        attempts=attempts,
        first_draft_passed=arm == "baseline" and passed,
        first_pass_attempt=attempts if passed else None,
        stop_reason="passed" if passed else "max_attempts",
        input_tokens=120 * attempts,
        output_tokens=30 * attempts,
        cost_usd=0.00042 * attempts,
        final_answer=f"Answer {index}.",
        duration_s=0.2,
    )


async def _seed(url: str) -> None:
    store = await Store.open(url)
    try:
        await store.judges.add(
            _comparisons("openai:gpt-4o-mini-2024-07-18", 45, 5), tenant="default"
        )
        await store.judges.add(
            _comparisons("anthropic:claude-3-5-haiku-latest", 25, 25), tenant="default"
        )
        await store.judges.add(_comparisons("local:new", 1, 0), tenant="default")
        config = EvalConfig(
            model="openai:gpt-4o-mini-2024-07-18",
            judge_model="anthropic:claude-3-5-haiku-latest",
            policy=Policy(max_attempts=3),
            compare=True,
        )
        rows = [DatasetRow(id=f"row-{i}", prompt=f"Question {i}") for i in range(3)]
        eval_id = new_eval_id()
        await store.evals.create(
            tenant="default",
            name="capitals of Europe, with a long name",
            config=config,
            rows=rows,
            eval_id=eval_id,
        )
        for index in range(3):
            await store.evals.add_outcome(eval_id, _outcome(index, "loop", index != 2))
            await store.evals.add_outcome(eval_id, _outcome(index, "baseline", index == 0))
        await store.evals.set_status(eval_id, "completed")
    finally:
        await store.close()


async def _session_judge(request: ModelRequest) -> str:
    if "findings" in (request.json_schema or {}).get("properties", {}):
        finding = {"description": "Stable employment verified", "points": 2}
        return json.dumps({"findings": [finding]})
    return json.dumps({"description": "Context was misunderstood", "points": 2})


@pytest.fixture
def full(
    make_ui: Callable[..., AbstractContextManager[UiService]], tmp_path: Path
) -> Iterator[UiService]:
    """A service with runs, judges, evals and a session to show."""
    url = f"sqlite:///{tmp_path / 'ui.db'}"
    # Playwright's sync API keeps an event loop running in this thread.
    with ThreadPoolExecutor(1) as pool:
        pool.submit(asyncio.run, _seed(url)).result()
    with make_ui(database_url=url) as ui:
        ui.script(ui.GENERATOR, ["Ask me later."])
        ui.chat(LONG_PROMPT, max_attempts=1)
        ui.script(
            ui.GENERATOR,
            ["It is Lyon, a city on the Rhône.", "It is Paris, on the Seine, in Île-de-France."],
        )
        ui.script(
            ui.JUDGE,
            [
                ui.verdict(3, False, "Names Lyon, which is not the capital", "Name Paris"),
                ui.verdict(9, True, "Correct and specific: Paris is the capital"),
            ],
        )
        ui.chat("What is the capital of France?", model="judged")
        ui.use(SESSION_JUDGE, FunctionModel(_session_judge, model="layout-judge"))
        yield ui


def test_every_table_fits_at_phone_and_desktop_width(page: Page, full: UiService) -> None:
    ui = full
    page.goto(ui.url("#/runs"))
    runs = page.get_by_role("table", name="Runs, newest first").locator("tbody tr")
    expect(runs).to_have_count(2)
    _fits(page, "runs")

    runs.nth(0).get_by_role("link").first.click()
    expect(page.get_by_role("article", name="Draft 2")).to_be_visible()
    _fits(page, "run")

    page.goto(ui.url("#/judges"))
    expect(page.get_by_role("table", name="Judges' record").locator("tbody tr")).to_have_count(4)
    _fits(page, "judges")

    page.goto(ui.url("#/evals"))
    expect(page.get_by_role("table", name="Evals, newest first").locator("tbody tr")).to_have_count(
        1
    )
    _fits(page, "evals")

    page.goto(ui.url("#/chat"))
    page.get_by_label("Model").select_option("judged")
    ui.script(ui.GENERATOR, ["It is Paris."])
    ui.script(ui.JUDGE, [ui.verdict(9, True, "Names Paris")])
    box = page.get_by_label("Message")
    box.fill("What is the capital of France?")
    box.press("Enter")
    answer = page.locator("li.msg.assistant")
    expect(answer.get_by_role("status")).to_contain_text("Passed after 1 attempt · stop")
    answer.locator("summary").click()
    expect(answer.get_by_role("table")).to_be_visible()
    _fits(page, "chat")

    with ui.client() as client:
        created = client.post(
            "/v1/sessions",
            json={
                "subject": {"text": "The applicant earns money as a croupier at a casino."},
                "judge_model": SESSION_JUDGE,
                "panel": [{"type": "judge"}],
            },
        )
        assert created.status_code == 201, created.text
        session_id = created.json()["session_id"]
        started = client.post("/v1/evaluate/start", json={"session_id": session_id})
        assert started.status_code == 200, started.text
    page.goto(ui.url(f"#/sessions/{session_id}"))
    expect(page.get_by_text("Evaluation complete", exact=True)).to_be_visible()
    page.locator("details.transparency summary").click()
    expect(page.get_by_role("table", name="LLM calls (1)")).to_be_visible()
    _fits(page, "session")
