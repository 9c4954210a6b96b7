"""Real-time tables wait for their people (the ``Gate`` of ``live_table``).

A real-time race runs only while every person's seat has a connection open. Before the
first round each person says they are ready (``ready``); once all are, the race opens with
the game's own countdown to "Play Me!". When a person's last connection closes, the race
pauses for everyone until they are back, then opens again with a fresh countdown (the round
goes on from its committed actions: a roll not yet acted on is dropped). While it waits, no
bot acts and the table's idle kick counts only for the people it waits for, so an absent
person's seat still goes to the table's bot in time; the host may hand it over sooner or
close the table.

The gate lives in memory: after a restart every unfinished real-time table holds its ready
check again, since its people's connections closed with the server.
"""

from __future__ import annotations

from wonderland.server.core import TableCore
from wonderland.server.live_table import (
    LiveTable,
    awaited,
    begin_live,
    bots_only,
    people,
    race_held,
    waiting,
)
from wonderland.server.refusals import refuse
from wonderland.server.seat_clocks import now_ms


def to_settle(table: LiveTable) -> bool:
    """Whether the table's race must pause (someone it waits for, or nobody left to play
    for: ``bots_only``) or may open (nobody awaited)."""
    gate = table.gate
    if gate is None or table.finished or table.expired or waiting(table):
        return False
    return gate.running == (bool(awaited(table)) or bots_only(table))


async def settle(core: TableCore, table: LiveTable) -> None:
    """Pause the race when a person is away, open it when nobody is awaited; tell everyone."""
    gate = table.gate
    if gate is None:
        return
    async with table.lock:
        if not to_settle(table):
            return
        if gate.running:
            gate.running = False
            gate.since_ms = now_ms()
        else:
            gate.running = gate.started = True
            gate.ready.clear()
            begin_live(table)  # the round goes on from its committed actions, after a countdown
    await core.broadcast(table)
    core.advance_soon(table)


async def say_ready(core: TableCore, table: LiveTable, seat: int | None) -> None:
    """A person says they are ready for the race (again after a reload: harmless)."""
    gate = table.gate
    if gate is None:
        raise refuse("malformed", "only a real-time table has a ready check")
    if seat is None or seat not in people(table):
        raise refuse("not_your_turn", "only the people at the table say they are ready")
    if gate.started or seat in gate.ready:
        return
    gate.ready.add(seat)
    await core.broadcast(table)
    core.advance_soon(table)


def refuse_if_held(table: LiveTable) -> None:
    """Refuse a roll or an act while the race waits for its people, saying for whom."""
    if not race_held(table):
        return
    gate = table.gate
    assert gate is not None
    who = ", ".join(str(seat + 1) for seat in awaited(table))
    if not gate.started:
        why = "the race has not started: it starts once every player is here and ready"
    else:
        why = "the race is paused until every player is back"
    raise refuse("waiting", f"{why} (waiting for seat {who})" if who else why)
