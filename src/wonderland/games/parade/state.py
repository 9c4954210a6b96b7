"""Parade's game state: small lists of card ids, copied cheaply."""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import IntEnum

from wonderland.games.parade.variants import ParadeRules

HAND_SIZE = 5
OPENING_PARADE = 6


class Phase(IntEnum):
    """The phases of a game; the values are stable (observations and the compiled engine
    read them as ints)."""

    DEAL = 0
    """Chance deals one card at a time: 5 to each hand in seat order, then 6 to the parade."""
    START = 1
    """Chance picks the start player (P8)."""
    PLAY = 2
    """``current`` plays a card."""
    DRAW = 3
    """Chance draws a card for ``current`` (P20)."""
    CHOOSE = 4
    """End phase: each seat keeps 2 hand cards (P28)."""
    TIEBREAK = 5
    """Chance draws the winner among players still tied (variant A6)."""
    OVER = 6


DEAL, START, PLAY, DRAW, CHOOSE, TIEBREAK, OVER = Phase
"""The phases by name, as the rules and the compiled engine compare them."""
PHASE_NAMES = ("deal", "start", "play", "draw", "choose", "tie-break", "over")
"""The name of each phase in views and text, by value."""


@dataclass(slots=True)
class ParadeState:
    """Everything about one game of Parade.

    ``pile`` is the set of undrawn cards: its order does not exist until a card is drawn, so it
    can never leak.  ``keeps[s]`` is seat ``s``'s end-phase choice (a keep action id) or -1.
    """

    num_players: int
    rules: ParadeRules
    phase: Phase = DEAL
    hands: list[list[int]] = field(default_factory=list)
    parade: list[int] = field(default_factory=list)
    pile: list[int] = field(default_factory=list)
    collections: list[list[int]] = field(default_factory=list)
    counts: list[list[int]] = field(default_factory=list)
    discards: list[list[int]] = field(default_factory=list)
    keeps: list[int] = field(default_factory=list)
    current: int = 0
    dealt: int = 0
    trigger: int = -1
    trigger_reason: str = ""
    final_left: int = -1
    turns: int = 0
    last_play: tuple[int, int, tuple[int, ...]] | None = None
    winners: tuple[int, ...] = ()

    def copy(self) -> ParadeState:
        """An independent copy (the lists are copied, the rules shared)."""
        return ParadeState(
            self.num_players,
            self.rules,
            self.phase,
            [h[:] for h in self.hands],
            self.parade[:],
            self.pile[:],
            [c[:] for c in self.collections],
            [c[:] for c in self.counts],
            [d[:] for d in self.discards],
            self.keeps[:],
            self.current,
            self.dealt,
            self.trigger,
            self.trigger_reason,
            self.final_left,
            self.turns,
            self.last_play,
            self.winners,
        )
