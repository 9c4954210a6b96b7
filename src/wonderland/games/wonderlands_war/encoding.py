"""Wonderland's War observations as numbers: a fixed-size vector of one seat's view.

The encoding reads a :class:`WarView` only (the state with every secret of the other seats
masked), so it cannot carry anything the seat may not know.  Sizes come from the content
capacities of ``content.py``, so the layout does not depend on the content pack.  Seats are
egocentric: seat block ``k`` is the seat ``k`` places after the observer.  Counts are divided
by a cap and clipped, so every value lies in ``[0, 1]``.

The learning environments observe through :class:`StateEncoder`, which reads the state,
masks what the view masks and rewrites only what changed since its last observation; a test
proves it equal to encoding the view after every step of random games.

Per seat (``n`` blocks): faction; chips by kind in bag, active, exhausted and on the madness
track; chips on each forge track; reserve, pieces, levels, shield, shards, points and other
counters; how many quests it holds or has drawn; tea cards taken this round; retinue;
figures, supporters and castles per region; table position and region; battle status,
strength, choice (hidden while pending), drawn chip, forging, first place; wager (hidden while
pending); whether it starts, has the turn, holds the marker, has won the battle outright.

The observer only: its quests, the quests with a completed feat, the quests drawn to choose
from.

The table: round, war, final round, each region's scoring tile, the ally set, the market, the
tea card on each space, the supply, deck sizes, the battle order and region, and the task on
top of the stack (its kind, and its seat for a seat's decision).

>>> observation_size(3) == sum(size for _, size in layout(3))
True
"""

from __future__ import annotations

from array import array
from collections.abc import Callable
from functools import cache
from itertools import compress
from operator import attrgetter, ne
from typing import Any, TypeAlias

from wonderland.core import CHANCE
from wonderland.games.wonderlands_war import actions as act
from wonderland.games.wonderlands_war.content import (
    MAX_ALLY_SETS,
    MAX_CARDS,
    MAX_CHIPS,
    MAX_FACTIONS,
    MAX_QUESTS,
    MAX_REGIONS,
    MAX_SEATS,
    MAX_SPACES,
    MAX_TILES,
    MAX_TRACKS,
    MAX_WONDERLANDIANS,
)
from wonderland.games.wonderlands_war.state import (
    C_QUEST,
    D_KEEP,
    HIDDEN,
    NO_BET,
    NONE,
    S_SHIELD,
    S_STEP,
    S_WAGER,
    SEAT_TASKS,
    SIMULTANEOUS_TASKS,
    WAITING,
    Player,
    State,
)
from wonderland.games.wonderlands_war.view import WarView

ENCODING_VERSION = 1
"""Bumped whenever the layout below changes (environment ids carry it)."""

MARKET_SLOTS = 3
MAX_ROUNDS = 4
MAX_DECKS = 4
TASK_KINDS = 80
CHOICES = (act.DRAW, act.STOP, act.SHIELD, act.ACCEPT, WAITING, NONE, HIDDEN)
BATTLE_STATUSES = 4
SCALARS = (
    ("reserve", 20),
    ("on_forge", 10),
    ("castles_left", 10),
    ("leader_level", 5),
    ("castle_level", 5),
    ("unlocked", 6),
    ("shards", 20),
    ("vp_battles", 60),
    ("vp_other", 60),
    ("war_bonus", 10),
    ("busts", 20),
    ("battles", 20),
)
"""Per-seat counters and the caps they are divided by."""

SEAT_FEATURES: tuple[tuple[str, int], ...] = (
    ("faction", MAX_FACTIONS),
    ("bag", MAX_CHIPS),
    ("active", MAX_CHIPS),
    ("exhaust", MAX_CHIPS),
    ("track", MAX_CHIPS),
    ("forged", MAX_TRACKS),
    ("counters", len(SCALARS)),
    ("flags", 2),  # shield, passed the head of the table
    ("quests_held", 2),  # quests kept, quests drawn to choose from (counts)
    ("cards", MAX_CARDS),
    ("retinue", MAX_WONDERLANDIANS),
    ("figures", MAX_REGIONS),
    ("supporters", MAX_REGIONS),
    ("castles", MAX_REGIONS),
    ("position", MAX_SPACES),
    ("region", MAX_REGIONS),
    ("battle_status", BATTLE_STATUSES),
    ("battle_strength", 1),
    ("battle_choice", len(CHOICES)),
    ("battle_drawn", MAX_CHIPS),
    ("battle_forge", 1),
    ("battle_first", 1),
    ("wager", MAX_SEATS + 3),  # on seat k (egocentric); no bet; waiting; hidden
    ("roles", 4),  # start player, has the turn, holds the marker, won the battle outright
)
SEAT_SIZE = sum(size for _, size in SEAT_FEATURES)
PRIVATE_FEATURES: tuple[tuple[str, int], ...] = (
    ("own_quests", MAX_QUESTS),
    ("own_feats", MAX_QUESTS),
    ("own_pair", MAX_QUESTS),
)
TABLE_FEATURES: tuple[tuple[str, int], ...] = (
    ("round", MAX_ROUNDS),
    ("war_final", 2),
    ("tiles", MAX_REGIONS * MAX_TILES),
    ("ally_set", MAX_ALLY_SETS),
    ("market", MARKET_SLOTS * MAX_WONDERLANDIANS),
    ("table", MAX_SPACES * MAX_CARDS),
    ("supply", MAX_CHIPS),
    ("deck_sizes", MAX_DECKS + 2),  # tea decks, wonderlandian deck, quest deck
    ("battle_order", MAX_REGIONS * MAX_REGIONS),
    ("battle_region", MAX_REGIONS),
    ("task", TASK_KINDS + MAX_SEATS + 1),  # kind; its seat (egocentric); stack depth
)
_PRIVATE_SIZE = sum(size for _, size in PRIVATE_FEATURES)
_OFFSET = {name: sum(s for _, s in SEAT_FEATURES[:i]) for i, (name, _) in enumerate(SEAT_FEATURES)}
_TABLE_OFFSET = {
    name: sum(s for _, s in TABLE_FEATURES[:i]) for i, (name, _) in enumerate(TABLE_FEATURES)
}

Sparse = tuple[list[int], list[tuple[int, float]]]


def layout(num_players: int) -> list[tuple[str, int]]:
    """The named features in order, with their sizes, for ``num_players`` seats."""
    seats = [(f"seat{k}_{name}", size) for k in range(num_players) for name, size in SEAT_FEATURES]
    return [*seats, *PRIVATE_FEATURES, *TABLE_FEATURES]


def observation_size(num_players: int) -> int:
    """Length of the observation vector at ``num_players`` seats."""
    return num_players * SEAT_SIZE + _PRIVATE_SIZE + sum(s for _, s in TABLE_FEATURES)


def _scaled(value: int, cap: int) -> float:
    return min(max(value, 0), cap) / cap


class _Builder:
    """Collects the non-zero entries: indices of 1s and ``(index, value)`` for the others."""

    __slots__ = ("ones", "others")

    def __init__(self) -> None:
        self.ones: list[int] = []
        self.others: list[tuple[int, float]] = []

    def one(self, index: int) -> None:
        self.ones.append(index)

    def value(self, index: int, value: float) -> None:
        if value:
            self.others.append((index, value))

    def counts(self, base: int, counts: list[int] | list[float], cap: int) -> None:
        others = self.others
        for i in compress(range(len(counts)), counts):  # most counts are 0: skipped in C
            count = counts[i]
            if count > 0:
                others.append((base + i, count / cap if count < cap else 1.0))

    def members(self, base: int, items: list[int], limit: int) -> None:
        self.ones += [base + item for item in items if 0 <= item < limit]


def encode_sparse(war_view: WarView) -> Sparse:
    """The non-zero entries of the observation of ``war_view``: the indices of the entries
    that are 1, and ``(index, value)`` for the others.  A seat's view is required."""
    seat = war_view.seat
    if seat is None:
        raise ValueError("a Wonderland's War observation is encoded for a seat, not a spectator")
    return _sparse(war_view.state, seat, masked=False)


def encode_state_sparse(state: State, seat: int) -> Sparse:
    """``encode_sparse(view(state, seat))`` without building the view: the other seats'
    pending choices and wagers are masked as the view masks them, and their quests are read
    only as counts, which the view shows too (a differential test proves the two equal)."""
    return _sparse(state, seat, masked=True)


def _sparse(st: State, seat: int, masked: bool) -> Sparse:
    """The encoding of ``st`` for ``seat``; ``masked``: ``st`` is a full state, whose other
    seats' pending choices must be hidden here (a view has them hidden already)."""
    n = st.n
    out = _Builder()
    hide = masked and bool(st.tasks)  # a finished game hides nothing (G26)
    hide_choice = hide and st.tasks[-1][0] in (S_STEP, S_SHIELD)
    for k in range(n):
        s = (seat + k) % n
        _seat_block(out, st, s, seat, k * SEAT_SIZE, hide and k > 0, hide_choice and k > 0)
    base = n * SEAT_SIZE
    me = st.players[seat]
    out.members(base, me.quests, MAX_QUESTS)
    out.members(
        base + MAX_QUESTS,
        [q for q, done in zip(me.quests, me.feats, strict=False) if done],
        MAX_QUESTS,
    )
    out.members(base + 2 * MAX_QUESTS, me.pair, MAX_QUESTS)
    _table_block(out, st, seat, base + _PRIVATE_SIZE)
    return out.ones, out.others


def encode(war_view: WarView) -> list[float]:
    """The observation of ``war_view`` as a dense list of :func:`observation_size` floats."""
    dense = [0.0] * observation_size(war_view.state.n)
    ones, others = encode_sparse(war_view)
    for i in ones:
        dense[i] = 1.0
    for i, v in others:
        dense[i] = v
    return dense


_COUNTER_VALUES = attrgetter(*(name for name, _ in SCALARS))
_COUNTER_CAPS = tuple(cap for _, cap in SCALARS)


def _counters(p: Player) -> list[float]:
    """The per-seat counters of :data:`SCALARS`, each divided by its cap."""
    return [v / cap for v, cap in zip(_COUNTER_VALUES(p), _COUNTER_CAPS, strict=True)]


def _relative(other: int, seat: int, n: int) -> int:
    return (other - seat) % n


_WAGER_WORDS = {NO_BET: 0, WAITING: 1, HIDDEN: 2}
_O = _OFFSET


def _add_counts(others: list[tuple[int, float]], at: int, counts: list[int], cap: int) -> None:
    """``(at + i, count / cap)`` for each positive count of the first ``MAX_CHIPS``, clipped."""
    for i in compress(range(min(len(counts), MAX_CHIPS)), counts):  # the zeros skipped in C
        count = counts[i]
        if count > 0:
            others.append((at + i, count / cap if count < cap else 1.0))


def _add_tally(
    others: list[tuple[int, float]], at: int, items: list[int], limit: int, cap: int
) -> None:
    """How often each item below ``limit`` occurs in ``items``, divided by ``cap``, clipped."""
    tally: dict[int, int] = {}
    for item in items:
        if 0 <= item < limit:
            tally[item] = tally.get(item, 0) + 1
    for item, count in tally.items():
        others.append((at + item, count / cap if count < cap else 1.0))


def _seat_block(
    out: _Builder, st: State, s: int, seat: int, base: int, hide_wager: bool, hide_choice: bool
) -> None:
    """Everything public about seat ``s`` (and, being a view, its secrets only if ``s`` is the
    observer: the view masks the rest).  ``hide_wager``, ``hide_choice``: mask a pending wager
    or battle choice of ``s`` here, as the view would."""
    p: Player = st.players[s]
    ones, others = out.ones, out.others
    if 0 <= p.faction < MAX_FACTIONS:
        ones.append(base + _O["faction"] + p.faction)
    _add_counts(others, base + _O["bag"], p.bag, 10)
    _add_counts(others, base + _O["active"], p.active, 10)
    _add_counts(others, base + _O["exhaust"], p.exhaust, 10)
    if p.track:
        _add_tally(others, base + _O["track"], p.track, MAX_CHIPS, 10)
    at = base + _O["forged"]
    for i, chips in enumerate(p.forged[:MAX_TRACKS]):
        if chips:
            others.append((at + i, len(chips) / 6 if len(chips) < 6 else 1.0))
    at = base + _O["counters"]
    for i, value in enumerate(_COUNTER_VALUES(p)):
        if value > 0:
            cap = _COUNTER_CAPS[i]
            others.append((at + i, value / cap if value < cap else 1.0))
    at = base + _O["flags"]
    if p.shield:
        ones.append(at)
    if p.passed_head:
        ones.append(at + 1)
    at = base + _O["quests_held"]
    if p.quests:
        others.append((at, len(p.quests) / 6 if len(p.quests) < 6 else 1.0))
    if p.pair:
        others.append((at + 1, len(p.pair) / 3 if len(p.pair) < 3 else 1.0))
    at = base + _O["cards"]
    ones += [at + card for card in p.cards if 0 <= card < MAX_CARDS]
    at = base + _O["retinue"]
    ones += [at + w for w in p.retinue if 0 <= w < MAX_WONDERLANDIANS]
    if p.figures:
        _add_tally(others, base + _O["figures"], [r for _, r in p.figures], MAX_REGIONS, 5)
    at = base + _O["supporters"]
    for region, row in enumerate(st.supporters[:MAX_REGIONS]):
        if row[s] > 0:
            others.append((at + region, row[s] / 10 if row[s] < 10 else 1.0))
    at = base + _O["castles"]
    for region, row in enumerate(st.castles[:MAX_REGIONS]):
        if row[s] > 0:
            others.append((at + region, row[s] / 5 if row[s] < 5 else 1.0))
    if 0 <= p.pos < MAX_SPACES:
        ones.append(base + _O["position"] + p.pos)
    if 0 <= p.region < MAX_REGIONS:
        ones.append(base + _O["region"] + p.region)
    if st.b_status:
        if 0 <= st.b_status[s] < BATTLE_STATUSES:
            ones.append(base + _O["battle_status"] + st.b_status[s])
        out.value(base + _O["battle_strength"], _scaled(st.b_strength[s], 30))
        choice = st.b_choice[s]
        if hide_choice and choice >= 0:
            choice = HIDDEN
        if choice in CHOICES:
            ones.append(base + _O["battle_choice"] + CHOICES.index(choice))
        if 0 <= st.b_drawn[s] < MAX_CHIPS:
            ones.append(base + _O["battle_drawn"] + st.b_drawn[s])
        out.value(base + _O["battle_forge"], _scaled(st.b_forge[s], 10))
    if s in st.b_first:
        others.append((base + _O["battle_first"], 1.0))
    if st.wagers:
        wager = st.wagers[s]
        if hide_wager and wager >= 0:
            wager = HIDDEN
        if wager in _WAGER_WORDS:
            ones.append(base + _O["wager"] + MAX_SEATS + _WAGER_WORDS[wager])
        elif 0 <= wager < st.n:
            ones.append(base + _O["wager"] + _relative(wager, seat, st.n))
    at = base + _O["roles"]
    if st.start == s:
        ones.append(at)
    if st.turn == s:
        ones.append(at + 1)
    if st.marker == s:
        ones.append(at + 2)
    if st.b_winner == s:
        ones.append(at + 3)


@cache
def _table_offsets(base: int) -> dict[str, int]:
    """Where each table feature starts when the table block starts at ``base``."""
    return {name: base + offset for name, offset in _TABLE_OFFSET.items()}


def _table_block(out: _Builder, st: State, seat: int, base: int) -> None:
    """The shared table."""
    o = _table_offsets(base)
    out.one(o["round"] + min(max(st.round, 1), MAX_ROUNDS) - 1)
    out.value(o["war_final"], float(st.war))
    out.value(o["war_final"] + 1, float(st.final))
    for region, tile in enumerate(st.tiles[:MAX_REGIONS]):
        if 0 <= tile < MAX_TILES:
            out.one(o["tiles"] + region * MAX_TILES + tile)
    out.members(o["ally_set"], [st.ally_set], MAX_ALLY_SETS)
    for slot, wonderlandian in enumerate(st.market[:MARKET_SLOTS]):
        if 0 <= wonderlandian < MAX_WONDERLANDIANS:
            out.one(o["market"] + slot * MAX_WONDERLANDIANS + wonderlandian)
    for space, card in enumerate(st.table[:MAX_SPACES]):
        if 0 <= card < MAX_CARDS:
            out.one(o["table"] + space * MAX_CARDS + card)
    out.counts(o["supply"], st.supply[:MAX_CHIPS], 40)
    out.counts(o["deck_sizes"], [len(d) for d in st.decks[:MAX_DECKS]], 60)
    out.value(o["deck_sizes"] + MAX_DECKS, _scaled(len(st.wl_deck), MAX_WONDERLANDIANS))
    out.value(o["deck_sizes"] + MAX_DECKS + 1, _scaled(len(st.quest_deck), MAX_QUESTS))
    for i, region in enumerate(st.order[:MAX_REGIONS]):
        if 0 <= region < MAX_REGIONS:
            out.one(o["battle_order"] + i * MAX_REGIONS + region)
    out.members(o["battle_region"], [st.b_region], MAX_REGIONS)
    if st.tasks:
        task = st.tasks[-1]
        out.members(o["task"], [task[0]], TASK_KINDS)
        if task[0] in SEAT_TASKS and 0 <= task[1] < st.n:
            out.one(o["task"] + TASK_KINDS + _relative(task[1], seat, st.n))
    out.value(o["task"] + TASK_KINDS + MAX_SEATS, _scaled(len(st.tasks), 40))


def observe_step(before: State, actor: int, action: int, after: State, seat: int) -> str:
    """What ``seat`` sees of the step ``(actor, action)`` that took ``before`` to ``after``.

    Hidden (``?``): another seat's quest draws and the quest it keeps (W15), and another seat's
    simultaneous choice while it is still pending in ``after`` (the last choice of a battle
    step is revealed with the others).  Everything else, bag draws and die rolls included, is
    public.
    """
    kind, *args = before.tasks[-1] if before.tasks else (0,)
    if actor == CHANCE:
        if kind == C_QUEST and args and args[0] != seat:
            return f"quest {args[0]}:?"
        return f"chance:{act.to_text(action)}"
    if actor != seat and (kind == D_KEEP or _still_hidden(after, actor, kind)):
        return f"{actor}:?"
    return f"{actor}:{act.to_text(action)}"


def _still_hidden(after: State, actor: int, kind: int) -> bool:
    """Whether ``actor``'s simultaneous choice of a ``kind`` task is still masked in views of
    ``after`` (the masking rules of ``view.redact``)."""
    if kind not in SIMULTANEOUS_TASKS:
        return False
    if kind == S_WAGER:
        return bool(after.wagers) and after.wagers[actor] >= 0
    top = after.tasks[-1][0] if after.tasks else 0
    return top in (S_STEP, S_SHIELD) and after.b_choice[actor] >= 0


# -- observations kept up to date by difference ----------------------------------------------

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


_NO_TRACKS = _zeros(MAX_TRACKS)


def _forged(buf: Buffer, at: int, tracks: list[list[int]], old: Any) -> None:
    """Chips on each forge track / 6, clipped."""
    buf[at : at + MAX_TRACKS] = _NO_TRACKS
    for i, chips in enumerate(tracks[:MAX_TRACKS]):
        if chips:
            buf[at + i] = len(chips) / 6 if len(chips) < 6 else 1.0


def _length_by(cap: int) -> _Writer:
    """A list's length divided by ``cap``, clipped."""

    def write(buf: Buffer, at: int, items: list[int], old: Any) -> None:
        buf[at] = (len(items) / cap if len(items) < cap else 1.0) if items else 0.0

    return write


_figure_regions = _tally_of(MAX_REGIONS, 5)


def _figures(buf: Buffer, at: int, figures: list[tuple[int, int]], old: Any) -> None:
    _figure_regions(buf, at, [region for _, region in figures], None)


_PLAYER_FEATURES: tuple[tuple[str, int, _Writer], ...] = (
    ("faction", _O["faction"], _one_hot(MAX_FACTIONS)),
    ("bag", _O["bag"], _counts_of(MAX_CHIPS, 10)),
    ("active", _O["active"], _counts_of(MAX_CHIPS, 10)),
    ("exhaust", _O["exhaust"], _counts_of(MAX_CHIPS, 10)),
    ("track", _O["track"], _tally_of(MAX_CHIPS, 10)),
    ("forged", _O["forged"], _forged),
    *((name, _O["counters"] + i, _scaled_by(cap)) for i, (name, cap) in enumerate(SCALARS)),
    ("shield", _O["flags"], _flag),
    ("passed_head", _O["flags"] + 1, _flag),
    ("quests", _O["quests_held"], _length_by(6)),
    ("pair", _O["quests_held"] + 1, _length_by(3)),
    ("cards", _O["cards"], _members_of(MAX_CARDS)),
    ("retinue", _O["retinue"], _members_of(MAX_WONDERLANDIANS)),
    ("figures", _O["figures"], _figures),
    ("pos", _O["position"], _one_hot(MAX_SPACES)),
    ("region", _O["region"], _one_hot(MAX_REGIONS)),
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


_T = _TABLE_OFFSET
_TABLE_WRITES: tuple[tuple[int, _Writer], ...] = (
    (_T["round"], _round),
    (_T["war_final"], _flag),
    (_T["war_final"] + 1, _flag),
    (_T["tiles"], _grid(MAX_REGIONS, MAX_TILES)),
    (_T["ally_set"], _one_hot(MAX_ALLY_SETS)),
    (_T["market"], _grid(MARKET_SLOTS, MAX_WONDERLANDIANS)),
    (_T["table"], _grid(MAX_SPACES, MAX_CARDS)),
    (_T["supply"], _counts_of(MAX_CHIPS, 40)),
    (_T["deck_sizes"], _counts_of(MAX_DECKS, 60)),
    (_T["deck_sizes"] + MAX_DECKS, _scaled_by(MAX_WONDERLANDIANS)),
    (_T["deck_sizes"] + MAX_DECKS + 1, _scaled_by(MAX_QUESTS)),
    (_T["battle_order"], _grid(MAX_REGIONS, MAX_REGIONS)),
    (_T["battle_region"], _one_hot(MAX_REGIONS)),
)
"""The table's features but for the task (it changes at nearly every step), in the order of
:func:`_table_values`."""


def _table_values(st: State) -> tuple[Any, ...]:
    return (
        st.round,
        st.war,
        st.final,
        st.tiles,
        st.ally_set,
        st.market,
        st.table,
        st.supply,
        [len(deck) for deck in st.decks[:MAX_DECKS]],
        len(st.wl_deck),
        len(st.quest_deck),
        st.order,
        st.b_region,
    )


_CHOICE_INDEX = {choice: i for i, choice in enumerate(CHOICES)}


def _choice(buf: Buffer, at: int, value: int, old: Any) -> None:
    _choice_hot(buf, at, _CHOICE_INDEX.get(value, -1), None)


_choice_hot = _one_hot(len(CHOICES))


def _waiting_or_hidden(buf: Buffer, at: int, wager: int, old: Any) -> None:
    """The wager words that do not depend on the observer (waiting, hidden)."""
    buf[at + MAX_SEATS + 1] = 1.0 if wager == WAITING else 0.0
    buf[at + MAX_SEATS + 2] = 1.0 if wager == HIDDEN else 0.0


def _seat_list_writes(n: int) -> tuple[tuple[int, _Writer], ...]:
    """Writers of the seat-block features kept in the state's lists over seats, in the order
    of :func:`_seat_list_values` (writing into every seat block of ``n``, where the value of
    a seat or a region changed)."""

    def each_seat(write: _Writer, absent: Any) -> _Writer:
        """``values[s]`` of every seat (``absent`` when the list is None)."""
        absent_row = [absent] * n

        def write_all(buf: Buffer, at: int, values: list[Any] | None, old: Any) -> None:
            now = values if values is not None else absent_row
            before = old if type(old) is list else absent_row if old is None else None
            for s in range(n):
                if before is None or now[s] != before[s]:
                    write(buf, s * SEAT_SIZE + at, now[s], None)

        return write_all

    def regions(cap: int) -> _Writer:
        """Counts per region (rows) and seat, each divided by ``cap``."""
        zero_row = [0] * n

        def write(buf: Buffer, at: int, rows: list[list[int]], old: Any) -> None:
            before = old if type(old) is list else []
            for region in range(MAX_REGIONS):
                row = rows[region] if region < len(rows) else zero_row
                if region < len(before) and row == before[region]:
                    continue
                i = at + region
                for count in row[:n]:
                    buf[i] = (count / cap if count < cap else 1.0) if count > 0 else 0.0
                    i += SEAT_SIZE

        return write

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
        (_O["supporters"], regions(10)),
        (_O["castles"], regions(5)),
        (_O["battle_status"], each_seat(_one_hot(BATTLE_STATUSES), -1)),
        (_O["battle_strength"], each_seat(_scaled_by(30), 0)),
        (_O["battle_drawn"], each_seat(_one_hot(MAX_CHIPS), -1)),
        (_O["battle_forge"], each_seat(_scaled_by(10), 0)),
        (_O["battle_choice"], each_seat(_choice, None)),
        (_O["battle_first"], first),
        (_O["wager"], each_seat(_waiting_or_hidden, None)),
        (_O["roles"], role),
        (_O["roles"] + 1, role),
        (_O["roles"] + 2, role),
        (_O["roles"] + 3, role),
    )


def _seat_list_values(st: State) -> tuple[Any, ...]:
    """What :func:`_seat_list_writes` writes: supporters, castles, the battle figures (None
    outside a battle), first places, wagers (None when there are none), start player, turn,
    marker, outright winner."""
    battle: tuple[list[int] | None, ...]
    if st.b_status:
        battle = (st.b_status, st.b_strength, st.b_drawn, st.b_forge, st.b_choice)
    else:
        battle = (None, None, None, None, None)
    return (
        st.supporters,
        st.castles,
        *battle,
        st.b_first,
        st.wagers or None,
        st.start,
        st.turn,
        st.marker,
        st.b_winner,
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
        if not 1 <= num_players <= MAX_SEATS:
            raise ValueError(f"Wonderland's War seats 1 to {MAX_SEATS} players, not {num_players}")
        n = self.n = num_players
        self._seats_size = n * SEAT_SIZE
        self._table_base = n * SEAT_SIZE + _PRIVATE_SIZE
        self._buf = _zeros(observation_size(n))
        """The seat blocks in seat order, the observer's secrets (left 0), the table."""
        self._players: list[tuple[Any, ...]] = [(_NEVER_SEEN,) * len(_PLAYER_WRITES)] * n
        self._seat_list_writes = _seat_list_writes(n)
        self._seat_lists: tuple[Any, ...] = (_NEVER_SEEN,) * len(self._seat_list_writes)
        self._table_values: tuple[Any, ...] = (_NEVER_SEEN,) * len(_TABLE_WRITES)

    def observe(self, st: State, seat: int) -> Buffer:
        """A new float32 array: the observation of ``seat``'s view of ``st``."""
        n = self.n
        if st.n != n:
            raise ValueError(f"this encoder observes {n}-seat tables, not {st.n} seats")
        if not 0 <= seat < n:
            raise ValueError(f"seat {seat} is not at a table of {n}")
        buf = self._buf
        cache = self._players
        for s, p in enumerate(st.players):
            values = _PLAYER_VALUES(p)
            if values != cache[s]:
                cache[s] = _rewrite(buf, s * SEAT_SIZE, values, cache[s], _PLAYER_WRITES)
        values = _seat_list_values(st)
        if values != self._seat_lists:
            self._seat_lists = _rewrite(buf, 0, values, self._seat_lists, self._seat_list_writes)
        values = _table_values(st)
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
        self._write_observer_part(out, st, seat)
        return out

    def _write_observer_part(self, out: Buffer, st: State, seat: int) -> None:
        """What depends on the observer: its quests; another seat's pending battle choice or
        wager masked, as its view masks them; wagers on seats, egocentric; and the task on
        top of the stack (its seat egocentric)."""
        n = self.n
        tasks = st.tasks
        hide = bool(tasks)  # a finished game hides nothing (G26)
        if hide and st.b_status and tasks[-1][0] in (S_STEP, S_SHIELD):
            choices = st.b_choice
            for k in range(1, n):
                choice = choices[(seat + k) % n]
                if choice >= 0:
                    at = k * SEAT_SIZE + _O["battle_choice"]
                    if choice in _CHOICE_INDEX:
                        out[at + _CHOICE_INDEX[choice]] = 0.0
                    out[at + _HIDDEN_CHOICE] = 1.0
        wagers = st.wagers
        if wagers and max(wagers) >= 0:
            for k in range(n):
                wager = wagers[(seat + k) % n]
                if wager >= 0:
                    at = k * SEAT_SIZE + _O["wager"]
                    if k and hide:
                        out[at + MAX_SEATS + _WAGER_WORDS[HIDDEN]] = 1.0
                    elif wager == NO_BET:
                        out[at + MAX_SEATS + _WAGER_WORDS[NO_BET]] = 1.0
                    elif wager < n:
                        out[at + (wager - seat) % n] = 1.0
        me = st.players[seat]
        if me.quests or me.pair:
            base = self._seats_size
            for q in me.quests:
                if 0 <= q < MAX_QUESTS:
                    out[base + q] = 1.0
            for q, done in zip(me.quests, me.feats, strict=False):
                if done and 0 <= q < MAX_QUESTS:
                    out[base + MAX_QUESTS + q] = 1.0
            for q in me.pair:
                if 0 <= q < MAX_QUESTS:
                    out[base + 2 * MAX_QUESTS + q] = 1.0
        at = self._table_base + _T["task"]
        if tasks:
            task = tasks[-1]
            if 0 <= task[0] < TASK_KINDS:
                out[at + task[0]] = 1.0
            if task[0] in SEAT_TASKS and 0 <= task[1] < n:
                out[at + TASK_KINDS + (task[1] - seat) % n] = 1.0
            depth = len(tasks)
            out[at + TASK_KINDS + MAX_SEATS] = depth / 40 if depth < 40 else 1.0


def state_encoder(num_players: int) -> StateEncoder:
    """A :class:`StateEncoder` for tables of ``num_players`` seats."""
    return StateEncoder(num_players)
