"""Alice in Wonderdice observations as numbers: a fixed-size vector of one seat's view.

Nothing is hidden in this game (D16), so the view is the public table; the encoding still
reads a :class:`View` (or, on the environments' fast path, the same fields of the state) and
is egocentric: seat block ``k`` is the seat ``k`` places after the observer.  Every value lies
in ``[0, 1]``.  The time of the turn-based event view enters as "how long ago" figures
relative to the current event, divided by a second and clipped.

The learning environments observe through :class:`StateEncoder`, which reads the state,
masks what the view masks and rewrites only what changed since its last observation; a test
proves it equal to encoding the view after every step of random games.

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

from array import array
from collections.abc import Callable, Sequence
from itertools import compress
from operator import attrgetter, ne
from typing import Any, TypeAlias

from wonderland.core import CHANCE, GameConfig
from wonderland.games.wonderdice import actions as A  # noqa: N812
from wonderland.games.wonderdice.content import load_content
from wonderland.games.wonderdice.effects import Powers
from wonderland.games.wonderdice.game import GAPS
from wonderland.games.wonderdice.state import DEAL, DICE, MAD, NEVER, PHASE_NAMES, PLAY, State
from wonderland.games.wonderdice.view import View

ENCODING_VERSION = 1
"""Bumped whenever the layout below changes (environment ids carry it)."""

CHARACTER_SLOTS = 12
"""Characters a content pack may have for the encoding (the standard pack has six)."""
MAX_SEATS = A.MAX_SEATS
POWER_FLAGS = (
    "unblockable",
    "shield_when_last",
    "unblock_costs_die",
    "advance_rest",
    "double_advance",
    "take_back",
    "exposed_take_back",
)
POWER_LEVELS = (
    ("block_reach", 5),
    ("exposed_reach", 5),
    ("unblock_reach", 5),
    ("weak_blocks_reach", 5),
    ("hold_back_lead", 6),
)
SECOND_MS = 1000

SEAT_FEATURES: tuple[tuple[str, int], ...] = (
    ("character", CHARACTER_SLOTS),
    ("flags", 6),  # mad, upside down, suppressed, penalty, tired, touched
    ("powers", len(POWER_FLAGS) + len(POWER_LEVELS)),
    ("hand", DICE + 1),
    ("row", DICE + 1),
    ("blocked", 1 + MAX_SEATS + 6),  # blocked; by whom (egocentric); the number
    ("blocks_placed", 1),
    ("advance", 2),  # time since the last advance; dice placed by it
    ("wins", 2),  # round wins on the Admiring side, on the Mad side
    ("series", 1),
    ("roles", 3),  # rolling now, deciding now, the Jabberwocky
)
SEAT_SIZE = sum(size for _, size in SEAT_FEATURES)
TABLE_FEATURES: tuple[tuple[str, int], ...] = (
    ("phase", len(PHASE_NAMES)),
    ("faces", 6),
    ("progress", 4),  # team wins, round number, game number, time since the round started
)
_OFFSET = {name: sum(s for _, s in SEAT_FEATURES[:i]) for i, (name, _) in enumerate(SEAT_FEATURES)}


def layout(num_players: int) -> list[tuple[str, int]]:
    """The named features in order, with their sizes, for ``num_players`` seats."""
    seats = [(f"seat{k}_{name}", size) for k in range(num_players) for name, size in SEAT_FEATURES]
    return [*seats, *TABLE_FEATURES]


def observation_size(num_players: int) -> int:
    """Length of the observation vector at ``num_players`` seats."""
    return num_players * SEAT_SIZE + sum(size for _, size in TABLE_FEATURES)


def encode_sparse(view: View) -> tuple[list[int], list[tuple[int, float]]]:
    """The non-zero entries of the observation of ``view``: the indices of the entries that
    are 1, and ``(index, value)`` for the others.  A seat's view is required."""
    if view.seat is None:
        raise ValueError("a Wonderdice observation is encoded for a seat, not a spectator")
    return _sparse(view, view.seat, view.table.n)


def encode_state_sparse(state: State, seat: int) -> tuple[list[int], list[tuple[int, float]]]:
    """``encode_sparse(make_view(state, seat))`` without building the view: the view is the
    public state, with the same field names (a differential test proves the two equal)."""
    return _sparse(state, seat, state.table.n)


def encode(view: View) -> list[float]:
    """The observation of ``view`` as a dense list of :func:`observation_size` floats."""
    dense = [0.0] * observation_size(view.table.n)
    ones, others = encode_sparse(view)
    for i in ones:
        dense[i] = 1.0
    for i, v in others:
        dense[i] = v
    return dense


_POWER_ENTRIES: dict[int, tuple[Powers, tuple[int, ...], tuple[tuple[int, float], ...]]] = {}


def _power_entries(powers: Powers) -> tuple[tuple[int, ...], tuple[tuple[int, float], ...]]:
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
    if len(_POWER_ENTRIES) >= 4096:
        _POWER_ENTRIES.clear()
    _POWER_ENTRIES[id(powers)] = (powers, flags_on, levels)  # kept alive: its id stays its own
    return flags_on, levels


def _ago(now: int, then: int) -> float:
    """How long ago ``then`` was, in seconds, clipped to [0, 1]; 1 for never."""
    if then <= NEVER:
        return 1.0
    return min(max(now - then, 0), SECOND_MS) / SECOND_MS


_CHARACTER = _OFFSET["character"]
_FLAGS = _OFFSET["flags"]
_POWERS = _OFFSET["powers"]
_HAND = _OFFSET["hand"]
_ROW = _OFFSET["row"]
_BLOCKED = _OFFSET["blocked"]
_BLOCKS_PLACED = _OFFSET["blocks_placed"]
_ADVANCE = _OFFSET["advance"]
_WINS = _OFFSET["wins"]
_SERIES = _OFFSET["series"]
_ROLES = _OFFSET["roles"]


_SLOW_FIELDS = attrgetter(
    "chars", "side", "upside", "suppressed", "penalty", "powers", "wins", "series_score"
)
"""The per-seat fields that change only between rounds (or on a rare ability effect)."""
_WINS_FIELD = 6
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
            ones.append(base + _CHARACTER + chars[s])
        at = base + _FLAGS
        if side[s] == MAD:
            ones.append(at)
        if upside[s]:
            ones.append(at + 1)
        if suppressed[s]:
            ones.append(at + 2)
        if penalty[s]:
            ones.append(at + 3)
        flags_on, levels = _power_entries(powers[s])
        at = base + _POWERS
        ones += [at + i for i in flags_on]
        others += [(at + i, value) for i, value in levels]
        won = wins[s]
        if won[0]:
            others.append((base + _WINS, min(won[0], 3) / 3))
        if won[1]:
            others.append((base + _WINS + 1, min(won[1], 3) / 3))
        if series[s]:
            others.append((base + _SERIES, min(series[s], MAX_SEATS) / MAX_SEATS))
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
        at = base + _FLAGS
        if tired[s]:
            one(at + 4)
        if touched[s]:
            one(at + 5)
        one(base + _HAND + min(hand[s], DICE))
        one(base + _ROW + min(row[s], DICE))
        block = block_on[s]
        if block is not None:
            blocker, number, _ = block
            at = base + _BLOCKED
            one(at)
            one(at + 1 + (blocker - seat) % n)
            if 1 <= number <= 6:
                one(at + MAX_SEATS + number)
        if nblocks[s]:
            other((base + _BLOCKS_PLACED, min(nblocks[s], DICE) / DICE))
        then = adv_t[s]
        other(
            (
                base + _ADVANCE,
                1.0 if then <= NEVER else min(max(now - then, 0), SECOND_MS) / SECOND_MS,
            )
        )
        if adv_n[s]:
            other((base + _ADVANCE + 1, min(adv_n[s], 2) / 2))
        if roller == s:
            one(base + _ROLES)
        if decider == s:
            one(base + _ROLES + 1)
        if jabber == s:
            one(base + _ROLES + 2)
    base = n * SEAT_SIZE
    one(base + t.phase)
    base += len(PHASE_NAMES)
    faces: Sequence[int] = t.faces
    for value in range(1, min(len(faces), 7)):
        if faces[value]:
            other((base + value - 1, min(faces[value], DICE) / DICE))
    base += 6
    progress = (
        min(t.team_wins, 6) / 6,
        min(t.round_no, 30) / 30,
        min(t.game_no, MAX_SEATS) / MAX_SEATS,
        _ago(now, t.round_start) if t.round_start else 0.0,
    )
    others += [(base + i, v) for i, v in enumerate(progress) if v]
    return ones, others


# -- observations kept up to date by difference ----------------------------------------------

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
    flags_on, levels = _power_entries(powers)
    for i in flags_on:
        buf[at + i] = 1.0
    for i, value in levels:
        buf[at + i] = value


_NOT_BLOCKED = _zeros(1 + MAX_SEATS + 6)


def _blocked(buf: Buffer, at: int, block: tuple[int, int, int] | None) -> None:
    """Blocked and the blocking number; by whom is egocentric (written per observer)."""
    buf[at : at + len(_NOT_BLOCKED)] = _NOT_BLOCKED
    if block is not None:
        buf[at] = 1.0
        number = block[1]
        if 1 <= number <= 6:
            buf[at + MAX_SEATS + number] = 1.0


def _wins(buf: Buffer, at: int, won: list[int]) -> None:
    """Round wins on each side / 3, clipped."""
    buf[at] = min(won[0], 3) / 3 if won[0] else 0.0
    buf[at + 1] = min(won[1], 3) / 3 if won[1] else 0.0


def _seat_writes(n: int) -> tuple[_Writer, ...]:
    """Writers of the fields of :data:`_SEAT_FIELDS`, for ``n`` seats."""
    return (
        _per_seat(n, _CHARACTER, _one_hot(CHARACTER_SLOTS, CHARACTER_SLOTS)),
        _per_seat(n, _FLAGS, _is_mad),
        _per_seat(n, _FLAGS + 1, _flag),
        _per_seat(n, _FLAGS + 2, _flag),
        _per_seat(n, _FLAGS + 3, _flag),
        _per_seat(n, _FLAGS + 4, _flag),
        _per_seat(n, _FLAGS + 5, _flag),
        _per_seat(n, _POWERS, _powers),
        _per_seat(n, _HAND, _one_hot(DICE + 1, DICE)),
        _per_seat(n, _ROW, _one_hot(DICE + 1, DICE)),
        _per_seat(n, _BLOCKED, _blocked),
        _per_seat(n, _BLOCKS_PLACED, _share(DICE)),
        _per_seat(n, _ADVANCE + 1, _share(2)),
        _per_seat(n, _WINS, _wins),
        _per_seat(n, _SERIES, _share(MAX_SEATS)),
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
    at = base + len(PHASE_NAMES) + 6  # progress

    def phase(buf: Buffer, value: int, old: Any) -> None:
        phase_hot(buf, base, value)

    def team_wins(buf: Buffer, value: int, old: Any) -> None:
        buf[at] = min(value, 6) / 6

    def round_no(buf: Buffer, value: int, old: Any) -> None:
        buf[at + 1] = min(value, 30) / 30

    def game_no(buf: Buffer, value: int, old: Any) -> None:
        buf[at + 2] = min(value, MAX_SEATS) / MAX_SEATS

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
        self._round_time = self._faces + 6 + 3

    def observe(self, t: State, seat: int) -> Buffer:
        """A new float32 array: the observation of ``seat``'s view of ``t``."""
        n = self.n
        if t.table.n != n:
            raise ValueError(f"this encoder observes {n}-seat tables, not {t.table.n}")
        if not 0 <= seat < n:
            raise ValueError(f"seat {seat} is not at a table of {n}")
        buf = self._buf
        values = _SEAT_FIELDS(t)
        if values != self._seats:
            self._seats = _rewrite(buf, values, self._seats, self._seat_writes)
        values = _TABLE_FIELDS(t)
        if values != self._table:
            self._table = _rewrite(buf, values, self._table, self._table_writes)
        out = buf[:]
        if seat:  # the observer's block first
            end = n * SEAT_SIZE
            split = (n - seat) * SEAT_SIZE
            out[:split] = buf[seat * SEAT_SIZE : end]
            out[split:end] = buf[: seat * SEAT_SIZE]
        self._write_every_event(out, t, seat)
        return out

    def _write_every_event(self, out: Buffer, t: State, seat: int) -> None:
        n = self.n
        now, adv_t, block_on = t.now, t.adv_t, t.block_on
        for k in range(n):
            s = seat + k - n if seat + k >= n else seat + k
            base = k * SEAT_SIZE
            then = adv_t[s]
            ago = now - then  # in ms, clipped to a second (1 for never, like _ago)
            if ago > 0:
                out[base + _ADVANCE] = ago / SECOND_MS if ago < SECOND_MS and then > NEVER else 1.0
            elif then <= NEVER:
                out[base + _ADVANCE] = 1.0
            block = block_on[s]
            if block is not None:
                out[base + _BLOCKED + 1 + (block[0] - seat) % n] = 1.0
        if 0 <= t.roller < n:
            out[(t.roller - seat) % n * SEAT_SIZE + _ROLES] = 1.0
        if 0 <= t.decider < n:
            out[(t.decider - seat) % n * SEAT_SIZE + _ROLES + 1] = 1.0
        if 0 <= t.jabber < n:
            out[(t.jabber - seat) % n * SEAT_SIZE + _ROLES + 2] = 1.0
        faces: Sequence[int] = t.faces
        at = self._faces - 1
        for value in range(1, min(len(faces), 7)):
            if faces[value]:
                out[at + value] = min(faces[value], DICE) / DICE
        if t.round_start:
            out[self._round_time] = _ago(now, t.round_start)


def state_encoder(num_players: int) -> StateEncoder:
    """A :class:`StateEncoder` for tables of ``num_players`` seats."""
    return StateEncoder(num_players)


def observe_step(before: State, actor: int, action: int, after: State, seat: int) -> str:
    """What ``seat`` sees of a step: everything (D16), in the game's notation."""
    who = "chance" if actor == CHANCE else str(actor)
    return f"{who}:{A.action_to_string(action)}"


def max_chance_outcomes(config: GameConfig) -> int:
    """A bound on the part ids of :func:`chance_parts`: a character, a seat and gap, a face."""
    characters = len(load_content(config.content).characters)
    return max(characters, config.num_players * len(GAPS), 6)


_DIE_PARTS = [(face, 1 / 6) for face in range(6)]


def chance_parts(state: State, drawn: tuple[int, ...]) -> list[tuple[int, float]]:
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


def chance_event(state: State, drawn: tuple[int, ...]) -> int:
    """The game's chance outcome made of the whole event ``drawn`` (see :func:`chance_parts`)."""
    if state.phase == DEAL:
        base = len(state.table.content.characters)
        code, weight = A.DEAL_BASE, 1
        for character in drawn:  # mixed radix: seat 0's character is the lowest digit
            code += character * weight
            weight *= base
        return code
    seat, gap = divmod(drawn[0], len(GAPS))
    faces = A.counts_of([part + 1 for part in drawn[1:]]) if len(drawn) > 1 else (0,) * 7
    return A.encode_roll(seat, GAPS[gap][0], faces)


def chance_part_to_string(state: State, drawn: tuple[int, ...], part: int) -> str:
    """The notation of ``part`` after the parts ``drawn``."""
    if state.phase == DEAL:
        return f"seat {len(drawn)} plays character {part}"
    if not drawn:
        seat, gap = divmod(part, len(GAPS))
        return f"seat {seat} after {GAPS[gap][0]} ms"
    return f"die {len(drawn)} of {_dice_of(state, drawn[0])} shows {part + 1}"


def _untouched(state: State) -> list[int]:
    return [seat for seat in range(state.n) if not state.touched[seat]]


def _dice_of(state: State, seat_and_gap: int) -> int:
    """The dice the seat of a drawn seat-and-gap part rolls (none after "Play Me!")."""
    return state.hand[seat_and_gap // len(GAPS)] if state.phase == PLAY else 0
