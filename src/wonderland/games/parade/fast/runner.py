"""Whole games and batches of games in one compiled call, and their Python entry point.

:func:`play_games` plays games ``start .. stop - 1`` of a run: game ``i`` draws every random
number from ``game_key(run seed, i)``, so the results do not depend on how a run is cut into
batches or spread over workers.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

from wonderland.games.parade.fast.jit import Int, compiled
from wonderland.games.parade.fast.policies import POLICIES, choose_keep, choose_play
from wonderland.games.parade.fast.rng import MASK64, below, game_key, seed_rng
from wonderland.games.parade.fast.rules import (
    CN,
    HAND,
    KEEP,
    NO_CARD,
    R_SEQUENTIAL,
    S_CUR,
    S_NWIN,
    S_PHASE,
    S_REASON,
    S_TURNS,
    SEAT,
    SIX_COLOURS,
    TOTALS,
    WON,
    break_tie,
    deal,
    draw,
    keep_cards,
    new_state,
    pick_start,
    play,
    reset,
    rules_array,
)
from wonderland.games.parade.state import CHOOSE, DRAW, PLAY, START, TIEBREAK
from wonderland.games.parade.variants import ParadeRules

BATCH = 10_000
"""Games per compiled call in :func:`play_games`."""


@compiled
def play_game(
    st: np.ndarray,
    sc: np.ndarray,
    rng: np.ndarray,
    rules: np.ndarray,
    n: Int,
    policies: np.ndarray,
    key: np.uint64,
) -> None:
    """One complete game from the deal to the scores; seat ``p`` follows ``policies[p]``."""
    seed_rng(rng, key)
    reset(st, sc, n, True)
    deal(st, sc, rules, rng)
    if sc[S_PHASE] == START:
        pick_start(st, sc, below(rng, n))
    while True:
        phase = sc[S_PHASE]
        if phase == PLAY:
            seat = sc[S_CUR]
            play(st, sc, rules, seat, choose_play(st, sc, rules, rng, seat, policies[seat]))
        elif phase == DRAW:
            draw(st, sc, rng)
        elif phase == CHOOSE:
            seat = sc[S_CUR]
            if not rules[R_SEQUENTIAL]:  # simultaneous: any seat still choosing
                seat = 0
                while st[SEAT + seat, KEEP] != NO_CARD:
                    seat += 1
            i, j = choose_keep(st, sc, rules, rng, seat, policies[seat])
            keep_cards(st, sc, rules, seat, st[HAND + seat, i], st[HAND + seat, j])
        elif phase == TIEBREAK:
            r = below(rng, sc[S_NWIN])
            for seat in range(n):
                if st[SEAT + seat, WON]:
                    if r == 0:
                        break_tie(st, sc, seat)
                        break
                    r -= 1
        else:
            return


@compiled
def play_batch(
    st: np.ndarray,
    sc: np.ndarray,
    rng: np.ndarray,
    seats: np.ndarray,
    rules: np.ndarray,
    policies: np.ndarray,
    rotate: bool,
    run_seed: np.uint64,
    first: Int,
    scores: np.ndarray,
    won: np.ndarray,
    turns: np.ndarray,
    six_colours: np.ndarray,
    cards: np.ndarray,
    keys: np.ndarray,
) -> None:
    """Play games ``first .. first + len(turns) - 1`` into the output arrays (row per game).

    ``policies`` are by seat; with ``rotate`` game ``i`` shifts them by ``i % n`` seats.
    ``st``, ``sc``, ``rng`` and ``seats`` (int64[n]) are working space: the compiled code allocates
    nothing, so it runs without reference counting.
    """
    n = policies.shape[0]
    for g in range(turns.shape[0]):
        index = first + g
        shift = index % n if rotate else 0
        for p in range(n):
            seats[p] = policies[(p + shift) % n]
        key = game_key(run_seed, np.uint64(index))
        play_game(st, sc, rng, rules, n, seats, key)
        total = 0
        for p in range(n):
            scores[g, p] = sc[TOTALS + p]
            won[g, p] = st[SEAT + p, WON]
            total += st[SEAT + p, CN]
        turns[g] = sc[S_TURNS]
        six_colours[g] = 1 if sc[S_REASON] == SIX_COLOURS else 0
        cards[g] = total
        keys[g] = key


@dataclass(frozen=True, slots=True)
class Batch:
    """Results of consecutive games of a run, one row per game (seat order within a row)."""

    scores: np.ndarray
    """int16[games, n]: final scores."""
    won: np.ndarray
    """int8[games, n]: 1 for each winner (several when they share the win)."""
    turns: np.ndarray
    """int16[games]: turns played (P10 and the final round)."""
    six_colours: np.ndarray
    """int8[games]: 1 when six colours (P21) rather than the empty pile ended the game."""
    cards: np.ndarray
    """int16[games]: cards collected by all seats together, the final two each included."""
    keys: np.ndarray
    """uint64[games]: each game's random key (its seed)."""


def policy_ids(names: Sequence[str]) -> np.ndarray:
    """Compiled policy ids of bot names (ValueError for a name without a compiled policy)."""
    unknown = [name for name in names if name not in POLICIES]
    if unknown:
        choices = ", ".join(sorted(POLICIES))
        raise ValueError(f"no compiled policy {unknown[0]!r}; choose from: {choices}")
    return np.array([POLICIES[name] for name in names], dtype=np.int64)


def play_games(
    rules: ParadeRules,
    bots: Sequence[str],
    seed: int,
    start: int,
    stop: int,
    rotate: bool = False,
) -> Batch:
    """Play games ``start .. stop - 1`` of the run seeded ``seed``, :data:`BATCH` per call."""
    n = len(bots)
    games = stop - start
    batch = Batch(
        scores=np.zeros((games, n), np.int16),
        won=np.zeros((games, n), np.int8),
        turns=np.zeros(games, np.int16),
        six_colours=np.zeros(games, np.int8),
        cards=np.zeros(games, np.int16),
        keys=np.zeros(games, np.uint64),
    )
    compiled_rules = rules_array(rules)
    policies = policy_ids(bots)
    run_seed = np.uint64(seed & MASK64)
    st, sc = new_state()
    rng = np.zeros(2, np.uint64)
    seats = np.zeros(n, np.int64)
    for low in range(0, games, BATCH):
        high = min(games, low + BATCH)
        play_batch(
            st,
            sc,
            rng,
            seats,
            compiled_rules,
            policies,
            rotate,
            run_seed,
            start + low,
            batch.scores[low:high],
            batch.won[low:high],
            batch.turns[low:high],
            batch.six_colours[low:high],
            batch.cards[low:high],
            batch.keys[low:high],
        )
    return batch
