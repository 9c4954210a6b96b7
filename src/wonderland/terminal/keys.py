"""Single keys for a real-time terminal table: a terminal in cbreak mode and the wall clock.

A real-time game's face reads keys through :class:`Keys`, so that its tests can press keys at
set moments of a simulated clock instead.
"""

from __future__ import annotations

import contextlib
import os
import select
import sys
import termios
import time
import tty
from collections.abc import Callable, Iterator
from contextlib import AbstractContextManager
from typing import Protocol

from wonderland.core import ConfigError


class Keys(Protocol):
    """Where the table's keys and time come from: a terminal and the wall clock, or a script
    on a simulated clock."""

    clock: Callable[[], float]

    def raw(self) -> AbstractContextManager[object]:
        """Single-key mode for the duration of the block."""

    def read(self, timeout: float) -> str | None:
        """One key, or None after ``timeout`` seconds."""


CTRL_D = b"\x04"
"""End of transmission: the end of the input at a line prompt, the key ``q`` here."""


class KeyReader:
    """Single keys from a terminal in cbreak mode (restored on exit), on the monotonic clock."""

    def __init__(self, game_id: str) -> None:
        if not sys.stdin.isatty():
            raise ConfigError(
                f"wonderland play {game_id} is a real-time game: it needs an interactive "
                "terminal for its single-key input, and stdin is not a terminal"
            )
        self.fd = sys.stdin.fileno()
        self.saved = termios.tcgetattr(self.fd)
        self.clock: Callable[[], float] = time.monotonic

    @contextlib.contextmanager
    def raw(self) -> Iterator[KeyReader]:
        """Cbreak mode for the duration of the block (a closed terminal is left as it is)."""
        try:
            tty.setcbreak(self.fd)
            yield self
        finally:
            with contextlib.suppress(termios.error, OSError):
                termios.tcsetattr(self.fd, termios.TCSADRAIN, self.saved)

    def read(self, timeout: float) -> str | None:
        """One key, or None after ``timeout`` seconds (a closed input and Ctrl-D, which
        single-key mode reads as a key, read as ``q``)."""
        ready, _, _ = select.select([self.fd], [], [], timeout)
        if not ready:
            return None
        data = os.read(self.fd, 1)
        return data.decode("utf-8", "replace") if data and data != CTRL_D else "q"
