"""The Ray backend: the same chunks as Ray tasks, on a local Ray or an existing cluster.

Local Ray (no address) starts with ``workers`` CPUs and is shut down afterwards; with an
address (``ray://host:10001`` or ``auto``) the run uses that cluster as it is.  Every node
needs ``wonderland[ray]`` installed; results come back to this process, which writes them.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Iterable, Iterator, Sequence
from contextlib import contextmanager
from typing import Any, TypeVar

from wonderland.core import ConfigError
from wonderland.sim.deps import require
from wonderland.sim.job import Chunk, SimJob, play_chunk

R = TypeVar("R")


@contextmanager
def ray_session(workers: int, address: str | None) -> Iterator[Any]:
    """Ray, connected: the running instance if there is one (left running), else a new one
    (a local Ray with ``workers`` CPUs, or the cluster at ``address``), shut down afterwards."""
    ray = require("ray")
    if ray.is_initialized():
        yield ray
        return
    options: dict[str, Any] = {"log_to_driver": False, "logging_level": logging.WARNING}
    try:
        if address is None:
            ray.init(num_cpus=workers, include_dashboard=False, **options)
        else:
            ray.init(address=address, **options)
    except (ConnectionError, RuntimeError, ValueError) as err:
        where = f"the Ray cluster at {address}" if address else "a local Ray"
        raise ConfigError(f"cannot start or reach {where}: {err}") from None
    try:
        yield ray
    finally:
        ray.shutdown()


def ray_chunks(
    job: SimJob,
    chunks: Sequence[tuple[int, int]],
    *,
    workers: int,
    address: str | None,
    keep_records: bool,
    summary_only: bool = False,
) -> Iterator[Chunk]:
    """Play ``chunks`` as Ray tasks, a bounded number in flight; yield each when done."""
    calls = [(job, start, stop, keep_records, summary_only) for start, stop in chunks]
    return ray_map(play_chunk, calls, workers=workers, address=address)


def ray_map(
    function: Callable[..., R],
    calls: Iterable[tuple[Any, ...]],
    *,
    workers: int,
    address: str | None,
) -> Iterator[R]:
    """``function(*call)`` for every call as Ray tasks, at most two per CPU in flight; yield
    each result when it is done (in any order)."""
    with ray_session(workers, address) as ray:
        task = ray.remote(num_cpus=1)(function)
        cpus = int(ray.cluster_resources().get("CPU", workers))
        limit = 2 * max(1, cpus)
        queue = iter(calls)
        pending: list[Any] = []
        for call in queue:
            pending.append(task.remote(*call))
            if len(pending) >= limit:
                break
        while pending:
            done, pending = ray.wait(pending, num_returns=1)
            result: R = ray.get(done[0])
            yield result
            following = next(queue, None)
            if following is not None:
                pending.append(task.remote(*following))
