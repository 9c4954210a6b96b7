"""Seeded simulated games are pinned: a hash of each full action record and its stats.

Any change to the rules, the driver, the speed model or the bots that alters a seeded game
changes a hash here; update the table only for a deliberate change of behaviour.
"""

from __future__ import annotations

import hashlib
import json

import pytest

from wonderland.games.wonderdice.game import GAME
from wonderland.games.wonderdice.simulation import simulate_one

CASES: list[tuple[int, dict[str, object], tuple[str, ...], int]] = [
    (2, {}, ("greedy", "greedy"), 3),
    (4, {}, ("greedy",) * 4, 0),
    (4, {}, ("greedy",) * 4, 7),
    (6, {}, ("greedy",) * 6, 1),
    (3, {"opt_play_me": True, "opt_jabberwocky": True}, ("greedy", "random", "greedy:fast"), 2),
    (4, {"opt_challenge": True, "host_starts": True}, ("greedy:skill=2", "random") * 2, 4),
    (3, {"fixed_input_delay": 120, "latency_compensated": True}, ("greedy:latency=90",) * 3, 5),
    (
        4,
        {"rejected_action_consumes_roll": True, "reclaim_any_block": True, "auto_claim": True},
        ("greedy", "random:slow", "greedy", "random"),
        6,
    ),
]

EXPECTED: dict[int, str] = {
    0: "b067ef109479224d",
    1: "66d7c29a762a80a7",
    2: "eba12cead1424901",
    3: "01767ef9c7b08357",
    4: "0a07ebddac97c86b",
    5: "46372769a8ecdc3c",
    6: "06702263f635d3cd",
    7: "6cf3f36c5e465ed5",
}


def digest(players: int, variants: dict[str, object], bots: tuple[str, ...], seed: int) -> str:
    """A short hash of one simulated game's action record and statistics."""
    config = GAME.make_config(players, variants)  # type: ignore[arg-type]
    result = simulate_one(config, list(bots), seed, True)
    assert result.record is not None
    blob = json.dumps(
        [result.record.actions, sorted(result.stats.items()), result.returns], sort_keys=True
    )
    return hashlib.sha256(blob.encode()).hexdigest()[:16]


@pytest.mark.parametrize("index", range(len(CASES)))
def test_seeded_simulation_is_pinned(index: int) -> None:
    """RT6: a seeded simulated game is exactly the game it always was."""
    assert digest(*CASES[index]) == EXPECTED[index]
