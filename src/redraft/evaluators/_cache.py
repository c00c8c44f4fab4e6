"""Verdict caching: judge the same draft of the same request once.

A judge call costs seconds and tokens; asking the same judge about the same
answer to the same request gives (near enough) the same verdict. Services see
repeats (retried requests, identical FAQs, regression suites), so
:class:`Cached` keys each verdict on a SHA-256 of everything the judge sees
and reuses it. Only sound verdicts are kept: a degraded verdict (some
evidence with status ``error``: a timeout, a provider outage) says nothing
about the answer and is never stored.

Caches implement the two-method :class:`VerdictCache` protocol;
:class:`MemoryVerdictCache` (LRU + TTL, per process) and
:class:`SqliteVerdictCache` (a file, across processes and restarts, stdlib
``sqlite3`` only) come built in. A cache that fails is treated as a miss: it
may slow a run down, never break it.
"""

from __future__ import annotations

import asyncio
import contextlib
import dataclasses
import functools
import hashlib
import json
import logging
import os
import re
import sqlite3
import time
import types
from collections import OrderedDict
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Protocol, runtime_checkable

from pydantic import BaseModel

from redraft.core._evaluator import EvaluationContext, Evaluator, Subject
from redraft.core._private_files import prepare_sqlite_file
from redraft.core._provider import Provider
from redraft.core._types import Evidence, Verdict
from redraft.evaluators._judge_base import minimal_turns

__all__ = [
    "Cached",
    "MemoryVerdictCache",
    "SqliteVerdictCache",
    "VerdictCache",
    "evaluator_identity",
    "verdict_key",
]

log = logging.getLogger("redraft")

# Bump when the key's ingredients change, so old entries stop matching.
_KEY_VERSION = 1
_MAX_DEPTH = 8
_ADDRESS = re.compile(r" at 0x[0-9a-fA-F]+")


@runtime_checkable
class VerdictCache(Protocol):
    """Where :class:`Cached` keeps verdicts, by key (a hex SHA-256)."""

    async def get(self, key: str) -> Verdict | None: ...

    async def set(self, key: str, verdict: Verdict) -> None: ...


class MemoryVerdictCache:
    """An in-process cache: at most ``maxsize`` verdicts, least recently used
    evicted first, each kept ``ttl_s`` seconds (None: until evicted)."""

    def __init__(
        self,
        maxsize: int = 1024,
        ttl_s: float | None = 3600.0,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        if maxsize < 1:
            raise ValueError(f"maxsize must be ≥ 1, got {maxsize!r}")
        self.maxsize = maxsize
        self.ttl_s = ttl_s
        self._clock = clock
        self._entries: OrderedDict[str, tuple[float | None, str]] = OrderedDict()

    def __len__(self) -> int:
        return len(self._entries)

    async def get(self, key: str) -> Verdict | None:
        entry = self._entries.get(key)
        if entry is None:
            return None
        expires, stored = entry
        if expires is not None and self._clock() >= expires:
            del self._entries[key]
            return None
        self._entries.move_to_end(key)
        # Stored as JSON so neither side can mutate the other's copy.
        return Verdict.model_validate_json(stored)

    async def set(self, key: str, verdict: Verdict) -> None:
        expires = None if self.ttl_s is None else self._clock() + self.ttl_s
        self._entries[key] = (expires, verdict.model_dump_json())
        self._entries.move_to_end(key)
        while len(self._entries) > self.maxsize:
            self._entries.popitem(last=False)

    async def clear(self) -> None:
        self._entries.clear()


class SqliteVerdictCache:
    """A cache in a SQLite file, shared by processes and kept across restarts.

    The file and its table are created on first use, the file readable by
    its owner only (folders it has to make are 0700). Each operation opens its
    own connection in a worker thread (``asyncio.to_thread``), so the event
    loop never blocks on disk and no connection crosses threads. Expiry uses
    wall-clock time (``clock``), which, unlike a monotonic clock, means the
    same thing in the next process.
    """

    def __init__(
        self,
        path: str | os.PathLike[str],
        *,
        ttl_s: float | None = 86400.0,
        clock: Callable[[], float] = time.time,
    ) -> None:
        self.path = Path(path)
        self.ttl_s = ttl_s
        self._clock = clock
        self._ready = False

    def _connect(self) -> sqlite3.Connection:
        if not self._ready:
            # Cached verdicts quote drafts: the file is born readable by its owner only.
            prepare_sqlite_file(self.path, own_folder=False)
        connection = sqlite3.connect(self.path, timeout=5.0)
        if not self._ready:
            with connection:
                connection.execute(
                    "CREATE TABLE IF NOT EXISTS verdicts ("
                    "key TEXT PRIMARY KEY, verdict TEXT NOT NULL, expires_at REAL)"
                )
            self._ready = True
        return connection

    def _get(self, key: str) -> str | None:
        with contextlib.closing(self._connect()) as connection, connection:
            row = connection.execute(
                "SELECT verdict, expires_at FROM verdicts WHERE key = ?", (key,)
            ).fetchone()
            if row is None:
                return None
            stored, expires = row
            if expires is not None and self._clock() >= expires:
                connection.execute("DELETE FROM verdicts WHERE key = ?", (key,))
                return None
            return str(stored)

    def _set(self, key: str, stored: str) -> None:
        expires = None if self.ttl_s is None else self._clock() + self.ttl_s
        with contextlib.closing(self._connect()) as connection, connection:
            connection.execute(
                "INSERT OR REPLACE INTO verdicts (key, verdict, expires_at) VALUES (?, ?, ?)",
                (key, stored, expires),
            )

    def _purge(self) -> int:
        with contextlib.closing(self._connect()) as connection, connection:
            cursor = connection.execute(
                "DELETE FROM verdicts WHERE expires_at IS NOT NULL AND expires_at <= ?",
                (self._clock(),),
            )
            return cursor.rowcount

    async def get(self, key: str) -> Verdict | None:
        stored = await asyncio.to_thread(self._get, key)
        return None if stored is None else Verdict.model_validate_json(stored)

    async def set(self, key: str, verdict: Verdict) -> None:
        await asyncio.to_thread(self._set, key, verdict.model_dump_json())

    async def purge_expired(self) -> int:
        """Delete expired entries (reads skip them anyway); returns how many."""
        return await asyncio.to_thread(self._purge)


def _describe(value: object, depth: int = 0) -> object:
    """A JSON-able, address-free description of a configuration value."""
    if value is None or isinstance(value, bool | int | float | str):
        return value
    if isinstance(value, Provider):
        return {"provider": value.spec}
    if isinstance(value, re.Pattern):
        return {"pattern": value.pattern, "flags": int(value.flags)}
    if depth >= _MAX_DEPTH:
        return type(value).__qualname__
    if isinstance(value, BaseModel):
        return value.model_dump(mode="json")
    if isinstance(value, Mapping):
        return {str(k): _describe(v, depth + 1) for k, v in sorted(value.items(), key=str)}
    if isinstance(value, list | tuple):
        return [_describe(v, depth + 1) for v in value]
    if isinstance(value, set | frozenset):
        return sorted((_describe(v, depth + 1) for v in value), key=repr)
    if isinstance(value, Evaluator) or dataclasses.is_dataclass(value):
        return {"type": _qualname(type(value)), **_public_state(value, depth + 1)}
    if isinstance(value, types.FunctionType):
        return _describe_function(value, depth)
    if isinstance(value, types.MethodType):
        return {
            "method": _describe(value.__func__, depth + 1),
            "of": _describe(value.__self__, depth + 1),
        }
    if isinstance(value, functools.partial):
        return {
            "partial": _describe(value.func, depth + 1),
            "args": _describe(value.args, depth + 1),
            "keywords": _describe(value.keywords, depth + 1),
        }
    if callable(value) and not hasattr(value, "__dict__"):
        return _qualname(value)
    if hasattr(value, "__dict__"):
        return {"type": _qualname(type(value)), **_public_state(value, depth + 1)}
    return _ADDRESS.sub("", repr(value))


def _describe_function(function: types.FunctionType, depth: int) -> object:
    # Two lambdas share a qualified name; their code and captured values tell
    # them apart (CallableCheck(lambda t: "a" in t) vs ... "b" in t).
    code = function.__code__
    consts = _ADDRESS.sub("", repr(code.co_consts)).encode()
    digest = hashlib.sha256(code.co_code + consts).hexdigest()[:16]
    captured: list[object] = []
    for cell in function.__closure__ or ():
        try:
            captured.append(_describe(cell.cell_contents, depth + 1))
        except ValueError:  # an empty cell
            captured.append(None)
    return {"function": _qualname(function), "code": digest, "closure": captured}


def _public_state(value: object, depth: int) -> dict[str, object]:
    # Public attributes describe configuration; private ones hold clients,
    # locks and compiled helpers that vary between equal evaluators.
    attributes = getattr(value, "__dict__", {})
    return {
        name: _describe(attribute, depth)
        for name, attribute in sorted(attributes.items())
        if not name.startswith("_")
    }


def _qualname(thing: object) -> str:
    module = getattr(thing, "__module__", "") or ""
    name = getattr(thing, "__qualname__", None) or type(thing).__qualname__
    return f"{module}.{name}" if module else str(name)


def evaluator_identity(evaluator: Evaluator) -> str:
    """A stable text naming ``evaluator`` and its configuration: its class,
    name, ``repr`` (memory addresses removed) and public attributes (criteria,
    preset, the provider's spec, patterns, children of a composite…)."""
    described = {
        "class": _qualname(type(evaluator)),
        "name": evaluator.name,
        "repr": _ADDRESS.sub("", repr(evaluator)),
        "state": _public_state(evaluator, 0),
    }
    return json.dumps(described, sort_keys=True, ensure_ascii=False, default=str)


def verdict_key(identity: str, subject: Subject, context: EvaluationContext) -> str:
    """The SHA-256 (hex) of what the evaluator sees: its identity, the
    request's user and assistant turns, criteria and format, the draft and
    the threshold. With ``judge_context`` ``full`` every message counts."""
    request = subject.request
    full = context.extra.get("judge_context") == "full"
    turns: list[object] = (
        [m.model_dump(mode="json", exclude_none=True) for m in request.messages]
        if full
        else [list(turn) for turn in minimal_turns(request)]
    )
    material = {
        "v": _KEY_VERSION,
        "evaluator": identity,
        "turns": turns,
        "criteria": request.criteria,
        "format": request.format,
        "draft": subject.text,
        "threshold": context.threshold,
        "judge_context": "full" if full else "minimal",
    }
    encoded = json.dumps(material, sort_keys=True, ensure_ascii=False, default=str)
    return hashlib.sha256(encoded.encode("utf-8")).hexdigest()


class Cached(Evaluator):
    """``evaluator``, with its sound verdicts kept in ``cache``.

    A hit returns the stored verdict with ``data["cached"] = True`` on each
    evidence and, when the evaluator calls a model and the gateway is a
    ledger, records a call with status ``cached`` (no tokens). A miss runs
    the evaluator through the same context, so its calls are recorded and
    budgeted as usual. ``identity`` overrides :func:`evaluator_identity` for
    an evaluator whose configuration that cannot describe.
    """

    def __init__(
        self,
        evaluator: Evaluator,
        cache: VerdictCache,
        *,
        name: str | None = None,
        identity: str | None = None,
    ) -> None:
        self.evaluator = evaluator
        self.cache = cache
        self.name = name or evaluator.name
        self.kind = evaluator.kind
        self.uses_llm = evaluator.uses_llm
        self.required = evaluator.required
        self.identity = identity or evaluator_identity(evaluator)

    def key(self, subject: Subject, context: EvaluationContext) -> str:
        return verdict_key(self.identity, subject, context)

    async def evaluate(self, subject: Subject, context: EvaluationContext) -> Verdict:
        key = self.key(subject, context)
        try:
            stored = await self.cache.get(key)
        except Exception as exc:  # treated as a miss
            log.warning("verdict cache read failed (%s): %s", type(exc).__name__, exc)
            stored = None
        if stored is not None:
            self._record_hit(subject, context, key)
            marked = [
                e.model_copy(update={"data": {**e.data, "cached": True}}) for e in stored.evidence
            ]
            return stored.model_copy(update={"evidence": marked})
        verdict = await self.evaluator.evaluate(subject, context)
        if not verdict.degraded:
            try:
                await self.cache.set(key, verdict)
            except Exception as exc:  # a broken cache must not break the run
                log.warning("verdict cache write failed (%s): %s", type(exc).__name__, exc)
        return verdict

    def definite_failure(self, partial: str) -> Evidence | None:
        return self.evaluator.definite_failure(partial)

    def _record_hit(self, subject: Subject, context: EvaluationContext, key: str) -> None:
        record = getattr(context.gateway, "record_cached", None)
        if not self.uses_llm or not callable(record):
            return
        provider = getattr(self.evaluator, "provider", None)
        record(
            kind=context.call_kind,
            attempt=subject.attempt,
            evaluator=self.evaluator.name,
            provider=provider.name if isinstance(provider, Provider) else "cache",
            model=provider.model if isinstance(provider, Provider) else self.evaluator.name,
            parameters={"cache_key": key},
        )

    def __repr__(self) -> str:
        return f"<Cached {self.evaluator!r}>"
