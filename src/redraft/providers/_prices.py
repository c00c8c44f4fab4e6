"""What vendors' models cost, from ``genai-prices``.

``genai-prices`` is Pydantic's maintained price table of LLM APIs; its data
ships in the package (a snapshot of the vendors' published prices), so a
lookup needs no network. Prices here are linear per token: the rate of a
million input tokens and of a million output tokens (tiered prices use their
first tier).
"""

from __future__ import annotations

import functools

from redraft.core._types import TokenPrices

__all__ = ["vendor_prices"]


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
