"""The periodic looks of a server process share one beat of the event loop's clock."""

from __future__ import annotations

import asyncio

from wonderland.server.beat import until_beat


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
