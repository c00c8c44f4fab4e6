"""The Judges page in Chromium: each judge's record, flagged ones marked."""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from contextlib import AbstractContextManager
from pathlib import Path
from typing import TYPE_CHECKING

from playwright.sync_api import Page, expect

from redraft.evaluators._reliability import Comparison
from redraft.store import Store

if TYPE_CHECKING:
    from _browser import UiService

# The browser, page and ui fixtures.
pytest_plugins = ["_browser"]


def _comparisons(judge: str, right: int, wrong: int) -> list[Comparison]:
    return [
        Comparison(judge=judge, preset="checklist", requirement="r", truth=truth, said=said)
        for truth in (True, False)
        for said in [truth] * right + [not truth] * wrong
    ]


async def _seed(url: str) -> None:
    store = await Store.open(url)
    try:
        await store.judges.add(_comparisons("openai:good", 45, 5), tenant="default")
        await store.judges.add(_comparisons("local:coin", 25, 25), tenant="acme")
        await store.judges.add(_comparisons("local:new", 1, 0), tenant="default")
    finally:
        await store.close()


def test_judges_page_lists_each_record(
    page: Page, make_ui: Callable[..., AbstractContextManager[UiService]], tmp_path: Path
) -> None:
    url = f"sqlite:///{tmp_path / 'ui.db'}"
    # Playwright's sync API keeps an event loop running in this thread.
    with ThreadPoolExecutor(1) as pool:
        pool.submit(asyncio.run, _seed(url)).result()
    with make_ui(database_url=url) as ui:
        _check_judges_page(page, ui)


def _check_judges_page(page: Page, ui: UiService) -> None:
    page.goto(ui.url("#/runs"))
    page.get_by_role("link", name="Judges", exact=True).click()
    expect(page).to_have_url(ui.url("#/judges"))
    expect(page.get_by_role("heading", level=1)).to_have_text("Judges")
    rows = page.get_by_role("table", name="Judges' record").locator("tbody tr")
    expect(rows).to_have_count(4)
    shipped, coin, new, good = rows.nth(0), rows.nth(1), rows.nth(2), rows.nth(3)
    # The embedded judge's record as it ships, until this store measures it.
    expect(shipped).to_contain_text("local:SmolLM2-135M-Instruct")
    expect(shipped).to_contain_text("never sure")
    expect(shipped.locator(".badge.info")).to_have_text("shipped with the model")
    expect(coin).to_contain_text("local:coin")
    expect(coin.locator(".badge.warn")).to_have_text("no better than chance")
    expect(new).to_contain_text("local:new")
    expect(new).to_contain_text("not measured yet")
    expect(good).to_contain_text("openai:good")
    expect(good).to_contain_text("0.90 [")
    expect(good.locator(".badge.ok")).to_have_text("reliable")
    expect(page.locator("tbody .badge.warn")).to_have_count(1)


def test_a_run_page_shows_the_judges_record_beside_its_verdict(
    page: Page, make_ui: Callable[..., AbstractContextManager[UiService]], tmp_path: Path
) -> None:
    url = f"sqlite:///{tmp_path / 'ui.db'}"

    async def seed() -> None:
        store = await Store.open(url)
        try:
            coin = [
                Comparison(
                    judge="scripted:ui-judge", preset="criteria", requirement="r", truth=t, said=s
                )
                for t in (True, False)
                for s in [t] * 25 + [not t] * 25
            ]
            await store.judges.add(coin, tenant="default")
        finally:
            await store.close()

    with ThreadPoolExecutor(1) as pool:
        pool.submit(asyncio.run, seed()).result()
    # The record is off in tests unless asked for (tests/conftest.py).
    with make_ui(database_url=url, judge_record=True) as ui:
        ui.script(ui.GENERATOR, ["It is Paris."])
        ui.script(ui.JUDGE, [ui.verdict(9, True, "Names Paris.")])
        run_id = ui.chat("What is the capital of France?", model="judged")["redraft"]["run_id"]
        page.goto(ui.url(f"#/runs/{run_id}"))
        draft = page.get_by_role("article", name="Draft 1")
        record = draft.locator("p.judge-record")
        expect(record).to_contain_text("Judge scripted:ui-judge: balanced accuracy 0.50 [")
        expect(record.locator(".badge.warn")).to_have_text("no better than chance")
        # The flagged judge's pass did not pass the draft on its own.
        expect(draft.get_by_role("heading", level=3)).not_to_contain_text("passed")
