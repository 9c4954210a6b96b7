"""Seeded plain discrete-event games across player counts, bots, speeds and variants, for
the equality tests."""

from __future__ import annotations

import random
from collections.abc import Iterator
from dataclasses import dataclass

from wonderland.core import GameConfig, VariantValue, derive_seed
from wonderland.games.wonderdice.game import GAME
from wonderland.games.wonderdice.simulation import simulate_one

BOOLEAN_VARIANTS = (
    "block_matches_top_die",
    "reclaim_any_block",
    "blocked_may_only_unblock",
    "latency_compensated",
    "rejected_action_consumes_roll",
    "partial_roll",
    "auto_claim",
    "play_me_erases_admiring_win",
    "challenge_counts_round_wins",
    "opt_play_me",
    "opt_challenge",
    "opt_jabberwocky",
    "team_target_all_players",
    "betrayer_counts_for_team",
    "host_starts",
)
SPEEDS = ("", ":fast", ":slow", ":latency=80", ":skill=2:latency=30", ":speed=1.1")


@dataclass(frozen=True, slots=True)
class PlainGame:
    """A finished plain simulated game: its configuration, bots and every recorded event."""

    config: GameConfig
    bots: tuple[str, ...]
    actions: tuple[tuple[int, int], ...]


def variant_mix(rng: random.Random) -> dict[str, VariantValue]:
    """Each boolean variant on one time in three; the timing variants now and then."""
    variants: dict[str, VariantValue] = {
        name: True for name in BOOLEAN_VARIANTS if rng.random() < 1 / 3
    }
    if rng.random() < 0.5:
        variants["deal"] = "in_order"
    if rng.random() < 0.3:
        variants["simultaneity_window_ms"] = rng.choice((0, 60, 400, 1200))
    if rng.random() < 0.3:
        variants["fixed_input_delay"] = rng.choice((50, 150))
    if rng.random() < 0.3:
        variants["roll_cooldown_ms"] = rng.choice((0, 300, 1500))
    if rng.random() < 0.3:
        variants["countdown_ms"] = rng.choice((0, 1000))
    return variants


def plain_games(count: int, seed: int, mixed: bool = True) -> Iterator[PlainGame]:
    """``count`` recorded games, 2-6 players in turn, random and greedy bots with mixed speed
    options; with ``mixed``, every variant mixed in (else the default rules)."""
    rng = random.Random(seed)
    for index in range(count):
        players = 2 + index % 5
        config = GAME.make_config(players, variant_mix(rng) if mixed else {})
        bots = tuple(rng.choice(("random", "greedy")) + rng.choice(SPEEDS) for _ in range(players))
        result = simulate_one(config, bots, derive_seed(seed, index), True)
        assert result.record is not None
        yield PlainGame(config, bots, result.record.actions)
