"""The OpenAI and Anthropic providers through their official SDKs against the
loopback fake servers: what both must do alike. Each vendor's wire-format
tests are in ``test_provider_openai.py`` and ``test_provider_anthropic.py``."""

from __future__ import annotations

import threading
from collections.abc import AsyncIterator
from typing import Any

import pytest

from _vendors import VENDORS, WEATHER_PARAMETERS, Vendor, ask, running, sent_key
from redraft import (
    Completion,
    ConfigurationError,
    Message,
    ModelRequest,
    Policy,
    ProviderAuthError,
    ProviderConnectionError,
    ProviderError,
    ProviderRateLimitError,
    ProviderResponseError,
    ProviderTimeoutError,
    RealModelCallBlockedError,
    Toolbox,
    ToolCall,
    ToolExecution,
    ToolSpec,
    Usage,
)
from redraft.core import StreamChunk, ToolConversation
from redraft.core._ledger import Ledger
from redraft.core._tool_loop import assistant_tool_message, draft_with_tools, tool_result_message
from redraft.providers import Provider, ProviderRegistry
from redraft.providers._http import parse_retry_after, redact
from redraft.testing import FakeError, FakeToolCalls


@pytest.fixture(params=VENDORS, ids=lambda kind: kind.name)
async def vendor(
    request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch
) -> AsyncIterator[Vendor]:
    with running(request.param, monkeypatch) as running_vendor:
        yield running_vendor
        await running_vendor.aclose()


async def call(provider: Provider, *, streaming: bool) -> str:
    if streaming:
        return "".join([c.delta async for c in provider.stream(ask())])
    return (await provider.complete(ask())).text


@pytest.mark.real_calls
async def test_optional_fields_are_sent_only_when_set(vendor: Vendor) -> None:
    vendor.server.add("a", "b")
    provider = vendor.provider()
    await provider.complete(ask())
    await provider.complete(ask(temperature=0.3))
    plain, warm = vendor.bodies()
    for field in ("temperature", "response_format", "output_config", "stop", "stop_sequences"):
        assert field not in plain
    assert "system" not in plain
    assert warm["temperature"] == 0.3


@pytest.mark.real_calls
async def test_stream_yields_deltas_then_usage_on_the_last_chunk(vendor: Vendor) -> None:
    text = "Paris  is\nthe capital of France."
    vendor.server.add(text)
    chunks: list[StreamChunk] = [c async for c in vendor.provider().stream(ask())]

    *deltas, last = chunks
    assert len(deltas) == 6
    assert "".join(c.delta for c in deltas) == text
    assert all(c.usage is None and c.finish_reason is None for c in deltas)
    assert last.delta == ""
    assert last.usage == Usage(input_tokens=6, output_tokens=6)
    assert last.finish_reason == "stop"
    assert last.model == vendor.model
    [body] = vendor.bodies()
    assert body["stream"] is True
    assert body.get("stream_options") == vendor.stream_options


@pytest.mark.real_calls
@pytest.mark.parametrize("limit", [2, 3])
async def test_output_cut_at_max_tokens_reports_length(vendor: Vendor, limit: int) -> None:
    words = "one two three four five six"
    vendor.server.add(words, words)
    provider = vendor.provider()
    completion = await provider.complete(ask(max_tokens=limit))
    chunks = [c async for c in provider.stream(ask(max_tokens=limit))]
    assert completion.text == "".join(f"{word} " for word in words.split()[:limit])
    assert completion.finish_reason == "length"
    assert "".join(c.delta for c in chunks) == completion.text
    assert chunks[-1].finish_reason == "length"
    assert chunks[-1].usage == Usage(input_tokens=6, output_tokens=limit)


@pytest.mark.real_calls
async def test_environment_variables_configure_the_client(
    vendor: Vendor, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv(f"{vendor.name.upper()}_BASE_URL", vendor.server.base_url)
    monkeypatch.setenv(f"{vendor.name.upper()}_API_KEY", "sk-from-the-environment")
    vendor.server.add("ok")
    provider = ProviderRegistry().get(f"{vendor.name}:{vendor.model}")
    assert isinstance(provider, vendor.provider_class)
    assert (await provider.complete(ask())).text == "ok"
    [sent] = vendor.server.requests
    assert sent_key(sent) == "sk-from-the-environment"
    assert sent["body"]["model"] == vendor.model
    await provider.aclose()


async def test_no_key_is_a_configuration_error(vendor: Vendor) -> None:
    provider = vendor.provider_class(vendor.model)  # constructing needs nothing
    variable = f"{vendor.name.upper()}_API_KEY"
    with pytest.raises(ConfigurationError, match=variable):
        await provider.complete(ask())
    with pytest.raises(ConfigurationError, match=variable):
        [c async for c in provider.stream(ask())]


@pytest.mark.real_calls
@pytest.mark.parametrize(
    ("status", "error_type", "retryable"),
    [
        (401, ProviderAuthError, False),
        (403, ProviderAuthError, False),
        (400, ProviderResponseError, False),
        (404, ProviderResponseError, False),
        (500, ProviderResponseError, True),
        (503, ProviderResponseError, True),
        (529, ProviderResponseError, True),
    ],
)
@pytest.mark.parametrize("streaming", [False, True])
async def test_status_errors_are_translated(
    vendor: Vendor,
    status: int,
    error_type: type[ProviderError],
    retryable: bool,
    streaming: bool,
) -> None:
    vendor.server.add(FakeError(status))
    with pytest.raises(error_type) as caught:
        await call(vendor.provider(), streaming=streaming)
    assert type(caught.value) is error_type
    assert caught.value.provider == vendor.name
    assert caught.value.status == status
    assert caught.value.retryable is retryable
    assert f"fake error {status}" in str(caught.value)


@pytest.mark.real_calls
@pytest.mark.parametrize("header", ["Retry-After", "retry-after"])
async def test_rate_limit_carries_retry_after(vendor: Vendor, header: str) -> None:
    vendor.server.add(FakeError(429, headers={header: "7"}), FakeError(429))
    provider = vendor.provider()
    with pytest.raises(ProviderRateLimitError) as caught:
        await provider.complete(ask())
    assert caught.value.retry_after == 7.0
    assert caught.value.status == 429
    assert caught.value.retryable
    assert caught.value.provider == vendor.name
    with pytest.raises(ProviderRateLimitError) as without_header:
        await provider.complete(ask())
    assert without_header.value.retry_after is None


@pytest.mark.real_calls
async def test_the_sdk_retries_before_giving_up(vendor: Vendor) -> None:
    vendor.server.add(FakeError(429, headers={"retry-after-ms": "1"}), "after a retry")
    provider = vendor.provider(max_retries=1)
    assert (await provider.complete(ask())).text == "after a retry"
    assert len(vendor.server.requests) == 2


@pytest.mark.real_calls
async def test_api_keys_never_reach_error_messages(vendor: Vendor) -> None:
    key = vendor.key
    vendor.server.add(
        FakeError(401, vendor.error_body(401, f"Incorrect API key provided: {key}.")),
        FakeError(500, vendor.error_body(500, f"Bearer {key}")),
    )
    provider = vendor.provider()
    for error_type in (ProviderAuthError, ProviderError):
        with pytest.raises(error_type) as caught:
            await provider.complete(ask())
        assert key not in str(caught.value)
        assert "secret-key" not in str(caught.value)
        assert "[redacted]" in str(caught.value)


@pytest.mark.real_calls
async def test_connection_refused_is_a_connection_error(vendor: Vendor) -> None:
    with vendor.fake() as closed:
        base_url = closed.base_url
    provider = vendor.provider(base_url=base_url)
    with pytest.raises(ProviderConnectionError) as caught:
        await provider.complete(ask())
    assert caught.value.provider == vendor.name
    assert caught.value.retryable
    assert vendor.key not in str(caught.value)
    with pytest.raises(ProviderConnectionError):
        [c async for c in provider.stream(ask())]


@pytest.mark.real_calls
async def test_a_server_that_does_not_answer_in_time_is_a_timeout(vendor: Vendor) -> None:
    release = threading.Event()
    vendor.server.add(lambda body: "too late" if release.wait(10) else "never released")
    try:
        with pytest.raises(ProviderTimeoutError) as caught:
            await vendor.provider(timeout=0.2).complete(ask())
    finally:
        release.set()
    assert caught.value.provider == vendor.name
    assert caught.value.retryable


@pytest.mark.real_calls
async def test_a_body_without_an_answer_is_a_response_error(vendor: Vendor) -> None:
    body, message = {
        "openai": ({"object": "something else"}, "without a completion choice"),
        "anthropic": ({"type": "message"}, "without message content"),
    }[vendor.name]
    vendor.server.add(FakeError(200, body))
    with pytest.raises(ProviderResponseError, match=message):
        await vendor.provider().complete(ask())


@pytest.mark.real_calls
async def test_through_the_ledger_when_allowed(vendor: Vendor) -> None:
    vendor.server.add("streamed through the ledger")
    ledger = Ledger(Policy())
    chunks = [c async for c in ledger.stream(vendor.provider(), ask(), kind="draft", attempt=1)]
    assert "".join(c.delta for c in chunks) == "streamed through the ledger"
    [record] = ledger.calls
    assert (record.provider, record.model, record.status) == (vendor.name, vendor.model, "ok")
    assert record.usage == Usage(input_tokens=6, output_tokens=4)
    assert vendor.key not in record.model_dump_json()


@pytest.mark.parametrize("kind", ["draft", "judge"])
async def test_real_calls_are_blocked_by_default(vendor: Vendor, kind: Any) -> None:
    vendor.server.add("must not be served")
    ledger = Ledger(Policy())
    with pytest.raises(RealModelCallBlockedError):
        await ledger.complete(vendor.provider(), ask(), kind=kind, attempt=1)
    assert vendor.server.requests == []
    assert [c.status for c in ledger.calls] == ["error"]


@pytest.mark.real_calls
async def test_a_given_client_is_used_and_left_open(vendor: Vendor) -> None:
    client = vendor.client(sync=False)
    provider = vendor.provider_class(vendor.model, client=client)
    vendor.server.add("from the given client")
    assert (await provider.complete(ask())).text == "from the given client"
    await provider.aclose()
    assert not client.is_closed()
    await client.close()


@pytest.mark.real_calls
@pytest.mark.parametrize("status", [503, 529])
async def test_sdk_retries_are_off_by_default_so_the_ledger_owns_them(
    vendor: Vendor, status: int
) -> None:
    vendor.server.add(FakeError(status), "never asked for")
    provider = vendor.provider_class(vendor.model, base_url=vendor.server.base_url, api_key="k")
    with pytest.raises(ProviderResponseError):
        await provider.complete(ask())
    assert len(vendor.server.requests) == 1
    await provider.aclose()


WEATHER = ToolSpec(
    name="get_weather", description="The weather in a city.", parameters=WEATHER_PARAMETERS
)
ADD = ToolSpec(name="add")


@pytest.mark.real_calls
@pytest.mark.parametrize("streaming", [False, True])
async def test_a_tool_round_trip_in_the_vendors_wire_format(
    vendor: Vendor, streaming: bool
) -> None:
    vendor.server.add(
        FakeToolCalls([("get_weather", {"city": "Paris"}), ("add", {"a": 1, "b": 2})], "Hm."),
        "Sunny, and 3.",
    )
    provider = vendor.provider()
    messages = [
        Message(role="system", content="Use tools."),
        Message(role="user", content="Weather in Paris, and 1 + 2?"),
    ]

    async def answer(request: ModelRequest) -> Completion:
        if not streaming:
            return await provider.complete(request)
        *deltas, last = [c async for c in provider.stream(request)]
        assert all(d.tool_calls is None for d in deltas)
        return Completion(
            text="".join(d.delta for d in deltas),
            finish_reason=last.finish_reason,
            tool_calls=last.tool_calls or [],
        )

    first = await answer(ModelRequest(messages=messages, tools=[WEATHER, ADD]))
    assert first.text == "Hm."
    assert first.finish_reason == "tool_calls"
    ids = [f"{vendor.tool_id}1", f"{vendor.tool_id}2"]
    assert first.tool_calls == [
        ToolCall(id=ids[0], name="get_weather", arguments='{"city": "Paris"}'),
        ToolCall(id=ids[1], name="add", arguments='{"a": 1, "b": 2}'),
    ]
    messages += [
        assistant_tool_message(first.text, first.tool_calls),
        tool_result_message(ids[0], "sunny"),
        tool_result_message(ids[1], "3"),
    ]
    second = await answer(ModelRequest(messages=messages, tools=[WEATHER, ADD]))
    assert second.text == "Sunny, and 3."
    assert second.finish_reason == "stop"
    assert second.tool_calls == []
    vendor.assert_tool_round_trip(*vendor.bodies())


@pytest.mark.real_calls
@pytest.mark.parametrize("async_tool", [False, True])
async def test_a_tool_loop_through_the_ledger_and_the_real_sdk(
    vendor: Vendor, async_tool: bool
) -> None:
    box = Toolbox()
    if async_tool:

        @box.add
        async def add(a: int, b: int) -> int:
            """Add two whole numbers."""
            return a + b
    else:

        @box.add
        def add(a: int, b: int) -> int:
            """Add two whole numbers."""
            return a + b

    vendor.server.add(FakeToolCalls([("add", {"a": 2, "b": 3})]), "2 + 3 = 5.")
    ledger = Ledger(Policy())
    conversation = ToolConversation([Message(role="user", content="2 + 3?")])
    loop = draft_with_tools(
        ledger, vendor.provider(), conversation, box, attempt=1, max_iterations=3, max_tokens=64
    )
    items = [item async for item in loop]

    assert [i.result for i in items if isinstance(i, ToolExecution)] == ["5"]
    assert conversation.text == "2 + 3 = 5."
    assert [(c.status, c.finish_reason) for c in ledger.calls] == [
        ("ok", "tool_calls"),
        ("ok", "stop"),
    ]
    second = vendor.bodies()[1]
    assert second["stream"] is True
    vendor.assert_add_tool_result(second)


# -- helpers both providers use ------------------------------------------------------


def test_parse_retry_after_forms() -> None:
    assert parse_retry_after({"retry-after": "12"}) == 12.0
    assert parse_retry_after({"retry-after": "1.5"}) == 1.5
    assert parse_retry_after({"retry-after-ms": "250", "retry-after": "9"}) == 0.25
    assert parse_retry_after({"retry-after": "Wed, 21 Oct 2015 07:28:00 GMT"}) == 0.0
    assert parse_retry_after({"retry-after": "soon"}) is None
    assert parse_retry_after({}) is None


def test_redact_blanks_keys_and_bearer_tokens() -> None:
    key = "sk-test-secret-key-123"
    text = redact(f"key {key} and Bearer abc.def and sk-ant-api03-xyzxyz", "abc.def")
    assert key not in text
    assert "abc.def" not in text
    assert "xyzxyz" not in text
    assert text.count("[redacted]") == 3
