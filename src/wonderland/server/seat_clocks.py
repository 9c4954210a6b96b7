"""The clocks of a table, chosen at creation (``TimeControl``) and enforced by the server
(``clocks.ClockTimers`` runs them).

Turn games keep a clock per person: real-time (a base time, an increment after each move,
capped) or turn-based (a fixed time for every move). A clock is a function of the table's
record: every stored step carries its time (``at_ms``), so replaying the steps after a restart
(or on the process that takes the table's lease over) gives the same clocks. Real-time games
(Wonderdice) take an idle kick instead: a seat that neither rolls nor acts for a while is
handed to the table's bot. Only the process holding the table's lease runs the timer; when a
clock runs out, the policy applies and is stored as an event (``timeout`` or ``idle_kick``).
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from typing import Any, Protocol

from wonderland.bots import bot_names
from wonderland.core import TERMINAL, AnyGame, ConfigError
from wonderland.server.live import LiveSession
from wonderland.server.wire import TimeControl

PREFERRED_BOTS = ("greedy", "heuristic")
"""The bot that fills a seat unless someone names another: the first of these the game has."""
TIMEOUT = "timeout"
"""The event of a clock that ran out (data: the policy and the bot)."""
IDLE_KICK = "idle_kick"
"""The event of a real-time seat handed to the bot after being idle (data: the bot)."""
SEAT_EVENTS = frozenset({TIMEOUT, IDLE_KICK})


class ClockedTable(Protocol):
    """What the clocks read of their table."""

    @property
    def game(self) -> AnyGame:
        """The table's game."""
        ...

    @property
    def state(self) -> Any:
        """The table's state now."""
        ...

    @property
    def expired(self) -> bool:
        """Whether the table was closed unfinished."""
        ...

    @property
    def finished(self) -> bool:
        """Whether the game is over."""
        ...

    @property
    def live(self) -> LiveSession | None:
        """The real-time part of a real-time game."""
        ...

    def is_person(self, actor: int) -> bool:
        """Whether a person plays ``actor``."""
        ...

    def waits_for(self) -> list[int] | None:
        """While a real-time race is held: the people it waits for (None: it runs)."""
        ...


def now_ms() -> int:
    """The wall clock in ms since the epoch (the time of stored steps)."""
    return int(time.time() * 1000)


def usual_bot(game_id: str) -> str:
    """The bot that fills a seat unless someone names another."""
    names = bot_names(game_id)
    return next((name for name in PREFERRED_BOTS if name in names), names[0])


def table_bot(game: AnyGame, control: TimeControl) -> str:
    """The bot that plays for a seat whose time ran out."""
    return control.bot if control.bot is not None else usual_bot(game.spec.id)


def check_time_control(game: AnyGame, control: TimeControl) -> TimeControl:
    """The time control as the table keeps it; ConfigError (a sentence) when it does not fit
    the game."""
    real_time_game = game.spec.real_time
    if control.bot is not None and control.bot not in bot_names(game.spec.id):
        raise ConfigError(
            f"time control: no bot {control.bot!r} for {game.spec.id}; choose from "
            f"{', '.join(bot_names(game.spec.id))}"
        )
    if real_time_game and control.kind != "none":
        raise ConfigError(
            f"{game.spec.name} is played in real time: it takes no {control.kind.replace('_', '-')}"
            " clock, only an idle kick (idle_kick_seconds)"
        )
    if not real_time_game and control.idle_kick_seconds is not None:
        raise ConfigError(
            f"{game.spec.name} is played in turns: an idle kick is for real-time games; "
            "choose a real-time or turn-based clock instead"
        )
    if control.kind == "real_time" and control.cap_seconds < control.base_seconds:
        raise ConfigError(
            f"time control: the cap ({control.cap_seconds:g} s) is below the base time "
            f"({control.base_seconds:g} s); choose a cap at least as long"
        )
    return control


def control_of(config: dict[str, Any]) -> TimeControl | None:
    """The time control stored in a table's config (None: no clocks)."""
    data = config.get("time_control")
    if not data:
        return None
    control = TimeControl.model_validate(data)
    if control.kind == "none" and control.idle_kick_seconds is None:
        return None
    return control


@dataclass
class SeatClocks:
    """Each person's clock at a turn game: the time left (ms) when it last stopped or
    started, and since when it runs (ms since the epoch) for the seats to move."""

    control: TimeControl
    remaining: list[float]
    running: dict[int, int] = field(default_factory=dict)

    @classmethod
    def start(cls, control: TimeControl, seats: int) -> SeatClocks:
        """Every clock full, none running."""
        return cls(control, [cls.full(control)] * seats)

    @staticmethod
    def full(control: TimeControl) -> float:
        """The time a clock starts with (ms)."""
        seconds = control.base_seconds if control.kind == "real_time" else control.move_seconds
        return seconds * 1000

    def after_step(self, table: ClockedTable, actor: int, at_ms: int, state: Any = None) -> None:
        """Charge the seats that were to move for the time until ``at_ms``; the actor gets its
        increment (real time) or a full clock (turn-based); the seats to move in ``state``
        (default: the table's) start."""
        control = self.control
        for seat, since in list(self.running.items()):
            self.remaining[seat] = max(0.0, self.remaining[seat] - max(0, at_ms - since))
            del self.running[seat]
        if 0 <= actor < len(self.remaining):
            if control.kind == "real_time":
                added = self.remaining[actor] + control.increment_seconds * 1000
                self.remaining[actor] = min(added, control.cap_seconds * 1000)
            else:
                self.remaining[actor] = self.full(control)
        mover = table.game.to_move(table.state if state is None else state)
        if mover == TERMINAL or table.expired:
            return
        seats = mover if isinstance(mover, frozenset) else {mover}
        for seat in seats:
            if table.is_person(seat):
                if control.kind == "turn_based":
                    self.remaining[seat] = self.full(control)
                self.running[seat] = at_ms

    def touch(self, seat: int, at_ms: int) -> None:
        """Nothing: a turn game's clocks follow its steps."""

    def left(self, seat: int, now: int) -> float:
        """The ms ``seat`` has left at ``now``."""
        since = self.running.get(seat)
        spent = 0 if since is None else max(0, now - since)
        return max(0.0, self.remaining[seat] - spent)

    def first_out(self, now: int) -> tuple[int, float] | None:
        """The running seat whose time runs out first, and in how many ms (None: none runs)."""
        if not self.running:
            return None
        seat = min(self.running, key=lambda s: (self.left(s, now), s))
        return seat, self.left(seat, now)

    def message(self, table: ClockedTable, now: int) -> dict[str, Any]:
        """The ``TableClocks`` of the state message."""
        return {
            "kind": self.control.kind,
            "on_timeout": self.control.on_timeout,
            "now_ms": now,
            "seats": [
                {
                    "seat": seat,
                    "remaining_ms": int(self.left(seat, now)),
                    "running": seat in self.running,
                }
                for seat in range(len(self.remaining))
                if table.is_person(seat)
            ],
        }


@dataclass
class IdleClocks:
    """A real-time table's idle kick: when each person last rolled or acted (ms)."""

    control: TimeControl
    seen: list[int]
    known_rows: int = 0
    """How many of the table's actions the times were read from."""

    @property
    def limit_ms(self) -> float:
        """How long a seat may be idle."""
        return (self.control.idle_kick_seconds or 0) * 1000

    def touch(self, seat: int, at_ms: int) -> None:
        """``seat`` rolled or acted at ``at_ms``."""
        if 0 <= seat < len(self.seen):
            self.seen[seat] = max(self.seen[seat], at_ms)

    def after_step(self, table: ClockedTable, actor: int, at_ms: int, state: Any = None) -> None:
        """A step of the record (a person's act counts as activity)."""
        self.touch(actor, at_ms)

    def running(self, table: ClockedTable, now: int) -> list[int]:
        """The seats whose idle time counts: the people of a game in play. While the table
        counts down to a round, nobody can roll: idleness counts from the round's opening;
        while its race is held, only the people it waits for are idle."""
        if table.finished or table.expired:
            return []
        seats = [seat for seat in range(len(self.seen)) if table.is_person(seat)]
        awaited = table.waits_for()
        if awaited is not None:  # held: only the people it waits for are idle
            for seat in seats:
                if seat not in awaited:
                    self.seen[seat] = max(self.seen[seat], now)
            return [seat for seat in seats if seat in awaited]
        opening = 0 if table.live is None else table.live.live_info(None).get("open_in_ms")
        if opening:
            for seat in seats:
                self.seen[seat] = max(self.seen[seat], now + int(opening))
        return seats

    def first_out(self, table: ClockedTable, now: int) -> tuple[int, float] | None:
        """The idle seat to be kicked first, and in how many ms."""
        seats = self.running(table, now)
        if not seats:
            return None
        seat = min(seats, key=lambda s: (self.seen[s], s))
        return seat, max(0.0, self.seen[seat] + self.limit_ms - now)

    def message(self, table: ClockedTable, now: int) -> dict[str, Any]:
        """The ``TableClocks`` of the state message: each person's time before the kick."""
        running = set(self.running(table, now))
        return {
            "kind": "idle_kick",
            "on_timeout": "replace_by_bot",
            "now_ms": now,
            "seats": [
                {
                    "seat": seat,
                    "remaining_ms": int(max(0.0, self.seen[seat] + self.limit_ms - now)),
                    "running": seat in running,
                }
                for seat in range(len(self.seen))
                if table.is_person(seat)
            ],
        }


TableClock = SeatClocks | IdleClocks


def make_clocks(control: TimeControl | None, seats: int, start_ms: int) -> TableClock | None:
    """The clocks of a new or restored table (None without a time control)."""
    if control is None:
        return None
    if control.idle_kick_seconds is not None:
        return IdleClocks(control, [start_ms] * seats)
    if control.kind == "none":
        return None
    return SeatClocks.start(control, seats)
