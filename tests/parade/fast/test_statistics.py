"""Statistical agreement: 100,000 compiled games and 20,000 plain-engine games of random bots
agree on every seat's win share and mean score and on the mean number of turns, each
difference inside its 99 % confidence interval (fixed seeds, so the test is deterministic).

The plain games are played through the game protocol itself (legal actions, chance steps,
``apply_in_place``), each move drawn uniformly among the legal actions as ``RandomBot``
draws it, without the bot objects and views of ``sim.runner``: the same games, at about a
third of the cost, which dominates this test's run time.
"""

from __future__ import annotations

import math
import random
from collections.abc import Iterator, Sequence

import pytest

from wonderland.core import CHANCE, TERMINAL, GameConfig, next_actor
from wonderland.games.parade import GAME
from wonderland.games.parade.fast.simulation import play_fast
from wonderland.sim.job import SimJob
from wonderland.sim.runner import GameResult

pytestmark = pytest.mark.slow  # statistical: large samples (left out of make test-fast)

Z99 = 2.5758293035489004
FAST_GAMES = 100_000
PLAIN_GAMES = 20_000


def figures(results: Sequence[GameResult], players: int) -> dict[str, list[float]]:
    """Per figure, the value of every game: win share and score per seat, turns."""
    table: dict[str, list[float]] = {"turns": [r.length for r in results]}
    for seat in range(players):
        table[f"win share {seat}"] = [r.returns[seat] for r in results]
        table[f"score {seat}"] = [r.scores[seat] for r in results]
    return table


def plain_random_games(config: GameConfig, games: int, seed: int) -> Iterator[GameResult]:
    """``games`` plain-engine games in which every seat plays uniformly among its legal
    actions; each game's figures as ``sim.runner`` reports them."""
    rng = random.Random(seed)
    bots = ("random",) * config.num_players
    for _ in range(games):
        state = GAME.initial_state(config)
        while (actor := next_actor(GAME, state)) != TERMINAL:
            if actor == CHANCE:
                action = GAME.sample_chance(state, rng)
            else:
                legal = GAME.legal_actions(state, actor)
                action = legal[rng.randrange(len(legal))]
            GAME.apply_in_place(state, actor, action)
        yield GameResult(
            seed=seed,
            bots=bots,
            scores=GAME.scores(state),
            returns=GAME.returns(state),
            winners=GAME.winners(state),
            length=GAME.stats(state)["turns"],
        )


def mean_and_variance(values: Sequence[float]) -> tuple[float, float]:
    """Sample mean and (n - 1) variance."""
    mean = math.fsum(values) / len(values)
    return mean, math.fsum((v - mean) ** 2 for v in values) / (len(values) - 1)


def disagreements(
    fast: Sequence[GameResult], plain: Sequence[GameResult], players: int
) -> list[str]:
    """The figures whose fast-minus-plain difference lies outside its 99 % interval."""
    problems = []
    fast_table, plain_table = figures(fast, players), figures(plain, players)
    for name, fast_values in fast_table.items():
        fast_mean, fast_var = mean_and_variance(fast_values)
        plain_mean, plain_var = mean_and_variance(plain_table[name])
        half = Z99 * math.sqrt(fast_var / len(fast) + plain_var / len(plain))
        if abs(fast_mean - plain_mean) > half:
            problems.append(f"{name}: fast {fast_mean:.4f}, plain {plain_mean:.4f} (±{half:.4f})")
    return problems


@pytest.mark.parametrize("players", [2, 4, 6])
def test_random_games_agree_with_the_plain_engine(players: int) -> None:
    """2, 4 and 6 players: seat win shares, mean scores and mean turns agree at 99 %."""
    config = GAME.make_config(players)
    bots = ("random",) * players
    job = SimJob("parade", config, bots, FAST_GAMES, seed=2026, engine="fast")
    fast = list(play_fast(job, 0, FAST_GAMES).rows())
    plain = list(plain_random_games(config, PLAIN_GAMES, seed=2026))
    assert len(fast) == FAST_GAMES
    assert len(plain) == PLAIN_GAMES
    assert disagreements(fast, plain, players) == []


def test_a_real_difference_is_detected() -> None:
    """The check itself: games of a different player count disagree with these."""
    config = GAME.make_config(3)
    job = SimJob("parade", config, ("random",) * 3, 20_000, seed=1, engine="fast")
    other = SimJob("parade", GAME.make_config(4), ("random",) * 4, 20_000, seed=1, engine="fast")
    problems = disagreements(
        list(play_fast(job, 0, 20_000).rows()), list(play_fast(other, 0, 20_000).rows()), 3
    )
    assert any(p.startswith("turns") for p in problems)
    assert any(p.startswith("score") for p in problems)
