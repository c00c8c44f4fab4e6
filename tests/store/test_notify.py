"""Followers that woke for the same news share one read, and never miss news."""

from __future__ import annotations

import asyncio

import pytest

from redraft.store._notify import Notifier


class Reads:
    """A read that blocks until released, counting how often it ran."""

    def __init__(self) -> None:
        self.started = 0
        self.release = asyncio.Event()

    async def __call__(self) -> int:
        self.started += 1
        number = self.started
        await self.release.wait()
        return number


async def test_followers_that_woke_together_share_one_read() -> None:
    notifier = Notifier()
    reads = Reads()
    since = notifier.generation
    followers = [
        asyncio.create_task(notifier.shared(("run", "a", 0), since, reads)) for _ in range(100)
    ]
    await asyncio.sleep(0)  # let every follower reach the read
    reads.release.set()
    assert await asyncio.gather(*followers) == [1] * 100
    assert reads.started == 1


async def test_a_read_begun_before_the_news_is_not_shared_with_its_follower() -> None:
    notifier = Notifier()
    reads = Reads()
    early = asyncio.create_task(notifier.shared("key", notifier.generation, reads))
    await asyncio.sleep(0)
    # A commit lands while the first read is in flight: whoever woke for it
    # needs a read that begins after it.
    notifier.publish("key")
    late = asyncio.create_task(notifier.shared("key", notifier.generation, reads))
    await asyncio.sleep(0)
    reads.release.set()
    assert (await early, await late) == (1, 2)
    assert reads.started == 2


async def test_reads_of_different_logs_or_positions_are_not_shared() -> None:
    notifier = Notifier()
    reads = Reads()
    since = notifier.generation
    tasks = [
        asyncio.create_task(notifier.shared(name, since, reads))
        for name in (("run", "a", 0), ("run", "a", 5), ("run", "b", 0))
    ]
    await asyncio.sleep(0)
    reads.release.set()
    assert sorted(await asyncio.gather(*tasks)) == [1, 2, 3]


async def test_a_follower_going_away_leaves_the_read_to_the_others() -> None:
    notifier = Notifier()
    reads = Reads()
    since = notifier.generation
    leaving = asyncio.create_task(notifier.shared("key", since, reads))
    staying = asyncio.create_task(notifier.shared("key", since, reads))
    await asyncio.sleep(0)
    leaving.cancel()
    with pytest.raises(asyncio.CancelledError):
        await leaving
    reads.release.set()
    assert await staying == 1


async def test_a_failed_read_fails_every_follower_sharing_it_and_is_not_kept() -> None:
    notifier = Notifier()
    calls = 0

    async def failing() -> int:
        nonlocal calls
        calls += 1
        await asyncio.sleep(0)
        raise OSError("database went away")

    since = notifier.generation
    shared = [asyncio.create_task(notifier.shared("key", since, failing)) for _ in range(3)]
    results = await asyncio.gather(*shared, return_exceptions=True)
    assert all(isinstance(r, OSError) for r in results)
    assert calls == 1
    # The next read runs afresh rather than replaying the failure.
    with pytest.raises(OSError, match="went away"):
        await notifier.shared("key", notifier.generation, failing)
    assert calls == 2
