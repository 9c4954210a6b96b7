"""The counters behind the server's limits: message rates and strikes per socket; changes,
names and chat lines per person and per client address across all their sockets; states per
table; open sockets and table creations per client address.

Rates are counted by ``limits``' moving windows in one memory storage per server process (a
restart forgets them; with several processes each counts what reaches it). Open sockets are a
plain count: a limit on how many at once, not a rate.
"""

from __future__ import annotations

import asyncio
import itertools
import math
import threading
import time
from collections import Counter
from dataclasses import dataclass
from typing import Literal

from limits import RateLimitItem, RateLimitItemPerMinute, RateLimitItemPerSecond
from limits.storage import MemoryStorage
from limits.strategies import MovingWindowRateLimiter

from wonderland.server.beat import until_beat
from wonderland.server.settings import ServerSettings

EXPIRY_SECONDS = 1.0
"""How often the counters' expired entries are dropped (only memory: a window counts only its
own entries whenever they are dropped)."""
SUSTAINED_WINDOW_SECONDS = 10
"""The window over which ``messages_per_second`` is averaged."""
CHAT_BURST_SECONDS = 10
"""The window of ``chat_burst``."""

Over = Literal["person", "address"]
"""Whose limit a message is over: the person's own, or their address's."""
PersonAndAddress = tuple[tuple[RateLimitItem, ...], tuple[RateLimitItem, ...]]
"""The windows of one kind of message: a person's, and their address's."""


class SteadyMemoryStorage(MemoryStorage):
    """``limits``' memory storage, its expired entries dropped at most once a second: on the
    event loop's beat when counted on one (the once-a-second wake a server process has
    anyway, so no thread starts), else in a timer thread.

    ``MemoryStorage`` drops them 10 ms after a count, in a new thread, whenever none is
    running: a thread started for nearly every state sent at a quiet server (each process
    that sends a table's states counts them). The drop itself is ``MemoryStorage``'s own."""

    _dropping: tuple[asyncio.AbstractEventLoop, asyncio.TimerHandle] | None = None
    """The loop and the beat of the next drop, once one is due there."""

    def _MemoryStorage__schedule_expiry(self) -> None:  # noqa: N802 (the name it overrides)
        drop = self._MemoryStorage__expire_events  # type: ignore[attr-defined]
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:  # counted outside a loop: MemoryStorage's way, once a second
            if not self.timer.is_alive():
                self.timer = threading.Timer(EXPIRY_SECONDS, drop)
                self.timer.daemon = True
                self.timer.start()
            return
        if self._dropping is not None and self._dropping[0] is loop:
            return

        def on_beat() -> None:
            self._dropping = None
            drop()

        self._dropping = (loop, loop.call_later(until_beat(EXPIRY_SECONDS), on_beat))


@dataclass(frozen=True)
class Who:
    """Whom a connection's changes count against: its person (a seat's token, a spectator's
    address) and its client address, whatever socket they come from."""

    person: str
    address: str

    @staticmethod
    def seat(token_hash: str, address: str) -> Who:
        """A seated person, known by their seat token (as its hash)."""
        return Who(f"seat {token_hash}", address)

    @staticmethod
    def spectator(address: str) -> Who:
        """A spectator, known by their address."""
        return Who(f"address {address}", address)


class Guard:
    """Every rate and count the limits of ``settings`` need."""

    def __init__(self, settings: ServerSettings) -> None:
        self.settings = settings
        self.limiter = MovingWindowRateLimiter(SteadyMemoryStorage())
        self.burst = RateLimitItemPerSecond(settings.message_burst, 1)
        self.sustained = RateLimitItemPerSecond(
            settings.messages_per_second * SUSTAINED_WINDOW_SECONDS, SUSTAINED_WINDOW_SECONDS
        )
        self.strikes = RateLimitItemPerMinute(settings.strikes_per_minute)
        self.creations = RateLimitItemPerMinute(settings.tables_per_minute)
        self.changes = self._person_and_address(
            RateLimitItemPerSecond(settings.change_burst, 1),
            RateLimitItemPerSecond(
                settings.changes_per_second * SUSTAINED_WINDOW_SECONDS, SUSTAINED_WINDOW_SECONDS
            ),
        )
        self.names = self._person_and_address(RateLimitItemPerMinute(settings.names_per_minute))
        self.chats = self._person_and_address(
            RateLimitItemPerSecond(settings.chat_burst, CHAT_BURST_SECONDS),
            RateLimitItemPerMinute(settings.chat_per_minute),
        )
        self.states = RateLimitItemPerSecond(settings.states_per_second, 1)
        self.sockets: Counter[str] = Counter()
        self._socket_ids = itertools.count()

    # -- sockets ------------------------------------------------------------------------------
    def open_socket(self, address: str) -> str | None:
        """A key for a new socket from ``address``; None when that address has too many open."""
        if self.sockets[address] >= self.settings.sockets_per_address:
            return None
        self.sockets[address] += 1
        return f"socket-{next(self._socket_ids)}"

    def close_socket(self, address: str, key: str) -> None:
        """Forget a closed socket and its counts."""
        self.sockets[address] -= 1
        if self.sockets[address] <= 0:
            del self.sockets[address]
        for item in (self.burst, self.sustained, self.strikes):
            self.limiter.clear(item, key)

    def message(self, key: str) -> bool:
        """Count one message of the socket ``key``; False (and not counted) when it is over
        its rate."""
        items = (self.burst, self.sustained)
        if not all(self.limiter.test(item, key) for item in items):
            return False
        for item in items:
            self.limiter.hit(item, key)
        return True

    def _person_and_address(self, *items: RateLimitItem) -> PersonAndAddress:
        """``items`` for one person, and the same times ``people_per_address`` for an address."""
        people = self.settings.people_per_address
        return items, tuple(
            type(item)(item.amount * people, item.multiples, item.namespace) for item in items
        )

    def _take(self, kind: str, limits: PersonAndAddress, who: Who) -> Over | None:
        """Count one ``kind`` of ``who`` against its person's and its address's limits; whose
        limit it is over (and nothing counted), or None."""
        person: Over = "person"
        address: Over = "address"
        checks = [(item, person, who.person) for item in limits[0]]
        checks += [(item, address, who.address) for item in limits[1]]
        for item, over, key in checks:
            if not self.limiter.test(item, kind, over, key):
                return over
        for item, over, key in checks:
            self.limiter.hit(item, kind, over, key)
        return None

    def change(self, who: Who) -> Over | None:
        """Count one message of ``who`` that may change its table (see ``_take``)."""
        return self._take("change", self.changes, who)

    def name(self, who: Who) -> Over | None:
        """Count one name change of ``who``."""
        return self._take("name", self.names, who)

    def chat(self, who: Who) -> Over | None:
        """Count one chat line of ``who``."""
        return self._take("chat", self.chats, who)

    def state_wait(self, table_id: str) -> float:
        """Count one state sent to the connections of ``table_id`` now: 0 when it may go now,
        else the seconds until it may (nothing counted)."""
        if self.limiter.hit(self.states, "states", table_id):
            return 0.0
        reset_at = self.limiter.get_window_stats(self.states, "states", table_id).reset_time
        return max(reset_at - time.time(), 0.001)

    def strike(self, key: str) -> bool:
        """Count one refused message of the socket ``key``; False once it has had too many."""
        return self.limiter.hit(self.strikes, key)

    # -- tables -------------------------------------------------------------------------------
    def create_table(self, address: str) -> int | None:
        """Count one table creation by ``address``; when it is over its rate, the seconds until
        it may create another (and nothing is counted)."""
        if self.limiter.hit(self.creations, "create", address):
            return None
        reset_at = self.limiter.get_window_stats(self.creations, "create", address).reset_time
        return max(1, math.ceil(reset_at - time.time()))
