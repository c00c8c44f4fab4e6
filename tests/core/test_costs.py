"""Money: every call carries its cost from the models' prices, runs add them
up, and a cost budget stops a run before it is exceeded."""

from __future__ import annotations

from typing import Any

import pytest
from genai_prices import Usage as PricedUsage
from genai_prices import calc_price

from _vendors import VENDORS, Vendor, running
from redraft import (
    BudgetExhaustedError,
    CostBudgetExhaustedError,
    Policy,
    RunFailedError,
    run,
)
from redraft.core._ledger import Ledger
from redraft.core._types import FREE, Message, ModelRequest, TokenPrices, Usage
from redraft.evaluators import MustMatch
from redraft.providers import ScriptedModel
from redraft.providers._prices import vendor_prices

# Models both fakes may name: the price table knows them.
PRICED = {"openai": "gpt-4o-mini", "anthropic": "claude-3-5-haiku-latest"}


@pytest.fixture(params=VENDORS, ids=lambda kind: kind.name)
async def vendor(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch) -> Any:
    with running(request.param, monkeypatch) as running_vendor:
        yield running_vendor
        await running_vendor.aclose()


@pytest.mark.real_calls
async def test_a_vendor_call_costs_what_the_price_table_says(vendor: Vendor) -> None:
    model = PRICED[vendor.name]
    vendor.server.add("It is Paris, the capital.", "Paris it is.")
    provider = vendor.provider_class(
        model, base_url=vendor.server.base_url, api_key=vendor.key, max_retries=0
    )
    try:
        result = await run(
            "What is the capital of France?",
            generator=provider,
            evaluator=MustMatch("Lyon"),
            policy=Policy(max_attempts=2),
        )
    finally:
        await provider.aclose()
    assert len(result.calls) == 2
    for call in result.calls:
        usage = call.usage
        assert usage.input_tokens > 0 and usage.output_tokens > 0
        priced = calc_price(
            PricedUsage(input_tokens=usage.input_tokens, output_tokens=usage.output_tokens),
            model,
            provider_id=vendor.name,
        )
        assert call.cost_usd == pytest.approx(float(priced.total_price), rel=1e-9)
    assert result.cost_usd == pytest.approx(sum(c.cost_usd or 0 for c in result.calls))
    assert result.model_dump(mode="json")["cost_usd"] == result.cost_usd


def test_the_published_rates_per_million_tokens() -> None:
    # Pinned: a change in the table (or in how it is read) shows up here.
    assert vendor_prices("openai", "gpt-4o-mini") == TokenPrices(
        input_per_million=0.15, output_per_million=0.6
    )
    haiku = vendor_prices("anthropic", "claude-3-5-haiku-latest")
    assert haiku == TokenPrices(input_per_million=0.8, output_per_million=4.0)
    assert haiku.cost(Usage(input_tokens=1000, output_tokens=1000)) == pytest.approx(0.0048)
    # A model the table does not know has no price, rather than a made-up one.
    assert vendor_prices("openai", "fake-model") is None


async def test_an_unknown_price_makes_the_run_cost_unknown_not_smaller() -> None:
    class Unpriced(ScriptedModel):
        def token_prices(self) -> TokenPrices | None:  # type: ignore[override]
            return None

    result = await run(
        "Capital of France?",
        generator=Unpriced(["Paris."]),
        evaluator=MustMatch("Paris"),
    )
    assert [c.cost_usd for c in result.calls] == [None]
    assert result.cost_usd is None


async def test_scripted_and_embedded_models_cost_nothing() -> None:
    result = await run("Capital?", generator=ScriptedModel(["Paris."]), evaluator=None)
    assert result.cost_usd == 0.0
    assert ScriptedModel([]).token_prices() == FREE


class Priced(ScriptedModel):
    """A scripted model billed at $1 per million input and $10 per million
    output tokens (the fake counts one token per word)."""

    def token_prices(self) -> TokenPrices:
        return TokenPrices(input_per_million=1.0, output_per_million=10.0)


async def test_a_cost_budget_stops_the_run_before_it_is_exceeded() -> None:
    budget = 0.0005
    drafts = [" ".join(["word"] * 20)] * 10  # never passes the check
    result = await run(
        "Write something.",
        generator=Priced(drafts),
        evaluator=MustMatch("Paris"),
        policy=Policy(max_attempts=10, cost_budget_usd=budget, max_tokens=40),
    )
    assert result.stop_reason == "budget"
    assert result.cost_usd is not None and 0 < result.cost_usd <= budget
    assert result.attempts < 10
    # Every call that started was sure to fit: its worst case was reserved.
    spent = 0.0
    for call in result.calls:
        spent += call.cost_usd or 0.0
        assert spent <= budget


async def test_the_cost_budget_cuts_a_calls_output_cap_to_what_is_left() -> None:
    ledger = Ledger(Policy(cost_budget_usd=0.0002))
    provider = Priced(["short answer"])
    request = ModelRequest(messages=[Message(role="user", content="Hi")], max_tokens=500)
    completion = await ledger.complete(provider, request, kind="draft", attempt=1)
    assert completion.text == "short answer"
    (call,) = ledger.calls
    # $0.0002 left, a prompt of a few tokens at $1/M: about 19 output tokens at $10/M.
    assert 10 <= call.parameters["max_tokens"] < 20
    assert call.cost_usd is not None and call.cost_usd <= 0.0002


async def test_the_budget_error_names_the_part_of_the_call_that_does_not_fit() -> None:
    request = ModelRequest(messages=[Message(role="user", content="Hi")], max_tokens=500)
    prompt_bound = Priced([]).input_token_bound(request.messages)
    prompt_cost = prompt_bound / 1_000_000  # $1/M
    # Room for the prompt, not for 8 output tokens at $10/M ($0.00008).
    ledger = Ledger(Policy(cost_budget_usd=prompt_cost + 0.00002))
    with pytest.raises(CostBudgetExhaustedError) as output:
        await ledger.complete(Priced(["x"]), request, kind="draft", attempt=1)
    message = str(output.value)
    assert f"prompt could cost ${prompt_cost:.6f}, which leaves $0.000020 for its output" in message
    assert "less than the $0.000080 of the 8 output tokens" in message
    assert "prompt alone" not in message  # the prompt fits: it is not what is short

    ledger = Ledger(Policy(cost_budget_usd=prompt_cost / 2))
    with pytest.raises(CostBudgetExhaustedError, match=r"prompt alone could cost"):
        await ledger.complete(Priced(["x"]), request, kind="draft", attempt=1)

    ledger = Ledger(Policy(token_budget=prompt_bound + 3))
    with pytest.raises(BudgetExhaustedError) as tokens:
        await ledger.complete(Priced(["x"]), request, kind="draft", attempt=1)
    assert f"prompt could need {prompt_bound}, which leaves 3 for its output" in str(tokens.value)


async def test_a_cost_budget_with_a_model_of_unknown_price_makes_no_call() -> None:
    class Unpriced(ScriptedModel):
        def token_prices(self) -> TokenPrices | None:  # type: ignore[override]
            return None

    with pytest.raises(RunFailedError, match="no price is known for scripted") as failed:
        await run(
            "Capital of France?",
            generator=Unpriced(["Paris."]),
            evaluator=MustMatch("Paris"),
            policy=Policy(cost_budget_usd=1.0),
        )
    assert failed.value.result is not None
    assert failed.value.result.calls == []
    assert failed.value.result.stop_reason == "budget"
