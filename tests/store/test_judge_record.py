"""The judges' record in the store, on SQLite and PostgreSQL: comparisons in,
counts out, and the audits of recorded runs added on the way."""

from __future__ import annotations

import math
from collections.abc import Callable

from sqlalchemy import select

from redraft import Completion, RunEvent, RunRequest, VerdictReached, stream_run
from redraft.app import build_panel
from redraft.core import TokenLogprobs
from redraft.evaluators._reliability import Band, Comparison, Reliability
from redraft.providers import FunctionModel, ScriptedModel
from redraft.store import Store
from redraft.store._judge_record import JudgeComparisonRow

pytest_plugins = ["_store_fixtures"]

COMMAS = "Do not use any commas"


def comparison(
    truth: bool, said: bool | None, *, judge: str = "local:small", preset: str = "checklist"
) -> Comparison:
    return Comparison(
        judge=judge, preset=preset, requirement="r", truth=truth, said=said, p_yes=0.5
    )


async def test_comparisons_come_back_as_exact_counts(store: Store) -> None:
    batch = [
        *[comparison(True, True)] * 3,
        *[comparison(True, False)] * 2,
        *[comparison(False, False)] * 4,
        comparison(False, True),
        *[comparison(True, None)] * 2,
        comparison(False, False, judge="openai:big", preset="criteria"),
    ]
    assert await store.judges.add(batch, tenant="acme", run_id="run_1") == len(batch)
    assert await store.judges.add([], tenant="acme") == 0
    # Another tenant's comparisons count toward the same judge.
    assert await store.judges.add([comparison(True, True)], tenant="globex") == 1

    records = await store.judges.reliabilities()
    assert list(records) == [("local:small", "checklist"), ("openai:big", "criteria")]
    small = records[("local:small", "checklist")]
    # Every answer came with P(yes) 0.5: a band is read, and it believes none of them.
    assert small == Reliability(
        judge="local:small",
        preset="checklist",
        tp=4,
        fn=2,
        tn=4,
        fp=1,
        uncertain=2,
        band=Band(n=13),
    )
    assert records[("openai:big", "criteria")] == Reliability(
        judge="openai:big", preset="criteria", tn=1
    )
    assert await store.judges.reliability("local:small", "checklist") == small
    assert await store.judges.reliability("local:small", "criteria") is None


async def test_rows_keep_what_was_compared(store: Store) -> None:
    kept = Comparison(
        judge="j",
        preset="checklist",
        requirement="No commas",
        truth=False,
        said=None,
        p_yes=0.51,
        source="calibration",
    )
    await store.judges.add([kept], tenant="acme")
    async with store.engine.connect() as connection:
        row = (await connection.execute(select(JudgeComparisonRow))).one()
    assert (row.tenant, row.run_id, row.requirement) == ("acme", None, "No commas")
    assert (row.truth, row.said, row.p_yes, row.source) == (False, None, 0.51, "calibration")
    assert row.created_at.tzinfo is not None


def said(yes: bool) -> Completion:
    top = {"Yes": math.log(0.97 if yes else 0.01), "No": math.log(0.01 if yes else 0.97)}
    token = "Yes" if yes else "No"
    return Completion(
        text=token, logprobs=[TokenLogprobs(token=token, logprob=top[token], top=top)]
    )


async def test_recording_a_run_adds_its_judges_audit(store: Store) -> None:
    request = RunRequest.from_prompt(f"Write a short poem about rain. {COMMAS}.")
    judge = FunctionModel(lambda r: said(True), supports_logprobs=True)
    events: list[RunEvent] = [
        event
        async for event in stream_run(
            request,
            generator=ScriptedModel(["Rain falls soft and slow"]),
            evaluator=build_panel(judge, request=request, audit_rate=1.0),
        )
    ]
    verdicts = [e for e in events if isinstance(e, VerdictReached)]
    assert len(verdicts) == 1
    assert any("audit" in e.data for e in verdicts[0].verdict.evidence)

    await store.record_many(events, tenant="acme")
    # Recording the same events again adds nothing.
    await store.record_many(events, tenant="acme")

    assert await store.judges.reliabilities() == {
        ("scripted:function", "checklist"): Reliability(
            judge="scripted:function", preset="checklist", tp=1
        )
    }
    async with store.engine.connect() as connection:
        row = (await connection.execute(select(JudgeComparisonRow))).one()
    assert (row.tenant, row.run_id, row.requirement) == ("acme", events[0].run_id, COMMAS)


async def test_a_run_without_audits_adds_nothing(store: Store) -> None:
    request = RunRequest.from_prompt(f"Write a short poem about rain. {COMMAS}.")
    judge = FunctionModel(lambda r: said(True), supports_logprobs=True)
    async for event in stream_run(
        request,
        generator=ScriptedModel(["Rain falls soft and slow"]),
        evaluator=build_panel(judge, request=request, audit_rate=0.0),
    ):
        await store.record(event, tenant="acme")
    assert await store.judges.reliabilities() == {}


# -- done when: a judge's record tells a good judge from a coin -----------------------


def _scripted(
    judge: str, answer: Callable[[int, bool], bool], count: int = 400
) -> list[Comparison]:
    """``count`` comparisons, half on requirements that held; ``answer(i, truth)``
    is what the judge said on the i-th."""
    truths = [i % 2 == 0 for i in range(count)]
    return [comparison(t, answer(i, t), judge=judge) for i, t in enumerate(truths)]


async def test_a_judge_right_four_times_in_five_is_reliable(store: Store) -> None:
    # Wrong on every 5th comparison of each kind: 80% right, balanced over truth.
    def answer(i: int, truth: bool) -> bool:
        return truth if (i // 2) % 5 != 4 else not truth

    await store.judges.add(_scripted("good", answer), tenant="acme")
    record = await store.judges.reliability("good", "checklist")
    assert record is not None and record.n == 400
    assert abs((record.balanced_accuracy or 0) - 0.80) <= 0.05
    assert record.status == "reliable" and not record.flagged


async def test_a_judge_at_chance_is_flagged(store: Store) -> None:
    await store.judges.add(_scripted("yes-man", lambda i, truth: True), tenant="acme")
    # Alternating yes, yes, no, no: independent of the truth, which alternates every one.
    await store.judges.add(_scripted("coin", lambda i, truth: i % 4 < 2), tenant="acme")
    records = await store.judges.reliabilities()
    for name in ("yes-man", "coin"):
        record = records[(name, "checklist")]
        assert record.n == 400
        assert record.balanced_accuracy == 0.5
        assert record.flagged and record.status == "chance"
        assert "no better than chance" in record.describe()


async def test_the_record_calibrates_where_p_yes_can_be_believed(store: Store) -> None:
    # A shy judge: P(yes) 0.35 for what holds, 0.1 for what does not, never "yes".
    def shy(truth: bool, i: int) -> Comparison:
        return Comparison(
            judge="shy",
            preset="checklist",
            requirement=f"r{i}",
            truth=truth,
            said=None,
            p_yes=0.35 if truth else 0.1,
        )

    await store.judges.add([shy(i % 2 == 0, i) for i in range(60)], tenant="acme")
    await store.judges.add([shy(True, 99).model_copy(update={"p_yes": None})], tenant="acme")

    record = await store.judges.reliability("shy", "checklist")
    assert record is not None and record.never_sure
    assert record.band is not None
    assert (record.band.yes_from, record.band.no_to, record.band.n) == (0.35, 0.1, 60)
    assert (record.band.yes_accuracy or 0) >= 0.8 and (record.band.no_accuracy or 0) >= 0.8
    assert record.describe() == (
        "never sure: uncertain on all 61 comparisons; "
        "calibrated: yes from P(yes) 0.35, no up to P(yes) 0.10"
    )
