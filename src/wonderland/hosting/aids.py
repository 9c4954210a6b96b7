"""What each game contributes to the hosting aids, and the registry of those contributions.

A game's aids build teaching positions from a script's ``setup`` table, describe moves and
tables in words, generate practice tasks and, when the game has one, calculate the score of a
physical game.  They are imported lazily, like the games themselves.
"""

from __future__ import annotations

import importlib
import random
from abc import ABC, abstractmethod
from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING, Any

from wonderland.core import ConfigError, Game, GameConfig

if TYPE_CHECKING:
    from wonderland.hosting.practice import Task
    from wonderland.hosting.scoring import ScoreCalculator

TaskMaker = Callable[[random.Random, int], "Task"]
"""Builds one practice task of a kind from a seeded RNG and a difficulty level (1-5)."""


class SetupError(ValueError):
    """A teaching position that cannot be built; ``key`` names the offending setup key."""

    def __init__(self, key: str, message: str) -> None:
        super().__init__(message)
        self.key = key
        self.message = message


class GameAids(ABC):
    """The game-specific half of the hosting aids."""

    game: Game[Any, Any]
    task_kinds: Mapping[str, TaskMaker]
    """Practice task kinds by name, in the order a session rotates through them."""

    @abstractmethod
    def build_position(self, config: GameConfig, setup: Mapping[str, Any]) -> Any:
        """A state built from a teaching script's ``setup`` table (SetupError names the key)."""

    def describe_move(self, state: Any, seat: int, action: int) -> str:
        """What ``action`` by ``seat`` would do in ``state``, in words (default: its notation)."""
        return self.game.action_to_string(action)

    def table(self, state: Any, seat: int | None) -> str:
        """The table as ``seat`` sees it, in plain text."""
        return self.game.render(state, seat)

    def score_calculator(self) -> ScoreCalculator | None:
        """The calculator for a physical game's final score, if the game has one."""
        return None


_AIDS: dict[str, tuple[str, bool]] = {
    "parade": ("wonderland.hosting.parade_aids:AIDS", True),
    "wonderdice": ("wonderland.hosting.wonderdice_aids:AIDS", False),
    "wonderlands_war": ("wonderland.hosting.wonderlands_war_aids:AIDS", True),
}
"""game id -> (where its aids live, whether it has a score calculator); nothing is imported
until a game's aids are used, so the command line starts fast."""


def aids_game_ids() -> list[str]:
    """Game ids with hosting aids, sorted."""
    return sorted(_AIDS)


def get_aids(game_id: str) -> GameAids:
    """The hosting aids of ``game_id``; ConfigError naming the games that have them otherwise."""
    if game_id not in _AIDS:
        known = ", ".join(aids_game_ids())
        raise ConfigError(f"no hosting aids for {game_id!r}; available for: {known}")
    module_name, _, attribute = _AIDS[game_id][0].partition(":")
    aids: GameAids = getattr(importlib.import_module(module_name), attribute)
    return aids


def scored_game_ids() -> list[str]:
    """Game ids that have a score calculator."""
    return [g for g in aids_game_ids() if _AIDS[g][1]]


def seats_text(seats: Sequence[int]) -> str:
    """``seat 1``, ``seats 0 and 2``, ``nobody``."""
    if not seats:
        return "nobody"
    if len(seats) == 1:
        return f"seat {seats[0]}"
    return "seats " + ", ".join(map(str, seats[:-1])) + f" and {seats[-1]}"
