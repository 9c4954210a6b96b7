"""The deployment of ``deploy/``: nginx in front of two server processes on one PostgreSQL.
A game of two people is played through nginx with its seats on different processes, one
process is killed mid-game and the game ends through the other; nginx serves the static
files with their caching headers; the servers believe X-Forwarded-For from nginx only."""

from __future__ import annotations

import json
import random
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx2 as httpx
import pytest
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import ClientConnection, connect
from websockets.typing import Origin

from tests.nginx import NginxProxy
from tests.postgres import PostgresCluster
from tests.server.test_processes import latest
from tests.support import ServerProcess
from wonderland.server.pages import STATIC
from wonderland.store import Store

pytestmark = [
    pytest.mark.slow,
    pytest.mark.filterwarnings(r"ignore:connect\(\) must be used:DeprecationWarning"),
]
TABLES_PER_MINUTE = 3
TWO_PEOPLE = {"game": "parade", "seats": [{"kind": "human"}, {"kind": "human"}]}


class Deployment:
    """PostgreSQL, two servers that trust the proxy on loopback, nginx in front of them."""

    def __init__(self, base: Path) -> None:
        self.database = PostgresCluster()
        self.database.start()
        flags = (
            *("--db", self.database.url, "--bot-workers", "0"),
            *("--forwarded-allow-ips", "127.0.0.1"),
            *("--tables-per-minute", str(TABLES_PER_MINUTE)),
        )
        self.servers = [ServerProcess(base / name, flags=flags) for name in ("a", "b")]
        for server in self.servers:
            server.start()
        self.nginx = NginxProxy([server.port for server in self.servers])
        self.nginx.start()

    def join(self, table: str, token: str) -> ClientConnection:
        """A seat's websocket through nginx, its hello sent."""
        ws = connect(self.nginx.url.replace("http", "ws") + "/ws", origin=Origin(self.nginx.url))
        ws.send(json.dumps({"type": "hello", "table": table, "token": token}))
        return ws

    def close(self) -> None:
        """Stop everything."""
        self.nginx.stop()
        for server in self.servers:
            server.stop()
        self.database.remove()


@pytest.fixture(scope="module")
def deployment(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Deployment]:
    running = Deployment(tmp_path_factory.mktemp("deployment"))
    yield running
    running.close()


def test_a_game_goes_on_through_nginx_when_a_process_dies(deployment: Deployment) -> None:
    created = httpx.post(
        f"{deployment.nginx.url}/api/tables",
        json=TWO_PEOPLE,
        headers={"Origin": deployment.nginx.url},  # as the lobby's page sends it
        timeout=10,
    )
    assert created.status_code == 200, created.text
    table, tokens = created.json()["table"], [s["token"] for s in created.json()["seats"]]
    sockets = [deployment.join(table, token) for token in tokens]  # least_conn: one each
    states: list[dict[str, Any] | None] = [None, None]
    rng, moves, dropped = random.Random(3), 0, []
    killed = deployment.servers[0]
    deadline = time.monotonic() + 120
    try:
        while time.monotonic() < deadline:
            for seat in (0, 1):
                try:
                    states[seat] = latest(sockets[seat]) or states[seat]
                except ConnectionClosed:  # its process died: back in through nginx
                    dropped.append(seat)
                    sockets[seat] = deployment.join(table, tokens[seat])
                    states[seat] = None
            known = [s for s in states if s is not None]
            state = max(known, key=lambda s: s["version"])
            if state["finished"]:
                break
            for seat in (0, 1):
                mine = states[seat]
                if mine and mine["legal"] and mine["version"] == state["version"]:
                    action = rng.choice(mine["legal"])["id"]
                    act = {"type": "act", "version": mine["version"], "action": action}
                    sockets[seat].send(json.dumps(act))
                    moves += 1
            if moves == 6:
                killed.kill()
                moves += 1
    finally:
        for ws in sockets:
            ws.close()
        killed.start()  # for the other tests of the module
    assert len(dropped) == 1  # the seats were on different processes: one seat lost its own
    assert all(s is not None and s["finished"] for s in states)
    store = Store(deployment.database.url)
    stored = store.load(table)
    store.close()
    assert stored is not None and stored.finished
    final = states[1 - dropped[0]]
    assert final is not None and len(stored.actions) == final["version"]  # none lost or twice


def test_nginx_serves_the_static_files_with_caching_headers(deployment: Deployment) -> None:
    url = f"{deployment.nginx.url}/static/lobby.js"
    first = httpx.get(url, timeout=10)
    assert first.status_code == 200
    assert first.content == (STATIC / "lobby.js").read_bytes()
    assert first.headers["cache-control"] == "public, no-cache"
    assert first.headers["x-content-type-options"] == "nosniff"
    assert "javascript" in first.headers["content-type"]
    again = httpx.get(url, headers={"If-None-Match": first.headers["etag"]}, timeout=10)
    assert again.status_code == 304 and not again.content
    page = httpx.get(deployment.nginx.url + "/", timeout=10)  # the pages come from the servers
    assert page.status_code == 200 and "content-security-policy" in page.headers


def create_from(url: str, forwarded_for: str) -> int:
    """The status of a table created at ``url`` by a client saying it is ``forwarded_for``."""
    headers = {"X-Forwarded-For": forwarded_for, "Origin": url}
    return httpx.post(f"{url}/api/tables", json=TWO_PEOPLE, headers=headers, timeout=10).status_code


def test_the_limits_count_the_address_nginx_forwards(deployment: Deployment) -> None:
    """From the trusted proxy's address the forwarded one is counted; nginx replaces what a
    client says with the client's own address, so a client cannot take another's."""
    for server in deployment.servers:  # the proxy (127.0.0.1) forwards for 203.0.113.7
        made = [create_from(server.url, "203.0.113.7") for _ in range(TABLES_PER_MINUTE + 1)]
        assert made == [200] * TABLES_PER_MINUTE + [429]
        assert create_from(server.url, "203.0.113.8") == 200  # another client: its own count
    # through nginx, the header is nginx's own (127.0.0.1): the spent address is not counted
    assert create_from(deployment.nginx.url, "203.0.113.7") == 200


def test_a_server_trusts_no_proxy_unless_told(tmp_path: Path) -> None:
    server = ServerProcess(tmp_path, flags=("--tables-per-minute", "2"))
    server.start()
    try:
        made = [create_from(server.url, f"203.0.113.{n}") for n in range(3)]
    finally:
        server.stop()
    assert made == [200, 200, 429]  # every request counted as the connection's own address
