"""Test helpers: deterministic providers, fake vendor servers, call blocking.

- :class:`ScriptedModel`, :class:`FunctionModel`, :class:`EchoModel` answer
  through the real provider seam without any backend.
- :class:`FakeOpenAIServer` and :class:`FakeAnthropicServer` speak the vendors'
  wire formats on a loopback port, so the official SDKs can be exercised end
  to end; queue :class:`FakeError` items to inject HTTP errors and
  :class:`FakeToolCalls` items to answer with tool calls.
- :func:`block_real_model_calls` / :func:`allow_real_model_calls` switch the
  guard that stops test suites from reaching real models by accident.
"""

from __future__ import annotations

from redraft.providers import (
    EchoModel,
    FunctionModel,
    ScriptedModel,
    allow_real_model_calls,
    block_real_model_calls,
)
from redraft.testing._fake_anthropic import FakeAnthropicServer
from redraft.testing._fake_openai import (
    FakeError,
    FakeOpenAIServer,
    FakeResponse,
    FakeToolCalls,
)

__all__ = [
    "EchoModel",
    "FakeAnthropicServer",
    "FakeError",
    "FakeOpenAIServer",
    "FakeResponse",
    "FakeToolCalls",
    "FunctionModel",
    "ScriptedModel",
    "allow_real_model_calls",
    "block_real_model_calls",
]
