"""What vendors' models cost, from ``genai-prices``.

``genai-prices`` is Pydantic's maintained price table of LLM APIs; its data
ships in the package (a snapshot of the vendors' published prices), so a
lookup needs no network. Prices here are linear per token: the rate of a
million input tokens and of a million output tokens (tiered prices use their
first tier).
"""

from __future__ import annotations

import functools
from collections.abc import AsyncIterator

from redraft.core._provider import Provider
from redraft.core._types import Completion, ModelRequest, StreamChunk, TokenPrices
from redraft.providers._wrapped import Wrapped

__all__ = ["Repriced", "dollars", "repriced", "vendor_prices"]


def dollars(usd: float) -> str:
    """An amount for people: ``$0``, or to the cent's hundredth (smaller
    amounts, as a cheap model's single call costs, to six places)."""
    if usd == 0:
        return "$0"
    return f"${usd:.4f}" if usd >= 0.0001 else f"${usd:.6f}"


@functools.lru_cache(maxsize=256)
def vendor_prices(vendor: str, model: str) -> TokenPrices | None:
    """``model``'s prices at ``vendor`` (``openai``, ``anthropic``), or None
    when the table does not know it (a self-hosted model behind an
    OpenAI-compatible endpoint, a model newer than the table)."""
    from genai_prices import Usage, calc_price

    try:
        per_input = calc_price(Usage(input_tokens=1_000_000), model, provider_id=vendor)
        per_output = calc_price(Usage(output_tokens=1_000_000), model, provider_id=vendor)
    except LookupError:
        return None
    return TokenPrices(
        input_per_million=float(per_input.total_price),
        output_per_million=float(per_output.total_price),
    )


class Repriced(Wrapped):
    """``provider`` at prices of your own: a self-hosted model the table does
    not know, or a negotiated rate. Everything else is the provider's."""

    def __init__(self, provider: Provider, prices: TokenPrices) -> None:
        super().__init__(provider)
        self.prices = prices

    @property
    def tokens_per_s(self) -> float | None:
        return self.provider.tokens_per_s

    def token_prices(self) -> TokenPrices:
        return self.prices

    async def complete(self, request: ModelRequest) -> Completion:
        return await self.provider.complete(request)

    async def stream(self, request: ModelRequest) -> AsyncIterator[StreamChunk]:
        async for chunk in self.provider.stream(request):
            yield chunk


def repriced(provider: Provider, prices: TokenPrices | None) -> Provider:
    """``provider`` at ``prices`` when given; as it is otherwise. The wrapper
    closes nothing: whoever built ``provider`` owns it."""
    return provider if prices is None else Repriced(provider, prices)
