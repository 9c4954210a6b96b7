"""One table in memory: its state is the replay of its committed actions; what each viewer
is sent about it; the facts its record and its undo keep (``table_record``, ``undo``), and
its real-time session (``go_live``)."""

from __future__ import annotations

import asyncio
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import Any, cast

from wonderland.core import CHANCE, TERMINAL, AnyGame, get_plugin
from wonderland.server.live import LiveModule, LiveSession
from wonderland.server.seat_clocks import IdleClocks, TableClock, now_ms
from wonderland.server.table_log import Key, LogBook, row_key
from wonderland.server.talk import default_name
from wonderland.server.wire import SeatPublic
from wonderland.store import SeatInfo
from wonderland.store.values import UNDO, StoredChat, StoredEvent

WAITING_KINDS = frozenset({"open", "reserved"})
"""Seat kinds that nobody plays yet: an open seat (anyone may take it) and a seat reserved
for a player of the table this one is a rematch of."""
PAUSED = "Paused: every seat is played by a bot. Take a seat back to go on."
"""What a table of bots only says while it waits for a person (``bots_only``)."""

Evict = Callable[[str], Awaitable[None]]
"""Close one connection, telling it why (its seat's link was reissued)."""


@dataclass
class SeatSocket:
    """A connection that opened a seat, with the token hash it opened it with."""

    seat: int
    token_hash: str
    evict: Evict


@dataclass
class TableRecord:
    """What a table's events say: its host, whether the host closed it, its rematch."""

    host_hash: str | None = None
    events: list[StoredEvent] = field(default_factory=list)
    closed: bool = False
    """The host closed the table: it takes no more moves."""
    rematch: str | None = None
    """The table of the next game with the same seats, once one was offered."""
    rematch_of: str | None = None
    sockets: dict[Any, SeatSocket] = field(default_factory=dict)
    """Each open connection of a seat (by its send function), to close it when its link is
    reissued."""
    join_tokens: dict[int, str] = field(default_factory=dict)
    """The tokens of the seats' join codes nobody has opened yet, in this process's memory
    only (never stored: the store keeps their hashes, as of every token)."""
    screen_keys: dict[str, float] = field(default_factory=dict)
    """The hashes of the table screen's keys, with when each stops working (monotonic s)."""

    def add(self, event: StoredEvent) -> None:
        """Take one event into the record."""
        self.events.append(event)
        if event.kind == "created":
            self.host_hash = event.data.get("host_hash") or self.host_hash
            self.rematch_of = event.data.get("rematch_of") or self.rematch_of
        elif event.kind == "closed":
            self.closed = True
        elif event.kind == "rematch" and self.rematch is None:
            self.rematch = str(event.data["table"])

    def known(self) -> set[int]:
        """The numbers of the events already in the record."""
        return {event.id for event in self.events}


@dataclass
class UndoOffer:
    """An open request: ``seat`` asks to take back row ``index``, asked when the table had
    ``rows`` rows; ``waiting`` are the people still to answer."""

    seat: int
    index: int
    rows: int
    version: int
    words: str
    waiting: set[int]


@dataclass
class Gate:
    """Whether a real-time table's race runs: it waits for its people (``readiness``).

    Held in memory only: after a restart every unfinished real-time table holds its ready
    check again, since its people's connections closed with the server."""

    running: bool = False
    """The race runs now (every person is at the table and the check passed)."""
    started: bool = False
    """The ready check passed once: a later wait is a pause, not a new check."""
    ready: set[int] = field(default_factory=set)
    """The seats whose person said they are ready (during the ready check)."""
    since_ms: int = 0
    """When the table began to wait (the check, or the pause), on the wall clock (ms)."""


@dataclass
class UndoBook:
    """A table's undo facts: the open request, and the time (ms) of every row."""

    offer: UndoOffer | None = None
    stamps: list[int] = field(default_factory=list)
    undone: set[int] = field(default_factory=set)
    """The rows taken back so far."""


Send = Callable[[str], Awaitable[None]]
"""How the manager sends a connection a message: its JSON text, serialised once for every
connection that sees the same thing."""


def live_module(game_id: str) -> LiveModule | None:
    """The real-time driver that ``game_id``'s plugin declares (None for turn games)."""
    ref = get_plugin(game_id).live_table
    return None if ref is None else ref.load()


@dataclass
class LiveTable:
    """One table in memory: its state is the replay of its committed actions."""

    id: str
    game: AnyGame
    config: Any
    seed: int
    seats: list[SeatInfo]
    state: Any
    version: int = 0
    actions: list[tuple[int, int]] = field(default_factory=list)
    decision_since: int = 0
    """Version at which the current simultaneous decision began (see ``is_current``)."""
    log: LogBook = field(default_factory=LogBook)
    """Each viewer's log lines, in the order of the record (``table_log``)."""
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    live: LiveSession | None = None
    """The real-time part of a real-time game (its driver and bots); None for turn games."""
    listeners: dict[int | None, dict[Send, int]] = field(default_factory=dict)
    """Per viewer: each connection's send function and how many log lines it has had."""
    advancing: bool = False
    look_again: bool = False
    """Set when the table was asked to advance while its runner ran: it runs once more."""
    private: bool = False
    """Left out of the list of tables; its links work as any other's."""
    expired: bool = False
    """Closed unfinished after ``table_idle_seconds`` without a person: it refuses moves."""
    last_active: float = 0.0
    """When a person last moved or took their seat here (or the table was created), on the
    wall clock (``time.time``)."""
    chat: list[StoredChat] = field(default_factory=list)
    """Every chat line of the table, in the order they were said."""
    record: TableRecord = field(default_factory=TableRecord)
    """Its host, seat events, closing and rematch (see ``table_record``)."""
    clocks: TableClock | None = None
    """The seats' clocks (see ``clocks``); None without a time control."""
    undo: UndoBook = field(default_factory=UndoBook)
    """The open undo request and the time of each row (see ``undo``)."""
    events_seen: int = 0
    """The last stored event the clocks and undo followed."""
    gate: Gate | None = None
    """Real-time tables: whether the race runs or waits for its people; None for turn
    games."""
    take_back_ms: int = 0
    """How long the draw after a person's move waits, in which the move may be taken back
    (0: at once; only games that hold their draws, see ``take_back_before_draw``)."""
    device_seats: frozenset[int] = frozenset()
    """Pass-and-play: the seats whose people share the device that created the table (see
    ``pass_and_play``); empty otherwise."""
    bot_tables: bool = False
    """The server allows tables of bots only: this one plays on when every seat is a bot
    (otherwise it pauses then, see ``bots_only``)."""

    @property
    def logs(self) -> dict[int | None, list[str]]:
        """Each viewer's log lines."""
        return self.log.lines

    def tell_log(self, key: Key, line: str) -> None:
        """Write ``line`` in every viewer's log, at its place ``key`` in the record."""
        self.log.add(key, dict.fromkeys(self.viewers(), line))

    def is_person(self, actor: int) -> bool:
        """Whether ``actor`` is a seat that a person plays."""
        return 0 <= actor < len(self.seats) and self.seats[actor].kind != "bot"

    def waits_for(self) -> list[int] | None:
        """While a real-time race is held: the people it waits for (None: it runs)."""
        return awaited(self) if race_held(self) else None

    def bot_seats(self) -> dict[int, str]:
        """The seats that bots play, with the bot that plays each."""
        return {s: info.bot or "random" for s, info in enumerate(self.seats) if info.kind == "bot"}

    @property
    def finished(self) -> bool:
        """Whether the game is over."""
        return self.game.to_move(self.state) == TERMINAL

    def spectators(self) -> int:
        """How many spectator connections are open."""
        return len(self.listeners.get(None, {}))

    def viewers(self) -> list[int | None]:
        """Every seat and the spectator."""
        return [*range(len(self.seats)), None]

    async def tell(self, text: str) -> None:
        """Send one text to every connection of the table (public news: chat, undo)."""
        for sends in list(self.listeners.values()):
            for send in list(sends):
                try:
                    await send(text)
                except Exception:  # a closed socket; its handler removes it too
                    sends.pop(send, None)

    def accept_step(
        self, before: Any, after: Any, actor: int, action: int, at_ms: int | None = None
    ) -> None:
        """Make ``after`` the state: count the version, keep the action, write the logs, run
        the clocks (``at_ms``: when it was committed; default now)."""
        at_ms = int(time.time() * 1000) if at_ms is None else at_ms
        still_deciding = isinstance(self.game.to_move(before), frozenset) and isinstance(
            self.game.to_move(after), frozenset
        )
        self.state = after
        self.version += 1
        self.actions.append((actor, action))
        if not still_deciding:
            self.decision_since = self.version
        self.record_log(before, actor, action)
        self.undo.stamps.append(at_ms)
        if self.clocks is not None:
            self.clocks.after_step(self, actor, at_ms)

    def steps_in_play(self) -> int:
        """How many rows are in play: the version less the undo rows and the rows they took
        back (each chance step is drawn by this count, so a take-back changes no later draw)."""
        return self.version - 2 * len(self.undo.undone)

    def is_current(self, seat: int, version: int) -> bool:
        """Whether an action made against ``version`` is still an answer to the present.

        Exactly the current version is; so is any version since a simultaneous decision
        began, while the seat is still deciding: the others' hidden choices change nothing
        the seat can see.
        """
        if version == self.version:
            return True
        mover = self.game.to_move(self.state)
        return (
            isinstance(mover, frozenset)
            and seat in mover
            and self.decision_since <= version < self.version
        )

    def record_log(self, before: Any, actor: int, action: int) -> None:
        """Write each viewer's line about the step just applied (the last row)."""
        game = self.game
        said = game.describe_step_for(before, actor, action, self.state, self.viewers())
        self.log.add(row_key(self.version - 1), said)

    def seat_public(self) -> list[SeatPublic]:
        """The seats as everyone may see them."""
        result = []
        for seat, info in enumerate(self.seats):
            name = f"bot ({info.bot})" if info.kind == "bot" else info.name or default_name(seat)
            if info.kind == "open":
                name = "open seat"
            connected = info.kind == "bot" or bool(self.listeners.get(seat))
            kind = info.kind if info.kind in ("bot", "open", "reserved") else "human"
            result.append(
                SeatPublic(
                    seat=seat,
                    kind=cast(Any, kind),
                    name=name,
                    connected=connected,
                    handed=info.kind == "bot" and info.token_hash is not None,
                )
            )
        return result

    def state_message(self, viewer: int | None) -> dict[str, Any]:
        """The ``StateMessage`` that tells ``viewer`` the current state, as a JSON-ready dict
        (built directly: it is sent after every step to every connection; the tests check
        each one against the model)."""
        game, state = self.game, self.state
        view = game.view(state, viewer)
        mover = game.to_move(state)
        to_move = sorted(mover) if isinstance(mover, frozenset) else ([mover] if mover >= 0 else [])
        legal: list[dict[str, Any]] = []
        if self.expired or waiting(self) or race_held(self) or bots_only(self):
            pass
        elif self.live is not None and viewer is not None:
            legal = [
                {"id": a, "label": game.action_to_string(a), "info": self.live.describe(a)}
                for a in self.live.legal(viewer)
            ]
        elif viewer is not None and viewer in to_move:
            legal = [
                {
                    "id": action,
                    "label": game.action_to_string(action),
                    "info": game.action_info(view, action),
                }
                for action in game.legal_actions(state, viewer)
            ]
        finished = mover == TERMINAL
        return {
            "type": "state",
            "version": self.version,
            "view": game.view_to_json(view),
            "to_move": to_move,
            "chance_next": mover == CHANCE,
            "legal": legal,
            "log_start": 0,
            "log": self.logs.get(viewer, []),
            "finished": finished,
            "winners": list(game.winners(state)) if finished else [],
            "scores": list(game.scores(state)) if finished else [],
            "seats": [seat.model_dump() for seat in self.seat_public()],
            "live": None if self.live is None else live_info(self, viewer),
            "expired": self.expired,
            "waiting": waiting(self),
            "ready_check": ready_check(self),
            "closed": self.record.closed,
            "rematch": self.record.rematch,
            "clocks": None if self.clocks is None else self.clocks.message(self, now_ms()),
            "undo": may_ask(self, viewer),
            "take_back": take_back_message(self, now_ms()),
            "paused": PAUSED if bots_only(self) else None,
        }


def waiting(table: LiveTable) -> bool:
    """Whether ``table`` waits for players (a seat still open or reserved)."""
    return not (table.expired or table.finished) and any(
        info.kind in WAITING_KINDS for info in table.seats
    )


def bots_only(table: LiveTable) -> bool:
    """Whether ``table`` is paused because a bot plays every seat (a host handed the last
    person's seat to a bot, started with bots in every empty seat, or a clock did) on a
    server that does not host tables of bots only: no bot acts and no clock runs until a
    person takes a seat back. A function of the seats as stored, so a restart keeps it."""
    return (
        not table.bot_tables
        and not (table.expired or table.finished or waiting(table))
        and all(info.kind == "bot" for info in table.seats)
    )


def people(table: LiveTable) -> list[int]:
    """The seats that people play (not bots, not open or reserved seats)."""
    return [seat for seat, info in enumerate(table.seats) if info.kind == "human"]


def awaited(table: LiveTable) -> list[int]:
    """The people a real-time table waits for before its race may run: those with no open
    connection, and, during the ready check, those who have not said they are ready."""
    gate = table.gate
    if gate is None or table.finished or table.expired or waiting(table):
        return []
    return [
        seat
        for seat in people(table)
        if not table.listeners.get(seat) or not (gate.started or seat in gate.ready)
    ]


def race_held(table: LiveTable) -> bool:
    """Whether a real-time table's race is held: nobody rolls or acts, bots included."""
    gate = table.gate
    return gate is not None and not gate.running and not (table.finished or table.expired)


def live_info(table: LiveTable, viewer: int | None) -> dict[str, Any]:
    """The real-time part of ``viewer``'s state: while the race is held, ``held``, nothing
    to count down to (the countdown starts when it opens) and no pending roll."""
    assert table.live is not None
    info = table.live.live_info(viewer)
    if race_held(table):  # a roll not yet acted on is dropped when it opens: none is shown
        pending = [None] * len(table.seats)
        info.update(held=True, open_in_ms=None, can_roll=False, pending=pending)
    return info


def ready_check(table: LiveTable) -> dict[str, Any] | None:
    """The ``ReadyCheck`` of the state message: None while the race runs (or the table waits
    for players to sit down, or is over)."""
    gate = table.gate
    if gate is None or not race_held(table) or waiting(table) or bots_only(table):
        return None
    now = now_ms()
    waited = set(awaited(table))
    kick = table.clocks if isinstance(table.clocks, IdleClocks) else None
    seats = [
        {
            "seat": seat,
            "connected": bool(table.listeners.get(seat)),
            "ready": gate.started or seat in gate.ready,
            "awaited": seat in waited,
            "kick_in_ms": None
            if kick is None or seat not in waited
            else int(max(0.0, kick.seen[seat] + kick.limit_ms - now)),
        }
        for seat in people(table)
    ]
    phase = "paused" if gate.started else "ready"
    return {"phase": phase, "since_ms": gate.since_ms, "now_ms": now, "seats": seats}


def may_ask(table: LiveTable, seat: int | None) -> bool:
    """Whether ``seat`` made the last step still in play (its page offers the undo; the
    server still checks the rest when it is asked)."""
    if seat is None or table.live is not None or table.undo.offer is not None:
        return False
    if table.finished or table.expired or not table.is_person(seat):
        return False
    undone = table.undo.undone
    for index in range(len(table.actions) - 1, -1, -1):
        actor = table.actions[index][0]
        if actor != UNDO and index not in undone:
            return actor == seat
    return False


def held_ms(table: LiveTable, at_ms: int) -> int:
    """How much longer (ms, at ``at_ms``) the draw after a person's last move waits, in which
    the move may be taken back; 0 when no draw waits."""
    if table.take_back_ms <= 0 or table.live is not None or not table.actions:
        return 0
    if not table.is_person(table.actions[-1][0]) or table.game.to_move(table.state) != CHANCE:
        return 0
    return max(0, table.undo.stamps[-1] + table.take_back_ms - at_ms)


def take_back_message(table: LiveTable, at_ms: int) -> dict[str, int] | None:
    """The ``TakeBack`` part of the state message (None: no draw waits)."""
    left = held_ms(table, at_ms)
    return {"seat": table.actions[-1][0], "ms_left": left} if left else None


def go_live(table: LiveTable, session: LiveSession) -> None:
    """Attach a real-time session: the table's state and actions are its driver's."""
    table.live = session
    if table.gate is None:
        table.gate = Gate(since_ms=now_ms())
    driver = session.driver
    table.state = driver.state
    table.actions = driver.actions
    table.version = len(driver.actions)
    log_live(table)


def log_live(table: LiveTable) -> None:
    """Write the log lines of a real-time table's committed rows not told yet: each row's
    own, so the log is the same whoever committed the rows and in how many batches."""
    assert table.live is not None
    for row, lines in table.live.log_lines(table.version):
        for n, line in enumerate(lines):
            table.tell_log(row_key(row, n), line)


def rewind_live(table: LiveTable) -> None:
    """Drop a real-time table's moves that could not be committed: its driver goes back
    to exactly the committed actions (nothing half-applied)."""
    assert table.live is not None
    module = live_module(table.game.spec.id)
    assert module is not None
    committed = list(table.live.driver.actions[: table.version])
    go_live(table, module.resume(table.config, table.seed, committed, table.bot_seats()))


def begin_live(table: LiveTable) -> None:
    """A real-time table that waited for players begins: its driver starts again from its
    deal with the bots of its seats now, so the countdown to the round and each person's
    idle time count from now."""
    if table.live is None:
        return
    rewind_live(table)
    if table.clocks is not None:
        for seat in range(len(table.seats)):
            table.clocks.touch(seat, now_ms())
