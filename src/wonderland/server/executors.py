"""The one way the server leaves the event loop: every store, lease and bot call that would
block it runs in an executor through :func:`run_in`."""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from concurrent.futures import Executor
from typing import Any, TypeVar

Answer = TypeVar("Answer")


async def run_in(executor: Executor | None, call: Callable[..., Answer], *args: Any) -> Answer:
    """``call(*args)`` in ``executor`` (None: the event loop's default threads), awaited
    without holding up the event loop."""
    return await asyncio.get_running_loop().run_in_executor(executor, call, *args)
