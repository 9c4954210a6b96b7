"""Start-up time of ``wonderland serve`` with 0 and with N stored finished tables.

Stores N finished two-player Parade games (inserted through the store, not played), starts
the server, and prints the time from launch until it answers ``/api/games``, then the time
of the first look at one old table (rebuilt on that first access) and of a second look.

    .venv/bin/python bench/web_startup.py [--tables 10000]
"""

from __future__ import annotations

import argparse
import json
import os
import random
import signal
import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import httpx2 as httpx
from websockets.sync.client import connect

from wonderland.core import CHANCE, TERMINAL, get_game
from wonderland.store import SeatInfo, Store, StoredTable


def free_port() -> int:
    """An unused loopback port."""
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port: int = sock.getsockname()[1]
        return port


def finished_parade(seed: int) -> tuple[dict[str, Any], tuple[tuple[int, int, int], ...]]:
    """A whole random two-player Parade game: its config and actions."""
    game = get_game("parade")
    config = game.make_config(2, {})
    state = game.initial_state(config)
    rng = random.Random(seed)
    actions = []
    while (mover := game.to_move(state)) != TERMINAL:
        if mover == CHANCE:
            actor, action = CHANCE, game.sample_chance(state, rng)
        else:
            actor = min(mover) if isinstance(mover, frozenset) else mover
            action = rng.choice(game.legal_actions(state, actor))
        state = game.apply(state, actor, action)
        actions.append((actor, action, 0))
    return config.to_json(), tuple(actions)


def fill(data: Path, count: int) -> list[str]:
    """``count`` finished tables in the SQLite store under ``data``."""
    data.mkdir(parents=True, exist_ok=True)
    store = Store(f"sqlite:///{data / 'wonderland.sqlite3'}")
    config, actions = finished_parade(1)
    seats = (SeatInfo("human", None, "x" * 64), SeatInfo("human", None, "y" * 64))
    rules = get_game("parade").spec.version
    ids = [f"old{n:09d}" for n in range(count)]
    store.insert_tables(
        StoredTable(t, "parade", rules, config, 1, seats, True, actions) for t in ids
    )
    store.close()
    return ids


def look(port: int, table: str) -> float:
    """Seconds from connecting to having the table's state as a spectator."""
    start = time.perf_counter()
    with connect(f"ws://127.0.0.1:{port}/ws") as ws:
        ws.send(json.dumps({"type": "hello", "table": table, "token": None}))
        while json.loads(ws.recv(timeout=30))["type"] != "state":
            pass
    return time.perf_counter() - start


def measure(count: int) -> None:
    data = Path(tempfile.mkdtemp(prefix="wonderland-startup-"))
    ids = fill(data, count)
    port = free_port()
    env = {k: v for k, v in os.environ.items() if k != "WONDERLAND_DB"}
    command = [sys.executable, "-m", "wonderland.cli.main", "serve", "--port", str(port)]
    command += ["--data-dir", str(data), "--bot-workers", "1"]
    start = time.perf_counter()
    server = subprocess.Popen(command, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.STDOUT)
    try:
        while True:
            try:
                if httpx.get(f"http://127.0.0.1:{port}/api/games", timeout=1).status_code == 200:
                    break
            except httpx.HTTPError:
                time.sleep(0.02)
            if time.perf_counter() - start > 120:
                raise RuntimeError("the server did not start")
        ready = time.perf_counter() - start
        line = f"{count:>6} stored tables: start-up {ready:.2f} s"
        if ids:
            first = look(port, ids[len(ids) // 2])
            again = look(port, ids[len(ids) // 2])
            line += (
                f"; first look at an old table {first * 1000:.1f} ms, again {again * 1000:.1f} ms"
            )
        print(line, flush=True)
    finally:
        server.send_signal(signal.SIGTERM)
        server.wait(timeout=30)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--tables", type=int, default=10_000)
    args = parser.parse_args()
    for count in (0, args.tables):
        measure(count)


if __name__ == "__main__":
    main()
