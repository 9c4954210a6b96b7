"""The server loop that wakes once a second: a stop signal still ends it at once, and it
keeps uvicorn's own ticks (the ``Date`` header renewed, the stop flag honoured)."""

from __future__ import annotations

import asyncio
import signal
from typing import Any

import pytest
import uvicorn

from wonderland.server import quiet_server
from wonderland.server.quiet_server import QuietServer


async def nothing(scope: Any, receive: Any, send: Any) -> None:
    """An ASGI app that is never called."""


def loaded_server() -> QuietServer:
    config = uvicorn.Config(nothing, log_level="warning")
    config.load()
    return QuietServer(config)


def test_a_stop_signal_wakes_the_loop_at_once(monkeypatch: pytest.MonkeyPatch) -> None:
    """With a tick of an hour, only the signal can end the loop (the test's own bound of
    30 s is for a loop that never ends)."""
    monkeypatch.setattr(quiet_server, "TICK_SECONDS", 3600.0)
    server = loaded_server()

    async def run() -> None:
        looping = asyncio.create_task(server.main_loop())
        await asyncio.sleep(0.05)
        assert not looping.done()  # looked once, and waits
        assert any(name == b"date" for name, _ in server.server_state.default_headers)
        server.handle_exit(signal.SIGTERM, None)
        await asyncio.wait_for(looping, 30)

    asyncio.run(run())
    assert server.should_exit


def test_the_loop_ends_on_its_next_tick_when_told_to(monkeypatch: pytest.MonkeyPatch) -> None:
    """A stop flag set without a signal (uvicorn's own ``should_exit``) ends the loop at its
    next tick."""
    monkeypatch.setattr(quiet_server, "TICK_SECONDS", 0.01)
    server = loaded_server()

    async def run() -> None:
        looping = asyncio.create_task(server.main_loop())
        await asyncio.sleep(0.05)
        assert not looping.done()
        server.should_exit = True
        await asyncio.wait_for(looping, 30)

    asyncio.run(run())
