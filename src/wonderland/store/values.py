"""What the store keeps and gives back: seats, chat lines, events, tables, and the conditions
it answers with (a stale write, an unknown cursor, an unreachable database)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

UNDO = -9
"""The actor of a row that takes an earlier row back (its action is that row's index)."""


def in_play(actions: Sequence[tuple[int, int]]) -> list[int]:
    """The indices of the rows still in play: neither an undo nor taken back by one."""
    undone = {action for actor, action in actions if actor == UNDO}
    return [i for i, (actor, _) in enumerate(actions) if actor != UNDO and i not in undone]


@dataclass(frozen=True, slots=True)
class SeatInfo:
    """Who sits in a seat: a person (with the hash of their token and the display name they
    chose, if any) or a named bot."""

    kind: str
    bot: str | None = None
    token_hash: str | None = None
    name: str | None = None

    def to_json(self) -> dict[str, Any]:
        """A JSON-ready dict (``name`` only once one was chosen)."""
        data: dict[str, Any] = {"kind": self.kind, "bot": self.bot, "token_hash": self.token_hash}
        if self.name is not None:
            data["name"] = self.name
        return data

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> SeatInfo:
        """From the stored dict (a seat stored before names has none)."""
        name = data.get("name")
        return cls(
            str(data["kind"]),
            data.get("bot"),
            data.get("token_hash"),
            None if name is None else str(name),
        )


@dataclass(frozen=True, slots=True)
class StoredChat:
    """One chat line as stored: its number, the seat (None: a spectator), the name it was said
    under, the words, the table's version then, and when (ms since the epoch)."""

    id: int
    seat: int | None
    name: str
    text: str
    step: int
    at_ms: int


@dataclass(frozen=True, slots=True)
class NewEvent:
    """An event to store together with the change it tells of: its kind, seat (None: the
    whole table), the table's version then, its facts, and when (ms since the epoch)."""

    kind: str
    seat: int | None
    step: int
    data: dict[str, Any]
    at_ms: int


@dataclass(frozen=True, slots=True)
class StoredEvent:
    """One table event as stored: its number, kind, seat (None: the whole table), the
    table's version then, its facts, and when (ms since the epoch)."""

    id: int
    kind: str
    seat: int | None
    step: int
    data: dict[str, Any]
    at_ms: int


@dataclass(frozen=True, slots=True)
class StoredTable:
    """A table as stored, with its accepted actions in order."""

    id: str
    game: str
    rules_version: int
    config: dict[str, Any]
    seed: int
    seats: tuple[SeatInfo, ...]
    finished: bool
    actions: tuple[tuple[int, int, int], ...]
    private: bool = False
    expired: bool = False
    chat: tuple[StoredChat, ...] = ()
    events: tuple[StoredEvent, ...] = ()


@dataclass(frozen=True, slots=True)
class TableNews:
    """What other processes may have changed at a table, read at once: its actions from an
    index on (none asked: empty), whether it expired, its seats as stored now, its chat lines
    above a number, and all its events."""

    actions: tuple[tuple[int, int, int], ...]
    expired: bool
    seats: tuple[SeatInfo, ...]
    chat: tuple[StoredChat, ...]
    events: tuple[StoredEvent, ...]


@dataclass(frozen=True, slots=True)
class TableHeader:
    """A table as the list of tables shows it, without replaying it."""

    id: str
    game: str
    finished: bool
    expired: bool
    version: int
    """How many actions are committed."""


class UnknownCursor(LookupError):  # noqa: N818 - an answer, not a failure
    """A page was asked for after a table that does not exist (or is private)."""


class StaleWrite(Exception):  # noqa: N818 - a condition, not a failure of the store
    """The action index is already taken: another writer got there first."""


class StoreUnavailable(Exception):  # noqa: N818 - a condition, not a bug
    """The database cannot be reached (e.g. PostgreSQL is restarting); nothing was written."""
