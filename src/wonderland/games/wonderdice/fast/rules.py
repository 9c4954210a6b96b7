"""Wonderdice's rules over small integer arrays, compiled with numba.

A game's state is an ``int64[FIELDS, SEATS]`` array of per-seat figures (``ps``, rows named
by the field constants below), an ``int64[SCALARS]`` array of scalars and statistics
(``sc``, the ``S_*`` indices) and the placement order of each seat's dice
(``placed``, ``int64[SEATS, PLACED]``: -1 for a row die, else the seat the block lies on; the
length is field ``PLEN``).  Each step mirrors the plain engine's function of the same name
in ``rules.py`` (the tests replay plain games through both and compare them after every
event).  A roll's faces are ``int64[FACE_SLOTS]`` counts per face (index 0 unused).  What a
roll allows is decided as in the plain engine, with the same faces, tables (numpy copies) and
arithmetic (these very functions, compiled) of ``legality.py``.

``rf`` is the resolved variants as an ``int64`` array (the ``R_*`` indices, table variants
included) and ``pw`` the powers each character has on each side, from the loaded content
(:func:`powers_table`): ``pw[character, k, power]`` with ``k`` one of ``K_ADMIRING``,
``K_MAD``, ``K_NONE`` (ability lost, D28), ``K_JABBER`` (Admiring plus the Jabberwocky
card) and ``K_JABBER_ONLY``.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import cast

import numpy as np

from wonderland.compiled.jit import Int, compiled, compiled_call
from wonderland.games.wonderdice import actions as A  # noqa: N812
from wonderland.games.wonderdice import legality as L  # noqa: N812
from wonderland.games.wonderdice.content import Content
from wonderland.games.wonderdice.effects import Powers, grant
from wonderland.games.wonderdice.legality import (
    ADVANCE_KIND,
    ADVANCE_TWO_DICE,
    ADVANCE_TWO_KIND,
    BLOCK_KIND,
    HIGH_FACE,
    LOW_FACE,
    NO_RANGE,
    NO_RANGES,
    ON_ROLL,
    PAIR,
    PASS_KIND,
    RECLAIM_KIND,
    ROW_DONE,
    TAKE_BACK_KIND,
    UNBLOCK_KIND,
)
from wonderland.games.wonderdice.state import (
    ADMIRING,
    BETRAY_CHOICE,
    DICE,
    MAD,
    MADDEN_CHOICE,
    MAX_STEPS_PER_GAME,
    NEVER,
    OVER,
    PLAY,
    SIDES,
    TOUCH,
)
from wonderland.games.wonderdice.variants import RuleFlags

SEATS = A.MAX_SEATS
MAX_GAP_MS = A.MAX_GAP_MS
NO_SEAT = -1

# -- per-seat fields (rows of ``ps``) ------------------------------------------------------
HAND = 0
ROW = 1
BLOCKER = 2
"""The seat whose die blocks this seat (-1: not blocked)."""
BVAL = 3
BT = 4
NBLOCKS = 5
PLEN = 6
ADV_T = 7
ADV_N = 8
TIRED = 9
SIDE = 10
UPSIDE = 11
SUPP = 12
PENALTY = 13
WINS_A = 14
WINS_M = 15
CHAR = 16
DEALT = 17
TOUCHED = 18
SERIES = 19
POW = 20
"""The seat's powers start here: ``POW + P_*``."""
P_UNBLOCKABLE = 0
P_SHIELD = 1
P_BLOCK_REACH = 2
P_EXPOSED_REACH = 3
P_UNBLOCK_REACH = 4
P_UNBLOCK_COSTS = 5
P_WEAK_REACH = 6
P_ADVANCE_REST = 7
P_DOUBLE = 8
P_HOLD = 9
P_TAKE_BACK = 10
P_EXPOSED_TAKE_BACK = 11
POWERS = 12
FIELDS = POW + POWERS

UNBLOCKABLE = POW + P_UNBLOCKABLE
SHIELD = POW + P_SHIELD
BLOCK_REACH = POW + P_BLOCK_REACH
EXPOSED_REACH = POW + P_EXPOSED_REACH
UNBLOCK_REACH = POW + P_UNBLOCK_REACH
UNBLOCK_COSTS = POW + P_UNBLOCK_COSTS
WEAK_REACH = POW + P_WEAK_REACH
ADVANCE_REST = POW + P_ADVANCE_REST
DOUBLE = POW + P_DOUBLE
HOLD = POW + P_HOLD
TAKE_BACK = POW + P_TAKE_BACK
EXPOSED_TAKE_BACK = POW + P_EXPOSED_TAKE_BACK

K_ADMIRING = 0
K_MAD = 1
K_NONE = 2
K_JABBER = 3
K_JABBER_ONLY = 4
KINDS = 5

# -- scalars (``sc``) ----------------------------------------------------------------------
S_PHASE = 0
S_N = 1
S_NOW = 2
S_ROUND_NO = 3
S_ROUND_START = 4
S_STEPS = 5
S_JABBER = 6
S_TEAM_WINS = 7
S_DECIDER = 8
S_GAME_NO = 9
S_WINNERS = 10
"""Bit ``p`` set for each winner once the game is over."""
S_END = 11
"""Why the game ended (the ``END_*`` codes)."""
S_ROLLS = 12
S_ROUNDS = 13
S_ROUND_MS = 14
S_BLOCKS = 15
S_UNBLOCKS = 16
S_CANCELS = 17
S_TAKE_BACKS = 18
S_RECLAIMS = 19
S_ADMIRING_WINS = 20
S_MAD_WINS = 21
S_ROLLER = 22
CHAR_WINS = 24
"""Round wins of character ``c`` on side ``s`` at ``CHAR_WINS + SIDES * c + s``."""
MAX_CHARACTERS = 16
SCALARS = CHAR_WINS + SIDES * MAX_CHARACTERS

END_NONE = 0
END_D27 = 1
END_D33 = 2
END_D36 = 3
END_D29 = 4
END_E3 = 5
END_RULES = ("", "D27", "D33", "D36", "D29", "E3")

# -- resolved variants (``rf``) --------------------------------------------------------------
R_TOP = 0
R_RECLAIM_ANY = 1
R_ONLY_UNBLOCK = 2
R_WINDOW = 3
R_AUTO_CLAIM = 4
R_PLAY_ME = 5
R_PLAY_ME_ERASES = 6
R_CHALLENGE = 7
R_CHALLENGE_ROUNDS = 8
R_JABBERWOCKY = 9
R_TEAM_ALL = 10
R_BETRAYER_TEAM = 11
R_RANDOM_DEAL = 12
R_CHARACTERS = 13
R_COOLDOWN = 14
R_COUNTDOWN = 15
R_HOST_STARTS = 16
R_LATENCY_COMPENSATED = 17
R_INPUT_DELAY = 18
R_REJECTED_CONSUMES = 19
RULES = 20

PASS, CLAIM, TOUCH_ACTION, BETRAY, LOYAL = A.PASS, A.CLAIM, A.TOUCH, A.BETRAY, A.LOYAL
RECLAIM = A.reclaim(0)
MADDEN = A.madden(0)
NUM_ACTIONS = A.NUM_ACTIONS
PLACED = 8
"""Room for one seat's placement order (it holds at most ``DICE`` entries)."""

# -- ``legality.py``'s tables as arrays, its arithmetic compiled -----------------------------
KIND = np.array(L.KIND, np.int64)
TARGET = np.array(L.TARGET, np.int64)
VALUE = np.array(L.VALUE, np.int64)
ADVANCE_ID = np.array(L.ADVANCE_ID, np.int64)
ADVANCE_TWO_ID = np.array(L.ADVANCE_TWO_ID, np.int64)
UNBLOCK_ID = np.array(L.UNBLOCK_ID, np.int64)
BLOCK_ID = np.array(L.BLOCK_ID, np.int64)
TAKE_BACK_ID = np.array(L.TAKE_BACK_ID, np.int64)
BLOCK_NUMBER = np.array(L.BLOCK_NUMBER, np.int64)
in_window = cast("Callable[[Int, Int, Int], bool]", compiled(L.in_window))
unblock_range = cast("Callable[[Int, Int, Int], tuple[Int, Int]]", compiled(L.unblock_range))
block_ranges = cast(
    "Callable[[Int, Int, Int, Int], tuple[Int, Int, Int, Int]]", compiled(L.block_ranges)
)
may_take_back = cast("Callable[[Int, bool, Int], bool]", compiled(L.may_take_back))


def rules_array(flags: RuleFlags, timing: dict[str, int], characters: int) -> np.ndarray:
    """The compiled form of the resolved variants (``timing``: the driver's variants by
    name, as ``realtime.Timing`` reads them)."""
    rf = np.zeros(RULES, np.int64)
    rf[R_TOP] = flags.block_matches_top_die
    rf[R_RECLAIM_ANY] = flags.reclaim_any_block
    rf[R_ONLY_UNBLOCK] = flags.blocked_may_only_unblock
    rf[R_WINDOW] = flags.window_ms
    rf[R_AUTO_CLAIM] = flags.auto_claim
    rf[R_PLAY_ME] = flags.play_me
    rf[R_PLAY_ME_ERASES] = flags.play_me_erases_admiring_win
    rf[R_CHALLENGE] = flags.challenge
    rf[R_CHALLENGE_ROUNDS] = flags.challenge_counts_round_wins
    rf[R_JABBERWOCKY] = flags.jabberwocky
    rf[R_TEAM_ALL] = flags.team_target_all_players
    rf[R_BETRAYER_TEAM] = flags.betrayer_counts_for_team
    rf[R_RANDOM_DEAL] = flags.random_deal
    rf[R_CHARACTERS] = characters
    rf[R_COOLDOWN] = timing["cooldown_ms"]
    rf[R_COUNTDOWN] = timing["countdown_ms"]
    rf[R_HOST_STARTS] = timing["host_starts"]
    rf[R_LATENCY_COMPENSATED] = timing["latency_compensated"]
    rf[R_INPUT_DELAY] = timing["fixed_input_delay_ms"]
    rf[R_REJECTED_CONSUMES] = timing["rejected_consumes_roll"]
    return rf


def _power_values(p: Powers) -> list[int]:
    return [
        int(p.unblockable),
        int(p.shield_when_last),
        p.block_reach,
        p.exposed_reach,
        p.unblock_reach,
        int(p.unblock_costs_die),
        p.weak_blocks_reach,
        int(p.advance_rest),
        int(p.double_advance),
        p.hold_back_lead,
        int(p.take_back),
        int(p.exposed_take_back),
    ]


def powers_table(content: Content) -> np.ndarray:
    """``pw[character, kind, power]``: each character's powers on each side, granted by the
    content's effects exactly as the plain engine's ``refresh_powers`` grants them."""
    chars = content.characters
    if len(chars) > MAX_CHARACTERS:
        raise ValueError(f"the fast engine holds at most {MAX_CHARACTERS} characters")
    jab = (content.jabberwocky.effect, dict(content.jabberwocky.params))
    pw = np.zeros((len(chars), KINDS, POWERS), np.int64)
    for c, ch in enumerate(chars):
        admiring = (ch.sides[ADMIRING].effect, dict(ch.sides[ADMIRING].params))
        mad = (ch.sides[MAD].effect, dict(ch.sides[MAD].params))
        pw[c, K_ADMIRING] = _power_values(grant([admiring]))
        pw[c, K_MAD] = _power_values(grant([mad]))
        pw[c, K_NONE] = _power_values(grant([]))
        pw[c, K_JABBER] = _power_values(grant([admiring, jab]))
        pw[c, K_JABBER_ONLY] = _power_values(grant([jab]))
    return pw


def new_state() -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Fresh ``(ps, sc, placed)`` arrays."""
    return (
        np.zeros((FIELDS, SEATS), np.int64),
        np.zeros(SCALARS, np.int64),
        np.zeros((SEATS, PLACED), np.int64),
    )


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
    """The faces a block by ``seat`` on ``t`` may show (``rules._block_ranges``)."""
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
    ps: np.ndarray,
    sc: np.ndarray,
    rf: np.ndarray,
    seat: Int,
    f: np.ndarray,
    at: Int,
    out: np.ndarray,
) -> Int:
    """Write into ``out`` what ``seat`` may do with a roll showing ``f`` for an action
    stamped ``at`` (``rules.roll_actions``, in its order); returns how many."""
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
    ps: np.ndarray,
    sc: np.ndarray,
    rf: np.ndarray,
    seat: Int,
    f: np.ndarray,
    action: Int,
    at: Int,
) -> bool:
    """Whether ``action`` is among :func:`roll_actions` (``rules.roll_action_allowed``)."""
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
def free_turn_actions(
    ps: np.ndarray, sc: np.ndarray, rf: np.ndarray, placed: np.ndarray, seat: Int, out: np.ndarray
) -> Int:
    """A turn without a roll (``rules.free_turn_actions``): claim, or pass and reclaims."""
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
def madden_actions(ps: np.ndarray, sc: np.ndarray, out: np.ndarray) -> Int:
    """The Jabberwocky's choices (D34): every Admiring seat but itself."""
    k = 0
    for t in range(sc[S_N]):
        if t != sc[S_JABBER] and ps[SIDE, t] == ADMIRING:
            out[k] = MADDEN + t
            k += 1
    return k


# -- changing the state ----------------------------------------------------------------------
@compiled
def refresh_powers(ps: np.ndarray, sc: np.ndarray, pw: np.ndarray) -> None:
    """Every seat's powers from its card side, suppression and the Jabberwocky."""
    jabber = sc[S_JABBER]
    for i in range(sc[S_N]):
        if ps[SUPP, i]:
            kind = K_JABBER_ONLY if i == jabber else K_NONE
        else:
            kind = K_JABBER if i == jabber else ps[SIDE, i]
        c = ps[CHAR, i]
        for p in range(POWERS):
            ps[POW + p, i] = pw[c, kind, p]


@compiled_call
def new_round(ps: np.ndarray, sc: np.ndarray, pw: np.ndarray) -> None:
    """D26: everyone takes all their dice back; a new round begins."""
    for i in range(sc[S_N]):
        ps[HAND, i] = DICE
        ps[ROW, i] = 0
        ps[BLOCKER, i] = NO_SEAT
        ps[BVAL, i] = 0
        ps[BT, i] = 0
        ps[NBLOCKS, i] = 0
        ps[PLEN, i] = 0
        ps[ADV_T, i] = NEVER
        ps[ADV_N, i] = 0
        ps[TIRED, i] = 0
        ps[SUPP, i] = ps[PENALTY, i]
        ps[PENALTY, i] = 0
    sc[S_PHASE] = PLAY
    sc[S_ROLLER] = NO_SEAT
    sc[S_DECIDER] = NO_SEAT
    sc[S_ROUND_NO] += 1
    sc[S_ROUND_START] = sc[S_NOW]
    refresh_powers(ps, sc, pw)


@compiled_call
def start_game(ps: np.ndarray, sc: np.ndarray, pw: np.ndarray) -> None:
    """Admiring sides up, no wins, no Jabberwocky; the first round."""
    for i in range(sc[S_N]):
        ps[SIDE, i] = ADMIRING
        ps[UPSIDE, i] = 0
        ps[PENALTY, i] = 0
        ps[WINS_A, i] = 0
        ps[WINS_M, i] = 0
    sc[S_JABBER] = NO_SEAT
    sc[S_TEAM_WINS] = 0
    new_round(ps, sc, pw)


@compiled
def reset(ps: np.ndarray, sc: np.ndarray, n: Int) -> None:
    """The state before the deal of an ``n``-player game."""
    ps[:, :] = 0
    sc[:] = 0
    sc[S_N] = n
    sc[S_DECIDER] = NO_SEAT
    sc[S_ROLLER] = NO_SEAT
    sc[S_JABBER] = NO_SEAT
    for i in range(n):
        ps[BLOCKER, i] = NO_SEAT
        ps[CHAR, i] = i
        ps[DEALT, i] = i


@compiled
def deal(ps: np.ndarray, sc: np.ndarray, pw: np.ndarray, chars: np.ndarray) -> None:
    """D10: each seat takes its character (``chars[seat]``); round 1 starts."""
    for i in range(sc[S_N]):
        ps[CHAR, i] = chars[i]
        ps[DEALT, i] = chars[i]
    start_game(ps, sc, pw)


@compiled
def begin_turn(ps: np.ndarray, sc: np.ndarray, seat: Int, gap: Int) -> None:
    """``seat`` acts ``gap`` ms after the last event (the event was checked by the caller)."""
    if sc[S_PHASE] == PLAY and ps[HAND, seat]:
        sc[S_ROLLS] += 1
    sc[S_NOW] += gap
    sc[S_ROLLER] = seat


@compiled
def count_step(sc: np.ndarray, rf: np.ndarray) -> None:
    """E3: abandon a game that runs past its step budget (a draw)."""
    sc[S_STEPS] += 1
    budget = MAX_STEPS_PER_GAME * (sc[S_N] if rf[R_CHALLENGE] else 1)
    if sc[S_STEPS] >= budget and sc[S_PHASE] != OVER:
        sc[S_PHASE] = OVER
        sc[S_WINNERS] = (1 << sc[S_N]) - 1
        sc[S_END] = END_E3
        sc[S_ROLLER] = NO_SEAT


@compiled_call
def remove_block(ps: np.ndarray, placed: np.ndarray, target: Int) -> None:
    """The block on ``target`` goes back to its owner's hand."""
    blocker = ps[BLOCKER, target]
    ps[BLOCKER, target] = NO_SEAT
    ps[BVAL, target] = 0
    ps[BT, target] = 0
    ps[HAND, blocker] += 1
    ps[NBLOCKS, blocker] -= 1
    length = ps[PLEN, blocker]
    for i in range(length - 1, -1, -1):
        if placed[blocker, i] == target:
            for j in range(i, length - 1):
                placed[blocker, j] = placed[blocker, j + 1]
            ps[PLEN, blocker] = length - 1
            break


@compiled_call
def unplace_row(ps: np.ndarray, placed: np.ndarray, seat: Int, k: Int) -> None:
    """Forget the last ``k`` row dice in ``seat``'s placement order."""
    i = ps[PLEN, seat] - 1
    while k and i >= 0:
        if placed[seat, i] == -1:
            length = ps[PLEN, seat]
            for j in range(i, length - 1):
                placed[seat, j] = placed[seat, j + 1]
            ps[PLEN, seat] = length - 1
            k -= 1
        i -= 1


@compiled
def take_back_row(ps: np.ndarray, placed: np.ndarray, seat: Int) -> None:
    """The top die of ``seat``'s row goes back to the hand."""
    unplace_row(ps, placed, seat, 1)
    ps[ROW, seat] -= 1
    ps[HAND, seat] += 1
    ps[ADV_N, seat] = max(0, ps[ADV_N, seat] - 1)


@compiled
def seat_mask(ps: np.ndarray, n: Int, skip: Int) -> Int:
    """Bits of the seats other than ``skip`` that have not betrayed (the team, D33)."""
    mask = 0
    for i in range(n):
        if i != skip and not ps[UPSIDE, i]:
            mask |= 1 << i
    return mask


@compiled_call
def end_game(
    ps: np.ndarray, sc: np.ndarray, rf: np.ndarray, pw: np.ndarray, winners: Int, rule: Int
) -> None:
    """The game is decided; under Challenge the series goes on with rotated characters."""
    n = sc[S_N]
    if rf[R_CHALLENGE] and rule != END_E3:
        if not rf[R_CHALLENGE_ROUNDS]:
            for w in range(n):
                if winners >> w & 1:
                    ps[SERIES, w] += 1
        sc[S_GAME_NO] += 1
        if sc[S_GAME_NO] < n:
            first = ps[CHAR, 0]
            for i in range(n - 1):
                ps[CHAR, i] = ps[CHAR, i + 1]
            ps[CHAR, n - 1] = first
            start_game(ps, sc, pw)
            return
        best = 0
        for i in range(n):
            best = max(best, ps[SERIES, i])
        winners = 0
        for i in range(n):
            if ps[SERIES, i] == best:
                winners |= 1 << i
        rule = END_D29
    sc[S_PHASE] = OVER
    sc[S_ROLLER] = NO_SEAT
    sc[S_DECIDER] = NO_SEAT
    sc[S_WINNERS] = winners
    sc[S_END] = rule


@compiled_call
def after_round(ps: np.ndarray, sc: np.ndarray, rf: np.ndarray, pw: np.ndarray, w: Int) -> None:
    """Play Me's touches (D28), or the next round."""
    winner = sc[S_DECIDER] if w < 0 else w
    if rf[R_PLAY_ME] and sc[S_PHASE] != OVER:
        sc[S_PHASE] = TOUCH
        for i in range(sc[S_N]):
            ps[TOUCHED, i] = 1 if i == winner else 0
        sc[S_ROLLER] = NO_SEAT
        sc[S_DECIDER] = winner
    else:
        new_round(ps, sc, pw)


@compiled_call
def check_jabberwocky(ps: np.ndarray, sc: np.ndarray, rf: np.ndarray, pw: np.ndarray) -> bool:
    """D33: the Jabberwocky wins once every other card shows Mad."""
    jabber = sc[S_JABBER]
    for i in range(sc[S_N]):
        if i != jabber and ps[SIDE, i] != MAD:
            return False
    end_game(ps, sc, rf, pw, 1 << jabber, END_D33)
    return True


@compiled_call
def count_for_team(
    ps: np.ndarray, sc: np.ndarray, rf: np.ndarray, pw: np.ndarray, seat: Int
) -> None:
    """A team round win (D35); the team wins at its target (Q15)."""
    n = sc[S_N]
    sc[S_TEAM_WINS] += 1
    target = n if rf[R_TEAM_ALL] else n - 1
    if sc[S_TEAM_WINS] >= target:
        end_game(ps, sc, rf, pw, seat_mask(ps, n, sc[S_JABBER]), END_D33)
    else:
        after_round(ps, sc, rf, pw, seat)


@compiled_call
def win_round(ps: np.ndarray, sc: np.ndarray, rf: np.ndarray, pw: np.ndarray, seat: Int) -> None:
    """D25: ``seat`` caught the White Rabbit; the card flips and the game may end."""
    n = sc[S_N]
    sc[S_ROUNDS] += 1
    sc[S_ROUND_MS] += sc[S_NOW] - sc[S_ROUND_START]
    side = ps[SIDE, seat]
    sc[S_MAD_WINS if side == MAD else S_ADMIRING_WINS] += 1
    sc[CHAR_WINS + SIDES * ps[CHAR, seat] + side] += 1
    if rf[R_CHALLENGE] and rf[R_CHALLENGE_ROUNDS]:
        ps[SERIES, seat] += 1
    jabber = sc[S_JABBER]
    if jabber >= 0:  # the Jabberwocky's rounds (D33-D36)
        if seat == jabber:
            if not check_jabberwocky(ps, sc, rf, pw):
                sc[S_PHASE] = MADDEN_CHOICE
                sc[S_DECIDER] = seat
            return
        if ps[UPSIDE, seat]:
            end_game(ps, sc, rf, pw, 1 << seat, END_D36)
            return
        if side == ADMIRING:
            sc[S_PHASE] = BETRAY_CHOICE
            sc[S_DECIDER] = seat
            return
        count_for_team(ps, sc, rf, pw, seat)
        return
    if side == MAD:
        ps[WINS_M, seat] += 1
    else:
        ps[WINS_A, seat] += 1
    ps[SIDE, seat] = MAD
    if ps[WINS_A, seat] and ps[WINS_M, seat]:
        end_game(ps, sc, rf, pw, 1 << seat, END_D27)
        return
    if rf[R_JABBERWOCKY]:
        every = True
        for i in range(n):
            if ps[SIDE, i] != MAD:
                every = False
        if every:  # D31, D32
            sc[S_JABBER] = seat
            for i in range(n):
                ps[SIDE, i] = ADMIRING
            sc[S_TEAM_WINS] = 0
    after_round(ps, sc, rf, pw, seat)


@compiled
def cancels(ps: np.ndarray, sc: np.ndarray, rf: np.ndarray, seat: Int, t: Int, value: Int) -> bool:
    """Whether a (checked) block showing ``value`` aims at the number ``t`` had before an
    advance within the window: the second range of :func:`blocking` (``rules._cancels``)."""
    _, _, lo, hi = blocking(ps, rf, sc[S_N], seat, t, sc[S_NOW])
    return bool(lo <= value <= hi)


@compiled_call
def play(
    ps: np.ndarray,
    sc: np.ndarray,
    rf: np.ndarray,
    pw: np.ndarray,
    placed: np.ndarray,
    seat: Int,
    action: Int,
    rolled: bool,
) -> None:
    """A checked action during play (``rules._play``); ``rolled``: on a roll, not a free turn."""
    if rolled:
        ps[TIRED, seat] = 0
    if action == PASS:
        return
    if action == CLAIM:
        win_round(ps, sc, rf, pw, seat)
        return
    now = sc[S_NOW]
    kind = KIND[action]
    if kind in (ADVANCE_KIND, ADVANCE_TWO_KIND):
        if ps[BLOCKER, seat] >= 0:  # D24: both dice go back
            remove_block(ps, placed, seat)
            sc[S_CANCELS] += 1
            return
        k = ADVANCE_TWO_DICE if kind == ADVANCE_TWO_KIND else 1
        ps[ROW, seat] += k
        ps[HAND, seat] -= k
        for _ in range(k):
            placed[seat, ps[PLEN, seat]] = -1
            ps[PLEN, seat] += 1
        ps[ADV_T, seat] = now
        ps[ADV_N, seat] = k
        ps[TIRED, seat] = ps[ADVANCE_REST, seat]
        if ps[ROW, seat] == ROW_DONE and rf[R_AUTO_CLAIM]:
            win_round(ps, sc, rf, pw, seat)
    elif kind == BLOCK_KIND:
        t = TARGET[action]
        value = VALUE[action]
        if cancels(ps, sc, rf, seat, t, value):
            k = ps[ADV_N, t]
            ps[ROW, t] -= k  # D24: the target's advance within the window is undone
            ps[HAND, t] += k
            unplace_row(ps, placed, t, k)
            ps[ADV_N, t] = 0
            ps[ADV_T, t] = NEVER
            sc[S_CANCELS] += 1
            return
        ps[BLOCKER, t] = seat
        ps[BVAL, t] = value
        ps[BT, t] = now
        ps[HAND, seat] -= 1
        ps[NBLOCKS, seat] += 1
        placed[seat, ps[PLEN, seat]] = t
        ps[PLEN, seat] += 1
        sc[S_BLOCKS] += 1
    elif kind == UNBLOCK_KIND:
        remove_block(ps, placed, seat)
        sc[S_UNBLOCKS] += 1
        if ps[UNBLOCK_COSTS, seat] and ps[ROW, seat]:
            take_back_row(ps, placed, seat)
    elif kind == RECLAIM_KIND:
        remove_block(ps, placed, TARGET[action])
        sc[S_RECLAIMS] += 1
    elif kind == TAKE_BACK_KIND:
        t = TARGET[action]
        last = placed[t, ps[PLEN, t] - 1]
        if last >= 0:
            remove_block(ps, placed, last)
        else:
            take_back_row(ps, placed, t)
        sc[S_TAKE_BACKS] += 1


@compiled_call
def touch(ps: np.ndarray, sc: np.ndarray, rf: np.ndarray, pw: np.ndarray, seat: Int) -> None:
    """D28: ``seat`` touches the token; the last to touch loses the ability next round."""
    n = sc[S_N]
    ps[TOUCHED, seat] = 1
    for i in range(n):
        if not ps[TOUCHED, i]:
            return
    ps[PENALTY, seat] = 1
    if sc[S_JABBER] < 0:
        if ps[SIDE, seat] == MAD and rf[R_PLAY_ME_ERASES]:
            ps[WINS_A, seat] = 0
        ps[SIDE, seat] = ADMIRING
    new_round(ps, sc, pw)


@compiled_call
def decide(
    ps: np.ndarray, sc: np.ndarray, rf: np.ndarray, pw: np.ndarray, seat: Int, action: Int
) -> None:
    """A decision between rounds: betray or stay loyal (D36); the Jabberwocky's victim (D34)."""
    if sc[S_PHASE] == BETRAY_CHOICE:
        if action != BETRAY:
            count_for_team(ps, sc, rf, pw, seat)
            return
        ps[SIDE, seat] = MAD
        ps[UPSIDE, seat] = 1
        if rf[R_BETRAYER_TEAM]:
            count_for_team(ps, sc, rf, pw, seat)
        elif not check_jabberwocky(ps, sc, rf, pw):
            after_round(ps, sc, rf, pw, seat)
        return
    ps[SIDE, action - MADDEN] = MAD
    if not check_jabberwocky(ps, sc, rf, pw):
        after_round(ps, sc, rf, pw, -1)


@compiled_call
def apply_event(
    ps: np.ndarray,
    sc: np.ndarray,
    rf: np.ndarray,
    pw: np.ndarray,
    placed: np.ndarray,
    seat: Int,
    action: Int,
    rolled: bool,
) -> None:
    """A checked event's action (``rules.apply_action`` during play or Play Me), with the
    driver's two step counts around it."""
    count_step(sc, rf)
    phase = sc[S_PHASE]
    if phase == PLAY:
        sc[S_ROLLER] = NO_SEAT
        play(ps, sc, rf, pw, placed, seat, action, rolled)
    elif phase == TOUCH:
        sc[S_ROLLER] = NO_SEAT
        touch(ps, sc, rf, pw, seat)
    count_step(sc, rf)
