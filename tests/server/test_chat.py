"""Names and chat at a table: names are checked and refused with a sentence, chat reaches every
seat and spectator, is held to its length and rates, is stored with the table, kept over a
restart and shown in the replay."""

from __future__ import annotations

import json
import time
from pathlib import Path
from typing import Any

from fastapi.testclient import TestClient
from sqlalchemy import text

from wonderland.server.wire import ChatMessage, ErrorMessage, StateMessage, Welcome
from wonderland.store import SeatInfo, Store

from .conftest import make_app
from .test_websocket import create

TWO_PEOPLE = [{"kind": "human"}, {"kind": "human"}]
XSS = "<img src=x onerror=alert(1)>"


def send(ws: Any, message: dict[str, Any]) -> None:
    ws.send_text(json.dumps(message))


def until(ws: Any, kind: str) -> dict[str, Any]:
    """The next message of type ``kind`` (states in between are checked and skipped)."""
    while True:
        message: dict[str, Any] = json.loads(ws.receive_text())
        if message["type"] == kind:
            return message
        assert message["type"] == "state", message
        StateMessage.model_validate(message)


def join(ws: Any, table: str, token: str | None) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    """Say hello: the first state, and the chat lines the welcome brings."""
    send(ws, {"type": "hello", "table": table, "token": token})
    welcome = json.loads(ws.receive_text())
    Welcome.model_validate(welcome)
    state = until(ws, "state")
    return state, welcome["chat"]


def names_become(ws: Any, names: list[str]) -> None:
    """Read states until one shows the seats under ``names`` (a few older ones may come
    first)."""
    for _ in range(20):
        state = until(ws, "state")
        if [s["name"] for s in state["seats"]] == names:
            return
    raise AssertionError(f"no state with the names {names}")


def refused(ws: Any, code: str) -> dict[str, Any]:
    """The next message, which must be a refusal with ``code`` and a sentence."""
    message = until(ws, "error")
    ErrorMessage.model_validate(message)
    assert message["code"] == code, message
    assert len(message["message"].split()) >= 8, message
    return message


def heard(ws: Any) -> dict[str, Any]:
    """The one line of the next chat message."""
    message = until(ws, "chat")
    ChatMessage.model_validate(message)
    assert len(message["lines"]) == 1, message
    line: dict[str, Any] = message["lines"][0]
    return line


def table_of_two(client: TestClient) -> tuple[str, list[str], Any]:
    created = create(client, "parade", TWO_PEOPLE, start_player="0")
    live = client.app.state.manager.tables[created["table"]]  # type: ignore[attr-defined]
    return created["table"], [s["token"] for s in created["seats"]], live


def test_names_are_checked_and_a_refusal_changes_nothing(tmp_path: Path) -> None:
    with TestClient(make_app(tmp_path, bot_workers=0)) as client:
        table, tokens, live = table_of_two(client)
        with client.websocket_connect("/ws") as a, client.websocket_connect("/ws") as b:
            join(a, table, tokens[0])
            join(b, table, tokens[1])
            bad = {
                "   ": "at least one character",
                "A" * 25: "at most 24 characters",
                XSS: "only letters, digits, spaces",
                "Bob;": "only letters, digits, spaces",
                "...": "at least one letter or digit",
            }
            for name, why in bad.items():
                send(a, {"type": "name", "name": name})
                assert why in refused(a, "invalid_name")["message"]
            send(a, {"type": "name", "name": 12})
            refused(a, "malformed")
            assert [s.name for s in live.seats] == [None, None]
            assert [s.name for s in client.app.state.manager.store.load(table).seats] == [  # type: ignore[attr-defined]
                None,
                None,
            ]
            send(a, {"type": "name", "name": "  Zoë O'Hara-Liddell  "})
            assert until(a, "named") == {"type": "named", "name": "Zoë O'Hara-Liddell"}
            names_become(b, ["Zoë O'Hara-Liddell", "player 2"])
            with client.websocket_connect("/ws") as watcher:
                state, _ = join(watcher, table, None)
                assert state["seats"][0]["name"] == "Zoë O'Hara-Liddell"
                send(watcher, {"type": "name", "name": "Cheshire Cat"})
                assert until(watcher, "named")["name"] == "Cheshire Cat"
                send(watcher, {"type": "name", "name": "x" * 30})
                refused(watcher, "invalid_name")
            assert [s.name for s in live.seats] == ["Zoë O'Hara-Liddell", None]


def test_chat_reaches_every_seat_and_spectator(tmp_path: Path) -> None:
    with TestClient(make_app(tmp_path, bot_workers=0)) as client:
        table, tokens, _ = table_of_two(client)
        with (
            client.websocket_connect("/ws") as a,
            client.websocket_connect("/ws") as b,
            client.websocket_connect("/ws") as watcher,
        ):
            join(a, table, tokens[0])
            join(b, table, tokens[1])
            join(watcher, table, None)
            send(a, {"type": "name", "name": "Alice"})
            until(a, "named")
            send(a, {"type": "chat", "text": f"  hello\n{XSS}  "})
            for ws in (a, b, watcher):
                line = heard(ws)
                assert line["seat"] == 0 and line["name"] == "Alice"
                assert not line["spectator"]
                assert line["text"] == f"hello {XSS}"  # stored as said: the page shows text
            send(watcher, {"type": "chat", "text": "who is winning?"})
            for ws in (a, b, watcher):
                line = heard(ws)
                assert line["seat"] is None and line["spectator"]
                assert line["name"] == "spectator"
            send(watcher, {"type": "name", "name": "Dodo"})
            until(watcher, "named")
            send(watcher, {"type": "chat", "text": "me"})
            assert heard(b)["name"] == "Dodo"


def test_long_and_fast_chat_is_refused_and_not_sent(tmp_path: Path) -> None:
    app = make_app(tmp_path, bot_workers=0, chat_burst=2, chat_max_chars=40)
    with TestClient(app) as client:
        table, tokens, live = table_of_two(client)
        with client.websocket_connect("/ws") as a, client.websocket_connect("/ws") as b:
            join(a, table, tokens[0])
            join(b, table, tokens[1])
            send(a, {"type": "chat", "text": "x" * 41})
            assert "at most 40 characters" in refused(a, "too_long")["message"]
            send(a, {"type": "chat", "text": " \n "})
            refused(a, "malformed")
            for words in ("one", "two"):
                send(a, {"type": "chat", "text": words})
                assert heard(a)["text"] == words
            send(a, {"type": "chat", "text": "three"})
            assert "too many chat lines" in refused(a, "rate_limited")["message"]
            send(a, {"type": "ping"})
            assert until(a, "pong")  # still connected, nothing more was said
            send(b, {"type": "chat", "text": "mine"})  # the rates are per connection
            assert [heard(b)["text"] for _ in range(3)] == ["one", "two", "mine"]
            assert [line.text for line in live.chat] == ["one", "two", "mine"]


def test_chat_and_names_are_kept_over_a_restart_and_in_the_replay(tmp_path: Path) -> None:
    with TestClient(make_app(tmp_path, bot_workers=0)) as client:
        table, tokens, live = table_of_two(client)
        with client.websocket_connect("/ws") as a, client.websocket_connect("/ws") as b:
            join(a, table, tokens[0])
            join(b, table, tokens[1])
            for _ in range(500):  # until the deal is drawn and seat 0 is to move
                state = live.state_message(0)
                if state["legal"]:
                    break
                time.sleep(0.01)
            send(a, {"type": "name", "name": "Alice"})
            until(a, "named")
            send(b, {"type": "name", "name": "Hatter"})
            until(b, "named")
            send(a, {"type": "chat", "text": "good luck"})
            heard(a)
            heard(b)
            send(a, {"type": "act", "version": state["version"], "action": state["legal"][0]["id"]})
            moved = until(b, "state")
            while moved["version"] == state["version"]:
                moved = until(b, "state")
            send(b, {"type": "chat", "text": "nice move"})
            assert heard(b)["step"] == moved["version"]
    # the server stops and starts again over the same database
    with TestClient(make_app(tmp_path, bot_workers=0)) as client:
        with client.websocket_connect("/ws") as watcher:
            state, history = join(watcher, table, None)
            assert [s["name"] for s in state["seats"]] == ["Alice", "Hatter"]
            assert [(line["name"], line["text"]) for line in history] == [
                ("Alice", "good luck"),
                ("Hatter", "nice move"),
            ]
        manager = client.app.state.manager  # type: ignore[attr-defined]
        assert client.get(f"/api/tables/{table}/replay").status_code == 409
        manager.clock = lambda: time.time() + 10**7  # long idle: the next hello expires it
        with client.websocket_connect("/ws") as watcher:
            state, _ = join(watcher, table, None)
            assert state["expired"]
        replay = client.get(f"/api/tables/{table}/replay").json()
        assert [s["name"] for s in replay["seats"]] == ["Alice", "Hatter"]
        said = [(line["name"], line["text"], line["step"]) for line in replay["chat"]]
        # said before the first move, and after it (with the card drawn after it)
        last = len(replay["steps"]) - 1
        assert said == [("Alice", "good luck", 0), ("Hatter", "nice move", last)]
        assert last >= 1 and "played" in replay["steps"][1]["label"]


def test_an_older_database_gets_the_chat_table(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'old.sqlite3'}"
    store = Store(url)
    store.create_table("t1", "parade", 1, {}, 7, [SeatInfo("human", None, "h")])
    with store.engine.begin() as connection:  # as a database made before chat and names
        connection.execute(text("DROP TABLE game_chat"))
        connection.execute(
            text("""UPDATE game_tables SET seats = '[{"kind": "human", "bot": null}]'""")
        )
    store.close()
    store = Store(url)
    assert store.load("t1").seats[0].name is None  # type: ignore[union-attr]
    store.add_chat("t1", 0, "player 0", "hello", 0, 1)
    store.set_seat_name("t1", 0, "Alice")
    loaded = store.load("t1")
    assert loaded is not None and loaded.seats[0].name == "Alice"
    assert [(line.id, line.text) for line in loaded.chat] == [(1, "hello")]
    store.close()
