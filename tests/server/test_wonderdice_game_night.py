"""Game night at a real-time table (Wonderdice): an open seat waits and is taken from the
list of waiting tables (the race's clock starts only then), and the host starts a table with
bots in the empty seats."""

from __future__ import annotations

import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from fastapi.testclient import TestClient

from wonderland.server.wire import TakenSeat, WaitingList

from .conftest import make_app
from .seating_support import join, log_of, receive, refused, send, state_where

FAST = {"roll_cooldown_ms": "200", "countdown_ms": "1000"}
"""Quick rolls; a countdown long enough to tell a fresh one from one that ran out."""


def create(
    client: TestClient, seats: list[dict[str, str]], variants: dict[str, str], **control: Any
) -> Any:
    """Create a Wonderdice table with ``variants`` and the time control ``control``."""
    body = {"game": "wonderdice", "seats": seats, "variants": variants, "time_control": control}
    response = client.post("/api/tables", json=body)
    assert response.status_code == 200, response.text
    return response.json()


def manager_of(client: TestClient) -> Any:
    return client.app.state.manager  # type: ignore[attr-defined]


def acts_of(client: TestClient, table: str, seat: int) -> int:
    """How many actions ``seat`` has made at ``table`` (its rolls are chance steps)."""
    return sum(1 for actor, _ in manager_of(client).tables[table].actions if actor == seat)


def wait_for(test: Callable[[], bool], seconds: float) -> bool:
    """Whether ``test()`` holds within ``seconds``."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if test():
            return True
        time.sleep(0.05)
    return test()


def roll_when_open(ws: Any, seat: int, seconds: float = 10.0) -> dict[str, Any]:
    """Roll ``seat``'s dice as soon as the rules allow (after the countdown and the roll
    cooldown): the state that shows the roll."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        send(ws, {"type": "roll"})
        while True:
            message = receive(ws)
            if message["type"] == "error":
                assert message["code"] == "illegal", message
                break
            if message["type"] == "state" and message["live"]["pending"][seat] is not None:
                return message
        time.sleep(0.1)
    raise AssertionError("the seat could not roll in time")


def test_an_open_seat_waits_is_taken_from_the_list_and_the_race_begins(tmp_path: Path) -> None:
    with TestClient(make_app(tmp_path, bot_workers=0)) as client:
        created = create(client, [{"kind": "human"}, {"kind": "open"}], FAST)
        table, mine = created["table"], created["seats"][0]["token"]
        assert [link["seat"] for link in created["seats"]] == [0]
        listed = WaitingList.model_validate(client.get("/api/waiting").json())
        (entry,) = [t for t in listed.tables if t.table == table]
        assert entry.game == "wonderdice" and entry.free == [1]
        seen: list[str] = []
        with client.websocket_connect("/ws") as a:
            _, state = join(a, table, mine, seen=seen)
            assert state["waiting"] and state["legal"] == [] and state["live"] is not None
            assert state["seats"][1]["kind"] == "open"
            send(a, {"type": "roll"})
            assert "seat 1" in refused(a, "waiting", seen)["message"]
            time.sleep(1.2)  # longer than the countdown: waiting is no part of the race
            assert manager_of(client).tables[table].version == 1  # the deal, and nothing else
            taken = client.post(f"/api/tables/{table}/seats/1")
            assert taken.status_code == 200, taken.text
            seat = TakenSeat.model_validate(taken.json())
            begun = state_where(a, lambda s: not s["waiting"], seen)
            assert begun["seats"][1]["kind"] == "human"
            assert begun["live"]["open_in_ms"] > 0  # its countdown starts with the game
            assert log_of(client, table, 0)[-2:] == [
                "Seat 1 sat down at the table.",
                "Every seat is taken: the game begins.",
            ]
            with client.websocket_connect("/ws") as b:
                welcome, _ = join(b, table, seat.token)
                assert welcome["seat"] == 1
                rolled = roll_when_open(b, 1)
                assert rolled["legal"], "a roll allows at least 'take no action'"
        assert table not in [t["table"] for t in client.get("/api/waiting").json()["tables"]]
        events = manager_of(client).store.events_since(table)
        assert [e.kind for e in events] == ["created", "seat_taken", "started"]
        assert not any(seat.token in text for text in seen)  # the new token went to its taker


def test_the_host_starts_a_waiting_race_and_its_bots_play(tmp_path: Path) -> None:
    with TestClient(make_app(tmp_path, bot_workers=0)) as client:
        seats = [{"kind": "human"}, {"kind": "open"}, {"kind": "open"}]
        created = create(client, seats, FAST)
        table, mine, host = created["table"], created["seats"][0]["token"], created["host_token"]
        with client.websocket_connect("/ws") as a:
            _, state = join(a, table, mine, host=host)
            assert state["waiting"]
            send(a, {"type": "host", "do": "start", "bot": "random"})
            begun = state_where(a, lambda s: not s["waiting"])
            assert [s["kind"] for s in begun["seats"]] == ["human", "bot", "bot"]
            assert begun["live"]["open_in_ms"] > 0
            # the driver knows the seats the host filled: their bots roll and act
            assert wait_for(
                lambda: min(acts_of(client, table, 1), acts_of(client, table, 2)) > 0, 20
            )
        assert "The host started the game: a bot (random) plays each empty seat." in log_of(
            client, table
        )
