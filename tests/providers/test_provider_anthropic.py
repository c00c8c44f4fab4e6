"""AnthropicProvider's own wire format against the loopback fake server. What
it shares with the OpenAI provider is tested in ``test_provider_vendors.py``."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import aclosing
from typing import Any

import pytest

from _vendors import ask, sent_key
from redraft import Message, ModelRequest, ProviderResponseError, Usage
from redraft.providers._anthropic import AnthropicProvider, to_anthropic_messages
from redraft.testing import FakeAnthropicServer

KEY = "sk-ant-test-secret-key-123"


@pytest.fixture
def server() -> Iterator[FakeAnthropicServer]:
    with FakeAnthropicServer() as fake:
        yield fake


@pytest.fixture(autouse=True)
def _clean_env(monkeypatch: pytest.MonkeyPatch) -> None:
    for name in ("ANTHROPIC_API_KEY", "ANTHROPIC_AUTH_TOKEN", "ANTHROPIC_BASE_URL"):
        monkeypatch.delenv(name, raising=False)


def provider_for(server: FakeAnthropicServer) -> AnthropicProvider:
    return AnthropicProvider("claude-test", base_url=server.base_url, api_key=KEY, timeout=10.0)


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

    async with aclosing(provider_for(server)) as provider:
        completion = await provider.complete(request)

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
    async with aclosing(provider_for(server)) as provider:
        completion = await provider.complete(ask(json_schema=schema))
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


@pytest.mark.parametrize(
    ("event_type", "retryable"),
    [("overloaded_error", True), ("api_error", True), ("invalid_request_error", False)],
)
def test_error_events_inside_a_stream_are_retryable_when_transient(
    server: FakeAnthropicServer, event_type: str, retryable: bool
) -> None:
    import anthropic
    import httpx2  # the HTTP library this anthropic SDK is built on

    # What the SDK raises for an ``event: error`` line inside a 200 stream.
    body = {"type": "error", "error": {"type": event_type, "message": "Overloaded"}}
    response = httpx2.Response(200, request=httpx2.Request("POST", server.base_url))
    exc = anthropic.APIStatusError("Overloaded", response=response, body=body)
    error = provider_for(server)._translate(exc)
    assert type(error) is ProviderResponseError
    assert error.retryable is retryable
    assert "mid-stream" in str(error) and event_type in str(error)


def test_message_mapping_drops_empty_turns_and_maps_tool_turns_to_blocks() -> None:
    system, messages = to_anthropic_messages(
        [
            Message(role="system", content=""),
            Message(role="user", content="Look this up."),
            Message(role="assistant", content=None),
            Message.model_validate(
                {
                    "role": "assistant",
                    "content": "",
                    "tool_calls": [
                        {"id": "call_1", "type": "function", "function": {"name": "find"}},
                        {
                            "id": "call_2",
                            "type": "function",
                            "function": {"name": "find", "arguments": "not json"},
                        },
                    ],
                }
            ),
            Message(role="tool", content="42", tool_call_id="call_1"),
            Message(role="tool", content=[{"type": "text", "text": "43"}], tool_call_id="call_2"),
            Message(role="tool", content="a result nothing asked for"),
            Message(
                role="user",
                content=[{"type": "image_url", "image_url": {"url": "https://x.test/a.png"}}],
            ),
        ]
    )
    assert system == ""
    assert messages == [
        {"role": "user", "content": "Look this up."},
        {
            "role": "assistant",
            "content": [
                {"type": "tool_use", "id": "call_1", "name": "find", "input": {}},
                {"type": "tool_use", "id": "call_2", "name": "find", "input": {}},
            ],
        },
        {
            "role": "user",
            "content": [
                {"type": "tool_result", "tool_use_id": "call_1", "content": "42"},
                {"type": "tool_result", "tool_use_id": "call_2", "content": "43"},
            ],
        },
        {"role": "user", "content": "a result nothing asked for"},
        {
            "role": "user",
            "content": [
                {"type": "image", "source": {"type": "url", "url": "https://x.test/a.png"}}
            ],
        },
    ]
