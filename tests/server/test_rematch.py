"""Play again: after the end a new table with the same seats (people stay people, bots stay
bots), variants and time control; each person takes their seat with one message, and the new
token goes to them alone."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from .conftest import make_app
from .seating_support import (
    create,
    first_plays_again,
    join,
    log_of,
    play_to_end,
    refused,
    second_plays_again,
    send,
    state_where,
    tokens_stayed_apart,
    two_people_finish,
    until,
)


@pytest.mark.slow
def test_two_people_play_again_and_each_gets_only_their_own_seat(tmp_path: Path) -> None:
    with TestClient(make_app(tmp_path, bot_workers=0)) as client:
        seats = [{"kind": "human"}, {"kind": "human"}, {"kind": "bot", "bot": "greedy"}]
        created = create(client, "parade", seats, start_player="0")
        table, tokens = created["table"], [s["token"] for s in created["seats"]]
        seen: dict[int, list[str]] = {0: [], 1: []}
        with client.websocket_connect("/ws") as a, client.websocket_connect("/ws") as b:
            _, first_a = join(a, table, tokens[0], seen=seen[0])
            _, first_b = join(b, table, tokens[1], seen=seen[1])
            send(a, {"type": "rematch"})
            assert "when this one ends" in refused(a, "malformed", seen[0])["message"]
            play_to_end({0: a, 1: b}, seen, first={0: first_a, 1: first_b})
            with client.websocket_connect("/ws") as watcher:
                join(watcher, table, None)
                send(watcher, {"type": "rematch"})
                refused(watcher, "unauthorized")
            mine = first_plays_again(a, table, seen[0])
            theirs = second_plays_again(b, mine, seen[1])
        tokens_stayed_apart(mine, theirs, seen)
        old = client.app.state.manager.tables[table]  # type: ignore[attr-defined]
        new = client.app.state.manager.tables[mine.table]  # type: ignore[attr-defined]
        assert [s.kind for s in new.seats] == ["human", "human", "bot"]
        assert new.seats[2].bot == "greedy"
        assert dict(new.config.variants) == dict(old.config.variants)
        stored = client.app.state.manager.store.load(mine.table)  # type: ignore[attr-defined]
        assert stored.config.get("time_control") == client.app.state.manager.store.load(  # type: ignore[attr-defined]
            table
        ).config.get("time_control")
        assert mine.token not in json.dumps(stored.config) + json.dumps(
            [e.data for e in stored.events]
        )
        assert f"A rematch was set up with the same seats: table {mine.table}." in log_of(
            client, table, None
        )
        with client.websocket_connect("/ws") as a2, client.websocket_connect("/ws") as b2:
            welcome, state = join(a2, mine.table, mine.token, host=mine.host)
            assert welcome["seat"] == 0 and welcome["host"] and not state["waiting"]
            welcome, _ = join(b2, mine.table, theirs.token)
            assert welcome["seat"] == 1
            send(b2, {"type": "hello", "table": mine.table, "token": tokens[1]})
            refused(b2, "limit_reached")
        with client.websocket_connect("/ws") as old_token:
            send(old_token, {"type": "hello", "table": mine.table, "token": tokens[0]})
            refused(old_token, "unauthorized")


@pytest.mark.slow
def test_a_seat_not_taken_waits_and_the_host_fills_it(tmp_path: Path) -> None:
    with TestClient(make_app(tmp_path, bot_workers=0)) as client:
        table, tokens, _ = two_people_finish(client)
        with client.websocket_connect("/ws") as a:
            join(a, table, tokens[0])
            send(a, {"type": "name", "name": "Alice"})
            until(a, "named")
            send(a, {"type": "rematch"})
            mine = until(a, "rematch_seat")
        with client.websocket_connect("/ws") as host:
            _, state = join(host, mine["table"], mine["token"], host=mine["host"])
            assert state["waiting"] and [s["kind"] for s in state["seats"]] == ["human", "reserved"]
            assert state["seats"][1]["name"] == "player 2"
            send(host, {"type": "host", "do": "start"})
            begun = state_where(host, lambda s: not s["waiting"])
            assert [s["kind"] for s in begun["seats"]] == ["human", "bot"]
