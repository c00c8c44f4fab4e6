"""The session core without the service: panel runner, findings judge,
re-evaluation, and the store's job leases."""

from __future__ import annotations

import asyncio
import json

import pytest
from sqlalchemy import select
from sqlalchemy.ext.asyncio import AsyncSession

from redraft import Evidence, ModelRequest, ProviderError, Verdict
from redraft.evaluators import EvaluationContext, Evaluator, FindingsJudge, Subject
from redraft.providers import FunctionModel, ScriptedModel
from redraft.sessions import (
    OLD_EVENT_NAMES,
    ChecksMember,
    EvidenceItem,
    JudgeMember,
    PanelEnvironment,
    Reassessment,
    SessionSubject,
    SpecChecks,
    build_members,
    evaluate_panel,
    item_from_evidence,
)
from redraft.store import Store
from redraft.store._models import SessionEventRow

SUBJECT = SessionSubject(question="Capital of France?", answer="Paris.").to_subject()


class Gated(Evaluator):
    """Finishes only when its gate opens, so tests control completion order."""

    def __init__(self, name: str, gate: asyncio.Event, points: float = 1) -> None:
        self.name = name
        self.gate = gate
        self.points = points

    async def evaluate(self, subject: Subject, context: EvaluationContext) -> Verdict:
        await self.gate.wait()
        evidence = Evidence(evaluator=self.name, passed=True, score=1.0, points=self.points)
        return Verdict(score=1.0, passed=True, evidence=[evidence])


class Exploding(Evaluator):
    name = "exploding"

    async def evaluate(self, subject: Subject, context: EvaluationContext) -> Verdict:
        raise RuntimeError("scorer crashed")


async def test_members_run_concurrently_and_arrive_as_they_finish() -> None:
    slow_gate, fast_gate = asyncio.Event(), asyncio.Event()
    members = {"slow": Gated("slow", slow_gate), "fast": Gated("fast", fast_gate)}
    outcomes = evaluate_panel(SUBJECT, members)
    fast_gate.set()
    first = await anext(outcomes)
    slow_gate.set()
    second = await anext(outcomes)
    assert (first.member, second.member) == ("fast", "slow")
    with pytest.raises(StopAsyncIteration):
        await anext(outcomes)


async def test_a_crashing_member_is_error_evidence_not_a_crash() -> None:
    outcomes = [o async for o in evaluate_panel(SUBJECT, {"exploding": Exploding()})]
    (evidence,) = outcomes[0].evidence
    assert evidence.status == "error" and evidence.points == 0
    assert "scorer crashed" in evidence.reason


async def test_a_member_past_its_deadline_is_error_evidence() -> None:
    never = asyncio.Event()
    outcomes = [
        o async for o in evaluate_panel(SUBJECT, {"stuck": Gated("stuck", never)}, deadline_s=0.05)
    ]
    (evidence,) = outcomes[0].evidence
    assert evidence.status == "error" and "timed out" in evidence.reason


def test_item_from_evidence_uses_points_or_a_signed_unit() -> None:
    pointed = item_from_evidence(Evidence(evaluator="r", points=-5, reason="bad"), member="r")
    assert (pointed.score, pointed.description) == (-5, "bad")
    assert item_from_evidence(Evidence(evaluator="c", passed=True), member="c").score == 1
    assert item_from_evidence(Evidence(evaluator="c", passed=False), member="c").score == -1
    errored = Evidence(evaluator="c", status="error", passed=False)
    assert item_from_evidence(errored, member="c").score == 0


async def test_findings_judge_clamps_points_drops_repeats_and_records_its_call() -> None:
    reply = {
        "findings": [
            {"description": "Correct", "points": 3},
            {"description": "Terse", "points": -9},
        ]
    }
    judge_model = ScriptedModel([json.dumps(reply)])
    members = build_members(
        [JudgeMember(type="judge", max_points=5)],
        PanelEnvironment(provider=lambda spec: judge_model, judge_model="scripted:j"),
    )
    (outcome,) = [o async for o in evaluate_panel(SUBJECT, members)]
    assert [(e.points, e.reason) for e in outcome.evidence] == [(3, "Correct"), (-5, "Terse")]
    assert [c.kind for c in outcome.calls] == ["judge"]
    schema = judge_model.history[0].json_schema
    assert schema is not None
    points = schema["properties"]["findings"]["items"]["properties"]["points"]
    assert (points["minimum"], points["maximum"]) == (-5, 5)


async def test_findings_judge_with_an_unreadable_reply_is_error_evidence() -> None:
    judge = FindingsJudge(ScriptedModel(["no json here"]))
    (outcome,) = [o async for o in evaluate_panel(SUBJECT, {"judge": judge})]
    (evidence,) = outcome.evidence
    assert evidence.status == "error" and evidence.points == 0


def _original() -> EvidenceItem:
    return EvidenceItem(
        id=7, score=-5, description="Gambling mentions found", source="rule: casino"
    )


async def test_reassessment_sees_the_objection_and_makes_new_evidence() -> None:
    seen: list[ModelRequest] = []

    def answer(request: ModelRequest) -> str:
        seen.append(request)
        return json.dumps({"description": "Croupier is a job", "points": 2})

    evaluator = Reassessment(FunctionModel(answer), _original(), "A croupier works there")
    (outcome,) = [
        o
        async for o in evaluate_panel(
            SUBJECT, {"re-evaluation": evaluator}, call_kind="re_evaluation"
        )
    ]
    (evidence,) = outcome.evidence
    assert evidence.points == 2 and evidence.source == "Re-evaluation of Evidence #7"
    assert evidence.reason == "Re-assessed: Croupier is a job"
    prompt = seen[0].messages[-1].text
    assert "A croupier works there" in prompt and "Gambling mentions found" in prompt
    assert [c.kind for c in outcome.calls] == ["re_evaluation"]


@pytest.mark.parametrize(
    ("provider", "reason"),
    [
        (None, "no judge model"),
        (ScriptedModel([ProviderError("judge is down", provider="scripted")]), "judge is down"),
    ],
)
async def test_a_failing_reassessment_is_zero_point_error_evidence(
    provider: ScriptedModel | None, reason: str
) -> None:
    evaluator = Reassessment(provider, _original(), None)
    (outcome,) = [o async for o in evaluate_panel(SUBJECT, {"re-evaluation": evaluator})]
    (evidence,) = outcome.evidence
    assert evidence.status == "error" and evidence.points == 0
    assert evidence.reason.startswith("Re-evaluation failed") and reason in evidence.reason


async def test_a_taken_over_job_writes_nothing_more(store: Store) -> None:
    sessions = store.sessions
    session_id = await sessions.create(
        tenant="acme", subject={"text": "x"}, panel=[], judge_model=None
    )
    job = await sessions.begin_evaluation(
        session_id, tenant="acme", members=["a", "b"], owner="dead", lease_s=-1
    )
    item = EvidenceItem(score=1, description="first")
    # A negative lease is one that has already run out: as if the owner died after this.
    assert await sessions.record_outcome(job, member="a", items=[item], calls=[], lease_s=-1)
    (claimed,) = await sessions.claim_expired("alive", lease_s=60)
    assert claimed.pending == ["b"] and claimed.owner == "alive"
    # The stalled first owner comes back: fenced out, nothing stored.
    late = EvidenceItem(score=9, description="late")
    assert await sessions.record_outcome(job, member="b", items=[late], calls=[], lease_s=1) is None
    assert not await sessions.finish(job, lease_s=1)
    assert await sessions.claim_expired("other", lease_s=60) == []
    stored = await sessions.get(session_id, tenant="acme")
    assert stored is not None
    assert [e.description for e in stored.evidence_list] == ["first"]
    assert stored.interruptions == 1 and stored.status == "evaluating"


async def test_a_log_stored_under_the_old_event_names_streams_the_new_ones(store: Store) -> None:
    sessions = store.sessions
    session_id = await sessions.create(
        tenant="acme", subject={"text": "x"}, panel=[], judge_model=None
    )
    job = await sessions.begin_evaluation(
        session_id, tenant="acme", members=["a"], owner="me", lease_s=60
    )
    item = EvidenceItem(score=1, description="one")
    assert await sessions.record_outcome(job, member="a", items=[item], calls=[], lease_s=60)
    assert await sessions.finish(job, lease_s=60)
    streamed = await sessions.stream_items(session_id, tenant="acme")
    assert streamed is not None
    kinds = [i.event_type for _, i in streamed[0]]
    assert kinds == ["evaluation_started", "evidence_recorded", "evaluation_completed"]
    # Rewrite the log as a server from before the rename wrote it.
    async with AsyncSession(store.engine) as db, db.begin():
        query = select(SessionEventRow).where(SessionEventRow.session_id == session_id)
        for row in await db.scalars(query):
            old = OLD_EVENT_NAMES.get(row.type)
            if old is not None:
                row.type, row.payload = old, {**row.payload, "event_type": old}
    assert await sessions.stream_items(session_id, tenant="acme") == streamed


async def test_a_checks_member_compiles_the_question_as_a_run_compiles_its_prompt() -> None:
    subject = SessionSubject(
        question="Name the capital of France in at most 2 words.", answer="It is Paris, of course."
    ).to_subject()
    member = ChecksMember(type="checks", must_match=["Paris"])
    environment = PanelEnvironment(provider=lambda spec: ScriptedModel([]), judge_model=None)
    members = build_members([member], environment)
    assert list(members) == ["checks"]
    (outcome,) = [outcome async for outcome in evaluate_panel(subject, members)]
    said = {e.reason: e.passed for e in outcome.evidence}
    assert said['found "Paris" matching /Paris/'] is True
    assert [passed for reason, passed in said.items() if "words" in reason] == [False]
    # Nothing given and nothing stated: the default panel leaves the member out.
    assert await SpecChecks(member.spec()).checks_anything(subject.request)
    nothing = SessionSubject(question="Capital of France?", answer="Paris.").to_subject()
    assert not await SpecChecks(ChecksMember(type="checks").spec()).checks_anything(nothing.request)
