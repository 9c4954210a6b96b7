"""Whole games and batches of games in one compiled call, and their Python entry point.

:func:`play_games` plays games ``start .. stop - 1`` of a run: game ``i`` draws every random
number from ``game_key(run seed, i)``, so the results do not depend on how a run is cut into
batches or spread over workers.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

from wonderland.compiled.jit import Int, compiled
from wonderland.compiled.rng import MASK64, below, game_key, seed_rng
from wonderland.games.parade.fast.policies import POLICIES, choose_keep, choose_play_at
from wonderland.games.parade.fast.rules import (
    CN,
    DECK,
    DECK_SIZE,
    HAND,
    R_SEQUENTIAL,
    S_CHOSEN,
    S_CUR,
    S_DPOS,
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
    next_seat,
    pick_start,
    play_at,
    reset,
    rules_array,
)
from wonderland.games.parade.state import CHOOSE, DRAW, PLAY, START, TIEBREAK
from wonderland.games.parade.variants import ParadeRules

BATCH = 10_000
"""Games per compiled call in :func:`play_games`."""
LOG_END = 0
LOG_START = 1
LOG_PLAY = 2
LOG_KEEP = 3
LOG_TIEBREAK = 4
LOG_ROWS = 128
"""More than the decisions of any game: at most 60 - 4n turns, n keeps, start, tie-break."""


@compiled
def play_game(
    st: np.ndarray,
    sc: np.ndarray,
    rng: np.ndarray,
    rules: np.ndarray,
    n: Int,
    policies: np.ndarray,
    key: np.uint64,
    log: np.ndarray,
) -> None:
    """One complete game from the deal to the scores; seat ``p`` follows ``policies[p]``.

    With a non-empty ``log`` (int64[rows, 3]) every decision is written to it as
    ``(kind, seat, value)`` (the ``LOG_*`` kinds; a kept pair as ``a * 66 + b``), ending
    with a ``LOG_END`` row; the cards come out in the order of row ``DECK``.
    """
    logging = log.shape[0] > 0
    entry = 0
    seed_rng(rng, key)
    reset(st, sc, n, True)
    deal(st, sc, rules, rng)
    if sc[S_PHASE] == START:
        pick_start(st, sc, below(rng, n))
        if logging:
            log[entry, 0], log[entry, 1], log[entry, 2] = LOG_START, sc[S_CUR], 0
            entry += 1
    while True:
        phase = sc[S_PHASE]
        if phase == PLAY:
            seat = sc[S_CUR]
            i = choose_play_at(st, sc, rules, rng, seat, policies[seat])
            if logging:
                log[entry, 0], log[entry, 1], log[entry, 2] = LOG_PLAY, seat, st[HAND + seat, i]
                entry += 1
            play_at(st, sc, rules, seat, i)
        elif phase == DRAW:
            draw(st, sc, rng)
        elif phase == CHOOSE:
            seat = sc[S_CUR]
            if not rules[R_SEQUENTIAL]:  # simultaneous: the lowest seat still choosing, and
                seat = sc[S_CHOSEN]  # here the seats choose in order

            i, j = choose_keep(st, sc, rules, rng, seat, policies[seat])
            a = np.int64(st[HAND + seat, i])
            b = np.int64(st[HAND + seat, j])
            if logging:
                log[entry, 0], log[entry, 1], log[entry, 2] = LOG_KEEP, seat, a * DECK_SIZE + b
                entry += 1
            keep_cards(st, sc, rules, seat, a, b)
        elif phase == TIEBREAK:
            r = below(rng, sc[S_NWIN])
            for seat in range(n):
                if st[SEAT + seat, WON]:
                    if r == 0:
                        if logging:
                            log[entry, 0], log[entry, 1], log[entry, 2] = LOG_TIEBREAK, seat, 0
                            entry += 1
                        break_tie(st, sc, seat)
                        break
                    r -= 1
        else:
            if logging:
                log[entry, 0] = LOG_END
            return


@compiled
def play_batch(
    st: np.ndarray,
    sc: np.ndarray,
    rng: np.ndarray,
    seats: np.ndarray,
    log: np.ndarray,
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
    ``st``, ``sc``, ``rng`` and ``seats`` (int64[n]) are working space, and ``log`` the
    decision log of the last game (empty: none): the compiled code allocates nothing, so it
    runs without reference counting.
    """
    n = policies.shape[0]
    shift = first % n if rotate else 0
    for g in range(turns.shape[0]):
        index = first + g
        for p in range(n):
            seat = p + shift
            seats[p] = policies[seat - n if seat >= n else seat]
        key = game_key(run_seed, np.uint64(index))
        play_game(st, sc, rng, rules, n, seats, key, log)
        total = 0
        for p in range(n):
            scores[g, p] = sc[TOTALS + p]
            won[g, p] = st[SEAT + p, WON]
            total += st[SEAT + p, CN]
        turns[g] = sc[S_TURNS]
        six_colours[g] = 1 if sc[S_REASON] == SIX_COLOURS else 0
        cards[g] = total
        keys[g] = key
        if rotate:  # game index % n, counted rather than divided
            shift = next_seat(shift, n)


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
            np.zeros((0, 3), np.int64),
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


@dataclass(frozen=True, slots=True)
class LoggedGame:
    """One game of a run with its decisions: what the tests replay on the plain engine."""

    cards: list[int]
    """Every card dealt or drawn, in order."""
    decisions: list[tuple[int, int, int]]
    """``(kind, seat, value)`` rows of :func:`play_game`'s log, without the end row."""
    batch: Batch
    """The game's results, as a batch of one."""


def play_logged(
    rules: ParadeRules, bots: Sequence[str], seed: int, index: int, rotate: bool = False
) -> LoggedGame:
    """Game ``index`` of the run seeded ``seed`` (as :func:`play_games` plays it), logged."""
    n = len(bots)
    st, sc = new_state()
    log = np.zeros((LOG_ROWS, 3), np.int64)
    batch = Batch(
        scores=np.zeros((1, n), np.int16),
        won=np.zeros((1, n), np.int8),
        turns=np.zeros(1, np.int16),
        six_colours=np.zeros(1, np.int8),
        cards=np.zeros(1, np.int16),
        keys=np.zeros(1, np.uint64),
    )
    play_batch(
        st,
        sc,
        np.zeros(2, np.uint64),
        np.zeros(n, np.int64),
        log,
        rules_array(rules),
        policy_ids(bots),
        rotate,
        np.uint64(seed & MASK64),
        index,
        batch.scores,
        batch.won,
        batch.turns,
        batch.six_colours,
        batch.cards,
        batch.keys,
    )
    rows = log.tolist()
    end = next(i for i, row in enumerate(rows) if row[0] == LOG_END)
    decisions = [(kind, seat, value) for kind, seat, value in rows[:end]]
    return LoggedGame(st[DECK, : sc[S_DPOS]].tolist(), decisions, batch)
