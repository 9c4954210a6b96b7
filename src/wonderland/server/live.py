"""Real-time tables: what the server needs of a game's real-time driver (declared by its plugin).

A real-time game owns a clock; people act whenever they like and bots at their own speed.  Its
plugin's ``live_table`` module starts a session for a new table or resumes one from the stored
actions; the server commits the session's actions and tells each seat, as for turn games.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Mapping
from typing import Any, Protocol

from wonderland.core import GameConfig

Decide = Callable[[int, list[int]], Awaitable[int]]
"""Ask the seat's bot (in a worker process) for one of the legal actions."""


class Driver(Protocol):
    """The game's clocked driver: its state and every action so far (chance included)."""

    @property
    def state(self) -> Any:
        """The state now."""
        ...

    @property
    def actions(self) -> list[tuple[int, int]]:
        """Every (actor, action) so far, in order."""
        ...


class LiveSession(Protocol):
    """The live part of a real-time table: its driver and its bots' timing."""

    @property
    def driver(self) -> Driver:
        """The driver behind the table's state and actions."""
        ...

    def legal(self, seat: int) -> list[int]:
        """The actions ``seat`` may take now."""
        ...

    def describe(self, action: int) -> dict[str, Any]:
        """What ``action`` would do now, for the table's buttons."""
        ...

    def live_info(self, seat: int | None) -> dict[str, Any]:
        """The clock-dependent part of ``seat``'s view (cooldowns, countdowns)."""
        ...

    def roll(self, seat: int) -> None:
        """``seat`` rolls (IllegalAction names the rule that forbids it)."""
        ...

    def act(self, seat: int, action: int) -> None:
        """``seat`` acts (IllegalAction names the rule that forbids it)."""
        ...

    def hand_to_bot(self, seat: int, bot: str) -> None:
        """From now on ``bot`` plays ``seat`` (its person was idle too long)."""
        ...

    def set_bots(self, bots: Mapping[int, str]) -> None:
        """The seats that bots play from now on, with the bot of each (whose pace it keeps):
        a seat new to them is played after a reaction time; a seat no longer among them is
        not played again (what its bot had planned is dropped), so a seat given back to its
        person is theirs at once."""
        ...

    def new_lines(self, new_actions: bool = True) -> list[str]:
        """Log lines for what happened since the last call."""
        ...

    async def tick(self, decide: Decide) -> bool:
        """Let the clock and the bots move on; whether anything was done."""
        ...


class LiveModule(Protocol):
    """A game's ``live_table`` module."""

    def start(self, config: GameConfig, seed: int, bots: Mapping[int, str]) -> LiveSession:
        """A session for a new table; ``bots`` are the seats that bots play, with the bot
        of each."""
        ...

    def resume(
        self,
        config: GameConfig,
        seed: int,
        actions: list[tuple[int, int]],
        bots: Mapping[int, str],
    ) -> LiveSession:
        """A session carrying on a stored table after a restart."""
        ...
