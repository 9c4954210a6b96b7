"""Wonderdice's search on the compiled engine (``fast/search.py``): each roll's actions rolled
out to the end of the round in real time, all of them on the same dice.

The compiled modules load on the first search, so that this module imports neither numba nor
the compiled engine; without numba the bot cannot search and says so.  Decisions that are not
a roll's (a free turn, a touch, the choices between rounds), and a claim of the White Rabbit,
are played as ``greedy`` plays them.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from wonderland.bots.base import Advice, Alternative, Bot
from wonderland.compiled import INSTALL_HINT, numba_available
from wonderland.core import AnyGame, Ref
from wonderland.games.wonderdice import actions
from wonderland.games.wonderdice.bots.greedy import WonderdiceGreedyBot
from wonderland.games.wonderdice.state import PLAY
from wonderland.games.wonderdice.view import determinize

FAST_SEARCH = "wonderland.games.wonderdice.fast.search:CompiledSearch"
ITERATIONS = 3000
"""Rollouts per decision, shared among the roll's actions."""
CONFIDENCE = 2.0
"""How many standard errors above ``greedy``'s choice another action's rollouts must lie
(paired stream by stream) to replace it."""
VALUE_LABEL = "round win chance"


class WonderdiceSearchBot(Bot):
    """Each roll's action by its rollouts' share of round wins: ``greedy``'s choice unless
    another action's rollouts are clearly better (see the module docstring)."""

    name = "search"

    def __init__(
        self, seed: int | None = None, iterations: int = ITERATIONS, seconds: float | None = None
    ) -> None:
        super().__init__(seed)
        if iterations < 1:
            raise ValueError("a search needs at least one iteration")
        self.iterations = iterations
        self.seconds = seconds
        self.greedy = WonderdiceGreedyBot(seed)
        self._search: Any = None
        self._table: Any = None

    def __getstate__(self) -> dict[str, Any]:
        """Pickled without the search's arrays (rebuilt on the next search)."""
        state = dict(self.__dict__)
        state["_search"] = None
        state["_table"] = None
        return state

    def __setstate__(self, state: dict[str, Any]) -> None:
        self.__dict__.update(state)

    def searches(self, view: Any, legal: Sequence[int]) -> bool:
        """Whether this decision is a roll's choice that the search weighs."""
        if len(legal) < 2 or actions.CLAIM in legal or actions.TOUCH in legal:
            return False
        return bool(view.phase == PLAY and view.faces)

    def choose(self, game: AnyGame, view: Any, legal: Sequence[int]) -> int:
        """The action whose rollouts won the round most often."""
        return self.advise(game, view, legal).action

    def advise(self, game: AnyGame, view: Any, legal: Sequence[int]) -> Advice:
        """Every action with its rollouts' share of round wins, the time and the rollouts."""
        if not self.searches(view, legal):
            advice = self.greedy.advise(game, view, legal)
            return Advice(advice.action, advice.alternatives, advice.reason, bot=self.name)
        usual = self.greedy.choose(game, view, legal)
        outcome = self._run(view, [usual, *(a for a in legal if a != usual)])
        self.thinking.add(outcome.seconds, outcome.iterations)
        best, _, mean = outcome.stats[0]
        clear = best != usual and outcome.edges[0] >= CONFIDENCE
        action = best if clear else usual
        chosen = next(m for a, _, m in outcome.stats if a == action)
        alternatives = tuple(
            Alternative(a, m, float(a == action))
            for a, _, m in sorted(outcome.stats, key=lambda s: s[0] != action)
        )
        reason = (
            f"{game.action_to_string(action)}: won the round in {chosen:.0%} of its "
            f"rollouts ({outcome.iterations:,} in all, in {outcome.seconds:.2f} s; every "
            "action on the same dice)"
        )
        if clear:
            reason += f", clearly more than greedy's {game.action_to_string(usual)}"
        elif best != usual:
            reason += (
                f"; {game.action_to_string(best)} did a little better ({mean:.0%}), "
                "not clearly enough to leave greedy's choice"
            )
        return Advice(action, alternatives, reason, VALUE_LABEL, self.name)

    def _run(self, view: Any, legal: Sequence[int]) -> Any:
        """The compiled search of this roll."""
        if not numba_available():
            raise RuntimeError(f"the Wonderdice search needs the compiled engine: {INSTALL_HINT}")
        state = determinize(view, self.rng)
        if self._search is None or self._table is not state.table:
            self._search = Ref(FAST_SEARCH).load()(state.table)
            self._table = state.table
        seed = int(self.rng.getrandbits(63))
        return self._search.run(state, list(legal), self.iterations, self.seconds, seed)
