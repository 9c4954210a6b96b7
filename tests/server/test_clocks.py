"""Clocks: a real-time clock runs out and the table's bot plays the move (or takes the seat);
a turn-based table keeps both clocks over a restart (each derived from the stored steps'
times); a Wonderdice seat left idle is handed to the bot; a time control that does not fit
the game is refused with a sentence."""

from __future__ import annotations

import json
import time
from pathlib import Path
from typing import Any

import httpx2 as httpx
import pytest
from fastapi.testclient import TestClient

from tests.server.test_processes import join as join_process
from tests.server.test_processes import pair  # noqa: F401 - two processes on one database
from tests.store.test_store import postgres_url  # noqa: F401 - the throwaway cluster
from tests.support import ServerProcess
from wonderland.server.wire import StateMessage

from .conftest import make_app
from .test_chat import send, until
from .test_websocket import hello

TWO_PEOPLE = [{"kind": "human"}, {"kind": "human"}]


def create(client: TestClient, game: str, seats: list[dict[str, str]], **control: Any) -> Any:
    body = {"game": game, "seats": seats, "time_control": control}
    if game == "parade":
        body["variants"] = {"start_player": "0"}
    response = client.post("/api/tables", json=body)
    assert response.status_code == 200, response.text
    return response.json()


def clocks_of(state: dict[str, Any]) -> dict[int, dict[str, Any]]:
    StateMessage.model_validate(state)
    assert state["clocks"] is not None
    return {clock["seat"]: clock for clock in state["clocks"]["seats"]}


def states_until(ws: Any, done: Any, limit: int = 200) -> dict[str, Any]:
    for _ in range(limit):
        state = until(ws, "state")
        if done(state):
            return state
    raise AssertionError("no such state came")


def test_a_real_time_clock_runs_out_and_the_fallback_bot_moves(tmp_path: Path) -> None:
    with TestClient(make_app(tmp_path, bot_workers=0)) as client:
        created = create(
            client,
            "parade",
            TWO_PEOPLE,
            kind="real_time",
            base_seconds=0.6,
            increment_seconds=30,
            cap_seconds=60,
            on_timeout="fallback_move",
        )
        table, token = created["table"], created["seats"][0]["token"]
        manager = client.app.state.manager  # type: ignore[attr-defined]
        with client.websocket_connect("/ws") as a:
            first = hello(a, table, token)
            assert first["to_move"] == [0]
            clocks = clocks_of(first)
            assert clocks[0]["running"] and not clocks[1]["running"]
            assert 0 < clocks[0]["remaining_ms"] <= 600
            assert clocks[1]["remaining_ms"] == 600
            assert first["clocks"]["kind"] == "real_time"
            # seat 0 does not move: its time runs out, the bot plays its card
            moved = states_until(a, lambda s: s["to_move"] == [1])
            assert moved["version"] > first["version"]
            assert any("time ran out" in line for line in moved["log"])
            after = clocks_of(moved)
            assert not after[0]["running"] and after[1]["running"]
            assert after[0]["remaining_ms"] == 30_000  # out (0) plus the increment
        stored = manager.store.load(table)
        timeouts = [e for e in stored.events if e.kind == "timeout"]
        assert timeouts and timeouts[0].seat == 0
        assert timeouts[0].data["policy"] == "fallback_move"
        assert stored.seats[0].kind == "human"  # the seat stays the person's
        played = [actor for actor, _, _ in stored.actions if actor == 0]
        assert played, "the fallback bot's move is seat 0's action in the record"
        again = manager.rebuild(stored)  # after a restart the log still tells it
        assert (
            "player 1's time ran out: a bot (greedy) played this move for them."
            in (again.logs[None])
        )


def test_replace_by_bot_hands_the_seat_to_the_bot(tmp_path: Path) -> None:
    with TestClient(make_app(tmp_path, bot_workers=0)) as client:
        created = create(
            client,
            "parade",
            TWO_PEOPLE,
            kind="real_time",
            base_seconds=0.5,
            increment_seconds=0,
            cap_seconds=60,
            on_timeout="replace_by_bot",
            bot="random",
        )
        table, token = created["table"], created["seats"][0]["token"]
        manager = client.app.state.manager  # type: ignore[attr-defined]
        with client.websocket_connect("/ws") as a:
            hello(a, table, token)
            taken = states_until(a, lambda s: s["seats"][0]["kind"] == "bot")
            assert taken["seats"][0]["name"] == "bot (random)"
            assert 0 not in clocks_of(taken)  # a bot's seat has no clock
            states_until(a, lambda s: s["to_move"] == [1])  # and the bot plays it
        stored = manager.store.load(table)
        assert stored.seats[0].kind == "bot" and stored.seats[0].token_hash is not None
        assert [e.data["policy"] for e in stored.events if e.kind == "timeout"] == [
            "replace_by_bot"
        ]


def test_a_turn_based_table_keeps_both_clocks_over_a_restart(tmp_path: Path) -> None:
    control = {"kind": "turn_based", "move_seconds": 3600}
    with TestClient(make_app(tmp_path, bot_workers=0)) as client:
        created = create(client, "parade", TWO_PEOPLE, **control)
        table, tokens = created["table"], [s["token"] for s in created["seats"]]
        with client.websocket_connect("/ws") as a:
            first = hello(a, table, tokens[0])
            assert first["clocks"]["kind"] == "turn_based"
            time.sleep(0.2)
            send(a, {"type": "act", "version": first["version"], "action": first["legal"][0]["id"]})
            moved = states_until(a, lambda s: s["to_move"] == [1])
            before = clocks_of(moved)
        stored = client.app.state.manager.store.load(table)  # type: ignore[attr-defined]
        moved_at = stored.actions[-1][2]  # the card drawn after seat 0's card: seat 1's turn
    time.sleep(0.3)  # the server is down between the moves
    with (
        TestClient(make_app(tmp_path, bot_workers=0)) as client,
        client.websocket_connect("/ws") as b,
    ):
        again = hello(b, table, tokens[1])
        clocks = clocks_of(again)
        now = again["clocks"]["now_ms"]
        assert clocks[0] == {"seat": 0, "remaining_ms": 3_600_000, "running": False}
        assert clocks[1]["running"]
        assert clocks[1]["remaining_ms"] == 3_600_000 - (now - moved_at)
        assert clocks[1]["remaining_ms"] < before[1]["remaining_ms"]  # it ran meanwhile
        send(b, {"type": "act", "version": again["version"], "action": again["legal"][0]["id"]})
        after = states_until(b, lambda s: s["to_move"] == [0])
        assert clocks_of(after)[1] == {"seat": 1, "remaining_ms": 3_600_000, "running": False}
        assert clocks_of(after)[0]["running"]


def test_a_wonderdice_seat_left_idle_is_handed_to_the_bot(tmp_path: Path) -> None:
    with TestClient(make_app(tmp_path, bot_workers=0)) as client:
        created = create(
            client,
            "wonderdice",
            [{"kind": "human"}, {"kind": "bot", "bot": "random"}],
            idle_kick_seconds=1,
        )
        table, token = created["table"], created["seats"][0]["token"]
        manager = client.app.state.manager  # type: ignore[attr-defined]
        with client.websocket_connect("/ws") as a:
            send(a, {"type": "hello", "table": table, "token": token})
            assert until(a, "welcome")["seat"] == 0
            assert until(a, "state")["ready_check"]["phase"] == "ready"
            send(a, {"type": "ready"})  # the race opens: its countdown is no idleness
            first = states_until(a, lambda s: s["ready_check"] is None)
            assert first["clocks"]["kind"] == "idle_kick"
            idle = clocks_of(first)[0]
            assert idle["running"]
            opening = first["live"]["open_in_ms"] or 0
            assert idle["remaining_ms"] >= opening  # the countdown to the round is no idleness
            kicked = states_until(a, lambda s: s["seats"][0]["kind"] == "bot", limit=2000)
            assert kicked["clocks"]["seats"] == []
        stored = manager.store.load(table)
        assert [e.seat for e in stored.events if e.kind == "idle_kick"] == [0]
        assert stored.seats[0].kind == "bot"


def test_a_time_control_that_does_not_fit_is_refused(tmp_path: Path) -> None:
    with TestClient(make_app(tmp_path, bot_workers=0)) as client:
        wrong = [
            ("wonderdice", {"kind": "real_time"}, "played in real time"),
            ("parade", {"idle_kick_seconds": 60}, "played in turns"),
            ("parade", {"kind": "real_time", "base_seconds": 300, "cap_seconds": 60}, "cap"),
            ("parade", {"kind": "turn_based", "bot": "nobody"}, "no bot"),
        ]
        for game, control, why in wrong:
            body = {"game": game, "seats": TWO_PEOPLE, "time_control": control}
            response = client.post("/api/tables", json=body)
            assert response.status_code == 400, response.text
            assert why in response.json()["detail"]
        response = client.post(
            "/api/tables",
            json={"game": "parade", "seats": TWO_PEOPLE, "time_control": {"kind": "sundial"}},
        )
        assert response.status_code == 422
        response = client.get("/api/tables")
        assert response.json()["tables"] == []  # nothing was created


@pytest.mark.slow
@pytest.mark.filterwarnings(r"ignore:connect\(\) must be used:DeprecationWarning")
def test_the_process_that_takes_the_lease_runs_the_same_clock(
    pair: tuple[ServerProcess, ServerProcess],  # noqa: F811
) -> None:
    """The table's process dies while seat 0 thinks; the survivor takes the lease, derives the
    same clock from the record and, when it runs out, its bot plays seat 0's move."""
    one, other = pair
    body = {
        "game": "parade",
        "seats": TWO_PEOPLE,
        "variants": {"start_player": "0"},
        "time_control": {"kind": "real_time", "base_seconds": 4, "increment_seconds": 0},
    }
    created = httpx.post(f"{one.url}/api/tables", json=body, timeout=10)
    assert created.status_code == 200, created.text
    table, token = created.json()["table"], created.json()["seats"][0]["token"]
    ws = join_process(other, table, token)
    try:
        first = None
        while first is None or first["to_move"] != [0]:
            message = json.loads(ws.recv(timeout=10))
            if message["type"] == "state":
                first = message
        left = clocks_of(first)[0]["remaining_ms"]
        assert 0 < left <= 4000 and clocks_of(first)[0]["running"]
        one.kill()  # the process that ran the table's timer
        deadline = time.monotonic() + 30
        moved = first
        while moved["to_move"] == [0]:
            message = json.loads(ws.recv(timeout=deadline - time.monotonic()))
            if message["type"] == "state":
                moved = message
        assert any("time ran out" in line for line in moved["log"])
        assert not clocks_of(moved)[0]["running"] and clocks_of(moved)[1]["running"]
    finally:
        ws.close()
