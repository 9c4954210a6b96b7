"""The discrete-event simulation inside compiled code: whole games, batches of games.

:func:`play_game` is ``sim/wonderdice.py``'s ``_Sim`` with the driver of ``realtime.py``
folded in: every seat's next event (a roll, its planned action arriving, a free turn, a
Play Me touch) in time order on a simulated clock; roll cooldowns, one action per roll,
stale actions refused and looked at again (Q6), the simultaneity window applied by the
rules to the arrival stamps, latency and its compensation, the countdown or the host's
start of each round.  The speed model is the plain one: a roll follows the cooldown plus a
shifted log-normal reaction time times the seat's speed factor (drawn per game from a
log-normal population when the bot spec names none), a decision takes a log-normal time
that shrinks with skill.  Normal draws come from Box-Muller on the counter-based generator.

:func:`play_games` plays games ``start .. stop - 1`` of a run: game ``i`` draws every random
number from ``game_key(run seed, i)``, so results do not depend on batches or workers.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

from wonderland.compiled.jit import Int, compiled, compiled_call
from wonderland.compiled.rng import MASK64, below, game_key, normal, seed_rng
from wonderland.games.wonderdice.fast.policies import POLICIES, choose
from wonderland.games.wonderdice.fast.rules import (
    BETRAY,
    CHAR,
    CHAR_WINS,
    DEALT,
    HAND,
    LOYAL,
    MAX_GAP_MS,
    PASS,
    R_CHALLENGE,
    R_CHARACTERS,
    R_COOLDOWN,
    R_COUNTDOWN,
    R_HOST_STARTS,
    R_INPUT_DELAY,
    R_LATENCY_COMPENSATED,
    R_RANDOM_DEAL,
    R_REJECTED_CONSUMES,
    S_ADMIRING_WINS,
    S_BLOCKS,
    S_CANCELS,
    S_DECIDER,
    S_END,
    S_JABBER,
    S_MAD_WINS,
    S_N,
    S_NOW,
    S_PHASE,
    S_ROLLER,
    S_ROLLS,
    S_ROUND_MS,
    S_ROUND_NO,
    S_ROUNDS,
    S_TAKE_BACKS,
    S_WINNERS,
    SEATS,
    SERIES,
    TOUCH_ACTION,
    TOUCHED,
    WINS_A,
    WINS_M,
    apply_event,
    begin_turn,
    count_step,
    decide,
    free_turn_actions,
    madden_actions,
    new_state,
    reset,
    roll_action_allowed,
    roll_actions,
    start_game,
)
from wonderland.games.wonderdice.state import BETRAY_CHOICE, OVER, PLAY, TOUCH

REACTION_SHIFT_MS = 150.0
REACTION_MU = math.log(300.0)
REACTION_SIGMA = 0.5
DECISION_MEDIAN_MS = 350.0
DECISION_SIGMA = 0.4
POPULATION_SIGMA = 0.25
HOST_START_MU = math.log(1500.0)
HOST_START_SIGMA = 0.4
LATENCY_CAP_MS = 100
NEVER_T = math.inf
LONG_AGO = -(10**9)

# -- per-seat simulation fields: floats (``tf``) and ints (``ds``) -------------------------
T_NEXT = 0
T_FACTOR = 1
T_DECISION_MU = 2
T_TOUCH = 3
T_FIELDS = 4
D_PLAN = 0
"""The action decided on the pending roll, on its way to the table (-1: none)."""
D_PENDING = 1
D_LAST_ROLL = 2
D_LAST_CHOICE = 3
D_LATENCY = 4
D_INPUT_DELAY = 5
D_FIELDS = 6
# -- simulation scalars (``sim``, float64) ----------------------------------------------------
M_T = 0
M_OPENED = 1
M_OPEN_AT = 2
M_ROUND_SUM = 3
M_ROUND_COUNT = 4
M_STALE = 5
M_FIELDS = 6

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


@compiled
def reaction(rng: np.ndarray, tf: np.ndarray, seat: Int) -> float:
    """A right-skewed human reaction time in ms (shifted log-normal, times the factor)."""
    draw = np.exp(REACTION_MU + REACTION_SIGMA * normal(rng))
    return float((REACTION_SHIFT_MS + draw) * tf[T_FACTOR, seat])


@compiled
def decision(rng: np.ndarray, tf: np.ndarray, seat: Int) -> float:
    """Time to pick an action after seeing a roll, in ms."""
    return float(np.exp(tf[T_DECISION_MU, seat] + DECISION_SIGMA * normal(rng)))


@compiled
def stamp(sc: np.ndarray, rf: np.ndarray, ms: Int, latency: Int) -> Int:
    """The driver's time stamp of an event arriving at table time ``ms`` (``Driver.stamp``)."""
    t = ms
    if latency and rf[R_LATENCY_COMPENSATED]:
        t -= min(latency, LATENCY_CAP_MS)
    return int(max(t, sc[S_NOW]))


@compiled_call
def open_round(sc: np.ndarray, rf: np.ndarray, ds: np.ndarray, sim: np.ndarray) -> None:
    """The driver's new round (``Driver._open_round``): no pending roll, cooldowns reset,
    "Play Me!" after the countdown (or when the host calls it)."""
    for i in range(sc[S_N]):
        ds[D_PENDING, i] = 0
        ds[D_LAST_ROLL, i] = LONG_AGO
    if rf[R_HOST_STARTS]:
        sim[M_OPEN_AT] = -1.0
    else:
        sim[M_OPEN_AT] = max(np.rint(sim[M_T]), sc[S_NOW]) + rf[R_COUNTDOWN]


@compiled_call
def sim_round(
    sc: np.ndarray, rf: np.ndarray, rng: np.ndarray, tf: np.ndarray, ds: np.ndarray, sim: np.ndarray
) -> None:
    """The simulation's new round (``_Sim._new_round``): the host's call if it is awaited,
    then every seat's first roll after the cooldown and a reaction."""
    if sim[M_OPEN_AT] < 0:  # Q19 host_starts
        host = np.exp(HOST_START_MU + HOST_START_SIGMA * normal(rng))
        sim[M_T] = sim[M_T] + host * tf[T_FACTOR, 0]
        sim[M_OPEN_AT] = np.rint(sim[M_T])
    sim[M_OPENED] = sim[M_OPEN_AT]
    for i in range(sc[S_N]):
        ds[D_PLAN, i] = -1
        tf[T_NEXT, i] = sim[M_OPENED] + rf[R_COOLDOWN] + reaction(rng, tf, i)


@compiled_call
def commit(
    ps: np.ndarray,
    sc: np.ndarray,
    rf: np.ndarray,
    pw: np.ndarray,
    placed: np.ndarray,
    ds: np.ndarray,
    sim: np.ndarray,
    faces: np.ndarray,
    seat: Int,
    action: Int,
    at: Int,
    rolled: bool,
) -> bool:
    """``Driver._commit``: the event stamped ``at`` with its action, if the rules accept it
    (False: refused, nothing changed).  Free turns and touches come from the legal list."""
    gap = at - sc[S_NOW]
    gap = 0 if gap < 0 else MAX_GAP_MS if gap > MAX_GAP_MS else gap
    saved_now = sc[S_NOW]
    saved_rolls = sc[S_ROLLS]
    begin_turn(ps, sc, seat, gap)
    if rolled and not roll_action_allowed(ps, sc, rf, seat, faces[seat], action, sc[S_NOW]):
        sc[S_NOW] = saved_now
        sc[S_ROLLS] = saved_rolls
        sc[S_ROLLER] = -1
        return False
    round_no = sc[S_ROUND_NO]
    apply_event(ps, sc, rf, pw, placed, seat, action, rolled)
    if sc[S_ROUND_NO] != round_no:
        open_round(sc, rf, ds, sim)
    return True


@compiled_call
def after(
    ps: np.ndarray,
    sc: np.ndarray,
    rf: np.ndarray,
    rng: np.ndarray,
    tf: np.ndarray,
    ds: np.ndarray,
    sim: np.ndarray,
    round_no: Int,
    seat: Int,
) -> None:
    """``_Sim._after``: a round's end (its time; the next round or the touches), or the
    seat's next roll."""
    n = sc[S_N]
    phase = sc[S_PHASE]
    if phase == OVER or sc[S_ROUND_NO] != round_no or phase != PLAY:
        if sc[S_ROUNDS] > sim[M_ROUND_COUNT]:
            sim[M_ROUND_SUM] += sim[M_T] - sim[M_OPENED]
            sim[M_ROUND_COUNT] += 1
        if phase == PLAY:
            sim_round(sc, rf, rng, tf, ds, sim)
        elif phase == TOUCH:
            for i in range(n):
                tf[T_TOUCH, i] = NEVER_T if ps[TOUCHED, i] else sim[M_T] + reaction(rng, tf, i)
        return
    if seat >= 0 and ds[D_PLAN, seat] < 0:
        wait = rf[R_COOLDOWN] if ps[HAND, seat] else 0
        tf[T_NEXT, seat] = sim[M_T] + wait + reaction(rng, tf, seat)


@compiled_call
def decide_roll(
    ps: np.ndarray,
    sc: np.ndarray,
    rf: np.ndarray,
    pw: np.ndarray,
    placed: np.ndarray,
    rng: np.ndarray,
    tf: np.ndarray,
    ds: np.ndarray,
    sim: np.ndarray,
    faces: np.ndarray,
    legal: np.ndarray,
    policies: np.ndarray,
    seat: Int,
    ms: Int,
    retry: bool,
) -> None:
    """``_Sim._decide_roll``: pick the roll's action; a pass goes at once, anything else
    arrives after the decision time and the input delay."""
    k = roll_actions(ps, sc, rf, seat, faces[seat], ms, legal)
    action = legal[0]
    if k > 1:
        action = choose(policies[seat], ps, sc, rf, rng, legal, k)
        if retry and action == ds[D_LAST_CHOICE, seat]:
            action = PASS  # the same choice was just refused: let this roll go
    ds[D_LAST_CHOICE, seat] = action
    if action == PASS:
        round_no = sc[S_ROUND_NO]
        commit(ps, sc, rf, pw, placed, ds, sim, faces, seat, PASS, stamp(sc, rf, ms, 0), True)
        ds[D_PENDING, seat] = 0
        after(ps, sc, rf, rng, tf, ds, sim, round_no, seat)
        return
    ds[D_PLAN, seat] = action
    tf[T_NEXT, seat] = sim[M_T] + decision(rng, tf, seat) + ds[D_INPUT_DELAY, seat]


@compiled
def earliest(rng: np.ndarray, times: np.ndarray, n: Int) -> Int:
    """The seat whose time comes first; exact ties broken at random (Q8)."""
    best = NEVER_T
    first = -1
    tied = 1
    for i in range(n):
        t = times[i]
        if t < best:
            best = t
            first = i
            tied = 1
        elif t == best:
            tied += 1
    if tied == 1:
        return first
    pick = below(rng, tied)
    for i in range(n):
        if times[i] == best:
            if pick == 0:
                return i
            pick -= 1
    return first


@compiled_call
def play_event(
    ps: np.ndarray,
    sc: np.ndarray,
    rf: np.ndarray,
    pw: np.ndarray,
    placed: np.ndarray,
    rng: np.ndarray,
    tf: np.ndarray,
    ds: np.ndarray,
    sim: np.ndarray,
    faces: np.ndarray,
    legal: np.ndarray,
    policies: np.ndarray,
) -> None:
    """One event of ``_Sim._play``: the seat whose next event comes first acts."""
    n = sc[S_N]
    seat = earliest(rng, tf[T_NEXT], n)
    t = tf[T_NEXT, seat]
    sim[M_T] = t
    ms = np.int64(np.rint(t))
    round_no = sc[S_ROUND_NO]
    planned = ds[D_PLAN, seat]
    latency = ds[D_LATENCY, seat]
    if planned >= 0:
        ds[D_PLAN, seat] = -1
        at = stamp(sc, rf, ms, latency)
        if commit(ps, sc, rf, pw, placed, ds, sim, faces, seat, planned, at, True):
            ds[D_PENDING, seat] = 0
        else:
            if rf[R_REJECTED_CONSUMES] and sc[S_PHASE] == PLAY:  # the roll is spent (Q6)
                ds[D_PENDING, seat] = 0
                lapse_at = stamp(sc, rf, ms, 0)
                commit(ps, sc, rf, pw, placed, ds, sim, faces, seat, PASS, lapse_at, True)
            sim[M_STALE] += 1
            if ds[D_PENDING, seat]:  # Q6: stale; look again
                decide_roll(
                    ps, sc, rf, pw, placed, rng, tf, ds, sim, faces, legal, policies, seat, ms, True
                )
                return
    elif ps[HAND, seat]:
        wait = max(0, sim[M_OPEN_AT] - ms, ds[D_LAST_ROLL, seat] + rf[R_COOLDOWN] - ms)
        if wait:  # RT2: the hand filled up again before the cooldown ran out
            tf[T_NEXT, seat] = t + wait
            return
        if ds[D_PENDING, seat]:  # RT3: an unused roll lapses
            ds[D_PENDING, seat] = 0
            commit(ps, sc, rf, pw, placed, ds, sim, faces, seat, PASS, stamp(sc, rf, ms, 0), True)
        f = faces[seat]
        f[:] = 0
        for _ in range(ps[HAND, seat]):
            f[below(rng, 6) + 1] += 1
        ds[D_PENDING, seat] = 1
        ds[D_LAST_ROLL, seat] = ms
        decide_roll(
            ps, sc, rf, pw, placed, rng, tf, ds, sim, faces, legal, policies, seat, ms, False
        )
        return
    else:
        k = free_turn_actions(ps, sc, rf, placed, seat, legal)
        action = choose(policies[seat], ps, sc, rf, rng, legal, k)
        at = stamp(sc, rf, ms, latency)
        commit(ps, sc, rf, pw, placed, ds, sim, faces, seat, action, at, False)
    if sc[S_ROUND_NO] == round_no and sc[S_PHASE] == PLAY:
        if ds[D_PLAN, seat] < 0:
            wait = rf[R_COOLDOWN] if ps[HAND, seat] else 0  # touching needs no roll
            tf[T_NEXT, seat] = t + wait + reaction(rng, tf, seat)
    else:
        after(ps, sc, rf, rng, tf, ds, sim, round_no, seat)


@compiled
def set_pace(
    rf: np.ndarray,
    tf: np.ndarray,
    ds: np.ndarray,
    seat: Int,
    factor: float,
    skill: float,
    latency: Int,
) -> None:
    """A seat's pace for a game: its speed factor, decision skill and latency (the input
    delay at least the latency), no touch to come and no choice refused yet."""
    tf[T_FACTOR, seat] = factor
    tf[T_DECISION_MU, seat] = np.log(DECISION_MEDIAN_MS / skill)
    tf[T_TOUCH, seat] = NEVER_T
    ds[D_LATENCY, seat] = latency
    ds[D_INPUT_DELAY, seat] = max(latency, rf[R_INPUT_DELAY])
    ds[D_LAST_CHOICE, seat] = -1


@compiled_call
def play_game(
    ps: np.ndarray,
    sc: np.ndarray,
    placed: np.ndarray,
    rf: np.ndarray,
    pw: np.ndarray,
    rng: np.ndarray,
    tf: np.ndarray,
    ds: np.ndarray,
    sim: np.ndarray,
    faces: np.ndarray,
    legal: np.ndarray,
    n: Int,
    policies: np.ndarray,
    speed: np.ndarray,
    key: np.uint64,
) -> None:
    """One whole simulated game; seat ``p`` follows ``policies[p]`` with the speed options
    ``speed[:, p]`` (factor, 0: drawn; skill; latency in ms)."""
    seed_rng(rng, key)
    reset(ps, sc, n)
    characters = rf[R_CHARACTERS]
    for c in range(characters):
        legal[c] = c
    for i in range(n):  # D10: a uniform deal of distinct characters, or in content order
        if rf[R_RANDOM_DEAL]:
            j = i + below(rng, characters - i)
            legal[i], legal[j] = legal[j], legal[i]
        ps[CHAR, i] = legal[i]
        ps[DEALT, i] = legal[i]
    start_game(ps, sc, pw)
    count_step(sc, rf)
    for i in range(n):
        factor = speed[0, i]
        if factor <= 0:
            factor = np.exp(POPULATION_SIGMA * normal(rng))
        set_pace(rf, tf, ds, i, factor, speed[1, i], np.int64(speed[2, i]))
    sim[:] = 0.0
    open_round(sc, rf, ds, sim)
    sim_round(sc, rf, rng, tf, ds, sim)
    while True:
        phase = sc[S_PHASE]
        if phase == PLAY:
            play_event(ps, sc, rf, pw, placed, rng, tf, ds, sim, faces, legal, policies)
        elif phase == TOUCH:
            seat = earliest(rng, tf[T_TOUCH], n)
            sim[M_T] = tf[T_TOUCH, seat]
            tf[T_TOUCH, seat] = NEVER_T
            round_no = sc[S_ROUND_NO]
            at = stamp(sc, rf, np.int64(np.rint(sim[M_T])), ds[D_LATENCY, seat])
            commit(ps, sc, rf, pw, placed, ds, sim, faces, seat, TOUCH_ACTION, at, False)
            after(ps, sc, rf, rng, tf, ds, sim, round_no, -1)
        elif phase == OVER:
            return
        else:  # betrayal or the Jabberwocky's victim
            seat = sc[S_DECIDER]
            sim[M_T] = sim[M_T] + decision(rng, tf, seat)
            if phase == BETRAY_CHOICE:
                legal[0] = BETRAY
                legal[1] = LOYAL
                k = 2
            else:
                k = int(madden_actions(ps, sc, legal))
            action = choose(policies[seat], ps, sc, rf, rng, legal, k)
            round_no = sc[S_ROUND_NO]
            decide(ps, sc, rf, pw, seat, action)
            count_step(sc, rf)
            if sc[S_ROUND_NO] != round_no:
                open_round(sc, rf, ds, sim)
            after(ps, sc, rf, rng, tf, ds, sim, -1, -1)


@compiled_call
def play_batch(
    rf: np.ndarray,
    pw: np.ndarray,
    policies: np.ndarray,
    speed: np.ndarray,
    rotate: bool,
    run_seed: np.uint64,
    first: Int,
    gi: np.ndarray,
    gf: np.ndarray,
    gp: np.ndarray,
    factors: np.ndarray,
    keys: np.ndarray,
    ps: np.ndarray,
    sc: np.ndarray,
    placed: np.ndarray,
    rng: np.ndarray,
    tf: np.ndarray,
    ds: np.ndarray,
    sim: np.ndarray,
    faces: np.ndarray,
    legal: np.ndarray,
    seats: np.ndarray,
    seat_speed: np.ndarray,
) -> None:
    """Play games ``first .. first + len(keys) - 1`` into the result arrays (row per game):
    ``gi`` the ``G_*`` figures, ``gf`` the ``F_*`` times, ``gp[g, p]`` the ``P_*`` figures
    of seat ``p``, ``factors`` each seat's speed factor.  Policies and speed options are by
    seat; with ``rotate`` game ``i`` shifts them by ``i % n`` seats.  Everything after
    ``keys`` is working space (the compiled code allocates nothing)."""
    n = policies.shape[0]
    for g in range(keys.shape[0]):
        index = first + g
        shift = index % n if rotate else 0
        for p in range(n):
            seat = (p + shift) % n
            seats[p] = policies[seat]
            for j in range(3):
                seat_speed[j, p] = speed[j, seat]
        key = game_key(run_seed, np.uint64(index))
        play_game(ps, sc, placed, rf, pw, rng, tf, ds, sim, faces, legal, n, seats, seat_speed, key)
        keys[g] = key
        gi[g, G_ROLLS] = sc[S_ROLLS]
        gi[g, G_ROUNDS] = sc[S_ROUNDS]
        gi[g, G_BLOCKS] = sc[S_BLOCKS]
        gi[g, G_CANCELS] = sc[S_CANCELS]
        gi[g, G_TAKE_BACKS] = sc[S_TAKE_BACKS]
        gi[g, G_STALE] = np.int64(sim[M_STALE])
        gi[g, G_ADMIRING_WINS] = sc[S_ADMIRING_WINS]
        gi[g, G_MAD_WINS] = sc[S_MAD_WINS]
        gi[g, G_END] = sc[S_END]
        gi[g, G_JABBER] = sc[S_JABBER]
        gi[g, G_WINNERS] = sc[S_WINNERS]
        gi[g, G_ROUND_MS] = sc[S_ROUND_MS]
        gf[g, F_GAME_MS] = sim[M_T]
        gf[g, F_ROUND_MS] = sim[M_ROUND_SUM]
        gf[g, F_ROUND_COUNT] = sim[M_ROUND_COUNT]
        for p in range(n):
            c = ps[DEALT, p]
            gp[g, p, P_SCORE] = ps[SERIES, p] if rf[R_CHALLENGE] else ps[WINS_A, p] + ps[WINS_M, p]
            gp[g, p, P_CHARACTER] = c
            gp[g, p, P_ADMIRING_WINS] = sc[CHAR_WINS + 2 * c]
            gp[g, p, P_MAD_WINS] = sc[CHAR_WINS + 2 * c + 1]
            factors[g, p] = tf[T_FACTOR, p]


@dataclass(frozen=True, slots=True)
class Batch:
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


BATCH = 10_000
"""Games per compiled call in :func:`play_games`."""


def policy_ids(names: Sequence[str]) -> np.ndarray:
    """Compiled policy ids of bot names (ValueError for a name without a compiled policy)."""
    unknown = [name for name in names if name not in POLICIES]
    if unknown:
        choices = ", ".join(sorted(POLICIES))
        raise ValueError(f"no compiled policy {unknown[0]!r}; choose from: {choices}")
    return np.array([POLICIES[name] for name in names], dtype=np.int64)


@dataclass(frozen=True, slots=True)
class Setup:
    """What a batch needs besides the seed: rules, powers, policies and speed options."""

    rules: np.ndarray
    powers: np.ndarray
    policies: np.ndarray
    speed: np.ndarray
    """float64[3, n]: speed factor (0: drawn per game), skill and latency by seat."""


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
    ps, sc, placed = new_state()
    run_seed = np.uint64(seed & MASK64)
    for low in range(0, games, BATCH):
        high = min(games, low + BATCH)
        play_batch(
            setup.rules,
            setup.powers,
            setup.policies,
            setup.speed,
            rotate,
            run_seed,
            start + low,
            batch.figures[low:high],
            batch.times[low:high],
            batch.seats[low:high],
            batch.factors[low:high],
            batch.keys[low:high],
            ps,
            sc,
            placed,
            np.zeros(2, np.uint64),
            np.zeros((T_FIELDS, SEATS), np.float64),
            np.zeros((D_FIELDS, SEATS), np.int64),
            np.zeros(M_FIELDS, np.float64),
            np.zeros((SEATS, 7), np.int64),
            np.zeros(128, np.int64),
            np.zeros(n, np.int64),
            np.zeros((3, n), np.float64),
        )
    return batch
