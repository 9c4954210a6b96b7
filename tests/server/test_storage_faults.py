"""Every storage fault is answered: a full disk, a file-size limit, read-only (immutable) or
vanished database files (SQLite), PostgreSQL stopped and started again. While the database is
away, a new table is answered 503 with ``Retry-After`` and a move ``unavailable`` with a
sentence; the socket stays open; the server writes one log line when the outage begins and one
when it ends (none per retry, no traceback); it never dies; and once the database is back the
refused move is accepted, once."""

from __future__ import annotations

import json
import os
import random
import subprocess
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import httpx2 as httpx
import pytest
from websockets.sync.client import ClientConnection, connect

from tests.postgres import PostgresCluster
from tests.server import test_database_restart
from tests.server.test_database_restart import my_turn
from tests.support import ServerProcess
from wonderland.store import Store

pytestmark = [
    pytest.mark.slow,
    pytest.mark.filterwarnings(r"ignore:connect\(\) must be used:DeprecationWarning"),
]

BODY = {"game": "parade", "seats": [{"kind": "human"}, {"kind": "bot", "bot": "random"}]}
DOWN = "the database cannot be used"
BACK = "the database is back"
database = test_database_restart.database  # a throwaway PostgreSQL cluster
TRIES = 60
"""How many times a refused move is sent again, half a second apart, once the fault is mended."""


@contextmanager
def tmpfs(where: Path, size: str) -> Iterator[Path]:
    """A small file system of its own (we run as root, as ``make test`` does)."""
    where.mkdir(parents=True)
    subprocess.run(["mount", "-t", "tmpfs", "-o", f"size={size}", "tmpfs", str(where)], check=True)
    try:
        yield where
    finally:
        subprocess.run(["umount", "-l", str(where)], check=True)


def fill(disk: Path) -> Path:
    """Fill ``disk`` to its last byte; the file that does it."""
    filler = disk / "filler"
    subprocess.run(["dd", "if=/dev/zero", f"of={filler}", "bs=4k"], capture_output=True)
    assert os.statvfs(disk).f_bavail == 0
    return filler


def start_game(server: ServerProcess) -> tuple[str, ClientConnection, dict[str, Any]]:
    """A Parade table of a person and a bot; its id, the person's socket and first turn."""
    created = httpx.post(f"{server.url}/api/tables", json=BODY, timeout=10).json()
    table, token = created["table"], created["seats"][0]["token"]
    ws = connect(server.url.replace("http", "ws") + "/ws")
    ws.send(json.dumps({"type": "hello", "table": table, "token": token}))
    return table, ws, my_turn(ws)


def act(ws: ClientConnection, state: dict[str, Any], action: int) -> dict[str, Any]:
    """Send a move; the answer (the next state or an error)."""
    ws.send(json.dumps({"type": "act", "version": state["version"], "action": action}))
    while True:
        message: dict[str, Any] = json.loads(ws.recv(timeout=15))
        if message["type"] in ("state", "error"):
            return message


def answered_through(
    server: ServerProcess,
    break_it: Callable[[], None],
    mend_it: Callable[[], None],
    url: str | None = None,
) -> str:
    """Play, break the storage, check every answer, mend it, check the move is taken once
    (in the database at ``url``, by default the server's SQLite file); the server's output."""
    server.start()
    try:
        table, ws, state = start_game(server)
        action = random.Random(5).choice(state["legal"])["id"]
        break_it()
        for _ in range(3):  # each retry is answered, the socket stays open
            error = act(ws, state, action)
            assert error["type"] == "error" and error["code"] == "unavailable", error
            assert "database" in error["message"] and "not made" in error["message"]
        refused = httpx.post(f"{server.url}/api/tables", json=BODY, timeout=10)
        assert refused.status_code == 503 and int(refused.headers["Retry-After"]) > 0
        assert "no table was created" in refused.json()["detail"]
        mend_it()
        for _ in range(TRIES):
            answer = act(ws, state, action)
            if answer["type"] == "state":
                break
            assert answer["code"] == "unavailable"
            receive_nothing_for(ws, 0.5)
        assert answer["type"] == "state" and answer["version"] > state["version"], answer
        assert httpx.post(f"{server.url}/api/tables", json=BODY, timeout=10).status_code == 200
        ws.close()
        assert server.process is not None and server.process.poll() is None  # never died
    finally:
        server.stop()
    store = Store(url or f"sqlite:///{server.data_dir / 'wonderland.sqlite3'}")
    stored = store.load(table)
    store.close()
    assert stored is not None and stored.actions[state["version"]][:2] == (0, action)
    assert server.process is not None and server.process.stdout is not None
    return server.process.stdout.read().decode()


def receive_nothing_for(ws: ClientConnection, seconds: float) -> None:
    """Wait ``seconds``, reading (and dropping) whatever the server sends meanwhile."""
    try:
        while True:
            ws.recv(timeout=seconds)
    except TimeoutError:
        return


def one_line_each(output: str) -> None:
    """One line when the outage began, one when it ended, no traceback."""
    lines = output.splitlines()
    assert sum(DOWN in line for line in lines) == 1, output
    assert sum(BACK in line for line in lines) == 1, output
    assert "Traceback" not in output, output


def test_a_full_disk_is_answered(tmp_path: Path) -> None:
    with tmpfs(tmp_path / "disk", "4m") as disk:
        server = ServerProcess(disk / "data", flags=("--bot-workers", "0"))
        fillers: list[Path] = []
        output = answered_through(
            server, lambda: fillers.append(fill(disk)), lambda: fillers.pop().unlink()
        )
    one_line_each(output)
    assert "full" in output


def test_a_file_size_limit_is_answered_not_a_crash(tmp_path: Path) -> None:
    """``ulimit -f`` reached (set on the running server by ``prlimit``): Python ignores
    SIGXFSZ, so the write fails (EFBIG) and is answered like a full disk."""
    data = tmp_path / "data"
    server = ServerProcess(data, flags=("--bot-workers", "0"))

    def limit(size: str) -> None:  # the soft limit only: raising it back needs no privilege
        assert server.process is not None
        subprocess.run(["prlimit", f"--pid={server.process.pid}", f"--fsize={size}:"], check=True)

    def reached() -> None:
        limit(str(max(path.stat().st_size for path in data.glob("wonderland.sqlite3*"))))

    output = answered_through(server, reached, lambda: limit("unlimited"))
    one_line_each(output)


def test_read_only_database_files_are_answered_not_a_crash(tmp_path: Path) -> None:
    """Files made read-only under the running server: immutable (``chattr +i``), as the
    permission bits bind neither root nor a file already open. SQLite in shared WAL mode
    died of SIGBUS here, writing its memory-mapped index."""
    data = tmp_path / "data"
    server = ServerProcess(data, flags=("--bot-workers", "0"))

    def chattr(flag: str) -> Callable[[], None]:
        def change() -> None:
            files = sorted(str(path) for path in data.glob("wonderland.sqlite3*"))
            subprocess.run(["chattr", flag, *files], check=True)

        return change

    try:
        output = answered_through(server, chattr("+i"), chattr("-i"))
    finally:
        chattr("-i")()
    one_line_each(output)


def test_a_vanished_database_file_is_answered(tmp_path: Path) -> None:
    """The file moved away (SQLite would write on into it unseen) and then put back."""
    data = tmp_path / "data"
    file = data / "wonderland.sqlite3"
    aside = tmp_path / "aside.sqlite3"
    server = ServerProcess(data, flags=("--bot-workers", "0"))
    output = answered_through(
        server, lambda: os.rename(file, aside), lambda: os.rename(aside, file)
    )
    one_line_each(output)
    assert "removed or replaced" in output


def test_postgresql_gone_and_back_is_one_line_each(
    tmp_path: Path, database: PostgresCluster
) -> None:
    """The listener and the lease loop retry each second while it is away: quietly."""
    server = ServerProcess(tmp_path / "data", flags=("--db", database.url, "--bot-workers", "0"))

    def away() -> None:
        database.stop()
        time.sleep(3.0)  # several retries of the listener and the leases

    output = answered_through(server, away, database.start, database.url)
    one_line_each(output)
