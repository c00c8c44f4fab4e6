"""The plumbing every wrapped client shares, whatever its vendor.

A wrapped client keeps the real one as ``__wrapped__`` and hands every
attribute it does not define itself to it; ``with_options``/``copy`` return
wrapped copies; ``close`` (and the context manager) close redraft's resources
and the real client. The vendor modules add the one resource they redraft
(``chat.completions`` or ``messages``) and say how to build the async client
the runs draft through.
"""

from __future__ import annotations

import threading
from types import TracebackType
from typing import Any, Generic, Self, TypeVar

from redraft.middleware._bridge import SyncRuntime
from redraft.middleware._common import Redrafter

__all__ = ["WrappedAsync", "WrappedSync"]

A = TypeVar("A")
"""The vendor's async client type, which the runs draft through."""


class _Wrapped:
    __wrapped__: Any

    def __getattr__(self, name: str) -> Any:
        if name == "__wrapped__":
            raise AttributeError(name)
        return getattr(self.__wrapped__, name)

    def __repr__(self) -> str:
        return f"<redraft.wrap of {self.__wrapped__!r}>"


class WrappedSync(_Wrapped, Generic[A]):
    """A wrapped sync client. Runs go through an async twin of the real
    client (built by :meth:`_twin`) on the private loop of a
    :class:`SyncRuntime`, which ``with_options()`` copies share."""

    thread_name = "redraft"

    def __init__(self, client: Any, core: Redrafter, runtime: SyncRuntime | None = None) -> None:
        self.__wrapped__ = client
        self._core = core
        if runtime is None:
            runtime = SyncRuntime(self.thread_name)
            runtime.on_close(core.aclose)
        self._runtime = runtime
        self._client: A | None = None
        self._lock = threading.Lock()

    def _twin(self) -> A:
        raise NotImplementedError

    def _runs_client(self) -> A:
        with self._lock:
            if self._client is None:
                client = self._twin()
                self._runtime.on_close(client.close)  # type: ignore[attr-defined]
                self._client = client
            return self._client

    def with_options(self, **options: Any) -> Self:
        """The real client's ``with_options``, still wrapped."""
        return type(self)(self.__wrapped__.with_options(**options), self._core, self._runtime)

    def copy(self, **options: Any) -> Self:
        """The real client's ``copy``, still wrapped."""
        return type(self)(self.__wrapped__.copy(**options), self._core, self._runtime)

    def close(self) -> None:
        """Close the redraft resources and the real client."""
        self._runtime.close()
        self.__wrapped__.close()

    def __enter__(self) -> Self:
        return self

    def __exit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        self.close()


class WrappedAsync(_Wrapped, Generic[A]):
    """A wrapped async client. Runs go through a copy of the real client
    that shares its connection pool, without the SDK's own retries: redraft's
    ledger retries, recording every try."""

    def __init__(self, client: Any, core: Redrafter) -> None:
        self.__wrapped__ = client
        self._core = core
        self._client: A | None = None

    def _runs_client(self) -> A:
        if self._client is None:
            self._client = self.__wrapped__.with_options(max_retries=0)
        assert self._client is not None
        return self._client

    def with_options(self, **options: Any) -> Self:
        """The real client's ``with_options``, still wrapped."""
        return type(self)(self.__wrapped__.with_options(**options), self._core)

    def copy(self, **options: Any) -> Self:
        """The real client's ``copy``, still wrapped."""
        return type(self)(self.__wrapped__.copy(**options), self._core)

    async def close(self) -> None:
        """Close the redraft resources and the real client."""
        await self._core.aclose()
        await self.__wrapped__.close()

    async def __aenter__(self) -> Self:
        return self

    async def __aexit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        await self.close()
