"""PostgreSQL restarted mid-game: the server says so while it is away, changes nothing, and
carries on when it is back, with every move kept once."""

from __future__ import annotations

import json
import random
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx2 as httpx
import pytest
from websockets.sync.client import ClientConnection, connect

from tests.postgres import PostgresCluster
from tests.support import ServerProcess
from wonderland.core import get_game
from wonderland.store import Store

pytestmark = [
    pytest.mark.slow,
    pytest.mark.filterwarnings(r"ignore:connect\(\) must be used:DeprecationWarning"),
]


@pytest.fixture
def database() -> Iterator[PostgresCluster]:
    cluster = PostgresCluster()
    cluster.start()
    yield cluster
    cluster.remove()


def receive(ws: ClientConnection, kind: str, seconds: float = 15) -> dict[str, Any]:
    """The next message of type ``kind`` (others are skipped)."""
    deadline = time.monotonic() + seconds
    while True:
        message: dict[str, Any] = json.loads(ws.recv(timeout=max(0.1, deadline - time.monotonic())))
        if message["type"] == kind:
            return message


def my_turn(ws: ClientConnection) -> dict[str, Any]:
    """The next state in which this seat must act, or the final state."""
    while True:
        state = receive(ws, "state")
        if state["legal"] or state["finished"]:
            return state


def test_the_game_survives_a_database_restart(tmp_path: Path, database: PostgresCluster) -> None:
    server = ServerProcess(tmp_path / "data", flags=("--db", database.url))
    server.start()
    try:
        body = {"game": "parade", "seats": [{"kind": "human"}, {"kind": "bot", "bot": "random"}]}
        created = httpx.post(f"{server.url}/api/tables", json=body, timeout=10).json()
        table, token = created["table"], created["seats"][0]["token"]
        ws = connect(server.url.replace("http", "ws") + "/ws")
        ws.send(json.dumps({"type": "hello", "table": table, "token": token}))
        rng = random.Random(3)
        state = my_turn(ws)
        for _ in range(3):
            action = rng.choice(state["legal"])["id"]
            ws.send(json.dumps({"type": "act", "version": state["version"], "action": action}))
            state = my_turn(ws)
        before = state["version"]

        database.stop()
        action = rng.choice(state["legal"])["id"]
        ws.send(json.dumps({"type": "act", "version": before, "action": action}))
        error = receive(ws, "error")
        assert error["code"] == "unavailable"
        assert "database" in error["message"] and "not made" in error["message"]
        down = httpx.post(f"{server.url}/api/tables", json=body, timeout=10)
        assert down.status_code == 503 and "no table was created" in down.json()["detail"]

        database.start()
        deadline = time.monotonic() + 30
        while True:  # the pool reconnects by itself: the same move is accepted now
            ws.send(json.dumps({"type": "act", "version": before, "action": action}))
            message = json.loads(ws.recv(timeout=10))
            while message["type"] not in ("state", "error"):
                message = json.loads(ws.recv(timeout=10))
            if message["type"] == "state":
                break
            assert message["code"] == "unavailable" and time.monotonic() < deadline
            time.sleep(0.5)
        assert message["version"] > before
        retried = (before, action)
        state = message
        while not state["finished"]:
            if not state["legal"]:
                state = my_turn(ws)
                continue
            action = rng.choice(state["legal"])["id"]
            ws.send(json.dumps({"type": "act", "version": state["version"], "action": action}))
            state = my_turn(ws)
        ws.close()
    finally:
        server.stop()
    store = Store(database.url)
    stored = store.load(table)
    store.close()
    assert stored is not None and stored.finished
    assert len(stored.actions) == state["version"]  # no move lost, none written twice
    index, action = retried
    assert stored.actions[index][:2] == (0, action)  # the retried move, once, where it was made
    game = get_game("parade")
    replayed = game.initial_state(game.make_config(2))
    for actor, action, _ in stored.actions:  # the stored moves are a legal game, in order
        replayed = game.apply(replayed, actor, action)
    assert game.is_terminal(replayed)
