"""``simulate parade --engine fast``: chunks of games played by Parade's compiled engine.

The compiled engine (``games/parade/fast``, extra ``wonderland[fast]``) plays whole games of
the ``random`` and ``greedy`` bots in one call and returns arrays; this module checks that a
job can run on it and turns a chunk's arrays into the same :class:`GameResult` rows as the
plain engine's.  Game ``i`` draws from its own key, ``game_key(seed, i)``, which is stored as
the game's seed; the games differ from the plain engine's games of the same seed, but are
the same whatever the workers, chunks or backend.  When no per-game output is asked for, a
chunk leaves its worker as tallies (:func:`tally_fast`), whatever its size.
"""

from __future__ import annotations

from array import array
from typing import TYPE_CHECKING

from wonderland.core import ConfigError
from wonderland.games.parade.fast import INSTALL_HINT, POLICY_NAMES, numba_available
from wonderland.games.parade.variants import ParadeRules
from wonderland.sim.columns import Columns
from wonderland.sim.tally import (
    ChunkTally,
    float_column,
    tally_of_counts,
    win_share_tallies,
)

if TYPE_CHECKING:
    from wonderland.games.parade.fast.runner import Batch
    from wonderland.sim.job import SimJob

FAST_CHUNK = 10_000
"""The largest automatic chunk of a fast run that returns rows (well under a second)."""
TALLY_CHUNK = 500_000
"""The largest automatic chunk of a fast run that returns tallies (about a second)."""


def check_fast_job(job: SimJob, keep_records: bool = False) -> None:
    """ConfigError unless the fast engine can play ``job`` (and numba is installed)."""
    bots, content = job.bots, job.config.content
    for name in bots:
        if name not in POLICY_NAMES:
            raise ConfigError(
                f"--engine fast plays the {' and '.join(POLICY_NAMES)} bots only, not "
                f"{name!r}; use --engine plain for the other bots"
            )
    if content is not None:
        raise ConfigError("--engine fast plays the standard cards only; drop --content")
    if keep_records:
        raise ConfigError("--engine fast keeps no game records; use --engine plain with --record")
    if not numba_available():
        raise ConfigError(INSTALL_HINT)
    ParadeRules.from_variants(job.config.variants)


def play_fast(job: SimJob, start: int, stop: int) -> Columns:
    """Games ``start .. stop - 1`` of ``job``, played by the compiled engine, as columns."""
    n = job.config.num_players
    batch = _play_batch(job, start, stop)
    won = batch.won.astype(float)
    shares = won / won.sum(axis=1, keepdims=True)
    turns = float_column(batch.turns)
    return Columns(
        start=start,
        bots=job.bots,
        rotate=job.rotate,
        seeds=array("q", batch.keys.astype("int64").tobytes()),
        scores=tuple(float_column(batch.scores[:, p]) for p in range(n)),
        returns=tuple(float_column(shares[:, p]) for p in range(n)),
        length=turns,
        stats={
            "turns": turns,
            "ended_by_six_colours": float_column(batch.six_colours),
            "cards_collected_per_seat": float_column(batch.cards / n),
        },
    )


def tally_fast(job: SimJob, start: int, stop: int) -> ChunkTally:
    """Games ``start .. stop - 1`` of ``job``, played by the compiled engine, as tallies (the
    same figures as :func:`play_fast`'s columns, counted by value)."""
    import numpy as np

    n = job.config.num_players
    batch = _play_batch(job, start, stop)
    winners = batch.won.sum(axis=1, dtype=np.int64)
    shares = batch.won.astype(np.int64) * winners[:, None]  # k: a win shared k ways; 0: none
    by_seat, by_bot = win_share_tallies(shares, job.bots, job.rotate, start)
    turns = tally_of_counts(np.bincount(batch.turns))
    cards = np.bincount(batch.cards)
    return ChunkTally(
        games=stop - start,
        by_seat=by_seat,
        scores=tuple(tally_of_counts(np.bincount(batch.scores[:, p])) for p in range(n)),
        by_bot=by_bot,
        length=turns,
        stats={
            "turns": dict(turns),
            "ended_by_six_colours": tally_of_counts(np.bincount(batch.six_colours)),
            "cards_collected_per_seat": {c / n: int(k) for c, k in enumerate(cards) if k},
        },
    )


def _play_batch(job: SimJob, start: int, stop: int) -> Batch:
    """The compiled engine's arrays for games ``start .. stop - 1`` of ``job``."""
    from wonderland.games.parade.fast.runner import play_games  # numba only when used

    rules = ParadeRules.from_variants(job.config.variants)
    return play_games(rules, job.bots, job.seed, start, stop, job.rotate)
