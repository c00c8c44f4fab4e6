"""AnthropicProvider through the official SDK against the loopback fake server."""

from __future__ import annotations

import threading
from collections.abc import Iterator
from typing import Any

import pytest

from redraft._errors import (
    ConfigurationError,
    ProviderAuthError,
    ProviderConnectionError,
    ProviderError,
    ProviderRateLimitError,
    ProviderResponseError,
    ProviderTimeoutError,
    RealModelCallBlockedError,
)
from redraft._ledger import Ledger
from redraft._types import Message, ModelRequest, Policy, StreamChunk, Usage
from redraft.providers import ProviderRegistry
from redraft.providers._anthropic import AnthropicProvider, to_anthropic_messages
from redraft.testing import FakeAnthropicServer, FakeError

KEY = "sk-ant-test-secret-key-123"


@pytest.fixture
def server() -> Iterator[FakeAnthropicServer]:
    with FakeAnthropicServer() as fake:
        yield fake


@pytest.fixture(autouse=True)
def _clean_env(monkeypatch: pytest.MonkeyPatch) -> None:
    for name in ("ANTHROPIC_API_KEY", "ANTHROPIC_AUTH_TOKEN", "ANTHROPIC_BASE_URL"):
        monkeypatch.delenv(name, raising=False)


def provider_for(server: FakeAnthropicServer, *, timeout: float = 10.0) -> AnthropicProvider:
    return AnthropicProvider(
        "claude-test", base_url=server.base_url, api_key=KEY, max_retries=0, timeout=timeout
    )


def ask(prompt: str = "What is the capital of France?", **fields: Any) -> ModelRequest:
    return ModelRequest(messages=[Message(role="user", content=prompt)], **fields)


def sent_key(request: dict[str, Any]) -> str:
    # SDK versions differ in how they send the key.
    headers = request["headers"]
    return str(headers.get("x-api-key") or headers.get("authorization", "").removeprefix("Bearer "))


async def call(provider: AnthropicProvider, *, streaming: bool) -> str:
    if streaming:
        return "".join([c.delta async for c in provider.stream(ask())])
    return (await provider.complete(ask())).text


@pytest.mark.real_calls
async def test_complete_maps_system_messages_and_content_parts(
    server: FakeAnthropicServer,
) -> None:
    server.add("Paris is the capital.")
    request = ModelRequest(
        messages=[
            Message(role="system", content="Be brief."),
            Message(role="user", content="Capital of France?"),
            Message(role="assistant", content="Do you mean today?"),
            Message(role="system", content="Answer in English."),
            Message(
                role="user",
                content=[
                    {"type": "text", "text": "Yes, today."},
                    {"type": "image_url", "image_url": {"url": "data:image/png;base64,iVBOR"}},
                ],
            ),
        ],
        max_tokens=64,
        stop=["\n\n"],
    )

    completion = await provider_for(server).complete(request)

    assert completion.text == "Paris is the capital."
    assert completion.usage == Usage(input_tokens=14, output_tokens=4)
    assert completion.finish_reason == "stop"
    assert completion.model == "claude-test"
    [sent] = server.requests
    assert sent["path"] == "/v1/messages"
    assert sent_key(sent) == KEY
    assert sent["body"] == {
        "model": "claude-test",
        "max_tokens": 64,
        "system": "Be brief.\n\nAnswer in English.",
        "messages": [
            {"role": "user", "content": "Capital of France?"},
            {"role": "assistant", "content": "Do you mean today?"},
            {
                "role": "user",
                "content": [
                    {"type": "text", "text": "Yes, today."},
                    {
                        "type": "image",
                        "source": {"type": "base64", "media_type": "image/png", "data": "iVBOR"},
                    },
                ],
            },
        ],
        "stop_sequences": ["\n\n"],
    }


@pytest.mark.real_calls
async def test_temperature_is_sent_only_when_set(server: FakeAnthropicServer) -> None:
    server.add("a", "b")
    provider = provider_for(server)
    await provider.complete(ask())
    await provider.complete(ask(temperature=0.3))
    assert "temperature" not in server.requests[0]["body"]
    assert "system" not in server.requests[0]["body"]
    assert server.requests[1]["body"]["temperature"] == 0.3


@pytest.mark.real_calls
async def test_json_schema_uses_structured_outputs(server: FakeAnthropicServer) -> None:
    schema: dict[str, Any] = {
        "type": "object",
        "properties": {
            "score": {"type": "integer", "minimum": 0, "maximum": 10},
            "verdict": {"type": "string", "enum": ["pass", "fail"]},
        },
        "required": ["score", "verdict"],
    }
    server.add('{"score": 8, "verdict": "pass"}')
    completion = await provider_for(server).complete(ask(json_schema=schema))
    assert completion.text == '{"score": 8, "verdict": "pass"}'
    output_format = server.requests[0]["body"]["output_config"]["format"]
    assert output_format["type"] == "json_schema"
    sent_schema = output_format["schema"]
    assert sent_schema["required"] == ["score", "verdict"]
    assert sent_schema["additionalProperties"] is False
    assert sent_schema["properties"]["verdict"]["enum"] == ["pass", "fail"]
    # Range limits the API does not enforce travel as a description.
    assert "maximum: 10" in sent_schema["properties"]["score"]["description"]
    # ...and the caller's schema is left as it was.
    assert schema["properties"]["score"] == {"type": "integer", "minimum": 0, "maximum": 10}


@pytest.mark.real_calls
async def test_stream_yields_text_deltas_then_usage(server: FakeAnthropicServer) -> None:
    text = "Paris  is\nthe capital of France."
    server.add(text)
    chunks: list[StreamChunk] = [c async for c in provider_for(server).stream(ask())]

    *deltas, last = chunks
    assert len(deltas) == 6
    assert "".join(c.delta for c in deltas) == text
    assert all(c.usage is None and c.finish_reason is None for c in deltas)
    assert last.usage == Usage(input_tokens=6, output_tokens=6)
    assert last.finish_reason == "stop"
    assert last.model == "claude-test"
    assert server.requests[0]["body"]["stream"] is True


@pytest.mark.real_calls
async def test_max_tokens_stop_reason_becomes_length(server: FakeAnthropicServer) -> None:
    server.add("one two three four five", "one two three four five")
    provider = provider_for(server)
    completion = await provider.complete(ask(max_tokens=2))
    chunks = [c async for c in provider.stream(ask(max_tokens=2))]
    assert completion.text == "one two "
    assert completion.finish_reason == "length"
    assert chunks[-1].finish_reason == "length"
    assert chunks[-1].usage == Usage(input_tokens=6, output_tokens=2)


@pytest.mark.real_calls
async def test_environment_variables_configure_the_client(
    server: FakeAnthropicServer, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("ANTHROPIC_BASE_URL", server.base_url)
    monkeypatch.setenv("ANTHROPIC_API_KEY", "sk-ant-from-env")
    server.add("ok")
    provider = ProviderRegistry().get("anthropic:claude-test")
    assert isinstance(provider, AnthropicProvider)
    assert (await provider.complete(ask())).text == "ok"
    assert sent_key(server.requests[0]) == "sk-ant-from-env"
    await provider.aclose()


async def test_missing_key_is_a_configuration_error() -> None:
    provider = AnthropicProvider("claude-test")  # constructing needs nothing
    with pytest.raises(ConfigurationError, match="ANTHROPIC_API_KEY"):
        await provider.complete(ask())
    with pytest.raises(ConfigurationError, match="ANTHROPIC_API_KEY"):
        [c async for c in provider.stream(ask())]


@pytest.mark.real_calls
@pytest.mark.parametrize(
    ("status", "error_type", "retryable"),
    [
        (401, ProviderAuthError, False),
        (403, ProviderAuthError, False),
        (400, ProviderResponseError, False),
        (500, ProviderResponseError, True),
        (529, ProviderResponseError, True),
    ],
)
@pytest.mark.parametrize("streaming", [False, True])
async def test_status_errors_are_translated(
    server: FakeAnthropicServer,
    status: int,
    error_type: type[ProviderError],
    retryable: bool,
    streaming: bool,
) -> None:
    server.add(FakeError(status))
    provider = provider_for(server)
    with pytest.raises(error_type) as caught:
        await call(provider, streaming=streaming)
    assert type(caught.value) is error_type
    assert caught.value.provider == "anthropic"
    assert caught.value.status == status
    assert caught.value.retryable is retryable
    assert f"fake error {status}" in str(caught.value)


@pytest.mark.real_calls
async def test_rate_limit_carries_retry_after(server: FakeAnthropicServer) -> None:
    server.add(FakeError(429, headers={"retry-after": "12"}))
    with pytest.raises(ProviderRateLimitError) as caught:
        await provider_for(server).complete(ask())
    assert caught.value.retry_after == 12.0
    assert caught.value.status == 429
    assert caught.value.provider == "anthropic"


@pytest.mark.real_calls
async def test_api_keys_never_reach_error_messages(server: FakeAnthropicServer) -> None:
    body = {"type": "error", "error": {"type": "authentication_error", "message": f"bad {KEY}"}}
    server.add(FakeError(401, body))
    with pytest.raises(ProviderAuthError) as caught:
        await provider_for(server).complete(ask())
    assert KEY not in str(caught.value)
    assert "[redacted]" in str(caught.value)


@pytest.mark.real_calls
async def test_connection_refused_is_a_connection_error() -> None:
    with FakeAnthropicServer() as closed:
        base_url = closed.base_url
    provider = AnthropicProvider("claude-test", base_url=base_url, api_key=KEY, max_retries=0)
    with pytest.raises(ProviderConnectionError) as caught:
        await provider.complete(ask())
    assert caught.value.provider == "anthropic"
    assert KEY not in str(caught.value)
    with pytest.raises(ProviderConnectionError):
        [c async for c in provider.stream(ask())]


@pytest.mark.real_calls
async def test_a_server_that_does_not_answer_in_time_is_a_timeout(
    server: FakeAnthropicServer,
) -> None:
    release = threading.Event()
    server.add(lambda body: "too late" if release.wait(10) else "never released")
    try:
        with pytest.raises(ProviderTimeoutError) as caught:
            await provider_for(server, timeout=0.2).complete(ask())
    finally:
        release.set()
    assert caught.value.provider == "anthropic"


@pytest.mark.real_calls
async def test_a_body_without_content_is_a_response_error(server: FakeAnthropicServer) -> None:
    server.add(FakeError(200, {"type": "message"}))
    with pytest.raises(ProviderResponseError, match="without message content"):
        await provider_for(server).complete(ask())


async def test_real_calls_are_blocked_by_default(server: FakeAnthropicServer) -> None:
    server.add("must not be served")
    ledger = Ledger(Policy())
    with pytest.raises(RealModelCallBlockedError):
        await ledger.complete(provider_for(server), ask(), kind="judge", attempt=1)
    assert server.requests == []


def test_message_mapping_drops_empty_turns_and_passes_tool_results_as_user_text() -> None:
    system, messages = to_anthropic_messages(
        [
            Message(role="system", content=""),
            Message(role="user", content="Look this up."),
            Message(role="assistant", content=None),
            Message(role="tool", content="42", tool_call_id="call_1"),
            Message(
                role="user",
                content=[{"type": "image_url", "image_url": {"url": "https://x.test/a.png"}}],
            ),
        ]
    )
    assert system == ""
    assert messages == [
        {"role": "user", "content": "Look this up."},
        {"role": "user", "content": "42"},
        {
            "role": "user",
            "content": [
                {"type": "image", "source": {"type": "url", "url": "https://x.test/a.png"}}
            ],
        },
    ]
