"""The periodic looks of a server process share one beat of the event loop's clock."""

from __future__ import annotations

import asyncio

from wonderland.server.beat import until_beat
from wonderland.server.guard import SteadyMemoryStorage


def test_a_look_asked_at_any_moment_waits_for_the_next_beat() -> None:
    async def deadlines() -> list[float]:
        loop = asyncio.get_running_loop()
        found = []
        for pause in (0.0, 0.013, 0.21, 0.37):
            await asyncio.sleep(pause)
            wait = until_beat(0.5)
            assert 0 < wait <= 0.5
            found.append(loop.time() + wait)
        return found

    beats = asyncio.run(deadlines())
    # each on a beat (to the clock's own resolution; uvloop's is 1 ms), whenever it was asked
    for deadline in beats:
        assert abs(deadline - round(deadline / 0.5) * 0.5) <= 0.001


def test_the_limits_drop_their_expired_counts_on_the_beat_without_a_thread() -> None:
    storage = SteadyMemoryStorage()
    storage.timer.join()  # the one MemoryStorage starts when made
    made = storage.timer

    async def count() -> float:
        loop = asyncio.get_running_loop()
        for _ in range(5):
            assert storage.acquire_entry("states t1", 10, 0)  # expired as soon as counted
        assert storage._dropping is not None
        due = storage._dropping[1].when()
        await asyncio.sleep(due - loop.time() + 0.05)
        return due

    due = asyncio.run(count())
    assert storage.timer is made  # no thread was started for the drop...
    assert abs(due - round(due)) <= 0.001  # ...which came on the beat
    assert storage.events["states t1"] == []
    assert storage._dropping is None


def test_the_limits_counted_outside_a_loop_drop_their_expired_counts_in_a_timer() -> None:
    storage = SteadyMemoryStorage()
    storage.timer.join()
    made = storage.timer
    assert storage.acquire_entry("states t1", 10, 0)
    assert storage.timer is not made and storage.timer.is_alive()
    storage.timer.join()
    assert storage.events["states t1"] == []
