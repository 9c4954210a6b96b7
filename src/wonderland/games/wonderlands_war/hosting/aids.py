"""Wonderland's War's hosting aids: teaching positions, move descriptions, practice, scoring."""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping
from typing import Any

from wonderland.core import CHANCE, TERMINAL, GameConfig, next_actor
from wonderland.games.wonderlands_war.game import GAME, WonderlandsWarGame
from wonderland.games.wonderlands_war.hosting.practice import TASK_KINDS
from wonderland.games.wonderlands_war.render import describe
from wonderland.games.wonderlands_war.state import Phase, WonderlandsWarState
from wonderland.hosting.aids import GameAids, SetupError


def _at_tea(state: WonderlandsWarState) -> bool:
    return state.tasks[-1].phase == Phase.TEA_TURN


def _at_war(state: WonderlandsWarState) -> bool:
    return state.tasks[-1].phase == Phase.DRAW_OR_STOP


def _at_last_war(state: WonderlandsWarState) -> bool:
    return state.round == state.content.rules.rounds and _at_war(state)


UNTIL: dict[str, Callable[[WonderlandsWarState], bool]] = {
    "tea": _at_tea,
    "war": _at_war,
    "end": _at_last_war,
}
"""Where a position may start: the first tea party turn, the first draw-or-stop decision of
a battle, or the first one of the last round's war."""


class WonderlandsWarAids(GameAids):
    """Hosting aids for Wonderland's War."""

    game: WonderlandsWarGame = GAME
    task_kinds = TASK_KINDS

    def build_position(self, config: GameConfig, setup: Mapping[str, Any]) -> WonderlandsWarState:
        """A real position reached from a seeded deal: ``until`` (tea, war, end) with every
        decision on the way taken as its first legal choice and chance drawn with ``seed``."""
        unknown = sorted(set(setup) - {"until", "seed"})
        if unknown:
            raise SetupError(unknown[0], "unknown key; this game's setup knows until, seed")
        until = setup.get("until", "tea")
        if until not in UNTIL:
            raise SetupError("until", f"expected one of {', '.join(UNTIL)}, not {until!r}")
        seed = setup.get("seed", 0)
        if not isinstance(seed, int):
            raise SetupError("seed", "expected a whole number")
        rng = random.Random(seed)
        state = GAME.initial_state(config)
        reached = UNTIL[until]
        while (actor := next_actor(GAME, state)) != TERMINAL:
            if actor != CHANCE and reached(state):
                return state
            if actor == CHANCE:
                GAME.apply_in_place(state, CHANCE, GAME.sample_chance(state, rng))
            else:
                GAME.apply_in_place(state, actor, GAME.legal_actions(state, actor)[0])
        raise SetupError("until", f"the game ended before reaching {until!r}")

    def describe_move(self, state: Any, seat: int, action: int) -> str:
        """The engine's own sentence for the move."""
        return f"seat {seat + 1}: {describe(state, action)}"


AIDS = WonderlandsWarAids()
