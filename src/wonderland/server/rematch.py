"""Play again: after the end, a new table with the same seats (people stay people, bots stay
bots), variants and time control. Each person's seat there is reserved for them and taken
with one click from the old table's page; the new token goes only to the one who asked. A
real-time game (Wonderdice) is dealt when its table is set up and its clock starts when the
last seat is taken or the host starts it."""

from __future__ import annotations

import secrets

from wonderland.server.core import TableDesk, leased
from wonderland.server.host import appoint
from wonderland.server.live_table import LiveTable, live_module
from wonderland.server.refusals import UNREACHABLE, refuse
from wonderland.server.seating import take_reserved
from wonderland.server.table_factory import new_table_id
from wonderland.server.table_record import record_event
from wonderland.server.wire import RematchSeat
from wonderland.store import SeatInfo, StoreUnavailable


def rematch_seats(table: LiveTable) -> list[SeatInfo]:
    """The seats of the next game: a bot seat stays that bot, a person's seat (also one a
    bot played while they were away) is reserved for them under their name."""
    seats = []
    for info in table.seats:
        if info.kind == "bot" and info.token_hash is None:
            seats.append(SeatInfo("bot", info.bot))
        else:
            seats.append(SeatInfo("reserved", None, None, info.name))
    return seats


async def set_up(core: TableDesk, table: LiveTable) -> tuple[str, str]:
    """Store the next game's table; its id and its host's token."""
    stored = await core.in_store(core.store.load, table.id, away=UNREACHABLE)
    if stored is None:
        raise refuse("unknown_table", f"there is no table {table.id!r}")
    game = table.game
    config = game.make_config(len(table.seats), dict(table.config.variants))
    fresh = config.to_json()
    # the configuration's other entries (the time control) carry over as they are
    config_json = {**{k: v for k, v in stored.config.items() if k not in fresh}, **fresh}
    new_id, seed, seats = new_table_id(), secrets.randbelow(2**62), rematch_seats(table)
    try:
        with leased(core, new_id):
            await core.in_store(
                core.store.create_table,
                new_id,
                game.spec.id,
                game.spec.version,
                config_json,
                seed,
                seats,
                table.private,
                away=UNREACHABLE,
            )
    except StoreUnavailable:  # the lease could not be taken
        raise refuse("unavailable", UNREACHABLE) from None
    live = live_module(game.spec.id)
    if live is not None:  # a real-time game is dealt at once; its clock starts with the game
        deal = live.start(config, seed, {}).driver.actions
        rows = [
            (new_id, index, actor, action, 0, False) for index, (actor, action) in enumerate(deal)
        ]
        await core.in_store(core.store.append_many, rows, away=UNREACHABLE)
    new = await core.obtain(new_id)
    host_token = await appoint(core, new, rematch_of=table.id)
    await record_event(core, table, "rematch", None, {"table": new_id})
    return new_id, host_token


async def play_again(core: TableDesk, table: LiveTable, seat: int | None) -> RematchSeat:
    """A seated person's "Play again": the new table is set up by the first ask; the asker
    takes their seat there."""
    if seat is None:
        raise refuse("unauthorized", "spectators have no seat to take to the next game")
    if not table.finished:
        raise refuse("malformed", "a new game with the same seats is offered when this one ends")
    if table.seats[seat].kind == "bot" and table.seats[seat].token_hash is None:
        raise refuse("unauthorized", "a bot's seat cannot ask to play again")
    host_token = None
    async with table.lock:
        if table.record.rematch is None:
            _, host_token = await set_up(core, table)
    assert table.record.rematch is not None
    new = await core.obtain(table.record.rematch)
    token = await take_reserved(core, new, seat)
    await core.broadcast(table)
    return RematchSeat(table=new.id, seat=seat, token=token, host=host_token)
