"""The discrete-event simulation inside compiled code: the event loop and whole games.

:func:`play_game` is ``sim/wonderdice.py``'s ``_Sim`` with the driver of ``realtime.py``
folded in: every seat's next event (a roll, its planned action arriving, a free turn, a
Play Me touch) in time order on a simulated clock; roll cooldowns, one action per roll,
stale actions refused and looked at again (Q6), the simultaneity window applied by the
rules to the arrival stamps, latency and its compensation, the countdown or the host's
start of each round.  The speed model is the plain one: a roll follows the cooldown plus a
shifted log-normal reaction time times the seat's speed factor (drawn per game from a
log-normal population when the bot spec names none), a decision takes a log-normal time
that shrinks with skill.  Normal draws come from Box-Muller on the counter-based generator.

A game's arrays travel in three bundles: its state and the table's rules (``layout.py``) and
the simulation's working arrays (:class:`Sim`).  :func:`play_on` is the event loop, which the
search's rollouts (``search.py``) run too, to the end of a round; batches of games are
``batch.py``'s.
"""

from __future__ import annotations

import math
from typing import NamedTuple

import numpy as np

from wonderland.compiled.jit import Int, compiled, compiled_call
from wonderland.compiled.rng import below, normal, seed_rng
from wonderland.games.wonderdice.fast.layout import (
    BETRAY,
    CHAR,
    DEALT,
    HAND,
    LOYAL,
    MAX_GAP_MS,
    PASS,
    R_CHARACTERS,
    R_COOLDOWN,
    R_COUNTDOWN,
    R_HOST_STARTS,
    R_INPUT_DELAY,
    R_LATENCY_COMPENSATED,
    R_RANDOM_DEAL,
    R_REJECTED_CONSUMES,
    S_DECIDER,
    S_N,
    S_NOW,
    S_PHASE,
    S_ROLLER,
    S_ROLLS,
    S_ROUND_NO,
    S_ROUNDS,
    SEATS,
    TOUCH_ACTION,
    TOUCHED,
    Rules,
    State,
)
from wonderland.games.wonderdice.fast.legality import (
    free_turn_actions,
    madden_actions,
    roll_action_allowed,
    roll_actions,
)
from wonderland.games.wonderdice.fast.policies import choose
from wonderland.games.wonderdice.fast.rules import (
    apply_event,
    begin_turn,
    count_step,
    decide,
    reset,
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

# -- per-seat simulation fields: floats (``Sim.tf``) and ints (``Sim.ds``) -------------------------
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
# -- simulation scalars (``Sim.clock``, float64) ----------------------------------------------
M_T = 0
M_OPENED = 1
M_OPEN_AT = 2
M_ROUND_SUM = 3
M_ROUND_COUNT = 4
M_STALE = 5
M_FIELDS = 6

NO_LIMIT = 1 << 62
"""More events than any game plays (:func:`play_on` without a limit)."""


class Sim(NamedTuple):
    """The simulation's working arrays besides the game's state (the compiled code allocates
    nothing)."""

    rng: np.ndarray
    """uint64[2]: the random generator."""
    tf: np.ndarray
    """float64[T_FIELDS, SEATS]: each seat's times and pace (the ``T_*`` rows)."""
    ds: np.ndarray
    """int64[D_FIELDS, SEATS]: each seat's plan, pending roll and delays (the ``D_*`` rows)."""
    clock: np.ndarray
    """float64[M_FIELDS]: the simulated clock and the round times (the ``M_*`` indices)."""
    faces: np.ndarray
    """int64[SEATS, 7]: each seat's roll, counts per face."""
    legal: np.ndarray
    """int64[128]: the legal actions being chosen from."""
    policies: np.ndarray
    """int64[n]: each seat's compiled policy."""
    speed: np.ndarray
    """float64[3, n]: each seat's speed options (factor, 0: drawn; skill; latency in ms)."""


def new_sim(policies: np.ndarray) -> Sim:
    """Fresh working arrays for seats that follow ``policies``."""
    return Sim(
        rng=np.zeros(2, np.uint64),
        tf=np.zeros((T_FIELDS, SEATS), np.float64),
        ds=np.zeros((D_FIELDS, SEATS), np.int64),
        clock=np.zeros(M_FIELDS, np.float64),
        faces=np.zeros((SEATS, 7), np.int64),
        legal=np.zeros(128, np.int64),
        policies=policies.copy(),
        speed=np.zeros((3, policies.shape[0]), np.float64),
    )


@compiled
def reaction(sim: Sim, seat: Int) -> float:
    """A right-skewed human reaction time in ms (shifted log-normal, times the factor)."""
    draw = np.exp(REACTION_MU + REACTION_SIGMA * normal(sim.rng))
    return float((REACTION_SHIFT_MS + draw) * sim.tf[T_FACTOR, seat])


@compiled
def decision(sim: Sim, seat: Int) -> float:
    """Time to pick an action after seeing a roll, in ms."""
    return float(np.exp(sim.tf[T_DECISION_MU, seat] + DECISION_SIGMA * normal(sim.rng)))


@compiled
def stamp(state: State, rules: Rules, ms: Int, latency: Int) -> Int:
    """The driver's time stamp of an event arriving at table time ``ms`` (``Driver.stamp``)."""
    t = ms
    if latency and rules.rf[R_LATENCY_COMPENSATED]:
        t -= min(latency, LATENCY_CAP_MS)
    return int(max(t, state.sc[S_NOW]))


@compiled_call
def open_round(state: State, rules: Rules, sim: Sim) -> None:
    """The driver's new round (``Driver._open_round``): no pending roll, cooldowns reset,
    "Play Me!" after the countdown (or when the host calls it)."""
    sc, rf, ds, clock = state.sc, rules.rf, sim.ds, sim.clock
    for i in range(sc[S_N]):
        ds[D_PENDING, i] = 0
        ds[D_LAST_ROLL, i] = LONG_AGO
    if rf[R_HOST_STARTS]:
        clock[M_OPEN_AT] = -1.0
    else:
        clock[M_OPEN_AT] = max(np.rint(clock[M_T]), sc[S_NOW]) + rf[R_COUNTDOWN]


@compiled_call
def sim_round(state: State, rules: Rules, sim: Sim) -> None:
    """The simulation's new round (``_Sim._new_round``): the host's call if it is awaited,
    then every seat's first roll after the cooldown and a reaction."""
    tf, clock = sim.tf, sim.clock
    if clock[M_OPEN_AT] < 0:  # Q19 host_starts
        host = np.exp(HOST_START_MU + HOST_START_SIGMA * normal(sim.rng))
        clock[M_T] = clock[M_T] + host * tf[T_FACTOR, 0]
        clock[M_OPEN_AT] = np.rint(clock[M_T])
    clock[M_OPENED] = clock[M_OPEN_AT]
    for i in range(state.sc[S_N]):
        sim.ds[D_PLAN, i] = -1
        tf[T_NEXT, i] = clock[M_OPENED] + rules.rf[R_COOLDOWN] + reaction(sim, i)


@compiled
def commit(
    state: State, rules: Rules, sim: Sim, seat: Int, action: Int, at: Int, rolled: bool
) -> bool:
    """``Driver._commit``: the event stamped ``at`` with its action, if the rules accept it
    (False: refused, nothing changed).  Free turns and touches come from the legal list."""
    sc = state.sc
    gap = at - sc[S_NOW]
    gap = 0 if gap < 0 else MAX_GAP_MS if gap > MAX_GAP_MS else gap
    saved_now = sc[S_NOW]
    saved_rolls = sc[S_ROLLS]
    begin_turn(state, seat, gap)
    if rolled and not roll_action_allowed(state, rules, seat, sim.faces[seat], action, sc[S_NOW]):
        sc[S_NOW] = saved_now
        sc[S_ROLLS] = saved_rolls
        sc[S_ROLLER] = -1
        return False
    round_no = sc[S_ROUND_NO]
    apply_event(state, rules, seat, action, rolled)
    if sc[S_ROUND_NO] != round_no:
        open_round(state, rules, sim)
    return True


@compiled
def lapse(state: State, rules: Rules, sim: Sim, seat: Int, ms: Int) -> None:
    """``seat``'s pending roll goes unused: a pass stamped ``ms``."""
    sim.ds[D_PENDING, seat] = 0
    commit(state, rules, sim, seat, PASS, stamp(state, rules, ms, 0), True)


@compiled
def after(state: State, rules: Rules, sim: Sim, round_no: Int, seat: Int) -> None:
    """``_Sim._after``: a round's end (its time; the next round or the touches), or the
    seat's next roll."""
    ps, sc = state.ps, state.sc
    tf, clock = sim.tf, sim.clock
    phase = sc[S_PHASE]
    if phase == OVER or sc[S_ROUND_NO] != round_no or phase != PLAY:
        if sc[S_ROUNDS] > clock[M_ROUND_COUNT]:
            clock[M_ROUND_SUM] += clock[M_T] - clock[M_OPENED]
            clock[M_ROUND_COUNT] += 1
        if phase == PLAY:
            sim_round(state, rules, sim)
        elif phase == TOUCH:
            for i in range(sc[S_N]):
                tf[T_TOUCH, i] = NEVER_T if ps[TOUCHED, i] else clock[M_T] + reaction(sim, i)
        return
    if seat >= 0 and sim.ds[D_PLAN, seat] < 0:
        wait = rules.rf[R_COOLDOWN] if ps[HAND, seat] else 0
        tf[T_NEXT, seat] = clock[M_T] + wait + reaction(sim, seat)


@compiled_call
def decide_roll(state: State, rules: Rules, sim: Sim, seat: Int, ms: Int, retry: bool) -> None:
    """``_Sim._decide_roll``: pick the roll's action; a pass goes at once, anything else
    arrives after the decision time and the input delay."""
    ds, legal = sim.ds, sim.legal
    k = roll_actions(state, rules, seat, sim.faces[seat], ms, legal)
    action = legal[0]
    if k > 1:
        action = choose(sim.policies[seat], state, rules, sim.rng, legal, k)
        if retry and action == ds[D_LAST_CHOICE, seat]:
            action = PASS  # the same choice was just refused: let this roll go
    ds[D_LAST_CHOICE, seat] = action
    if action == PASS:
        round_no = state.sc[S_ROUND_NO]
        lapse(state, rules, sim, seat, ms)
        after(state, rules, sim, round_no, seat)
        return
    ds[D_PLAN, seat] = action
    sim.tf[T_NEXT, seat] = sim.clock[M_T] + decision(sim, seat) + ds[D_INPUT_DELAY, seat]


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


@compiled
def arrive(state: State, rules: Rules, sim: Sim, seat: Int, ms: Int) -> bool:
    """``seat``'s planned action arrives at ``ms``; refused, the roll lapses (Q6) or is looked
    at again.  Whether the seat's event is over (its roll decided again)."""
    ds = sim.ds
    planned = ds[D_PLAN, seat]
    ds[D_PLAN, seat] = -1
    if commit(state, rules, sim, seat, planned, stamp(state, rules, ms, ds[D_LATENCY, seat]), True):
        ds[D_PENDING, seat] = 0
        return False
    if rules.rf[R_REJECTED_CONSUMES] and state.sc[S_PHASE] == PLAY:  # the roll is spent (Q6)
        lapse(state, rules, sim, seat, ms)
    sim.clock[M_STALE] += 1
    if ds[D_PENDING, seat]:  # Q6: stale; look again
        decide_roll(state, rules, sim, seat, ms, True)
        return True
    return False


@compiled
def roll(state: State, rules: Rules, sim: Sim, seat: Int, ms: Int) -> None:
    """``seat`` rolls the dice in its hand at ``ms`` (an unused roll lapses) and decides."""
    ds = sim.ds
    if ds[D_PENDING, seat]:  # RT3: an unused roll lapses
        lapse(state, rules, sim, seat, ms)
    f = sim.faces[seat]
    f[:] = 0
    for _ in range(state.ps[HAND, seat]):
        f[below(sim.rng, 6) + 1] += 1
    ds[D_PENDING, seat] = 1
    ds[D_LAST_ROLL, seat] = ms
    decide_roll(state, rules, sim, seat, ms, False)


@compiled_call
def play_event(state: State, rules: Rules, sim: Sim) -> None:
    """One event of ``_Sim._play``: the seat whose next event comes first acts."""
    ps, sc = state.ps, state.sc
    tf, ds, clock = sim.tf, sim.ds, sim.clock
    seat = earliest(sim.rng, tf[T_NEXT], sc[S_N])
    t = tf[T_NEXT, seat]
    clock[M_T] = t
    ms = np.int64(np.rint(t))
    round_no = sc[S_ROUND_NO]
    if ds[D_PLAN, seat] >= 0:
        if arrive(state, rules, sim, seat, ms):
            return
    elif ps[HAND, seat]:
        wait = max(0, clock[M_OPEN_AT] - ms, ds[D_LAST_ROLL, seat] + rules.rf[R_COOLDOWN] - ms)
        if wait:  # RT2: the hand filled up again before the cooldown ran out
            tf[T_NEXT, seat] = t + wait
            return
        roll(state, rules, sim, seat, ms)
        return
    else:
        k = free_turn_actions(state, rules, seat, sim.legal)
        action = choose(sim.policies[seat], state, rules, sim.rng, sim.legal, k)
        at = stamp(state, rules, ms, ds[D_LATENCY, seat])
        commit(state, rules, sim, seat, action, at, False)
    if sc[S_ROUND_NO] == round_no and sc[S_PHASE] == PLAY:
        if ds[D_PLAN, seat] < 0:
            wait = rules.rf[R_COOLDOWN] if ps[HAND, seat] else 0  # touching needs no roll
            tf[T_NEXT, seat] = t + wait + reaction(sim, seat)
    else:
        after(state, rules, sim, round_no, seat)


@compiled
def touch_event(state: State, rules: Rules, sim: Sim) -> None:
    """Play Me: the seat whose touch comes first touches the token."""
    tf, clock = sim.tf, sim.clock
    seat = earliest(sim.rng, tf[T_TOUCH], state.sc[S_N])
    clock[M_T] = tf[T_TOUCH, seat]
    tf[T_TOUCH, seat] = NEVER_T
    round_no = state.sc[S_ROUND_NO]
    at = stamp(state, rules, np.int64(np.rint(clock[M_T])), sim.ds[D_LATENCY, seat])
    commit(state, rules, sim, seat, TOUCH_ACTION, at, False)
    after(state, rules, sim, round_no, -1)


@compiled
def decision_event(state: State, rules: Rules, sim: Sim) -> None:
    """Between rounds: the seat to decide betrays or not, or names the Jabberwocky's
    victim, after its decision time."""
    sc, legal = state.sc, sim.legal
    seat = sc[S_DECIDER]
    sim.clock[M_T] = sim.clock[M_T] + decision(sim, seat)
    if sc[S_PHASE] == BETRAY_CHOICE:
        legal[0] = BETRAY
        legal[1] = LOYAL
        k = 2
    else:
        k = int(madden_actions(state, legal))
    action = choose(sim.policies[seat], state, rules, sim.rng, legal, k)
    round_no = sc[S_ROUND_NO]
    decide(state, rules, seat, action)
    count_step(state, rules)
    if sc[S_ROUND_NO] != round_no:
        open_round(state, rules, sim)
    after(state, rules, sim, -1, -1)


@compiled
def play_on(state: State, rules: Rules, sim: Sim, round_no: Int, limit: Int) -> Int:
    """The event loop: events in time order until the game is over or, with ``round_no``
    0 or more, until the play of round ``round_no`` ends; at most ``limit`` events.
    Returns the events played."""
    sc = state.sc
    events = 0
    while events < limit:
        phase = sc[S_PHASE]
        if phase == OVER or (round_no >= 0 and (phase != PLAY or sc[S_ROUND_NO] != round_no)):
            break
        if phase == PLAY:
            play_event(state, rules, sim)
        elif phase == TOUCH:
            touch_event(state, rules, sim)
        else:  # betrayal or the Jabberwocky's victim
            decision_event(state, rules, sim)
        events += 1
    return events


@compiled
def set_pace(rules: Rules, sim: Sim, seat: Int, factor: float, skill: float, latency: Int) -> None:
    """A seat's pace for a game: its speed factor, decision skill and latency (the input
    delay at least the latency), no touch to come and no choice refused yet."""
    tf, ds = sim.tf, sim.ds
    tf[T_FACTOR, seat] = factor
    tf[T_DECISION_MU, seat] = np.log(DECISION_MEDIAN_MS / skill)
    tf[T_TOUCH, seat] = NEVER_T
    ds[D_LATENCY, seat] = latency
    ds[D_INPUT_DELAY, seat] = max(latency, rules.rf[R_INPUT_DELAY])
    ds[D_LAST_CHOICE, seat] = -1


@compiled
def deal_and_pace(state: State, rules: Rules, sim: Sim, n: Int) -> None:
    """D10: a uniform deal of distinct characters (or in content order), the first round,
    and every seat's pace (a factor of 0 drawn from the population)."""
    ps, legal, speed = state.ps, sim.legal, sim.speed
    characters = rules.rf[R_CHARACTERS]
    for c in range(characters):
        legal[c] = c
    for i in range(n):
        if rules.rf[R_RANDOM_DEAL]:
            j = i + below(sim.rng, characters - i)
            legal[i], legal[j] = legal[j], legal[i]
        ps[CHAR, i] = legal[i]
        ps[DEALT, i] = legal[i]
    start_game(state, rules)
    count_step(state, rules)
    for i in range(n):
        factor = speed[0, i]
        if factor <= 0:
            factor = np.exp(POPULATION_SIGMA * normal(sim.rng))
        set_pace(rules, sim, i, factor, speed[1, i], np.int64(speed[2, i]))


@compiled_call
def play_game(state: State, rules: Rules, sim: Sim, n: Int, key: np.uint64) -> None:
    """One whole simulated game; seat ``p`` follows ``sim.policies[p]`` with the speed
    options ``sim.speed[:, p]``."""
    seed_rng(sim.rng, key)
    reset(state, n)
    deal_and_pace(state, rules, sim, n)
    sim.clock[:] = 0.0
    open_round(state, rules, sim)
    sim_round(state, rules, sim)
    play_on(state, rules, sim, -1, NO_LIMIT)
