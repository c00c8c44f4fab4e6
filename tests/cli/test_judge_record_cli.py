"""`redraft ask` and `redraft judge` keep the judges' record: they read it to
hold a flagged judge back, add their audits to it; `redraft judges calibrate`
measures a judge at once."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path

import pytest
from click.testing import CliRunner, Result

from redraft.cli import cli
from redraft.evaluators import Comparison, Reliability
from redraft.store import Store

ECHO = "scripted:echo"
# The first requirement is the judge's (a count of cities named is an exact
# item count, so the prompt asks about them instead); the second is exact.
PROMPT = "Tell me about three cities in France. Do not use any commas."


def run_cli(url: str, *args: str, audit_rate: str = "1") -> Result:
    env = {
        "REDRAFT_DATABASE_URL": url,
        "REDRAFT_JUDGE_RECORD": "true",
        "REDRAFT_JUDGE_AUDIT_RATE": audit_rate,
    }
    return CliRunner().invoke(cli, list(args), env=env)


def records(url: str) -> dict[tuple[str, str], Reliability]:
    async def read() -> dict[tuple[str, str], Reliability]:
        store = await Store.open(url)
        try:
            return await store.judges.reliabilities()
        finally:
            await store.close()

    return asyncio.run(read())


@pytest.fixture
def url(tmp_path: Path) -> str:
    return f"sqlite:///{tmp_path / 'redraft.db'}"


def test_ask_adds_its_audit_to_the_record(url: str) -> None:
    result = run_cli(url, "ask", PROMPT, "--model", "scripted", "--json")
    assert result.exit_code in (0, 1), result.output
    run = json.loads(result.stdout)
    audits = [
        e["data"]["audit"]
        for d in run["drafts"]
        for e in d["verdict"]["evidence"]
        if "audit" in e["data"]
    ]
    # The echo draft has no commas; the judge said yes: one true positive.
    assert [(a["requirement"], a["truth"], a["said"]) for a in audits] == [
        ("Do not use any commas", True, True)
    ]
    record = records(url)[(ECHO, "checklist")]
    assert (record.tp, record.tn, record.fp, record.fn) == (1, 0, 0, 0)


def test_no_record_is_kept_when_it_is_switched_off(url: str) -> None:
    env = {"REDRAFT_DATABASE_URL": url, "REDRAFT_JUDGE_RECORD": "false"}
    result = CliRunner().invoke(cli, ["ask", PROMPT, "--model", "scripted"], env=env)
    assert result.exit_code in (0, 1), result.output
    assert not Path(url.removeprefix("sqlite:///")).exists()


def test_a_flagged_judge_cannot_pass_the_draft_and_says_so(url: str) -> None:
    async def seed() -> None:
        store = await Store.open(url)
        try:
            coin = [
                Comparison(judge=ECHO, preset="checklist", requirement="r", truth=t, said=s)
                for t in (True, False)
                for s in (True, False)
                for _ in range(10)
            ]
            await store.judges.add(coin, tenant="default")
        finally:
            await store.close()

    asyncio.run(seed())
    result = run_cli(url, "ask", PROMPT, "--model", "scripted", audit_rate="0")
    assert result.exit_code == 0, result.output
    shown = " ".join(result.output.split())
    assert "UNVERIFIED" in shown
    assert "judge scripted:echo: balanced accuracy 0.50" in shown
    assert "it said yes, but its record is no better than chance" in shown
    # Without the record the same judge's yes passes the draft.
    unflagged = run_cli(f"{url}-fresh", "ask", PROMPT, "--model", "scripted", audit_rate="0")
    assert unflagged.exit_code == 0 and "PASS" in unflagged.output
    assert "not measured yet" in unflagged.output


def test_calibrate_measures_a_judge_and_keeps_it(url: str) -> None:
    result = run_cli(
        url, "judges", "calibrate", "--judge-model", "scripted", "--size", "20", "--json"
    )
    assert result.exit_code == 0, result.output
    report = json.loads(result.stdout)
    # The echo judge says yes to everything: right on the 10 met, wrong on the 10 unmet.
    assert report["answered"] == 20
    assert report["calibration"]["tp"] == 10 and report["calibration"]["fp"] == 10
    assert report["record"]["status"] == "chance"
    assert records(url)[(ECHO, "checklist")].flagged


def test_calibrate_refuses_an_unknown_model(url: str) -> None:
    result = run_cli(url, "judges", "calibrate", "--judge-model", "nosuch:model")
    assert result.exit_code == 2
    assert "error" in result.output
