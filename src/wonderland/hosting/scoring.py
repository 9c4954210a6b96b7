"""Score calculators for physical games (``core.scoring``, where a game's calculator finds its
base class): read what each player has, score it, explain it."""

from wonderland.core.scoring import (
    Field,
    PlayerEntry,
    ScoreCalculator,
    ScoreInputError,
    ScoreReport,
)

__all__ = ["Field", "PlayerEntry", "ScoreCalculator", "ScoreInputError", "ScoreReport"]
