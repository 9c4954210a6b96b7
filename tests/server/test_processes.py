"""Several server processes on one PostgreSQL database serve the same tables."""

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

from tests.store.test_store import postgres_url  # noqa: F401 - the throwaway cluster
from tests.support import ServerProcess
from wonderland.store import Store

pytestmark = pytest.mark.filterwarnings(r"ignore:connect\(\) must be used:DeprecationWarning")


@pytest.fixture
def pair(tmp_path: Path, postgres_url: str) -> Iterator[tuple[ServerProcess, ServerProcess]]:  # noqa: F811
    flags = ("--db", postgres_url, "--allow-bot-tables", "--bot-workers", "0")
    servers = (
        ServerProcess(tmp_path / "a", flags=flags),
        ServerProcess(tmp_path / "b", flags=flags),
    )
    for server in servers:
        server.start()
    yield servers
    for server in servers:
        server.stop()


def join(server: ServerProcess, table: str, token: str | None) -> ClientConnection:
    ws = connect(server.url.replace("http", "ws") + "/ws")
    ws.send(json.dumps({"type": "hello", "table": table, "token": token}))
    return ws


def latest(ws: ClientConnection, seconds: float = 0.3) -> dict[str, Any] | None:
    """The last state message that arrives within ``seconds`` of quiet."""
    state = None
    while True:
        try:
            message = json.loads(ws.recv(timeout=seconds))
        except TimeoutError:
            return state
        if message["type"] == "state":
            state = message


@pytest.mark.slow
def test_two_processes_play_one_game_through_a_kill(
    pair: tuple[ServerProcess, ServerProcess],
    postgres_url: str,  # noqa: F811
) -> None:
    a, b = pair
    body = {"game": "parade", "seats": [{"kind": "human"}, {"kind": "human"}]}
    created = httpx.post(f"{a.url}/api/tables", json=body, timeout=10).json()
    table, tokens = created["table"], [s["token"] for s in created["seats"]]
    sockets = [join(a, table, tokens[0]), join(b, table, tokens[1])]
    rng = random.Random(5)
    moves = 0
    killed = False
    deadline = time.monotonic() + 120
    states: list[dict[str, Any] | None] = [None, None]
    while time.monotonic() < deadline:
        for seat in (0, 1):
            states[seat] = latest(sockets[seat]) or states[seat]
        state = max((s for s in states if s), key=lambda s: s["version"])
        if state["finished"]:
            break
        for seat in (0, 1):
            mine = states[seat]
            if mine and mine["legal"] and mine["version"] == state["version"]:
                action = rng.choice(mine["legal"])["id"]
                sockets[seat].send(
                    json.dumps({"type": "act", "version": mine["version"], "action": action})
                )
                moves += 1
        if moves >= 6 and not killed:  # process A dies mid-game; its player goes to B
            a.kill()
            killed = True
            sockets[0] = join(b, table, tokens[0])
            states[0] = None
    assert killed and states[1] is not None and states[1]["finished"]
    store = Store(postgres_url)
    stored = store.load(table)
    store.close()
    assert stored is not None and stored.finished
    assert len(stored.actions) == states[1]["version"]  # every move once, none lost


@pytest.mark.slow
def test_a_lease_moves_to_the_survivor_and_its_bots_go_on(
    pair: tuple[ServerProcess, ServerProcess],
) -> None:
    a, b = pair
    body = {"game": "wonderdice", "seats": [{"kind": "bot", "bot": "random"}] * 2}
    created = httpx.post(f"{a.url}/api/tables", json=body, timeout=10)
    assert created.status_code == 200, created.text
    table = created.json()["table"]
    watcher = join(b, table, None)
    first = latest(watcher, 1.0)
    assert first is not None
    a.kill()
    deadline = time.monotonic() + 60
    state = first
    while time.monotonic() < deadline and not state["finished"]:
        state = latest(watcher, 1.0) or state
        if state["version"] > first["version"] + 5:
            break
    assert state["version"] > first["version"] + 5 or state["finished"]
