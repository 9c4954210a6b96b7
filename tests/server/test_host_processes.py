"""Open seats and the host's controls across two server processes on one PostgreSQL database:
a seat taken on one process starts the table on the other, and a link reissued on one
process closes the old link's socket on the other at once."""

from __future__ import annotations

import json
from typing import Any

import httpx2 as httpx
import pytest
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import ClientConnection, connect

from tests.store.test_store import postgres_url  # noqa: F401 - the throwaway cluster
from tests.support import ServerProcess

from .test_processes import join, pair  # noqa: F401 - the two processes

pytestmark = pytest.mark.filterwarnings(r"ignore:connect\(\) must be used:DeprecationWarning")


def until(ws: ClientConnection, test: Any, seconds: float = 10.0) -> dict[str, Any]:
    """The first message for which ``test(message)`` holds."""
    while True:
        message: dict[str, Any] = json.loads(ws.recv(timeout=seconds))
        if test(message):
            return message


@pytest.mark.slow
def test_seats_and_reissued_links_follow_across_processes(
    pair: tuple[ServerProcess, ServerProcess],  # noqa: F811
) -> None:
    a, b = pair
    body = {"game": "parade", "seats": [{"kind": "human"}, {"kind": "open"}], "variants": {}}
    created = httpx.post(f"{a.url}/api/tables", json=body, timeout=10).json()
    table, host = created["table"], created["host_token"]
    listed = httpx.get(f"{b.url}/api/waiting", timeout=10).json()["tables"]
    assert [t["free"] for t in listed if t["table"] == table] == [[1]]
    seat0 = join(a, table, created["seats"][0]["token"])
    until(seat0, lambda m: m["type"] == "state" and m["waiting"])
    taken = httpx.post(f"{b.url}/api/tables/{table}/seats/1", timeout=10)
    assert taken.status_code == 200, taken.text
    token = taken.json()["token"]
    # the process that holds seat 0 learns of the seat taken elsewhere: the game begins there
    until(
        seat0,
        lambda m: m["type"] == "state" and not m["waiting"] and m["seats"][1]["kind"] == "human",
    )
    again = httpx.post(f"{a.url}/api/tables/{table}/seats/1", timeout=10)
    assert again.status_code == 409
    lost = join(b, table, token)
    until(lost, lambda m: m["type"] == "welcome")
    hosting = host_connection(a, table, host)
    hosting.send(json.dumps({"type": "host", "do": "reissue", "seat": 1}))
    link = until(hosting, lambda m: m["type"] == "seat_link")
    told = until(lost, lambda m: m["type"] == "error")
    assert told["code"] == "revoked"
    with pytest.raises(ConnectionClosed):
        until(lost, lambda m: False, seconds=5)
    old = join(b, table, token)
    refused = until(old, lambda m: m["type"] in ("error", "welcome"))
    assert refused["type"] == "error" and refused["code"] == "unauthorized"
    new = join(b, table, link["token"])
    assert until(new, lambda m: m["type"] == "welcome")["seat"] == 1
    for ws in (seat0, hosting, old, new):
        ws.close()


def host_connection(server: ServerProcess, table: str, host: str) -> ClientConnection:
    """A spectator's connection that holds the host token."""
    ws = connect(server.url.replace("http", "ws") + "/ws")
    ws.send(json.dumps({"type": "hello", "table": table, "token": None, "host": host}))
    until(ws, lambda m: m["type"] == "welcome" and m["host"])
    return ws
