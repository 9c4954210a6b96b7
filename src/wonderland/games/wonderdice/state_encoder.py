"""Wonderdice observations kept up to date by difference: what the learning environments
observe through.

:class:`StateEncoder` reads the state, masks what the seat's view masks and rewrites only what
changed since its last observation; each observation equals :func:`~.encoding.encode` of the
seat's view, which a test checks after every step of random games.
"""

from __future__ import annotations

from array import array
from collections.abc import Callable, Sequence
from itertools import compress
from operator import attrgetter, ne
from typing import Any, TypeAlias

from wonderland.games.wonderdice.effects import Powers
from wonderland.games.wonderdice.encoding import (
    ADVANCE,
    BLOCKED,
    BLOCKED_SIZE,
    BLOCKS_PLACED,
    CHARACTER,
    CHARACTER_SLOTS,
    DECIDING_ROLE,
    FLAGS,
    HAND,
    JABBERWOCKY_ROLE,
    MAD_FLAG,
    MAX_SEATS,
    PENALTY_FLAG,
    POWER_FLAGS,
    POWER_LEVELS,
    POWERS,
    PROGRESS_NAMES,
    ROLES,
    ROLLING_ROLE,
    ROUNDS_CAP,
    ROW,
    SEAT_SIZE,
    SECOND_MS,
    SERIES,
    SUPPRESSED_FLAG,
    TEAM_WINS_CAP,
    TIRED_FLAG,
    TOUCHED_FLAG,
    UPSIDE_FLAG,
    WINS,
    WINS_CAP,
    observation_size,
    power_entries,
    seconds_ago,
)
from wonderland.games.wonderdice.legality import ADVANCE_TWO_DICE, FACE_SLOTS, HIGH_FACE, LOW_FACE
from wonderland.games.wonderdice.state import (
    ADMIRING,
    DICE,
    MAD,
    NEVER,
    PHASE_NAMES,
    WonderdiceState,
)

Buffer: TypeAlias = "array[float]"
"""Of type code ``f``: C floats, the float32 a learner gets (numpy wraps it without a copy)."""
_Writer = Callable[[Buffer, Any, Any], None]
"""Rewrites the entries of one field of the state (its new value, its value last time)."""
_NEVER_SEEN = object()
"""A cached value equal to nothing: the first observation writes every entry."""


def _zeros(size: int) -> Buffer:
    """``size`` float32 zeros."""
    return array("f", bytes(4 * size))


def _per_seat(n: int, at: int, write: Callable[[Buffer, int, Any], None]) -> _Writer:
    """A writer of a per-seat list: ``write(buf, seat block + at, value)`` for each seat whose
    value changed."""

    def write_seats(buf: Buffer, values: Any, old: Any) -> None:
        for s in range(n):
            value = values[s]
            if value != old[s]:
                write(buf, s * SEAT_SIZE + at, value)

    return write_seats


def _one_hot(size: int, most: int) -> Callable[[Buffer, int, int], None]:
    """One-hot of ``min(value, most)`` among ``size`` entries."""
    zeros = _zeros(size)

    def write(buf: Buffer, at: int, value: int) -> None:
        buf[at : at + size] = zeros
        value = min(value, most)
        if 0 <= value < size:
            buf[at + value] = 1.0

    return write


def _flag(buf: Buffer, at: int, value: bool) -> None:
    buf[at] = 1.0 if value else 0.0


def _is_mad(buf: Buffer, at: int, side: int) -> None:
    buf[at] = 1.0 if side == MAD else 0.0


def _share(cap: int) -> Callable[[Buffer, int, int], None]:
    """A count divided by ``cap``, clipped."""

    def write(buf: Buffer, at: int, value: int) -> None:
        buf[at] = min(value, cap) / cap if value else 0.0

    return write


_NO_POWERS = _zeros(len(POWER_FLAGS) + len(POWER_LEVELS))


def _powers(buf: Buffer, at: int, powers: Powers) -> None:
    """The flags that are on and the scaled reaches of a seat's powers."""
    buf[at : at + len(_NO_POWERS)] = _NO_POWERS
    flags_on, levels = power_entries(powers)
    for i in flags_on:
        buf[at + i] = 1.0
    for i, value in levels:
        buf[at + i] = value


_NOT_BLOCKED = _zeros(BLOCKED_SIZE)


def _blocked(buf: Buffer, at: int, block: tuple[int, int, int] | None) -> None:
    """Blocked and the blocking number; by whom is egocentric (written per observer)."""
    buf[at : at + len(_NOT_BLOCKED)] = _NOT_BLOCKED
    if block is not None:
        buf[at] = 1.0
        number = block[1]
        if LOW_FACE <= number <= HIGH_FACE:
            buf[at + MAX_SEATS + number] = 1.0


def _wins(buf: Buffer, at: int, won: list[int]) -> None:
    """Round wins on each side / ``WINS_CAP``, clipped."""
    for side in (ADMIRING, MAD):
        buf[at + side] = min(won[side], WINS_CAP) / WINS_CAP if won[side] else 0.0


def _seat_writes(n: int) -> tuple[_Writer, ...]:
    """Writers of the fields of :data:`_SEAT_FIELDS`, for ``n`` seats."""
    return (
        _per_seat(n, CHARACTER, _one_hot(CHARACTER_SLOTS, CHARACTER_SLOTS)),
        _per_seat(n, FLAGS + MAD_FLAG, _is_mad),
        _per_seat(n, FLAGS + UPSIDE_FLAG, _flag),
        _per_seat(n, FLAGS + SUPPRESSED_FLAG, _flag),
        _per_seat(n, FLAGS + PENALTY_FLAG, _flag),
        _per_seat(n, FLAGS + TIRED_FLAG, _flag),
        _per_seat(n, FLAGS + TOUCHED_FLAG, _flag),
        _per_seat(n, POWERS, _powers),
        _per_seat(n, HAND, _one_hot(DICE + 1, DICE)),
        _per_seat(n, ROW, _one_hot(DICE + 1, DICE)),
        _per_seat(n, BLOCKED, _blocked),
        _per_seat(n, BLOCKS_PLACED, _share(DICE)),
        _per_seat(n, ADVANCE + 1, _share(ADVANCE_TWO_DICE)),
        _per_seat(n, WINS, _wins),
        _per_seat(n, SERIES, _share(MAX_SEATS)),
    )


_SEAT_FIELDS = attrgetter(
    "chars",
    "side",
    "upside",
    "suppressed",
    "penalty",
    "tired",
    "touched",
    "powers",
    "hand",
    "row",
    "block_on",
    "nblocks",
    "adv_n",
    "wins",
    "series_score",
)
"""The per-seat lists the seat blocks come from, but for the advance times (how long ago is
written at every observation: the clock moves at every event)."""


def _table_writes(base: int) -> tuple[_Writer, ...]:
    """Writers of the fields of :data:`_TABLE_FIELDS`, the table block starting at ``base``."""
    phase_hot = _one_hot(len(PHASE_NAMES), len(PHASE_NAMES))
    at = base + len(PHASE_NAMES) + HIGH_FACE  # progress
    team, rounds, games = (PROGRESS_NAMES.index(name) for name in ("team_wins", "round", "game"))

    def phase(buf: Buffer, value: int, old: Any) -> None:
        phase_hot(buf, base, value)

    def team_wins(buf: Buffer, value: int, old: Any) -> None:
        buf[at + team] = min(value, TEAM_WINS_CAP) / TEAM_WINS_CAP

    def round_no(buf: Buffer, value: int, old: Any) -> None:
        buf[at + rounds] = min(value, ROUNDS_CAP) / ROUNDS_CAP

    def game_no(buf: Buffer, value: int, old: Any) -> None:
        buf[at + games] = min(value, MAX_SEATS) / MAX_SEATS

    return (phase, team_wins, round_no, game_no)


_TABLE_FIELDS = attrgetter("phase", "team_wins", "round_no", "game_no")
"""The table's fields but for the clock and the resolving roll (written at every event)."""


def _copy(value: Any) -> Any:
    """A copy of a list (of lists too), to compare later values of its field with."""
    if type(value) is not list:
        return value
    if value and type(value[0]) is list:
        return [item[:] for item in value]
    return value[:]


def _rewrite(
    buf: Buffer, values: tuple[Any, ...], old: tuple[Any, ...], writes: tuple[_Writer, ...]
) -> tuple[Any, ...]:
    """Rewrite the fields whose value differs from ``old``; the values to compare with next
    time."""
    copies = list(old)
    for i in compress(range(len(values)), map(ne, values, old)):  # the equal ones skipped in C
        writes[i](buf, values[i], old[i])
        copies[i] = _copy(values[i])
    return tuple(copies)


class StateEncoder:
    """Observations of one table's states, each equal to ``encode(make_view(state, seat))``.

    One float32 buffer holds the seat blocks in seat order and the table, with copies of the
    fields they come from, and an observation rewrites only the fields that changed since the
    last one.  It copies the blocks in the observer's order and adds what changes at every
    event or depends on the observer: how long ago each seat advanced, who rolls, decides
    and is the Jabberwocky, who blocks whom (egocentric), the resolving roll, the time since
    the round started.  A state of another game at this table size works too: its fields
    differ, so they are rewritten.
    """

    def __init__(self, num_players: int) -> None:
        if not 1 <= num_players <= MAX_SEATS:
            raise ValueError(f"Wonderdice seats 1 to {MAX_SEATS} players, not {num_players}")
        n = self.n = num_players
        self._buf = _zeros(observation_size(n))
        self._seat_writes = _seat_writes(n)
        self._seats: tuple[Any, ...] = tuple([_NEVER_SEEN] * n for _ in self._seat_writes)
        self._table_writes = _table_writes(n * SEAT_SIZE)
        self._table: tuple[Any, ...] = (_NEVER_SEEN,) * len(self._table_writes)
        self._faces = n * SEAT_SIZE + len(PHASE_NAMES)
        self._round_time = self._faces + HIGH_FACE + PROGRESS_NAMES.index("round_time")

    def observe(self, state: WonderdiceState, seat: int) -> Buffer:
        """A new float32 array: the observation of ``seat``'s view of ``state``."""
        n = self.n
        if state.table.n != n:
            raise ValueError(f"this encoder observes {n}-seat tables, not {state.table.n}")
        if not 0 <= seat < n:
            raise ValueError(f"seat index {seat} is not at a table of {n} (indices 0 to {n - 1})")
        buf = self._buf
        values = _SEAT_FIELDS(state)
        if values != self._seats:
            self._seats = _rewrite(buf, values, self._seats, self._seat_writes)
        values = _TABLE_FIELDS(state)
        if values != self._table:
            self._table = _rewrite(buf, values, self._table, self._table_writes)
        out = buf[:]
        if seat:  # the observer's block first
            end = n * SEAT_SIZE
            split = (n - seat) * SEAT_SIZE
            out[:split] = buf[seat * SEAT_SIZE : end]
            out[split:end] = buf[: seat * SEAT_SIZE]
        self._write_every_event(out, state, seat)
        return out

    def _write_every_event(self, out: Buffer, state: WonderdiceState, seat: int) -> None:
        n = self.n
        now, adv_t, block_on = state.now, state.adv_t, state.block_on
        for k in range(n):
            s = seat + k - n if seat + k >= n else seat + k
            base = k * SEAT_SIZE
            then = adv_t[s]
            ago = now - then  # in ms, clipped to a second (1 for never, like seconds_ago)
            if ago > 0:
                out[base + ADVANCE] = ago / SECOND_MS if ago < SECOND_MS and then > NEVER else 1.0
            elif then <= NEVER:
                out[base + ADVANCE] = 1.0
            block = block_on[s]
            if block is not None:
                out[base + BLOCKED + 1 + (block[0] - seat) % n] = 1.0
        if 0 <= state.roller < n:
            out[(state.roller - seat) % n * SEAT_SIZE + ROLES + ROLLING_ROLE] = 1.0
        if 0 <= state.decider < n:
            out[(state.decider - seat) % n * SEAT_SIZE + ROLES + DECIDING_ROLE] = 1.0
        if 0 <= state.jabber < n:
            out[(state.jabber - seat) % n * SEAT_SIZE + ROLES + JABBERWOCKY_ROLE] = 1.0
        faces: Sequence[int] = state.faces
        at = self._faces - LOW_FACE
        for value in range(LOW_FACE, min(len(faces), FACE_SLOTS)):
            if faces[value]:
                out[at + value] = min(faces[value], DICE) / DICE
        if state.round_start:
            out[self._round_time] = seconds_ago(now, state.round_start)


def state_encoder(num_players: int) -> StateEncoder:
    """A :class:`StateEncoder` for tables of ``num_players`` seats."""
    return StateEncoder(num_players)
