"""Which engine finishes a run first (``--engine auto``): the plain engine's games against the
compiled engine's start-up and games.

The compiled engine plays a game in a small fraction of the plain engine's time, but first
starts: numba is imported and the compiled code loaded from numba's cache (about a second per
process), or, the first time, compiled (about a minute).  A run of a few thousand random
Parade games is over on the plain engine before that.  :func:`estimate_run` measures the plain
engine on a few trial games of the run itself (CPU time, so that a loaded machine does not
skew it) and :meth:`RunEstimate.fast_finishes_first` compares the two.
"""

from __future__ import annotations

import time
from dataclasses import dataclass

from wonderland.sim.compile_cache import needs_compiling
from wonderland.sim.job import SimJob, play_chunk

FAST_START_SECONDS = 1.2
"""Importing numba and loading a compiled engine from a warm cache, per process."""
COMPILE_SECONDS = 60
"""Compiling a game's compiled engine into a cold cache, once (about a minute)."""
FAST_SPEEDUP = 20.0
"""How many times faster the compiled engine plays a game than the plain engine, at least
(random Parade bots: over 100 times; greedy bots and Wonderdice: less)."""
WORKER_START_SECONDS = 0.5
"""Starting one worker process: a fresh Python that imports the package (spawned)."""
TRIAL_GAMES = 20
TRIAL_SECONDS = 0.05
"""The plain engine's trial: up to this many games, or until this much CPU time is spent."""


@dataclass(frozen=True, slots=True)
class RunEstimate:
    """What a run of ``games`` games costs on each engine, in seconds of one process."""

    games: int
    plain_game: float
    """The plain engine's time per game."""
    fast_start: float
    """The compiled engine's time before its first game (loading or compiling it)."""
    fast_game: float
    """The compiled engine's time per game."""

    @property
    def plain_seconds(self) -> float:
        """The whole run on the plain engine."""
        return self.games * self.plain_game

    @property
    def fast_seconds(self) -> float:
        """The whole run on the compiled engine, its start-up included."""
        return self.fast_start + self.games * self.fast_game

    def fast_finishes_first(self) -> bool:
        """Whether the compiled engine ends the run before the plain engine.

        >>> RunEstimate(3000, 2e-4, 1.2, 1e-5).fast_finishes_first()
        False
        >>> RunEstimate(100_000, 2e-4, 1.2, 1e-5).fast_finishes_first()
        True
        """
        return self.fast_seconds < self.plain_seconds

    def workers(self, engine: str, cores: int) -> int:
        """How many processes play the run on ``engine``: all ``cores``, or only this one when
        the time the other workers would save is less than starting one.

        >>> short, long = RunEstimate(3000, 5e-4, 1.2, 1e-5), RunEstimate(10**6, 5e-4, 1.2, 1e-5)
        >>> short.workers("fast", 2), long.workers("fast", 2), short.workers("plain", 2)
        (1, 2, 2)
        """
        play = self.games * (self.fast_game if engine == "fast" else self.plain_game)
        return cores if play * (1 - 1 / max(1, cores)) > WORKER_START_SECONDS else 1


def estimate_run(
    job: SimJob, plain_game: float | None = None, first_game: float | None = None
) -> RunEstimate:
    """The costs of ``job`` on each engine: the plain engine's time per game measured on trial
    games (or ``plain_game``; ``first_game``: the CPU seconds of its game 0, played already),
    the compiled engine's start-up with compiling if its cache is cold, and its games
    :data:`FAST_SPEEDUP` times faster."""
    per_game = plain_game if plain_game is not None else plain_game_seconds(job, first_game)
    start = FAST_START_SECONDS + (COMPILE_SECONDS if needs_compiling(job.game) else 0.0)
    return RunEstimate(job.games, per_game, start, per_game / FAST_SPEEDUP)


def plain_game_seconds(job: SimJob, first: float | None = None) -> float:
    """The plain engine's CPU time per game of ``job``, over a few trial games of it: game 0
    (or ``first``, its CPU seconds when it was played already), then more while they are
    short."""
    trial = SimJob(job.game, job.config, job.bots, TRIAL_GAMES, job.seed, job.rotate)
    spent, played = (first, 1) if first is not None else (0.0, 0)
    while played < min(TRIAL_GAMES, job.games) and (played == 0 or spent < TRIAL_SECONDS):
        start = time.process_time()
        play_chunk(trial, played, played + 1)
        spent += time.process_time() - start
        played += 1
    return spent / max(1, played)
