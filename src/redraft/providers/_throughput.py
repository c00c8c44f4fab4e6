"""A local model's decode speed on this machine, learnt from its own calls.

Sizing a run's deadline needs it before the run starts, so the estimate errs
slow: it starts from a pessimistic prior, drops at once to a slower call and
climbs only part of the way towards a faster one.
"""

from __future__ import annotations

import threading

__all__ = ["Throughput", "prior_tokens_per_s"]

# Measured on SmolLM2-135M Q4_1: 35-44 tokens/s on one free thread, 6-10 when
# another process holds the core. The prior assumes the busy case.
PRIOR_TOKENS_PER_S_PER_THREAD = 8.0
# Decoding a model this small is memory-bound: threads past a few stop adding
# speed, so the prior does not count them.
PRIOR_THREADS_CAP = 4


def prior_tokens_per_s(threads: int) -> float:
    """The decode speed assumed before any call was measured."""
    return PRIOR_TOKENS_PER_S_PER_THREAD * max(1, min(threads, PRIOR_THREADS_CAP))


class Throughput:
    """Running estimate of decode tokens per second.

    :meth:`record` takes one call's decoded tokens and the seconds they took.
    Calls shorter than ``min_tokens`` are ignored: a few tokens time the
    scheduling, not the model. A slower call replaces the estimate; a faster
    one moves it by ``rise`` of the difference, so one lucky call on an idle
    machine does not shorten the next run's deadline by much.
    """

    def __init__(self, prior: float, *, rise: float = 0.25, min_tokens: int = 16) -> None:
        if prior <= 0:
            raise ValueError("prior must be > 0")
        if not 0 < rise <= 1:
            raise ValueError("rise must be in (0, 1]")
        self._rate = prior
        self._rise = rise
        self._min_tokens = min_tokens
        self._measured = 0
        # Calls may finish on different threads' event loops.
        self._lock = threading.Lock()

    @property
    def tokens_per_s(self) -> float:
        return self._rate

    @property
    def measured(self) -> int:
        """How many calls the estimate has learnt from."""
        return self._measured

    def record(self, tokens: int, seconds: float) -> None:
        if tokens < self._min_tokens or seconds <= 0:
            return
        rate = tokens / seconds
        with self._lock:
            if rate < self._rate:
                self._rate = rate
            else:
                self._rate += self._rise * (rate - self._rate)
            self._measured += 1
