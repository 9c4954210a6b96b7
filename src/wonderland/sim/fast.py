"""``simulate --engine``: the compiled engines that games' plugins declare, and the choice
between them and the plain engine.

A game's fast engine is a module (:class:`FastEngine`) that checks a job, plays chunks of it
as rows or as tallies, and names its chunk sizes; a game without one is refused with a message
that says what to use.  ``--engine auto`` (the default, :func:`choose_engine`) takes the
compiled engine whenever it can play every job of a command, and the plain engine otherwise,
with the reason.
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from wonderland.core import ConfigError, capabilities, get_plugin, plugins
from wonderland.sim.columns import Columns
from wonderland.sim.tally import ChunkTally

if TYPE_CHECKING:
    from wonderland.sim.job import SimJob

ENGINES = ("plain", "fast")
"""The engines a job runs on."""
AUTO = "auto"
ENGINE_CHOICES = (AUTO, *ENGINES)
"""What ``--engine`` takes: ``auto`` picks one of :data:`ENGINES` for the job."""
FAST_BY_CHOICE = "compiled; --engine plain for the plain engine"


FastEngine = capabilities.FastEngine["SimJob", Columns, ChunkTally]
"""What a game's compiled simulation module provides (``core.capabilities.FastEngine``)."""


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
    return ref.load()


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


@dataclass(frozen=True, slots=True)
class EngineChoice:
    """The engine a command plays on, and why (shown in its summary)."""

    engine: str
    """One of :data:`ENGINES`."""
    reason: str

    def describe(self) -> str:
        """``fast (compiled; --engine plain for the plain engine)``."""
        return f"{self.engine} ({self.reason})"

    def apply(self, job: SimJob) -> SimJob:
        """``job`` on this engine."""
        return dataclasses.replace(job, engine=self.engine)


def choose_engine(
    jobs: Sequence[SimJob],
    asked: str,
    keep_records: bool = False,
    stored: EngineChoice | None = None,
) -> EngineChoice:
    """The engine for ``jobs`` (one command's jobs, all played on the same engine).

    ``plain`` and ``fast`` are taken as asked (a fast job the compiled engine cannot play is
    refused later, by ``batch.check_job``, with the reason).  ``auto`` takes the compiled
    engine when the game has one and it can play every job (its bots, content, variants, no
    records, numba installed), else the plain engine, with the compiled engine's refusal as
    the reason; but a run being resumed keeps ``stored``, the engine it was played on, so
    that it never mixes engines.
    """
    if asked not in ENGINE_CHOICES:
        raise ConfigError(f"unknown engine {asked!r}; choose from: {', '.join(ENGINE_CHOICES)}")
    if asked == "plain":
        return EngineChoice("plain", "--engine plain")
    if asked == "fast":
        return EngineChoice("fast", "compiled; --engine fast")
    fresh = _auto_engine(jobs, keep_records)
    return stored if stored is not None and stored.engine != fresh.engine else fresh


def _auto_engine(jobs: Sequence[SimJob], keep_records: bool) -> EngineChoice:
    """The compiled engine if it can play every job, else the plain engine and why."""
    for job in jobs:
        if get_plugin(job.game).fast_engine is None:
            return EngineChoice("plain", f"{job.game} has no compiled engine")
        try:
            check_fast_job(dataclasses.replace(job, engine="fast"), keep_records)
        except ConfigError as refusal:
            return EngineChoice("plain", _as_reason(str(refusal)))
    return EngineChoice("fast", FAST_BY_CHOICE)


def _as_reason(refusal: str) -> str:
    """A refusal of ``--engine fast`` said as the reason the plain engine runs instead.

    >>> _as_reason("--engine fast keeps no game records; use --engine plain with --record")
    'the compiled engine keeps no game records'
    """
    reason = re.sub(r"^--engine fast\b", "the compiled engine", refusal.strip())
    return reason.split("; ")[0].rstrip(".")
