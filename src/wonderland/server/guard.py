"""The counters behind the server's limits: message and chat rates and strikes per socket, open
sockets and table creations per client address.

Rates are counted by ``limits``' moving windows in memory (one server process keeps them; a
restart forgets them). Open sockets are a plain count: a limit on how many at once, not a rate.
"""

from __future__ import annotations

import itertools
import math
import time
from collections import Counter

from limits import RateLimitItemPerMinute, RateLimitItemPerSecond
from limits.storage import MemoryStorage
from limits.strategies import MovingWindowRateLimiter

from wonderland.server.settings import ServerSettings

SUSTAINED_WINDOW_SECONDS = 10
"""The window over which ``messages_per_second`` is averaged."""
CHAT_BURST_SECONDS = 10
"""The window of ``chat_burst``."""


class Guard:
    """Every rate and count the limits of ``settings`` need."""

    def __init__(self, settings: ServerSettings) -> None:
        self.settings = settings
        self.limiter = MovingWindowRateLimiter(MemoryStorage())
        self.burst = RateLimitItemPerSecond(settings.message_burst, 1)
        self.sustained = RateLimitItemPerSecond(
            settings.messages_per_second * SUSTAINED_WINDOW_SECONDS, SUSTAINED_WINDOW_SECONDS
        )
        self.strikes = RateLimitItemPerMinute(settings.strikes_per_minute)
        self.creations = RateLimitItemPerMinute(settings.tables_per_minute)
        self.chat_minute = RateLimitItemPerMinute(settings.chat_per_minute)
        self.chat_burst = RateLimitItemPerSecond(settings.chat_burst, CHAT_BURST_SECONDS)
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
        for item in (self.chat_burst, self.chat_minute):
            self.limiter.clear(item, "chat", key)

    def message(self, key: str) -> bool:
        """Count one message of the socket ``key``; False (and not counted) when it is over
        its rate."""
        items = (self.burst, self.sustained)
        if not all(self.limiter.test(item, key) for item in items):
            return False
        for item in items:
            self.limiter.hit(item, key)
        return True

    def chat(self, key: str) -> bool:
        """Count one chat line of the socket ``key``; False (and not counted) when it is over
        the chat rates."""
        items = (self.chat_burst, self.chat_minute)
        if not all(self.limiter.test(item, "chat", key) for item in items):
            return False
        for item in items:
            self.limiter.hit(item, "chat", key)
        return True

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
