"""The service's run executor: events stored before they are announced, in
few transactions (group commit), and nothing lost when the loop fails."""

from __future__ import annotations

from collections.abc import AsyncIterator, Sequence
from pathlib import Path
from typing import Any

import pytest

from redraft import Policy, RunEvent, RunRequest, stream_run
from redraft.evaluators import MustMatch
from redraft.providers import ScriptedModel
from redraft.server import _executor as executor_module
from redraft.server._executor import RunExecutor, StoreUnavailableError
from redraft.store import Store


class CountingStore(Store):
    """A store that remembers the size of every batch it committed."""

    batches: list[int]

    async def record_many(self, events: Sequence[RunEvent], *, tenant: str) -> None:
        await super().record_many(events, tenant=tenant)
        self.batches.append(len(events))


@pytest.fixture
async def store(tmp_path: Path) -> AsyncIterator[CountingStore]:
    opened = await CountingStore.open(f"sqlite:///{tmp_path / 'runs.db'}")
    opened.batches = []
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

    with pytest.raises(StoreUnavailableError, match="loop bug"):
        await drain()
    await executor.aclose()
    stored = await store.events(handle.run_id, tenant="acme")
    assert [e.type for e in seen] == ["run_started", "draft_started"]
    assert stored is not None and [e.seq for e in stored] == [e.seq for e in seen]
