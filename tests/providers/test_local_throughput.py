"""The embedded model's own decode speed: a pessimistic prior from the thread
count, then learnt from its calls. No model runs here: a fake native server
streams the chunks and a fake clock times them."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

import pytest

from redraft import Message, ModelRequest
from redraft.providers._local import LocalProvider
from redraft.providers._throughput import Throughput, prior_tokens_per_s


def test_the_prior_assumes_a_busy_core_per_thread_and_stops_counting_past_a_few() -> None:
    assert prior_tokens_per_s(1) == 8.0
    assert prior_tokens_per_s(2) == 16.0
    assert prior_tokens_per_s(64) == prior_tokens_per_s(4) == 32.0
    assert LocalProvider(threads=2).tokens_per_s == 16.0
    assert LocalProvider(threads=1).tokens_per_s == 8.0


def test_a_slower_call_replaces_the_estimate_and_a_faster_one_moves_it_a_quarter() -> None:
    throughput = Throughput(16.0)
    throughput.record(40, 4.0)  # 10 tokens/s
    assert throughput.tokens_per_s == 10.0
    throughput.record(90, 1.0)  # 90 tokens/s: a quarter of the way up
    assert throughput.tokens_per_s == pytest.approx(30.0)
    assert throughput.measured == 2


def test_calls_too_short_to_time_teach_nothing() -> None:
    throughput = Throughput(16.0)
    throughput.record(15, 0.01)
    throughput.record(100, 0.0)
    assert (throughput.tokens_per_s, throughput.measured) == (16.0, 0)


@pytest.mark.parametrize(("prior", "rise"), [(0.0, 0.25), (16.0, 0.0), (16.0, 1.5)])
def test_throughput_options_are_validated(prior: float, rise: float) -> None:
    with pytest.raises(ValueError, match="must be"):
        Throughput(prior, rise=rise)


class FakeNativeServer:
    """Streams ``tokens`` one-token chunks and a usage chunk, as xllamacpp does."""

    def __init__(self, tokens: int) -> None:
        self.tokens = tokens

    def handle_chat_completions(
        self, body: dict[str, Any], on_chunk: Callable[[Any], bool]
    ) -> None:
        for _ in range(self.tokens):
            delta = {"choices": [{"delta": {"content": "w "}, "finish_reason": None}]}
            if on_chunk(delta):
                return
        on_chunk({"choices": [{"delta": {}, "finish_reason": "length"}]})
        on_chunk({"choices": [], "usage": {"prompt_tokens": 30, "completion_tokens": self.tokens}})


def fake_clock(*readings: float) -> Callable[[], float]:
    times: Iterator[float] = iter(readings)
    return lambda: next(times)


def local_with(tokens: int, clock: Callable[[], float], monkeypatch: pytest.MonkeyPatch) -> Any:
    provider = LocalProvider(threads=2, clock=clock)
    monkeypatch.setattr(provider, "_create_server", lambda: FakeNativeServer(tokens))
    return provider


REQUEST = ModelRequest(messages=[Message(role="user", content="Hi")], max_tokens=64)


async def test_a_finished_call_is_timed_from_its_first_token_to_its_end(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # First token at t=100 (after the prompt was read), last at t=105: the
    # other 50 tokens took 5 s.
    provider = local_with(51, fake_clock(100.0, 105.0), monkeypatch)
    completion = await provider.complete(REQUEST)
    assert completion.usage.output_tokens == 51
    assert provider.tokens_per_s == 10.0


async def test_a_call_cut_short_by_its_caller_is_not_timed(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    provider = local_with(51, fake_clock(100.0, 105.0), monkeypatch)
    stream = provider.stream(REQUEST)
    await anext(stream)
    await stream.aclose()
    assert provider.tokens_per_s == 16.0
