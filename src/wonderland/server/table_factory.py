"""Tables made: a new one from a creation request (stored before anyone sees it), and one
rebuilt from the store by replaying its committed rows and the events between them."""

from __future__ import annotations

import secrets
from typing import Any

from wonderland.bots import bot_names
from wonderland.core import AnyGame, ConfigError, get_game, get_plugin
from wonderland.server import table_events
from wonderland.server.live_table import LiveTable, go_live, live_module
from wonderland.server.pass_and_play import device_seats, kept_settings, local_names
from wonderland.server.seat_clocks import check_time_control, make_clocks, now_ms
from wonderland.server.table_record import note_until
from wonderland.server.undo import apply_row
from wonderland.server.wire import CreateTable, TimeControl
from wonderland.store import SeatInfo, Store, StoredTable
from wonderland.store.repository import secret_hash

TAKE_BACK = "take_back_seconds"
"""The configuration's entry of how long the table holds its draws."""


def wanted_seats(game: AnyGame, request: CreateTable) -> tuple[list[SeatInfo], dict[int, str]]:
    """The seats a creation request asks for (the names of those played on the creating
    device checked), and a token for each person's seat."""
    names = local_names(game, request)
    seats: list[SeatInfo] = []
    tokens: dict[int, str] = {}
    for seat, wanted in enumerate(request.seats):
        if wanted.kind == "bot":
            name = wanted.bot or "random"
            if name not in bot_names(game.spec.id):
                raise ConfigError(
                    f"seat {seat + 1}: no bot {name!r} for {game.spec.id}; choose from "
                    f"{', '.join(bot_names(game.spec.id))}"
                )
            seats.append(SeatInfo("bot", name))
        elif wanted.kind == "open":
            seats.append(SeatInfo("open"))
        else:
            token = secrets.token_urlsafe(18)
            tokens[seat] = token
            seats.append(SeatInfo("human", None, secret_hash(token), names.get(seat)))
    return seats, tokens


def table_settings(
    game: AnyGame, request: CreateTable, control: TimeControl, take_back: float
) -> dict[str, Any]:
    """The table's settings kept in its configuration: its time control and, for a game that
    holds its draws, how long (``take_back``: the server's default)."""
    kept: dict[str, Any] = {"time_control": control.model_dump()}
    kept.update(kept_settings(request))
    if get_plugin(game.spec.id).take_back_before_draw:
        chosen = request.take_back_seconds
        kept[TAKE_BACK] = take_back if chosen is None else chosen
    return kept


def take_back_ms(config: dict[str, Any]) -> int:
    """How long (ms) a table holds its draws (0 for a table stored without the setting)."""
    return round(float(config.get(TAKE_BACK, 0)) * 1000)


def new_table_id() -> str:
    """A new table's id (16 hex digits, unguessable)."""
    return secrets.token_hex(8)


def new_table(
    store: Store,
    request: CreateTable,
    now: float,
    take_back: float = 0.0,
    table_id: str | None = None,
) -> tuple[LiveTable, dict[int, str]]:
    """Check the request, store the table (a real-time game with its deal), return it with
    the seat tokens (shown once); ``now`` is when it was last active; ``take_back``: the
    server's default of ``take_back_seconds``; ``table_id``: its id (default: a new one)."""
    game = get_game(request.game)
    config = game.make_config(len(request.seats), request.variants)
    seats, tokens = wanted_seats(game, request)
    control = check_time_control(game, request.time_control)
    kept = table_settings(game, request, control, take_back)
    table_id = table_id or new_table_id()
    seed = secrets.randbelow(2**62)
    store.create_table(
        table_id,
        game.spec.id,
        game.spec.version,
        {**config.to_json(), **kept},
        seed,
        seats,
        request.private,
    )
    table = LiveTable(table_id, game, config, seed, seats, game.initial_state(config))
    table.take_back_ms = take_back_ms(kept)
    table.device_seats = device_seats(kept)
    table.private = request.private
    table.last_active = now
    table.clocks = make_clocks(control, len(seats), now_ms())
    live = live_module(game.spec.id)
    if live is not None:
        go_live(table, live.start(config, seed, table.bot_seats()))
        for index, (actor, action) in enumerate(table.actions):  # the deal
            store.append_action(table_id, index, actor, action, 0, False)
    return table, tokens


def rebuild(stored: StoredTable, now: float) -> LiveTable:
    """A table replayed from its stored actions; ``now`` (the wall clock) is when it was last
    active if no person has moved at it yet."""
    game = get_game(stored.game)
    if stored.rules_version != game.spec.version:
        raise ConfigError(f"table {stored.id} uses rules version {stored.rules_version}")
    cfg = stored.config
    config = game.make_config(cfg["num_players"], cfg.get("variants"), cfg.get("content"))
    table = LiveTable(
        stored.id, game, config, stored.seed, list(stored.seats), game.initial_state(config)
    )
    table.private, table.expired = stored.private, stored.expired
    table.take_back_ms = take_back_ms(cfg)
    table.device_seats = device_seats(cfg)
    table.chat = list(stored.chat)
    people = [at_ms for actor, _, at_ms in stored.actions if table.is_person(actor)]
    # Idle since the last move of a person; a table no person has moved at yet counts
    # from now (the time the server was down is nobody's idleness).
    table.last_active = max(people) / 1000 if people else now
    table_events.prepare(table, stored, now_ms())
    live = live_module(game.spec.id)
    if live is not None:
        actions = [(actor, action) for actor, action, _ in stored.actions]
        go_live(table, live.resume(config, stored.seed, actions, table.bot_seats()))
    else:
        for actor, action, at_ms in stored.actions:
            note_until(table, stored.events, table.version)
            apply_row(table, actor, action, at_ms)
    note_until(table, stored.events, table.version)
    return table
