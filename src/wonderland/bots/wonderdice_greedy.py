"""A greedy Wonderdice player: advance > unblock > block the leader > make the leader take back.

It sees only its view and the legal actions.  Its speed and skill (how fast it rolls and
decides) belong to the simulation's per-seat speed model, not to the bot.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from wonderland.bots.base import Bot
from wonderland.core import Game
from wonderland.games.wonderdice import actions as A  # noqa: N812
from wonderland.games.wonderdice.view import View

_FIRST = (A.CLAIM, A.TOUCH)


class WonderdiceGreedyBot(Bot):
    """Greedy by a fixed order of action kinds; among blocks, the longest row first."""

    name = "greedy"

    def choose(self, game: Game[Any, Any], view: View, legal: Sequence[int]) -> int:
        """The best action by the greedy order."""
        if len(legal) == 1:
            return legal[0]
        for a in _FIRST:
            if a in legal:
                return a
        best, best_key = legal[0], (-1, 0.0)
        for a in legal:
            key = self._key(view, a)
            if key > best_key:
                best, best_key = a, key
        return best

    def _key(self, view: View, action: int) -> tuple[int, float]:
        if action < 5:
            if action == A.BETRAY:
                target = view.n if view.table.flags.team_target_all_players else view.n - 1
                return (1, 0.0) if target - view.team_wins > 2 else (-1, 0.0)
            return (0, 0.0)
        a = A.decode(action)
        kind = a.kind
        if kind == "advance_two":
            return (9, 0.0)
        if kind == "advance":
            return (8, 0.0)
        if kind == "unblock":
            return (7, 0.0)
        if kind == "block":
            return (6, view.row[a.target] + self.rng.random() * 0.1)
        if kind == "take_back":
            return (5, view.row[a.target] + self.rng.random() * 0.1)
        if kind == "reclaim":
            return (4, 0.0)
        if kind == "madden":
            return (3, sum(view.wins[a.target]) + self.rng.random() * 0.1)
        return (0, 0.0)
