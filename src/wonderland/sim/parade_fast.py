"""``simulate parade --engine fast``: chunks of games played by Parade's compiled engine.

The compiled engine (``games/parade/fast``, extra ``wonderland[fast]``) plays whole games of
the ``random`` and ``greedy`` bots in one call and returns arrays; this module checks that a
job can run on it and turns a chunk's arrays into the same :class:`GameResult` rows as the
plain engine's.  Game ``i`` draws from its own key, ``game_key(seed, i)``, which is stored as
the game's seed; the games differ from the plain engine's games of the same seed, but are
the same whatever the workers, chunks or backend.
"""

from __future__ import annotations

from array import array
from typing import TYPE_CHECKING, Any

from wonderland.core import ConfigError
from wonderland.games.parade.fast import INSTALL_HINT, POLICY_NAMES, numba_available
from wonderland.games.parade.variants import ParadeRules
from wonderland.sim.columns import Columns

if TYPE_CHECKING:
    from wonderland.sim.job import SimJob

ENGINES = ("plain", "fast")
FAST_GAMES = ("parade",)
FAST_CHUNK = 10_000
"""The largest automatic chunk of a fast run (well under a second of compiled play)."""


def check_fast_job(job: SimJob, keep_records: bool = False) -> None:
    """ConfigError unless the fast engine can play ``job`` (and numba is installed)."""
    game, bots, content = job.game, job.bots, job.config.content
    if game not in FAST_GAMES:
        raise ConfigError(
            f"--engine fast plays {', '.join(FAST_GAMES)} only, not {game}; "
            "use --engine plain (the default)"
        )
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


def play_fast(job: SimJob, start: int, stop: int) -> Columns:
    """Games ``start .. stop - 1`` of ``job``, played by the compiled engine, as columns."""
    from wonderland.games.parade.fast.runner import play_games  # numba only when used

    n = job.config.num_players
    rules = ParadeRules.from_variants(job.config.variants)
    batch = play_games(rules, job.bots, job.seed, start, stop, job.rotate)
    won = batch.won.astype(float)
    shares = won / won.sum(axis=1, keepdims=True)
    turns = _doubles(batch.turns)
    return Columns(
        start=start,
        bots=job.bots,
        rotate=job.rotate,
        seeds=array("q", batch.keys.astype("int64").tobytes()),
        scores=tuple(_doubles(batch.scores[:, p]) for p in range(n)),
        returns=tuple(_doubles(shares[:, p]) for p in range(n)),
        length=turns,
        stats={
            "turns": turns,
            "ended_by_six_colours": _doubles(batch.six_colours),
            "cards_collected_per_seat": _doubles(batch.cards / n),
        },
    )


def _doubles(values: Any) -> array[float]:
    """A numpy column as a flat ``array('d')``."""
    return array("d", values.astype("float64").tobytes())
