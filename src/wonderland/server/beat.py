"""One beat for a server process's periodic looks: those that come once a second (the
server's stop flag and ``Date`` header, the free leases of other processes' tables) fall on
the same instant of the event loop's clock, so an idle process wakes once a second for all
of them rather than once for each (each wake of an idle process costs CPU)."""

from __future__ import annotations

import asyncio


def until_beat(period: float = 1.0) -> float:
    """Seconds from now to the next whole multiple of ``period`` on the running loop's clock."""
    return period - asyncio.get_running_loop().time() % period
