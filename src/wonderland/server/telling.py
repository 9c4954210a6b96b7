"""Telling a table's connections: each viewer its own state message, serialised once per
distinct view and shared by its sockets, and public news (chat) to everyone.

States are paced: a table whose changes come faster than its pace allows sends its states
together when the pace allows the next, the latest state with every log line since (a
connection's ``log_start`` says from where), so nothing is lost and the last state arrives."""

from __future__ import annotations

import asyncio
import json
from collections.abc import Callable, Coroutine
from typing import Any

from wonderland.server.live_table import LiveTable
from wonderland.server.talk import chat_line
from wonderland.server.undo import notice_moved_on
from wonderland.store.values import StoredChat


class Teller:
    """Sends tables' news and counts what it costs."""

    def __init__(
        self,
        arm: Callable[[LiveTable], None],
        spawn: Callable[[Coroutine[Any, Any, None]], None],
    ) -> None:
        self.arm = arm
        """(Re)set a table's clock timer: every change it is told of may move its clocks."""
        self.spawn = spawn
        """Run a task that shutdown cancels (a paced state sent later)."""
        self.pace: Callable[[str], float] = lambda table_id: 0.0
        """Count a state of a table sent now: 0, or the seconds until the next may go."""
        self.held: set[str] = set()
        """The tables whose next state waits for its pace."""
        self.broadcasts = 0
        """How many times a table's news was sent to its connections..."""
        self.encodings = 0
        """...and how many JSON texts that took (one per distinct view, not per socket)."""

    def encode(self, message: dict[str, Any]) -> str:
        """A message as JSON text (counted: the cost of a change is its serialisations)."""
        self.encodings += 1
        return json.dumps(message)

    async def broadcast(self, table: LiveTable) -> None:
        """Send each listener its own view, with the log lines it has not had yet: one JSON
        text per distinct view (each seat's, and the spectators'), shared by its sockets; at
        the table's pace (a state held for it carries this change too)."""
        await notice_moved_on(table)
        self.arm(table)
        if table.id in self.held:
            return
        wait = self.pace(table.id)
        if wait > 0:
            self.held.add(table.id)
            self.spawn(self._send_later(table, wait))
            return
        await self._send_states(table)

    async def _send_later(self, table: LiveTable, wait: float) -> None:
        """Send the table's states once its pace allows (the latest then)."""
        try:
            await asyncio.sleep(wait)
        finally:
            self.held.discard(table.id)
        await self.broadcast(table)

    async def _send_states(self, table: LiveTable) -> None:
        """Send each listener its own view now, with the log lines it has not had yet."""
        self.broadcasts += 1
        rewritten = table.log.take_rewrites()  # a line came before lines told: from there
        for viewer, sends in list(table.listeners.items()):
            if not sends:
                continue
            message = table.state_message(viewer)
            lines = message["log"]
            texts: dict[int, str] = {}
            for send, told in list(sends.items()):
                seen = min(told, rewritten.get(viewer, told))
                text = texts.get(seen)
                if text is None:
                    text = self.encode({**message, "log_start": seen, "log": lines[seen:]})
                    texts[seen] = text
                try:
                    await send(text)
                    sends[send] = len(lines)
                except Exception:  # a closed socket; its handler removes it too
                    sends.pop(send, None)

    async def tell_chat(self, table: LiveTable, lines: list[StoredChat]) -> None:
        """Send chat lines to every connection of the table (one text: chat is public)."""
        await table.tell(self.encode({"type": "chat", "lines": [chat_line(x) for x in lines]}))
