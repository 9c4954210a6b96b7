"""Parade's search on the compiled engine: the bot of the ``expert`` level.

The search itself is ``games/parade/fast/search.py`` (ISMCTS inside numba, full-game greedy
rollouts), loaded on the first move so that this module imports neither numba nor the compiled
engine.  It is built from the seat's view alone (``fast/search_view.py``).  Without numba the
levels are the shared ones (the plain engine's search, with the same time per decision).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from wonderland.bots.base import Advice, Bot
from wonderland.bots.hooks import hooks_for
from wonderland.bots.ismcts import (
    WIN_SHARE,
    SearchResult,
    only_action_advice,
    search_advice,
    seat_of,
)
from wonderland.core import AnyGame, Ref

FAST_SEARCH = "wonderland.games.parade.fast"
SEARCH_EXPLORATION = 0.3
PLACES_MEASURE = "estimated fraction of rivals beaten"
ROLLOUT_POLICIES = ("random", "greedy", "heuristic")
"""The compiled search's rollout policies (``fast/search.py``'s ``ROLLOUTS``)."""


@dataclass(frozen=True, slots=True)
class FastSearchConfig:
    """How a compiled search works: at most ``iterations`` iterations, and with ``seconds``
    no longer than that; UCB1's constant; the rollout policy (one of
    :data:`ROLLOUT_POLICIES`)."""

    iterations: int = 5000
    seconds: float | None = None
    exploration: float = SEARCH_EXPLORATION
    rollout: str = "greedy"
    epsilon: float = 0.0
    """The share of the rollouts' cards played at random instead of by ``rollout``."""
    value: str = "win"
    """How a finished game is scored: ``win`` (the win share) or ``places`` (the share of
    rivals finished ahead of); both add a little for the soft placing, and at two players
    they are the same."""

    def __post_init__(self) -> None:
        if self.iterations < 1:
            raise ValueError("a search needs at least one iteration")
        if self.seconds is not None and self.seconds <= 0:
            raise ValueError("a search needs a positive time budget")
        if self.rollout not in ROLLOUT_POLICIES:
            choices = ", ".join(repr(name) for name in ROLLOUT_POLICIES)
            raise ValueError(f"rollout must be one of {choices}, not {self.rollout!r}")
        if not 0.0 <= self.epsilon <= 1.0:
            raise ValueError(
                f"epsilon (random rollout moves) must lie in [0, 1], not {self.epsilon}"
            )
        if self.value not in ("win", "places"):
            raise ValueError(f"value must be 'win' or 'places', not {self.value!r}")

    def definition(self) -> str:
        """Every setting but the time, in one line."""
        return (
            f"parade-compiled-ismcts iterations={self.iterations} "
            f"exploration={self.exploration} rollout={self.rollout} "
            f"epsilon={self.epsilon} depth=end"
            + ("" if self.value == "win" else f" value={self.value}")
        )


class ParadeFastSearchBot(Bot):
    """ISMCTS on Parade's compiled engine, from the seat's view (see the module docstring)."""

    name = "fast-ismcts"

    def __init__(self, seed: int | None = None, config: FastSearchConfig | None = None) -> None:
        super().__init__(seed)
        self.config = config if config is not None else FastSearchConfig()
        self._search: Any = None

    def __getstate__(self) -> dict[str, Any]:
        """Pickled without the search's arrays (rebuilt on the next move)."""
        state = dict(self.__dict__)
        state["_search"] = None
        return state

    def __setstate__(self, state: dict[str, Any]) -> None:
        self.__dict__.update(state)

    def choose(self, game: AnyGame, view: Any, legal: Sequence[int]) -> int:
        """The most visited action of a search from ``view``."""
        return self.advise(game, view, legal).action

    def advise(self, game: AnyGame, view: Any, legal: Sequence[int]) -> Advice:
        """Search, then report every legal action's estimated value and visit share, the
        time spent and the iterations reached."""
        if len(legal) == 1:
            return only_action_advice(game, legal[0], self.name)
        result = self.search(view, legal)
        return search_advice(game, view, result, hooks_for(game.spec.id), self.name)

    def search(self, view: Any, legal: Sequence[int]) -> SearchResult:
        """The root statistics of one compiled search from ``view``."""
        seat = seat_of(view)
        if self._search is None:
            module = Ref(f"{FAST_SEARCH}.search").load()
            self._search = module.CompiledSearch(self.config.iterations)
        template = Ref(f"{FAST_SEARCH}.search_view:template_of").load()(view)
        config = self.config
        seed = int(self.rng.getrandbits(63))
        outcome = self._search.run(
            template,
            list(legal),
            config.iterations,
            config.seconds,
            config.exploration,
            config.rollout,
            seed,
            config.epsilon,
            config.value,
        )
        self.thinking.add(outcome.seconds, outcome.iterations)
        measure = PLACES_MEASURE if config.value == "places" else WIN_SHARE
        return SearchResult(seat, outcome.iterations, outcome.stats, outcome.seconds, measure)


EXPERT = FastSearchConfig(iterations=25000, exploration=0.6)
"""The ``expert`` level's compiled search (with the level's time per decision).  It explores
more widely than the default (UCB1 constant 0.6, not 0.3): the greedy rollouts vary little,
so with a large budget a narrower search settles on its first good move (against 5,000
iterations at 0.3, 25,000 at 0.3 won half of 2-player games; at 0.6, 67 % of 60; at 1.0,
52 % of 60).  It values a finished game by the win share: valued by places, it finished
level with ``hard`` at four players (49 % of the pairwise finishes over 864 ladder games)
and won fewer games (40 % against 43 %).  It rolls out with ``greedy``: 2,000 iterations of
heuristic rollouts (``rollout="heuristic"``) also finished level with ``hard`` at four
players (49 % over 599 ladder games), though they won more games (44 % against 42 %)."""
HARD = FastSearchConfig(iterations=500, exploration=0.6)
"""The ``hard`` level's compiled search (with the level's time per decision): a fiftieth of
``expert``'s budget, set between ``heuristic`` and ``expert`` (at two players it beat
``heuristic`` in 75.6 % of 1,000 games, +196 Elo; 300 iterations: +141, 1,000: +248)."""
