"""Small simulation jobs shared by the simulation tests."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from wonderland.games.parade import GAME
from wonderland.sim.job import SimJob


def parade_job(games: int = 40, seed: int = 11, players: int = 4, **variants: Any) -> SimJob:
    """Parade, random and greedy bots rotating over the seats."""
    bots = tuple(("greedy", "random")[i % 2] for i in range(players))
    return SimJob("parade", GAME.make_config(players, variants), bots, games, seed, rotate=True)


def summary_of(folder: Path) -> dict[str, Any]:
    """The folder's ``summary.json``."""
    data: dict[str, Any] = json.loads((folder / "summary.json").read_text())
    return data
