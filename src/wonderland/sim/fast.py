"""``simulate --engine fast``: the compiled engines that games' plugins declare.

A game's fast engine is a module (:class:`FastEngine`) that checks a job, plays chunks of it
as rows or as tallies, and names its chunk sizes; a game without one is refused with a message
that says what to use.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol, cast

from wonderland.core import ConfigError, get_plugin, plugins
from wonderland.sim.columns import Columns
from wonderland.sim.tally import ChunkTally

if TYPE_CHECKING:
    from wonderland.sim.job import SimJob

ENGINES = ("plain", "fast")


class FastEngine(Protocol):
    """What a game's compiled simulation module provides."""

    FAST_CHUNK: int
    """The largest automatic chunk of a run that returns rows."""
    TALLY_CHUNK: int
    """The largest automatic chunk of a run that returns tallies."""

    def check_fast_job(self, job: SimJob, keep_records: bool = False) -> None:
        """ConfigError unless the compiled engine can play ``job`` (numba installed included)."""
        ...

    def play_fast(self, job: SimJob, start: int, stop: int) -> Columns:
        """Games ``start .. stop - 1`` of ``job``, as columns."""
        ...

    def tally_fast(self, job: SimJob, start: int, stop: int) -> ChunkTally:
        """Games ``start .. stop - 1`` of ``job``, as tallies."""
        ...


def fast_game_ids() -> list[str]:
    """The games whose plugins declare a compiled engine."""
    return [p.game_id for p in plugins() if p.fast_engine is not None]


def fast_engine(game_id: str) -> FastEngine:
    """The compiled engine of ``game_id``; ConfigError naming the games that have one."""
    ref = get_plugin(game_id).fast_engine
    if ref is None:
        raise ConfigError(
            f"--engine fast plays {' and '.join(fast_game_ids())} only, not {game_id}; "
            "use --engine plain (the default)"
        )
    return cast(FastEngine, ref.load())


def check_fast_job(job: SimJob, keep_records: bool = False) -> None:
    """ConfigError unless a compiled engine can play ``job`` (numba installed included)."""
    fast_engine(job.game).check_fast_job(job, keep_records)


def play_fast(job: SimJob, start: int, stop: int) -> Columns:
    """Games ``start .. stop - 1`` of ``job`` on its game's compiled engine, as columns."""
    return fast_engine(job.game).play_fast(job, start, stop)


def tally_fast(job: SimJob, start: int, stop: int) -> ChunkTally:
    """Games ``start .. stop - 1`` of ``job`` on its game's compiled engine, as tallies."""
    return fast_engine(job.game).tally_fast(job, start, stop)


def chunk_limits(game: str) -> tuple[int, int]:
    """The largest automatic chunks of a fast run of ``game``: returning rows, tallies."""
    engine = fast_engine(game)
    return engine.FAST_CHUNK, engine.TALLY_CHUNK
