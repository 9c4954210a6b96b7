"""The bot base class: a seeded agent for the core protocol."""

from __future__ import annotations

import random
from abc import ABC, abstractmethod
from collections.abc import Sequence
from typing import Any

from wonderland.core import Game


class Bot(ABC):
    """A seeded agent: ``choose`` sees one seat's view and the legal action ids only."""

    name: str = "bot"

    def __init__(self, seed: int | None = None) -> None:
        self.rng = random.Random(seed)

    @abstractmethod
    def choose(self, game: Game[Any, Any], view: Any, legal: Sequence[int]) -> int:
        """One of ``legal``."""


class RandomBot(Bot):
    """Uniformly random among the legal actions."""

    name = "random"

    def choose(self, game: Game[Any, Any], view: Any, legal: Sequence[int]) -> int:
        """Any legal action, uniformly."""
        return legal[int(self.rng.random() * len(legal))]
