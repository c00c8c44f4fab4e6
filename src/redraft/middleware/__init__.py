"""Drop-in middleware: redraft inside the SDK call you already make.

::

    import openai, redraft

    client = redraft.wrap(openai.OpenAI(), must_not_match=[r"(?i)as an ai"], max_words=120)
    reply = client.chat.completions.create(model="gpt-4o-mini", messages=[...])
    reply.choices[0].message.content      # the accepted draft
    reply.model_extra["redraft"]          # run_id, passed, score, attempts, evaluations, calls

:func:`wrap` takes an ``openai.OpenAI``, ``openai.AsyncOpenAI``,
``anthropic.Anthropic`` or ``anthropic.AsyncAnthropic`` and returns an object
with the same interface; :func:`refine` decorates an async function that
writes text. See ``docs/middleware.md``.

Importing this package imports neither SDK: each is imported when a client
of its kind is wrapped.
"""

from __future__ import annotations

import sys
from typing import Any, TypeVar, cast

from typing_extensions import Unpack

from redraft.core._errors import ConfigurationError
from redraft.middleware._adapter import VendorAdapter
from redraft.middleware._clients import WrappedAsync, WrappedSync
from redraft.middleware._common import WrapOptions, make_core
from redraft.middleware._decorator import Refined, refine
from redraft.middleware._options import CallOptions

__all__ = [
    "CallOptions",
    "Refined",
    "WrapOptions",
    "refine",
    "wrap",
]

C = TypeVar("C")


def wrap(client: C, **options: Unpack[WrapOptions]) -> C:
    """Wrap an OpenAI or Anthropic client so its answers are judged and redrafted.

    ``chat.completions.create`` (OpenAI) and ``messages.create`` (Anthropic)
    run the redraft loop with the call's model drafting through the client;
    every other attribute is the real client's. The evaluator is
    ``evaluator`` (plus any checks given), else a panel of the checks
    (``must_match``, ``must_not_match``, ``max_words``, ``json_schema``) and
    the judge: ``judge_model`` as a provider or model spec, ``"none"`` for
    checks only (``judge`` is its older name), or None for
    ``REDRAFT_JUDGE_MODEL``, else the call's own model judging through the
    same client. ``policy`` decides threshold, attempts,
    feedback and what comes back when no draft passes; ``REDRAFT_THRESHOLD``
    and ``REDRAFT_MAX_RETRIES`` fill the fields it does not set.
    ``enabled=False`` or ``REDRAFT_ENABLED=false`` makes the wrapper a pure
    pass-through. ``settings`` replaces :func:`redraft.load_settings`, read
    once, here.

    Raises :class:`~redraft.ConfigurationError` for a client of another
    type and for options that cannot work.
    """
    family = _family(client)
    core = make_core(family, options)
    adapter: VendorAdapter[Any]
    if family == "openai":
        from redraft.middleware._openai import ADAPTER as adapter
    else:
        from redraft.middleware._anthropic import ADAPTER as adapter
    if isinstance(client, adapter.async_client):
        return cast(C, WrappedAsync(client, core, adapter))
    why = adapter.cannot_rebuild(client) if core.enabled else None
    if why is not None:
        raise ConfigurationError(why)
    return cast(C, WrappedSync(client, core, adapter))


def _family(client: object) -> str:
    """``openai`` or ``anthropic`` for the four supported clients, else an error.

    An SDK that was never imported cannot have made ``client``, so only the
    SDKs already loaded are asked.
    """
    openai = sys.modules.get("openai")
    if openai is not None and isinstance(client, openai.OpenAI | openai.AsyncOpenAI):
        return "openai"
    anthropic = sys.modules.get("anthropic")
    if anthropic is not None and isinstance(client, anthropic.Anthropic | anthropic.AsyncAnthropic):
        return "anthropic"
    kind = type(client)
    raise ConfigurationError(
        f"redraft.wrap() takes an openai.OpenAI, openai.AsyncOpenAI, anthropic.Anthropic or "
        f"anthropic.AsyncAnthropic client, not {kind.__module__}.{kind.__qualname__}"
    )
