"""Simulation scaling: 4-player Parade games/s with 1 and with 2 worker processes.

Two measurements, both through the code ``wonderland simulate`` runs:

* steady state -- a warm pool of W spawned worker processes plays chunks of games
  (``sim.job.play_chunk``) and sends the results back, W = 1 and W = 2;
* end to end -- ``run_simulation`` with ``--out`` into a temporary folder: worker start-up,
  play, Parquet part files and the summary read back from them; in this process (W = 1)
  and with 2 worker processes.

The goal is at least 1.8x with 2 workers.  Wall-clock figures depend on what else the machine
runs, so the steady state also reports CPU time: games per CPU-second of the workers, and the
CPU time of this (the parent) process.  When the workers keep their per-CPU-second rate at
W = 2 and the parent needs little CPU, 2 idle cores give ``2 x efficiency``.

    .venv/bin/python bench/sim_scaling.py [--games 6000] [--bots random] [--chunk 250]
"""

from __future__ import annotations

import argparse
import multiprocessing
import tempfile
import time
from concurrent.futures import ProcessPoolExecutor, as_completed
from dataclasses import dataclass
from pathlib import Path

from wonderland.games.parade import GAME
from wonderland.sim.batch import run_simulation
from wonderland.sim.job import SimJob, play_chunk, split


def timed_chunk(job: SimJob, start: int, stop: int) -> tuple[int, float]:
    """Play a chunk in a worker; its game count and the worker's CPU seconds for it."""
    cpu = time.process_time()
    played = len(play_chunk(job, start, stop).results)
    return played, time.process_time() - cpu


@dataclass(frozen=True)
class Steady:
    """One steady-state measurement."""

    games_per_s: float
    games_per_worker_cpu_s: float
    parent_cpu_share: float


def steady_state(job: SimJob, workers: int, chunk: int) -> Steady:
    """Games/s of a warm pool of ``workers`` processes, and the CPU time behind them."""
    context = multiprocessing.get_context("spawn")
    with ProcessPoolExecutor(workers, mp_context=context) as pool:
        warm = [pool.submit(timed_chunk, job, job.games, job.games + 5) for _ in range(workers)]
        for future in warm:
            future.result()
        start, parent = time.perf_counter(), time.process_time()
        futures = [pool.submit(timed_chunk, job, a, b) for a, b in split([(0, job.games)], chunk)]
        played, worker_cpu = 0, 0.0
        for future in as_completed(futures):
            count, cpu = future.result()
            played += count
            worker_cpu += cpu
        elapsed = time.perf_counter() - start
        parent_cpu = time.process_time() - parent
    assert played == job.games
    return Steady(played / elapsed, played / worker_cpu, parent_cpu / (worker_cpu + parent_cpu))


def end_to_end(job: SimJob, workers: int) -> float:
    """Games/s of a whole ``simulate --out`` run, worker start-up included."""
    with tempfile.TemporaryDirectory() as folder:
        start = time.perf_counter()
        outcome = run_simulation(job, workers=workers, out=Path(folder) / "run")
        elapsed = time.perf_counter() - start
    assert outcome.summary.games == job.games
    return job.games / elapsed


def main() -> None:
    """Measure and print the figures."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=6000)
    parser.add_argument("--bots", default="random", help="one bot name for every seat")
    parser.add_argument("--chunk", type=int, default=250, help="games per chunk (steady state)")
    args = parser.parse_args()
    job = SimJob("parade", GAME.make_config(4), (args.bots,) * 4, args.games, seed=1)
    print(f"parade 4 players, {args.bots} bots, {args.games} games per measurement")
    one, two = steady_state(job, 1, args.chunk), steady_state(job, 2, args.chunk)
    for workers, m in ((1, one), (2, two)):
        print(
            f"  steady state, {workers} worker process{'es' if workers > 1 else ''}: "
            f"{m.games_per_s:8,.0f} games/s, {m.games_per_worker_cpu_s:8,.0f} games per worker "
            f"CPU-second, parent {100 * m.parent_cpu_share:.1f} % of the CPU time"
        )
    efficiency = two.games_per_worker_cpu_s / one.games_per_worker_cpu_s
    print(f"  speed-up measured (wall clock): {two.games_per_s / one.games_per_s:.2f}x")
    print(f"  per-CPU efficiency at W=2: {efficiency:.2f} -> 2 idle cores: {2 * efficiency:.2f}x")
    serial, parallel = end_to_end(job, 1), end_to_end(job, 2)
    print(f"  end to end with --out, W=1 (in this process): {serial:8,.0f} games/s")
    print(
        f"  end to end with --out, W=2 worker processes:  {parallel:8,.0f} games/s   "
        f"speed-up {parallel / serial:.2f}x"
    )


if __name__ == "__main__":
    main()
