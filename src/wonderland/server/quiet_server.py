"""uvicorn's server with a slower heartbeat.

uvicorn's server wakes ten times a second to see whether it should stop and, once a second,
to renew its ``Date`` header. Each wake of an idle process costs CPU (on a small virtual
machine about 0.2 ms, the caches gone cold in between), and every server process pays it, so
this one wakes once a second instead, on the process's beat (``beat``: the other looks made
once a second share that wake); a signal to stop wakes it at once, so it stops as soon as
uvicorn's own does."""

from __future__ import annotations

import asyncio
import contextlib
from types import FrameType
from typing import Any

import uvicorn

from wonderland.server.beat import until_beat

TICK_SECONDS = 1.0
"""How often the server looks at its stop flag and renews the ``Date`` header."""


class QuietServer(uvicorn.Server):
    """uvicorn's server, looking at its stop flag once a second or when a signal comes."""

    def __init__(self, config: uvicorn.Config) -> None:
        super().__init__(config)
        self._loop: asyncio.AbstractEventLoop | None = None
        self._stop = asyncio.Event()

    async def main_loop(self) -> None:
        """Tick until told to stop (a tick with counter 0 renews the ``Date`` header)."""
        self._loop = asyncio.get_running_loop()
        while not await self.on_tick(0):
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self._stop.wait(), until_beat(TICK_SECONDS))

    def handle_exit(self, sig: int, frame: FrameType | None) -> None:
        """uvicorn's signal handler, which also wakes the main loop."""
        super().handle_exit(sig, frame)
        if self._loop is not None:
            with contextlib.suppress(RuntimeError):  # the loop has closed already
                self._loop.call_soon_threadsafe(self._stop.set)


def serve(app: Any, **options: Any) -> bool:
    """Serve ``app`` with uvicorn's ``options`` until stopped (as ``uvicorn.run`` does);
    whether it started (False: e.g. the port was taken, which uvicorn has logged)."""
    server = QuietServer(uvicorn.Config(app, **options))
    with contextlib.suppress(KeyboardInterrupt):
        server.run()
    return server.started
