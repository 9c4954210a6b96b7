"""A simulation job: what to play, and the chunks of game indices it is cut into.

A job is a plain, picklable value, so the same description travels to worker processes and
Ray tasks.  Game ``i`` of a job is always seeded with ``derive_seed(job.seed, i)`` (on the
fast engine, ``game_key(job.seed, i)``): which worker plays it, and when, changes nothing.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass
from typing import Any

from wonderland.core import ConfigError, GameConfig, derive_seed
from wonderland.sim.columns import Columns
from wonderland.sim.runner import GameResult, seat_bots, simulate_one
from wonderland.sim.tally import ChunkTally

MAX_CHUNK = 500
"""The largest automatic chunk: a few seconds of work at most, so progress stays live."""


@dataclass(frozen=True, slots=True)
class SimJob:
    """``games`` seeded games of one configuration with the named bots."""

    game: str
    config: GameConfig
    bots: tuple[str, ...]
    games: int
    seed: int
    rotate: bool = False
    engine: str = "plain"
    """``plain`` (the protocol engine) or ``fast`` (the game's compiled engine)."""

    def identity(self) -> dict[str, Any]:
        """Everything that decides the games' outcomes, except how many there are."""
        return {
            "game": self.game,
            "config": self.config.to_json(),
            "bots": list(self.bots),
            "seed": self.seed,
            "rotate_seats": self.rotate,
            "engine": self.engine,  # a job written without it (the earlier format) is plain
        }

    def to_json(self) -> dict[str, Any]:
        """A JSON-ready dict (the identity plus the number of games)."""
        return {**self.identity(), "games": self.games}

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> SimJob:
        """The job written by :meth:`to_json`; ConfigError for anything malformed."""
        try:
            config = data["config"]
            return cls(
                game=str(data["game"]),
                config=GameConfig(
                    num_players=int(config["num_players"]),
                    variants=dict(config.get("variants") or {}),
                    content=config.get("content"),
                ),
                bots=tuple(str(b) for b in data["bots"]),
                games=int(data["games"]),
                seed=int(data["seed"]),
                rotate=bool(data.get("rotate_seats", False)),
                engine=str(data.get("engine", "plain")),
            )
        except (KeyError, TypeError, ValueError, AttributeError) as err:
            raise ConfigError(f"malformed simulation job: {type(err).__name__}: {err}") from None


@dataclass(frozen=True, slots=True)
class Chunk:
    """The results of games ``start .. stop - 1`` of a job, in index order: as rows, or (from
    the fast engine) as columns only, or as tallies only when no per-game output is needed."""

    start: int
    stop: int
    results: tuple[GameResult, ...]
    columns: Columns | None = None
    tally: ChunkTally | None = None

    def rows(self) -> tuple[GameResult, ...]:
        """Every game's result, built from the columns when the chunk holds only those."""
        if self.tally is not None:
            raise ValueError("a chunk played for its summary only holds tallies, not rows")
        if self.columns is None:
            return self.results
        return tuple(self.columns.rows())


def play_chunk(
    job: SimJob, start: int, stop: int, keep_records: bool = False, summary_only: bool = False
) -> Chunk:
    """Play games ``start .. stop - 1`` of ``job`` (each seeded from the run seed and its index).

    With ``summary_only`` the fast engine returns tallies only (the plain engine ignores it).
    """
    if job.engine == "fast":
        from wonderland.sim.fast import check_fast_job, play_fast, tally_fast

        check_fast_job(job, keep_records)
        if summary_only:
            return Chunk(start, stop, (), tally=tally_fast(job, start, stop))
        return Chunk(start, stop, (), play_fast(job, start, stop))
    results = tuple(
        simulate_one(
            job.game,
            job.config,
            seat_bots(job.bots, index, job.rotate),
            derive_seed(job.seed, index),
            keep_records,
        )
        for index in range(start, stop)
    )
    return Chunk(start, stop, results)


def auto_chunk_size(games: int, workers: int, largest: int = MAX_CHUNK) -> int:
    """About eight chunks per worker, at most ``largest`` games each.

    >>> auto_chunk_size(1000, 2), auto_chunk_size(10, 4), auto_chunk_size(10**6, 16)
    (63, 1, 500)
    """
    return max(1, min(largest, math.ceil(games / (8 * max(1, workers)))))


def missing_ranges(games: int, done: Iterable[tuple[int, int]]) -> list[tuple[int, int]]:
    """The ``[start, stop)`` runs of indices below ``games`` not covered by the ``done`` runs.

    >>> missing_ranges(10, [(5, 7), (0, 2), (9, 10)])
    [(2, 5), (7, 9)]
    """
    ranges: list[tuple[int, int]] = []
    position = 0
    for start, stop in sorted(done):
        if start > position:
            ranges.append((position, min(start, games)))
        position = max(position, stop)
        if position >= games:
            break
    if position < games:
        ranges.append((position, games))
    return [(a, b) for a, b in ranges if a < b]


def split(ranges: Iterable[tuple[int, int]], size: int) -> Iterator[tuple[int, int]]:
    """Cut each range into chunks of at most ``size`` indices.

    >>> list(split([(0, 5), (7, 9)], 2))
    [(0, 2), (2, 4), (4, 5), (7, 9)]
    """
    for start, stop in ranges:
        for low in range(start, stop, size):
            yield low, min(stop, low + size)
