"""Scale-out on PostgreSQL, measured with instruments that fit a small machine.

Runs two-person Parade tables against 1 and then 2 ``wonderland serve`` processes on one
PostgreSQL (a throwaway cluster unless ``--db`` names a server), each table's two seats on
different processes when there are two. At the same offered load, well below saturation
(clients think ``--think-ms`` before each move), it prints per run:

- the CPU seconds the server processes spent per move, summed over every server process and
  its children (the bot workers), from ``/proc/<pid>/stat`` (utime + stime); PostgreSQL's
  CPU per move apart; and the idle CPU per second of the processes before the load;
- the round trip of a move: to the mover's own socket, and to the other seat's socket (on
  the other process when there are two: the notification hop), p50/p95/p99;
- the load average before and after the run.

Then the same saturated (``--think-ms 0``), whose moves per second, 2 processes against 1,
are bound by this machine's cores: the clients, PostgreSQL and the servers share them.

    .venv/bin/python bench/web_cluster.py [--clients 60] [--seconds 30] [--think-ms 1000]
        [--warmup 8] [--saturated-clients 80] [--saturated-seconds 20] [--repeat 2] [--db URL]
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import statistics
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx2 as httpx
import psycopg
from websockets.asyncio.client import connect

from web_load import start_servers, stop_servers

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))  # the tests' throwaway PostgreSQL cluster

from tests.postgres import PostgresCluster  # noqa: E402

TICKS = os.sysconf("SC_CLK_TCK")


def children_of() -> dict[int, list[int]]:
    """Every process's children, from ``/proc``."""
    children: dict[int, list[int]] = {}
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                stat = (entry / "stat").read_text()
            except OSError:
                continue
            parent = int(stat[stat.rindex(")") + 2 :].split()[1])
            children.setdefault(parent, []).append(int(entry.name))
    return children


def cpu_seconds(roots: list[int]) -> float:
    """CPU seconds (user + system) of ``roots`` and every live descendant, with the children
    the roots have already reaped."""
    children = children_of()
    total, todo = 0.0, [(pid, True) for pid in roots]
    while todo:
        pid, root = todo.pop()
        try:
            fields = Path(f"/proc/{pid}/stat").read_text().rpartition(")")[2].split()
        except OSError:
            continue
        utime, stime, cutime, cstime = (int(x) for x in fields[11:15])
        total += (utime + stime + ((cutime + cstime) if root else 0)) / TICKS
        todo += [(child, False) for child in children.get(pid, [])]
    return total


def load_average() -> str:
    """The 1, 5 and 15 minute load averages."""
    return " ".join(Path("/proc/loadavg").read_text().split()[:3])


@dataclass
class Tally:
    """What the clients saw: round trips (when sent, seconds), to the mover and to the other
    seat, and the errors."""

    own: list[tuple[float, float]] = field(default_factory=list)
    other: list[tuple[float, float]] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)


async def player(
    url: str, table: str, token: str, seat: int, moves: dict[str, Any], think: float, tally: Tally
) -> None:
    """One seat playing random legal moves until its game ends or time is up. ``moves`` is
    shared by the table's two seats: ``stop`` and the moves not yet seen by both (each as
    [mover, version it was made at, when sent, the seats that have seen it])."""
    rng = random.Random(token)
    try:
        async with connect(url, max_size=2**22, open_timeout=60) as ws:
            await ws.send(json.dumps({"type": "hello", "table": table, "token": token}))
            version, thinking = -1, asyncio.create_task(asyncio.sleep(0))
            try:
                while (left := moves["stop"] - time.monotonic()) > 0:
                    try:
                        message = json.loads(await asyncio.wait_for(ws.recv(), max(0.1, left)))
                    except TimeoutError:
                        return
                    if message["type"] == "error":
                        tally.errors.append(message["message"])
                    if message["type"] != "state" or message["version"] <= version:
                        continue
                    version = message["version"]
                    seen(moves["pending"], seat, version, tally)
                    thinking.cancel()  # (unless it was sent) a new state: think again
                    if message["finished"]:
                        return
                    if message["legal"]:  # think while reading on (the other seat may move)
                        delay = rng.uniform(0.5, 1.5) * think
                        choice = rng.choice(message["legal"])["id"]
                        act = {"type": "act", "version": version, "action": choice}
                        thinking = asyncio.create_task(play(ws, act, delay, seat, moves))
            finally:
                thinking.cancel()
    except Exception as err:  # every failure is an error in the report
        tally.errors.append(f"{type(err).__name__}: {err}")


async def play(
    ws: Any, act: dict[str, Any], delay: float, seat: int, moves: dict[str, Any]
) -> None:
    """Send ``act`` after thinking ``delay`` seconds, noting when it was sent."""
    await asyncio.sleep(delay)
    moves["pending"].append([seat, act["version"], time.perf_counter(), set()])
    await ws.send(json.dumps(act))


def seen(pending: list[list[Any]], seat: int, version: int, tally: Tally) -> None:
    """``seat`` has the state at ``version``: each move made before it reached that seat now
    (its round trip, to the mover or to the other seat); moves both seats saw are dropped."""
    now = time.perf_counter()
    for mover, at, when, seats in pending:
        if version > at and seat not in seats:
            seats.add(seat)
            (tally.own if mover == seat else tally.other).append((when, now - when))
    pending[:] = [move for move in pending if len(move[3]) < 2]


async def tables(
    bases: list[str], n: int, stop: float, think: float, tally: Tally, apart: bool = True
) -> None:
    """Table after table of two people, created on server ``n`` (of ``bases``, in turn), its
    seats on two different servers when there are two (unless not ``apart``), until ``stop``."""
    base = bases[n % len(bases)]
    step = 1 if apart else 0
    urls = [bases[(n + seat * step) % len(bases)].replace("http", "ws") + "/ws" for seat in (0, 1)]
    # a game lasts longer than the server keeps an idle connection (5 s): never reuse one
    limits = httpx.Limits(keepalive_expiry=1.0)
    async with httpx.AsyncClient(base_url=base, timeout=30, limits=limits) as http:
        while time.monotonic() < stop:
            seats = [{"kind": "human"}, {"kind": "human"}]
            try:
                response = await http.post("/api/tables", json={"game": "parade", "seats": seats})
            except httpx.HTTPError as err:
                tally.errors.append(f"creating a table: {type(err).__name__}: {err}")
                return
            if response.status_code != 200:
                tally.errors.append(f"creating a table: HTTP {response.status_code}")
                return
            body = response.json()
            moves: dict[str, Any] = {"stop": stop, "pending": []}
            tokens = [link["token"] for link in body["seats"]]
            await asyncio.gather(
                *(
                    player(urls[seat], body["table"], tokens[seat], seat, moves, think, tally)
                    for seat in (0, 1)
                )
            )


@dataclass
class Run:
    """One run's figures."""

    processes: int
    seconds: float
    moves: int
    server_cpu: float
    database_cpu: float
    client_cpu: float
    idle_cpu: float
    tally: Tally
    load: tuple[str, str]

    def per_move_ms(self, cpu: float) -> float:
        """CPU milliseconds per move."""
        return 1000 * cpu / max(1, self.moves)


async def measure(
    roots: tuple[list[int], list[int]],
    bases: list[str],
    clients: int,
    spans: tuple[float, float],
    think: float,
    apart: bool = True,
) -> tuple[int, list[float], Tally]:
    """Run the load for ``spans`` (warm-up, measured) seconds; the moves sent in the measured
    span and the CPU used in it (servers, database, this process), with what the clients saw."""
    warmup, seconds = spans
    tally = Tally()
    start = time.monotonic()
    stop = start + warmup + seconds
    load = asyncio.gather(
        *(tables(bases, n, stop, think, tally, apart) for n in range(clients // 2))
    )
    await asyncio.sleep(warmup)
    begin = time.perf_counter()
    before = [cpu_seconds(roots[0]), cpu_seconds(roots[1]), time.process_time()]
    await asyncio.sleep(seconds)
    after = [cpu_seconds(roots[0]), cpu_seconds(roots[1]), time.process_time()]
    await load
    end = begin + seconds
    tally.own = [(s, t) for s, t in tally.own if begin <= s < end]
    tally.other = [(s, t) for s, t in tally.other if begin <= s < end]
    return len(tally.own), [b - a for a, b in zip(before, after, strict=True)], tally


def fresh_database(admin: str, name: str) -> str:
    """A new empty database on the cluster of ``admin`` (a SQLAlchemy URL); its URL."""
    plain = admin.replace("postgresql+psycopg", "postgresql")
    with psycopg.connect(plain, autocommit=True) as connection:
        connection.execute(f"CREATE DATABASE {name}")
    path = admin.split("?")[0].rsplit("/", 1)[0]
    query = "?" + admin.split("?", 1)[1] if "?" in admin else ""
    return f"{path}/{name}{query}"


def one_run(
    database: tuple[str, int],
    processes: int,
    clients: int,
    spans: tuple[float, float],
    think: float,
    apart: bool = True,
    idle: float = 5.0,
) -> Run:
    """Start ``processes`` servers on a fresh database, measure them idle, then loaded."""
    admin, postmaster = database
    url = fresh_database(admin, f"run_{time.monotonic_ns()}")
    servers, bases = start_servers(processes, url, clients, "--take-back-seconds", "0")
    try:
        roots = ([server.pid for server in servers], [postmaster])
        time.sleep(2.0)
        quiet = cpu_seconds(roots[0])
        time.sleep(idle)
        idle_cpu = (cpu_seconds(roots[0]) - quiet) / idle
        load_before = load_average()
        moves, used, tally = asyncio.run(measure(roots, bases, clients, spans, think, apart))
        load_after = load_average()
    finally:
        stop_servers(servers)
    return Run(processes, spans[1], moves, *used, idle_cpu, tally, (load_before, load_after))


def cuts(trips: list[tuple[float, float]]) -> str:
    """p50, p95 and p99 of round trips, in milliseconds."""
    if len(trips) < 2:
        return "too few"
    q = statistics.quantiles([trip for _, trip in trips], n=100)
    return f"p50 {q[49] * 1000:6.1f} ms  p95 {q[94] * 1000:6.1f} ms  p99 {q[98] * 1000:6.1f} ms"


def describe(run: Run, pooled: bool = False) -> None:
    """One run's figures (or runs' together), at 80 columns."""
    name = "1 process" if run.processes == 1 else f"{run.processes} processes"
    print(
        f"{name}: {run.moves / run.seconds:.1f} moves/s ({run.moves} in {run.seconds:g} s), "
        f"{len(run.tally.errors)} errors"
    )
    if not pooled:
        print(f"  load average before {run.load[0]}, after {run.load[1]}")
    print(
        f"  CPU per move: servers {run.per_move_ms(run.server_cpu):.2f} ms, PostgreSQL "
        f"{run.per_move_ms(run.database_cpu):.2f} ms, "
        f"clients {run.per_move_ms(run.client_cpu):.2f} ms"
    )
    busy = (run.server_cpu + run.database_cpu + run.client_cpu) / run.seconds
    print(f"  CPU busy: {busy:.2f} of 2 cores; servers idle before the load {run.idle_cpu:.3f} s/s")
    print(f"  round trip to the mover:      {cuts(run.tally.own)}")
    print(f"  round trip to the other seat: {cuts(run.tally.other)}")
    for error in run.tally.errors[:3]:
        print("  error:", error)


def pooled(runs: list[Run]) -> Run:
    """Runs of the same number of processes as one."""
    tally = Tally(
        [trip for run in runs for trip in run.tally.own],
        [trip for run in runs for trip in run.tally.other],
        [error for run in runs for error in run.tally.errors],
    )
    return Run(
        runs[0].processes,
        sum(run.seconds for run in runs),
        sum(run.moves for run in runs),
        sum(run.server_cpu for run in runs),
        sum(run.database_cpu for run in runs),
        sum(run.client_cpu for run in runs),
        statistics.mean(run.idle_cpu for run in runs),
        tally,
        (runs[0].load[0], runs[-1].load[1]),
    )


def p99(trips: list[tuple[float, float]]) -> float:
    """The 99th percentile of round trips."""
    return statistics.quantiles([trip for _, trip in trips], n=100)[98]


def compare(one: Run, two: Run, saturated: bool) -> None:
    """2 processes against 1."""
    cpu = (two.server_cpu / max(1, two.moves)) / (one.server_cpu / max(1, one.moves))
    print(f"  2 processes against 1: server CPU per move x{cpu:.2f} (goal at most 1.25)")
    trip = p99(two.tally.other) / p99(one.tally.other)
    print(f"  the other seat's p99 x{trip:.2f} (goal at most 2)")
    if saturated:
        rate = (two.moves / two.seconds) / (one.moves / one.seconds)
        print(
            f"  moves per second x{rate:.2f}: bound by this machine's {os.cpu_count()} cores, "
            "which the clients, PostgreSQL and the servers share"
        )


def main() -> None:
    """Run 1 then 2 processes below saturation, then saturated; print the figures."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--clients", type=int, default=60)
    parser.add_argument("--seconds", type=float, default=30.0, help="measured seconds per run")
    parser.add_argument("--think-ms", type=float, default=1000.0)
    parser.add_argument("--warmup", type=float, default=8.0, help="seconds left out at the start")
    parser.add_argument("--saturated-clients", type=int, default=80)
    parser.add_argument("--saturated-seconds", type=float, default=20.0)
    parser.add_argument(
        "--repeat",
        type=int,
        default=2,
        help="runs of each (1, 2, then 2, 1, ...: other work on the machine changes as it goes)",
    )
    parser.add_argument(
        "--only", choices=["below", "saturated"], help="only below saturation, or only saturated"
    )
    parser.add_argument(
        "--seats-together",
        action="store_true",
        help="both seats of a table on one process (what a second process costs without "
        "moves that cross processes)",
    )
    parser.add_argument("--db", default=None, help="a PostgreSQL URL (default: a throwaway one)")
    args = parser.parse_args()
    cluster = None
    if args.db is None:
        cluster = PostgresCluster()
        cluster.start()
        postmaster = int((cluster.data / "postmaster.pid").read_text().split()[0])
        database = (cluster.url, postmaster)
    else:
        database = (args.db, 0)
    try:
        phases = [
            ("below saturation", args.clients, args.seconds, args.think_ms / 1000),
            ("saturated", args.saturated_clients, args.saturated_seconds, 0.0),
        ]
        phases = [phase for phase in phases if args.only in (None, phase[0].split()[0])]
        for title, clients, seconds, think in phases:
            print(f"{title}: {clients} clients, thinking {think * 1000:g} ms, {seconds:g} s")
            runs = [
                one_run(
                    database,
                    processes,
                    clients,
                    (args.warmup, seconds),
                    think,
                    not args.seats_together,
                )
                for turn in range(args.repeat)
                for processes in ((1, 2) if turn % 2 == 0 else (2, 1))
            ]
            for run in runs:
                describe(run)
            together = [pooled([run for run in runs if run.processes == n]) for n in (1, 2)]
            if args.repeat > 1:
                print(f"the {args.repeat} runs of each together:")
                for run in together:
                    describe(run, pooled=True)
            compare(*together, saturated=think == 0)
    finally:
        if cluster is not None:
            cluster.remove()


if __name__ == "__main__":
    main()
