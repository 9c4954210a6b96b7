"""Wonderland's War observations kept up to date by difference: what the learning environments
observe through.

:class:`StateEncoder` reads the state, masks what the seat's view masks and rewrites only what
changed since its last observation; each observation equals :func:`~.encoding.encode` of the
seat's view, which a test checks after every step of random games.
"""

from __future__ import annotations

from array import array
from collections.abc import Callable
from itertools import compress
from operator import attrgetter, ne
from typing import Any, TypeAlias

from wonderland.games.wonderlands_war import capacity
from wonderland.games.wonderlands_war.encoding import (
    BATTLE_STATUSES,
    CASTLES_CAP,
    CHIPS_CAP,
    CHOICES,
    DECK_CAP,
    DEPTH_CAP,
    FIGURES_CAP,
    FORGED_CAP,
    FORGES_CAP,
    MAX_DECKS,
    MAX_ROUNDS,
    PAIR_CAP,
    PRIVATE_SIZE,
    QUESTS_CAP,
    SCALARS,
    SEAT_OFFSET,
    SEAT_SIZE,
    STRENGTH_CAP,
    SUPPLY_CAP,
    SUPPORTERS_CAP,
    TABLE_OFFSET,
    TASK_KINDS,
    WAGER_WORDS,
    observation_size,
)
from wonderland.games.wonderlands_war.state import (
    BATTLE_CHOICE_PHASES,
    HIDDEN,
    NO_BET,
    SEAT_PHASES,
    WAITING,
    WonderlandsWarState,
)

Buffer: TypeAlias = "array[float]"
"""Of type code ``f``: C floats, the float32 a learner gets (numpy wraps it without a copy)."""
_Writer = Callable[[Buffer, int, Any, Any], None]
"""Writes one feature (where it starts, its source value now and when last written, or
:data:`_NEVER_SEEN`), its old entries cleared; most ignore the old value."""


def _zeros(size: int) -> Buffer:
    """``size`` float32 zeros."""
    return array("f", bytes(4 * size))


def _one_hot(size: int) -> _Writer:
    """A 1 at the value, among ``size`` entries (none when out of range)."""
    zeros = _zeros(size)

    def write(buf: Buffer, at: int, value: int, old: Any) -> None:
        buf[at : at + size] = zeros
        if 0 <= value < size:
            buf[at + value] = 1.0

    return write


def _counts_of(size: int, cap: int) -> _Writer:
    """Each of the first ``size`` counts divided by ``cap``, clipped."""
    zeros = _zeros(size)

    def write(buf: Buffer, at: int, counts: list[int], old: Any) -> None:
        buf[at : at + size] = zeros
        for i in compress(range(min(len(counts), size)), counts):
            count = counts[i]
            if count > 0:
                buf[at + i] = count / cap if count < cap else 1.0

    return write


def _tally_of(size: int, cap: int) -> _Writer:
    """How often each item below ``size`` occurs, divided by ``cap``, clipped."""
    zeros = _zeros(size)

    def write(buf: Buffer, at: int, items: list[int], old: Any) -> None:
        buf[at : at + size] = zeros
        tally: dict[int, int] = {}
        for item in items:
            if 0 <= item < size:
                tally[item] = tally.get(item, 0) + 1
        for item, count in tally.items():
            buf[at + item] = count / cap if count < cap else 1.0

    return write


def _members_of(size: int) -> _Writer:
    """A 1 for each item below ``size``."""
    zeros = _zeros(size)

    def write(buf: Buffer, at: int, items: list[int], old: Any) -> None:
        buf[at : at + size] = zeros
        for item in items:
            if 0 <= item < size:
                buf[at + item] = 1.0

    return write


def _scaled_by(cap: int) -> _Writer:
    """One value divided by ``cap``, clipped to [0, 1]."""

    def write(buf: Buffer, at: int, value: int, old: Any) -> None:
        buf[at] = (value / cap if value < cap else 1.0) if value > 0 else 0.0

    return write


def _flag(buf: Buffer, at: int, value: bool, old: Any) -> None:
    buf[at] = 1.0 if value else 0.0


_NO_TRACKS = _zeros(capacity.MAX_TRACKS)


def _forged(buf: Buffer, at: int, tracks: list[list[int]], old: Any) -> None:
    """Chips on each forge track / FORGED_CAP, clipped."""
    buf[at : at + capacity.MAX_TRACKS] = _NO_TRACKS
    for i, chips in enumerate(tracks[: capacity.MAX_TRACKS]):
        if chips:
            buf[at + i] = len(chips) / FORGED_CAP if len(chips) < FORGED_CAP else 1.0


def _length_by(cap: int) -> _Writer:
    """A list's length divided by ``cap``, clipped."""

    def write(buf: Buffer, at: int, items: list[int], old: Any) -> None:
        buf[at] = (len(items) / cap if len(items) < cap else 1.0) if items else 0.0

    return write


_figure_regions = _tally_of(capacity.MAX_REGIONS, FIGURES_CAP)


def _figures(buf: Buffer, at: int, figures: list[tuple[int, int]], old: Any) -> None:
    _figure_regions(buf, at, [region for _, region in figures], None)


_PLAYER_FEATURES: tuple[tuple[str, int, _Writer], ...] = (
    ("faction", SEAT_OFFSET["faction"], _one_hot(capacity.MAX_FACTIONS)),
    ("bag", SEAT_OFFSET["bag"], _counts_of(capacity.MAX_CHIPS, CHIPS_CAP)),
    ("active", SEAT_OFFSET["active"], _counts_of(capacity.MAX_CHIPS, CHIPS_CAP)),
    ("exhaust", SEAT_OFFSET["exhaust"], _counts_of(capacity.MAX_CHIPS, CHIPS_CAP)),
    ("track", SEAT_OFFSET["track"], _tally_of(capacity.MAX_CHIPS, CHIPS_CAP)),
    ("forged", SEAT_OFFSET["forged"], _forged),
    *(
        (name, SEAT_OFFSET["counters"] + i, _scaled_by(cap))
        for i, (name, cap) in enumerate(SCALARS)
    ),
    ("shield", SEAT_OFFSET["flags"], _flag),
    ("passed_head", SEAT_OFFSET["flags"] + 1, _flag),
    ("quests", SEAT_OFFSET["quests_held"], _length_by(QUESTS_CAP)),
    ("pair", SEAT_OFFSET["quests_held"] + 1, _length_by(PAIR_CAP)),
    ("cards", SEAT_OFFSET["cards"], _members_of(capacity.MAX_CARDS)),
    ("retinue", SEAT_OFFSET["retinue"], _members_of(capacity.MAX_WONDERLANDIANS)),
    ("figures", SEAT_OFFSET["figures"], _figures),
    ("pos", SEAT_OFFSET["position"], _one_hot(capacity.MAX_SPACES)),
    ("region", SEAT_OFFSET["region"], _one_hot(capacity.MAX_REGIONS)),
)
"""A seat block's features that come from the seat's ``Player`` alone: the field, where the
feature starts in the block, and its writer."""
_PLAYER_VALUES = attrgetter(*(name for name, _, _ in _PLAYER_FEATURES))
_PLAYER_WRITES = tuple((offset, write) for _, offset, write in _PLAYER_FEATURES)
_NEVER_SEEN = object()
"""A cached value equal to nothing: the first observation writes every feature."""


def _copy(value: Any) -> Any:
    """``value`` itself, or a copy of a list (of lists too: the forge tracks), to compare
    later values of its field with."""
    if type(value) is not list:
        return value
    if value and type(value[0]) is list:
        return [item[:] for item in value]
    return value[:]


def _rewrite(
    buf: Buffer,
    base: int,
    values: tuple[Any, ...],
    old: tuple[Any, ...],
    writes: tuple[tuple[int, _Writer], ...],
) -> tuple[Any, ...]:
    """Rewrite the features whose value differs from ``old``; the values to compare with
    next time."""
    copies = list(old)
    for i in compress(range(len(values)), map(ne, values, old)):  # the equal ones skipped in C
        value = values[i]
        offset, write = writes[i]
        write(buf, base + offset, value, old[i])
        copies[i] = _copy(value)
    return tuple(copies)


def _grid(rows: int, cols: int) -> _Writer:
    """One-hot of each of the first ``rows`` values among ``cols`` (tiles, market, cards);
    with the values last written, only the rows that changed."""
    zeros = _zeros(rows * cols)

    def write(buf: Buffer, at: int, values: list[int], old: Any) -> None:
        if type(old) is not list or len(old) != len(values):
            buf[at : at + rows * cols] = zeros
            old = [-1] * len(values)
        for i, (value, before) in enumerate(zip(values[:rows], old, strict=False)):
            if value != before:  # only the rows that changed
                if 0 <= before < cols:
                    buf[at + i * cols + before] = 0.0
                if 0 <= value < cols:
                    buf[at + i * cols + value] = 1.0

    return write


_round_hot = _one_hot(MAX_ROUNDS)


def _round(buf: Buffer, at: int, value: int, old: Any) -> None:
    _round_hot(buf, at, min(max(value, 1), MAX_ROUNDS) - 1, None)


_TABLE_WRITES: tuple[tuple[int, _Writer], ...] = (
    (TABLE_OFFSET["round"], _round),
    (TABLE_OFFSET["war_final"], _flag),
    (TABLE_OFFSET["war_final"] + 1, _flag),
    (TABLE_OFFSET["tiles"], _grid(capacity.MAX_REGIONS, capacity.MAX_TILES)),
    (TABLE_OFFSET["ally_set"], _one_hot(capacity.MAX_ALLY_SETS)),
    (TABLE_OFFSET["market"], _grid(capacity.MARKET_SLOTS, capacity.MAX_WONDERLANDIANS)),
    (TABLE_OFFSET["table"], _grid(capacity.MAX_SPACES, capacity.MAX_CARDS)),
    (TABLE_OFFSET["supply"], _counts_of(capacity.MAX_CHIPS, SUPPLY_CAP)),
    (TABLE_OFFSET["deck_sizes"], _counts_of(MAX_DECKS, DECK_CAP)),
    (TABLE_OFFSET["deck_sizes"] + MAX_DECKS, _scaled_by(capacity.MAX_WONDERLANDIANS)),
    (TABLE_OFFSET["deck_sizes"] + MAX_DECKS + 1, _scaled_by(capacity.MAX_QUESTS)),
    (TABLE_OFFSET["battle_order"], _grid(capacity.MAX_REGIONS, capacity.MAX_REGIONS)),
    (TABLE_OFFSET["battle_region"], _one_hot(capacity.MAX_REGIONS)),
)
"""The table's features but for the task (it changes at nearly every step), in the order of
:func:`_table_values`."""


def _table_values(state: WonderlandsWarState) -> tuple[Any, ...]:
    return (
        state.round,
        state.war,
        state.final,
        state.tiles,
        state.ally_set,
        state.market,
        state.table,
        state.supply,
        [len(deck) for deck in state.decks[:MAX_DECKS]],
        len(state.wl_deck),
        len(state.quest_deck),
        state.order,
        state.battle.region,
    )


_CHOICE_INDEX = {choice: i for i, choice in enumerate(CHOICES)}


def _choice(buf: Buffer, at: int, value: int, old: Any) -> None:
    _choice_hot(buf, at, _CHOICE_INDEX.get(value, -1), None)


_choice_hot = _one_hot(len(CHOICES))


def _waiting_or_hidden(buf: Buffer, at: int, wager: int, old: Any) -> None:
    """The wager words that do not depend on the observer (waiting, hidden)."""
    buf[at + capacity.MAX_SEATS + 1] = 1.0 if wager == WAITING else 0.0
    buf[at + capacity.MAX_SEATS + 2] = 1.0 if wager == HIDDEN else 0.0


def _each_seat(n: int, write: _Writer, absent: Any) -> _Writer:
    """``values[s]`` of every seat of ``n`` written into its block where it changed
    (``absent`` when the list is None)."""
    absent_row = [absent] * n

    def write_all(buf: Buffer, at: int, values: list[Any] | None, old: Any) -> None:
        now = values if values is not None else absent_row
        before = old if type(old) is list else absent_row if old is None else None
        for s in range(n):
            if before is None or now[s] != before[s]:
                write(buf, s * SEAT_SIZE + at, now[s], None)

    return write_all


def _per_region(n: int, cap: int) -> _Writer:
    """Counts per region (rows) and seat of ``n``, each divided by ``cap``: the rows that
    changed."""
    zero_row = [0] * n

    def write(buf: Buffer, at: int, rows: list[list[int]], old: Any) -> None:
        before = old if type(old) is list else []
        for region in range(capacity.MAX_REGIONS):
            row = rows[region] if region < len(rows) else zero_row
            if region < len(before) and row == before[region]:
                continue
            i = at + region
            for count in row[:n]:
                buf[i] = (count / cap if count < cap else 1.0) if count > 0 else 0.0
                i += SEAT_SIZE

    return write


def _seat_list_writes(n: int) -> tuple[tuple[int, _Writer], ...]:
    """Writers of the seat-block features kept in the state's lists over seats, in the order
    of :func:`_seat_list_values` (writing into every seat block of ``n``, where the value of
    a seat or a region changed)."""

    def first(buf: Buffer, at: int, seats: list[int], old: Any) -> None:
        for s in range(n):
            buf[s * SEAT_SIZE + at] = 1.0 if s in seats else 0.0

    def role(buf: Buffer, at: int, holder: int, old: Any) -> None:
        if type(old) is int:  # only the old holder and the new one
            if 0 <= old < n:
                buf[old * SEAT_SIZE + at] = 0.0
            if 0 <= holder < n:
                buf[holder * SEAT_SIZE + at] = 1.0
            return
        for s in range(n):
            buf[s * SEAT_SIZE + at] = 1.0 if s == holder else 0.0

    return (
        (SEAT_OFFSET["supporters"], _per_region(n, SUPPORTERS_CAP)),
        (SEAT_OFFSET["castles"], _per_region(n, CASTLES_CAP)),
        (SEAT_OFFSET["battle_status"], _each_seat(n, _one_hot(BATTLE_STATUSES), -1)),
        (SEAT_OFFSET["battle_strength"], _each_seat(n, _scaled_by(STRENGTH_CAP), 0)),
        (SEAT_OFFSET["battle_drawn"], _each_seat(n, _one_hot(capacity.MAX_CHIPS), -1)),
        (SEAT_OFFSET["battle_forge"], _each_seat(n, _scaled_by(FORGES_CAP), 0)),
        (SEAT_OFFSET["battle_choice"], _each_seat(n, _choice, None)),
        (SEAT_OFFSET["battle_first"], first),
        (SEAT_OFFSET["wager"], _each_seat(n, _waiting_or_hidden, None)),
        (SEAT_OFFSET["roles"], role),
        (SEAT_OFFSET["roles"] + 1, role),
        (SEAT_OFFSET["roles"] + 2, role),
        (SEAT_OFFSET["roles"] + 3, role),
    )


def _seat_list_values(state: WonderlandsWarState) -> tuple[Any, ...]:
    """What :func:`_seat_list_writes` writes: supporters, castles, the battle figures (None
    outside a battle), first places, wagers (None when there are none), start player, turn,
    marker, outright winner."""
    battle: tuple[list[int] | None, ...]
    fight = state.battle
    if fight.status:
        battle = (fight.status, fight.strength, fight.drawn, fight.forge, fight.choice)
    else:
        battle = (None, None, None, None, None)
    return (
        state.supporters,
        state.castles,
        *battle,
        state.battle.first,
        state.wagers or None,
        state.start,
        state.turn,
        state.marker,
        state.battle.winner,
    )


_HIDDEN_CHOICE = _CHOICE_INDEX[HIDDEN]


class StateEncoder:
    """Observations of one table's states, each equal to ``encode(view(state, seat))``.

    One float32 buffer holds the seat blocks in seat order and the table, as far as they do
    not depend on the observer, with copies of the fields they come from: an observation
    rewrites only the features whose fields changed since the last one, copies the blocks in
    the observer's order, and adds what depends on the observer (its secrets, another seat's
    pending choice or wager masked, wagers on seats and the task's seat made egocentric).  A
    state of another game at this table size works too: its fields differ, so its features
    are rewritten.
    """

    def __init__(self, num_players: int) -> None:
        if not 1 <= num_players <= capacity.MAX_SEATS:
            raise ValueError(
                f"Wonderland's War seats 1 to {capacity.MAX_SEATS} players, not {num_players}"
            )
        n = self.n = num_players
        self._seats_size = n * SEAT_SIZE
        self._table_base = n * SEAT_SIZE + PRIVATE_SIZE
        self._buf = _zeros(observation_size(n))
        """The seat blocks in seat order, the observer's secrets (left 0), the table."""
        self._players: list[tuple[Any, ...]] = [(_NEVER_SEEN,) * len(_PLAYER_WRITES)] * n
        self._seat_list_writes = _seat_list_writes(n)
        self._seat_lists: tuple[Any, ...] = (_NEVER_SEEN,) * len(self._seat_list_writes)
        self._table_values: tuple[Any, ...] = (_NEVER_SEEN,) * len(_TABLE_WRITES)

    def observe(self, state: WonderlandsWarState, seat: int) -> Buffer:
        """A new float32 array: the observation of ``seat``'s view of ``state``."""
        n = self.n
        if state.n != n:
            raise ValueError(f"this encoder observes {n}-seat tables, not {state.n} seats")
        if not 0 <= seat < n:
            raise ValueError(f"seat index {seat} is not at a table of {n} (indices 0 to {n - 1})")
        buf = self._buf
        cache = self._players
        for s, p in enumerate(state.players):
            values = _PLAYER_VALUES(p)
            if values != cache[s]:
                cache[s] = _rewrite(buf, s * SEAT_SIZE, values, cache[s], _PLAYER_WRITES)
        values = _seat_list_values(state)
        if values != self._seat_lists:
            self._seat_lists = _rewrite(buf, 0, values, self._seat_lists, self._seat_list_writes)
        values = _table_values(state)
        if values != self._table_values:
            self._table_values = _rewrite(
                buf, self._table_base, values, self._table_values, _TABLE_WRITES
            )
        if seat:  # the observer's block first
            out = buf[seat * SEAT_SIZE : self._seats_size]
            out += buf[: seat * SEAT_SIZE]
            out += buf[self._seats_size :]
        else:
            out = buf[:]
        self._write_observer_part(out, state, seat)
        return out

    def _write_observer_part(self, out: Buffer, state: WonderlandsWarState, seat: int) -> None:
        """What depends on the observer: its quests; another seat's pending battle choice or
        wager masked, as its view masks them; wagers on seats, egocentric; and the task on
        top of the stack (its seat egocentric)."""
        n = self.n
        tasks = state.tasks
        hide = bool(tasks)  # a finished game hides nothing (G26)
        if hide and state.battle.status and tasks[-1].phase in BATTLE_CHOICE_PHASES:
            choices = state.battle.choice
            for k in range(1, n):
                choice = choices[(seat + k) % n]
                if choice >= 0:
                    at = k * SEAT_SIZE + SEAT_OFFSET["battle_choice"]
                    if choice in _CHOICE_INDEX:
                        out[at + _CHOICE_INDEX[choice]] = 0.0
                    out[at + _HIDDEN_CHOICE] = 1.0
        wagers = state.wagers
        if wagers and max(wagers) >= 0:
            for k in range(n):
                wager = wagers[(seat + k) % n]
                if wager >= 0:
                    at = k * SEAT_SIZE + SEAT_OFFSET["wager"]
                    if k and hide:
                        out[at + capacity.MAX_SEATS + WAGER_WORDS[HIDDEN]] = 1.0
                    elif wager == NO_BET:
                        out[at + capacity.MAX_SEATS + WAGER_WORDS[NO_BET]] = 1.0
                    elif wager < n:
                        out[at + (wager - seat) % n] = 1.0
        me = state.players[seat]
        if me.quests or me.pair:
            base = self._seats_size
            for q in me.quests:
                if 0 <= q < capacity.MAX_QUESTS:
                    out[base + q] = 1.0
            for q, done in zip(me.quests, me.feats, strict=False):
                if done and 0 <= q < capacity.MAX_QUESTS:
                    out[base + capacity.MAX_QUESTS + q] = 1.0
            for q in me.pair:
                if 0 <= q < capacity.MAX_QUESTS:
                    out[base + 2 * capacity.MAX_QUESTS + q] = 1.0
        at = self._table_base + TABLE_OFFSET["task"]
        if tasks:
            task = tasks[-1]
            if 0 <= task.phase < TASK_KINDS:
                out[at + task.phase] = 1.0
            if task.phase in SEAT_PHASES and 0 <= task.seat < n:
                out[at + TASK_KINDS + (task.seat - seat) % n] = 1.0
            depth = len(tasks)
            scaled_depth = depth / DEPTH_CAP if depth < DEPTH_CAP else 1.0
            out[at + TASK_KINDS + capacity.MAX_SEATS] = scaled_depth


def state_encoder(num_players: int) -> StateEncoder:
    """A :class:`StateEncoder` for tables of ``num_players`` seats."""
    return StateEncoder(num_players)
