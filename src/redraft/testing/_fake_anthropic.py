"""A loopback server that speaks Anthropic's Messages API wire format."""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

from redraft.testing._fake_openai import (
    FakeToolCalls,
    _FakeServer,
    _Handler,
    argument_pieces,
    content_text,
    count_words,
    cut_words,
)
from redraft.wire._sse import encode_sse

__all__ = ["FakeAnthropicServer"]

_ERROR_TYPES = {
    400: "invalid_request_error",
    401: "authentication_error",
    403: "permission_error",
    404: "not_found_error",
    413: "request_too_large",
    429: "rate_limit_error",
    529: "overloaded_error",
}


def anthropic_error_body(status: int, message: str) -> dict[str, Any]:
    return {
        "type": "error",
        "error": {"type": _ERROR_TYPES.get(status, "api_error"), "message": message},
    }


class FakeAnthropicServer(_FakeServer):
    """Anthropic's ``POST /v1/messages`` (plain and streamed) and ``GET /v1/models``.

    Works like :class:`~redraft.testing.FakeOpenAIServer`: a queue of
    responses, ``server.requests`` for assertions, word-counted usage, and
    ``max_tokens`` honoured with ``stop_reason: "max_tokens"``. Point the SDK
    at ``server.base_url`` (the SDK appends ``/v1/messages`` itself). A
    :class:`~redraft.testing.FakeToolCalls` answer sends ``tool_use`` blocks
    (streamed: ``input_json_delta`` pieces) with ``stop_reason: "tool_use"``.
    """

    @property
    def base_url(self) -> str:
        """What ``ANTHROPIC_BASE_URL`` should be: ``http://127.0.0.1:PORT``."""
        return self.url

    def handle(self, handler: _Handler, method: str, path: str, body: Any) -> None:
        request_id = {"request-id": f"req_fake_{next(self._ids)}"}
        if method == "GET" and path == "/v1/models":
            model = {
                "type": "model",
                "id": self.model,
                "display_name": self.model,
                "created_at": "2025-01-01T00:00:00Z",
            }
            page = {"data": [model], "has_more": False, "first_id": self.model}
            handler.send_json(200, {**page, "last_id": self.model}, request_id)
            return
        if method != "POST" or path != "/v1/messages":
            handler.send_json(404, anthropic_error_body(404, f"no route for {method} {path}"))
            return
        if not isinstance(body, dict) or not isinstance(body.get("messages"), list):
            error = anthropic_error_body(400, "body must be JSON with 'messages'")
            handler.send_json(400, error, request_id)
            return
        if not isinstance(body.get("max_tokens"), int):
            error = anthropic_error_body(400, "max_tokens: Field required")
            handler.send_json(400, error, request_id)
            return
        answer = self._answer(handler, body, anthropic_error_body, request_id)
        if answer is not None:
            self._reply(handler, body, answer, request_id)

    def _reply(
        self,
        handler: _Handler,
        body: dict[str, Any],
        answer: str | FakeToolCalls,
        headers: dict[str, str],
    ) -> None:
        text, pieces, cut = cut_words(answer, body["max_tokens"])
        uses: list[dict[str, Any]] = [
            {"type": "tool_use", "id": call_id, "name": name, "input": arguments}
            for call_id, name, arguments in self._tool_calls(answer, "toolu_fake_")
        ]
        stop_reason = "tool_use" if uses else "max_tokens" if cut else "end_turn"
        input_tokens = count_words(content_text(body.get("system"))) + sum(
            count_words(content_text(m.get("content"))) for m in body["messages"]
        )
        output_tokens = count_words(text) + sum(count_words(json.dumps(u["input"])) for u in uses)
        blocks = [{"type": "text", "text": text}] if text or not uses else []
        message: dict[str, Any] = {
            "id": f"msg_fake_{next(self._ids)}",
            "type": "message",
            "role": "assistant",
            "model": str(body.get("model") or self.model),
            "content": blocks + uses,
            "stop_reason": stop_reason,
            "stop_sequence": None,
            "usage": {"input_tokens": input_tokens, "output_tokens": output_tokens},
        }
        if not body.get("stream"):
            handler.send_json(200, message, headers)
            return

        def event(name: str, data: dict[str, Any]) -> str:
            return encode_sse({"type": name, **data}, event=name)

        def events() -> Iterator[str]:
            start = {**message, "content": [], "stop_reason": None}
            start["usage"] = {"input_tokens": input_tokens, "output_tokens": 1}
            yield event("message_start", {"message": start})
            index = 0
            if blocks:
                text_block = {"type": "text", "text": ""}
                yield event("content_block_start", {"index": 0, "content_block": text_block})
                yield event("ping", {})
                for piece in pieces:
                    delta = {"type": "text_delta", "text": piece}
                    yield event("content_block_delta", {"index": 0, "delta": delta})
                yield event("content_block_stop", {"index": 0})
                index = 1
            for use in uses:
                use_block = {**use, "input": {}}
                yield event("content_block_start", {"index": index, "content_block": use_block})
                for part in argument_pieces(json.dumps(use["input"])):
                    delta = {"type": "input_json_delta", "partial_json": part}
                    yield event("content_block_delta", {"index": index, "delta": delta})
                yield event("content_block_stop", {"index": index})
                index += 1
            yield event(
                "message_delta",
                {
                    "delta": {"stop_reason": stop_reason, "stop_sequence": None},
                    "usage": {"output_tokens": output_tokens},
                },
            )
            yield event("message_stop", {})

        handler.send_sse(events(), headers)
