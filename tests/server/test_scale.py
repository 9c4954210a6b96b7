"""Costs that do not grow with what is stored: start-up replays no finished table, and one
change is serialised once per distinct view, not once per connection."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

from fastapi.testclient import TestClient

from wonderland.core import CHANCE, TERMINAL, get_game
from wonderland.store import SeatInfo, Store, StoredTable
from wonderland.store.repository import secret_hash

from .conftest import make_app
from .test_limits import TWO_PEOPLE
from .test_websocket import create, hello, next_state

STORED = 10_000


def finished_parade(seed: int) -> tuple[dict[str, Any], list[tuple[int, int, int]]]:
    """A whole two-player Parade game played at random: its config and its actions."""
    game = get_game("parade")
    config = game.make_config(2, {})
    state = game.initial_state(config)
    rng = random.Random(seed)
    actions: list[tuple[int, int, int]] = []
    while (mover := game.to_move(state)) != TERMINAL:
        if mover == CHANCE:
            actor, action = CHANCE, game.sample_chance(state, rng)
        else:
            actor = min(mover) if isinstance(mover, frozenset) else mover
            action = rng.choice(game.legal_actions(state, actor))
        state = game.apply(state, actor, action)
        actions.append((actor, action, 1_000))
    return config.to_json(), actions


def store_finished_tables(tmp_path: Path, count: int) -> list[str]:
    """``count`` finished Parade tables inserted straight into the app's store (not played)."""
    config, actions = finished_parade(7)
    seats = (SeatInfo("human", None, secret_hash("a")), SeatInfo("human", None, secret_hash("b")))
    ids = [f"done{n:08d}" for n in range(count)]
    tmp_path.mkdir(parents=True, exist_ok=True)
    store = Store(f"sqlite:///{tmp_path / 'db.sqlite3'}")
    rules = get_game("parade").spec.version
    store.insert_tables(
        StoredTable(t, "parade", rules, config, 7, seats, True, tuple(actions)) for t in ids
    )
    store.close()
    return ids


def test_start_up_replays_no_finished_table_and_serves_each_on_demand(tmp_path: Path) -> None:
    ids = store_finished_tables(tmp_path, STORED)
    with TestClient(make_app(tmp_path, bot_workers=0)) as client:
        manager = client.app.state.manager  # type: ignore[attr-defined]
        assert client.portal.call(manager.restore_in_play) == 0  # type: ignore[union-attr]
        assert manager.replayed == 0 and not manager.tables
        listed = client.get("/api/tables", params={"limit": 100}).json()
        assert [t["table"] for t in listed["tables"]] == ids[::-1][:100]
        assert all(t["finished"] and t["version"] > 0 for t in listed["tables"])
        assert manager.replayed == 0  # listing replays nothing either
        wanted = ids[STORED // 2]
        with client.websocket_connect("/ws") as ws:
            state = hello(ws, wanted, None)
        assert state["finished"] and state["version"] == listed["tables"][0]["version"]
        assert manager.replayed == 1
        replay = client.get(f"/api/tables/{ids[3]}/replay").json()
        assert replay["steps"][0]["label"] == "start" and len(replay["steps"]) > 1
        assert manager.replayed == 2
        assert client.get(f"/api/tables/{ids[3]}/replay").status_code == 200
        assert manager.replayed == 2  # kept in memory once rebuilt
        assert client.get("/api/tables/nosuchtable/replay").status_code == 404


def test_a_change_is_serialised_once_per_distinct_view(tmp_path: Path) -> None:
    """Two sockets of seat 0, one of seat 1, three spectators: three texts per change."""
    with TestClient(make_app(tmp_path, bot_workers=0)) as client:
        manager = client.app.state.manager  # type: ignore[attr-defined]
        created = create(client, "parade", TWO_PEOPLE, start_player="0")
        table, tokens = created["table"], [s["token"] for s in created["seats"]]
        sockets = [client.websocket_connect("/ws") for _ in range(6)]
        opened = [ws.__enter__() for ws in sockets]
        try:
            seat0, seat0_again, seat1, *spectators = opened
            state = hello(seat0, table, tokens[0])
            for ws, token in [(seat0_again, tokens[0]), (seat1, tokens[1])]:
                hello(ws, table, token)
            for ws in spectators:
                hello(ws, table, None)
            live = manager.tables[table]
            live = manager.tables[table]
            broadcasts, encodings = manager.broadcasts, manager.encodings
            version = live.version
            seat0.send_json({"type": "act", "version": version, "action": state["legal"][0]["id"]})
            for ws in opened:  # (the arrivals' news first, at the same version)
                while next_state(ws)["version"] == version:
                    pass
            told = manager.broadcasts - broadcasts
            assert told >= 1
            assert manager.encodings - encodings == 3 * told
        finally:
            for ws in sockets:
                ws.__exit__(None, None, None)
