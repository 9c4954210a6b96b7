"""Seeded plain-engine games across player counts and variants, for the equality tests."""

from __future__ import annotations

import random
from collections.abc import Iterator
from dataclasses import dataclass

from wonderland.bots import make_bot
from wonderland.core import GameConfig, VariantValue, derive_seed, play_out
from wonderland.games.parade import GAME

BOOLEAN_VARIANTS = (
    "two_player_plain_majority",
    "no_draw_on_trigger",
    "end_choice_sequential",
    "tiebreak_random",
    "all_equal_no_majority",
)


@dataclass(frozen=True, slots=True)
class PlainGame:
    """A finished plain game: its configuration and every step."""

    config: GameConfig
    actions: tuple[tuple[int, int], ...]


def variant_mix(rng: random.Random, players: int) -> dict[str, VariantValue]:
    """Every boolean variant on or off at random, and a fixed start seat one time in four."""
    variants: dict[str, VariantValue] = {name: rng.random() < 0.5 for name in BOOLEAN_VARIANTS}
    if rng.random() < 0.25:
        variants["start_player"] = rng.randrange(players)
    return variants


def plain_games(count: int, seed: int) -> Iterator[PlainGame]:
    """``count`` games, player counts 2-6 in turn, random and greedy bots, mixed variants."""
    rng = random.Random(seed)
    for index in range(count):
        players = 2 + index % 5
        config = GAME.make_config(players, variant_mix(rng, players))
        bots = [
            make_bot(rng.choice(("random", "greedy")), "parade", derive_seed(seed, index, seat))
            for seat in range(players)
        ]
        playout = play_out(GAME, GAME.initial_state(config), bots, random.Random(rng.random()))
        yield PlainGame(config, tuple(playout.actions))
