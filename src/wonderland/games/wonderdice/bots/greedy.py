"""A greedy Wonderdice player: advance > unblock > block the leader > make the leader take back.

It sees only its view and the legal actions.  Its speed and skill (how fast it rolls and
decides) belong to the simulation's per-seat speed model, not to the bot.
"""

from __future__ import annotations

from collections.abc import Sequence

from wonderland.bots.base import Bot
from wonderland.core import AnyGame
from wonderland.games.wonderdice import actions
from wonderland.games.wonderdice.view import WonderdiceView

_FIRST = (actions.CLAIM, actions.TOUCH)


def obvious(legal: Sequence[int]) -> int | None:
    """The only legal action, or else a touch of the White Rabbit or of the token (a win, or
    the end of a round, never waits); None when there is a choice to make."""
    if len(legal) == 1:
        return legal[0]
    for action in _FIRST:
        if action in legal:
            return action
    return None


class WonderdiceGreedyBot(Bot):
    """Greedy by a fixed order of action kinds; among blocks, the longest row first."""

    name = "greedy"

    def choose(self, game: AnyGame, view: WonderdiceView, legal: Sequence[int]) -> int:
        """The best action by the greedy order."""
        first = obvious(legal)
        if first is not None:
            return first
        # the highest (rank, value) wins, the first of equals; every block, take-back and
        # madden draws its tie-break, in the order of ``legal``
        draw = self.rng.random
        row: tuple[int, ...] | None = None
        best, best_rank, best_value = legal[0], -1, 0.0
        for a in legal:
            rank, target = _RANK[a]
            if rank == 6 or rank == 5:  # block, take back: the longest row first
                if row is None:
                    row = view.row
                value = row[target] + draw() * 0.1
            elif rank == 3:  # madden: the most round wins first
                value = sum(view.wins[target]) + draw() * 0.1
            elif a == actions.BETRAY:
                rank, value = self._betray_key(view)
            else:
                value = 0.0
            if rank > best_rank or (rank == best_rank and value > best_value):
                best, best_rank, best_value = a, rank, value
        return best

    @staticmethod
    def _betray_key(view: WonderdiceView) -> tuple[int, float]:
        target = view.n if view.table.flags.team_target_all_players else view.n - 1
        return (1, 0.0) if target - view.team_wins > 2 else (-1, 0.0)


_KIND_RANK = {
    "advance_two": 9,
    "advance": 8,
    "unblock": 7,
    "block": 6,
    "take_back": 5,
    "reclaim": 4,
    "madden": 3,
}
_RANK = [
    (_KIND_RANK.get(actions.decode(a).kind, 0), actions.target_of(actions.decode(a)))
    for a in range(actions.NUM_ACTIONS)
]
"""Per action id: the greedy rank of its kind and its target seat."""
