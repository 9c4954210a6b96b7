"""A Wonderdice player that plans with the solved two-player race (``race.py``).

On each roll it applies every legal action to its own view's position and keeps the one that
leaves it the best chance of winning the round, as the solved race values it with the
opponent to roll next; greedy's choice stands unless another is clearly better.  It may wait
(pass) on a block for at most :data:`WAIT_MS`.  Winning the
round is all that matters at two seats (a round win is always worth more to the game than a
round loss), so the planner never needs the game score.  At three or more seats, and for the
decisions between rounds, it plays as the greedy bot.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from wonderland.bots.base import Advice, Alternative, Bot
from wonderland.core import AnyGame
from wonderland.games.wonderdice import actions, steps
from wonderland.games.wonderdice.bots.greedy import WonderdiceGreedyBot, obvious
from wonderland.games.wonderdice.bots.race import Position, Race, Rules, race
from wonderland.games.wonderdice.state import PLAY, WonderdiceState
from wonderland.games.wonderdice.view import determinize

MARGIN = 1e-4
"""How much better than greedy's choice another action must be to replace it."""
WAIT_MS = 30000
"""How long the planner may wait on a block (its own, or one lying on it) before it acts: long
enough to hold a greedy rival that needs one number, short enough to end a stand-off between
two planners that each wait for the other to move its block."""


def position(state: WonderdiceState, me: int) -> Position:
    """The race position of a two-seat state, seat ``me`` as the model's seat 0."""
    other = 1 - me
    seats = (me, other)
    rows = [state.row[i] for i in seats]
    blocks = [0 if state.block_on[i] is None else state.block_on[i][1] for i in seats]  # type: ignore[index]
    rest = [int(state.tired[i]) for i in seats]
    after = [_after_block(state.placed[i]) for i in seats]
    return (rows[0], rows[1], blocks[0], blocks[1], rest[0], rest[1], after[0], after[1])


def _after_block(placed: Sequence[int]) -> int:
    """Row dice placed after the seat's block lying out (0: no block out)."""
    for count, entry in enumerate(reversed(placed)):
        if entry >= 0:
            return count
    return 0


def race_for(state: WonderdiceState, me: int) -> Race:
    """The solved race between seat ``me`` and the other seat of a two-seat state."""
    flags = state.table.flags
    model_rules = Rules(flags.block_matches_top_die, flags.blocked_may_only_unblock)
    return race(state.powers[me], state.powers[1 - me], model_rules)


def options(view: Any, legal: Sequence[int]) -> Sequence[int]:
    """The actions the planner considers: all of them, but no more waiting (a pass) on a
    block placed :data:`WAIT_MS` ago or longer -- its own, its hand empty (Q3), or the
    rival's lying on it -- so that two planners waiting on each other's blocks go on."""
    if len(legal) == 1 or actions.PASS not in legal:
        return legal
    me = view.seat if view.seat is not None else view.roller
    block = view.block_on[1 - me] if view.hand[me] == 0 else view.block_on[me]
    if block is None or view.now - block[2] < WAIT_MS:
        return legal
    return [a for a in legal if a != actions.PASS]


class WonderdicePlannerBot(Bot):
    """Each roll's action by the solved race's chance of winning the round (two seats)."""

    name = "planner"

    def __init__(self, seed: int | None = None) -> None:
        super().__init__(seed)
        self.greedy = WonderdiceGreedyBot(seed)

    def choose(self, game: AnyGame, view: Any, legal: Sequence[int]) -> int:
        """The action with the best chance of winning the round."""
        first = obvious(legal)
        if first is not None:
            return first
        fallback = self.greedy.choose(game, view, legal)
        if view.n != 2 or view.phase != PLAY:
            return fallback
        scored = self.chances(view, options(view, legal))
        best = max(scored, key=lambda a: scored[a])
        if fallback not in scored:
            return best
        return best if scored[best] > scored[fallback] + MARGIN else fallback

    def chances(self, view: Any, legal: Sequence[int]) -> dict[int, float]:
        """Each legal action's chance of winning the round, by the solved race."""
        me = view.seat if view.seat is not None else view.roller
        s = determinize(view, self.rng)
        model = race_for(s, me)
        out: dict[int, float] = {}
        for a in legal:
            after = s.clone()
            steps.apply_action(after, me, a)
            if after.round_no != s.round_no or after.phase != PLAY:
                out[a] = 1.0  # only the roller's own claim ends a round on its action
            else:
                out[a] = model.chance(position(after, me), 1)
        return out

    def advise(self, game: AnyGame, view: Any, legal: Sequence[int]) -> Advice:
        """The move with every action's chance of winning the round."""
        action = self.choose(game, view, legal)
        if view.n != 2 or view.phase != PLAY or len(legal) == 1:
            advice = self.greedy.advise(game, view, legal)
            return Advice(action, advice.alternatives, advice.reason, bot=self.name)
        scored = self.chances(view, options(view, legal))
        ranked = sorted(scored, key=lambda a: (a != action, -scored[a]))
        alternatives = tuple(Alternative(a, scored[a], float(a == action)) for a in ranked)
        reason = (
            f"{game.action_to_string(action)} leaves a {100 * scored[action]:.0f} % chance "
            "of winning the round (the solved two-player race, the opponent to roll next)"
        )
        return Advice(action, alternatives, reason, value_label="round win chance", bot=self.name)
