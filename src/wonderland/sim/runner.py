"""Seeded batch simulation: one row of results per game, reproducible from the run seed."""

from __future__ import annotations

import random
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, field

from wonderland.bots import make_bot
from wonderland.bots.base import Thinking
from wonderland.core import GameConfig, GameRecord, derive_seed, find_plugin, get_game, play_out
from wonderland.core.capabilities import Simulation


@dataclass(frozen=True, slots=True)
class GameResult:
    """The outcome of one simulated game, in seat order."""

    seed: int
    bots: tuple[str, ...]
    scores: tuple[float, ...]
    returns: tuple[float, ...]
    winners: tuple[int, ...]
    length: float
    labels: tuple[str, ...] = ()
    stats: Mapping[str, float] = field(default_factory=dict)
    record: GameRecord | None = None
    thinking: tuple[tuple[int, float, int], ...] = ()
    """Per seat, what its bot's searches took: ``(searches, seconds, iterations)`` (empty when
    the game's runner does not tell)."""


SimulateOne = Simulation[GameResult]
"""``simulate_one(config, bot_names, game_seed, keep_record) -> GameResult``."""


def simulate_one(
    game_id: str, config: GameConfig, bots: Sequence[str], seed: int, keep_record: bool = False
) -> GameResult:
    """Play one game with the named bots, all randomness drawn from ``seed``."""
    plugin = find_plugin(game_id)
    custom = None if plugin is None else plugin.simulation  # not a plain protocol playout
    if custom is not None:
        runner: SimulateOne = custom.load()
        return runner(config, bots, seed, keep_record)
    game = get_game(game_id)
    agents = [make_bot(name, game_id, derive_seed(seed, "bot", i)) for i, name in enumerate(bots)]
    playout = play_out(game, game.initial_state(config), agents, random.Random(seed))
    state = playout.state
    stats = game.stats(state)
    record = None
    if keep_record:
        record = GameRecord(
            game=game_id,
            version=game.spec.version,
            config=config,
            seed=seed,
            actions=tuple(playout.actions),
            players=tuple(bots),
        )
    return GameResult(
        seed=seed,
        bots=tuple(bots),
        scores=game.scores(state),
        returns=game.returns(state),
        winners=game.winners(state),
        length=stats.get("turns", float(len(playout.actions))),
        labels=game.labels(state),
        stats=stats,
        record=record,
        thinking=tuple(_thinking(agent.thought()) for agent in agents),
    )


def _thinking(thought: Thinking) -> tuple[int, float, int]:
    return thought.searches, thought.seconds, thought.iterations


def seat_bots(bots: Sequence[str], index: int, rotate: bool) -> tuple[str, ...]:
    """The bots by seat for game ``index``: as given, or rotated one seat per game."""
    if not rotate:
        return tuple(bots)
    shift = index % len(bots)
    return tuple(bots[shift:]) + tuple(bots[:shift])


def run_games(
    game_id: str,
    config: GameConfig,
    bots: Sequence[str],
    games: int,
    seed: int,
    rotate: bool = False,
    keep_records: bool = False,
) -> Iterator[GameResult]:
    """Yield ``games`` results in order; game ``i`` is seeded with ``derive_seed(seed, i)``."""
    for index in range(games):
        yield simulate_one(
            game_id,
            config,
            seat_bots(bots, index, rotate),
            derive_seed(seed, index),
            keep_records,
        )
