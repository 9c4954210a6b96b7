"""Alice in Wonderdice observations as numbers: a fixed-size vector of one seat's view.

Nothing is hidden in this game (D16), so the view is the public table; the encoding still
reads a :class:`WonderdiceView` (or, on the environments' fast path, the same fields of the
state) and is egocentric: seat block ``k`` is the seat ``k`` places after the observer.  Every
value lies in ``[0, 1]``.  The time of the turn-based event view enters as "how long ago"
figures relative to the current event, divided by a second and clipped.

The learning environments observe through ``state_encoder.StateEncoder``, which reads the
state, masks what the view masks and rewrites only what changed since its last observation; a
test proves it equal to encoding the view after every step of random games.

Per seat (``n`` blocks): character (one-hot over :data:`CHARACTER_SLOTS`); Mad side, upside
down (betrayer), ability suppressed, Play Me penalty, tired, touched the token; the active
powers (flags and reaches); dice in hand and on the row (one-hot 0-6); blocked, by whom
(egocentric) and with which number; blocks it has placed; its placed dice; time since its
last advance and how many it placed then; round wins on each side; series score; whether it
is the seat whose roll is resolving, the one deciding, the Jabberwocky.

The table: phase; the resolving roll (dice per face); team wins, round and game number; time
since the round started.

>>> observation_size(4) == sum(size for _, size in layout(4))
True
"""

from __future__ import annotations

from collections.abc import Sequence
from operator import attrgetter
from typing import Any

from wonderland.core import CHANCE, GameConfig
from wonderland.core.observations import densify
from wonderland.games.wonderdice import actions
from wonderland.games.wonderdice.content import load_content
from wonderland.games.wonderdice.effects import Powers
from wonderland.games.wonderdice.game import GAPS
from wonderland.games.wonderdice.legality import ADVANCE_TWO_DICE, FACE_SLOTS, HIGH_FACE, LOW_FACE
from wonderland.games.wonderdice.state import (
    ADMIRING,
    DEAL,
    DICE,
    MAD,
    NEVER,
    PHASE_NAMES,
    PLAY,
    SIDES,
    WonderdiceState,
)
from wonderland.games.wonderdice.view import WonderdiceView

ENCODING_VERSION = 1
"""Bumped whenever the layout below changes (environment ids carry it)."""

CHARACTER_SLOTS = 12
"""Characters a content pack may have for the encoding (the standard pack has six)."""
MAX_SEATS = actions.MAX_SEATS
POWER_FLAGS = (
    "unblockable",
    "shield_when_last",
    "unblock_costs_die",
    "advance_rest",
    "double_advance",
    "take_back",
    "exposed_take_back",
)
MAX_REACH = 5
"""The largest reach an ability grants (content parameters lie in 0..5)."""
POWER_LEVELS = (
    ("block_reach", MAX_REACH),
    ("exposed_reach", MAX_REACH),
    ("unblock_reach", MAX_REACH),
    ("weak_blocks_reach", MAX_REACH),
    ("hold_back_lead", DICE),
)
"""The powers that are levels, with the level that scales to 1."""
SECOND_MS = 1000
WINS_CAP = 3
"""Round wins on one side counted (more show as this many)."""
TEAM_WINS_CAP = MAX_SEATS
"""Team wins counted (the team's target is at most the seats, Q15)."""
ROUNDS_CAP = 30
"""Rounds counted."""

FLAG_NAMES = ("mad", "upside_down", "suppressed", "penalty", "tired", "touched")
"""A seat's flags, one entry each (``FLAGS + *_FLAG``)."""
MAD_FLAG, UPSIDE_FLAG, SUPPRESSED_FLAG, PENALTY_FLAG, TIRED_FLAG, TOUCHED_FLAG = range(
    len(FLAG_NAMES)
)
ROLE_NAMES = ("rolling", "deciding", "jabberwocky")
"""A seat's roles now, one entry each (``ROLES + *_ROLE``)."""
ROLLING_ROLE, DECIDING_ROLE, JABBERWOCKY_ROLE = range(len(ROLE_NAMES))
BLOCKED_SIZE = 1 + MAX_SEATS + HIGH_FACE
"""Blocked; by whom (egocentric, one entry per seat); the blocking number (one per face)."""
PROGRESS_NAMES = ("team_wins", "round", "game", "round_time")
"""The table's progress: team wins, round number, game number, time since the round began."""

SEAT_FEATURES: tuple[tuple[str, int], ...] = (
    ("character", CHARACTER_SLOTS),
    ("flags", len(FLAG_NAMES)),
    ("powers", len(POWER_FLAGS) + len(POWER_LEVELS)),
    ("hand", DICE + 1),
    ("row", DICE + 1),
    ("blocked", BLOCKED_SIZE),
    ("blocks_placed", 1),
    ("advance", 2),  # time since the last advance; dice placed by it
    ("wins", SIDES),  # round wins on the Admiring side, on the Mad side
    ("series", 1),
    ("roles", len(ROLE_NAMES)),
)
SEAT_SIZE = sum(size for _, size in SEAT_FEATURES)
TABLE_FEATURES: tuple[tuple[str, int], ...] = (
    ("phase", len(PHASE_NAMES)),
    ("faces", HIGH_FACE),
    ("progress", len(PROGRESS_NAMES)),
)
_OFFSET = {name: sum(s for _, s in SEAT_FEATURES[:i]) for i, (name, _) in enumerate(SEAT_FEATURES)}


def layout(num_players: int) -> list[tuple[str, int]]:
    """The named features in order, with their sizes, for ``num_players`` seats."""
    seats = [(f"seat{k}_{name}", size) for k in range(num_players) for name, size in SEAT_FEATURES]
    return [*seats, *TABLE_FEATURES]


def observation_size(num_players: int) -> int:
    """Length of the observation vector at ``num_players`` seats."""
    return num_players * SEAT_SIZE + sum(size for _, size in TABLE_FEATURES)


def encode_sparse(view: WonderdiceView) -> tuple[list[int], list[tuple[int, float]]]:
    """The non-zero entries of the observation of ``view``: the indices of the entries that
    are 1, and ``(index, value)`` for the others.  A seat's view is required."""
    if view.seat is None:
        raise ValueError("a Wonderdice observation is encoded for a seat, not a spectator")
    return _sparse(view, view.seat, view.table.n)


def encode_state_sparse(
    state: WonderdiceState, seat: int
) -> tuple[list[int], list[tuple[int, float]]]:
    """``encode_sparse(make_view(state, seat))`` without building the view: the view is the
    public state, with the same field names (a differential test proves the two equal)."""
    return _sparse(state, seat, state.table.n)


def encode(view: WonderdiceView) -> list[float]:
    """The observation of ``view`` as a dense list of :func:`observation_size` floats."""
    return densify(observation_size(view.table.n), *encode_sparse(view))


_POWER_ENTRIES: dict[int, tuple[Powers, tuple[int, ...], tuple[tuple[int, float], ...]]] = {}
_POWER_ENTRIES_KEPT = 4096
"""Powers records remembered before the memo starts afresh."""


def power_entries(powers: Powers) -> tuple[tuple[int, ...], tuple[tuple[int, float], ...]]:
    """The non-zero entries of a powers record, relative to the ``powers`` feature: flags that
    are on, and scaled levels.  Remembered by identity: a seat's powers record is replaced
    only when its side or ability changes, and states share it when copied."""
    known = _POWER_ENTRIES.get(id(powers))
    if known is not None and known[0] is powers:
        return known[1], known[2]
    flags_on = tuple(i for i, name in enumerate(POWER_FLAGS) if getattr(powers, name))
    levels = tuple(
        (len(POWER_FLAGS) + i, min(level, cap) / cap)
        for i, (name, cap) in enumerate(POWER_LEVELS)
        if (level := getattr(powers, name))
    )
    if len(_POWER_ENTRIES) >= _POWER_ENTRIES_KEPT:
        _POWER_ENTRIES.clear()
    _POWER_ENTRIES[id(powers)] = (powers, flags_on, levels)  # kept alive: its id stays its own
    return flags_on, levels


def seconds_ago(now: int, then: int) -> float:
    """How long ago ``then`` was, in seconds, clipped to [0, 1]; 1 for never."""
    if then <= NEVER:
        return 1.0
    return min(max(now - then, 0), SECOND_MS) / SECOND_MS


CHARACTER = _OFFSET["character"]
FLAGS = _OFFSET["flags"]
POWERS = _OFFSET["powers"]
HAND = _OFFSET["hand"]
ROW = _OFFSET["row"]
BLOCKED = _OFFSET["blocked"]
BLOCKS_PLACED = _OFFSET["blocks_placed"]
ADVANCE = _OFFSET["advance"]
WINS = _OFFSET["wins"]
SERIES = _OFFSET["series"]
ROLES = _OFFSET["roles"]


_SLOW_NAMES = ("chars", "side", "upside", "suppressed", "penalty", "powers", "wins", "series_score")
_SLOW_FIELDS = attrgetter(*_SLOW_NAMES)
"""The per-seat fields that change only between rounds (or on a rare ability effect)."""
_WINS_FIELD = _SLOW_NAMES.index("wins")
"""Where ``wins`` (a list of per-seat lists, copied a level deeper) sits in ``_SLOW_FIELDS``."""
_SLOW_BLOCKS: dict[
    tuple[int, int], tuple[tuple[Any, ...], tuple[int, ...], tuple[tuple[int, float], ...]]
] = {}
"""Per (observer seat, seats): copies of the slow fields, and their entries for that observer.
An entry is reused only while every field it comes from is equal, so the cache never changes
an observation; a step usually changes none of these fields."""


def _slow_entries(
    t: Any, seat: int, n: int
) -> tuple[tuple[int, ...], tuple[tuple[int, float], ...]]:
    """The entries of every seat's character, Mad side, upside down, suppressed, penalty,
    powers, round wins and series score, as seen by ``seat``."""
    fields = _SLOW_FIELDS(t)
    known = _SLOW_BLOCKS.get((seat, n))
    if known is not None and known[0] == fields:
        return known[1], known[2]
    chars, side, upside, suppressed, penalty, powers, wins, series = fields
    ones: list[int] = []
    others: list[tuple[int, float]] = []
    for k in range(n):
        s = seat + k - n if seat + k >= n else seat + k
        base = k * SEAT_SIZE
        if 0 <= chars[s] < CHARACTER_SLOTS:
            ones.append(base + CHARACTER + chars[s])
        at = base + FLAGS
        if side[s] == MAD:
            ones.append(at + MAD_FLAG)
        if upside[s]:
            ones.append(at + UPSIDE_FLAG)
        if suppressed[s]:
            ones.append(at + SUPPRESSED_FLAG)
        if penalty[s]:
            ones.append(at + PENALTY_FLAG)
        flags_on, levels = power_entries(powers[s])
        at = base + POWERS
        ones += [at + i for i in flags_on]
        others += [(at + i, value) for i, value in levels]
        won = wins[s]
        if won[ADMIRING]:
            others.append((base + WINS + ADMIRING, min(won[ADMIRING], WINS_CAP) / WINS_CAP))
        if won[MAD]:
            others.append((base + WINS + MAD, min(won[MAD], WINS_CAP) / WINS_CAP))
        if series[s]:
            others.append((base + SERIES, min(series[s], MAX_SEATS) / MAX_SEATS))
    copies = [field[:] for field in fields]
    copies[_WINS_FIELD] = type(wins)(won[:] for won in wins)  # the same types compare equal
    entries = (tuple(ones), tuple(others))
    _SLOW_BLOCKS[seat, n] = (tuple(copies), *entries)
    return entries


def _sparse(t: Any, seat: int, n: int) -> tuple[list[int], list[tuple[int, float]]]:
    """The encoding of a view or a state ``t`` (both have these fields) for ``seat``."""
    slow_ones, slow_others = _slow_entries(t, seat, n)
    ones = list(slow_ones)
    others = list(slow_others)
    _seat_entries(t, seat, n, ones, others)
    _table_entries(t, n, ones, others)
    return ones, others


def _seat_entries(
    t: Any, seat: int, n: int, ones: list[int], others: list[tuple[int, float]]
) -> None:
    """Each seat's fast-changing entries, from ``seat``'s point of view."""
    one = ones.append
    other = others.append
    now = t.now
    tired, touched = t.tired, t.touched
    hand, row, block_on, nblocks = t.hand, t.row, t.block_on, t.nblocks
    adv_t, adv_n = t.adv_t, t.adv_n
    roller, decider, jabber = t.roller, t.decider, t.jabber
    for k in range(n):
        s = seat + k - n if seat + k >= n else seat + k
        base = k * SEAT_SIZE
        at = base + FLAGS
        if tired[s]:
            one(at + TIRED_FLAG)
        if touched[s]:
            one(at + TOUCHED_FLAG)
        one(base + HAND + min(hand[s], DICE))
        one(base + ROW + min(row[s], DICE))
        block = block_on[s]
        if block is not None:
            blocker, number, _ = block
            at = base + BLOCKED
            one(at)
            one(at + 1 + (blocker - seat) % n)
            if LOW_FACE <= number <= HIGH_FACE:
                one(at + MAX_SEATS + number)
        if nblocks[s]:
            other((base + BLOCKS_PLACED, min(nblocks[s], DICE) / DICE))
        then = adv_t[s]
        other(
            (
                base + ADVANCE,
                1.0 if then <= NEVER else min(max(now - then, 0), SECOND_MS) / SECOND_MS,
            )
        )
        if adv_n[s]:
            other((base + ADVANCE + 1, min(adv_n[s], ADVANCE_TWO_DICE) / ADVANCE_TWO_DICE))
        if roller == s:
            one(base + ROLES + ROLLING_ROLE)
        if decider == s:
            one(base + ROLES + DECIDING_ROLE)
        if jabber == s:
            one(base + ROLES + JABBERWOCKY_ROLE)


def _table_entries(t: Any, n: int, ones: list[int], others: list[tuple[int, float]]) -> None:
    """The table's fast-changing entries: phase, the resolving roll and the progress."""
    base = n * SEAT_SIZE
    ones.append(base + t.phase)
    base += len(PHASE_NAMES)
    faces: Sequence[int] = t.faces
    for value in range(LOW_FACE, min(len(faces), FACE_SLOTS)):
        if faces[value]:
            others.append((base + value - LOW_FACE, min(faces[value], DICE) / DICE))
    base += HIGH_FACE
    progress = (
        min(t.team_wins, TEAM_WINS_CAP) / TEAM_WINS_CAP,
        min(t.round_no, ROUNDS_CAP) / ROUNDS_CAP,
        min(t.game_no, MAX_SEATS) / MAX_SEATS,
        seconds_ago(t.now, t.round_start) if t.round_start else 0.0,
    )
    others += [(base + i, v) for i, v in enumerate(progress) if v]


def observe_step(
    before: WonderdiceState, actor: int, action: int, after: WonderdiceState, seat: int
) -> str:
    """What ``seat`` sees of a step: everything (D16), in the game's notation."""
    who = "chance" if actor == CHANCE else str(actor)
    return f"{who}:{actions.action_to_string(action)}"


def max_chance_outcomes(config: GameConfig) -> int:
    """A bound on the part ids of :func:`chance_parts`: a character, a seat and gap, a face."""
    characters = len(load_content(config.content).characters)
    return max(characters, config.num_players * len(GAPS), HIGH_FACE)


_DIE_PARTS = [(face, 1 / HIGH_FACE) for face in range(HIGH_FACE)]


def chance_parts(state: WonderdiceState, drawn: tuple[int, ...]) -> list[tuple[int, float]]:
    """The next part of the chance event being drawn, with its probability given the parts
    ``drawn`` so far; ``[]`` once ``drawn`` is a whole event (:func:`chance_event`).

    A deal is drawn one seat's character at a time, without replacement (part: the character
    index); a roll event as the seat and gap (part ``seat * len(GAPS) + gap``), then each die
    in that seat's hand, one at a time (part ``face - 1``).  Multiplied out, the parts give
    exactly the game's ``chance_outcomes`` (a test checks it), in chance nodes of at most
    :func:`max_chance_outcomes` outcomes instead of one node of up to ``n * 2 * 462``.
    """
    if state.phase == DEAL:
        if len(drawn) == state.n:
            return []
        if not state.table.flags.random_deal:
            return [(len(drawn), 1.0)]  # the fixed deal: seat i plays character i
        left = [c for c in range(len(state.table.content.characters)) if c not in drawn]
        return [(c, 1 / len(left)) for c in left]
    if not drawn:
        # Every seat's roll may resolve next; after "Play Me!" only the seats still to touch
        # the token act (D28), without a roll.
        seats = range(state.n) if state.phase == PLAY else _untouched(state)
        return [
            (seat * len(GAPS) + g, p / len(seats))
            for seat in seats
            for g, (_, p) in enumerate(GAPS)
        ]
    return _DIE_PARTS if len(drawn) <= _dice_of(state, drawn[0]) else []


def chance_event(state: WonderdiceState, drawn: tuple[int, ...]) -> int:
    """The game's chance outcome made of the whole event ``drawn`` (see :func:`chance_parts`)."""
    if state.phase == DEAL:
        base = len(state.table.content.characters)
        code, weight = actions.DEAL_BASE, 1
        for character in drawn:  # mixed radix: seat 0's character is the lowest digit
            code += character * weight
            weight *= base
        return code
    seat, gap = divmod(drawn[0], len(GAPS))
    faces = (
        actions.counts_of([part + 1 for part in drawn[1:]]) if len(drawn) > 1 else (0,) * FACE_SLOTS
    )
    return actions.encode_roll(seat, GAPS[gap][0], faces)


def chance_part_to_string(state: WonderdiceState, drawn: tuple[int, ...], part: int) -> str:
    """The notation of ``part`` after the parts ``drawn``."""
    if state.phase == DEAL:
        return f"seat {len(drawn)} plays character {part}"
    if not drawn:
        seat, gap = divmod(part, len(GAPS))
        return f"seat {seat} after {GAPS[gap][0]} ms"
    return f"die {len(drawn)} of {_dice_of(state, drawn[0])} shows {part + 1}"


def _untouched(state: WonderdiceState) -> list[int]:
    return [seat for seat in range(state.n) if not state.touched[seat]]


def _dice_of(state: WonderdiceState, seat_and_gap: int) -> int:
    """The dice the seat of a drawn seat-and-gap part rolls (none after "Play Me!")."""
    return state.hand[seat_and_gap // len(GAPS)] if state.phase == PLAY else 0
