"""The layout of Wonderdice's compiled state: its arrays, their fields, and the bundles they
travel in.

A game's state (:class:`State`) is an ``int64[FIELDS, SEATS]`` array of per-seat figures
(``ps``, rows named by the field constants below), an ``int64[SCALARS]`` array of scalars
and statistics (``sc``, the ``S_*`` indices) and the placement order of each seat's dice
(``placed``, ``int64[SEATS, PLACED]``: -1 for a row die, else the seat the block lies on;
the length is field ``PLEN``).  A roll's faces are ``int64[FACE_SLOTS]`` counts per face
(index 0 unused).

A table's rules (:class:`Rules`) are ``rf``, the resolved variants as an ``int64`` array (the
``R_*`` indices, table variants included), and ``pw``, the powers each character has on each
side, from the loaded content (:func:`powers_table`): ``pw[character, k, power]`` with ``k``
one of ``K_ADMIRING``, ``K_MAD``, ``K_NONE`` (ability lost, D28), ``K_JABBER`` (Admiring
plus the Jabberwocky card) and ``K_JABBER_ONLY``.

Both bundles are named tuples of arrays: numba passes them to compiled functions as it
passes their arrays, at no cost, so a step takes the bundles rather than each array.
"""

from __future__ import annotations

from typing import NamedTuple

import numpy as np

from wonderland.compiled.jit import compiled
from wonderland.games.wonderdice import actions
from wonderland.games.wonderdice.content import Content
from wonderland.games.wonderdice.effects import Powers, grant
from wonderland.games.wonderdice.state import ADMIRING, MAD, SIDES
from wonderland.games.wonderdice.variants import RuleFlags

SEATS = actions.MAX_SEATS
MAX_GAP_MS = actions.MAX_GAP_MS
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

PASS, CLAIM, TOUCH_ACTION, BETRAY, LOYAL = (
    actions.PASS,
    actions.CLAIM,
    actions.TOUCH,
    actions.BETRAY,
    actions.LOYAL,
)
RECLAIM = actions.reclaim(0)
MADDEN = actions.madden(0)
NUM_ACTIONS = actions.NUM_ACTIONS
PLACED = 8
"""Room for one seat's placement order (it holds at most ``DICE`` entries)."""


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


class State(NamedTuple):
    """A game's compiled state."""

    ps: np.ndarray
    """int64[FIELDS, SEATS]: per-seat figures (the field constants)."""
    sc: np.ndarray
    """int64[SCALARS]: scalars and statistics (the ``S_*`` indices)."""
    placed: np.ndarray
    """int64[SEATS, PLACED]: each seat's placement order."""


class Rules(NamedTuple):
    """A table's compiled rules."""

    rf: np.ndarray
    """int64[RULES]: the resolved variants (the ``R_*`` indices)."""
    pw: np.ndarray
    """int64[characters, KINDS, POWERS]: the characters' powers (:func:`powers_table`)."""


def new_state() -> State:
    """A fresh state (all zeros)."""
    return State(
        np.zeros((FIELDS, SEATS), np.int64),
        np.zeros(SCALARS, np.int64),
        np.zeros((SEATS, PLACED), np.int64),
    )


@compiled
def copy_state(source: State, target: State) -> None:
    """``target`` becomes a copy of ``source`` (cell by cell: a slice copy would allocate)."""
    for i in range(source.sc.shape[0]):
        target.sc[i] = source.sc[i]
    for i in range(source.sc[S_N]):
        for f in range(source.ps.shape[0]):
            target.ps[f, i] = source.ps[f, i]
        for j in range(source.placed.shape[1]):
            target.placed[i, j] = source.placed[i, j]
