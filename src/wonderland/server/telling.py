"""Telling a table's connections: each viewer its own state message, serialised once per
distinct view and shared by its sockets, and public news (chat) to everyone."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

from wonderland.server.live_table import LiveTable
from wonderland.server.talk import chat_line
from wonderland.server.undo import notice_moved_on
from wonderland.store.values import StoredChat


class Teller:
    """Sends tables' news and counts what it costs."""

    def __init__(self, arm: Callable[[LiveTable], None]) -> None:
        self.arm = arm
        """(Re)set a table's clock timer: every change it is told of may move its clocks."""
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
        text per distinct view (each seat's, and the spectators'), shared by its sockets."""
        self.broadcasts += 1
        await notice_moved_on(table)
        self.arm(table)
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
