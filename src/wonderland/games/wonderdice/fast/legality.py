"""What a seat may do in Wonderdice's compiled state: a roll's actions, a free turn's, the
Jabberwocky's choices.

Each step mirrors the plain engine's function of the same name in ``rules.py``, with the same
faces, tables (numpy copies) and arithmetic (these very functions, compiled) of
``legality.py``; the state's layout is ``layout.py``'s.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import cast

import numpy as np

from wonderland.compiled.jit import Int, compiled, compiled_call
from wonderland.games.wonderdice import legality as plain_legality
from wonderland.games.wonderdice.fast.layout import (
    ADV_N,
    ADV_T,
    BLOCK_REACH,
    BLOCKER,
    BT,
    BVAL,
    CLAIM,
    DOUBLE,
    EXPOSED_REACH,
    EXPOSED_TAKE_BACK,
    HOLD,
    MADDEN,
    NO_SEAT,
    NUM_ACTIONS,
    PASS,
    PLEN,
    R_ONLY_UNBLOCK,
    R_RECLAIM_ANY,
    R_TOP,
    R_WINDOW,
    RECLAIM,
    ROW,
    S_JABBER,
    S_N,
    S_NOW,
    SHIELD,
    SIDE,
    TAKE_BACK,
    TIRED,
    UNBLOCK_REACH,
    UNBLOCKABLE,
    WEAK_REACH,
    Rules,
    State,
)
from wonderland.games.wonderdice.legality import (
    ADVANCE_KIND,
    ADVANCE_TWO_KIND,
    HIGH_FACE,
    LOW_FACE,
    NO_RANGE,
    NO_RANGES,
    ON_ROLL,
    PAIR,
    PASS_KIND,
    ROW_DONE,
    TAKE_BACK_KIND,
    UNBLOCK_KIND,
)
from wonderland.games.wonderdice.state import ADMIRING

# -- ``legality.py``'s tables as arrays, its arithmetic compiled -----------------------------
KIND = np.array(plain_legality.KIND, np.int64)
TARGET = np.array(plain_legality.TARGET, np.int64)
VALUE = np.array(plain_legality.VALUE, np.int64)
ADVANCE_ID = np.array(plain_legality.ADVANCE_ID, np.int64)
ADVANCE_TWO_ID = np.array(plain_legality.ADVANCE_TWO_ID, np.int64)
UNBLOCK_ID = np.array(plain_legality.UNBLOCK_ID, np.int64)
BLOCK_ID = np.array(plain_legality.BLOCK_ID, np.int64)
TAKE_BACK_ID = np.array(plain_legality.TAKE_BACK_ID, np.int64)
BLOCK_NUMBER = np.array(plain_legality.BLOCK_NUMBER, np.int64)
in_window = cast("Callable[[Int, Int, Int], bool]", compiled(plain_legality.in_window))
unblock_range = cast(
    "Callable[[Int, Int, Int], tuple[Int, Int]]", compiled(plain_legality.unblock_range)
)
block_ranges = cast(
    "Callable[[Int, Int, Int, Int], tuple[Int, Int, Int, Int]]",
    compiled(plain_legality.block_ranges),
)
may_take_back = cast("Callable[[Int, bool, Int], bool]", compiled(plain_legality.may_take_back))


# -- small queries ---------------------------------------------------------------------------
@compiled
def shortest_other(ps: np.ndarray, n: Int, seat: Int) -> Int:
    """The shortest row among the other seats."""
    best = ROW_DONE + 1
    for i in range(n):
        if i != seat and ps[ROW, i] < best:
            best = ps[ROW, i]
    return best


@compiled
def under_cap(ps: np.ndarray, n: Int, seat: Int, new_len: Int) -> bool:
    """Whether ``seat``'s row may grow to ``new_len`` (hold_back)."""
    lead = ps[HOLD, seat]
    return bool(lead == 0 or new_len <= shortest_other(ps, n, seat) + lead)


@compiled
def shielded(ps: np.ndarray, n: Int, t: Int) -> bool:
    """Whether ``t`` cannot be blocked now (unblockable, or shield_when_last while its row
    is strictly the shortest)."""
    if ps[UNBLOCKABLE, t]:
        return True
    return bool(ps[SHIELD, t] != 0 and ps[ROW, t] < shortest_other(ps, n, t))


@compiled
def most_of_a_face(f: np.ndarray) -> Int:
    """The largest count of one face in a roll."""
    best = 0
    for v in range(LOW_FACE, HIGH_FACE + 1):
        if f[v] > best:
            best = f[v]
    return best


@compiled
def last_block(placed: np.ndarray, ps: np.ndarray, seat: Int) -> Int:
    """The target of the block ``seat`` placed last (-1: none)."""
    for i in range(ps[PLEN, seat] - 1, -1, -1):
        if placed[seat, i] >= 0:
            return int(placed[seat, i])
    return NO_SEAT


# -- what the seat to move may do ------------------------------------------------------------
@compiled
def advances(
    ps: np.ndarray, n: Int, seat: Int, f: np.ndarray, need: Int, now: Int, window: Int
) -> tuple[bool, bool]:
    """Whether the roll lets ``seat`` ADVANCE its next number ``need`` and place the next two
    at once (``rules._advances``)."""
    if need > ROW_DONE or f[need] == 0 or ps[TIRED, seat] or not under_cap(ps, n, seat, need):
        return False, False
    if ps[BLOCKER, seat] >= 0:
        return in_window(now, ps[BT, seat], window), False
    two = bool(
        ps[DOUBLE, seat] != 0
        and need < ROW_DONE
        and f[need + 1] > 0
        and under_cap(ps, n, seat, need + 1)
    )
    return True, two


@compiled
def unblocking(ps: np.ndarray, seat: Int) -> tuple[Int, Int]:
    """The faces that unblock ``seat`` (``rules._unblock_range``)."""
    blocker = ps[BLOCKER, seat]
    if blocker < 0:
        return NO_RANGE
    return unblock_range(ps[BVAL, seat], ps[UNBLOCK_REACH, seat], ps[WEAK_REACH, blocker])


@compiled
def only_unblock(ps: np.ndarray, rf: np.ndarray, seat: Int) -> bool:
    """Q4: ``seat`` is blocked and may only unblock (``rules._only_unblock``)."""
    return bool(ps[BLOCKER, seat] >= 0 and rf[R_ONLY_UNBLOCK] != 0)


@compiled
def blocking(
    ps: np.ndarray, rf: np.ndarray, n: Int, seat: Int, t: Int, now: Int
) -> tuple[Int, Int, Int, Int]:
    """The faces a block by ``seat`` on ``t`` may show (``rules.block_ranges_on``)."""
    if t == seat or ps[BLOCKER, t] >= 0 or shielded(ps, n, t):
        return NO_RANGES
    k = ps[ADV_N, t]  # the dice of an advance within the window (D24)
    recent = k if k != 0 and in_window(now, ps[ADV_T, t], rf[R_WINDOW]) else 0
    return block_ranges(
        BLOCK_NUMBER[rf[R_TOP], ps[ROW, t]], ps[BLOCK_REACH, seat], ps[EXPOSED_REACH, t], recent
    )


@compiled
def taking_back(ps: np.ndarray, seat: Int, t: Int, pair: bool) -> bool:
    """Whether ``seat`` may make ``t`` take back its last placed die (``rules._may_take_back``)."""
    if t == seat or ps[PLEN, t] == 0:
        return False
    return may_take_back(ps[TAKE_BACK, seat], pair, ps[EXPOSED_TAKE_BACK, t])


@compiled_call
def roll_actions(
    state: State, rules: Rules, seat: Int, f: np.ndarray, at: Int, out: np.ndarray
) -> Int:
    """Write into ``out`` what ``seat`` may do with a roll showing ``f`` for an action
    stamped ``at`` (``rules.roll_actions``, in its order); returns how many."""
    ps, sc, _ = state
    rf = rules.rf
    n = sc[S_N]
    now = sc[S_NOW] if at < sc[S_NOW] else at
    k = 0
    out[k] = PASS
    k += 1
    need = ps[ROW, seat] + 1
    one, two = advances(ps, n, seat, f, need, now, rf[R_WINDOW])
    if one:
        out[k] = ADVANCE_ID[need]
        k += 1
    if two:
        out[k] = ADVANCE_TWO_ID[need]
        k += 1
    lo, hi = unblocking(ps, seat)
    for v in range(lo, hi + 1):
        if f[v]:
            out[k] = UNBLOCK_ID[v]
            k += 1
    if only_unblock(ps, rf, seat):
        return k
    for t in range(n):
        lo, hi, lo2, hi2 = blocking(ps, rf, n, seat, t, now)
        for v in range(LOW_FACE, HIGH_FACE + 1):
            if f[v] and (lo <= v <= hi or lo2 <= v <= hi2):
                out[k] = BLOCK_ID[t, v]
                k += 1
    pair = bool(most_of_a_face(f) >= PAIR)
    for t in range(n):
        if taking_back(ps, seat, t, pair):
            out[k] = TAKE_BACK_ID[t]
            k += 1
    return k


@compiled_call
def roll_action_allowed(
    state: State, rules: Rules, seat: Int, f: np.ndarray, action: Int, at: Int
) -> bool:
    """Whether ``action`` is among :func:`roll_actions` (``rules.roll_action_allowed``)."""
    ps, sc, _ = state
    rf = rules.rf
    if action < 0 or action >= NUM_ACTIONS:
        return False
    kind = KIND[action]
    if kind not in ON_ROLL:  # claim, touch, betray, loyal, reclaim, madden
        return False
    if kind == PASS_KIND:
        return True
    n = sc[S_N]
    now = sc[S_NOW] if at < sc[S_NOW] else at
    v = VALUE[action]
    if kind in (ADVANCE_KIND, ADVANCE_TWO_KIND):
        if v != ps[ROW, seat] + 1:
            return False
        one, two = advances(ps, n, seat, f, v, now, rf[R_WINDOW])
        return two if kind == ADVANCE_TWO_KIND else one
    if kind == UNBLOCK_KIND:
        lo, hi = unblocking(ps, seat)
        return bool(lo <= v <= hi and f[v] > 0)
    if only_unblock(ps, rf, seat):  # a block or a take-back
        return False
    t = TARGET[action]
    if t >= n:
        return False
    if kind == TAKE_BACK_KIND:
        return taking_back(ps, seat, t, bool(most_of_a_face(f) >= PAIR))
    lo, hi, lo2, hi2 = blocking(ps, rf, n, seat, t, now)
    return bool(f[v] > 0 and (lo <= v <= hi or lo2 <= v <= hi2))


@compiled
def free_turn_actions(state: State, rules: Rules, seat: Int, out: np.ndarray) -> Int:
    """A turn without a roll (``rules.free_turn_actions``): claim, or pass and reclaims."""
    ps, sc, placed = state
    rf = rules.rf
    if ps[ROW, seat] == ROW_DONE:
        out[0] = CLAIM
        return 1
    out[0] = PASS
    k = 1
    if rf[R_RECLAIM_ANY]:
        for t in range(sc[S_N]):
            if ps[BLOCKER, t] == seat:
                out[k] = RECLAIM + t
                k += 1
    else:
        t = int(last_block(placed, ps, seat))
        if t >= 0:
            out[k] = RECLAIM + t
            k += 1
    return k


@compiled
def madden_actions(state: State, out: np.ndarray) -> Int:
    """The Jabberwocky's choices (D34): every Admiring seat but itself."""
    ps, sc, _ = state
    k = 0
    for t in range(sc[S_N]):
        if t != sc[S_JABBER] and ps[SIDE, t] == ADMIRING:
            out[k] = MADDEN + t
            k += 1
    return k
