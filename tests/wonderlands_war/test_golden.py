"""Golden playthroughs: every step of two seeded games as text.

Regenerate on purpose only, after a deliberate rules or content change:
``WONDERLAND_REGEN_GOLDEN=1 pytest tests/wonderlands_war/test_golden.py``.
"""

from __future__ import annotations

import os
import random
from pathlib import Path

import pytest

from wonderland.bots.base import RandomBot
from wonderland.core import CHANCE, TERMINAL, next_actor
from wonderland.games.wonderlands_war.render import describe

from .helpers import GAME

GOLDEN = Path(__file__).parent / "golden"


def playthrough(seed: int, players: int) -> str:
    """The text dump of one seeded game with random bots."""
    rng = random.Random(seed)
    bots = [RandomBot(seed * 10 + s) for s in range(players)]
    state = GAME.initial_state(GAME.make_config(players))
    lines = [f"Wonderland's War golden playthrough: seed {seed}, {players} players"]
    step = 0
    while (actor := next_actor(GAME, state)) != TERMINAL:
        if actor == CHANCE:
            action = GAME.sample_chance(state, rng)
        else:
            action = bots[actor].choose(
                GAME, GAME.view(state, actor), GAME.legal_actions(state, actor)
            )
        who = "chance" if actor == CHANCE else f"seat {actor + 1}"
        text = describe(state, action)
        GAME.apply_in_place(state, actor, action)
        step += 1
        battle = ""
        if state.battle.region >= 0:
            battle = " | " + " ".join(
                f"{s}:{state.battle.strength[s]}/{state.supporters[state.battle.region][s]}"
                for s in range(players)
                if state.battle.status[s]
            )
        lines.append(f"{step:4} {who:7} {GAME.action_to_string(action):12} {text}{battle}")
    lines.append(GAME.render(state, None))
    lines.append(f"scores {GAME.scores(state)} winners {GAME.winners(state)}")
    return "\n".join(lines) + "\n"


@pytest.mark.parametrize(("seed", "players"), [(11, 3), (23, 4)])
def test_golden_playthrough(seed: int, players: int) -> None:
    """The same seed plays the same game, step by step."""
    path = GOLDEN / f"seed_{seed}_{players}p.txt"
    text = playthrough(seed, players)
    if os.environ.get("WONDERLAND_REGEN_GOLDEN") == "1":
        path.write_text(text)
    assert path.exists(), f"missing {path}; regenerate with WONDERLAND_REGEN_GOLDEN=1"
    assert text == path.read_text()
