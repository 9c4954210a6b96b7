"""The bot base class (``core.bot``, where a game's bots find it) and the random bot."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from wonderland.core import AnyGame
from wonderland.core.bot import Advice, Alternative, Bot, Thinking

__all__ = ["Advice", "Alternative", "Bot", "RandomBot", "Thinking"]


class RandomBot(Bot):
    """Uniformly random among the legal actions."""

    name = "random"

    def choose(self, game: AnyGame, view: Any, legal: Sequence[int]) -> int:
        """Any legal action, uniformly."""
        return legal[int(self.rng.random() * len(legal))]

    def advise(self, game: AnyGame, view: Any, legal: Sequence[int]) -> Advice:
        """Every legal action is equally likely; the one drawn is the move."""
        action = self.choose(game, view, legal)
        share = 1.0 / len(legal)
        others = [a for a in legal if a != action]
        return Advice(
            action,
            tuple(Alternative(a, None, share) for a in [action, *others]),
            f"{game.action_to_string(action)} drawn at random from {len(legal)} legal actions",
            value_label="no estimate",
            bot=self.name,
        )
