"""Parade's greedy bot: the card that adds the fewest points now, majorities counted."""

from __future__ import annotations

from collections.abc import Sequence

from wonderland.bots.base import Bot
from wonderland.core import AnyGame
from wonderland.games.parade.actions import KEEP_BASE, PAIRS
from wonderland.games.parade.cards import VALUE_OF
from wonderland.games.parade.rules import score_sheet, split_parade
from wonderland.games.parade.view import ParadeView


def own_score(view: ParadeView, extra: Sequence[int]) -> int:
    """The seat's score if ``extra`` joined its collection, against the visible collections."""
    seat = view.seat
    assert seat is not None
    collections = [list(c) for c in view.collections]
    collections[seat].extend(extra)
    rules = view.rules
    sheet = score_sheet(collections, rules.two_player_plain_majority, rules.all_equal_no_majority)
    return sheet.totals[seat]


class ParadeGreedyBot(Bot):
    """Plays the card whose collection costs the fewest points now (ties: the highest card,
    which protects the most), and keeps the two end cards that score least."""

    name = "greedy"

    def choose(self, game: AnyGame, view: ParadeView, legal: Sequence[int]) -> int:
        """The cheapest legal action; random among exact ties."""
        best: list[int] = []
        best_key: tuple[int, int] | None = None
        for action in legal:
            key = self._cost(view, action)
            if best_key is None or key < best_key:
                best, best_key = [action], key
            elif key == best_key:
                best.append(action)
        return best[int(self.rng.random() * len(best))]

    @staticmethod
    def _cost(view: ParadeView, action: int) -> tuple[int, int]:
        if action >= KEEP_BASE:
            return own_score(view, PAIRS[action - KEEP_BASE]), 0
        _, taken = split_parade(view.parade, action)
        return own_score(view, taken), -VALUE_OF[action]
