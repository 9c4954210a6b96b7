"""Simulation scaling: 4-player Parade games/s with 1 and with 2 worker processes.

Two measurements, both through the code ``wonderland simulate`` runs:

* steady state -- a warm pool of W spawned worker processes plays chunks of games
  (``sim.job.play_chunk``) and sends the results back, W = 1 and W = 2;
* end to end -- ``run_simulation`` with ``--out`` into a temporary folder: worker start-up,
  play, Parquet part files and the summary read back from them; in this process (W = 1)
  and with 2 worker processes.

The goal is at least 1.8x with 2 workers.  Figures depend on what else the machine runs.

    .venv/bin/python bench/sim_scaling.py [--games 6000] [--bots random] [--chunk 250]
"""

from __future__ import annotations

import argparse
import multiprocessing
import tempfile
import time
from concurrent.futures import ProcessPoolExecutor, as_completed
from pathlib import Path

from wonderland.games.parade import GAME
from wonderland.sim.batch import run_simulation
from wonderland.sim.job import SimJob, play_chunk, split


def steady_state(job: SimJob, workers: int, chunk: int) -> float:
    """Games/s of a warm pool of ``workers`` processes."""
    context = multiprocessing.get_context("spawn")
    with ProcessPoolExecutor(workers, mp_context=context) as pool:
        warm = [
            pool.submit(play_chunk, job, job.games + i, job.games + i + 5) for i in range(workers)
        ]
        for future in warm:
            future.result()
        start = time.perf_counter()
        futures = [pool.submit(play_chunk, job, a, b) for a, b in split([(0, job.games)], chunk)]
        played = sum(len(f.result().results) for f in as_completed(futures))
        elapsed = time.perf_counter() - start
    assert played == job.games
    return played / elapsed


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
    print(f"  steady state, 1 worker process:  {one:8,.0f} games/s")
    print(f"  steady state, 2 worker processes: {two:8,.0f} games/s   speed-up {two / one:.2f}x")
    serial, parallel = end_to_end(job, 1), end_to_end(job, 2)
    print(f"  end to end with --out, W=1 (in this process): {serial:8,.0f} games/s")
    print(
        f"  end to end with --out, W=2 worker processes:  {parallel:8,.0f} games/s   "
        f"speed-up {parallel / serial:.2f}x"
    )


if __name__ == "__main__":
    main()
