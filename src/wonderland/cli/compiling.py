"""The first run on a compiled engine: said, compiled once in this process, with progress.

numba compiles a game's compiled engine the first time it runs here (about a minute), then
loads it from its cache.  A run that finds the cache cold says so on stderr ("compiling the
fast Parade engine once, about 60 s"), compiles it in this process behind a progress bar (at
a terminal), and only then starts its workers, which load the cache instead of each
compiling.  ``make run`` and ``make test`` compile every engine ahead (``sim.warm``).
"""

from __future__ import annotations

import time
from concurrent.futures import Future, ThreadPoolExecutor

from rich.console import Console
from rich.progress import BarColumn, Progress, TextColumn, TimeElapsedColumn

from wonderland.core import get_game
from wonderland.sim.compile_cache import needs_compiling
from wonderland.sim.engine_cost import COMPILE_SECONDS
from wonderland.sim.fast import check_fast_job, compile_fast
from wonderland.sim.job import SimJob

TICK_SECONDS = 0.25


def announcement(game_id: str, seconds: float = COMPILE_SECONDS) -> str:
    """What a first compiled run says before it compiles.

    >>> announcement("parade")
    'compiling the fast Parade engine once, about 60 s (numba keeps it for later runs)'
    """
    name = get_game(game_id).spec.name
    return (
        f"compiling the fast {name} engine once, about {seconds:.0f} s "
        "(numba keeps it for later runs)"
    )


def compile_first(
    job: SimJob, console: Console, *, tallies: bool, keep_records: bool, hidden: bool = False
) -> bool:
    """If ``job`` runs on a compiled engine that has never been compiled here, say so on
    ``console`` and compile it now, with a progress bar at a terminal (``hidden``: the line
    only); ``tallies``: the run keeps no per-game output; ``keep_records``: it would save
    game records (refused).  Whether it compiled."""
    if job.engine != "fast" or not needs_compiling(job.game):
        return False
    check_fast_job(job, keep_records)  # a refused job is refused before compiling
    console.print(announcement(job.game), markup=False, highlight=False)
    with ThreadPoolExecutor(1) as pool:
        compiling = pool.submit(compile_fast, job, tallies)
        if not hidden and console.is_terminal:
            _show_progress(console, compiling, COMPILE_SECONDS)
        compiling.result()
    return True


def _show_progress(console: Console, compiling: Future[None], seconds: float) -> None:
    """A transient bar of the time spent against the expected ``seconds``, until
    ``compiling`` is done."""
    with Progress(
        TextColumn("[bold]compiling[/]"),
        BarColumn(),
        TimeElapsedColumn(),
        TextColumn(f"of about {seconds:.0f} s"),
        console=console,
        transient=True,
    ) as progress:
        task = progress.add_task("compiling", total=seconds)
        start = time.monotonic()
        while not compiling.done():
            progress.update(task, completed=min(time.monotonic() - start, 0.99 * seconds))
            time.sleep(TICK_SECONDS)
