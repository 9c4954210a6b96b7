"""The limits of a public server: each one reached is answered with a sentence and changes
nothing; a socket that keeps sending refused messages is closed."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from fastapi.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

from wonderland.server.wire import ErrorMessage

from .conftest import make_app
from .test_websocket import create, hello, next_state

TWO_PEOPLE = [{"kind": "human"}, {"kind": "human"}]


def send(ws: Any, message: dict[str, Any]) -> None:
    ws.send_text(json.dumps(message))


def reply(ws: Any) -> dict[str, Any]:
    """The next message that is not a state."""
    while True:
        message: dict[str, Any] = json.loads(ws.receive_text())
        if message["type"] != "state":
            return message


def refusal(ws: Any, code: str) -> dict[str, Any]:
    """The next message, which must be an error with ``code`` and a sentence."""
    message = reply(ws)
    ErrorMessage.model_validate(message)
    assert message["type"] == "error" and message["code"] == code, message
    assert len(message["message"].split()) >= 5, message  # a sentence, not a bare code
    return message


def read_until_closed(ws: Any) -> tuple[list[dict[str, Any]], WebSocketDisconnect]:
    """Every message until the server closes the socket, and the close."""
    messages: list[dict[str, Any]] = []
    for _ in range(1000):
        try:
            messages.append(json.loads(ws.receive_text()))
        except WebSocketDisconnect as close:
            return messages, close
    raise AssertionError("the server did not close the socket")


def closed(ws: Any) -> WebSocketDisconnect:
    """Read until the server closes the socket; the close."""
    return read_until_closed(ws)[1]


def parade_table(client: TestClient) -> tuple[str, list[str], Any]:
    """A Parade table of two people, seat 0 to move: its id, the tokens, the live table."""
    created = create(client, "parade", TWO_PEOPLE, start_player="0")
    table = created["table"]
    live = client.app.state.manager.tables[table]  # type: ignore[attr-defined]
    return table, [s["token"] for s in created["seats"]], live


def test_messages_over_the_rate_are_refused_unread(tmp_path: Path) -> None:
    """Past the rate, even a legal action is refused with ``rate_limited`` and not played."""
    # 10 messages in any 10 seconds: the 11th of a quick run is over the rate
    app = make_app(tmp_path, messages_per_second=1, message_burst=10, strikes_per_minute=100)
    with TestClient(app) as client, client.websocket_connect("/ws") as ws:
        table, tokens, live = parade_table(client)
        state = hello(ws, table, tokens[0])
        version = state["version"]
        for _ in range(12):
            send(ws, {"type": "ping"})
        answers = [reply(ws) for _ in range(12)]
        assert {a["type"] for a in answers} <= {"pong", "error"}
        assert any(a.get("code") == "rate_limited" for a in answers)
        send(ws, {"type": "act", "version": version, "action": state["legal"][0]["id"]})
        limited = refusal(ws, "rate_limited")
        assert "too many messages" in limited["message"]
        assert live.version == version


def test_a_socket_that_keeps_sending_refused_messages_is_closed(tmp_path: Path) -> None:
    """Each refused message is a strike; past the strikes the server says so and closes."""
    with (
        TestClient(make_app(tmp_path, strikes_per_minute=5)) as client,
        client.websocket_connect("/ws") as ws,
    ):
        for _ in range(10):
            ws.send_text("{not json")
        for _ in range(6):
            refusal(ws, "malformed")
        assert "too many refused messages" in refusal(ws, "rate_limited")["message"]
        close = closed(ws)
        assert close.code == 1008 and close.reason == "too many refused messages"


def test_a_flood_of_hellos_does_not_reach_the_other_players(tmp_path: Path) -> None:
    """300 hellos on one socket (with the other seat's token): one welcome, then refusals
    until the socket is closed; the seated player hears of it only a handful of times."""
    with TestClient(make_app(tmp_path, messages_per_second=10, message_burst=20)) as client:
        table, tokens, live = parade_table(client)
        with client.websocket_connect("/ws") as seated:
            version = hello(seated, table, tokens[0])["version"]
            with client.websocket_connect("/ws") as flood:
                for _ in range(300):
                    send(flood, {"type": "hello", "table": table, "token": tokens[1]})
                messages, close = read_until_closed(flood)
                kinds = [m.get("code", m["type"]) for m in messages]
                assert close.code == 1008
                assert kinds.count("welcome") == 1
                assert "limit_reached" in kinds
                assert len(kinds) < 40  # closed long before the 300th
            send(seated, {"type": "ping"})
            heard = []
            while (message := json.loads(seated.receive_text()))["type"] != "pong":
                heard.append(message)
            assert len(heard) <= 4, [m["type"] for m in heard]
            assert live.version == version


def test_hello_is_said_once_per_connection(client: TestClient) -> None:
    """A second hello, even to another table, is refused; the first table is kept."""
    table, tokens, _ = parade_table(client)
    other, other_tokens, _ = parade_table(client)
    with client.websocket_connect("/ws") as ws:
        hello(ws, table, tokens[0])
        send(ws, {"type": "hello", "table": other, "token": other_tokens[0]})
        assert table in refusal(ws, "limit_reached")["message"]
        send(ws, {"type": "ping"})
        assert reply(ws)["type"] == "pong"
    manager = client.app.state.manager  # type: ignore[attr-defined]
    assert not manager.tables[other].listeners.get(0)


def test_open_sockets_per_address_are_limited(tmp_path: Path) -> None:
    """The third socket from one address is told why and closed; the others go on."""
    with TestClient(make_app(tmp_path, sockets_per_address=2)) as client:
        with client.websocket_connect("/ws") as one, client.websocket_connect("/ws") as two:
            with client.websocket_connect("/ws") as three:
                assert "connections" in refusal(three, "limit_reached")["message"]
                close = closed(three)
                assert close.code == 1008 and "too many connections" in close.reason
            for ws in (one, two):
                send(ws, {"type": "ping"})
                assert reply(ws)["type"] == "pong"
        with client.websocket_connect("/ws") as again:  # the count went down with the closes
            send(again, {"type": "ping"})
            assert reply(again)["type"] == "pong"


def test_spectators_per_table_are_limited(tmp_path: Path) -> None:
    """A table full of spectators refuses one more; its players still take their seats."""
    with TestClient(make_app(tmp_path, spectators_per_table=1)) as client:
        table, tokens, live = parade_table(client)
        with client.websocket_connect("/ws") as first, client.websocket_connect("/ws") as second:
            version = hello(first, table, None)["version"]
            send(second, {"type": "hello", "table": table, "token": None})
            assert "spectators" in refusal(second, "limit_reached")["message"]
            assert live.spectators() == 1
            with client.websocket_connect("/ws") as player:
                assert hello(player, table, tokens[0])["version"] == version
            assert live.version == version


def test_table_creations_per_address_are_limited(tmp_path: Path) -> None:
    """Past the rate, 429 with Retry-After and a sentence, and no table is made."""
    with TestClient(make_app(tmp_path, tables_per_minute=2)) as client:
        body = {"game": "parade", "seats": TWO_PEOPLE}
        for _ in range(2):
            assert client.post("/api/tables", json=body).status_code == 200
        refused = client.post("/api/tables", json=body)
        assert refused.status_code == 429
        assert 1 <= int(refused.headers["retry-after"]) <= 60
        assert "try again in" in refused.json()["detail"]
        assert len(client.app.state.manager.tables) == 2  # type: ignore[attr-defined]


def test_tables_of_bots_only_need_the_operator(tmp_path: Path) -> None:
    """By default a table with no person is refused (403); ``allow_bot_tables`` allows it."""
    body = {"game": "parade", "seats": [{"kind": "bot", "bot": "random"}] * 2}
    with TestClient(make_app(tmp_path / "a")) as client:
        refused = client.post("/api/tables", json=body)
        assert refused.status_code == 403 and "--allow-bot-tables" in refused.json()["detail"]
        assert not client.app.state.manager.tables  # type: ignore[attr-defined]
    with TestClient(make_app(tmp_path / "b", allow_bot_tables=True)) as client:
        assert client.post("/api/tables", json=body).status_code == 200


def test_a_socket_without_hello_is_closed(tmp_path: Path) -> None:
    """No hello within the hello timeout: the server says so and closes the socket. (Two
    seconds: the ping must be answered before the time runs out, on a busy machine too.)"""
    with (
        TestClient(make_app(tmp_path, hello_timeout_seconds=2.0)) as client,
        client.websocket_connect("/ws") as ws,
    ):
        send(ws, {"type": "ping"})  # a ping is not a hello
        assert reply(ws)["type"] == "pong"
        assert "no hello within 2 seconds" in refusal(ws, "limit_reached")["message"]
        close = closed(ws)
        assert close.code == 1008 and close.reason == "no hello in time"


def test_idle_tables_expire_and_keep_their_replay(tmp_path: Path) -> None:
    """A table left without a person past ``table_idle_seconds`` expires: it refuses moves
    with a sentence, its record says so after a restart, its replay opens."""
    now = [1_000_000.0]
    with TestClient(make_app(tmp_path, table_idle_seconds=100)) as client:
        manager = client.app.state.manager  # type: ignore[attr-defined]
        manager.clock = lambda: now[0]
        table, tokens, live = parade_table(client)
        watched, watched_tokens, watched_live = parade_table(client)
        with client.websocket_connect("/ws") as spectator:  # a spectator is nobody's activity
            hello(spectator, table, None)  # (and waits for the deal)
        now[0] += 99
        with client.websocket_connect("/ws") as ws:  # not yet: a person takes a seat
            state = hello(ws, watched, watched_tokens[0])
            assert not state["expired"] and state["legal"]
            now[0] += 101
            assert client.portal.call(manager.expire_idle) == 2  # type: ignore[union-attr]
            state = next_state(ws)
            assert state["expired"] and state["legal"] == []
            send(ws, {"type": "act", "version": state["version"], "action": 0})
            assert "closed after 100 seconds" in refusal(ws, "expired")["message"]
        assert watched_live.expired and watched_live.version == state["version"]
        with client.websocket_connect("/ws") as ws:
            state = hello(ws, table, tokens[0])
            assert state["expired"] and not state["finished"] and state["legal"] == []
            version = state["version"]
            send(ws, {"type": "act", "version": version, "action": 0})
            refusal(ws, "expired")
        assert live.version == version
        assert client.get(f"/api/tables/{table}/replay").status_code == 200
    with TestClient(make_app(tmp_path, table_idle_seconds=100)) as client:
        manager = client.app.state.manager  # type: ignore[attr-defined]
        assert table not in manager.tables  # an expired table is not replayed at start...
        restored = client.portal.call(manager.obtain, table)  # type: ignore[union-attr]
        assert restored.expired and restored.version == version
        listed = client.get("/api/tables").json()["tables"]
        assert {t["table"]: t["expired"] for t in listed} == {table: True, watched: True}
        assert client.get(f"/api/tables/{table}/replay").json()["steps"][0]["label"] == "start"


def test_the_list_of_tables_is_paged_and_leaves_out_private_tables(tmp_path: Path) -> None:
    """Newest first, 50 a page unless asked (at most 100), cursor to cursor; private tables
    are not listed, yet their links work."""
    with TestClient(make_app(tmp_path, tables_per_minute=1000)) as client:
        body: dict[str, Any] = {"game": "parade", "seats": TWO_PEOPLE}
        made = [client.post("/api/tables", json=body).json()["table"] for _ in range(53)]
        private = client.post("/api/tables", json={**body, "private": True}).json()
        first = client.get("/api/tables").json()
        assert [t["table"] for t in first["tables"]] == made[::-1][:50]
        rest = client.get("/api/tables", params={"cursor": first["next_cursor"]}).json()
        assert [t["table"] for t in rest["tables"]] == made[::-1][50:]
        assert rest["next_cursor"] is None
        pages, cursor = [], None
        while True:
            params: dict[str, Any] = {"limit": 20} | ({"cursor": cursor} if cursor else {})
            page = client.get("/api/tables", params=params).json()
            pages.append(len(page["tables"]))
            cursor = page["next_cursor"]
            if cursor is None:
                break
        assert pages == [20, 20, 13]
        assert len(client.get("/api/tables", params={"limit": 100}).json()["tables"]) == 53
        assert client.get("/api/tables", params={"limit": 101}).status_code == 422
        assert client.get("/api/tables", params={"limit": 0}).status_code == 422
        assert client.get("/api/tables", params={"cursor": "nope"}).status_code == 404
        assert client.get("/api/tables", params={"cursor": "ab\x00"}).status_code == 422
        with client.websocket_connect("/ws") as ws:
            assert not hello(ws, private["table"], private["seats"][0]["token"])["finished"]
        assert client.get(f"/t/{private['table']}").status_code == 200


def test_strict_messages_refuse_numbers_in_strings(client: TestClient) -> None:
    """``"action": "12"`` is refused, not read as 12; so are a binary frame and a float."""
    table, tokens, live = parade_table(client)
    with client.websocket_connect("/ws") as ws:
        state = hello(ws, table, tokens[0])
        version, action = state["version"], state["legal"][0]["id"]
        send(ws, {"type": "act", "version": version, "action": str(action)})
        assert "act.action" in refusal(ws, "malformed")["message"]
        send(ws, {"type": "act", "version": str(version), "action": action})
        refusal(ws, "malformed")
        send(ws, {"type": "act", "version": version, "action": float(action)})
        refusal(ws, "malformed")
        ws.send_bytes(json.dumps({"type": "ping"}).encode())
        assert "binary frames" in refusal(ws, "malformed")["message"]
        assert live.version == version
        send(ws, {"type": "act", "version": version, "action": action})  # the socket goes on
        assert next_state(ws)["version"] > version
    refused = client.post(
        "/api/tables", json={"game": "parade", "seats": TWO_PEOPLE, "private": "yes"}
    )
    assert refused.status_code == 422
