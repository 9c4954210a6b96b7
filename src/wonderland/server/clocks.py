"""The clocks of a table, chosen at creation (``TimeControl``) and enforced by the server.

Turn games keep a clock per person: real-time (a base time, an increment after each move,
capped) or turn-based (a fixed time for every move). A clock is a function of the table's
record: every stored step carries its time (``at_ms``), so replaying the steps after a restart
(or on the process that takes the table's lease over) gives the same clocks. Real-time games
(Wonderdice) take an idle kick instead: a seat that neither rolls nor acts for a while is
handed to the table's bot. Only the process holding the table's lease runs the timer; when a
clock runs out, the policy applies and is stored as an event (``timeout`` or ``idle_kick``).
"""

from __future__ import annotations

import asyncio
import logging
import time
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING, Any

from wonderland.bots import bot_names
from wonderland.core import TERMINAL, AnyGame, ConfigError, derive_seed
from wonderland.server.bot_worker import decide
from wonderland.server.table_record import note, seat_name, waiting
from wonderland.server.wire import TimeControl
from wonderland.store import StoreUnavailable
from wonderland.store.values import NewEvent, StaleWrite, StoredEvent

if TYPE_CHECKING:
    from wonderland.server.live_table import LiveTable
    from wonderland.server.tables import TableManager

log = logging.getLogger(__name__)

PREFERRED_BOTS = ("greedy", "heuristic")
"""The table's bot unless the time control names one: the first of these the game has."""
TIMEOUT = "timeout"
"""The event of a clock that ran out (data: the policy and the bot)."""
IDLE_KICK = "idle_kick"
"""The event of a real-time seat handed to the bot after being idle (data: the bot)."""
SEAT_EVENTS = frozenset({TIMEOUT, IDLE_KICK})


def now_ms() -> int:
    """The wall clock in ms since the epoch (the time of stored steps)."""
    return int(time.time() * 1000)


def table_bot(game: AnyGame, control: TimeControl) -> str:
    """The bot that plays for a seat whose time ran out."""
    names = bot_names(game.spec.id)
    if control.bot is not None:
        return control.bot
    return next((name for name in PREFERRED_BOTS if name in names), names[0])


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

    def after_step(self, table: LiveTable, actor: int, at_ms: int, state: Any = None) -> None:
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

    def message(self, table: LiveTable, now: int) -> dict[str, Any]:
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

    def after_step(self, table: LiveTable, actor: int, at_ms: int, state: Any = None) -> None:
        """A step of the record (a person's act counts as activity)."""
        self.touch(actor, at_ms)

    def running(self, table: LiveTable, now: int) -> list[int]:
        """The seats whose idle time counts: the people of a game in play. While the table
        counts down to a round, nobody can roll: idleness counts from the round's opening."""
        if table.finished or table.expired:
            return []
        seats = [seat for seat in range(len(self.seen)) if table.is_person(seat)]
        opening = 0 if table.live is None else table.live.live_info(None).get("open_in_ms")
        if opening:
            for seat in seats:
                self.seen[seat] = max(self.seen[seat], now + int(opening))
        return seats

    def first_out(self, table: LiveTable, now: int) -> tuple[int, float] | None:
        """The idle seat to be kicked first, and in how many ms."""
        seats = self.running(table, now)
        if not seats:
            return None
        seat = min(seats, key=lambda s: (self.seen[s], s))
        return seat, max(0.0, self.seen[seat] + self.limit_ms - now)

    def message(self, table: LiveTable, now: int) -> dict[str, Any]:
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


def hand_to_bot(table: LiveTable, seat: int, bot: str) -> None:
    """Let ``bot`` play ``seat`` from now on (the person's link still shows its view)."""
    table.seats[seat] = replace(table.seats[seat], kind="bot", bot=bot)
    if isinstance(table.clocks, SeatClocks):
        table.clocks.running.pop(seat, None)
    if table.live is not None:
        table.live.hand_to_bot(seat, bot)


def apply_event(table: LiveTable, kind: str, seat: int | None, data: dict[str, Any]) -> bool:
    """Follow a stored clock event (from this process or another); whether a seat changed."""
    if kind not in SEAT_EVENTS or seat is None or not 0 <= seat < len(table.seats):
        return False
    if kind == TIMEOUT and data.get("policy") != "replace_by_bot":
        return False
    if table.seats[seat].kind == "bot":
        return False
    hand_to_bot(table, seat, str(data.get("bot") or "random"))
    return True


class ClockTimers:
    """The timer of each table with clocks, run by the process that holds its lease."""

    def __init__(self, manager: TableManager) -> None:
        self.manager = manager
        self.handles: dict[str, asyncio.TimerHandle] = {}

    def arm(self, table: LiveTable) -> None:
        """(Re)set the table's timer to its first clock to run out; no clock runs while the
        table waits for players."""
        handle = self.handles.pop(table.id, None)
        if handle is not None:
            handle.cancel()
        clocks = table.clocks
        if clocks is None or table.finished or table.expired or waiting(table):
            return
        if not self.manager.holds(table):
            return
        now = now_ms()
        due = (
            clocks.first_out(table, now)
            if isinstance(clocks, IdleClocks)
            else clocks.first_out(now)
        )
        if due is None:
            return
        loop = asyncio.get_running_loop()
        delay = due[1] / 1000 + 0.02
        self.handles[table.id] = loop.call_later(delay, self._fire, table)

    def _fire(self, table: LiveTable) -> None:
        self.handles.pop(table.id, None)
        task = asyncio.get_running_loop().create_task(self.run_out(table))
        self.manager.tasks.add(task)
        task.add_done_callback(self.manager.tasks.discard)

    async def run_out(self, table: LiveTable) -> None:
        """A clock ran out: apply the table's policy (an event in the record), tell everyone."""
        manager = self.manager
        try:
            async with table.lock:
                acted = await self._apply_policy(table)
        except StoreUnavailable:
            log.warning("table %s: a clock ran out while the database is away", table.id)
            asyncio.get_running_loop().call_later(1.0, self.arm, table)
            return
        except StaleWrite:  # another process moved first: catch up, then look again
            await manager.resync(table)
            self.arm(table)
            return
        except Exception:
            log.exception("table %s: applying a timeout failed", table.id)
            return
        if acted:
            await manager.broadcast(table)
            manager.advance_soon(table)
        else:
            self.arm(table)

    async def _apply_policy(self, table: LiveTable) -> bool:
        """Under the table's lock: whether a clock had truly run out and the policy applied."""
        clocks = table.clocks
        if clocks is None or table.finished or table.expired or not self.manager.holds(table):
            return False
        now = now_ms()
        due = (
            clocks.first_out(table, now)
            if isinstance(clocks, IdleClocks)
            else clocks.first_out(now)
        )
        if due is None or due[1] > 0:
            return False
        seat = due[0]
        name = seat_name(table.seats[seat], seat)
        control = clocks.control
        bot = table_bot(table.game, control)
        if isinstance(clocks, IdleClocks):
            data = {"bot": bot, "idle_ms": int(clocks.limit_ms), "name": name}
            await self._hand_over(table, seat, bot, IDLE_KICK, data)
            log.info("table %s: seat %d idle, handed to %s", table.id, seat, bot)
            return True
        policy = control.on_timeout
        data = {"policy": policy, "bot": bot, "name": name}
        if policy == "replace_by_bot":
            await self._hand_over(table, seat, bot, TIMEOUT, data)
            return True
        await self._record(table, TIMEOUT, seat, data)
        await self._fallback_move(table, seat, bot)
        return True

    async def _record(self, table: LiveTable, kind: str, seat: int, data: dict[str, Any]) -> None:
        manager = self.manager
        loop = asyncio.get_running_loop()
        stored = await loop.run_in_executor(
            manager.store_executor,
            manager.store.add_event,
            table.id,
            kind,
            seat,
            table.version,
            data,
            now_ms(),
        )
        self._noted(table, stored)

    @staticmethod
    def _noted(table: LiveTable, stored: StoredEvent) -> None:
        """Take a clock's event, stored, into the table's record and its line into every log
        (it is not followed again as another process's)."""
        table.events_seen = max(table.events_seen, stored.id)
        if stored.id not in table.record.known():
            note(table, stored)

    async def _hand_over(
        self, table: LiveTable, seat: int, bot: str, kind: str, data: dict[str, Any]
    ) -> None:
        """Store that ``bot`` plays ``seat`` now (its link still opens its view; the host may
        give it back) with the event ``kind`` that tells why, in one transaction, then let
        it play here; a seat changed meanwhile on another process is left as it is now."""
        manager = self.manager
        info = table.seats[seat]
        loop = asyncio.get_running_loop()
        done = await loop.run_in_executor(
            manager.store_executor,
            manager.store.change_seat_telling,
            table.id,
            seat,
            {"kind": "human", "token_hash": info.token_hash},
            {"kind": "bot", "bot": bot},
            NewEvent(kind, seat, table.version, data, now_ms()),
        )
        if done is None:
            stored_seats = await loop.run_in_executor(
                manager.store_executor, manager.store.seats_of, table.id
            )
            table.seats[seat] = replace(stored_seats[seat], name=info.name)
            return
        hand_to_bot(table, seat, bot)
        self._noted(table, done[1])

    async def _fallback_move(self, table: LiveTable, seat: int, bot: str) -> None:
        """The table's bot plays the move of ``seat``, whose time ran out."""
        game, state = table.game, table.state
        legal = game.legal_actions(state, seat)
        if not legal:
            return
        seed = derive_seed(table.seed, "timeout", seat, table.version)
        args = (game.spec.id, bot, seed, game.view(state, seat), legal)
        manager = self.manager
        if manager.bot_executor is None:
            action = await asyncio.to_thread(decide, *args)
        else:
            loop = asyncio.get_running_loop()
            action = await loop.run_in_executor(manager.bot_executor, decide, *args)
        await manager._commit(table, seat, action)

    def close(self) -> None:
        """Stop every timer."""
        for handle in self.handles.values():
            handle.cancel()
        self.handles.clear()
