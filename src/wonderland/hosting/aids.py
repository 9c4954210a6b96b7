"""What each game contributes to the hosting aids, and the registry of those contributions.

A game's aids build teaching positions from a script's ``setup`` table, describe moves and
tables in words, generate practice tasks and, when the game has one, calculate the score of a
physical game.  Each game's plugin declares them; they are imported on first use.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

from wonderland.core import ConfigError, capabilities, game_ids, get_plugin, plugins
from wonderland.core.scoring import ScoreCalculator

if TYPE_CHECKING:
    from wonderland.hosting.practice import Task

TaskMaker = Callable[[random.Random, int], "Task"]
"""Builds one practice task of a kind from a seeded RNG and a difficulty level (1-5)."""


class SetupError(ValueError):
    """A teaching position that cannot be built; ``key`` names the offending setup key."""

    def __init__(self, key: str, message: str) -> None:
        super().__init__(message)
        self.key = key
        self.message = message


GameAids = capabilities.GameAids["Task"]
"""The game-specific half of the hosting aids (``core.capabilities.GameAids``), whose practice
tasks are :class:`~wonderland.hosting.practice.Task`; a game's aids subclass it."""


def aids_game_ids() -> list[str]:
    """Game ids whose plugins declare hosting aids, sorted."""
    return [p.game_id for p in plugins() if p.aids is not None]


def get_aids(game_id: str) -> GameAids:
    """The hosting aids of ``game_id``; ConfigError naming the games that have them otherwise."""
    ref = get_plugin(game_id).aids if game_id in game_ids() else None
    if ref is None:
        known = ", ".join(aids_game_ids())
        raise ConfigError(f"no hosting aids for {game_id!r}; available for: {known}")
    return ref.load()


def scored_game_ids() -> list[str]:
    """Game ids whose plugins declare a score calculator."""
    return [p.game_id for p in plugins() if p.score_calculator is not None]


def get_score_calculator(game_id: str) -> ScoreCalculator | None:
    """A new score calculator for a physical game of ``game_id``, if the game has one."""
    ref = get_plugin(game_id).score_calculator
    if ref is None:
        return None
    return ref.load()()


def seats_text(seats: Sequence[int]) -> str:
    """Seat indices as a person reads them, counted from 1: ``seat 2``, ``seats 1 and 3``,
    ``nobody``.

    >>> seats_text([1]), seats_text([0, 2]), seats_text([])
    ('seat 2', 'seats 1 and 3', 'nobody')
    """
    if not seats:
        return "nobody"
    numbers = [str(seat + 1) for seat in seats]
    if len(numbers) == 1:
        return f"seat {numbers[0]}"
    return "seats " + ", ".join(numbers[:-1]) + f" and {numbers[-1]}"
