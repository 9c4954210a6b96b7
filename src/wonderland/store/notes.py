"""The notes a commit sends to the other processes on PostgreSQL (``NOTIFY``): which table
moved, its number of actions, and the actions themselves when they fit."""

from __future__ import annotations

CHANNEL = "wonderland_moves"
"""The channel every commit notifies and every process listens on."""

ActionTuple = tuple[str, int, int, int, int, bool]
"""An action row to write: (table, index, actor, action, at_ms, whether it ends the game)."""

NOTE_LIMIT = 4000
"""The longest move note sent with its actions (PostgreSQL allows 8,000 bytes a payload)."""


def move_notes(rows: list[ActionTuple]) -> list[str]:
    """One note per table of ``rows``: "id count first actor:action:at_ms ...", its number
    of actions now, the index of the first action written, and the actions themselves, so
    that a process that has the actions before them applies them without reading them
    back (a note that would be too long keeps only "id count")."""
    by_table: dict[str, list[tuple[int, int, int, int]]] = {}
    for t, i, a, x, ms, _ in rows:
        by_table.setdefault(t, []).append((i, a, x, ms))
    notes = []
    for t, written in by_table.items():
        written.sort()
        count = written[-1][0] + 1
        first = written[0][0]
        note = f"{t} {count}"
        if [i for i, *_ in written] == list(range(first, count)):
            full = " ".join([note, str(first), *(f"{a}:{x}:{ms}" for _, a, x, ms in written)])
            note = full if len(full) <= NOTE_LIMIT else note
        notes.append(note)
    return notes


def parse_move_note(note: str) -> tuple[str, int | None, int, list[tuple[int, int, int]]]:
    """A note's table id, its number of actions (None: not a move), the index of the first
    action it carries and those actions (none: read them from the store)."""
    parts = note.split(" ")
    if len(parts) < 2 or not parts[1].isdigit():
        return parts[0], None, 0, []
    actions = [_action(part) for part in parts[3:]]
    first = int(parts[2]) if len(parts) > 2 else 0
    return parts[0], int(parts[1]), first, actions


def _action(part: str) -> tuple[int, int, int]:
    """One "actor:action:at_ms" of a note."""
    actor, action, at_ms = part.split(":")
    return int(actor), int(action), int(at_ms)
