"""Statistical agreement: 20,000 compiled simulated games and 2,000 plain discrete-event games
(greedy bots, random characters, the default speed model) agree on every seat's and every
character's win share, each character's round wins on each side, the Admiring side's share
of round wins, the speed model's effect (the fastest and the slowest seat's win share) and
the mean rolls, rounds and simulated seconds per game, each difference inside its 99 %
confidence interval (variances pooled over both samples), for 2, 4 and 6 players and for
one mix of variants (fixed seeds, so the tests are deterministic).  The plain games dominate
the run time (see docs/fast-simulation.md).
"""

from __future__ import annotations

import math
from collections import defaultdict
from collections.abc import Iterable, Sequence

import pytest

from wonderland.core import VariantValue, derive_seed
from wonderland.games.wonderdice.fast.simulation import play_fast
from wonderland.games.wonderdice.game import GAME
from wonderland.games.wonderdice.simulation import simulate_one
from wonderland.sim.job import SimJob
from wonderland.sim.runner import GameResult

pytestmark = pytest.mark.slow  # statistical: large samples (left out of make test-fast)

Z99 = 2.5758293035489004
FAST_GAMES = 20_000
PLAIN_GAMES = 2_000
FIGURES = ("rolls", "rounds", "game_seconds", "round_win_share_admiring_side")
VARIANT_MIX: dict[str, VariantValue] = {
    "opt_play_me": True,
    "block_matches_top_die": True,
    "simultaneity_window_ms": 400,
    "host_starts": True,
}


def figures(results: Iterable[GameResult]) -> dict[str, list[float]]:
    """Per figure, its value in every game that reports it."""
    table: dict[str, list[float]] = defaultdict(list)
    for r in results:
        for seat, share in enumerate(r.returns):
            table[f"win share seat {seat}"].append(share)
            table[f"win share {r.labels[seat]}"].append(share)
        for name, value in r.stats.items():
            if name in FIGURES or name.startswith(("round_wins_", "win_")):
                table[name].append(value)
    return table


def mean_and_variance(values: Sequence[float]) -> tuple[float, float]:
    """Sample mean and (n - 1) variance."""
    mean = math.fsum(values) / len(values)
    return mean, math.fsum((v - mean) ** 2 for v in values) / (len(values) - 1)


def pooled_half_width(a: Sequence[float], b: Sequence[float]) -> float:
    """Half the 99 % interval of ``mean(a) - mean(b)`` with the variance of both samples
    pooled: under the tested hypothesis (one distribution) that is its best estimate, and it
    stays fair for a figure one sample happens never to vary (a character that won once on
    its Admiring side in each of 1,700 plain games, and in all but 8 of 17,000 fast ones)."""
    _, variance = mean_and_variance([*a, *b])
    return Z99 * math.sqrt(variance * (1 / len(a) + 1 / len(b)))


def disagreements(fast: Iterable[GameResult], plain: Iterable[GameResult]) -> list[str]:
    """The figures whose fast-minus-plain difference lies outside its 99 % interval."""
    problems = []
    fast_table, plain_table = figures(fast), figures(plain)
    assert fast_table.keys() == plain_table.keys()
    for name, fast_values in sorted(fast_table.items()):
        plain_values = plain_table[name]
        fast_mean = math.fsum(fast_values) / len(fast_values)
        plain_mean = math.fsum(plain_values) / len(plain_values)
        half = pooled_half_width(fast_values, plain_values)
        if abs(fast_mean - plain_mean) > half:
            problems.append(f"{name}: fast {fast_mean:.4f}, plain {plain_mean:.4f} (±{half:.4f})")
    return problems


def fast_games(players: int, games: int, seed: int, **variants: VariantValue) -> list[GameResult]:
    """Compiled simulated games of greedy bots."""
    config = GAME.make_config(players, variants)
    job = SimJob("wonderdice", config, ("greedy",) * players, games, seed, engine="fast")
    return list(play_fast(job, 0, games).rows())


def plain_games(players: int, games: int, seed: int, **variants: VariantValue) -> list[GameResult]:
    """Plain discrete-event games of greedy bots, seeded as ``simulate`` seeds them."""
    config = GAME.make_config(players, variants)
    bots = ("greedy",) * players
    return [simulate_one(config, bots, derive_seed(seed, i), False) for i in range(games)]


@pytest.mark.parametrize("players", [2, 4, 6])
def test_greedy_games_agree_with_the_plain_simulation(players: int) -> None:
    """2, 4 and 6 players, default rules: every figure agrees at 99 %."""
    fast = fast_games(players, FAST_GAMES, seed=2026)
    plain = plain_games(players, PLAIN_GAMES, seed=2026)
    assert disagreements(fast, plain) == []


def test_a_variant_mix_agrees_with_the_plain_simulation() -> None:
    """4 players with Play Me, blocks on the top die, a 400 ms window and the host's start."""
    fast = fast_games(4, FAST_GAMES, seed=7, **VARIANT_MIX)
    plain = plain_games(4, PLAIN_GAMES, seed=7, **VARIANT_MIX)
    assert disagreements(fast, plain) == []


def test_a_real_difference_is_detected() -> None:
    """The check itself: a seat 10 % quicker, or a 400 ms window, is told apart from the
    default at these sample sizes."""
    default = fast_games(4, 20_000, seed=1)
    quicker = SimJob(
        "wonderdice",
        GAME.make_config(4),
        ("greedy:speed=0.9", "greedy", "greedy", "greedy"),
        5_000,
        seed=2,
        engine="fast",
    )
    problems = disagreements(play_fast(quicker, 0, 5_000).rows(), default)
    assert any(p.startswith("win share seat 0") for p in problems)
    wide = fast_games(4, 5_000, seed=3, simultaneity_window_ms=400)
    assert any(p.startswith("rolls") for p in disagreements(wide, default))
