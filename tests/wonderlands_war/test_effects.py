"""Each effect id of ``effects.py`` does something and keeps every piece accounted for (W21)."""

from __future__ import annotations

import pytest

from wonderland.core import CHANCE, TERMINAL, next_actor
from wonderland.games.wonderlands_war import rules
from wonderland.games.wonderlands_war.content_values import Fx
from wonderland.games.wonderlands_war.effects import EFFECTS

from .helpers import CHIP, GAME, setup, war

BATTLE = {"add_strength", "may_forge", "heal"}


@pytest.mark.parametrize("effect", sorted(EFFECTS))
def test_w21_every_effect_acts(effect: str) -> None:
    """W21, W56: the effect changes the state (or asks for a choice) and conserves pieces."""
    if effect in BATTLE:
        st = war(2, fighters={0: 2, 1: 2}, bags={0: {"start_1": 2}, 1: {"start_1": 2}})
    else:
        st = setup(3)
    p = st.players[0]
    p.shards = 3
    p.shield = False
    chip = CHIP["teacup"] if "chip" in EFFECTS[effect].params else -1
    before = GAME.clone(st)
    EFFECTS[effect].apply(st, 0, Fx(effect, 1, chip))
    assert st != before
    rules.settle(st)
    depth = len(before.tasks)
    while len(st.tasks) > depth and (actor := next_actor(GAME, st)) != TERMINAL:
        action = (
            GAME.chance_outcomes(st)[0][0] if actor == CHANCE else GAME.legal_actions(st, actor)[0]
        )
        GAME.apply_in_place(st, actor, action)
    assert GAME.invariants(st) == []
