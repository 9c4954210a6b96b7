"""A table's log as a function of its stored history: every line has its place in the record
(the row it tells, or the event and the number of rows stored before it), so a process that
learns of rows and events in another order (it follows another process's table, or replays
the table after a restart) still holds the same lines in the same order.

Lines come in order almost always and are appended; one that belongs before lines already
told (an event another process stored while this one was ahead) is inserted, and the
connections of that viewer are sent the log again from there (``take_rewrites``)."""

from __future__ import annotations

from bisect import bisect
from collections.abc import Mapping
from dataclasses import dataclass, field

Key = tuple[int, int, int]
"""Where a line stands in the record: ``(step, 0, id)`` for the event ``id`` stored when the
table had ``step`` rows; ``(row, 1, n)`` for the ``n``-th line about row ``row``."""

Viewer = int | None
"""A seat, or None for the spectators."""


def event_key(step: int, event_id: int) -> Key:
    """The place of an event stored when the table had ``step`` rows (before row ``step``)."""
    return (step, 0, event_id)


def row_key(row: int, line: int = 0) -> Key:
    """The place of the ``line``-th line about row ``row`` of the record."""
    return (row, 1, line)


@dataclass
class LogBook:
    """Each viewer's log lines in the order of the record."""

    lines: dict[Viewer, list[str]] = field(default_factory=dict)
    """Each viewer's lines, in the order of their places."""
    places: dict[Viewer, list[Key]] = field(default_factory=dict)
    """The place of each of those lines."""
    known: set[Key] = field(default_factory=set)
    """Every place told so far (a line told twice is kept once)."""
    rewritten: dict[Viewer, int] = field(default_factory=dict)
    """Per viewer, the first line that changed other than at the end since the connections
    were last told."""

    def add(self, key: Key, said: Mapping[Viewer, str | None]) -> None:
        """Tell each viewer of ``said`` its line at ``key`` (None: nothing for that viewer);
        a place already told is left as it is."""
        if key in self.known:
            return
        self.known.add(key)
        for viewer, line in said.items():
            if line is None:
                continue
            places = self.places.setdefault(viewer, [])
            lines = self.lines.setdefault(viewer, [])
            if not places or places[-1] < key:
                places.append(key)
                lines.append(line)
                continue
            at = bisect(places, key)
            places.insert(at, key)
            lines.insert(at, line)
            self.rewritten[viewer] = min(at, self.rewritten.get(viewer, at))

    def merge(self, other: LogBook) -> None:
        """Take in the lines of ``other`` (the same table replayed) at places not told here."""
        said: dict[Key, dict[Viewer, str | None]] = {}
        for viewer, places in other.places.items():
            for key, line in zip(places, other.lines[viewer], strict=True):
                said.setdefault(key, {})[viewer] = line
        for key in sorted(other.known - self.known):
            self.add(key, said.get(key, {}))

    def take_rewrites(self) -> dict[Viewer, int]:
        """Per viewer, the first line its connections must be sent again; forgotten here."""
        rewritten, self.rewritten = self.rewritten, {}
        return rewritten
