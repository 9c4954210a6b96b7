"""Golden playthroughs: the text dump of every step of two seeded games.

A change in the dump is a change in the rules' behaviour. Regenerate only on purpose:
``WONDERLAND_REGEN_GOLDEN=1 .venv/bin/pytest tests/parade/test_golden.py``.
"""

from __future__ import annotations

import os
import random
from pathlib import Path

import pytest

from wonderland.bots import make_bot
from wonderland.core import CHANCE, play_out
from wonderland.games.parade import GAME

GOLDEN = Path(__file__).parent / "golden"


def dump(seed: int, players: int) -> str:
    """Every step of a greedy-vs-random game: who did what, then the full table."""
    lines: list[str] = []
    bots = [make_bot("greedy" if s % 2 else "random", "parade", seed + s) for s in range(players)]

    def on_step(state: object, actor: int, action: int) -> None:
        who = "chance" if actor == CHANCE else f"seat {actor + 1}"
        lines.append(f"== step {len(lines) // 2 + 1}: {who} {GAME.action_to_string(action)}")
        lines.append(GAME.render(state))

    play_out(
        GAME, GAME.initial_state(GAME.make_config(players)), bots, random.Random(seed), on_step
    )
    return "\n".join(lines) + "\n"


@pytest.mark.parametrize(("seed", "players"), [(1, 4), (2, 3)])
def test_golden_playthrough(seed: int, players: int) -> None:
    """The playthrough matches the checked-in dump exactly."""
    path = GOLDEN / f"seed-{seed}-{players}p.txt"
    text = dump(seed, players)
    if os.environ.get("WONDERLAND_REGEN_GOLDEN") == "1":
        path.write_text(text, encoding="utf-8")
    assert path.exists(), f"missing {path}; regenerate with WONDERLAND_REGEN_GOLDEN=1"
    assert text == path.read_text(encoding="utf-8")
