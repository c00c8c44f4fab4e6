"""The wrapped client, one for every vendor, in a sync and an async flavour.

A wrapped client keeps the real one as ``__wrapped__`` and hands every
attribute it does not define itself to it; ``with_options``/``copy`` return
wrapped copies; ``close`` (and the context manager) close redraft's resources
and the real client. Along the adapter's resource path (``chat`` then
``chat.completions``, or ``messages``) it puts stand-ins that are the real
objects too, except that the last one's ``create`` runs the redraft loop
through the :class:`~redraft.middleware._adapter.VendorAdapter`.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from functools import reduce
from typing import Any, Generic, Self, TypeVar

from redraft.core._types import RunResult
from redraft.middleware._adapter import Call, VendorAdapter
from redraft.middleware._bridge import AsyncStream, SyncRuntime, SyncStream
from redraft.middleware._common import WrapperCore

__all__ = ["WrappedAsync", "WrappedSync"]

A = TypeVar("A")
"""The vendor's async client type, which the runs draft through."""

_BYPASSES = frozenset({"parse", "stream", "with_raw_response", "with_streaming_response"})


class _Wrapped(Generic[A]):
    _resource: type[_Resource]
    """The stand-in for the redrafted resource: sync or async ``create``."""

    def __init__(self, client: Any, core: WrapperCore, adapter: VendorAdapter[A]) -> None:
        self.__wrapped__ = client
        self._core = core
        self._adapter = adapter
        self._client: A | None = None
        path = adapter.resource
        node: _Step = self._resource(self, path)
        for depth in range(len(path) - 1, 0, -1):
            step = _Step(self, path[:depth])
            setattr(step, path[depth], node)
            node = step
        setattr(self, path[0], node)

    def _clone(self, client: Any) -> Self:
        raise NotImplementedError

    def with_options(self, **options: Any) -> Self:
        """The real client's ``with_options``, still wrapped."""
        return self._clone(self.__wrapped__.with_options(**options))

    def copy(self, **options: Any) -> Self:
        """The real client's ``copy``, still wrapped."""
        return self._clone(self.__wrapped__.copy(**options))

    def __getattr__(self, name: str) -> Any:
        if name == "__wrapped__":
            raise AttributeError(name)
        return getattr(self.__wrapped__, name)

    def __repr__(self) -> str:
        return f"<redraft.wrap of {self.__wrapped__!r}>"


class _Step:
    """An object on the resource path (``chat`` of ``chat.completions``):
    the real one, except for the next step, which is set on it."""

    def __init__(self, owner: _Wrapped[Any], path: tuple[str, ...]) -> None:
        self._owner = owner
        self._path = path

    def _real(self) -> Any:
        # Looked up on every use: the real client's resources are its own to cache.
        return reduce(getattr, self._path, self._owner.__wrapped__)

    def __getattr__(self, name: str) -> Any:
        return getattr(self._real(), name)


class _Resource(_Step):
    """The redrafted resource (``chat.completions``, ``messages``): ``create``
    is redrafted, every other attribute is the real resource's."""

    def _answer(self, result: RunResult, call: Call, stream: Callable[[list[Any]], object]) -> Any:
        adapter = self._owner._adapter
        if call.kwargs.get("stream"):
            return stream(adapter.stream(result, call))
        return adapter.response(result, call)

    def __getattr__(self, name: str) -> Any:
        core = self._owner._core
        if name in _BYPASSES and core.enabled:
            where = ".".join((*self._path, name))
            core.warn_once(f"bypass:{name}", f"{where} is not redrafted (only create is)")
        return super().__getattr__(name)


class _SyncResource(_Resource):
    _owner: WrappedSync[Any]

    def create(self, **kwargs: Any) -> Any:
        """The real ``create``, judged and redrafted (see :func:`redraft.wrap`)."""
        owner = self._owner
        call = owner._adapter.decide(owner._core, kwargs)
        if call.request is None:
            return self._real().create(**call.kwargs)
        result = owner._runtime.run(owner._adapter.run(owner._core, owner._runs_client(), call))
        return self._answer(result, call, SyncStream)


class _AsyncResource(_Resource):
    _owner: WrappedAsync[Any]

    async def create(self, **kwargs: Any) -> Any:
        """The real ``create``, judged and redrafted (see :func:`redraft.wrap`)."""
        owner = self._owner
        call = owner._adapter.decide(owner._core, kwargs)
        if call.request is None:
            return await self._real().create(**call.kwargs)
        result = await owner._adapter.run(owner._core, owner._runs_client(), call)
        return self._answer(result, call, AsyncStream)


class WrappedSync(_Wrapped[A]):
    """A wrapped sync client. Runs go through an async twin of the real
    client (built by the adapter) on the private loop of a
    :class:`SyncRuntime`, which ``with_options()`` copies share."""

    _resource = _SyncResource

    def __init__(
        self,
        client: Any,
        core: WrapperCore,
        adapter: VendorAdapter[A],
        runtime: SyncRuntime | None = None,
    ) -> None:
        super().__init__(client, core, adapter)
        if runtime is None:
            runtime = SyncRuntime(f"redraft-{adapter.family}")
            runtime.on_close(core.aclose)
        self._runtime = runtime
        self._lock = threading.Lock()

    def _runs_client(self) -> A:
        with self._lock:
            if self._client is None:
                client = self._adapter.async_twin(self.__wrapped__)
                self._runtime.on_close(client.close)  # type: ignore[attr-defined]
                self._client = client
            return self._client

    def _clone(self, client: Any) -> Self:
        return type(self)(client, self._core, self._adapter, self._runtime)

    def close(self) -> None:
        """Close the redraft resources and the real client."""
        self._runtime.close()
        self.__wrapped__.close()

    def __enter__(self) -> Self:
        return self

    def __exit__(self, *exc_info: object) -> None:
        self.close()


class WrappedAsync(_Wrapped[A]):
    """A wrapped async client. Runs go through a copy of the real client
    that shares its connection pool, without the SDK's own retries: redraft's
    ledger retries, recording every try."""

    _resource = _AsyncResource

    def _runs_client(self) -> A:
        if self._client is None:
            self._client = self.__wrapped__.with_options(max_retries=0)
        assert self._client is not None
        return self._client

    def _clone(self, client: Any) -> Self:
        return type(self)(client, self._core, self._adapter)

    async def close(self) -> None:
        """Close the redraft resources and the real client."""
        await self._core.aclose()
        await self.__wrapped__.close()

    async def __aenter__(self) -> Self:
        return self

    async def __aexit__(self, *exc_info: object) -> None:
        await self.close()
