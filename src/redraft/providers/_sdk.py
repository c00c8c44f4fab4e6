"""What the providers behind a vendor SDK share.

The client is built on the first call, not at construction, so making a
provider never touches the network or needs a key; a client passed in is the
caller's and is never closed here. The SDK's own retries default to 0: the
:class:`~redraft.core._ledger.Ledger` retries failed calls itself, recording
each try and never waiting past the run's deadline; SDK retries would be
invisible to both and multiply with the ledger's.

Error messages name the model (``openai:gpt-4o-mini answered 503: …``),
never the server's URL or host: the service hands them to its tenants, in
error bodies and in the runs they read back. Where the call went is logged
on ``redraft.providers`` with each failure, for the operator.
"""

from __future__ import annotations

import importlib
import logging
from collections.abc import Mapping
from typing import Any, Generic, TypeVar

from redraft.core._errors import (
    ConfigurationError,
    ProviderConnectionError,
    ProviderError,
    ProviderResponseError,
    ProviderTimeoutError,
)
from redraft.core._provider import Provider
from redraft.core._types import TokenPrices
from redraft.providers._http import error_detail, error_for_status, hide_upstream, redact
from redraft.providers._prices import vendor_prices

__all__ = ["SDKProvider"]

log = logging.getLogger("redraft.providers")

ClientT = TypeVar("ClientT")


class SDKProvider(Provider, Generic[ClientT]):
    """A model behind a vendor SDK's async client (``ClientT``)."""

    supports_json_schema = True
    is_real = True
    #: A model spec for the message when the model name is missing.
    example_spec = ""
    #: The vendor whose published prices the model is looked up in.
    vendor = ""

    def __init__(
        self,
        model: str,
        *,
        api_key: str | None = None,
        base_url: str | None = None,
        client: ClientT | None = None,
        max_retries: int = 0,
        timeout: float = 60.0,
    ) -> None:
        if not model:
            raise ConfigurationError(
                f"{type(self).__name__} needs a model name, e.g. '{self.example_spec}'"
            )
        self.model = model
        self._api_key = api_key
        self._base_url = base_url
        self._client: ClientT | None = client
        self._owns_client = client is None
        self._max_retries = max_retries
        self._timeout = timeout

    @property
    def _endpoint(self) -> str:
        """Scheme, host and port of the server, without credentials or path."""
        raise NotImplementedError

    def _import_sdk(self) -> Any:
        """The vendor's SDK module, named like the provider and its extra."""
        try:
            return importlib.import_module(self.name)
        except ImportError:
            raise ConfigurationError(
                f"the '{self.name}' provider needs the {self.name} SDK: "
                f"pip install 'redraft[{self.name}]'"
            ) from None

    def token_prices(self) -> TokenPrices | None:
        return vendor_prices(self.vendor, self.model)

    async def aclose(self) -> None:
        if self._client is not None and self._owns_client:
            await self._client.close()  # type: ignore[attr-defined]
            self._client = None

    def _translate(self, exc: BaseException) -> ProviderError:
        """The vendor SDK's error as redraft's (each provider maps its own)."""
        raise NotImplementedError

    def _failure(self, exc: BaseException) -> ProviderError:
        """What a call that raised ``exc`` raises: :meth:`_translate`, logged."""
        return self._logged(self._translate(exc))

    def _logged(self, error: ProviderError) -> ProviderError:
        """``error``, after saying on the log where the failed call went:
        the operator's to know, never in the message (see the module)."""
        log.warning("%s call to %s failed: %s", self.spec, self._endpoint, error)
        return error

    def _public(self, text: str) -> str:
        """Text from the vendor or the transport, fit for a message: no key,
        no upstream address."""
        client: Any = self._client
        secret = client.api_key if client is not None else self._api_key
        return hide_upstream(redact(text, secret), self._endpoint)

    def _timed_out(self) -> ProviderTimeoutError:
        return ProviderTimeoutError(
            f"{self.spec} request timed out (timeout {self._timeout:g}s)", provider=self.name
        )

    def _unreachable(self, exc: BaseException) -> ProviderConnectionError:
        cause = self._public(str(exc.__cause__ or exc))
        return ProviderConnectionError(f"cannot reach {self.spec}: {cause}", provider=self.name)

    def _unreadable(self, exc: BaseException) -> ProviderResponseError:
        return ProviderResponseError(
            f"unreadable response from {self.spec}: {self._public(str(exc))}",
            provider=self.name,
        )

    def _detail(self, body: object, message: str) -> str:
        return self._public(error_detail(body, message))

    def _status_error(
        self, status: int, body: object, message: str, headers: Mapping[str, str]
    ) -> ProviderError:
        return error_for_status(
            status,
            self._detail(body, message),
            where=self.spec,
            provider=self.name,
            headers=headers,
        )
