"""One table in memory: its state is the replay of its committed actions; what each viewer
is sent about it."""

from __future__ import annotations

import asyncio
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import Any, cast

from wonderland.core import CHANCE, TERMINAL, AnyGame, get_plugin
from wonderland.server.clocks import TableClock, now_ms
from wonderland.server.live import LiveModule, LiveSession
from wonderland.server.table_record import TableRecord, record_state, waiting
from wonderland.server.undo import UndoBook, may_ask
from wonderland.server.wire import SeatPublic
from wonderland.store import SeatInfo
from wonderland.store.values import StoredChat

Send = Callable[[str], Awaitable[None]]
"""How the manager sends a connection a message: its JSON text, serialised once for every
connection that sees the same thing."""


def live_module(game_id: str) -> LiveModule | None:
    """The real-time driver that ``game_id``'s plugin declares (None for turn games)."""
    ref = get_plugin(game_id).live_table
    return None if ref is None else cast(LiveModule, ref.load())


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
    logs: dict[int | None, list[str]] = field(default_factory=dict)
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

    def is_person(self, actor: int) -> bool:
        """Whether ``actor`` is a seat that a person plays."""
        return 0 <= actor < len(self.seats) and self.seats[actor].kind != "bot"

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
        """Append each viewer's line about the step just applied."""
        for viewer in self.viewers():
            line = self.game.describe_step(before, actor, action, self.state, viewer)
            if line is not None:
                self.logs.setdefault(viewer, []).append(line)

    def seat_public(self) -> list[SeatPublic]:
        """The seats as everyone may see them."""
        result = []
        for seat, info in enumerate(self.seats):
            name = f"bot ({info.bot})" if info.kind == "bot" else info.name or f"player {seat}"
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
        if self.expired or waiting(self):
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
            "live": None if self.live is None else self.live.live_info(viewer),
            "expired": self.expired,
            **record_state(self),
            "clocks": None if self.clocks is None else self.clocks.message(self, now_ms()),
            "undo": may_ask(self, viewer),
        }
