"""OpenAI Chat Completions response shapes, built from a run's result.

Pure functions returning plain dicts that ``openai.types.chat.ChatCompletion``
and ``ChatCompletionChunk`` parse. redraft's extension rides at the top level
under ``redraft`` (the SDK keeps unknown fields as extras, so
``completion.model_extra["redraft"]`` reads it back).

Shared by the HTTP service and the drop-in middleware (:mod:`redraft.middleware`),
so this module imports no web framework, database or CLI library.
"""

from __future__ import annotations

import re
import time
from collections.abc import Sequence
from typing import Any, Literal

from pydantic import ValidationError

from redraft.core._types import RunResult, ToolCall, ToolSpec, Usage
from redraft.wire._sse import encode_sse

__all__ = [
    "FINISH_REASONS",
    "SSE_DONE",
    "chunk",
    "completion_response",
    "extension_from_result",
    "finish_reason_of",
    "result_chunks",
    "text_pieces",
    "tool_specs_of",
    "wire_tool_calls",
]

FINISH_REASONS = ("stop", "length", "tool_calls", "content_filter", "function_call")
"""The values the SDK's ``Choice.finish_reason`` accepts."""

SSE_DONE = encode_sse("[DONE]")

_PIECES = re.compile(r"\S+\s*|\s+")


def text_pieces(text: str) -> list[str]:
    """Word-sized stream deltas that join back to ``text`` exactly."""
    return _PIECES.findall(text)


def _usage(usage: Usage) -> dict[str, int]:
    return {
        "prompt_tokens": usage.input_tokens,
        "completion_tokens": usage.output_tokens,
        "total_tokens": usage.total_tokens,
    }


def _finish(reason: str | None) -> str:
    # The SDK rejects finish reasons outside its set; providers may say "end_turn" etc.
    if reason is None or reason in FINISH_REASONS:
        return reason or "stop"
    return "length" if reason in ("max_tokens", "max_output_tokens") else "stop"


def finish_reason_of(result: RunResult) -> str:
    """``tool_calls`` when the draft called the caller's tools, ``length``
    when the returned draft was cut at its token limit, else ``stop``."""
    if result.tool_calls:
        return "tool_calls"
    for draft in result.drafts:
        if draft.attempt == result.final_attempt and draft.finish_reason == "length":
            return "length"
    return "stop"


def completion_response(
    run_id: str,
    model: str,
    text: str,
    usage: Usage,
    finish_reason: str | None,
    extension: dict[str, Any],
    *,
    created: int | None = None,
    tool_calls: Sequence[ToolCall] = (),
) -> dict[str, Any]:
    """A ``chat.completion`` object with redraft's extension under ``redraft``;
    with ``tool_calls``, the message asks for them, as OpenAI's does."""
    message: dict[str, Any] = {"role": "assistant", "content": text, "refusal": None}
    if tool_calls:
        message["content"] = text or None
        message["tool_calls"] = wire_tool_calls(tool_calls)
    return {
        "id": f"chatcmpl-{run_id}",
        "object": "chat.completion",
        "created": int(time.time()) if created is None else created,
        "model": model,
        "choices": [
            {
                "index": 0,
                "message": message,
                "finish_reason": _finish(finish_reason),
                "logprobs": None,
            }
        ],
        "usage": _usage(usage),
        "system_fingerprint": None,
        "redraft": extension,
    }


def chunk(
    run_id: str,
    model: str,
    *,
    delta: str | None = None,
    role: Literal["assistant"] | None = None,
    finish_reason: str | None = None,
    usage: Usage | None = None,
    extension: dict[str, Any] | None = None,
    choices: bool = True,
    created: int | None = None,
) -> dict[str, Any]:
    """A ``chat.completion.chunk``. ``choices=False`` gives the usage-only
    last chunk OpenAI sends for ``stream_options.include_usage``."""
    body: dict[str, Any] = {
        "id": f"chatcmpl-{run_id}",
        "object": "chat.completion.chunk",
        "created": int(time.time()) if created is None else created,
        "model": model,
        "choices": [],
    }
    if choices:
        piece = {k: v for k, v in (("role", role), ("content", delta)) if v is not None}
        body["choices"].append(
            {
                "index": 0,
                "delta": piece,
                "finish_reason": None if finish_reason is None else _finish(finish_reason),
                "logprobs": None,
            }
        )
    if usage is not None:
        body["usage"] = _usage(usage)
    if extension is not None:
        body["redraft"] = extension
    return body


def result_chunks(
    result: RunResult,
    model: str,
    *,
    include_usage: bool,
    role: bool = True,
    text: bool = True,
    extension: dict[str, Any] | None = None,
) -> list[dict[str, Any]]:
    """A finished run as ``chat.completion.chunk`` bodies: the role chunk, the
    answer in word-sized pieces (leave either out when already sent), the
    finish chunk with ``extension`` (default :func:`extension_from_result`),
    and, for ``include_usage``, the usage-only chunk."""
    run_id, at = result.run_id, int(time.time())
    pieces = text_pieces(result.final_answer) if text else []
    bodies = [chunk(run_id, model, role="assistant", delta="", created=at)] if role else []
    bodies += [chunk(run_id, model, delta=piece, created=at) for piece in pieces]
    if result.tool_calls:
        # One delta with every call whole: the SDKs merge deltas by index.
        calls = [{"index": i, **call} for i, call in enumerate(wire_tool_calls(result.tool_calls))]
        body = chunk(run_id, model, created=at)
        body["choices"][0]["delta"]["tool_calls"] = calls
        bodies.append(body)
    ending = extension_from_result(result) if extension is None else extension
    bodies.append(
        chunk(run_id, model, finish_reason=finish_reason_of(result), extension=ending, created=at)
    )
    if include_usage:
        bodies.append(chunk(run_id, model, usage=result.usage, choices=False, created=at))
    return bodies


def tool_specs_of(tools: Sequence[Any]) -> list[ToolSpec]:
    """OpenAI's ``tools`` (function tools) as tool specs; raises
    ``ValueError`` naming the first one that is not one."""
    specs = []
    for index, item in enumerate(tools):
        function = item.get("function") if isinstance(item, dict) else None
        if not isinstance(function, dict) or item.get("type") != "function":
            raise ValueError(
                f"tools[{index}] must be a function tool: "
                "{'type': 'function', 'function': {'name': …, 'parameters': …}}"
            )
        try:
            specs.append(
                ToolSpec.model_validate(
                    {
                        "name": function.get("name"),
                        "description": function.get("description") or "",
                        # Sent back as given: the vendor reads the client's schema.
                        "parameters": function.get(
                            "parameters", {"type": "object", "properties": {}}
                        ),
                    }
                )
            )
        except ValidationError as exc:
            problem = exc.errors()[0]
            where = ".".join(str(part) for part in problem["loc"])
            raise ValueError(f"tools[{index}].function.{where}: {problem['msg']}") from None
    return specs


def wire_tool_calls(calls: Sequence[ToolCall]) -> list[dict[str, Any]]:
    """Tool calls in OpenAI's shape."""
    return [
        {
            "id": call.id,
            "type": "function",
            "function": {"name": call.name, "arguments": call.arguments},
        }
        for call in calls
    ]


def extension_from_result(result: RunResult) -> dict[str, Any]:
    """The ``redraft`` object of a response: the outcome, what the run cost,
    one evaluation per draft (the chat proxy's display) and every LLM call
    (its transparency list), each with its tokens and cost in US dollars
    (null where a model has no known price). Never messages, prompts or
    credentials."""
    return {
        "run_id": result.run_id,
        "passed": result.passed,
        "score": result.score,
        "attempts": result.attempts,
        "final_attempt": result.final_attempt,
        "stop_reason": result.stop_reason,
        "cost_usd": result.cost_usd,
        "evaluations": [
            {
                "attempt": draft.attempt,
                # null: not evaluated, or nothing failed but not all was verified
                "passed": draft.verdict.passed if draft.verdict else None,
                "score": draft.verdict.score if draft.verdict else 0.0,
                "reason": draft.verdict.reason if draft.verdict else "not evaluated",
                "account": draft.verdict.account if draft.verdict else "",
                "requirements": [
                    r.model_dump(mode="json")
                    for r in (draft.verdict.requirements if draft.verdict else [])
                ],
            }
            for draft in result.drafts
        ],
        "calls": [
            {
                "kind": call.kind,
                "attempt": call.attempt,
                "provider": call.provider,
                "model": call.model,
                "evaluator": call.evaluator,
                "usage": call.usage.model_dump(),
                "cost_usd": call.cost_usd,
                "latency_ms": call.latency_ms,
                "status": call.status,
                "error": call.error,
            }
            for call in result.calls
        ],
    }
