"""What a bot is: a seeded agent for the core protocol, able to explain its choice.

A game's own bots (its plugin's ``bots``) subclass :class:`Bot`; the bots that play any game
live in ``wonderland.bots``.
"""

from __future__ import annotations

import random
from abc import ABC, abstractmethod
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from wonderland.core.game import AnyGame


@dataclass(frozen=True, slots=True)
class Alternative:
    """One candidate action as a bot saw it.

    ``value`` is the bot's own estimate (for search: the expected share of a win; for a
    heuristic: its score, see :attr:`Advice.value_label`); ``share`` is the visit share of a
    search, or the chance that the bot plays this action.
    """

    action: int
    value: float | None
    share: float


@dataclass(frozen=True, slots=True)
class Advice:
    """A bot's move with its best alternatives (best first) and a one-line reason."""

    action: int
    alternatives: tuple[Alternative, ...]
    reason: str
    value_label: str = "value"
    bot: str = "bot"

    def top(self, k: int) -> tuple[Alternative, ...]:
        """The ``k`` best alternatives."""
        return self.alternatives[:k]

    def to_json(self, game: AnyGame) -> dict[str, Any]:
        """A JSON-ready dict with actions in the game's notation."""
        return {
            "bot": self.bot,
            "action": game.action_to_string(self.action),
            "reason": self.reason,
            "value_label": self.value_label,
            "alternatives": [
                {"action": game.action_to_string(a.action), "value": a.value, "share": a.share}
                for a in self.alternatives
            ],
        }


@dataclass(slots=True)
class Thinking:
    """What a bot's searches took so far: how many, their time and their iterations."""

    searches: int = 0
    seconds: float = 0.0
    iterations: int = 0

    def add(self, seconds: float, iterations: int) -> None:
        """Count one search."""
        self.searches += 1
        self.seconds += seconds
        self.iterations += iterations

    def __add__(self, other: Thinking) -> Thinking:
        return Thinking(
            self.searches + other.searches,
            self.seconds + other.seconds,
            self.iterations + other.iterations,
        )


class Bot(ABC):
    """A seeded agent: ``choose`` sees one seat's view and the legal action ids only."""

    name: str = "bot"

    def __init__(self, seed: int | None = None) -> None:
        self.rng = random.Random(seed)
        self.thinking = Thinking()

    def thought(self) -> Thinking:
        """What this bot's searches took so far (a bot that does not search: none)."""
        return self.thinking

    @abstractmethod
    def choose(self, game: AnyGame, view: Any, legal: Sequence[int]) -> int:
        """One of ``legal``."""

    def advise(self, game: AnyGame, view: Any, legal: Sequence[int]) -> Advice:
        """The move with alternatives and a reason; bots that can say more override this."""
        action = self.choose(game, view, legal)
        return Advice(
            action,
            (Alternative(action, None, 1.0),),
            f"{game.action_to_string(action)} is the {self.name} bot's choice",
            bot=self.name,
        )
