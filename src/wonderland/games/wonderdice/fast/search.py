"""A search of a roll's actions on the compiled engine: each action rolled out to the end of
the round in real time, all of them on the same dice.

A roll offers a handful of actions, and after it the dice and the seats' reaction times
decide the futures: a tree below the root would split on chance and on the order of the
seats' events, each node seen a few times, and the actions' values differ by a few points
of the round's chance, less than a rollout's noise.  So the search is flat Monte Carlo over
the roll's actions with common random numbers: the actions take turns, and each turn rolls
every action out with the same random stream (the same dice, the same reaction times), so
that their differences are measured rather than drowned.  Each iteration plays its action
on the compiled rules and then the rest of the round with the compiled event loop of
``runner.py`` -- every seat rolling at its speed, reacting and acting by the compiled
``greedy`` policy, stale actions refused -- and is worth 1 when the searching seat wins the
round (or the game), 0 when another seat does.  Wonderdice hides nothing that the rules read
(the turn-based view is the whole table), so the root state is the view's; what a rollout
does not know is the real-time table's unseen part -- the other seats' held rolls and the
actions on their way -- so every other seat starts the rollout with its next roll to come.

Iterations run in compiled chunks so that a time budget is checked between them; the
compiled code allocates nothing (every array comes from :class:`CompiledSearch`).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

from wonderland.compiled.budget import run_in_chunks
from wonderland.compiled.jit import Int, compiled_call
from wonderland.compiled.rng import below, game_key, seed_rng
from wonderland.games.wonderdice.fast.bridge import load, table_rules
from wonderland.games.wonderdice.fast.policies import GREEDY
from wonderland.games.wonderdice.fast.rules import (
    CHAR,
    CHAR_WINS,
    HAND,
    R_COOLDOWN,
    S_N,
    S_NOW,
    S_PHASE,
    S_ROUND_NO,
    S_WINNERS,
    SEATS,
    apply_event,
    new_state,
)
from wonderland.games.wonderdice.fast.runner import (
    D_FIELDS,
    D_LAST_ROLL,
    D_PENDING,
    D_PLAN,
    M_FIELDS,
    M_OPEN_AT,
    M_OPENED,
    M_T,
    T_FIELDS,
    T_NEXT,
    play_event,
    reaction,
    set_pace,
)
from wonderland.games.wonderdice.state import OVER, PLAY, SIDES, Table, WonderdiceState

CHUNK = 64
"""Iterations per compiled call under a time budget (about a millisecond or two)."""
MAX_EVENTS = 4000
"""Events a rollout plays at most (a round that runs longer is valued as a draw)."""


@compiled_call
def rollout(
    ps0: np.ndarray,
    sc0: np.ndarray,
    placed0: np.ndarray,
    rf: np.ndarray,
    pw: np.ndarray,
    seat: Int,
    action: Int,
    key: np.uint64,
    ps: np.ndarray,
    sc: np.ndarray,
    placed: np.ndarray,
    rng: np.ndarray,
    tf: np.ndarray,
    ds: np.ndarray,
    sim: np.ndarray,
    faces: np.ndarray,
    legal: np.ndarray,
    policies: np.ndarray,
) -> float:
    """``seat`` plays ``action`` on its roll, then every seat plays on by ``greedy`` at
    speed 1 until the round ends: 1 when ``seat`` won it, 0 when another did, a share when
    the game ended shared or the rollout ran out of events."""
    n = sc0[S_N]
    for i in range(sc0.shape[0]):
        sc[i] = sc0[i]
    for i in range(n):
        for f in range(ps0.shape[0]):
            ps[f, i] = ps0[f, i]
        for j in range(placed0.shape[1]):
            placed[i, j] = placed0[i, j]
    seed_rng(rng, key)
    char = ps[CHAR, seat]
    won_before = sc[CHAR_WINS + SIDES * char] + sc[CHAR_WINS + SIDES * char + 1]
    round_no = sc[S_ROUND_NO]
    apply_event(ps, sc, rf, pw, placed, seat, action, True)
    now = sc[S_NOW]
    cooldown = rf[R_COOLDOWN]
    sim[:] = 0.0
    sim[M_T] = now
    sim[M_OPENED] = now
    sim[M_OPEN_AT] = now
    for i in range(n):
        set_pace(rf, tf, ds, i, 1.0, 1.0, 0)
        ds[D_PLAN, i] = -1
        ds[D_PENDING, i] = 0
        if i == seat:  # it has just rolled: its next roll waits for the cooldown
            ds[D_LAST_ROLL, i] = now
            wait = cooldown if ps[HAND, i] else 0
            tf[T_NEXT, i] = now + wait + reaction(rng, tf, i)
        else:  # somewhere in its own cooldown, its next roll to come
            ds[D_LAST_ROLL, i] = now - below(rng, cooldown + 1)
            tf[T_NEXT, i] = now + reaction(rng, tf, i)
    events = 0
    while sc[S_PHASE] == PLAY and sc[S_ROUND_NO] == round_no and events < MAX_EVENTS:
        play_event(ps, sc, rf, pw, placed, rng, tf, ds, sim, faces, legal, policies)
        events += 1
    if sc[S_PHASE] == OVER:
        winners = sc[S_WINNERS]
        count = 0
        for i in range(n):
            count += (winners >> i) & 1
        if (winners >> seat) & 1:
            return 1.0 / float(count)
        return 0.0
    if sc[S_ROUND_NO] == round_no and sc[S_PHASE] == PLAY:
        return 1.0 / float(n)  # out of events: neither won nor lost
    won_after = sc[CHAR_WINS + SIDES * char] + sc[CHAR_WINS + SIDES * char + 1]
    return 1.0 if won_after > won_before else 0.0


@compiled_call
def search_chunk(
    ps0: np.ndarray,
    sc0: np.ndarray,
    placed0: np.ndarray,
    rf: np.ndarray,
    pw: np.ndarray,
    seat: Int,
    actions: np.ndarray,
    visits: np.ndarray,
    totals: np.ndarray,
    stream: np.ndarray,
    gains: np.ndarray,
    run_seed: np.uint64,
    first: Int,
    count: Int,
    ps: np.ndarray,
    sc: np.ndarray,
    placed: np.ndarray,
    rng: np.ndarray,
    tf: np.ndarray,
    ds: np.ndarray,
    sim: np.ndarray,
    faces: np.ndarray,
    legal: np.ndarray,
    policies: np.ndarray,
) -> None:
    """Iterations ``first .. first + count - 1``: iteration ``i`` rolls out action
    ``i mod k`` with the random stream ``i div k``, so that every action meets the same dice
    and reaction times; ``visits`` and ``totals`` gather the statistics, ``stream`` the
    values of the stream under way, and ``gains[0, a]`` / ``gains[1, a]`` the sum and the sum
    of squares of action ``a``'s value less action 0's over the streams completed."""
    k = actions.shape[0]
    for it in range(first, first + count):
        pick = it % k
        key = game_key(run_seed, np.uint64(it // k))
        value = rollout(
            ps0,
            sc0,
            placed0,
            rf,
            pw,
            seat,
            actions[pick],
            key,
            ps,
            sc,
            placed,
            rng,
            tf,
            ds,
            sim,
            faces,
            legal,
            policies,
        )
        visits[pick] += 1
        totals[pick] += value
        stream[pick] = value
        if pick == k - 1:
            for a in range(1, k):
                gain = stream[a] - stream[0]
                gains[0, a] += gain
                gains[1, a] += gain * gain


@dataclass(frozen=True, slots=True)
class Outcome:
    """A search's root: ``(action, visits, mean value)`` best first, the iterations it ran
    and the time they took, and for each action (in the order of ``stats``) how many
    standard errors its gain over the first action searched lies above 0."""

    stats: list[tuple[int, int, float]]
    iterations: int
    seconds: float
    edges: list[float]


class CompiledSearch:
    """The working arrays of one seat's searches at ``table``, reused from move to move."""

    def __init__(self, table: Table) -> None:
        self.rf, self.pw = table_rules(table)
        self.ps, self.sc, self.placed = new_state()
        self.rng = np.zeros(2, np.uint64)
        self.tf = np.zeros((T_FIELDS, SEATS), np.float64)
        self.ds = np.zeros((D_FIELDS, SEATS), np.int64)
        self.sim = np.zeros(M_FIELDS, np.float64)
        self.faces = np.zeros((SEATS, 7), np.int64)
        self.legal = np.zeros(128, np.int64)
        self.policies = np.full(SEATS, GREEDY, np.int64)

    def run(
        self,
        state: WonderdiceState,
        legal: Sequence[int],
        iterations: int,
        seconds: float | None,
        seed: int,
    ) -> Outcome:
        """Search ``state`` (a seat to act on its roll) over ``legal``: ``iterations``
        iterations, and with ``seconds`` no longer than that (checked every :data:`CHUNK`).
        The first action of ``legal`` is the reference the others' gains are measured from."""
        seat = state.roller
        ps0, sc0, placed0 = load(state)
        actions = np.asarray(legal, np.int64)
        visits = np.zeros(len(legal), np.int64)
        totals = np.zeros(len(legal), np.float64)
        stream = np.zeros(len(legal), np.float64)
        gains = np.zeros((2, len(legal)), np.float64)

        def step(first: int, count: int) -> None:
            search_chunk(
                ps0,
                sc0,
                placed0,
                self.rf,
                self.pw,
                seat,
                actions,
                visits,
                totals,
                stream,
                gains,
                np.uint64(seed),
                first,
                count,
                self.ps,
                self.sc,
                self.placed,
                self.rng,
                self.tf,
                self.ds,
                self.sim,
                self.faces,
                self.legal,
                self.policies,
            )

        done, elapsed = run_in_chunks(step, iterations, seconds, CHUNK)
        stats = [
            (int(a), int(v), float(t / v) if v else 0.0)
            for a, v, t in zip(actions, visits, totals, strict=True)
        ]
        streams = done // len(legal)
        edges = [_edge(gains[0, a], gains[1, a], streams) for a in range(len(legal))]
        ranked = sorted(range(len(legal)), key=lambda a: -stats[a][2])
        return Outcome([stats[a] for a in ranked], done, elapsed, [edges[a] for a in ranked])


def _edge(total: float, squares: float, streams: int) -> float:
    """How many standard errors an action's mean gain over action 0 lies above 0 (paired
    over ``streams`` streams; 0 without two streams or without a spread)."""
    if streams < 2:
        return 0.0
    mean = total / streams
    spread = squares / streams - mean * mean
    if spread <= 0.0:
        return 0.0 if mean == 0.0 else math.copysign(math.inf, mean)
    return mean / math.sqrt(spread / streams)
