"""A server on a public address: another site's pages change nothing here (Origin checked on
every state-changing route and on the websocket handshake); a request's body is held to a size
(refused from its Content-Length before it is read, cut off where a chunked one passes it) and
a time, its headers to a time; no secret reaches a log line; no bot worker outlives the
server."""

from __future__ import annotations

import asyncio
import json
import os
import signal
import socket
import time
from pathlib import Path
from typing import Any

import httpx2 as httpx
import pytest
from fastapi.testclient import TestClient
from starlette.types import Message
from starlette.websockets import WebSocketDisconnect
from websockets.sync.client import connect

from tests.support import ServerProcess
from wonderland.server.origins import same_site
from wonderland.server.request_body import BodyLimits
from wonderland.store import SeatInfo, Store

from .conftest import make_app

ME_AND_OPEN = [{"kind": "human"}, {"kind": "open"}]
ELSEWHERE = "https://games.elsewhere.example"
POLLS = 300
"""How many times (a tenth of a second apart) a test looks for what must happen soon."""


def test_origins_are_compared_by_scheme_host_and_port() -> None:
    allowed = frozenset({"https://friend.example"})
    assert same_site("http://127.0.0.1:8000", "127.0.0.1:8000", frozenset())
    assert same_site("https://play.example", "play.example", frozenset())
    assert same_site("https://PLAY.example:443", "play.example", frozenset())
    assert same_site("https://friend.example", "play.example", allowed)
    assert not same_site("http://127.0.0.1:8001", "127.0.0.1:8000", frozenset())
    assert not same_site(ELSEWHERE, "play.example", allowed)
    assert not same_site("null", "play.example", allowed)
    assert not same_site("https://play.example.evil", "play.example", allowed)


def test_another_sites_page_cannot_take_a_seat_or_create_a_table(tmp_path: Path) -> None:
    """A cross-site form POST used to take an open seat: now 403, and the seat stays open."""
    with TestClient(make_app(tmp_path, bot_workers=0)) as client:
        body = {"game": "parade", "seats": ME_AND_OPEN}
        table = client.post("/api/tables", json=body).json()["table"]
        form = {"Origin": ELSEWHERE, "Content-Type": "application/x-www-form-urlencoded"}
        taken = client.post(f"/api/tables/{table}/seats/1", headers=form, content=b"")
        assert taken.status_code == 403 and "another site" in taken.json()["detail"]
        status = client.get(f"/api/tables/{table}/status", headers={"Origin": ELSEWHERE})
        assert status.status_code == 200  # reading is not changing
        assert [seat["kind"] for seat in status.json()["seats"]] == ["human", "open"]
        created = client.post("/api/tables", json=body, headers={"Origin": ELSEWHERE})
        assert created.status_code == 403
        own = {"Origin": "http://testserver"}
        assert client.post(f"/api/tables/{table}/seats/1", headers=own).status_code == 200
        assert client.post("/api/tables", json=body).status_code == 200  # no Origin: a program


def test_an_allowed_site_may_and_the_websocket_handshake_is_checked(tmp_path: Path) -> None:
    app = make_app(tmp_path, bot_workers=0, allowed_origins=f"{ELSEWHERE}, https://b.example")
    with TestClient(app) as client:
        body = {"game": "parade", "seats": ME_AND_OPEN}
        allowed = client.post("/api/tables", json=body, headers={"Origin": ELSEWHERE})
        assert allowed.status_code == 200
        with pytest.raises(WebSocketDisconnect) as refused:
            client.websocket_connect("/ws", headers={"Origin": "https://c.example"}).__enter__()
        assert refused.value.code == 1008
        for origin in (ELSEWHERE, "http://testserver"):
            with client.websocket_connect("/ws", headers={"Origin": origin}) as ws:
                ws.send_json({"type": "ping"})
                assert ws.receive_json()["type"] in ("pong", "error")


def run_limits(headers: list[tuple[bytes, bytes]], chunks: list[bytes]) -> tuple[int, int]:
    """A POST through the body limits (1024 bytes, 5 seconds) to an app that reads its whole
    body: the status answered and how many body messages were read."""
    read = 0
    sent: list[Message] = []

    async def receive() -> Message:
        nonlocal read
        read += 1
        if read > len(chunks):
            await asyncio.sleep(3600)  # a client that sends no more
        return {"type": "http.request", "body": chunks[read - 1], "more_body": True}

    async def send(message: Message) -> None:
        sent.append(message)

    async def app(scope: Any, receive_: Any, send_: Any) -> None:
        while (await receive_()).get("more_body"):
            pass
        raise AssertionError("the body was read to its end")

    scope = {"type": "http", "method": "POST", "path": "/", "headers": headers}
    asyncio.run(BodyLimits(app, max_bytes=1024, seconds=5)(scope, receive, send))
    assert sent[0]["type"] == "http.response.start"
    return int(sent[0]["status"]), read


def test_a_body_over_the_limit_is_refused_before_it_is_read() -> None:
    status, read = run_limits([(b"content-length", b"100000000")], [b"x" * 4096] * 5)
    assert (status, read) == (413, 0)
    status, read = run_limits([(b"transfer-encoding", b"chunked")], [b"x" * 300] * 100)
    assert status == 413 and read == 4  # cut off at the chunk that passed 1024 bytes


def test_a_body_that_stops_coming_is_answered_408() -> None:
    status, read = run_limits([(b"content-length", b"1000")], [b"x" * 10])
    assert status == 408 and read == 2


@pytest.mark.slow
def test_half_sent_headers_are_answered_and_closed_but_sockets_live_on(tmp_path: Path) -> None:
    """uvicorn has no header timeout of its own; the server's protocol adds it."""
    server = ServerProcess(tmp_path / "data", flags=("--header-timeout-seconds", "1"))
    server.start()
    try:
        with connect(server.url.replace("http", "ws") + "/ws") as ws:  # an upgraded socket
            slow = socket.create_connection(("127.0.0.1", server.port))
            slow.sendall(b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n")  # and no end of headers
            slow.settimeout(30)
            answer = b""
            while chunk := slow.recv(4096):
                answer += chunk
            assert answer.startswith(b"HTTP/1.1 408 ") and b"did not arrive" in answer
            ws.send(json.dumps({"type": "ping"}))  # the websocket outlived the header timeout
            assert json.loads(ws.recv(timeout=10))["type"] in ("pong", "error")
        big = socket.create_connection(("127.0.0.1", server.port))
        big.sendall(
            b"POST /api/tables HTTP/1.1\r\nHost: 127.0.0.1\r\n"
            b"Content-Type: application/json\r\nContent-Length: 100000000\r\n\r\n"
        )
        big.settimeout(30)
        assert big.recv(4096).startswith(b"HTTP/1.1 413 ")  # answered with no byte of body sent
    finally:
        server.stop()


def test_database_errors_carry_no_secret(tmp_path: Path) -> None:
    store = Store(f"sqlite:///{tmp_path / 'db.sqlite3'}")
    seed = 8_675_309_123_457
    seats = [SeatInfo("human", None, "ab" * 32)]
    store.create_table("t1", "parade", 1, {}, seed, seats)
    with pytest.raises(Exception, match="UNIQUE") as twice:
        store.create_table("t1", "parade", 1, {}, seed, seats)
    store.close()
    assert str(seed) not in str(twice.value) and "ab" * 32 not in str(twice.value)


def children(pid: int) -> set[int]:
    """The processes whose parent is ``pid``."""
    found = set()
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                stat = Path(f"/proc/{entry}/stat").read_text()
            except OSError:
                continue
            if int(stat.rsplit(")", 1)[1].split()[1]) == pid:
                found.add(int(entry))
    return found


def command_line(pid: int) -> bytes:
    """The command line of ``pid`` (empty once it is gone)."""
    try:
        return Path(f"/proc/{pid}/cmdline").read_bytes()
    except OSError:
        return b""


def alive(pid: int) -> bool:
    """Whether ``pid`` is a running process (not gone, not a zombie)."""
    try:
        return Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0] != "Z"
    except OSError:
        return False


@pytest.mark.slow
def test_bot_workers_die_with_a_killed_server(tmp_path: Path) -> None:
    """SIGKILL right after a table of bots starts: no shutdown code runs, yet the workers go."""
    server = ServerProcess(tmp_path / "data", flags=("--allow-bot-tables",), bot_delay=0.05)
    server.start()
    assert server.process is not None
    body = {"game": "parade", "seats": [{"kind": "bot", "bot": "random"}] * 2}
    assert httpx.post(f"{server.url}/api/tables", json=body, timeout=10).status_code == 200
    workers: set[int] = set()
    for _ in range(POLLS):  # the bot worker is started when the first bot decides
        workers = children(server.process.pid)
        if any(b"spawn_main" in command_line(pid) for pid in workers):
            break
        time.sleep(0.1)
    assert workers, "no bot worker was started"
    os.kill(server.process.pid, signal.SIGKILL)
    server.process.wait(timeout=10)
    for _ in range(POLLS):
        if not any(alive(pid) for pid in workers):
            break
        time.sleep(0.1)
    assert not any(alive(pid) for pid in workers), "a bot worker outlived its server"
