"""The service's run executor: events stored before they are announced, in
few transactions (group commit), and nothing lost when the loop fails."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator, Sequence
from pathlib import Path
from typing import Any

import pytest

from redraft import Policy, RunEvent, RunRequest, stream_run
from redraft.evaluators import MustMatch
from redraft.providers import ScriptedModel
from redraft.server import _executor as executor_module
from redraft.server._executor import RunExecutor
from redraft.server._group_commit import GroupWriter
from redraft.store import RunSource, Store
from redraft.store._run_leases import Lease


class CountingStore(Store):
    """A store that remembers every transaction it was asked for: how many
    events, and how many runs' batches, each one held."""

    batches: list[int]
    groups: list[int]

    async def record_groups(
        self,
        groups: Sequence[tuple[Sequence[RunEvent], str]],
        *,
        lease: Lease | None = None,
        source: RunSource = "library",
    ) -> None:
        self.groups.append(len(groups))
        await super().record_groups(groups, lease=lease, source=source)
        self.batches.append(sum(len(events) for events, _ in groups))


@pytest.fixture
async def store(tmp_path: Path) -> AsyncIterator[CountingStore]:
    opened = await CountingStore.open(f"sqlite:///{tmp_path / 'runs.db'}")
    assert isinstance(opened, CountingStore)  # open() builds ``cls``; typed as Store
    opened.batches = []
    opened.groups = []
    try:
        yield opened
    finally:
        await opened.close()


async def test_a_streamed_run_is_stored_in_few_commits_and_announced_after_each(
    store: CountingStore,
) -> None:
    executor = RunExecutor(store)
    long_draft = " ".join(f"word{i}" for i in range(200)) + " Paris"
    handle = executor.start(
        tenant="acme",
        request=RunRequest.from_prompt("Q?"),
        generator=ScriptedModel(["no", long_draft]),
        evaluator=MustMatch("Paris"),
        policy=Policy(max_attempts=2),
    )
    announced: list[int] = []
    async for event in handle.events():
        stored = await store.events(handle.run_id, tenant="acme")
        assert stored is not None and event.seq in {e.seq for e in stored}
        announced.append(event.seq)
    await executor.aclose()

    assert announced == list(range(1, len(announced) + 1))
    assert sum(store.batches) == len(announced) > 200
    # The chunks of a draft arrive while a commit is under way and share the next one.
    assert len(store.batches) < len(announced) / 4
    run = await store.get_run(handle.run_id, tenant="acme")
    assert run is not None and run.status == "completed" and run.result is not None
    assert run.result.passed


async def test_events_before_a_loop_failure_are_stored_and_the_failure_surfaces(
    store: CountingStore, monkeypatch: pytest.MonkeyPatch
) -> None:
    # The loop turns provider and evaluator failures into results; what is
    # left is a bug in the loop itself, stood in for here.
    async def broken_loop(request: RunRequest, **kwargs: Any) -> AsyncIterator[RunEvent]:
        async for event in stream_run(request, **kwargs):
            yield event
            if event.type == "draft_started":
                raise RuntimeError("loop bug")

    monkeypatch.setattr(executor_module, "stream_run", broken_loop)
    executor = RunExecutor(store)
    handle = executor.start(
        tenant="acme",
        request=RunRequest.from_prompt("Q?"),
        generator=ScriptedModel(["draft"]),
        evaluator=MustMatch("x"),
        policy=Policy(max_attempts=1),
    )
    seen: list[RunEvent] = []

    async def drain() -> None:
        async for event in handle.events():
            seen.append(event)

    with pytest.raises(RuntimeError, match="loop bug"):
        await drain()
    await executor.aclose()
    stored = await store.events(handle.run_id, tenant="acme")
    assert [e.type for e in seen] == ["run_started", "draft_started"]
    assert stored is not None and [e.seq for e in stored] == [e.seq for e in seen]


async def test_concurrent_runs_share_commits_and_all_are_stored(store: CountingStore) -> None:
    executor = RunExecutor(store)
    handles = [
        executor.start(
            tenant="acme",
            request=RunRequest.from_prompt(f"Q{n}?"),
            generator=ScriptedModel([" ".join(["word"] * 50) + " Paris"]),
            evaluator=MustMatch("Paris"),
            policy=Policy(max_attempts=1),
        )
        for n in range(8)
    ]
    announced = {h.run_id: [e.seq async for e in h.events()] for h in handles}
    await executor.aclose()

    assert max(store.groups) > 1  # one transaction carried several runs' batches
    assert sum(store.batches) == sum(len(seqs) for seqs in announced.values())
    for handle in handles:
        run = await store.get_run(handle.run_id, tenant="acme")
        assert run is not None and run.status == "completed"
        stored = await store.events(handle.run_id, tenant="acme")
        assert stored is not None and [e.seq for e in stored] == announced[handle.run_id]


async def test_a_bad_batch_in_a_shared_commit_fails_only_its_writer(store: CountingStore) -> None:
    good = [e async for e in _run_events("A?", "a")]
    orphan = [e async for e in _run_events("B?", "b")]
    writer = GroupWriter(store)
    # Both batches are waiting before the writer first runs: one shared commit.
    outcomes = await asyncio.gather(
        writer.write(good, tenant="acme"),
        writer.write(orphan[1:], tenant="acme"),  # its run was never started
        return_exceptions=True,
    )
    await writer.aclose()

    assert outcomes[0] is None
    assert isinstance(outcomes[1], LookupError)
    assert store.groups == [2, 1, 1]  # the shared commit, then each batch alone
    stored = await store.events(good[0].run_id, tenant="acme")
    assert stored is not None and [e.seq for e in stored] == [e.seq for e in good]
    assert await store.get_run(orphan[0].run_id, tenant="acme") is None


def _run_events(prompt: str, answer: str) -> AsyncIterator[RunEvent]:
    return stream_run(
        RunRequest.from_prompt(prompt),
        generator=ScriptedModel([answer]),
        evaluator=MustMatch(answer),
    )


class TimedModel(ScriptedModel):
    """A scripted model that reports a decode speed, as the embedded one does."""

    @property
    def tokens_per_s(self) -> float | None:
        return 10.0


async def test_a_run_without_a_deadline_is_stored_with_the_one_sized_to_its_judge(
    store: CountingStore,
) -> None:
    executor = RunExecutor(store)
    handle = executor.start(
        tenant="acme",
        request=RunRequest.from_prompt("Q?"),
        generator=ScriptedModel(["Paris"]),
        evaluator=MustMatch("Paris"),
        policy=Policy(max_attempts=1),
        judge=TimedModel([]),
    )
    async for _ in handle.events():
        pass
    await executor.aclose()
    run = await store.get_run(handle.run_id, tenant="acme")
    assert run is not None and run.result is not None
    # 400 judge tokens at 10 tokens/s = 40 s; * 1.5 + 5 s = 65 s.
    assert run.result.policy.deadline_s == 65.0


async def test_a_run_stopped_at_the_event_cap_reports_the_deadline_it_ran_under(
    store: CountingStore,
) -> None:
    executor = RunExecutor(store, max_events=4)
    handle = executor.start(
        tenant="acme",
        request=RunRequest.from_prompt("Q?"),
        generator=ScriptedModel([" ".join(["word"] * 50)]),
        evaluator=MustMatch("Paris"),
        policy=Policy(max_attempts=1),
        judge=TimedModel([]),
    )
    events = [event async for event in handle.events()]
    await executor.aclose()
    result = getattr(events[-1], "result", None)
    assert events[-1].type == "run_failed" and result is not None
    assert result.policy.deadline_s == 65.0
