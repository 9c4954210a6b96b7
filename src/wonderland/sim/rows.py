"""One Parquet row per game: the columns, and the conversion from and to :class:`GameResult`.

Columns (per-seat values are lists in seat order):

=================  ==========================================================================
``game_index``     the game's index in its run (``0 .. games - 1``)
``seed``           the game's own seed, ``derive_seed(run seed, game_index)``
``game``           game id; ``rules_version`` the rules it was played with
``num_players``    player count; ``config`` and ``variants`` the configuration as JSON text
``bots``           the bot of each seat
``score``          each seat's own score in the game
``win_share``      1 shared among the winners (``1/k`` each for ``k`` winners), else 0
``rank``           1 for the winners, then by score (see :func:`ranks`)
``winners``        the winning seats
``labels``         each seat's character or faction (empty list when the game has none)
``length``         the game's length as its runner counts it (turns; rolls in Wonderdice)
``stat_<name>``    each game-specific figure; null where a game did not report it
=================  ==========================================================================
"""

from __future__ import annotations

import json
from collections.abc import Iterator, Sequence
from typing import Any

from wonderland.sim.deps import require_pyarrow
from wonderland.sim.job import Chunk, SimJob
from wonderland.sim.runner import GameResult

STAT_PREFIX = "stat_"


def ranks(scores: Sequence[float], winners: Sequence[int]) -> tuple[int, ...]:
    """Per seat: 1 for every winner, then the others ranked by score (ties share a rank).

    Whether a low or a high score is better is read from the game itself: lower when the
    winners scored less on average than the others.

    >>> ranks([12.0, 30.0, 12.0, 20.0], [0])  # lowest score wins, tie-break chose seat 0
    (1, 4, 2, 3)
    >>> ranks([5.0, 9.0, 9.0], [1, 2])
    (3, 1, 1)
    """
    n = len(scores)
    winning = set(winners)
    others = [s for s in range(n) if s not in winning]
    if not others or not winning:  # everyone won, or nobody did
        return (1,) * n
    mean_win = sum(scores[s] for s in winning) / len(winning)
    mean_rest = sum(scores[s] for s in others) / len(others)
    sign = -1.0 if mean_win < mean_rest else 1.0
    result = [1] * n
    for seat in others:
        better = sum(1 for o in others if sign * scores[o] > sign * scores[seat])
        result[seat] = len(winning) + 1 + better
    return tuple(result)


def schema_fields() -> list[Any]:
    """The fixed columns (the ``stat_*`` columns follow, sorted by name)."""
    pa = require_pyarrow()
    return [
        pa.field("game_index", pa.int64(), nullable=False),
        pa.field("seed", pa.int64(), nullable=False),
        pa.field("game", pa.string(), nullable=False),
        pa.field("rules_version", pa.int32(), nullable=False),
        pa.field("num_players", pa.int16(), nullable=False),
        pa.field("config", pa.string(), nullable=False),
        pa.field("variants", pa.string(), nullable=False),
        pa.field("bots", pa.list_(pa.string()), nullable=False),
        pa.field("score", pa.list_(pa.float64()), nullable=False),
        pa.field("win_share", pa.list_(pa.float64()), nullable=False),
        pa.field("rank", pa.list_(pa.int16()), nullable=False),
        pa.field("winners", pa.list_(pa.int16()), nullable=False),
        pa.field("labels", pa.list_(pa.string()), nullable=False),
        pa.field("length", pa.float64(), nullable=False),
    ]


def chunk_table(job: SimJob, chunk: Chunk, rules_version: int) -> Any:
    """The chunk's games as a ``pyarrow.Table`` (one row per game, index order)."""
    pa = require_pyarrow()
    results = chunk.rows()
    count = len(results)
    config = json.dumps(job.config.to_json(), sort_keys=True)
    variants = json.dumps(dict(job.config.variants), sort_keys=True)
    columns: dict[str, list[Any]] = {
        "game_index": list(range(chunk.start, chunk.stop)),
        "seed": [r.seed for r in results],
        "game": [job.game] * count,
        "rules_version": [rules_version] * count,
        "num_players": [job.config.num_players] * count,
        "config": [config] * count,
        "variants": [variants] * count,
        "bots": [list(r.bots) for r in results],
        "score": [list(r.scores) for r in results],
        "win_share": [list(r.returns) for r in results],
        "rank": [list(ranks(r.scores, r.winners)) for r in results],
        "winners": [list(r.winners) for r in results],
        "labels": [list(r.labels) for r in results],
        "length": [r.length for r in results],
    }
    fields = schema_fields()
    for key in sorted({k for r in results for k in r.stats}):
        columns[STAT_PREFIX + key] = [r.stats.get(key) for r in results]
        fields.append(pa.field(STAT_PREFIX + key, pa.float64()))
    return pa.table(columns, schema=pa.schema(fields))


def table_results(table: Any) -> Iterator[GameResult]:
    """The games of a table written by :func:`chunk_table`, as results (without records)."""
    stat_columns = [name for name in table.column_names if name.startswith(STAT_PREFIX)]
    data = table.to_pydict()
    for i in range(table.num_rows):
        stats = {
            name[len(STAT_PREFIX) :]: value
            for name in stat_columns
            if (value := data[name][i]) is not None
        }
        yield GameResult(
            seed=data["seed"][i],
            bots=tuple(data["bots"][i]),
            scores=tuple(data["score"][i]),
            returns=tuple(data["win_share"][i]),
            winners=tuple(data["winners"][i]),
            length=data["length"][i],
            labels=tuple(data["labels"][i]),
            stats=stats,
        )
