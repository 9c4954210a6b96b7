"""``simulate --engine fast``: which games have a compiled engine, and the chunks they play.

Parade (``parade_fast``) and Wonderdice (``wonderdice_fast``) each have one; this module
sends a job to its game's and refuses the others with a message that says what to use.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from wonderland.core import ConfigError
from wonderland.sim import parade_fast, wonderdice_fast
from wonderland.sim.columns import Columns
from wonderland.sim.tally import ChunkTally

if TYPE_CHECKING:
    from wonderland.sim.job import SimJob

ENGINES = ("plain", "fast")
FAST_GAMES = ("parade", "wonderdice")


def check_fast_job(job: SimJob, keep_records: bool = False) -> None:
    """ConfigError unless a compiled engine can play ``job`` (numba installed included)."""
    if job.game == "parade":
        parade_fast.check_fast_job(job, keep_records)
    elif job.game == "wonderdice":
        wonderdice_fast.check_fast_job(job, keep_records)
    else:
        raise ConfigError(
            f"--engine fast plays {' and '.join(FAST_GAMES)} only, not {job.game}; "
            "use --engine plain (the default)"
        )


def play_fast(job: SimJob, start: int, stop: int) -> Columns:
    """Games ``start .. stop - 1`` of ``job`` on its game's compiled engine, as columns."""
    if job.game == "wonderdice":
        return wonderdice_fast.play_fast(job, start, stop)
    return parade_fast.play_fast(job, start, stop)


def tally_fast(job: SimJob, start: int, stop: int) -> ChunkTally:
    """Games ``start .. stop - 1`` of ``job`` on its game's compiled engine, as tallies."""
    if job.game == "wonderdice":
        return wonderdice_fast.tally_fast(job, start, stop)
    return parade_fast.tally_fast(job, start, stop)


def chunk_limits(game: str) -> tuple[int, int]:
    """The largest automatic chunks of a fast run of ``game``: returning rows, tallies."""
    if game == "wonderdice":
        return wonderdice_fast.FAST_CHUNK, wonderdice_fast.TALLY_CHUNK
    return parade_fast.FAST_CHUNK, parade_fast.TALLY_CHUNK
