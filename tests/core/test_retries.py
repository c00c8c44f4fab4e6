"""Provider retries in the ledger: backoff, Retry-After, deadlines, budgets.

Time is fake throughout: the ledger gets a clock and a sleep that only
advance a counter, so no test waits.
"""

from __future__ import annotations

import random
from collections.abc import AsyncIterator

import pytest

from redraft import (
    BudgetExhaustedError,
    Completion,
    Message,
    ModelRequest,
    Policy,
    ProviderAuthError,
    ProviderConnectionError,
    ProviderError,
    ProviderRateLimitError,
    ProviderResponseError,
    ProviderTimeoutError,
    Usage,
    run,
)
from redraft.core import StreamChunk
from redraft.core._ledger import Ledger
from redraft.evaluators import MaxWords
from redraft.providers import FunctionModel, Provider, ScriptedModel


class FakeTime:
    def __init__(self) -> None:
        self.now = 0.0
        self.sleeps: list[float] = []

    def clock(self) -> float:
        return self.now

    async def sleep(self, seconds: float) -> None:
        self.sleeps.append(seconds)
        self.now += seconds


@pytest.fixture
def fake() -> FakeTime:
    return FakeTime()


def ledger_for(fake: FakeTime, **policy: object) -> Ledger:
    return Ledger(
        Policy.model_validate(policy), clock=fake.clock, sleep=fake.sleep, rng=random.Random(7)
    )


def ask(text: str = "hello there", max_tokens: int = 64) -> ModelRequest:
    return ModelRequest(messages=[Message(role="user", content=text)], max_tokens=max_tokens)


def server_error(status: int = 503) -> ProviderResponseError:
    return ProviderResponseError(f"answered {status}", status=status, retryable=True)


class DroppingModel(Provider):
    """Streams some text, then the connection drops."""

    name = "dropping"
    model = "drop"
    is_real = False

    def __init__(self) -> None:
        self.calls = 0

    async def complete(self, request: ModelRequest) -> Completion:
        raise AssertionError("only streamed")

    async def stream(self, request: ModelRequest) -> AsyncIterator[StreamChunk]:
        self.calls += 1
        yield StreamChunk(delta="partial ")
        raise ProviderConnectionError("connection reset by peer", provider=self.name)


async def test_rate_limit_waits_for_retry_after_then_succeeds(fake: FakeTime) -> None:
    model = ScriptedModel([ProviderRateLimitError("slow down", retry_after=3), "hello"])
    ledger = ledger_for(fake, retry_backoff_s=0.5)

    completion = await ledger.complete(model, ask(), kind="judge", attempt=1)

    assert completion.text == "hello"
    assert fake.sleeps == [3.0]  # the jittered 0.5s backoff is below Retry-After
    assert [(c.retry, c.status) for c in ledger.calls] == [(0, "error"), (1, "ok")]
    assert "slow down" in (ledger.calls[0].error or "")
    assert len(model.history) == 2


async def test_backoff_doubles_with_jitter(fake: FakeTime) -> None:
    model = ScriptedModel([server_error(500), server_error(502), server_error(503), "done"])
    ledger = ledger_for(fake, provider_retries=3, retry_backoff_s=1.0)

    completion = await ledger.complete(model, ask(), kind="draft", attempt=1)

    assert completion.text == "done"
    assert len(fake.sleeps) == 3
    for n, wait in enumerate(fake.sleeps):
        assert 0.75 * 2**n <= wait < 1.25 * 2**n
    assert [c.retry for c in ledger.calls] == [0, 1, 2, 3]
    assert [c.status for c in ledger.calls] == ["error", "error", "error", "ok"]


async def test_server_errors_then_success_keep_the_attempt_number(fake: FakeTime) -> None:
    model = ScriptedModel([server_error(), server_error(), "fine"])
    ledger = ledger_for(fake, provider_retries=2)

    completion = await ledger.complete(model, ask(), kind="draft", attempt=3)

    assert completion.text == "fine"
    assert [c.attempt for c in ledger.calls] == [3, 3, 3]  # retries are not attempts
    assert [c.retry for c in ledger.calls] == [0, 1, 2]


@pytest.mark.parametrize(
    "failure",
    [
        ProviderConnectionError("connection reset", provider="scripted"),
        ProviderTimeoutError("read timed out", provider="scripted"),
    ],
)
async def test_dropped_before_any_text_is_retried_when_streaming(
    fake: FakeTime, failure: ProviderError
) -> None:
    model = ScriptedModel([failure, "hi there friend"])
    ledger = ledger_for(fake)

    deltas = [c.delta async for c in ledger.stream(model, ask(), kind="draft", attempt=1)]

    assert "".join(deltas) == "hi there friend"
    assert [(c.retry, c.status) for c in ledger.calls] == [(0, "error"), (1, "ok")]
    assert len(fake.sleeps) == 1


async def test_exhausted_retries_raise_the_last_error_and_record_every_try(
    fake: FakeTime,
) -> None:
    model = ScriptedModel([server_error(500), server_error(502), server_error(503)])
    ledger = ledger_for(fake, provider_retries=2)

    with pytest.raises(ProviderResponseError, match="503"):
        await ledger.complete(model, ask(), kind="judge", attempt=1)

    assert [(c.retry, c.status) for c in ledger.calls] == [(0, "error"), (1, "error"), (2, "error")]
    assert len(fake.sleeps) == 2
    assert not model.queue


async def test_no_retries_when_the_policy_says_none(fake: FakeTime) -> None:
    model = ScriptedModel([server_error(), "never"])
    ledger = ledger_for(fake, provider_retries=0)

    with pytest.raises(ProviderResponseError):
        await ledger.complete(model, ask(), kind="judge", attempt=1)
    assert len(ledger.calls) == 1
    assert fake.sleeps == []


async def test_a_stream_that_already_yielded_text_is_not_retried(fake: FakeTime) -> None:
    model = DroppingModel()
    ledger = ledger_for(fake, provider_retries=3)
    deltas: list[str] = []

    async def read() -> None:
        async for chunk in ledger.stream(model, ask(), kind="draft", attempt=1):
            deltas.append(chunk.delta)

    with pytest.raises(ProviderConnectionError):
        await read()

    assert deltas == ["partial "]  # the caller owns the partial text
    assert model.calls == 1
    assert fake.sleeps == []
    [record] = ledger.calls
    assert (record.status, record.text, record.retry) == ("error", "partial ", 0)
    assert record.usage.total_tokens > 0  # text came back: the prompt was processed


async def test_a_wait_that_would_cross_the_deadline_is_not_taken(fake: FakeTime) -> None:
    model = ScriptedModel([ProviderRateLimitError("slow down", retry_after=10), "late"])
    ledger = ledger_for(fake, deadline_s=5)

    with pytest.raises(ProviderRateLimitError):
        await ledger.complete(model, ask(), kind="judge", attempt=1)

    assert fake.sleeps == []
    assert len(ledger.calls) == 1
    assert model.queue  # the second answer was never asked for


async def test_a_wait_inside_the_deadline_is_taken(fake: FakeTime) -> None:
    model = ScriptedModel([ProviderRateLimitError("slow down", retry_after=3), "in time"])
    ledger = ledger_for(fake, deadline_s=10)

    completion = await ledger.complete(model, ask(), kind="judge", attempt=1)

    assert completion.text == "in time"
    assert fake.sleeps == [3.0]
    assert ledger.remaining_time() == pytest.approx(7.0)


async def test_a_failure_after_the_deadline_raises_budget_exhausted(fake: FakeTime) -> None:
    def slow_failure(request: ModelRequest) -> str:
        fake.now += 6  # the call itself used up the run's time
        raise server_error()

    ledger = ledger_for(fake, deadline_s=5)

    with pytest.raises(BudgetExhaustedError) as caught:
        await ledger.complete(FunctionModel(slow_failure), ask(), kind="judge", attempt=1)

    assert caught.value.limit == "deadline"
    assert isinstance(caught.value.__cause__, ProviderResponseError)
    assert fake.sleeps == []


async def test_retry_after_beyond_the_longest_wait_is_not_honoured(fake: FakeTime) -> None:
    model = ScriptedModel([ProviderRateLimitError("come back in an hour", retry_after=3600), "x"])
    ledger = Ledger(Policy(), clock=fake.clock, sleep=fake.sleep, max_retry_wait_s=60)

    with pytest.raises(ProviderRateLimitError) as caught:
        await ledger.complete(model, ask(), kind="judge", attempt=1)

    assert caught.value.retry_after == 3600
    assert fake.sleeps == []


async def test_failed_tries_release_their_reservation(fake: FakeTime) -> None:
    model = ScriptedModel(
        [ProviderRateLimitError("slow down", retry_after=1), "four words right here"]
    )
    ledger = ledger_for(fake, token_budget=1000)

    await ledger.complete(model, ask(), kind="judge", attempt=1)

    failed, succeeded = ledger.calls
    assert failed.usage.total_tokens == 0  # refused: nothing was processed
    assert ledger.usage == succeeded.usage
    assert ledger.remaining_tokens() == 1000 - succeeded.usage.total_tokens


async def test_each_retry_must_fit_the_token_budget(fake: FakeTime) -> None:
    model = ScriptedModel([ProviderRateLimitError("slow down", retry_after=1), "never sent"])
    hog = ScriptedModel(
        [
            Completion(
                text="big", usage=Usage(input_tokens=990, output_tokens=5), finish_reason="stop"
            )
        ]
    )
    ledger = ledger_for(fake, token_budget=1000)

    async def busy_sleep(seconds: float) -> None:
        # Another call of the same run spends the budget during the backoff.
        await ledger.complete(hog, ask("other"), kind="draft", attempt=1)

    ledger._sleep = busy_sleep

    with pytest.raises(BudgetExhaustedError) as caught:
        await ledger.complete(model, ask(), kind="judge", attempt=1)

    assert caught.value.limit == "tokens"
    assert isinstance(caught.value.__cause__, ProviderRateLimitError)
    assert [c.provider for c in ledger.calls] == ["scripted", "scripted"]
    assert [c.status for c in ledger.calls] == ["error", "ok"]
    assert len(model.history) == 1  # the retry was never sent


async def test_retries_shrink_max_tokens_to_what_is_left(fake: FakeTime) -> None:
    model = ScriptedModel([server_error(), "ok"])
    ledger = ledger_for(fake, token_budget=40)

    await ledger.complete(model, ask(max_tokens=500), kind="judge", attempt=1)

    assert all(c.parameters["max_tokens"] < 40 for c in ledger.calls)


@pytest.mark.parametrize("retryable", [False, True])
async def test_auth_errors_are_never_retried(fake: FakeTime, retryable: bool) -> None:
    error = ProviderAuthError("key refused", status=401, retryable=retryable)
    model = ScriptedModel([error, "never"])
    ledger = ledger_for(fake, provider_retries=5)

    with pytest.raises(ProviderAuthError):
        await ledger.complete(model, ask(), kind="judge", attempt=1)
    assert len(ledger.calls) == 1
    assert fake.sleeps == []


async def test_non_retryable_errors_are_not_retried(fake: FakeTime) -> None:
    model = ScriptedModel([ProviderError("bad request", status=400), "never"])
    ledger = ledger_for(fake)

    with pytest.raises(ProviderError, match="bad request"):
        await ledger.complete(model, ask(), kind="judge", attempt=1)
    assert len(ledger.calls) == 1


async def test_a_run_records_retries_of_its_draft() -> None:
    generator = ScriptedModel([ProviderRateLimitError("busy", retry_after=0), "a short answer"])

    result = await run(
        "say something",
        generator=generator,
        evaluator=MaxWords(10),
        policy=Policy(retry_backoff_s=0.0, max_attempts=1),
    )

    assert result.passed
    assert result.final_answer == "a short answer"
    assert [(c.attempt, c.retry, c.status) for c in result.calls] == [
        (1, 0, "error"),
        (1, 1, "ok"),
    ]
