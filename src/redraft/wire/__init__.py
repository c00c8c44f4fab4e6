"""Wire formats the HTTP service and the drop-in middleware share: OpenAI's
Chat Completions shapes built from a run's result, and server-sent events.

Pure functions over the engine's types: nothing here imports a web
framework, a database or the CLI library, and nothing here runs a model.
"""

from redraft.wire._openai import (
    FINISH_REASONS,
    SSE_DONE,
    chunk,
    completion_response,
    extension_from_result,
    finish_reason_of,
    result_chunks,
    text_pieces,
    tool_specs_of,
    wire_tool_calls,
)
from redraft.wire._sse import encode_sse, with_heartbeats

__all__ = [
    "FINISH_REASONS",
    "SSE_DONE",
    "chunk",
    "completion_response",
    "encode_sse",
    "extension_from_result",
    "finish_reason_of",
    "result_chunks",
    "text_pieces",
    "tool_specs_of",
    "wire_tool_calls",
    "with_heartbeats",
]
