"""Nim's own bot: leave the heap at a multiple of four."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from wonderland.bots.base import Bot
from wonderland.core import Game

from .game import NimView, take_of


class NimModFourBot(Bot):
    """Takes ``heap % 4`` counters when that is a legal take (the last counters when three or
    fewer are left; the winning move at two seats), a random take otherwise."""

    name = "mod4"

    def choose(self, game: Game[Any, Any], view: NimView, legal: Sequence[int]) -> int:
        """The take that leaves a multiple of four, else any legal take."""
        for action in legal:
            if take_of(action) == view.heap % 4:
                return action
        return legal[int(self.rng.random() * len(legal))]
