"""Both vendor SDKs as the tests that run against each of them see them.

A :class:`Vendor` is one SDK with its fake server running: it builds the
redraft provider and the SDK's clients pointed at the fake, calls the
intercepted ``create``, and reads replies, stream items and sent requests in
that SDK's shapes. :func:`running` starts one; the test modules parametrize a
``vendor`` fixture over :data:`VENDORS`, which calls :meth:`Vendor.aclose` on
the way out so that no provider or client it built is left with an open socket.
"""

from __future__ import annotations

import inspect
import json
from abc import ABC, abstractmethod
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any, ClassVar

import anthropic
import openai
import pytest
from anthropic.types import MessageParam
from openai.types.chat import ChatCompletionMessageParam

from _judging import PROBE
from redraft import Message, ModelRequest
from redraft.providers import Provider
from redraft.providers._anthropic import AnthropicProvider
from redraft.providers._openai import OpenAIProvider
from redraft.testing import FakeAnthropicServer, FakeOpenAIServer
from redraft.testing._fake_anthropic import anthropic_error_body
from redraft.testing._fake_openai import openai_error_body

Fake = FakeOpenAIServer | FakeAnthropicServer

QUESTION_TEXT = "What is the capital of France?"
QUESTION = [{"role": "user", "content": QUESTION_TEXT}]
"""The question as both SDKs send it; :data:`OPENAI_QUESTION` and
:data:`ANTHROPIC_QUESTION` are the same message typed as each SDK's parameter."""
OPENAI_QUESTION: list[ChatCompletionMessageParam] = [{"role": "user", "content": QUESTION_TEXT}]
ANTHROPIC_QUESTION: list[MessageParam] = [{"role": "user", "content": QUESTION_TEXT}]
WEATHER_PARAMETERS = {
    "type": "object",
    "properties": {"city": {"type": "string"}},
    "required": ["city"],
}
"""The parameters of the ``get_weather`` tool of the tool round trip."""


def ask(prompt: str = QUESTION_TEXT, **fields: Any) -> ModelRequest:
    return ModelRequest(messages=[Message(role="user", content=prompt)], **fields)


def sent_key(request: dict[str, Any]) -> str:
    # SDK versions differ in how they send the key.
    headers = request["headers"]
    return str(headers.get("x-api-key") or headers.get("authorization", "").removeprefix("Bearer "))


async def settle(value: Any) -> Any:
    """A sync client's result as it is, an async client's awaited."""
    return await value if inspect.isawaitable(value) else value


class Vendor(ABC):
    """One SDK and its running fake server."""

    name: ClassVar[str]
    fake: ClassVar[type[Fake]]
    key: ClassVar[str]
    model: ClassVar[str]
    provider_class: ClassVar[type[OpenAIProvider] | type[AnthropicProvider]]
    path: ClassVar[str]
    """The endpoint ``create`` posts to."""
    env: ClassVar[tuple[str, ...]]
    """The SDK's variables; cleared for every test."""
    reply_id: ClassVar[str]
    """How the fake's own response ids start."""
    tool_id: ClassVar[str]
    judge_marker: ClassVar[str]
    """The request field only a judge call sends: its JSON shape."""
    judging: ClassVar[tuple[str, ...]]
    """The calls the (``checklist``) judge makes on a one-item checklist, as
    :meth:`kind_of` names them: a provider that asks for log-probabilities
    asks for one token first (``probe``), and when the fake sends none, asks
    again in words (``judge``)."""
    stream_options: ClassVar[dict[str, Any] | None]
    tools: ClassVar[list[dict[str, Any]]]
    """A tool list in the SDK's own shape."""
    stops: ClassVar[tuple[str, str]]
    """The reply's stop reason after an answer, and after tool calls."""

    def __init__(self, server: Fake) -> None:
        self.server = server
        self._built: list[Any] = []
        """The providers and SDK clients built so far, for :meth:`aclose`."""

    def __str__(self) -> str:
        return self.name

    def provider(self, **options: Any) -> Provider:
        """The redraft provider for this SDK, pointed at the fake."""
        defaults = {"base_url": self.server.base_url, "api_key": self.key, "timeout": 10.0}
        provider = self.provider_class(self.model, **{**defaults, "max_retries": 0, **options})
        self._built.append(provider)
        return provider

    def client(self, *, sync: bool, base_url: str | None = None) -> Any:
        """The SDK's own client (sync or async), pointed at the fake."""
        client = self._new_client(sync=sync, base_url=base_url or self.server.base_url)
        self._built.append(client)
        return client

    async def aclose(self) -> None:
        """Close every provider and SDK client built here, newest first.

        A test may have closed some already (directly or through a wrapper
        around the client); closing again is harmless for both.
        """
        while self._built:
            built = self._built.pop()
            if isinstance(built, Provider):
                await built.aclose()
            else:
                await settle(built.close())

    @abstractmethod
    def _new_client(self, *, sync: bool, base_url: str) -> Any:
        """A new SDK client (sync or async) for ``base_url``."""

    @abstractmethod
    def create(self, client: Any, **kwargs: Any) -> Any:
        """The intercepted ``create`` of ``client`` (a coroutine for async ones)."""

    @abstractmethod
    def resource(self, client: Any) -> Any:
        """The resource whose ``create`` is redrafted."""

    @abstractmethod
    def text(self, reply: Any) -> str:
        """The answer text of a ``create`` reply."""

    @abstractmethod
    def stream_text(self, items: list[Any]) -> str:
        """The answer text of a ``create(stream=True)`` item list."""

    @abstractmethod
    def error_body(self, status: int, message: str) -> dict[str, Any]:
        """The vendor's error JSON."""

    @abstractmethod
    def stop_reason(self, reply: Any) -> str:
        """Why a ``create`` reply stopped, in the SDK's words."""

    @abstractmethod
    def called(self, reply: Any) -> list[tuple[str, str, dict[str, Any]]]:
        """The tools a reply calls: ``(id, name, arguments)``."""

    @abstractmethod
    def with_result(self, messages: list[Any], reply: Any, result: str) -> list[Any]:
        """``messages`` followed by ``reply``'s tool call and its ``result``,
        as the SDK's user sends them back."""

    @abstractmethod
    def offered(self, body: dict[str, Any]) -> list[str]:
        """The tool names a request body offers."""

    @abstractmethod
    def sent_tools(self, body: dict[str, Any]) -> list[tuple[str, str, str]]:
        """The tool calls a request body's conversation holds, each with the
        result sent back: ``(id, name, result)``."""

    @abstractmethod
    def assert_tool_round_trip(self, first: dict[str, Any], second: dict[str, Any]) -> None:
        """The request bodies of the tool round trip, in the vendor's wire format."""

    @abstractmethod
    def assert_add_tool_result(self, body: dict[str, Any]) -> None:
        """The second request of the ``add(2, 3)`` tool loop."""

    def bodies(self) -> list[dict[str, Any]]:
        return [r["body"] for r in self.server.requests if r["path"] == self.path]

    def is_judge(self, body: dict[str, Any]) -> bool:
        return self.judge_marker in body

    def kind_of(self, body: dict[str, Any]) -> str:
        """``draft``, ``probe`` (a judge's log-probability call) or ``judge``."""
        if self.is_judge(body):
            return "judge"
        return "probe" if body.get("top_logprobs") else "draft"

    def judged(self, reply: str) -> list[str]:
        """What the fake answers one judge's calls on a one-item checklist
        with: ``reply`` (a :func:`~_judging.checklist_reply`), after
        :data:`~_judging.PROBE` where the judge probes first."""
        return [PROBE if kind == "probe" else reply for kind in self.judging]


def extension(item: Any) -> dict[str, Any]:
    """The ``redraft`` extension of a reply or of a stream's last item."""
    return dict(item.model_extra["redraft"]) if item.model_extra else {}


class OpenAIVendor(Vendor):
    name = "openai"
    fake = FakeOpenAIServer
    key = "sk-test-secret-key-123"
    model = "fake-model"
    provider_class = OpenAIProvider
    path = "/v1/chat/completions"
    env = ("OPENAI_API_KEY", "OPENAI_BASE_URL", "OPENAI_ADMIN_KEY")
    reply_id = "chatcmpl-fake-"
    tool_id = "call_fake_"
    judge_marker = "response_format"
    judging = ("probe", "judge")
    stream_options: ClassVar[dict[str, Any] | None] = {"include_usage": True}
    tools: ClassVar[list[dict[str, Any]]] = [
        {"type": "function", "function": {"name": "lookup", "parameters": {}}}
    ]

    def _new_client(self, *, sync: bool, base_url: str) -> Any:
        kind = openai.OpenAI if sync else openai.AsyncOpenAI
        return kind(base_url=base_url, api_key=self.key, max_retries=0)

    def create(self, client: Any, **kwargs: Any) -> Any:
        return client.chat.completions.create(**kwargs)

    def resource(self, client: Any) -> Any:
        return client.chat.completions

    def text(self, reply: Any) -> str:
        return str(reply.choices[0].message.content)

    def stream_text(self, items: list[Any]) -> str:
        return "".join(c.choices[0].delta.content or "" for c in items if c.choices)

    def error_body(self, status: int, message: str) -> dict[str, Any]:
        return openai_error_body(status, message)

    stops = ("stop", "tool_calls")

    def stop_reason(self, reply: Any) -> str:
        return str(reply.choices[0].finish_reason)

    def called(self, reply: Any) -> list[tuple[str, str, dict[str, Any]]]:
        calls = reply.choices[0].message.tool_calls or []
        return [(c.id, c.function.name, json.loads(c.function.arguments)) for c in calls]

    def with_result(self, messages: list[Any], reply: Any, result: str) -> list[Any]:
        (call_id, _, _), *_ = self.called(reply)
        asked = reply.choices[0].message.model_dump(exclude_none=True)
        return [*messages, asked, {"role": "tool", "tool_call_id": call_id, "content": result}]

    def offered(self, body: dict[str, Any]) -> list[str]:
        return [tool["function"]["name"] for tool in body.get("tools", [])]

    def sent_tools(self, body: dict[str, Any]) -> list[tuple[str, str, str]]:
        messages = body["messages"]
        results = {m["tool_call_id"]: m["content"] for m in messages if m["role"] == "tool"}
        calls = [c for m in messages for c in m.get("tool_calls") or []]
        return [(c["id"], c["function"]["name"], results.get(c["id"], "")) for c in calls]

    def assert_tool_round_trip(self, first: dict[str, Any], second: dict[str, Any]) -> None:
        assert first["tools"] == [
            {
                "type": "function",
                "function": {
                    "name": "get_weather",
                    "description": "The weather in a city.",
                    "parameters": WEATHER_PARAMETERS,
                },
            },
            {
                "type": "function",
                "function": {"name": "add", "parameters": {"type": "object", "properties": {}}},
            },
        ]
        assert second["messages"] == [
            {"role": "system", "content": "Use tools."},
            {"role": "user", "content": "Weather in Paris, and 1 + 2?"},
            {
                "role": "assistant",
                "content": "Hm.",
                "tool_calls": [
                    {
                        "id": "call_fake_1",
                        "type": "function",
                        "function": {"name": "get_weather", "arguments": '{"city": "Paris"}'},
                    },
                    {
                        "id": "call_fake_2",
                        "type": "function",
                        "function": {"name": "add", "arguments": '{"a": 1, "b": 2}'},
                    },
                ],
            },
            {"role": "tool", "tool_call_id": "call_fake_1", "content": "sunny"},
            {"role": "tool", "tool_call_id": "call_fake_2", "content": "3"},
        ]

    def assert_add_tool_result(self, body: dict[str, Any]) -> None:
        assert body["tools"][0]["function"]["name"] == "add"
        assert body["messages"][1]["tool_calls"][0]["function"] == {
            "name": "add",
            "arguments": '{"a": 2, "b": 3}',
        }
        assert body["messages"][2] == {
            "role": "tool",
            "tool_call_id": "call_fake_1",
            "content": "5",
        }


class AnthropicVendor(Vendor):
    name = "anthropic"
    fake = FakeAnthropicServer
    key = "sk-ant-test-secret-key-123"
    model = "claude-test"
    provider_class = AnthropicProvider
    path = "/v1/messages"
    env = ("ANTHROPIC_API_KEY", "ANTHROPIC_AUTH_TOKEN", "ANTHROPIC_BASE_URL")
    reply_id = "msg_fake_"
    tool_id = "toolu_fake_"
    judge_marker = "output_config"
    judging = ("judge",)
    stream_options = None
    tools: ClassVar[list[dict[str, Any]]] = [{"name": "lookup", "input_schema": {"type": "object"}}]

    def _new_client(self, *, sync: bool, base_url: str) -> Any:
        kind = anthropic.Anthropic if sync else anthropic.AsyncAnthropic
        return kind(base_url=base_url, api_key=self.key, max_retries=0)

    def create(self, client: Any, **kwargs: Any) -> Any:
        return client.messages.create(**{"max_tokens": 64, **kwargs})

    def resource(self, client: Any) -> Any:
        return client.messages

    def text(self, reply: Any) -> str:
        return "".join(block.text for block in reply.content)

    def stream_text(self, items: list[Any]) -> str:
        return "".join(e.delta.text for e in items if e.type == "content_block_delta")

    def error_body(self, status: int, message: str) -> dict[str, Any]:
        return anthropic_error_body(status, message)

    stops = ("end_turn", "tool_use")

    def stop_reason(self, reply: Any) -> str:
        return str(reply.stop_reason)

    def called(self, reply: Any) -> list[tuple[str, str, dict[str, Any]]]:
        return [(b.id, b.name, b.input) for b in reply.content if b.type == "tool_use"]

    def with_result(self, messages: list[Any], reply: Any, result: str) -> list[Any]:
        (call_id, _, _), *_ = self.called(reply)
        asked = {"role": "assistant", "content": [b.model_dump() for b in reply.content]}
        returned = {"type": "tool_result", "tool_use_id": call_id, "content": result}
        return [*messages, asked, {"role": "user", "content": [returned]}]

    def offered(self, body: dict[str, Any]) -> list[str]:
        return [tool["name"] for tool in body.get("tools", [])]

    def sent_tools(self, body: dict[str, Any]) -> list[tuple[str, str, str]]:
        blocks = [
            b for m in body["messages"] if isinstance(m["content"], list) for b in m["content"]
        ]
        results = {b["tool_use_id"]: b["content"] for b in blocks if b["type"] == "tool_result"}
        uses = [b for b in blocks if b["type"] == "tool_use"]
        return [(b["id"], b["name"], results.get(b["id"], "")) for b in uses]

    def assert_tool_round_trip(self, first: dict[str, Any], second: dict[str, Any]) -> None:
        assert first["tools"] == [
            {
                "name": "get_weather",
                "description": "The weather in a city.",
                "input_schema": WEATHER_PARAMETERS,
            },
            {"name": "add", "input_schema": {"type": "object", "properties": {}}},
        ]
        assert second["system"] == "Use tools."
        assert second["messages"] == [
            {"role": "user", "content": "Weather in Paris, and 1 + 2?"},
            {
                "role": "assistant",
                "content": [
                    {"type": "text", "text": "Hm."},
                    {
                        "type": "tool_use",
                        "id": "toolu_fake_1",
                        "name": "get_weather",
                        "input": {"city": "Paris"},
                    },
                    {
                        "type": "tool_use",
                        "id": "toolu_fake_2",
                        "name": "add",
                        "input": {"a": 1, "b": 2},
                    },
                ],
            },
            {
                "role": "user",
                "content": [
                    {"type": "tool_result", "tool_use_id": "toolu_fake_1", "content": "sunny"},
                    {"type": "tool_result", "tool_use_id": "toolu_fake_2", "content": "3"},
                ],
            },
        ]

    def assert_add_tool_result(self, body: dict[str, Any]) -> None:
        assert body["tools"][0]["name"] == "add"
        assert body["messages"][1:] == [
            {
                "role": "assistant",
                "content": [
                    {
                        "type": "tool_use",
                        "id": "toolu_fake_1",
                        "name": "add",
                        "input": {"a": 2, "b": 3},
                    }
                ],
            },
            {
                "role": "user",
                "content": [{"type": "tool_result", "tool_use_id": "toolu_fake_1", "content": "5"}],
            },
        ]


VENDORS: list[type[Vendor]] = [OpenAIVendor, AnthropicVendor]


@contextmanager
def running(kind: type[Vendor], monkeypatch: pytest.MonkeyPatch) -> Iterator[Vendor]:
    """``kind`` with its fake server up, its SDK's and redraft's variables cleared.

    What the vendor builds is the caller's to close (:meth:`Vendor.aclose`)
    before this exits, while the server is still up."""
    for name in (*kind.env, *(f"REDRAFT_{n}" for n in _REDRAFT_ENV)):
        monkeypatch.delenv(name, raising=False)
    with kind.fake() as server:
        yield kind(server)


_REDRAFT_ENV = ("ENABLED", "THRESHOLD", "MAX_RETRIES", "JUDGE_MODEL", "MODEL")
