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
from typing import NamedTuple

import numpy as np

from wonderland.compiled.budget import run_in_chunks
from wonderland.compiled.jit import Int, compiled, compiled_call
from wonderland.compiled.rng import below, game_key, seed_rng
from wonderland.games.wonderdice.fast.bridge import load, table_rules
from wonderland.games.wonderdice.fast.layout import (
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
    Rules,
    State,
    copy_state,
    new_state,
)
from wonderland.games.wonderdice.fast.policies import GREEDY
from wonderland.games.wonderdice.fast.rules import apply_event
from wonderland.games.wonderdice.fast.runner import (
    D_LAST_ROLL,
    D_PENDING,
    D_PLAN,
    M_OPEN_AT,
    M_OPENED,
    M_T,
    T_NEXT,
    Sim,
    new_sim,
    play_on,
    reaction,
    set_pace,
)
from wonderland.games.wonderdice.state import OVER, PLAY, SIDES, Table, WonderdiceState

CHUNK = 64
"""Iterations per compiled call under a time budget (about a millisecond or two)."""
MAX_EVENTS = 4000
"""Events a rollout plays at most (a round that runs longer is valued as a draw)."""


class Root(NamedTuple):
    """Where a search starts: the state, the table's rules and the seat to act on its roll."""

    state: State
    rules: Rules
    seat: int


class Tally(NamedTuple):
    """A search's statistics by root action (the order of ``actions``)."""

    actions: np.ndarray
    """int64[k]: the roll's actions searched."""
    visits: np.ndarray
    """int64[k]: rollouts of each action."""
    totals: np.ndarray
    """float64[k]: the sum of each action's values."""
    stream: np.ndarray
    """float64[k]: each action's value in the random stream under way."""
    gains: np.ndarray
    """float64[2, k]: the sum and the sum of squares of each action's value less action 0's
    over the streams completed."""


@compiled
def start_rollout(root: Root, state: State, sim: Sim, action: Int, key: np.uint64) -> None:
    """``state`` is the root's with ``action`` played on the seat's roll; every seat at speed
    1, the seat's next roll after the cooldown and every other seat's somewhere in its own
    cooldown."""
    copy_state(root.state, state)
    seed_rng(sim.rng, key)
    seat = root.seat
    apply_event(state, root.rules, seat, action, True)
    now = state.sc[S_NOW]
    cooldown = root.rules.rf[R_COOLDOWN]
    tf, ds, clock = sim.tf, sim.ds, sim.clock
    clock[:] = 0.0
    clock[M_T] = now
    clock[M_OPENED] = now
    clock[M_OPEN_AT] = now
    for i in range(state.sc[S_N]):
        set_pace(root.rules, sim, i, 1.0, 1.0, 0)
        ds[D_PLAN, i] = -1
        ds[D_PENDING, i] = 0
        if i == seat:  # it has just rolled: its next roll waits for the cooldown
            ds[D_LAST_ROLL, i] = now
            wait = cooldown if state.ps[HAND, i] else 0
            tf[T_NEXT, i] = now + wait + reaction(sim, i)
        else:  # somewhere in its own cooldown, its next roll to come
            ds[D_LAST_ROLL, i] = now - below(sim.rng, cooldown + 1)
            tf[T_NEXT, i] = now + reaction(sim, i)


@compiled
def round_won(state: State, seat: Int, char: Int, round_no: Int, won_before: Int) -> float:
    """The value of a rollout's end for ``seat`` (dealt character ``char`` at the root, which
    had won ``won_before`` rounds): 1 when it won the round, 0 when another seat did, a share
    when the game ended shared or the round is still under way."""
    sc = state.sc
    n = sc[S_N]
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
    return 1.0 if character_wins(state, char) > won_before else 0.0


@compiled
def character_wins(state: State, char: Int) -> Int:
    """The round wins of character ``char`` on both sides."""
    return int(state.sc[CHAR_WINS + SIDES * char] + state.sc[CHAR_WINS + SIDES * char + 1])


@compiled_call
def rollout(root: Root, state: State, sim: Sim, action: Int, key: np.uint64) -> float:
    """The root's seat plays ``action`` on its roll, then every seat plays on by ``greedy``
    at speed 1 until the round ends (the runner's event loop): 1 when the seat won it, 0 when
    another did, a share when the game ended shared or the rollout ran out of events."""
    char = root.state.ps[CHAR, root.seat]
    won_before = character_wins(root.state, char)
    round_no = root.state.sc[S_ROUND_NO]
    start_rollout(root, state, sim, action, key)
    play_on(state, root.rules, sim, round_no, MAX_EVENTS)
    return round_won(state, root.seat, char, round_no, won_before)


@compiled_call
def search_chunk(
    root: Root, tally: Tally, run_seed: np.uint64, first: Int, count: Int, state: State, sim: Sim
) -> None:
    """Iterations ``first .. first + count - 1``: iteration ``i`` rolls out action
    ``i mod k`` with the random stream ``i div k``, so that every action meets the same dice
    and reaction times; ``tally`` gathers the statistics."""
    k = tally.actions.shape[0]
    for it in range(first, first + count):
        pick = it % k
        key = game_key(run_seed, np.uint64(it // k))
        value = rollout(root, state, sim, tally.actions[pick], key)
        tally.visits[pick] += 1
        tally.totals[pick] += value
        tally.stream[pick] = value
        if pick == k - 1:
            for a in range(1, k):
                gain = tally.stream[a] - tally.stream[0]
                tally.gains[0, a] += gain
                tally.gains[1, a] += gain * gain


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
        self.rules = table_rules(table)
        self.state = new_state()
        self.sim = new_sim(np.full(SEATS, GREEDY, np.int64))

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
        root = Root(load(state), self.rules, state.roller)
        k = len(legal)
        tally = Tally(
            actions=np.asarray(legal, np.int64),
            visits=np.zeros(k, np.int64),
            totals=np.zeros(k, np.float64),
            stream=np.zeros(k, np.float64),
            gains=np.zeros((2, k), np.float64),
        )

        def step(first: int, count: int) -> None:
            search_chunk(root, tally, np.uint64(seed), first, count, self.state, self.sim)

        done, elapsed = run_in_chunks(step, iterations, seconds, CHUNK)
        stats = [
            (int(a), int(v), float(t / v) if v else 0.0)
            for a, v, t in zip(tally.actions, tally.visits, tally.totals, strict=True)
        ]
        streams = done // k
        gains = tally.gains
        edges = [_edge(gains[0, a], gains[1, a], streams) for a in range(k)]
        ranked = sorted(range(k), key=lambda a: -stats[a][2])
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
