"""Alice in Wonderdice's hosting aids: teaching positions from scripted rolls, practice tasks.

The real game is real time; its teaching scripts use the turn-based protocol view, in which
each chance event names who rolls next and what they rolled (``roll s0 +400ms [1 2 3 3 5 6]``),
so a script fixes every roll it talks about.  The game has no score to calculate: the first
to catch the White Rabbit wins the round.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from wonderland.core import GameConfig
from wonderland.games.wonderdice.actions import decode, target_of, value_of
from wonderland.games.wonderdice.game import GAME, WonderdiceGame
from wonderland.games.wonderdice.hosting.practice import TASK_KINDS, table_text
from wonderland.games.wonderdice.render import event_text
from wonderland.games.wonderdice.state import WonderdiceState
from wonderland.games.wonderdice.words import action_words
from wonderland.hosting.aids import GameAids, SetupError


class WonderdiceAids(GameAids):
    """Hosting aids for Alice in Wonderdice."""

    game: WonderdiceGame = GAME
    task_kinds = TASK_KINDS

    def build_position(self, config: GameConfig, setup: Mapping[str, Any]) -> WonderdiceState:
        """Scenes start from the deal (list the first roll in the scene's ``chance``)."""
        raise SetupError(next(iter(setup)), "Wonderdice scenes start at the deal: leave out setup")

    def describe_move(self, state: Any, seat: int, action: int) -> str:
        """The engine's announcement of the action (D16), as it would read after it."""
        after = GAME.apply(state, seat, action)
        return event_text(after) or GAME.action_to_string(action)

    def action_info(self, state: Any, seat: int, action: int) -> dict[str, Any]:
        """The web table's words for a die's use (kind, target, value, text), as at a live
        table, so the lesson's drawn table offers the same buttons."""
        a = decode(action)
        return {
            "kind": a.kind,
            "target": target_of(a),
            "value": value_of(a),
            "text": action_words(state, seat, action),
        }

    def table(self, state: Any, seat: int | None) -> str:
        """Rows, blocks, abilities and the current roll (nothing is hidden in this game)."""
        return table_text(state, state.roller if seat is None else seat)


AIDS = WonderdiceAids()
