"""Reading token log-probabilities from OpenAI's wire shape.

OpenAI, vLLM, Ollama's OpenAI endpoint and llama.cpp's server all answer
``logprobs: true, top_logprobs: N`` with ``choice.logprobs.content``: one entry
per output token, each with its own log-probability and the ``N`` most likely
alternatives. Streams carry the entries of each chunk's tokens.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from redraft.core._types import TokenLogprobs

__all__ = ["read_logprobs"]


def read_logprobs(logprobs: object) -> list[TokenLogprobs] | None:
    """The entries of one choice's ``logprobs`` (a dict or an SDK object),
    or None when it has none."""
    content = _field(logprobs, "content")
    if not isinstance(content, list) or not content:
        return None
    tokens: list[TokenLogprobs] = []
    for entry in content:
        token, logprob = _field(entry, "token"), _field(entry, "logprob")
        if not isinstance(token, str) or not isinstance(logprob, int | float):
            continue
        top: dict[str, float] = {}
        for alternative in _field(entry, "top_logprobs") or ():
            text, value = _field(alternative, "token"), _field(alternative, "logprob")
            # Two token ids can spell the same text; the likelier one is listed first.
            if isinstance(text, str) and isinstance(value, int | float) and text not in top:
                top[text] = float(value)
        tokens.append(TokenLogprobs(token=token, logprob=float(logprob), top=top))
    return tokens or None


def _field(value: object, name: str) -> Any:
    if isinstance(value, Mapping):
        return value.get(name)
    return getattr(value, name, None)
