"""Wonderland's War observations as numbers: a fixed-size vector of one seat's view.

The encoding reads a :class:`WonderlandsWarView` only (the state with every secret of the
other seats masked), so it cannot carry anything the seat may not know.  Sizes come from the
content capacities of ``content.py``, so the layout does not depend on the content pack.  Seats
are egocentric: seat block ``k`` is the seat ``k`` places after the observer.  Counts are
divided by a cap (the ``*_CAP`` constants) and clipped, so every value lies in ``[0, 1]``.

The learning environments observe through ``state_encoder.StateEncoder``, which reads the
state, masks what the view masks and rewrites only what changed since its last observation; a
test proves it equal to encoding the view after every step of random games.

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

from functools import cache
from itertools import compress
from operator import attrgetter

from wonderland.core import CHANCE
from wonderland.core.observations import densify
from wonderland.games.wonderlands_war.actions import ACCEPT, DRAW, SHIELD, STOP, action_to_string
from wonderland.games.wonderlands_war.capacity import (
    MARKET_SLOTS,
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
    BATTLE_CHOICE_PHASES,
    HIDDEN,
    NO_BET,
    NONE,
    SEAT_PHASES,
    SIMULTANEOUS_PHASES,
    WAITING,
    Phase,
    Player,
    WonderlandsWarState,
)
from wonderland.games.wonderlands_war.view import WonderlandsWarView

ENCODING_VERSION = 1
"""Bumped whenever the layout below changes (environment ids carry it)."""

MAX_ROUNDS = 4
MAX_DECKS = 4
TASK_KINDS = 80
"""One-hot width of the phase on top of the stack (every ``Phase`` code is below it)."""
# the caps counts are divided by (a count at or above its cap encodes as 1)
CHIPS_CAP = 10
"""Chips of one kind in a bag, active, exhaust pile or madness track."""
FORGED_CAP = 6
"""Chips on one forge track."""
QUESTS_CAP = 6
"""Quests held."""
PAIR_CAP = 3
"""Quests drawn to choose from."""
FIGURES_CAP = 5
"""Wonderlandian figures in one region."""
SUPPORTERS_CAP = 10
"""Supporters of one seat in one region."""
CASTLES_CAP = 5
"""Castles of one seat in one region."""
STRENGTH_CAP = 30
"""Battle strength."""
FORGES_CAP = 10
"""Forges won in the battle."""
SUPPLY_CAP = 40
"""Chips of one kind in the supply."""
DECK_CAP = 60
"""Cards in a tea deck."""
DEPTH_CAP = 40
"""Tasks on the stack."""
CHOICES = (DRAW, STOP, SHIELD, ACCEPT, WAITING, NONE, HIDDEN)
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
PRIVATE_SIZE = sum(size for _, size in PRIVATE_FEATURES)
SEAT_OFFSET = {
    name: sum(s for _, s in SEAT_FEATURES[:i]) for i, (name, _) in enumerate(SEAT_FEATURES)
}
TABLE_OFFSET = {
    name: sum(s for _, s in TABLE_FEATURES[:i]) for i, (name, _) in enumerate(TABLE_FEATURES)
}

Sparse = tuple[list[int], list[tuple[int, float]]]


def layout(num_players: int) -> list[tuple[str, int]]:
    """The named features in order, with their sizes, for ``num_players`` seats."""
    seats = [(f"seat{k}_{name}", size) for k in range(num_players) for name, size in SEAT_FEATURES]
    return [*seats, *PRIVATE_FEATURES, *TABLE_FEATURES]


def observation_size(num_players: int) -> int:
    """Length of the observation vector at ``num_players`` seats."""
    return num_players * SEAT_SIZE + PRIVATE_SIZE + sum(s for _, s in TABLE_FEATURES)


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


def encode_sparse(war_view: WonderlandsWarView) -> Sparse:
    """The non-zero entries of the observation of ``war_view``: the indices of the entries
    that are 1, and ``(index, value)`` for the others.  A seat's view is required."""
    seat = war_view.seat
    if seat is None:
        raise ValueError("a Wonderland's War observation is encoded for a seat, not a spectator")
    return _sparse(war_view.state, seat, masked=False)


def encode_state_sparse(state: WonderlandsWarState, seat: int) -> Sparse:
    """``encode_sparse(view(state, seat))`` without building the view: the other seats'
    pending choices and wagers are masked as the view masks them, and their quests are read
    only as counts, which the view shows too (a differential test proves the two equal)."""
    return _sparse(state, seat, masked=True)


def _sparse(state: WonderlandsWarState, seat: int, masked: bool) -> Sparse:
    """The encoding of ``state`` for ``seat``; ``masked``: ``state`` is a full state, whose other
    seats' pending choices must be hidden here (a view has them hidden already)."""
    n = state.n
    out = _Builder()
    hide = masked and bool(state.tasks)  # a finished game hides nothing (G26)
    hide_choice = hide and state.tasks[-1].phase in BATTLE_CHOICE_PHASES
    for k in range(n):  # everything public about seat s, its secrets only if it observes
        s = (seat + k) % n
        _player_features(out, state.players[s], k * SEAT_SIZE)
        _board_features(out, state, s, k * SEAT_SIZE)
        _battle_features(out, state, s, seat, k * SEAT_SIZE, hide and k > 0, hide_choice and k > 0)
    base = n * SEAT_SIZE
    me = state.players[seat]
    out.members(base, me.quests, MAX_QUESTS)
    out.members(
        base + MAX_QUESTS,
        [q for q, done in zip(me.quests, me.feats, strict=False) if done],
        MAX_QUESTS,
    )
    out.members(base + 2 * MAX_QUESTS, me.pair, MAX_QUESTS)
    _table_block(out, state, seat, base + PRIVATE_SIZE)
    return out.ones, out.others


def encode(war_view: WonderlandsWarView) -> list[float]:
    """The observation of ``war_view`` as a dense list of :func:`observation_size` floats."""
    return densify(observation_size(war_view.state.n), *encode_sparse(war_view))


_COUNTER_VALUES = attrgetter(*(name for name, _ in SCALARS))
_COUNTER_CAPS = tuple(cap for _, cap in SCALARS)


def _relative(other: int, seat: int, n: int) -> int:
    return (other - seat) % n


WAGER_WORDS = {NO_BET: 0, WAITING: 1, HIDDEN: 2}


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


def _player_features(out: _Builder, p: Player, base: int) -> None:
    """The features of seat block ``base`` that come from the seat's ``Player`` alone."""
    ones, others = out.ones, out.others
    if 0 <= p.faction < MAX_FACTIONS:
        ones.append(base + SEAT_OFFSET["faction"] + p.faction)
    _add_counts(others, base + SEAT_OFFSET["bag"], p.bag, CHIPS_CAP)
    _add_counts(others, base + SEAT_OFFSET["active"], p.active, CHIPS_CAP)
    _add_counts(others, base + SEAT_OFFSET["exhaust"], p.exhaust, CHIPS_CAP)
    if p.track:
        _add_tally(others, base + SEAT_OFFSET["track"], p.track, MAX_CHIPS, CHIPS_CAP)
    at = base + SEAT_OFFSET["forged"]
    for i, chips in enumerate(p.forged[:MAX_TRACKS]):
        if chips:
            others.append((at + i, len(chips) / FORGED_CAP if len(chips) < FORGED_CAP else 1.0))
    at = base + SEAT_OFFSET["counters"]
    for i, value in enumerate(_COUNTER_VALUES(p)):
        if value > 0:
            cap = _COUNTER_CAPS[i]
            others.append((at + i, value / cap if value < cap else 1.0))
    at = base + SEAT_OFFSET["flags"]
    if p.shield:
        ones.append(at)
    if p.passed_head:
        ones.append(at + 1)
    at = base + SEAT_OFFSET["quests_held"]
    if p.quests:
        others.append((at, len(p.quests) / QUESTS_CAP if len(p.quests) < QUESTS_CAP else 1.0))
    if p.pair:
        others.append((at + 1, len(p.pair) / PAIR_CAP if len(p.pair) < PAIR_CAP else 1.0))
    at = base + SEAT_OFFSET["cards"]
    ones += [at + card for card in p.cards if 0 <= card < MAX_CARDS]
    at = base + SEAT_OFFSET["retinue"]
    ones += [at + w for w in p.retinue if 0 <= w < MAX_WONDERLANDIANS]
    if p.figures:
        regions = [r for _, r in p.figures]
        _add_tally(others, base + SEAT_OFFSET["figures"], regions, MAX_REGIONS, FIGURES_CAP)
    if 0 <= p.pos < MAX_SPACES:
        ones.append(base + SEAT_OFFSET["position"] + p.pos)
    if 0 <= p.region < MAX_REGIONS:
        ones.append(base + SEAT_OFFSET["region"] + p.region)


def _board_features(out: _Builder, state: WonderlandsWarState, s: int, base: int) -> None:
    """Seat ``s``'s supporters and castles per region."""
    others = out.others
    at = base + SEAT_OFFSET["supporters"]
    for region, row in enumerate(state.supporters[:MAX_REGIONS]):
        if row[s] > 0:
            count = row[s]
            others.append((at + region, count / SUPPORTERS_CAP if count < SUPPORTERS_CAP else 1.0))
    at = base + SEAT_OFFSET["castles"]
    for region, row in enumerate(state.castles[:MAX_REGIONS]):
        if row[s] > 0:
            count = row[s]
            others.append((at + region, count / CASTLES_CAP if count < CASTLES_CAP else 1.0))


def _battle_features(
    out: _Builder,
    state: WonderlandsWarState,
    s: int,
    seat: int,
    base: int,
    hide_wager: bool,
    hide_choice: bool,
) -> None:
    """Seat ``s`` in the battle (its pending choice masked when ``hide_choice``), its wager
    (masked when ``hide_wager``) and its roles: start player, turn, marker, outright winner."""
    ones, others = out.ones, out.others
    if state.battle.status:
        if 0 <= state.battle.status[s] < BATTLE_STATUSES:
            ones.append(base + SEAT_OFFSET["battle_status"] + state.battle.status[s])
        out.value(
            base + SEAT_OFFSET["battle_strength"], _scaled(state.battle.strength[s], STRENGTH_CAP)
        )
        choice = state.battle.choice[s]
        if hide_choice and choice >= 0:
            choice = HIDDEN
        if choice in CHOICES:
            ones.append(base + SEAT_OFFSET["battle_choice"] + CHOICES.index(choice))
        if 0 <= state.battle.drawn[s] < MAX_CHIPS:
            ones.append(base + SEAT_OFFSET["battle_drawn"] + state.battle.drawn[s])
        out.value(base + SEAT_OFFSET["battle_forge"], _scaled(state.battle.forge[s], FORGES_CAP))
    if s in state.battle.first:
        others.append((base + SEAT_OFFSET["battle_first"], 1.0))
    if state.wagers:
        wager = state.wagers[s]
        if hide_wager and wager >= 0:
            wager = HIDDEN
        if wager in WAGER_WORDS:
            ones.append(base + SEAT_OFFSET["wager"] + MAX_SEATS + WAGER_WORDS[wager])
        elif 0 <= wager < state.n:
            ones.append(base + SEAT_OFFSET["wager"] + _relative(wager, seat, state.n))
    at = base + SEAT_OFFSET["roles"]
    if state.start == s:
        ones.append(at)
    if state.turn == s:
        ones.append(at + 1)
    if state.marker == s:
        ones.append(at + 2)
    if state.battle.winner == s:
        ones.append(at + 3)


@cache
def _table_offsets(base: int) -> dict[str, int]:
    """Where each table feature starts when the table block starts at ``base``."""
    return {name: base + offset for name, offset in TABLE_OFFSET.items()}


def _table_block(out: _Builder, state: WonderlandsWarState, seat: int, base: int) -> None:
    """The shared table."""
    o = _table_offsets(base)
    out.one(o["round"] + min(max(state.round, 1), MAX_ROUNDS) - 1)
    out.value(o["war_final"], float(state.war))
    out.value(o["war_final"] + 1, float(state.final))
    for region, tile in enumerate(state.tiles[:MAX_REGIONS]):
        if 0 <= tile < MAX_TILES:
            out.one(o["tiles"] + region * MAX_TILES + tile)
    out.members(o["ally_set"], [state.ally_set], MAX_ALLY_SETS)
    for slot, wonderlandian in enumerate(state.market[:MARKET_SLOTS]):
        if 0 <= wonderlandian < MAX_WONDERLANDIANS:
            out.one(o["market"] + slot * MAX_WONDERLANDIANS + wonderlandian)
    for space, card in enumerate(state.table[:MAX_SPACES]):
        if 0 <= card < MAX_CARDS:
            out.one(o["table"] + space * MAX_CARDS + card)
    out.counts(o["supply"], state.supply[:MAX_CHIPS], SUPPLY_CAP)
    out.counts(o["deck_sizes"], [len(d) for d in state.decks[:MAX_DECKS]], DECK_CAP)
    out.value(o["deck_sizes"] + MAX_DECKS, _scaled(len(state.wl_deck), MAX_WONDERLANDIANS))
    out.value(o["deck_sizes"] + MAX_DECKS + 1, _scaled(len(state.quest_deck), MAX_QUESTS))
    for i, region in enumerate(state.order[:MAX_REGIONS]):
        if 0 <= region < MAX_REGIONS:
            out.one(o["battle_order"] + i * MAX_REGIONS + region)
    out.members(o["battle_region"], [state.battle.region], MAX_REGIONS)
    if state.tasks:
        task = state.tasks[-1]
        out.members(o["task"], [task.phase], TASK_KINDS)
        if task.phase in SEAT_PHASES and 0 <= task.seat < state.n:
            out.one(o["task"] + TASK_KINDS + _relative(task.seat, seat, state.n))
    out.value(o["task"] + TASK_KINDS + MAX_SEATS, _scaled(len(state.tasks), DEPTH_CAP))


def observe_step(
    before: WonderlandsWarState, actor: int, action: int, after: WonderlandsWarState, seat: int
) -> str:
    """What ``seat`` sees of the step ``(actor, action)`` that took ``before`` to ``after``.

    Hidden (``?``): another seat's quest draws and the quest it keeps (W15), and another seat's
    simultaneous choice while it is still pending in ``after`` (the last choice of a battle
    step is revealed with the others).  Everything else, bag draws and die rolls included, is
    public.
    """
    task = before.tasks[-1] if before.tasks else None
    phase = task.phase if task is not None else None
    if actor == CHANCE:
        if task is not None and phase == Phase.DRAW_QUEST and task.seat != seat:
            return f"quest {task.seat}:?"
        return f"chance:{action_to_string(action)}"
    if actor != seat and (phase == Phase.KEEP_QUEST or _still_hidden(after, actor, phase)):
        return f"{actor}:?"
    return f"{actor}:{action_to_string(action)}"


def _still_hidden(state: WonderlandsWarState, actor: int, phase: Phase | None) -> bool:
    """Whether ``actor``'s simultaneous choice in ``phase`` is still masked in views of
    ``state`` (the masking rules of ``view.redact``)."""
    if phase not in SIMULTANEOUS_PHASES:
        return False
    if phase == Phase.WAGER:
        return bool(state.wagers) and state.wagers[actor] >= 0
    top = state.phase
    return top in BATTLE_CHOICE_PHASES and state.battle.choice[actor] >= 0
