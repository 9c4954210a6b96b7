"""The host's controls: a lost seat link reissued (the old token is refused at once, also on
its open socket; the new one works), a seat handed to a bot and given back, the table
closed; each is an event in the table's record, said in the log and the replay, and only the
host can do them."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

from .conftest import make_app
from .seating_support import (
    create,
    hand_absent_seat_to_bot,
    join,
    log_of,
    receive,
    refused,
    send,
    state_where,
    until,
)

TWO_PEOPLE = [{"kind": "human"}, {"kind": "human"}]


def table_of_two(client: TestClient) -> tuple[str, list[str], str]:
    created = create(client, "parade", TWO_PEOPLE, start_player="0")
    return created["table"], [s["token"] for s in created["seats"]], created["host_token"]


def events(client: TestClient, table: str) -> list[Any]:
    return list(client.app.state.manager.store.events_since(table))  # type: ignore[attr-defined]


def test_a_reissued_link_shuts_out_the_old_token(tmp_path: Path) -> None:
    with TestClient(make_app(tmp_path, bot_workers=0)) as client:
        table, tokens, host = table_of_two(client)
        seen: list[str] = []
        with client.websocket_connect("/ws") as lost, client.websocket_connect("/ws") as a:
            join(lost, table, tokens[1])
            join(a, table, tokens[0], host=host, seen=seen)
            send(a, {"type": "host", "do": "reissue", "seat": 1})
            link = until(a, "seat_link", seen)
            assert link["seat"] == 1 and link["token"] not in tokens
            told = until(lost, "error")
            assert told["code"] == "revoked" and "new link" in told["message"]
            with pytest.raises(WebSocketDisconnect) as closed:
                receive(lost)
            assert closed.value.code == 1008
        with client.websocket_connect("/ws") as old:
            send(old, {"type": "hello", "table": table, "token": tokens[1]})
            refused(old, "unauthorized")
        with client.websocket_connect("/ws") as new:
            welcome, _ = join(new, table, link["token"])
            assert welcome["seat"] == 1 and welcome["host"] is False
            assert "The host gave player 2's seat a new link" in log_of(client, table, 1)[-1]
            send(new, {"type": "host", "do": "reissue", "seat": 0})
            refused(new, "not_host")
        (event,) = [e for e in events(client, table) if e.kind == "link_reissued"]
        assert event.seat == 1 and link["token"] not in json.dumps(event.data)
        stored = client.app.state.manager.store.load(table)  # type: ignore[attr-defined]
        assert link["token"] not in json.dumps([s.to_json() for s in stored.seats])
        assert not any(link["token"] in text for text in seen[:-1])  # only in its answer


def test_an_absent_seat_goes_to_a_bot_and_comes_back(tmp_path: Path) -> None:
    with TestClient(make_app(tmp_path, bot_workers=0)) as client:
        table, tokens, host = table_of_two(client)
        with client.websocket_connect("/ws") as a:
            join(a, table, tokens[0], host=host)
            with client.websocket_connect("/ws") as b:
                join(b, table, tokens[1])
                send(a, {"type": "host", "do": "to_bot", "seat": 1})
                assert "at the table now" in refused(a, "malformed")["message"]
            state_where(a, lambda s: not s["seats"][1]["connected"])  # seat 1 has left
            handed = hand_absent_seat_to_bot(a, 1, "greedy")
            state = handed if handed["legal"] else state_where(a, lambda s: bool(s["legal"]))
            send(a, {"type": "act", "version": state["version"], "action": state["legal"][0]["id"]})
            # the bot plays seat 1's turn: seat 0 is to move again
            state_where(a, lambda s: bool(s["legal"]) and s["version"] > state["version"] + 1)
            with client.websocket_connect("/ws") as b:
                _, seen_by_b = join(b, table, tokens[1])
                assert seen_by_b["legal"] == []
                send(b, {"type": "act", "version": seen_by_b["version"], "action": 0})
                assert "handed your seat to a bot" in refused(b, "not_your_turn")["message"]
            send(a, {"type": "host", "do": "to_person", "seat": 1})
            back = state_where(a, lambda s: s["seats"][1]["kind"] == "human")
            assert not back["seats"][1]["handed"]
            send(a, {"type": "host", "do": "to_person", "seat": 1})
            assert "nobody to give it back to" in refused(a, "malformed")["message"]
        lines = log_of(client, table, None)
        assert "The host handed player 2's seat to a bot (greedy) while they are away." in lines
        assert "The host gave player 2's seat back to them." in lines
        kinds = [e.kind for e in events(client, table)]
        assert kinds == ["created", "seat_to_bot", "seat_to_person"]


def test_the_host_closes_the_table(tmp_path: Path) -> None:
    with TestClient(make_app(tmp_path, bot_workers=0)) as client:
        table, tokens, host = table_of_two(client)
        with client.websocket_connect("/ws") as a, client.websocket_connect("/ws") as b:
            join(a, table, tokens[0], host=host)
            join(b, table, tokens[1])
            state = state_where(a, lambda s: bool(s["legal"]))
            send(b, {"type": "host", "do": "close"})
            refused(b, "not_host")
            send(a, {"type": "host", "do": "close"})
            closed = state_where(b, lambda s: s["closed"])
            assert closed["expired"] and closed["legal"] == []
            send(a, {"type": "act", "version": state["version"], "action": state["legal"][0]["id"]})
            assert "the host closed this table" in refused(a, "expired")["message"]
            send(a, {"type": "host", "do": "close"})
            refused(a, "expired")
        replay = client.get(f"/api/tables/{table}/replay").json()
        assert {"text": "The host closed the table: it takes no more moves.", "step": 0} in [
            {**e, "step": 0} for e in replay["events"]
        ]
    with (  # after a restart
        TestClient(make_app(tmp_path, bot_workers=0)) as client,
        client.websocket_connect("/ws") as a,
    ):
        _, state = join(a, table, tokens[0])
        assert state["closed"] and state["expired"]
        assert log_of(client, table, 0)[-1] == "The host closed the table: it takes no more moves."


def test_a_seat_a_clock_handed_to_a_bot_stays_given_back_after_a_restart(tmp_path: Path) -> None:
    with TestClient(make_app(tmp_path, bot_workers=0)) as client:
        table, tokens, host = table_of_two(client)
        manager = client.app.state.manager  # type: ignore[attr-defined]
        with client.websocket_connect("/ws") as a:
            join(a, table, tokens[0], host=host)
            # seat 1's clock ran out and its policy handed it to the table's bot
            info = manager.store.load(table).seats[1]
            manager.store.change_seat(table, 1, {"kind": "human"}, {"kind": "bot", "bot": "random"})
            data = {"policy": "replace_by_bot", "bot": "random"}
            manager.store.add_event(table, "timeout", 1, 0, data, 0)
            live = manager.tables[table]
            live.seats[1] = type(info)("bot", "random", info.token_hash, info.name)
            send(a, {"type": "host", "do": "to_person", "seat": 1})
            # the state after the hand-back (states of the deal, sent before, show a person)
            state_where(a, lambda s: any("seat back to them" in line for line in s["log"]))
    with (
        TestClient(make_app(tmp_path, bot_workers=0)) as client,
        client.websocket_connect("/ws") as b,
    ):
        _, state = join(b, table, tokens[1])
        assert state["seats"][1]["kind"] == "human" and not state["seats"][1]["handed"]
