"""Batches of whole simulated Wonderdice games in one compiled call, and their results.

:func:`play_games` plays games ``start .. stop - 1`` of a run: game ``i`` draws every random
number from ``game_key(run seed, i)``, so results do not depend on batches or workers.  Each
game is :func:`~wonderland.games.wonderdice.fast.runner.play_game`; its figures go to a row
of a :class:`Batch` (the ``G_*``, ``F_*`` and ``P_*`` columns).
"""

from __future__ import annotations

from typing import NamedTuple

import numpy as np

from wonderland.compiled.jit import Int, compiled, compiled_call
from wonderland.compiled.rng import MASK64, game_key
from wonderland.games.wonderdice.fast.layout import (
    CHAR_WINS,
    DEALT,
    R_CHALLENGE,
    S_ADMIRING_WINS,
    S_BLOCKS,
    S_CANCELS,
    S_END,
    S_JABBER,
    S_MAD_WINS,
    S_ROLLS,
    S_ROUND_MS,
    S_ROUNDS,
    S_TAKE_BACKS,
    S_WINNERS,
    SERIES,
    WINS_A,
    WINS_M,
    Rules,
    State,
    new_state,
)
from wonderland.games.wonderdice.fast.runner import (
    M_ROUND_COUNT,
    M_ROUND_SUM,
    M_STALE,
    M_T,
    T_FACTOR,
    Sim,
    new_sim,
    play_game,
)

# -- per-game results ---------------------------------------------------------------------------
G_ROLLS = 0
G_ROUNDS = 1
G_BLOCKS = 2
G_CANCELS = 3
G_TAKE_BACKS = 4
G_STALE = 5
G_ADMIRING_WINS = 6
G_MAD_WINS = 7
G_END = 8
G_JABBER = 9
"""The Jabberwocky's seat at the end (-1: none came)."""
G_WINNERS = 10
G_ROUND_MS = 11
"""The rules' own round time total (``stats["round_ms"]``)."""
G_FIELDS = 12
F_GAME_MS = 0
F_ROUND_MS = 1
"""The simulation's round time total (from each round's opening to its win)."""
F_ROUND_COUNT = 2
F_FIELDS = 3
P_SCORE = 0
P_CHARACTER = 1
P_ADMIRING_WINS = 2
P_MAD_WINS = 3
P_FIELDS = 4


class Batch(NamedTuple):
    """Results of consecutive games of a run, one row per game."""

    figures: np.ndarray
    """int64[games, G_FIELDS]: rolls, rounds, blocks, ... (the ``G_*`` columns)."""
    times: np.ndarray
    """float64[games, F_FIELDS]: simulated game time and round times in ms."""
    seats: np.ndarray
    """int64[games, n, P_FIELDS]: each seat's score, character and its character's round
    wins on each side."""
    factors: np.ndarray
    """float64[games, n]: each seat's speed factor."""
    keys: np.ndarray
    """uint64[games]: each game's random key (its seed)."""

    def rows(self, low: int, high: int) -> Batch:
        """Games ``low .. high - 1`` of this batch (views of its arrays)."""
        return Batch(
            self.figures[low:high],
            self.times[low:high],
            self.seats[low:high],
            self.factors[low:high],
            self.keys[low:high],
        )


class Setup(NamedTuple):
    """What a batch needs besides the seed: the rules, policies and speed options."""

    rules: Rules
    policies: np.ndarray
    speed: np.ndarray
    """float64[3, n]: speed factor (0: drawn per game), skill and latency by seat."""


@compiled
def record(batch: Batch, g: Int, state: State, rules: Rules, sim: Sim) -> None:
    """Row ``g`` of ``batch``: the figures of the game just played."""
    ps, sc = state.ps, state.sc
    gi, gf = batch.figures, batch.times
    gi[g, G_ROLLS] = sc[S_ROLLS]
    gi[g, G_ROUNDS] = sc[S_ROUNDS]
    gi[g, G_BLOCKS] = sc[S_BLOCKS]
    gi[g, G_CANCELS] = sc[S_CANCELS]
    gi[g, G_TAKE_BACKS] = sc[S_TAKE_BACKS]
    gi[g, G_STALE] = np.int64(sim.clock[M_STALE])
    gi[g, G_ADMIRING_WINS] = sc[S_ADMIRING_WINS]
    gi[g, G_MAD_WINS] = sc[S_MAD_WINS]
    gi[g, G_END] = sc[S_END]
    gi[g, G_JABBER] = sc[S_JABBER]
    gi[g, G_WINNERS] = sc[S_WINNERS]
    gi[g, G_ROUND_MS] = sc[S_ROUND_MS]
    gf[g, F_GAME_MS] = sim.clock[M_T]
    gf[g, F_ROUND_MS] = sim.clock[M_ROUND_SUM]
    gf[g, F_ROUND_COUNT] = sim.clock[M_ROUND_COUNT]
    gp = batch.seats
    for p in range(sim.policies.shape[0]):
        c = ps[DEALT, p]
        score = ps[SERIES, p] if rules.rf[R_CHALLENGE] else ps[WINS_A, p] + ps[WINS_M, p]
        gp[g, p, P_SCORE] = score
        gp[g, p, P_CHARACTER] = c
        gp[g, p, P_ADMIRING_WINS] = sc[CHAR_WINS + 2 * c]
        gp[g, p, P_MAD_WINS] = sc[CHAR_WINS + 2 * c + 1]
        batch.factors[g, p] = sim.tf[T_FACTOR, p]


@compiled_call
def play_batch(
    setup: Setup,
    rotate: bool,
    run_seed: np.uint64,
    first: Int,
    batch: Batch,
    state: State,
    sim: Sim,
) -> None:
    """Play games ``first .. first + len(batch.keys) - 1`` into ``batch`` (row per game).
    Policies and speed options are by seat; with ``rotate`` game ``i`` shifts them by
    ``i % n`` seats.  ``state`` and ``sim`` are working space (the compiled code allocates
    nothing)."""
    n = setup.policies.shape[0]
    for g in range(batch.keys.shape[0]):
        index = first + g
        shift = index % n if rotate else 0
        for p in range(n):
            seat = (p + shift) % n
            sim.policies[p] = setup.policies[seat]
            for j in range(3):
                sim.speed[j, p] = setup.speed[j, seat]
        key = game_key(run_seed, np.uint64(index))
        play_game(state, setup.rules, sim, n, key)
        batch.keys[g] = key
        record(batch, g, state, setup.rules, sim)


BATCH = 10_000
"""Games per compiled call in :func:`play_games`."""


def play_games(setup: Setup, seed: int, start: int, stop: int, rotate: bool = False) -> Batch:
    """Play games ``start .. stop - 1`` of the run seeded ``seed``, :data:`BATCH` per call."""
    n = setup.policies.shape[0]
    games = stop - start
    batch = Batch(
        figures=np.zeros((games, G_FIELDS), np.int64),
        times=np.zeros((games, F_FIELDS), np.float64),
        seats=np.zeros((games, n, P_FIELDS), np.int64),
        factors=np.zeros((games, n), np.float64),
        keys=np.zeros(games, np.uint64),
    )
    state = new_state()
    run_seed = np.uint64(seed & MASK64)
    for low in range(0, games, BATCH):
        high = min(games, low + BATCH)
        sim = new_sim(setup.policies)
        play_batch(setup, rotate, run_seed, start + low, batch.rows(low, high), state, sim)
    return batch
