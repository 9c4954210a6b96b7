"""Wonderland's War's own difficulty levels.

Only ``easy`` is War's own: the ``heuristic`` bot that plays a random legal action on half of
its decisions.  A 15-iteration search with random rollouts, the shared ``easy``, finished only
about +130 Elo below ``heuristic`` (``medium``) on the 2-player ladder; ``heuristic`` slipping
on 40 % of its decisions is +153 below it and on 60 % +272 (400-game matches), so half sits
well apart from both ``random`` and ``medium``.  ``medium`` (``heuristic``), ``hard`` and
``expert`` (the shared search at 0.2 s and 1 s a decision) keep the shared definitions.
"""

from __future__ import annotations

from wonderland.bots.base import Bot
from wonderland.bots.careless import CarelessBot
from wonderland.bots.hooks import GameLevel
from wonderland.core import derive_seed
from wonderland.games.wonderlands_war.bots.heuristic import WonderlandsWarHeuristicBot

EASY_SLIP = 0.5
"""``easy``: the share of its decisions ``heuristic`` plays at random."""


def careless_heuristic(slip: float) -> GameLevel:
    """``heuristic`` playing a random legal action with chance ``slip``."""

    def make(seconds: float | None, seed: int | None) -> Bot:
        del seconds  # a rule of thumb takes no thinking time
        policy = WonderlandsWarHeuristicBot(
            None if seed is None else derive_seed(seed, "heuristic")
        )
        return CarelessBot(policy, slip, seed)

    summary = f"heuristic, a random action on {100 * slip:g} % of its decisions"
    return GameLevel(summary, f"bot heuristic careless={slip:g}", make, timed=False)


LEVELS: dict[str, GameLevel] = {"easy": careless_heuristic(EASY_SLIP)}
"""The levels Wonderland's War plays its own way (``SearchHooks.levels``)."""
