"""Real-time tables (Wonderdice) over the websocket: the server rolls on its own clock, judges
actions on arrival and keeps every committed step across a restart."""

from __future__ import annotations

import json
import time
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from wonderland.core import get_game
from wonderland.store import StoreUnavailable

from .conftest import make_app
from .test_websocket import create, next_state

FAST = {"roll_cooldown_ms": "200", "countdown_ms": "400"}


def hello(ws: Any, table: str, token: str | None) -> dict[str, Any]:
    ws.send_text(json.dumps({"type": "hello", "table": table, "token": token}))
    assert json.loads(ws.receive_text())["type"] == "welcome"
    return next_state(ws)


def until(ws: Any, wanted: Any, limit: int = 200) -> dict[str, Any]:
    """The first state that ``wanted`` accepts."""
    for _ in range(limit):
        state = next_state(ws)
        if wanted(state):
            return state
    raise AssertionError("the state never came")


def ready_up(*sockets: Any) -> dict[str, Any]:
    """Each socket's person says they are ready; the first socket's state once the race is
    open (its countdown to "Play Me!" runs)."""
    for ws in sockets:
        ws.send_text(json.dumps({"type": "ready"}))
    return until(sockets[0], lambda state: state["ready_check"] is None)


def reply(ws: Any) -> dict[str, Any]:
    """The next message that is not a state."""
    while True:
        message: dict[str, Any] = json.loads(ws.receive_text())
        if message["type"] != "state":
            return message


def test_rolls_and_actions_follow_the_rules_of_the_clock(tmp_path: Path) -> None:
    """No roll before "Play Me!" (D12), no action without a roll (D14), one roll then its
    action; every view is the seat's own; a restarted server carries on at the same step."""
    with TestClient(make_app(tmp_path, bot_workers=0)) as client:
        created = create(client, "wonderdice", [{"kind": "human"}, {"kind": "human"}], **FAST)
        table, token = created["table"], created["seats"][0]["token"]
        with client.websocket_connect("/ws") as ws, client.websocket_connect("/ws") as other:
            hello(ws, table, token)
            hello(other, table, created["seats"][1]["token"])
            state = ready_up(ws, other)  # both are here and ready: the countdown runs
            assert state["live"]["open_in_ms"] > 0 and not state["live"]["can_roll"]
            assert not state["live"]["round_going_on"]  # this countdown opens the round
            ws.send_text(json.dumps({"type": "roll"}))
            early = reply(ws)
            assert early["code"] == "illegal" and early["rule"] == "D12"
            next_state(ws)  # an illegal attempt is answered with the fresh state too
            ws.send_text(json.dumps({"type": "act", "version": state["version"], "action": 11}))
            no_roll = reply(ws)
            assert no_roll["rule"] == "D14"
            next_state(ws)
            time.sleep(0.5)
            ws.send_text(json.dumps({"type": "roll"}))
            rolled = next_state(ws)
            assert rolled["live"]["pending"][0] is not None
            assert rolled["legal"], "a roll always allows at least 'take no action'"
            choice = rolled["legal"][-1]["id"]
            ws.send_text(
                json.dumps({"type": "act", "version": rolled["version"], "action": choice})
            )
            after = next_state(ws)
            assert after["version"] > rolled["version"]
            assert after["live"]["pending"][0] is None
            live = client.app.state.manager.tables[table]  # type: ignore[attr-defined]
            game = get_game("wonderdice")
            assert after["view"] == game.view_to_json(game.view(live.state, 0))
            version, view = after["version"], after["view"]
    with (
        TestClient(make_app(tmp_path, bot_workers=0)) as client,
        client.websocket_connect("/ws") as ws,
        client.websocket_connect("/ws") as other,
    ):
        assert hello(ws, table, token)["ready_check"]["phase"] == "ready"  # after a restart
        hello(other, table, created["seats"][1]["token"])
        resumed = ready_up(ws, other)
        assert resumed["version"] == version
        assert resumed["view"]["players"] == view["players"]
        assert resumed["live"]["open_in_ms"] > 0  # a new countdown for the round in play
        assert resumed["live"]["round_going_on"]  # ...which it does not open: it goes on


@pytest.mark.slow
def test_bots_play_in_real_time(tmp_path: Path) -> None:
    """With only bots at the table, the round goes on by itself until someone wins it."""
    with TestClient(make_app(tmp_path, allow_bot_tables=True)) as client:
        seats = [{"kind": "bot", "bot": "greedy"}, {"kind": "bot", "bot": "random"}]
        created = create(client, "wonderdice", seats, **FAST)
        with client.websocket_connect("/ws") as ws:
            state = hello(ws, created["table"], None)
            deadline = time.monotonic() + 180  # bots play at a person's pace
            while time.monotonic() < deadline:
                wins = [p["wins"]["admiring"] + p["wins"]["mad"] for p in state["view"]["players"]]
                if sum(wins):
                    break
                state = next_state(ws)
            assert sum(wins) >= 1
            assert state["legal"] == []  # a spectator has nothing to do


def test_a_move_the_database_cannot_take_is_undone(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """While the database is away a move is answered 'unavailable' and the table goes back to
    exactly its committed actions (its pending roll too); when it is back, play goes on."""
    with TestClient(make_app(tmp_path, bot_workers=0)) as client:
        created = create(client, "wonderdice", [{"kind": "human"}, {"kind": "human"}], **FAST)
        table, token = created["table"], created["seats"][0]["token"]
        manager = client.app.state.manager  # type: ignore[attr-defined]
        with client.websocket_connect("/ws") as ws, client.websocket_connect("/ws") as other:
            hello(ws, table, token)
            hello(other, table, created["seats"][1]["token"])
            state = ready_up(ws, other)
            time.sleep(0.5)  # "Play Me!"
            ws.send_text(json.dumps({"type": "roll"}))
            rolled = next_state(ws)
            live = manager.tables[table]
            committed = list(live.actions[: live.version])

            def away(rows: Any) -> None:
                raise StoreUnavailable("the database cannot be reached: restarting")

            with monkeypatch.context() as patch:
                patch.setattr(manager.store, "append_many", away)
                action = rolled["legal"][-1]["id"]
                ws.send_text(
                    json.dumps({"type": "act", "version": rolled["version"], "action": action})
                )
                refused = reply(ws)
                assert refused["code"] == "unavailable" and "not made" in refused["message"]
                assert live.version == len(committed)
                assert live.live.driver.actions == committed  # nothing half-applied
            time.sleep(0.6)  # the table's fresh countdown to "Play Me!"
            ws.send_text(json.dumps({"type": "roll"}))
            rolled = next_state(ws)
            assert rolled["live"]["pending"][0] is not None
            action = rolled["legal"][-1]["id"]
            ws.send_text(
                json.dumps({"type": "act", "version": rolled["version"], "action": action})
            )
            after = next_state(ws)
            assert after["version"] > state["version"]
            stored = manager.store.load(table)
            assert [(a, x) for a, x, _ in stored.actions] == live.live.driver.actions
