"""Where chunks of games are played: in this process, in worker processes, or on Ray.

Every backend yields finished :class:`Chunk` values as they complete (in any order); the
games in them depend only on the job and their indices, never on the backend.
"""

from __future__ import annotations

import multiprocessing
import os
import signal
from collections.abc import Callable, Iterable, Iterator, Sequence
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from contextlib import contextmanager
from typing import Any, TypeVar

from wonderland.core import ConfigError
from wonderland.sim.deps import require
from wonderland.sim.job import Chunk, SimJob, play_chunk

BACKENDS = ("local", "ray")
R = TypeVar("R")


def available_cores() -> int:
    """The CPU cores this process may use."""
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # not on Linux
        return os.cpu_count() or 1


def run_chunks(
    job: SimJob,
    chunks: Sequence[tuple[int, int]],
    *,
    workers: int,
    backend: str = "local",
    address: str | None = None,
    keep_records: bool = False,
    summary_only: bool = False,
) -> Iterator[Chunk]:
    """Play ``chunks`` of ``job`` on ``backend``; yield each chunk when it is done (with
    ``summary_only``, as tallies where the engine can: see :func:`play_chunk`)."""
    check_backend(workers, backend, address)
    if backend == "ray":
        from wonderland.sim.ray_backend import ray_chunks

        return ray_chunks(
            job,
            chunks,
            workers=workers,
            address=address,
            keep_records=keep_records,
            summary_only=summary_only,
        )
    if workers == 1 or len(chunks) <= 1:
        return (play_chunk(job, a, b, keep_records, summary_only) for a, b in chunks)
    return process_chunks(job, chunks, min(workers, len(chunks)), keep_records, summary_only)


@contextmanager
def backend_session(backend: str, workers: int, address: str | None) -> Iterator[None]:
    """Keep the backend up across several runs (one Ray start for a whole sweep)."""
    check_backend(workers, backend, address)
    if backend != "ray":
        yield
        return
    from wonderland.sim.ray_backend import ray_session

    with ray_session(workers, address):
        yield


def check_backend(workers: int, backend: str, address: str | None) -> None:
    """ConfigError for a worker count, backend or address that cannot work."""
    if workers < 1:
        raise ConfigError("--workers must be at least 1")
    if backend not in BACKENDS:
        raise ConfigError(f"unknown backend {backend!r}; choose from: {', '.join(BACKENDS)}")
    if address is not None and backend != "ray":
        raise ConfigError("--address names a Ray cluster; use it with --backend ray")
    if backend == "ray":
        require("ray")


def _ignore_interrupts() -> None:
    """Worker start-up: Ctrl-C is the parent's to handle; workers finish their chunk."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def process_chunks(
    job: SimJob,
    chunks: Sequence[tuple[int, int]],
    workers: int,
    keep_records: bool,
    summary_only: bool = False,
) -> Iterator[Chunk]:
    """Play the chunks in ``workers`` fresh processes, at most two chunks per worker queued."""
    calls = ((job, start, stop, keep_records, summary_only) for start, stop in chunks)
    return process_map(play_chunk, calls, workers)


def process_map(
    function: Callable[..., R], calls: Iterable[tuple[Any, ...]], workers: int
) -> Iterator[R]:
    """``function(*call)`` for every call, in ``workers`` fresh processes, at most two calls
    per worker queued; yield each result when it is done (in any order)."""
    context = multiprocessing.get_context("spawn")
    pool = ProcessPoolExecutor(workers, mp_context=context, initializer=_ignore_interrupts)
    queue = iter(calls)
    pending: set[Future[R]] = set()
    try:
        for call in queue:
            pending.add(pool.submit(function, *call))
            if len(pending) >= 2 * workers:
                break
        while pending:
            done, pending = wait(pending, return_when=FIRST_COMPLETED)
            for future in done:
                yield future.result()
                following = next(queue, None)
                if following is not None:
                    pending.add(pool.submit(function, *following))
    finally:
        pool.shutdown(wait=True, cancel_futures=True)


def map_calls(
    function: Callable[..., R],
    calls: Sequence[tuple[Any, ...]],
    *,
    workers: int,
    backend: str = "local",
    address: str | None = None,
) -> Iterator[R]:
    """``function(*call)`` for every call on ``backend``: here (one worker), in worker
    processes or as Ray tasks; yield each result when it is done (in any order)."""
    check_backend(workers, backend, address)
    if backend == "ray":
        from wonderland.sim.ray_backend import ray_map

        return ray_map(function, calls, workers=workers, address=address)
    if workers == 1 or len(calls) <= 1:
        return (function(*call) for call in calls)
    return process_map(function, calls, min(workers, len(calls)))
