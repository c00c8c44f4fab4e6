"""Providers in front of another one, which everything else sees through."""

from __future__ import annotations

from redraft.core._provider import Provider
from redraft.core._types import Message, TokenPrices

__all__ = ["Wrapped"]


class Wrapped(Provider):
    """A provider in front of ``provider``: call records, real-call blocking
    and budgets see the wrapped one's name, model, spec, capabilities, prices
    and prompt bound. Subclasses say how calls go through."""

    def __init__(self, provider: Provider) -> None:
        self.provider = provider
        self.name = provider.name
        self.model = provider.model
        self.is_real = provider.is_real
        self.supports_json_schema = provider.supports_json_schema
        self.supports_logprobs = provider.supports_logprobs

    @property
    def spec(self) -> str:
        return self.provider.spec

    def token_prices(self) -> TokenPrices | None:
        return self.provider.token_prices()

    def input_token_bound(self, messages: list[Message]) -> int:
        return self.provider.input_token_bound(messages)
