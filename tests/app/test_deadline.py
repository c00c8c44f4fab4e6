"""A deadline the caller did not set is sized to models that run on this
machine; one set, ``None`` included, is kept. The speeds here are reported by
test doubles, never measured."""

from __future__ import annotations

from collections.abc import Iterable

import pytest

from redraft import Policy, Redrafter, RunStarted, stream_run
from redraft.app._deadline import sized_deadline, with_sized_deadline
from redraft.core._provider import Provider
from redraft.core._types import DEFAULT_DEADLINE_S
from redraft.testing import ScriptedModel


class TimedModel(ScriptedModel):
    """A scripted model that reports a decode speed, as the embedded one does."""

    def __init__(self, script: Iterable[str] = (), *, tokens_per_s: float) -> None:
        super().__init__(script)
        self._speed = tokens_per_s

    @property
    def tokens_per_s(self) -> float | None:
        return self._speed


SLOW = TimedModel(tokens_per_s=10.0)


def test_every_draft_and_judge_call_the_policy_allows_is_paid_for_with_a_margin() -> None:
    policy = Policy(max_attempts=3, max_tokens=256)
    # Drafts: 3 * 256 tokens at 10 tokens/s = 76.8 s; * 1.5 + 5 s = 120.2 → 121.
    assert sized_deadline(policy, generator=SLOW) == 121.0
    # Judge calls: 3 * 400 tokens at 10 tokens/s = 120 s more: (196.8 * 1.5 + 5) → 301.
    assert sized_deadline(policy, generator=SLOW, judge=SLOW) == 301.0
    # A judge that reports no speed (a hosted model) adds nothing of its own.
    assert sized_deadline(policy, generator=SLOW, judge=ScriptedModel([])) == 121.0
    assert sized_deadline(policy, generator=ScriptedModel([]), judge=SLOW) == 185.0


def test_a_sized_deadline_is_never_under_the_default() -> None:
    fast = TimedModel(tokens_per_s=10_000.0)
    assert sized_deadline(Policy(), generator=fast, judge=fast) == DEFAULT_DEADLINE_S == 30.0


def test_providers_that_report_no_speed_keep_the_default() -> None:
    hosted: Provider = ScriptedModel([])
    assert hosted.tokens_per_s is None
    assert sized_deadline(Policy(), generator=hosted, judge=hosted) is None
    assert with_sized_deadline(Policy(), generator=hosted).deadline_s == DEFAULT_DEADLINE_S


@pytest.mark.parametrize("given", [12.0, None])
def test_a_deadline_given_explicitly_is_kept(given: float | None) -> None:
    policy = Policy(deadline_s=given)
    assert with_sized_deadline(policy, generator=SLOW, judge=SLOW) is policy


def test_an_unset_deadline_is_sized_and_then_counts_as_set() -> None:
    sized = with_sized_deadline(Policy(max_attempts=1, max_tokens=100), generator=SLOW)
    assert sized.deadline_s == 30.0  # 10 s * 1.5 + 5 s is under the floor
    sized = with_sized_deadline(Policy(max_attempts=2, max_tokens=500), generator=SLOW)
    assert sized.deadline_s == 155.0
    # Sizing it again (a replay, a second layer) leaves it as it is.
    assert with_sized_deadline(sized, generator=TimedModel(tokens_per_s=1.0)) is sized


async def test_the_run_announces_and_returns_the_deadline_it_used() -> None:
    model = TimedModel(["one", "two"], tokens_per_s=10.0)
    events = [
        event
        async for event in stream_run(
            "Q?",
            generator=model,
            evaluator=None,
            policy=Policy(max_attempts=1, max_tokens=256),
            judge=model,
        )
    ]
    started = events[0]
    assert isinstance(started, RunStarted)
    # 256 + 400 tokens at 10 tokens/s = 65.6 s; * 1.5 + 5 s = 103.4 → 104.
    assert started.policy.deadline_s == 104.0
    result = getattr(events[-1], "result", None)
    assert result is not None and result.policy.deadline_s == 104.0


def test_a_redrafter_sizes_an_unset_deadline_for_its_generator_and_judge() -> None:
    model = TimedModel(["Paris.", "Paris."], tokens_per_s=10.0)
    with Redrafter(model=model, must_match=["Paris"], max_attempts=1, max_tokens=256) as r:
        # The generator judges its own drafts: both parts count.
        assert r.run_sync("Capital of France?").policy.deadline_s == 104.0


@pytest.mark.parametrize("given", [12.0, None])
def test_a_redrafter_keeps_a_deadline_it_was_given(given: float | None) -> None:
    model = TimedModel(["Paris."], tokens_per_s=10.0)
    with Redrafter(model=model, judge_model="none", must_match=["Paris"], deadline_s=given) as r:
        assert r.run_sync("Capital of France?").policy.deadline_s == given


def test_options_laid_over_a_policy_leave_its_unset_deadline_unset() -> None:
    model = TimedModel(["Paris."], tokens_per_s=10.0)
    with Redrafter(
        model=model, judge_model="none", must_match=["Paris"], policy=Policy(), max_attempts=1
    ) as r:
        assert "deadline_s" not in r.policy.model_fields_set
        # Drafts only (no judge): 512 tokens at 10 tokens/s = 51.2 s; * 1.5 + 5 → 82.
        assert r.run_sync("Capital of France?").policy.deadline_s == 82.0
