"""A real-time table waits for its people: no bot acts before every person is here and ready;
the race pauses while a person is away and goes on, after a countdown, when they are back;
after a restart the table holds its ready check again."""

from __future__ import annotations

import json
import time
from pathlib import Path

from fastapi.testclient import TestClient

from wonderland.server.live_table import PAUSED
from wonderland.server.wire import StateMessage

from .conftest import make_app
from .test_realtime import FAST, hello, ready_up, reply, until
from .test_websocket import create

BOTS = [{"kind": "bot", "bot": "random"}, {"kind": "bot", "bot": "random"}]


def test_no_bot_acts_before_the_person_is_ready(tmp_path: Path) -> None:
    with TestClient(make_app(tmp_path, bot_workers=0)) as client:
        created = create(client, "wonderdice", [{"kind": "human"}, *BOTS], **FAST)
        table, token = created["table"], created["seats"][0]["token"]
        manager = client.app.state.manager  # type: ignore[attr-defined]
        time.sleep(3)  # nobody is here yet: the bots wait
        live = manager.tables[table]
        assert live.version == 1  # the deal only
        with client.websocket_connect("/ws") as ws:
            state = hello(ws, table, token)
            StateMessage.model_validate(state)
            check = state["ready_check"]
            assert check["phase"] == "ready" and state["legal"] == []
            assert check["seats"] == [
                {"seat": 0, "connected": True, "ready": False, "awaited": True, "kick_in_ms": None}
            ]
            time.sleep(3)  # here, but not ready: still nothing
            assert live.version == 1
            ws.send_text(json.dumps({"type": "roll"}))
            refused = reply(ws)
            assert refused["code"] == "waiting" and "ready" in refused["message"]
            opened = ready_up(ws)
            assert opened["live"]["open_in_ms"] > 0  # the countdown everyone sees
            until(ws, lambda s: s["version"] > 1)  # then the bots race
            assert live.version > 1


def test_an_absent_person_pauses_the_race_until_they_are_back(tmp_path: Path) -> None:
    with TestClient(make_app(tmp_path, bot_workers=0)) as client:
        created = create(client, "wonderdice", [{"kind": "human"}, *BOTS], **FAST)
        table, token = created["table"], created["seats"][0]["token"]
        manager = client.app.state.manager  # type: ignore[attr-defined]
        live = manager.tables[table]
        with client.websocket_connect("/ws") as ws:
            hello(ws, table, token)
            ready_up(ws)
            until(ws, lambda s: s["version"] > 3)
        time.sleep(0.3)  # the race pauses for everyone
        assert live.gate is not None and not live.gate.running
        paused_at = live.version
        time.sleep(2.5)
        assert live.version == paused_at  # no bot acted while they were away
        with client.websocket_connect("/ws") as watcher:  # a spectator sees the pause
            seen = hello(watcher, table, None)
            assert seen["ready_check"]["phase"] == "paused"
            assert seen["ready_check"]["seats"][0]["awaited"] is True
        with client.websocket_connect("/ws") as ws:
            back = hello(ws, table, token)
            if back["ready_check"] is not None:  # no new "ready": they are back, it goes on
                back = until(ws, lambda s: s["ready_check"] is None)
            assert back["live"]["open_in_ms"] > 0  # a fresh countdown
            until(ws, lambda s: s["version"] > paused_at)
        version = live.version
    with (  # after a restart the table holds its ready check again
        TestClient(make_app(tmp_path, bot_workers=0)) as client,
        client.websocket_connect("/ws") as ws,
    ):
        state = hello(ws, table, token)
        assert state["ready_check"]["phase"] == "ready"
        time.sleep(1.5)
        assert client.app.state.manager.tables[table].version == version  # type: ignore[attr-defined]


def test_an_absent_person_is_still_kicked_when_idle_and_the_table_then_pauses(
    tmp_path: Path,
) -> None:
    """The table's idle kick still applies during a pause: the absent seat goes to the
    table's bot; bots then play every seat, so the table pauses (no bot rolls) until its
    person opens their link again, which gives them the seat back and the race goes on."""
    with TestClient(make_app(tmp_path, bot_workers=0)) as client:
        body = {
            "game": "wonderdice",
            "seats": [{"kind": "human"}, *BOTS],
            "variants": FAST,
            "time_control": {"idle_kick_seconds": 2},
        }
        created = client.post("/api/tables", json=body).json()
        table, token = created["table"], created["seats"][0]["token"]
        manager = client.app.state.manager  # type: ignore[attr-defined]
        live = manager.tables[table]
        with client.websocket_connect("/ws") as ws:
            hello(ws, table, token)
            ready_up(ws)
        time.sleep(0.3)  # the race pauses for them
        with client.websocket_connect("/ws") as watcher:
            assert hello(watcher, table, None)["ready_check"]["phase"] == "paused"
            kicked = until(watcher, lambda s: s["seats"][0]["kind"] == "bot", limit=2000)
            assert kicked["seats"][0]["handed"]
            assert kicked["paused"] == PAUSED and kicked["ready_check"] is None
        stored = manager.store.load(table)
        assert [e.seat for e in stored.events if e.kind == "idle_kick"] == [0]
        time.sleep(2)
        assert len(manager.store.load(table).actions) == len(stored.actions)  # nobody rolled
        with client.websocket_connect("/ws") as ws:
            back = hello(ws, table, token)
            if back["paused"] is not None or back["ready_check"] is not None:
                back = until(ws, lambda s: s["paused"] is None and s["ready_check"] is None)
            assert back["seats"][0]["kind"] == "human"
            until(ws, lambda s: s["version"] > len(stored.actions))  # the bots race again
            assert live.gate is not None and live.gate.running
