"""A compiled search's budget: at most so many iterations, and with a time no longer than
that, run in compiled chunks with the clock read between them."""

from __future__ import annotations

import math
import time
from collections.abc import Callable


def run_in_chunks(
    step: Callable[[int, int], None], iterations: int, seconds: float | None, chunk: int
) -> tuple[int, float]:
    """Call ``step(first, count)`` over iterations ``0 .. iterations - 1``: in one call without
    a time, else ``chunk`` at a time until the iterations or ``seconds`` run out.  Returns the
    iterations run and the seconds they took."""
    start = time.perf_counter()
    deadline = math.inf if seconds is None else start + seconds
    done = 0
    while done < iterations:
        count = iterations - done if seconds is None else min(chunk, iterations - done)
        step(done, count)
        done += count
        if time.perf_counter() >= deadline:
            break
    return done, time.perf_counter() - start
