"""The circuit breaker: opens after failures, refuses without calling,
half-opens after the reset, and the registry wraps what it builds."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncGenerator

import pytest

from redraft import (
    CircuitOpenError,
    ConfigurationError,
    Message,
    ModelRequest,
    Policy,
    ProviderAuthError,
    ProviderConnectionError,
    ProviderError,
    ProviderResponseError,
)
from redraft.core._ledger import Ledger
from redraft.providers import (
    BreakerState,
    CircuitBreaker,
    EchoModel,
    FunctionModel,
    ProviderRegistry,
    ScriptedModel,
)


class FakeClock:
    def __init__(self) -> None:
        self.now = 100.0

    def __call__(self) -> float:
        return self.now


def ask(text: str = "hi") -> ModelRequest:
    return ModelRequest(messages=[Message(role="user", content=text)], max_tokens=32)


def down(n: int) -> list[ProviderError]:
    return [ProviderResponseError("answered 503", status=503, retryable=True) for _ in range(n)]


def state_of(breaker: CircuitBreaker) -> BreakerState:
    """The breaker's state read afresh (a plain ``breaker.state`` would stay
    narrowed, for mypy, by the assertion before it)."""
    return breaker.state


async def fail(breaker: CircuitBreaker, times: int) -> None:
    for _ in range(times):
        with pytest.raises(ProviderError):
            await breaker.complete(ask())


async def test_it_looks_like_the_provider_it_wraps() -> None:
    inner = ScriptedModel(["hello"], model="m1")
    breaker = CircuitBreaker(inner)

    assert (breaker.name, breaker.model, breaker.spec) == ("scripted", "m1", "scripted:m1")
    assert breaker.is_real is False
    assert breaker.supports_json_schema is True
    messages = [Message(role="user", content="two words")]
    assert breaker.input_token_bound(messages) == inner.input_token_bound(messages)
    assert (await breaker.complete(ask())).text == "hello"
    assert state_of(breaker) == "closed"


async def test_opens_after_n_consecutive_failures_and_refuses_without_calling() -> None:
    clock = FakeClock()
    inner = ScriptedModel([*down(3), "never"])
    breaker = CircuitBreaker(inner, failures=3, reset_after_s=30, clock=clock)

    await fail(breaker, 2)
    assert state_of(breaker) == "closed"
    await fail(breaker, 1)
    assert state_of(breaker) == "open"

    with pytest.raises(CircuitOpenError) as caught:
        await breaker.complete(ask())

    assert len(inner.history) == 3  # no call was made
    message = str(caught.value)
    assert "scripted:scripted" in message
    assert "30.0s" in message
    assert caught.value.reset_at == pytest.approx(130.0)
    assert caught.value.retryable is False


async def test_a_success_resets_the_count() -> None:
    inner = ScriptedModel([*down(2), "ok", *down(2), "ok"])
    breaker = CircuitBreaker(inner, failures=3)

    await fail(breaker, 2)
    await breaker.complete(ask())
    await fail(breaker, 2)
    assert state_of(breaker) == "closed"
    assert breaker.consecutive_failures == 2


async def test_half_opens_after_the_reset_and_closes_on_success() -> None:
    clock = FakeClock()
    inner = ScriptedModel([*down(2), "back again"])
    breaker = CircuitBreaker(inner, failures=2, reset_after_s=10, clock=clock)
    await fail(breaker, 2)

    clock.now += 9.9
    assert state_of(breaker) == "open"
    clock.now += 0.1
    assert state_of(breaker) == "half_open"

    assert (await breaker.complete(ask())).text == "back again"
    assert state_of(breaker) == "closed"
    assert breaker.consecutive_failures == 0


async def test_a_failed_trial_reopens_it() -> None:
    clock = FakeClock()
    inner = ScriptedModel(down(3))
    breaker = CircuitBreaker(inner, failures=2, reset_after_s=10, clock=clock)
    await fail(breaker, 2)
    clock.now += 10

    await fail(breaker, 1)  # the trial

    assert state_of(breaker) == "open"
    with pytest.raises(CircuitOpenError):
        await breaker.complete(ask())
    assert len(inner.history) == 3
    clock.now += 10
    assert state_of(breaker) == "half_open"


async def test_half_open_lets_only_one_trial_through() -> None:
    clock = FakeClock()
    release = asyncio.Event()
    calls = 0

    async def answer(request: ModelRequest) -> str:
        nonlocal calls
        calls += 1
        if calls == 1:
            raise ProviderConnectionError("down")
        await release.wait()
        return "trial ok"

    breaker = CircuitBreaker(FunctionModel(answer), failures=1, reset_after_s=5, clock=clock)
    await fail(breaker, 1)
    clock.now += 5

    task = asyncio.create_task(breaker.complete(ask()))
    await asyncio.sleep(0)
    assert state_of(breaker) == "half_open"
    with pytest.raises(CircuitOpenError, match="trial call is in flight"):
        await breaker.complete(ask())
    release.set()
    assert (await task).text == "trial ok"
    assert calls == 2
    assert state_of(breaker) == "closed"


async def test_auth_and_client_errors_do_not_open_it() -> None:
    inner = ScriptedModel(
        [
            ProviderAuthError("key refused", status=401),
            ProviderResponseError("context too long", status=400),
            ProviderAuthError("key refused", status=401),
        ]
    )
    breaker = CircuitBreaker(inner, failures=1)

    await fail(breaker, 3)

    assert state_of(breaker) == "closed"
    assert breaker.consecutive_failures == 0


async def test_streams_count_too() -> None:
    clock = FakeClock()
    inner = ScriptedModel([ProviderConnectionError("reset"), "streamed answer"])
    breaker = CircuitBreaker(inner, failures=1, reset_after_s=1, clock=clock)

    with pytest.raises(ProviderConnectionError):
        async for _ in breaker.stream(ask()):
            pass
    assert state_of(breaker) == "open"

    clock.now += 1
    text = "".join([c.delta async for c in breaker.stream(ask())])
    assert text == "streamed answer"
    assert state_of(breaker) == "closed"


async def test_the_ledger_records_a_refused_call_and_does_not_retry_it() -> None:
    clock = FakeClock()
    inner = ScriptedModel(down(1))
    breaker = CircuitBreaker(inner, failures=1, clock=clock)
    ledger = Ledger(Policy(provider_retries=0))
    with pytest.raises(ProviderResponseError):
        await ledger.complete(breaker, ask(), kind="judge", attempt=1)

    ledger = Ledger(Policy(provider_retries=3))
    with pytest.raises(CircuitOpenError):
        await ledger.complete(breaker, ask(), kind="judge", attempt=1)

    [record] = ledger.calls
    assert record.status == "error"
    assert record.provider == "scripted"
    assert "CircuitOpenError" in (record.error or "")


def test_bad_settings_are_refused() -> None:
    with pytest.raises(ValueError, match="failures"):
        CircuitBreaker(EchoModel(), failures=0)
    with pytest.raises(ValueError, match="reset_after_s"):
        CircuitBreaker(EchoModel(), reset_after_s=0)
    with pytest.raises(ConfigurationError, match="breaker_failures"):
        ProviderRegistry(breaker_failures=0)
    with pytest.raises(ConfigurationError, match="breaker_reset_s"):
        ProviderRegistry(breaker_failures=2, breaker_reset_s=-1)


async def test_the_registry_wraps_what_it_builds_when_configured() -> None:
    registry = ProviderRegistry(breaker_failures=2, breaker_reset_s=7.5)
    own = ScriptedModel(["mine"])
    registry.add("scripted:own", own)

    built = registry.get("scripted")

    assert isinstance(built, CircuitBreaker)
    assert isinstance(built.provider, EchoModel)
    assert (built.failures, built.reset_after_s) == (2, 7.5)
    assert registry.get("scripted") is built  # one shared breaker per spec
    assert registry.get("scripted:own") is own  # added providers are kept as given
    assert built.spec == "scripted:echo"
    await registry.aclose()


def test_the_registry_does_not_wrap_by_default() -> None:
    assert isinstance(ProviderRegistry().get("scripted"), EchoModel)


async def test_a_cancelled_trial_frees_the_slot() -> None:
    clock = FakeClock()
    started = asyncio.Event()

    calls = 0

    async def answer(request: ModelRequest) -> str:
        nonlocal calls
        calls += 1
        if calls == 1:
            raise ProviderConnectionError("down")
        if calls == 2:
            started.set()
            await asyncio.Event().wait()  # hangs until cancelled
        return "second trial"

    breaker = CircuitBreaker(FunctionModel(answer), failures=1, reset_after_s=5, clock=clock)
    await fail(breaker, 1)
    clock.now += 5

    task = asyncio.create_task(breaker.complete(ask()))
    await started.wait()
    task.cancel()
    with pytest.raises(asyncio.CancelledError):
        await task

    assert state_of(breaker) == "half_open"  # cancellation taught nothing
    assert (await breaker.complete(ask())).text == "second trial"
    assert state_of(breaker) == "closed"


async def test_a_stream_the_caller_stops_early_counts_as_success() -> None:
    clock = FakeClock()
    inner = ScriptedModel([ProviderConnectionError("reset"), "one two three four"])
    breaker = CircuitBreaker(inner, failures=1, reset_after_s=1, clock=clock)
    await fail(breaker, 1)
    clock.now += 1

    stream = breaker.stream(ask())
    assert isinstance(stream, AsyncGenerator)
    first = await anext(stream)
    await stream.aclose()

    assert first.delta == "one "
    assert state_of(breaker) == "closed"
