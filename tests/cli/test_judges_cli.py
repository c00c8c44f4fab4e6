"""``redraft judges``: the judges' record in the terminal and as JSON."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path

import pytest
from click.testing import CliRunner, Result

from redraft.cli import cli
from redraft.evaluators._reliability import Comparison
from redraft.store import Store


def _comparisons(judge: str, right: int, wrong: int, unsure: int = 0) -> list[Comparison]:
    out: list[Comparison] = []
    for truth in (True, False):
        answers: list[bool | None] = [truth] * right + [not truth] * wrong + [None] * unsure
        out += [
            Comparison(judge=judge, preset="checklist", requirement="r", truth=truth, said=said)
            for said in answers
        ]
    return out


async def _seed(url: str) -> None:
    store = await Store.open(url)
    try:
        await store.judges.add(_comparisons("openai:good", 45, 5, unsure=2), tenant="default")
        await store.judges.add(_comparisons("local:coin", 25, 25), tenant="acme")
        await store.judges.add(_comparisons("local:new", 2, 0), tenant="default")
    finally:
        await store.close()


@pytest.fixture
def url(tmp_path: Path) -> str:
    database = f"sqlite:///{tmp_path / 'redraft.db'}"
    asyncio.run(_seed(database))
    return database


def invoke(url: str, *args: str) -> Result:
    return CliRunner().invoke(cli, ["judges", *args], env={"REDRAFT_DATABASE_URL": url})


def test_judges_lists_each_record_with_its_status(url: str) -> None:
    result = invoke(url)
    assert result.exit_code == 0, result.output
    lines = result.stdout.splitlines()
    assert lines[0].split() == [
        "JUDGE",
        "PRESET",
        "N",
        "BALANCED",
        "ACCURACY",
        "κ",
        "UNCERTAIN",
        "STATUS",
        "CALIBRATED",
    ]
    shipped, coin, new, good = (line.rstrip() for line in lines[1:])
    # The embedded judge's record comes with the product until this store measures it.
    assert shipped.split()[:3] == ["local:SmolLM2-135M-Instruct", "checklist", "0"]
    assert "never sure" in shipped and shipped.endswith("(shipped with the model)")
    assert coin.split()[:3] == ["local:coin", "checklist", "100"]
    # No P(yes) was recorded with these comparisons: nothing to calibrate from.
    assert "0.50 [" in coin and [p.strip() for p in coin.split("  ") if p.strip()][-2:] == [
        "no better than chance",
        "-",
    ]
    assert new.split()[:3] == ["local:new", "checklist", "4"]
    assert new.split()[-4:] == ["not", "measured", "yet", "-"]
    assert good.split()[:3] == ["openai:good", "checklist", "100"]
    assert "0.90 [" in good and " 0.80 " in good
    assert good.split()[-3:] == ["4", "reliable", "-"]


def test_judges_json_is_what_the_api_returns(url: str) -> None:
    result = invoke(url, "--json")
    assert result.exit_code == 0, result.output
    rows = json.loads(result.stdout)
    assert [(r["judge"], r["status"], r["flagged"], r["shipped"]) for r in rows] == [
        ("local:SmolLM2-135M-Instruct", "unmeasured", False, True),
        ("local:coin", "chance", True, False),
        ("local:new", "unmeasured", False, False),
        ("openai:good", "reliable", False, False),
    ]
    good = rows[3]
    assert (good["tp"], good["fn"], good["tn"], good["fp"]) == (45, 5, 45, 5)
    assert (good["n"], good["uncertain"], good["balanced_accuracy"]) == (100, 4, 0.9)
    assert good["summary"].startswith("balanced accuracy 0.90 [")
    assert set(good) >= {"interval", "kappa", "judge", "preset"}


def test_an_empty_record_says_how_to_fill_it(tmp_path: Path) -> None:
    result = invoke(f"sqlite:///{tmp_path / 'empty.db'}")
    assert result.exit_code == 0, result.output
    # Only the embedded judge's shipped record: a table of one, and how to measure here.
    assert result.stdout.splitlines()[1].split()[0] == "local:SmolLM2-135M-Instruct"
    assert len(result.stdout.splitlines()) == 2
    assert "No judge has been measured here yet" in result.stderr
    rows = json.loads(invoke(f"sqlite:///{tmp_path / 'empty.db'}", "--json").stdout)
    assert [(r["judge"], r["shipped"]) for r in rows] == [("local:SmolLM2-135M-Instruct", True)]


def test_a_bad_database_url_exits_2() -> None:
    broken = invoke("mysql://nowhere/db")
    assert broken.exit_code == 2
    assert "REDRAFT_DATABASE_URL" in broken.stderr
    assert "Traceback" not in broken.output
