"""N websocket clients in concurrent Parade games against a local server on loopback.

Starts ``wonderland serve`` on a free port with a fresh database and N/2 pairs of clients;
each pair plays two-player tables (a new one whenever its game ends) for a fixed time. Then
it prints the actions per second, the games finished, the errors and the p50/p95/p99 round
trip of an action (send -> own state at the new version): in the steady state after
``--warmup`` seconds, in the first seconds (when all clients connect and create their tables
in the same instant, which no real evening does) and over the whole run.
The server's per-address and per-socket limits are lifted: every client comes from loopback.
Each client thinks ``--think-ms`` (default 1000, quicker than people play a card game) before
it acts; ``--think-ms 0`` measures the server saturated by clients that never pause.

    .venv/bin/python bench/web_load.py [--clients 500] [--seconds 20] [--think-ms 1000] [--warmup 3]
        [--processes N --db postgresql+psycopg://...]  (seats spread round the N servers)
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import httpx2 as httpx
from websockets.asyncio.client import connect


def free_port() -> int:
    """An unused loopback port."""
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port: int = sock.getsockname()[1]
        return port


async def player(
    url: str,
    table: str,
    token: str,
    stop: float,
    think: float,
    times: list[tuple[float, float]],
    errors: list[str],
) -> None:
    """Play random legal actions until ``stop``, timing each round trip (kept with the
    moment its action was sent)."""
    rng = random.Random(token)
    try:
        async with connect(url, max_size=2**22, open_timeout=60) as ws:
            await ws.send(json.dumps({"type": "hello", "table": table, "token": token}))
            state: dict[str, Any] | None = None
            sent_at: float | None = None
            while time.monotonic() < stop:
                try:
                    raw = await asyncio.wait_for(
                        ws.recv(), timeout=max(0.1, stop - time.monotonic())
                    )
                except TimeoutError:
                    break
                message = json.loads(raw)
                if message["type"] == "error":
                    errors.append(message["message"])
                    sent_at = None
                    continue
                if message["type"] != "state":
                    continue
                if (
                    sent_at is not None
                    and state is not None
                    and message["version"] > state["version"]
                ):
                    times.append((sent_at, time.perf_counter() - sent_at))
                    sent_at = None
                state = message
                if message["finished"]:
                    return
                if message["legal"] and sent_at is None:
                    if think:
                        await asyncio.sleep(rng.uniform(0.5, 1.5) * think)
                    choice = rng.choice(message["legal"])["id"]
                    sent_at = time.perf_counter()
                    await ws.send(
                        json.dumps({"type": "act", "version": message["version"], "action": choice})
                    )
    except Exception as err:  # every failure is an error in the report
        errors.append(f"{type(err).__name__}: {err}")


async def table_pair(
    http: httpx.AsyncClient,
    urls: tuple[str, str],
    stop: float,
    think: float,
    times: list[tuple[float, float]],
    errors: list[str],
) -> int:
    """Two clients at one table, seated at ``urls`` (two servers or one); a new table each
    time a game ends, until ``stop``. Returns the games finished."""
    games = 0
    while time.monotonic() < stop:
        response = await http.post(
            "/api/tables",
            json={"game": "parade", "seats": [{"kind": "human"}, {"kind": "human"}]},
        )
        if response.status_code != 200:
            errors.append(f"creating a table: HTTP {response.status_code} {response.text}")
            return games
        body = response.json()
        seats = [link["token"] for link in body["seats"]]
        await asyncio.gather(
            *(
                player(url, body["table"], token, stop, think, times, errors)
                for url, token in zip(urls, seats, strict=True)
            )
        )
        games += time.monotonic() < stop
    return games


async def run(
    bases: list[str], clients: int, seconds: float, think: float
) -> tuple[list[tuple[float, float]], list[str], int]:
    """Run ``clients`` clients in two-player tables (the two seats of a table on different
    servers of ``bases`` when there are several), each pair starting a new table when its
    game ends; return round trips (with when each action was sent, in seconds from the
    start), errors and games finished."""
    urls = [b.replace("http", "ws") + "/ws" for b in bases]
    times: list[tuple[float, float]] = []
    errors: list[str] = []
    stop = time.monotonic() + seconds
    async with httpx.AsyncClient(base_url=bases[0], timeout=30) as http:
        games = await asyncio.gather(
            *(
                table_pair(
                    http,
                    (urls[n % len(urls)], urls[(n + 1) % len(urls)]),
                    stop,
                    think,
                    times,
                    errors,
                )
                for n in range(clients // 2)
            )
        )
    begin = min((sent for sent, _ in times), default=0.0)
    return [(sent - begin, trip) for sent, trip in times], errors, sum(games)


def start_servers(
    processes: int, db: str | None, clients: int, *more: str
) -> tuple[list[subprocess.Popen[bytes]], list[str]]:
    """``processes`` servers on ``db`` (default: a fresh SQLite file) with the limits a public
    server holds each address and socket lifted for ``clients`` clients of this machine, and
    ``more`` flags; once each answers, the servers and their base URLs."""
    data = Path(tempfile.mkdtemp(prefix="wonderland-load-"))
    env = {k: v for k, v in os.environ.items() if k != "WONDERLAND_DB"}
    ports = [free_port() for _ in range(processes)]
    flags = [
        *("--data-dir", str(data), "--bot-delay", "0"),
        # every client comes from this machine's one address, and may play at machine
        # speed: lift the limits a public server holds each address and socket to
        *("--sockets-per-address", str(clients + 10), "--tables-per-minute", "1000000"),
        *("--messages-per-second", "1000", "--message-burst", "1000"),
        *("--changes-per-second", "1000", "--change-burst", "1000"),
        *("--people-per-address", "1000"),
        # and send every state as it comes (at --think-ms 0 a table changes faster than a
        # person's screen needs)
        *("--states-per-second", "1000"),
        *(["--db", db] if db else []),
        *more,
    ]
    command = [sys.executable, "-m", "wonderland.cli.main", "serve", *flags]
    servers = [
        subprocess.Popen(
            [*command, "--port", str(port)],
            env=env,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.STDOUT,
        )
        for port in ports
    ]
    bases = [f"http://127.0.0.1:{port}" for port in ports]
    for base in bases:
        for _ in range(300):
            try:
                if httpx.get(f"{base}/api/games", timeout=1).status_code == 200:
                    break
            except httpx.HTTPError:
                time.sleep(0.1)
    return servers, bases


def stop_servers(servers: list[subprocess.Popen[bytes]]) -> None:
    """Stop the servers as systemd would (SIGTERM) and wait for them."""
    for server in servers:
        server.send_signal(signal.SIGTERM)
    for server in servers:
        server.wait(timeout=30)


def main() -> None:
    """Start the server, run the load, print the figures."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--clients", type=int, default=500)
    parser.add_argument("--seconds", type=float, default=20.0)
    parser.add_argument("--think-ms", type=float, default=1000.0)
    parser.add_argument(
        "--processes", type=int, default=1, help="server processes (more than 1: --db postgresql)"
    )
    parser.add_argument("--db", default=None, help="database URL (default: a fresh SQLite file)")
    parser.add_argument(
        "--warmup",
        type=float,
        default=3.0,
        help="seconds at the start, while every client connects and creates its table at once, "
        "whose round trips are reported apart",
    )
    args = parser.parse_args()
    if args.processes > 1 and not (args.db or "").startswith("postgresql"):
        parser.error("--processes above 1 needs --db postgresql+psycopg://...")
    servers, bases = start_servers(args.processes, args.db, args.clients)
    try:
        times, errors, games = asyncio.run(
            run(bases, args.clients, args.seconds, args.think_ms / 1000)
        )
    finally:
        stop_servers(servers)
    if not times:
        print(f"no action completed; {len(errors)} errors: {errors[:3]}")
        return
    print(
        f"{args.clients} clients, {len(times)} actions in {args.seconds:.0f} s "
        f"({len(times) / args.seconds:,.0f} actions/s), {games} games finished, "
        f"{len(errors)} errors"
    )
    burst = [trip for sent, trip in times if sent < args.warmup]
    steady = [trip for sent, trip in times if sent >= args.warmup]
    for name, trips in (
        (f"after the first {args.warmup:g} s", steady),
        (f"the first {args.warmup:g} s (every client arriving at once)", burst),
        ("all", [trip for _, trip in times]),
    ):
        if len(trips) >= 2:
            cuts = statistics.quantiles(trips, n=100)
            print(
                f"round trip, {name}: {len(trips)} actions, p50 {cuts[49] * 1000:.1f} ms, "
                f"p95 {cuts[94] * 1000:.1f} ms, p99 {cuts[98] * 1000:.1f} ms"
            )
    for error in errors[:5]:
        print("  error:", error)


if __name__ == "__main__":
    main()
