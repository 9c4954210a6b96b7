"""Parade's difficulty levels, set where the ladders show each one clearly above the one
below it, at two players and at four.

``greedy`` already beats a random player in about nine games of ten, and the compiled search
saturates early (at 5,000 and at 25,000 iterations it finished level at two players; at four,
past 500 iterations it finds no better cards among three rivals and three hidden hands), so
the levels spread over the whole range of play, from careless to searched, and below
``expert`` they differ with the table's size (``table_size.py``):

========  ======================================  =========================================
level     two players                             three or more players
========  ======================================  =========================================
easy      ``greedy``, a random card on 30 %        ``greedy``, a random card on 60 %
medium    ``heuristic`` (projected points, the     ``greedy``, a random card on 10 %
          pile and the final round weighed)
hard      the compiled search, 0.2 s a decision,  ``heuristic``
          at most 500 iterations
expert    the compiled search, 1 s a decision, at most 25,000 iterations
========  ======================================  =========================================

Without numba, ``hard`` and ``expert`` are the shared definitions (the plain engine's search
at 0.2 s and 1 s a decision).  The matches and ladders that set them: ``docs/bots.md``.
"""

from __future__ import annotations

from dataclasses import replace

from wonderland.bots.base import Bot
from wonderland.bots.careless import CarelessBot
from wonderland.bots.hooks import GameLevel
from wonderland.compiled import numba_available
from wonderland.core import derive_seed
from wonderland.games.parade.bots.fast_search import (
    EXPERT,
    HARD,
    FastSearchConfig,
    ParadeFastSearchBot,
)
from wonderland.games.parade.bots.greedy import ParadeGreedyBot
from wonderland.games.parade.bots.heuristic import ParadeHeuristicBot
from wonderland.games.parade.bots.table_size import by_table

EASY_SLIP = 0.3
"""``easy`` at two players: the share of its moves ``greedy`` plays at random."""
EASY_SLIP_CROWDED = 0.6
"""``easy`` at three or more players: the share of its moves ``greedy`` plays at random."""
MEDIUM_SLIP_CROWDED = 0.1
"""``medium`` at three or more players: the share of its moves ``greedy`` plays at random."""


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

    summary = (
        f"compiled ISMCTS, at most {config.iterations:,} iterations, {config.rollout} rollouts"
    )
    if config.value == "places":
        summary += ", valuing its place among all rivals"
    return GameLevel(summary, config.definition(), make)


LEVELS: dict[str, GameLevel] = {
    "easy": by_table(careless_greedy(EASY_SLIP), careless_greedy(EASY_SLIP_CROWDED)),
    "medium": by_table(_heuristic(), careless_greedy(MEDIUM_SLIP_CROWDED)),
    **(
        {
            "hard": by_table(compiled_search(HARD), _heuristic()),
            "expert": compiled_search(EXPERT),
        }
        if numba_available()
        else {}
    ),
}
"""The levels Parade plays its own way (``SearchHooks.levels``)."""
