"""``simulate wonderdice --engine fast``: chunks of games played by Wonderdice's compiled
discrete-event simulation.

The compiled engine (``games/wonderdice/fast``, extra ``wonderland[fast]``) plays whole
simulated games of the ``random`` and ``greedy`` bots -- with their speed options, every
rule variant and the content's abilities -- and returns arrays; this module checks that a job
can run on it and turns a chunk's arrays into the figures of the plain simulation
(``sim/wonderdice.py``): win shares by seat, bot and character, round wins as scores, rolls as
the length, and the same per-game statistics.  Game ``i`` draws from ``game_key(seed, i)``,
stored as the game's seed.  Without per-game output a chunk leaves its worker as tallies of
the figures that take few values and as plain values of the times and ratios.
"""

from __future__ import annotations

import dataclasses
from array import array
from typing import TYPE_CHECKING

from wonderland.core import ConfigError
from wonderland.games.wonderdice.content import load_content
from wonderland.games.wonderdice.fast import INSTALL_HINT, POLICY_NAMES, numba_available
from wonderland.games.wonderdice.game import GAME
from wonderland.games.wonderdice.realtime import Timing
from wonderland.games.wonderdice.simulation import parse_spec
from wonderland.games.wonderdice.variants import VARIANTS, RuleFlags
from wonderland.sim.columns import Columns
from wonderland.sim.tally import (
    ChunkTally,
    Tally,
    add_counts,
    float_column,
    tally_of_counts,
    tally_of_shares,
    win_share_tallies,
)

if TYPE_CHECKING:
    import numpy as np

    from wonderland.games.wonderdice.fast.batch import Batch, Setup
    from wonderland.sim.job import SimJob

FAST_CHUNK = 2_000
"""The largest automatic chunk of a fast Wonderdice run that returns rows."""
TALLY_CHUNK = 5_000
"""The largest automatic chunk of a fast Wonderdice run that returns tallies (a second or
two of one core)."""
MAX_CHARACTERS = 16
VALUE_FIGURES = (
    "rolls_per_round",
    "round_seconds",
    "blocks_per_round",
    "round_win_share_admiring_side",
    "game_seconds",
)
"""Figures with too many distinct values to tally: they travel as values."""


def check_fast_job(job: SimJob, keep_records: bool = False) -> None:
    """ConfigError unless the compiled Wonderdice engine can play ``job`` (numba included)."""
    for spec in job.bots:
        name, _ = parse_spec(spec)
        if name not in POLICY_NAMES:
            raise ConfigError(
                f"--engine fast plays the {' and '.join(POLICY_NAMES)} bots only (with their "
                f"speed options), not {name!r}; use --engine plain for the other bots"
            )
    if keep_records:
        raise ConfigError("--engine fast keeps no game records; use --engine plain with --record")
    content = load_content(job.config.content)
    if len(content.characters) > MAX_CHARACTERS:
        raise ConfigError(
            f"--engine fast plays content of at most {MAX_CHARACTERS} characters, not "
            f"{len(content.characters)}; use --engine plain"
        )
    if not numba_available():
        raise ConfigError(INSTALL_HINT)
    VARIANTS.resolve(job.config.variants)


def play_fast(job: SimJob, start: int, stop: int) -> Columns:
    """Games ``start .. stop - 1`` of ``job``, played by the compiled engine, as columns."""
    import numpy as np

    n = job.config.num_players
    batch = _play_batch(job, start, stop)
    shares = _shares(batch)
    figures = _figures(job, batch)
    names = tuple(ch.id for ch in load_content(job.config.content).characters)
    return Columns(
        start=start,
        bots=job.bots,
        rotate=job.rotate,
        seeds=array("q", batch.keys.astype(np.int64).tobytes()),
        scores=tuple(float_column(batch.seats[:, p, 0]) for p in range(n)),
        returns=tuple(float_column(shares[:, p]) for p in range(n)),
        length=float_column(batch.figures[:, 0]),
        stats={name: float_column(values) for name, values in figures.items()},
        label_names=names,
        labels=tuple(array("q", batch.seats[:, p, 1].astype(np.int64).tobytes()) for p in range(n)),
    )


def tally_fast(job: SimJob, start: int, stop: int) -> ChunkTally:
    """Games ``start .. stop - 1`` of ``job`` as tallies (and values for the figures with
    many distinct values): the figures of :func:`play_fast`'s columns."""
    import numpy as np

    n = job.config.num_players
    batch = _play_batch(job, start, stop)
    won = _won(batch)
    winners = won.sum(axis=1)
    ways = won * winners[:, None]  # k: a win shared k ways; 0: none
    by_seat, by_bot = win_share_tallies(ways, job.bots, job.rotate, start)
    names = [ch.id for ch in load_content(job.config.content).characters]
    by_label: dict[str, Tally] = {}
    for p in range(n):
        chars = batch.seats[:, p, 1]
        for c in np.unique(chars):
            add_counts(
                by_label.setdefault(names[c], {}), tally_of_shares(np.bincount(ways[chars == c, p]))
            )
    stats: dict[str, Tally] = {}
    values: dict[str, array[float]] = {}
    for name, column in _figures(job, batch).items():
        present = column[~np.isnan(column)]
        if name in VALUE_FIGURES:
            values[name] = float_column(present)
        else:
            uniq, counts = np.unique(present, return_counts=True)
            stats[name] = {float(v): int(k) for v, k in zip(uniq, counts, strict=True)}
    return ChunkTally(
        games=stop - start,
        by_seat=by_seat,
        scores=tuple(tally_of_counts(np.bincount(batch.seats[:, p, 0])) for p in range(n)),
        by_bot=by_bot,
        length=tally_of_counts(np.bincount(batch.figures[:, 0])),
        stats=stats,
        by_label=by_label,
        values=values,
    )


def setup(job: SimJob) -> Setup:
    """The compiled engine's inputs for ``job``: rules, powers, policies, speed options."""
    import numpy as np

    from wonderland.compiled.policies import policy_ids
    from wonderland.games.wonderdice.fast.batch import Setup
    from wonderland.games.wonderdice.fast.layout import Rules, powers_table, rules_array
    from wonderland.games.wonderdice.fast.policies import POLICIES

    flags = RuleFlags.from_variants(VARIANTS.resolve(job.config.variants))
    timing = dataclasses.asdict(Timing.from_config(job.config))
    content = load_content(job.config.content)
    parsed = [parse_spec(spec) for spec in job.bots]
    speed = np.array(
        [
            [sp.factor or 0.0 for _, sp in parsed],
            [sp.skill for _, sp in parsed],
            [float(sp.latency_ms) for _, sp in parsed],
        ]
    )
    return Setup(
        rules=Rules(rules_array(flags, timing, len(content.characters)), powers_table(content)),
        policies=policy_ids([name for name, _ in parsed], POLICIES),
        speed=speed,
    )


def _play_batch(job: SimJob, start: int, stop: int) -> Batch:
    from wonderland.games.wonderdice.fast.batch import play_games  # numba only when used

    GAME.make_config(job.config.num_players, job.config.variants, job.config.content)
    return play_games(setup(job), job.seed, start, stop, job.rotate)


def _won(batch: Batch) -> np.ndarray:
    """int64[games, n]: 1 for each winner."""
    import numpy as np

    from wonderland.games.wonderdice.fast.batch import G_WINNERS

    n = batch.seats.shape[1]
    masks = batch.figures[:, G_WINNERS]
    won: np.ndarray = (masks[:, None] >> np.arange(n)[None, :]) & 1
    return won


def _shares(batch: Batch) -> np.ndarray:
    """float64[games, n]: each seat's share of the win."""
    won = _won(batch).astype(float)
    shares: np.ndarray = won / won.sum(axis=1, keepdims=True)
    return shares


def _figures(job: SimJob, batch: Batch) -> dict[str, np.ndarray]:
    """Every per-game statistic of ``simulate_one``, NaN where a game has none."""
    import numpy as np

    from wonderland.games.wonderdice.fast import batch as batch_columns
    from wonderland.games.wonderdice.fast.layout import END_D33, END_E3

    g, t = batch.figures, batch.times
    rounds = g[:, batch_columns.G_ROUNDS].astype(float)
    per = np.maximum(rounds, 1.0)
    rolls = g[:, batch_columns.G_ROLLS].astype(float)
    counted = t[:, batch_columns.F_ROUND_COUNT]
    round_seconds = np.where(
        counted > 0,
        t[:, batch_columns.F_ROUND_MS] / np.maximum(counted, 1.0) / 1000,
        g[:, batch_columns.G_ROUND_MS] / per / 1000,
    )
    admiring = g[:, batch_columns.G_ADMIRING_WINS].astype(float)
    mad = g[:, batch_columns.G_MAD_WINS].astype(float)
    both = admiring + mad
    out: dict[str, np.ndarray] = {
        "rounds": rounds,
        "rolls": rolls,
        "rolls_per_round": rolls / per,
        "round_seconds": round_seconds,
        "blocks_per_round": g[:, batch_columns.G_BLOCKS] / per,
        "cancels_per_game": g[:, batch_columns.G_CANCELS].astype(float),
        "take_backs_per_game": g[:, batch_columns.G_TAKE_BACKS].astype(float),
        "abandoned": (g[:, batch_columns.G_END] == END_E3).astype(float),
        "round_win_share_admiring_side": np.where(both > 0, admiring / np.maximum(both, 1), np.nan),
    }
    names = [ch.id for ch in load_content(job.config.content).characters]
    for c, name in enumerate(names):
        dealt = (batch.seats[:, :, 1] == c).any(axis=1)
        for side, word in ((2, "admiring"), (3, "mad")):
            wins = (batch.seats[:, :, side] * (batch.seats[:, :, 1] == c)).max(axis=1)
            out[f"round_wins_{name}_{word}"] = np.where(dealt, wins, np.nan)
    if VARIANTS.resolve(job.config.variants)["opt_jabberwocky"]:
        jabber = g[:, batch_columns.G_JABBER]
        out["jabberwocky_appeared"] = (jabber >= 0).astype(float)
        alone = g[:, batch_columns.G_WINNERS] == (1 << np.maximum(jabber, 0))
        out["jabberwocky_won"] = (
            (g[:, batch_columns.G_END] == END_D33) & (jabber >= 0) & alone
        ).astype(float)
    out["game_seconds"] = t[:, batch_columns.F_GAME_MS] / 1000
    out["stale_actions_per_game"] = g[:, batch_columns.G_STALE].astype(float)
    fastest = batch.factors.argmin(axis=1)
    slowest = batch.factors.argmax(axis=1)
    shares = _shares(batch)
    rows = np.arange(len(fastest))
    differ = fastest != slowest
    out["win_fastest_seat"] = np.where(differ, shares[rows, fastest], np.nan)
    out["win_slowest_seat"] = np.where(differ, shares[rows, slowest], np.nan)
    return out
