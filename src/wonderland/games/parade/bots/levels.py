"""Parade's difficulty levels, set where the 2-player ladder shows each one clearly above the
one below it.

Parade's search saturates early: past a few thousand iterations, more of the same search finds
no better cards (the compiled search at 5,000 and at 25,000 iterations finished level with
each other), while ``greedy`` already beats a random player in about nine games of ten.  So
the levels spread over the whole range of play, from careless to searched:

========  ===========================================================================
level     bot
========  ===========================================================================
easy      ``greedy`` that plays a random card on 60 % of its moves
medium    ``greedy`` that plays a random card on 10 % of its moves
hard      ``heuristic`` (projected points, the pile and the final round weighed)
expert    the compiled search, 1 s a decision, at most 25,000 iterations
========  ===========================================================================

Without numba, ``expert`` is the shared definition (the plain engine's search, 1 s a
decision).  The ladders that set them: ``docs/bots.md``.
"""

from __future__ import annotations

from dataclasses import replace

from wonderland.bots.base import Bot
from wonderland.bots.careless import CarelessBot
from wonderland.bots.hooks import GameLevel
from wonderland.compiled import numba_available
from wonderland.core import derive_seed
from wonderland.games.parade.bots.fast_search import EXPERT, FastSearchConfig, ParadeFastSearchBot
from wonderland.games.parade.bots.greedy import ParadeGreedyBot
from wonderland.games.parade.bots.heuristic import ParadeHeuristicBot

EASY_SLIP = 0.6
"""``easy``: the share of its moves ``greedy`` plays at random."""
MEDIUM_SLIP = 0.1
"""``medium``: the share of its moves ``greedy`` plays at random."""


def careless_greedy(slip: float) -> GameLevel:
    """``greedy`` playing a random card with chance ``slip``."""

    def make(seconds: float | None, seed: int | None) -> Bot:
        del seconds  # a rule of thumb takes no thinking time
        policy = ParadeGreedyBot(None if seed is None else derive_seed(seed, "greedy"))
        return CarelessBot(policy, slip, seed)

    summary = f"greedy, a random card on {100 * slip:g} % of its moves"
    return GameLevel(summary, f"bot greedy careless={slip:g}", make, timed=False)


def _heuristic() -> GameLevel:
    def make(seconds: float | None, seed: int | None) -> Bot:
        del seconds
        return ParadeHeuristicBot(seed)

    return GameLevel("the heuristic bot", "bot heuristic", make, timed=False)


def compiled_search(config: FastSearchConfig) -> GameLevel:
    """A level played by the compiled search ``config`` within the level's time."""

    def make(seconds: float | None, seed: int | None) -> Bot:
        return ParadeFastSearchBot(seed, replace(config, seconds=seconds))

    summary = f"compiled ISMCTS, at most {config.iterations:,} iterations, greedy rollouts"
    return GameLevel(summary, config.definition(), make)


LEVELS: dict[str, GameLevel] = {
    "easy": careless_greedy(EASY_SLIP),
    "medium": careless_greedy(MEDIUM_SLIP),
    "hard": _heuristic(),
    **({"expert": compiled_search(EXPERT)} if numba_available() else {}),
}
"""The levels Parade plays its own way (``SearchHooks.levels``)."""
