"""The verdict cache: keys, hits, misses, expiry, eviction and persistence."""

from __future__ import annotations

import json
import os
import stat
from pathlib import Path

import pytest

from redraft import Evidence, Message, Policy, RunRequest, Verdict
from redraft.core._ledger import Ledger
from redraft.evaluators import (
    AllOf,
    Cached,
    CallableCheck,
    EvaluationContext,
    Evaluator,
    Judge,
    MaxWords,
    MemoryVerdictCache,
    MustMatch,
    SqliteVerdictCache,
    Subject,
    VerdictCache,
    aggregate,
    evaluator_identity,
)
from redraft.providers import ScriptedModel

QUALITY = json.dumps(
    {"quality_score": 9, "confidence_score": 8, "issues": [], "improvement_hint": ""}
)


class FakeClock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


class Counting(Evaluator):
    """Passes drafts containing "good"; counts its evaluations."""

    name = "counting"

    def __init__(self, *, error: bool = False) -> None:
        self.calls = 0
        self.error = error

    async def evaluate(self, subject: Subject, context: EvaluationContext) -> Verdict:
        self.calls += 1
        passed = "good" in subject.text
        evidence = Evidence(
            evaluator=self.name,
            status="error" if self.error else "ok",
            passed=passed,
            score=1.0 if passed else 0.0,
            reason="looked",
            data={"n": self.calls},
        )
        return aggregate([evidence], threshold=context.threshold)


def subject(text: str = "a good answer", prompt: str = "question?", **request: object) -> Subject:
    return Subject(request=RunRequest.from_prompt(prompt, **request), text=text)  # type: ignore[arg-type]


def context(threshold: float = 0.8, ledger: Ledger | None = None) -> EvaluationContext:
    return EvaluationContext(threshold=threshold, gateway=ledger or Ledger(Policy()))


def sample(score: float = 0.5) -> Verdict:
    return Verdict(score=score, passed=False, evidence=[Evidence(evaluator="x", score=score)])


# -- the wrapper ----------------------------------------------------------------


async def test_a_miss_evaluates_and_a_hit_reuses() -> None:
    inner = Counting()
    cached = Cached(inner, MemoryVerdictCache())

    first = await cached.evaluate(subject(), context())
    second = await cached.evaluate(subject(), context())

    assert inner.calls == 1
    assert first.passed and second.passed
    assert "cached" not in first.evidence[0].data
    assert second.evidence[0].data == {"n": 1, "cached": True}
    assert second.score == first.score


@pytest.mark.parametrize(
    "other",
    [
        subject(text="another good answer"),
        subject(prompt="a different question?"),
        subject(criteria="be brief"),
        subject(format="markdown"),
    ],
)
async def test_the_key_covers_what_the_judge_sees(other: Subject) -> None:
    inner = Counting()
    cached = Cached(inner, MemoryVerdictCache())

    await cached.evaluate(subject(), context())
    await cached.evaluate(other, context())

    assert inner.calls == 2


async def test_the_key_covers_the_threshold_and_the_conversation() -> None:
    inner = Counting()
    cached = Cached(inner, MemoryVerdictCache())
    earlier = RunRequest(
        messages=[
            Message(role="user", content="hi"),
            Message(role="assistant", content="hello"),
            Message(role="user", content="question?"),
        ]
    )

    await cached.evaluate(subject(), context(0.8))
    await cached.evaluate(subject(), context(0.5))
    await cached.evaluate(Subject(request=earlier, text="a good answer"), context(0.8))
    # A system prompt is not part of what a minimal-context judge sees.
    with_system = RunRequest(
        messages=[
            Message(role="system", content="be nice"),
            Message(role="user", content="question?"),
        ]
    )
    await cached.evaluate(Subject(request=with_system, text="a good answer"), context(0.8))

    assert inner.calls == 3


def test_identity_tells_configurations_apart() -> None:
    model = ScriptedModel([], model="judge-a")
    other = ScriptedModel([], model="judge-b")

    quality = evaluator_identity(Judge(model, "quality"))
    assert quality == evaluator_identity(Judge(model, "quality"))
    assert quality != evaluator_identity(Judge(other, "quality"))
    assert quality != evaluator_identity(Judge(model, "criteria", criteria="be brief"))
    assert quality != evaluator_identity(Judge(model, "quality", temperature=0.9))
    assert evaluator_identity(MaxWords(10)) != evaluator_identity(MaxWords(20))
    assert evaluator_identity(AllOf(MaxWords(10))) != evaluator_identity(AllOf(MaxWords(20)))
    assert evaluator_identity(MustMatch("a")) != evaluator_identity(MustMatch("b"))
    assert evaluator_identity(CallableCheck(lambda t: "a" in t)) != evaluator_identity(
        CallableCheck(lambda t: "b" in t)
    )
    assert "0x" not in quality


async def test_degraded_verdicts_are_not_stored() -> None:
    inner = Counting(error=True)
    cache = MemoryVerdictCache()
    cached = Cached(inner, cache)

    verdict = await cached.evaluate(subject(), context())
    await cached.evaluate(subject(), context())

    assert verdict.degraded
    assert inner.calls == 2
    assert len(cache) == 0


async def test_a_judge_miss_is_recorded_and_a_hit_records_a_cached_call() -> None:
    model = ScriptedModel([QUALITY])
    cached = Cached(Judge(model, "quality"), MemoryVerdictCache())
    ledger = Ledger(Policy())

    first = await cached.evaluate(subject(), context(ledger=ledger))
    second = await cached.evaluate(subject(), context(ledger=ledger))

    assert first.passed and second.passed
    assert len(model.history) == 1
    assert [c.status for c in ledger.calls] == ["ok", "cached"]
    hit = ledger.calls[1]
    assert (hit.kind, hit.evaluator, hit.provider) == ("judge", "quality-judge", "scripted")
    assert hit.usage.total_tokens == 0
    assert second.evidence[0].data["cached"] is True


async def test_checks_record_no_calls_on_a_hit() -> None:
    ledger = Ledger(Policy())
    cached = Cached(MaxWords(5), MemoryVerdictCache())

    await cached.evaluate(subject(), context(ledger=ledger))
    await cached.evaluate(subject(), context(ledger=ledger))

    assert ledger.calls == []


async def test_the_wrapper_passes_the_evaluator_through() -> None:
    inner = MaxWords(2)
    cached = Cached(inner, MemoryVerdictCache(), name="short")

    assert (cached.name, cached.kind, cached.uses_llm) == ("short", "check", False)
    assert cached.definite_failure("one two three four") is not None
    assert isinstance(MemoryVerdictCache(), VerdictCache)


class Broken:
    async def get(self, key: str) -> Verdict | None:
        raise OSError("disk gone")

    async def set(self, key: str, verdict: Verdict) -> None:
        raise OSError("disk gone")


async def test_a_broken_cache_is_a_miss_not_a_failure() -> None:
    inner = Counting()
    cached = Cached(inner, Broken())

    verdict = await cached.evaluate(subject(), context())
    await cached.evaluate(subject(), context())

    assert verdict.passed
    assert inner.calls == 2


# -- the memory cache -------------------------------------------------------------


async def test_memory_entries_expire() -> None:
    clock = FakeClock()
    cache = MemoryVerdictCache(ttl_s=60, clock=clock)
    await cache.set("k", sample())

    clock.now += 59.9
    assert await cache.get("k") == sample()
    clock.now += 0.1
    assert await cache.get("k") is None
    assert len(cache) == 0


async def test_memory_evicts_the_least_recently_used() -> None:
    cache = MemoryVerdictCache(maxsize=2)
    await cache.set("a", sample(0.1))
    await cache.set("b", sample(0.2))
    assert await cache.get("a") is not None  # "a" is now the most recent

    await cache.set("c", sample(0.3))

    assert await cache.get("b") is None
    assert (await cache.get("a")) == sample(0.1)
    assert (await cache.get("c")) == sample(0.3)


async def test_memory_hands_out_copies() -> None:
    cache = MemoryVerdictCache()
    verdict = sample()
    await cache.set("k", verdict)
    verdict.evidence[0].data["mutated"] = True

    got = await cache.get("k")
    assert got is not None
    got.evidence[0].data["also"] = True
    assert await cache.get("k") == sample()


# -- the sqlite cache ---------------------------------------------------------------


async def test_sqlite_persists_across_instances(tmp_path: Path) -> None:
    path = tmp_path / "nested" / "verdicts.sqlite3"
    await SqliteVerdictCache(path).set("k", sample(0.7))

    assert path.exists()
    assert await SqliteVerdictCache(path).get("k") == sample(0.7)
    assert await SqliteVerdictCache(path).get("missing") is None


async def test_the_sqlite_file_is_born_private(tmp_path: Path) -> None:
    # Cached verdicts quote drafts: a umask that takes nothing away must not
    # leave them readable by other users (SQLite alone makes the file 0644).
    previous = os.umask(0)
    try:
        path = tmp_path / "made" / "verdicts.db"
        await SqliteVerdictCache(path).set("k", sample(0.7))
    finally:
        os.umask(previous)
    assert stat.S_IMODE(path.stat().st_mode) == 0o600
    assert stat.S_IMODE(path.parent.stat().st_mode) == 0o700
    assert await SqliteVerdictCache(path).get("k") == sample(0.7)


async def test_sqlite_entries_expire(tmp_path: Path) -> None:
    clock = FakeClock()
    cache = SqliteVerdictCache(tmp_path / "v.db", ttl_s=10, clock=clock)
    await cache.set("old", sample())
    clock.now += 5
    await cache.set("new", sample())
    clock.now += 5

    assert await cache.get("old") is None
    assert await cache.purge_expired() == 0  # the read already removed it
    clock.now += 5
    assert await cache.purge_expired() == 1
    assert await cache.get("new") is None


async def test_cached_judge_survives_a_restart(tmp_path: Path) -> None:
    path = tmp_path / "verdicts.db"
    first_model = ScriptedModel([QUALITY])
    await Cached(Judge(first_model, "quality"), SqliteVerdictCache(path)).evaluate(
        subject(), context()
    )

    second_model = ScriptedModel([])  # would fail if called
    verdict = await Cached(Judge(second_model, "quality"), SqliteVerdictCache(path)).evaluate(
        subject(), context()
    )

    assert verdict.passed
    assert verdict.evidence[0].data["cached"] is True
    assert second_model.history == []
