"""Which actions a roll allows: the legality rule, written once for both engines.

A seat whose roll is resolving may, with the faces it shows (D14, D15):

* ADVANCE its next number (D17, D18) unless tired (mad_hatter.mad) or held back (alice.mad);
  while blocked only when the block lies within the simultaneity window (the cancel of D24);
  the double advance places the next two numbers at once (mad_hatter.admiring);
* UNBLOCK with the blocking number, +- the larger of its own and the blocker's reach (D22);
* BLOCK an opponent that is neither blocked (D20) nor protected (D7, Q16, alice.admiring) with
  the number it needs (Q2), +- the larger of the blocker's and the target's reach, or with the
  number it had before an advance within the window (D24: the two then cancel);
* make another seat that has placed a die take it back: the Walrus's own power (D8, Q9), or
  anyone's with a pair against an exposed Walrus (walrus.mad);
* nothing else while blocked under ``blocked_may_only_unblock`` (Q4), and always pass.

The plain rules (``rules.py``) and the compiled ones (``fast/rules.py``) read their states
their own way and decide with what is here: the faces, the action tables (every action id's
kind, target and value; every listed action's id) and the rule's arithmetic as small
functions of plain integers.  ``fast/rules.py`` compiles these very functions with numba, so
they call no other function and read only module constants.  (Compiled callers inline them:
after editing this file delete the numba caches under ``fast/__pycache__``.)

>>> block_ranges(4, 0, 1, 0)
(3, 5, 7, 0)
>>> KIND[BLOCK_ID[2][4]], TARGET[BLOCK_ID[2][4]], VALUE[BLOCK_ID[2][4]] == 4
(11, 2, True)
"""

from __future__ import annotations

from wonderland.games.wonderdice import actions

LOW_FACE = 1
HIGH_FACE = 6
"""The faces of a die: also the numbers of a row, built in order (D17)."""
FACES = range(LOW_FACE, HIGH_FACE + 1)
FACE_SLOTS = HIGH_FACE + 1
"""The length of a roll's counts per face (index 0 unused)."""
ROW_DONE = HIGH_FACE
"""The length of a complete row, 1-6 (D11, D25)."""
PAIR = 2
"""Dice showing one face that let any opponent make an exposed Walrus take back."""
ADVANCE_TWO_DICE = 2
"""Dice the double advance places (mad_hatter.admiring)."""
NO_RANGE = (HIGH_FACE + 1, LOW_FACE - 1)
"""A range of faces, ``(lo, hi)``, that holds none."""
NO_RANGES = NO_RANGE + NO_RANGE
"""The two ranges of faces a block may show on a seat that cannot be blocked."""

# -- every action id's kind, target and value ------------------------------------------------
KIND_NAMES = (
    "pass",
    "claim",
    "touch",
    "betray",
    "loyal",
    "reclaim",
    "advance",
    "advance_two",
    "unblock",
    "take_back",
    "madden",
    "block",
)
"""The kinds of :class:`~.actions.Action`, by kind code."""
(
    PASS_KIND,
    CLAIM_KIND,
    TOUCH_KIND,
    BETRAY_KIND,
    LOYAL_KIND,
    RECLAIM_KIND,
    ADVANCE_KIND,
    ADVANCE_TWO_KIND,
    UNBLOCK_KIND,
    TAKE_BACK_KIND,
    MADDEN_KIND,
    BLOCK_KIND,
) = range(len(KIND_NAMES))
ON_ROLL = (PASS_KIND, ADVANCE_KIND, ADVANCE_TWO_KIND, UNBLOCK_KIND, BLOCK_KIND, TAKE_BACK_KIND)
"""The kinds a roll may allow, in the order a roll's actions are listed."""
KIND = tuple(KIND_NAMES.index(a.kind) for a in actions.DECODED)
"""The kind code of every action id."""
TARGET = tuple(actions.target_of(a) for a in actions.DECODED)
"""The target seat of every action id (-1: none)."""
VALUE = tuple(actions.value_of(a) for a in actions.DECODED)
"""The die value of every action id (0: none)."""

# -- the id of every action a roll may allow ---------------------------------------------------
ADVANCE_ID = (-1, *(actions.advance(v) for v in FACES))
"""ADVANCE with a die showing ``v``, by ``v`` (index 0: none)."""
ADVANCE_TWO_ID = (-1, *(actions.advance_two(v) for v in FACES))
"""The double advance placing ``v`` and ``v + 1``, by ``v``."""
UNBLOCK_ID = (-1, *(actions.unblock(v) for v in FACES))
"""UNBLOCK with a die showing ``v``, by ``v``."""
BLOCK_ID = tuple((-1, *(actions.block(t, v) for v in FACES)) for t in range(actions.MAX_SEATS))
"""BLOCK seat ``t`` with a die showing ``v``, at ``[t][v]``."""
TAKE_BACK_ID = tuple(actions.take_back(t) for t in range(actions.MAX_SEATS))
"""Make seat ``t`` take back its last placed die, by ``t``."""
BLOCK_NUMBER = (tuple(r + 1 for r in range(ROW_DONE + 1)), tuple(range(ROW_DONE + 1)))
"""The number a block on a row of ``r`` dice must show (Q2), at ``[top][r]``: the next one
needed, or under ``block_matches_top_die`` (``top``) the top die (0: none)."""


# -- the rule's arithmetic ---------------------------------------------------------------------
def in_window(now: int, then: int, window: int) -> bool:
    """Whether an event stamped ``then`` is within the simultaneity window of ``now`` (D24)."""
    return now - then <= window


def unblock_range(value: int, own_reach: int, blocker_reach: int) -> tuple[int, int]:
    """The faces that UNBLOCK a block showing ``value`` (D22), ``(lo, hi)``: within the larger
    of the blocked seat's reach (absolem.admiring) and the blocker's (queen_of_hearts.mad)."""
    reach = own_reach if own_reach > blocker_reach else blocker_reach
    lo, hi = value - reach, value + reach
    return (lo if lo > LOW_FACE else LOW_FACE), (hi if hi < HIGH_FACE else HIGH_FACE)


def block_ranges(
    number: int, blocker_reach: int, target_reach: int, recent: int
) -> tuple[int, int, int, int]:
    """The faces a BLOCK on a seat needing ``number`` may show, as two ranges ``(lo, hi, lo2,
    hi2)``: within the larger of the blocker's reach (queen_of_hearts.admiring) and the
    target's (cheshire_cat.mad) of that number (D19), and of the number it had before an
    advance of ``recent`` dice within the window (D24; 0: no such advance)."""
    reach = blocker_reach if blocker_reach > target_reach else target_reach
    lo, hi = NO_RANGE
    if LOW_FACE <= number <= HIGH_FACE:
        lo, hi = number - reach, number + reach
        lo, hi = (lo if lo > LOW_FACE else LOW_FACE), (hi if hi < HIGH_FACE else HIGH_FACE)
    lo2, hi2 = NO_RANGE
    before = number - recent
    if recent and before >= LOW_FACE:
        lo2, hi2 = before - reach, before + reach
        lo2, hi2 = (lo2 if lo2 > LOW_FACE else LOW_FACE), (hi2 if hi2 < HIGH_FACE else HIGH_FACE)
    return lo, hi, lo2, hi2


def may_take_back(own: int, pair: bool, exposed: int) -> bool:
    """Whether a seat may make another that has placed a die take it back: by its own power
    (``own``: walrus.admiring, D8, Q9) or with a ``pair`` against an ``exposed`` one
    (walrus.mad)."""
    return own != 0 or (pair and exposed != 0)
