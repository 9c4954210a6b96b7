"""Open seats: a table waits (no moves, a clear refusal) until every seat is taken from the
list of waiting tables, or until its host starts it with bots; the lobby's list and a
table's public summary tell no secret."""

from __future__ import annotations

import json
from pathlib import Path

from fastapi.testclient import TestClient

from wonderland.server.wire import TableStatus, TakenSeat, WaitingList

from .conftest import make_app
from .seating_support import create, join, log_of, refused, send, state_where

ME_AND_OPEN = [{"kind": "human"}, {"kind": "open"}]


def test_an_open_seat_is_listed_taken_and_the_game_begins(tmp_path: Path) -> None:
    with TestClient(make_app(tmp_path, bot_workers=0)) as client:
        created = create(client, "parade", ME_AND_OPEN, start_player="0")
        table, mine = created["table"], created["seats"][0]["token"]
        assert [link["seat"] for link in created["seats"]] == [0]  # no link for an open seat
        listed = WaitingList.model_validate(client.get("/api/waiting").json())
        (entry,) = [t for t in listed.tables if t.table == table]
        assert entry.free == [1] and entry.time_control == "none"
        assert [s.kind for s in entry.seats] == ["human", "open"]
        with client.websocket_connect("/ws") as a:
            _, state = join(a, table, mine)
            assert state["waiting"] and state["legal"] == []
            assert state["seats"][1]["kind"] == "open"
            send(a, {"type": "act", "version": state["version"], "action": 0})
            assert "seat 2" in refused(a, "waiting")["message"]
            taken = client.post(f"/api/tables/{table}/seats/1")
            assert taken.status_code == 200, taken.text
            seat = TakenSeat.model_validate(taken.json())
            assert seat.seat == 1 and seat.url.endswith(f"#seat=1&token={seat.token}")
            begun = state_where(a, lambda s: not s["waiting"] and s["legal"])
            assert begun["seats"][1]["kind"] == "human"
            lines = log_of(client, table, 0)
            assert lines[:2] == [
                "Seat 2 sat down at the table.",
                "Every seat is taken: the game begins.",
            ]
            again = client.post(f"/api/tables/{table}/seats/1")
            assert again.status_code == 409 and "not open" in again.json()["detail"]
            with client.websocket_connect("/ws") as b:
                welcome, _ = join(b, table, seat.token)
                assert welcome["seat"] == 1
        assert table not in [t["table"] for t in client.get("/api/waiting").json()["tables"]]
        events = client.app.state.manager.store.events_since(table)  # type: ignore[attr-defined]
        assert [e.kind for e in events] == ["created", "seat_taken", "started"]
        assert seat.token not in json.dumps([e.data for e in events])


def test_the_host_starts_early_with_bots_in_the_empty_seats(tmp_path: Path) -> None:
    with TestClient(make_app(tmp_path, bot_workers=0)) as client:
        seats = [{"kind": "human"}, {"kind": "open"}, {"kind": "open"}]
        created = create(client, "parade", seats, start_player="0")
        table, mine, host = created["table"], created["seats"][0]["token"], created["host_token"]
        assert created["host_url"].endswith(f"/t/{table}#host={host}")
        with client.websocket_connect("/ws") as guest:
            welcome, _ = join(guest, table, None)
            assert welcome["host"] is False
            send(guest, {"type": "host", "do": "start"})
            refused(guest, "not_host")
        with client.websocket_connect("/ws") as a:
            welcome, state = join(a, table, mine, host=host)
            assert welcome["host"] is True and state["waiting"]
            send(a, {"type": "host", "do": "start", "bot": "no-such-bot"})
            assert "no bot" in refused(a, "malformed")["message"]
            send(a, {"type": "host", "do": "start"})
            begun = state_where(a, lambda s: not s["waiting"] and s["legal"])
            assert [s["kind"] for s in begun["seats"]] == ["human", "bot", "bot"]
            assert "The host started the game: a bot (greedy) plays each empty seat." in log_of(
                client, table
            )
            send(a, {"type": "host", "do": "start"})
            assert "has begun" in refused(a, "malformed")["message"]


def test_a_wrong_host_token_and_a_missing_seat_are_refused(tmp_path: Path) -> None:
    with TestClient(make_app(tmp_path, bot_workers=0)) as client:
        created = create(client, "parade", ME_AND_OPEN)
        with client.websocket_connect("/ws") as ws:
            send(ws, {"type": "hello", "table": created["table"], "token": None, "host": "x" * 24})
            refused(ws, "not_host")
        missing = client.post(f"/api/tables/{created['table']}/seats/5")
        assert missing.status_code == 404 and "no seat 5" in missing.json()["detail"]
        assert client.post("/api/tables/nothing/seats/1").status_code == 404


def test_the_status_of_a_table_tells_whose_turn_and_no_secret(tmp_path: Path) -> None:
    with TestClient(make_app(tmp_path, bot_workers=0)) as client:
        created = create(client, "parade", [{"kind": "human"}, {"kind": "human"}], start_player="0")
        table = created["table"]
        with client.websocket_connect("/ws") as a:
            _, state = join(a, table, created["seats"][0]["token"])
            if not state["legal"]:  # the cards are still being dealt
                state_where(a, lambda s: bool(s["legal"]))
            response = client.get(f"/api/tables/{table}/status")
            assert response.status_code == 200
            status = TableStatus.model_validate(response.json())
            assert status.to_move == [0] and not status.finished and not status.waiting
            assert status.game_name == "Parade"
            assert [s.connected for s in status.seats] == [True, False]
            text = response.text
            for secret in [link["token"] for link in created["seats"]] + [created["host_token"]]:
                assert secret not in text
            assert '"view"' not in text and '"hands"' not in text  # no view, so no hand
        assert client.get("/api/tables/nothing/status").status_code == 404


def test_a_taken_seat_and_the_start_survive_a_restart(tmp_path: Path) -> None:
    with TestClient(make_app(tmp_path, bot_workers=0)) as client:
        created = create(client, "parade", ME_AND_OPEN, start_player="0")
        table = created["table"]
        token = client.post(f"/api/tables/{table}/seats/1").json()["token"]
    with (
        TestClient(make_app(tmp_path, bot_workers=0)) as client,
        client.websocket_connect("/ws") as b,
    ):
        welcome, state = join(b, table, token)
        assert welcome["seat"] == 1 and not state["waiting"]
        assert (
            log_of(client, table, 1)[:2]
            == log_of(client, table, None)[:2]
            == [
                "Seat 2 sat down at the table.",
                "Every seat is taken: the game begins.",
            ]
        )
        send(b, {"type": "host", "do": "close"})
        refused(b, "not_host")


def test_taking_seats_is_held_to_the_creation_rate(tmp_path: Path) -> None:
    with TestClient(make_app(tmp_path, bot_workers=0, tables_per_minute=2)) as client:
        seats = [{"kind": "human"}, {"kind": "open"}, {"kind": "open"}]
        table = create(client, "parade", seats)["table"]
        assert client.post(f"/api/tables/{table}/seats/1").status_code == 200
        over = client.post(f"/api/tables/{table}/seats/2")
        assert over.status_code == 429 and "try again in" in over.json()["detail"]
        assert int(over.headers["Retry-After"]) >= 1
        status = client.get(f"/api/tables/{table}/status").json()
        assert [s["kind"] for s in status["seats"]] == ["human", "human", "open"]
