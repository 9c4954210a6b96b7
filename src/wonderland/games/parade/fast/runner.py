"""Whole games and batches of games in one compiled call, and their Python entry point.

:func:`play_games` plays games ``start .. stop - 1`` of a run: game ``i`` draws every random
number from ``game_key(run seed, i)``, so the results do not depend on how a run is cut into
batches or spread over workers.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import NamedTuple

import numpy as np

from wonderland.compiled.jit import Int, compiled
from wonderland.compiled.policies import policy_ids
from wonderland.compiled.rng import MASK64, below, game_key, seed_rng
from wonderland.games.parade.cards import DECK_SIZE
from wonderland.games.parade.fast.policies import POLICIES, choose_keep, choose_play_at
from wonderland.games.parade.fast.rules import (
    CN,
    DECK,
    HAND,
    R_SEQUENTIAL,
    S_CHOSEN,
    S_CUR,
    S_DPOS,
    S_PHASE,
    S_REASON,
    S_TURNS,
    SEAT,
    SIX_COLOURS,
    TOTALS,
    WON,
    deal,
    draw,
    draw_tie,
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


class Work(NamedTuple):
    """A batch's working arrays (the compiled code allocates nothing, so it runs without
    reference counting)."""

    st: np.ndarray
    sc: np.ndarray
    """The game's state (``rules.py``)."""
    rng: np.ndarray
    """uint64[2]: the random generator."""
    seats: np.ndarray
    """int64[n]: each seat's policy in the game under way."""
    log: np.ndarray
    """int64[rows, 3]: the decision log of the last game (no rows: none)."""


@compiled
def write_log(log: np.ndarray, entry: Int, kind: Int, seat: Int, value: Int) -> Int:
    """Row ``entry`` of ``log`` (if it has rows) is ``(kind, seat, value)``; the next row."""
    if log.shape[0] == 0:
        return entry
    log[entry, 0], log[entry, 1], log[entry, 2] = kind, seat, value
    return entry + 1


@compiled
def play_game(work: Work, rules: np.ndarray, n: Int, key: np.uint64) -> None:
    """One complete game from the deal to the scores; seat ``p`` follows ``work.seats[p]``.

    With a non-empty ``work.log`` every decision is written to it as ``(kind, seat,
    value)`` (the ``LOG_*`` kinds; a kept pair as ``a * 66 + b``), ending with a ``LOG_END``
    row; the cards come out in the order of row ``DECK``.
    """
    st, sc, rng, log = work.st, work.sc, work.rng, work.log
    entry: Int = 0
    seed_rng(rng, key)
    reset(st, sc, n, True)
    deal(st, sc, rules, rng)
    if sc[S_PHASE] == START:
        pick_start(st, sc, below(rng, n))
        entry = write_log(log, entry, LOG_START, sc[S_CUR], 0)
    while True:
        phase = sc[S_PHASE]
        if phase == PLAY:
            seat = sc[S_CUR]
            i = choose_play_at(st, sc, rules, rng, seat, work.seats[seat])
            entry = write_log(log, entry, LOG_PLAY, seat, st[HAND + seat, i])
            play_at(st, sc, rules, seat, i)
        elif phase == DRAW:
            draw(st, sc, rng)
        elif phase == CHOOSE:
            seat = sc[S_CUR]
            if not rules[R_SEQUENTIAL]:  # simultaneous: the lowest seat still choosing, and
                seat = sc[S_CHOSEN]  # here the seats choose in order
            i, j = choose_keep(st, sc, rules, rng, seat, work.seats[seat])
            a = np.int64(st[HAND + seat, i])
            b = np.int64(st[HAND + seat, j])
            entry = write_log(log, entry, LOG_KEEP, seat, a * DECK_SIZE + b)
            keep_cards(st, sc, rules, seat, a, b)
        elif phase == TIEBREAK:
            entry = write_log(log, entry, LOG_TIEBREAK, draw_tie(st, sc, rng), 0)
        else:
            write_log(log, entry, LOG_END, 0, 0)
            return


class Batch(NamedTuple):
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

    @classmethod
    def of(cls, games: int, n: int) -> Batch:
        """Zeroed results of ``games`` games of ``n`` seats."""
        return cls(
            scores=np.zeros((games, n), np.int16),
            won=np.zeros((games, n), np.int8),
            turns=np.zeros(games, np.int16),
            six_colours=np.zeros(games, np.int8),
            cards=np.zeros(games, np.int16),
            keys=np.zeros(games, np.uint64),
        )

    def rows(self, low: int, high: int) -> Batch:
        """Games ``low .. high - 1`` of this batch (views of its arrays)."""
        return Batch(*(column[low:high] for column in self))


@compiled
def play_batch(
    work: Work,
    rules: np.ndarray,
    policies: np.ndarray,
    rotate: bool,
    run_seed: np.uint64,
    first: Int,
    batch: Batch,
) -> None:
    """Play games ``first .. first + len(batch.turns) - 1`` into ``batch`` (row per game).

    ``policies`` are by seat; with ``rotate`` game ``i`` shifts them by ``i % n`` seats.
    """
    n = policies.shape[0]
    st, sc = work.st, work.sc
    shift = first % n if rotate else 0
    for g in range(batch.turns.shape[0]):
        index = first + g
        for p in range(n):
            seat = p + shift
            work.seats[p] = policies[seat - n if seat >= n else seat]
        key = game_key(run_seed, np.uint64(index))
        play_game(work, rules, n, key)
        total = 0
        for p in range(n):
            batch.scores[g, p] = sc[TOTALS + p]
            batch.won[g, p] = st[SEAT + p, WON]
            total += st[SEAT + p, CN]
        batch.turns[g] = sc[S_TURNS]
        batch.six_colours[g] = 1 if sc[S_REASON] == SIX_COLOURS else 0
        batch.cards[g] = total
        batch.keys[g] = key
        if rotate:  # game index % n, counted rather than divided
            shift = next_seat(shift, n)


def new_work(n: int, log_rows: int) -> Work:
    """Fresh working arrays for games of ``n`` seats, logging ``log_rows`` rows."""
    st, sc = new_state()
    return Work(
        st, sc, np.zeros(2, np.uint64), np.zeros(n, np.int64), np.zeros((log_rows, 3), np.int64)
    )


def play_games(
    rules: ParadeRules,
    bots: Sequence[str],
    seed: int,
    start: int,
    stop: int,
    rotate: bool = False,
) -> Batch:
    """Play games ``start .. stop - 1`` of the run seeded ``seed``, :data:`BATCH` per call."""
    games = stop - start
    batch = Batch.of(games, len(bots))
    compiled_rules = rules_array(rules)
    policies = policy_ids(bots, POLICIES)
    run_seed = np.uint64(seed & MASK64)
    work = new_work(len(bots), 0)
    for low in range(0, games, BATCH):
        high = min(games, low + BATCH)
        rows = batch.rows(low, high)
        play_batch(work, compiled_rules, policies, rotate, run_seed, start + low, rows)
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
    work = new_work(len(bots), LOG_ROWS)
    batch = Batch.of(1, len(bots))
    run_seed = np.uint64(seed & MASK64)
    play_batch(work, rules_array(rules), policy_ids(bots, POLICIES), rotate, run_seed, index, batch)
    rows = work.log.tolist()
    end = next(i for i, row in enumerate(rows) if row[0] == LOG_END)
    decisions = [(kind, seat, value) for kind, seat, value in rows[:end]]
    return LoggedGame(work.st[DECK, : work.sc[S_DPOS]].tolist(), decisions, batch)
