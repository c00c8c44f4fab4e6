"""What the providers behind a vendor SDK share.

The client is built on the first call, not at construction, so making a
provider never touches the network or needs a key; a client passed in is the
caller's and is never closed here. The SDK's own retries default to 0: the
:class:`~redraft.core._ledger.Ledger` retries failed calls itself, recording
each try and never waiting past the run's deadline; SDK retries would be
invisible to both and multiply with the ledger's.
"""

from __future__ import annotations

import importlib
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
from redraft.providers._http import error_detail, error_for_status, redact
from redraft.providers._prices import vendor_prices

__all__ = ["SDKProvider"]

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

    # -- the errors every SDK reports alike ---------------------------------------------

    @property
    def _secret(self) -> str | None:
        client: Any = self._client
        key: str | None = client.api_key if client is not None else self._api_key
        return key

    def _timed_out(self) -> ProviderTimeoutError:
        return ProviderTimeoutError(
            f"{self.name} request to {self._endpoint} timed out (timeout {self._timeout:g}s)",
            provider=self.name,
        )

    def _unreachable(self, exc: BaseException) -> ProviderConnectionError:
        cause = redact(str(exc.__cause__ or exc), self._secret)
        return ProviderConnectionError(
            f"cannot reach {self._endpoint}: {cause}", provider=self.name
        )

    def _unreadable(self, exc: BaseException) -> ProviderResponseError:
        return ProviderResponseError(
            f"unreadable response from {self._endpoint}: {redact(str(exc), self._secret)}",
            provider=self.name,
        )

    def _detail(self, body: object, message: str) -> str:
        return redact(error_detail(body, message), self._secret)

    def _status_error(
        self, status: int, body: object, message: str, headers: Mapping[str, str]
    ) -> ProviderError:
        return error_for_status(
            status,
            self._detail(body, message),
            where=self._endpoint,
            provider=self.name,
            headers=headers,
        )
