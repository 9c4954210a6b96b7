"""Played games as a dataset: one row per decision, written as Parquet parts.

Each row is one decision of one seat: the game and table, the seat and the step, the seat's
observation (the encoding of the learning environments, so only what the seat saw), the mask
of its legal actions, the action it took, its final reward (the game's returns: 1 shared
among the winners), who decided (a person or a bot, and which), the variants and the table's
time control.  Names are written only when asked for.

The output is a folder of ``part-00000.parquet`` files and a ``_manifest.json`` that lists the
tables already written; an export that stops (Ctrl-C, a crash) carries on where it stopped
when it is run again with the same options.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import numpy as np

from wonderland.core import CHANCE, ConfigError, RecordError
from wonderland.research.played import PlayedGame
from wonderland.rl.encoders import GameEncoder, action_mask
from wonderland.rl.versions import learning_game
from wonderland.sim.deps import require_parquet, require_pyarrow

pa = require_pyarrow()  # a ConfigError naming the extra when Arrow is missing
pq = require_parquet()

MANIFEST = "_manifest.json"
"""Its leading underscore keeps it out of what Arrow, pandas and polars read as the dataset."""
PART = "part-{:05d}.parquet"
GAMES_PER_PART = 200
"""Games per Parquet file (a part is written whole, so a stop loses at most one part)."""

SCHEMA = pa.schema(
    [
        ("game", pa.string()),
        ("table", pa.string()),
        ("seat", pa.int8()),
        ("step", pa.int32()),
        ("num_players", pa.int8()),
        ("observation", pa.list_(pa.float32())),
        ("action_mask", pa.list_(pa.int8())),
        ("action", pa.int64()),
        ("reward", pa.float32()),
        ("player", pa.string()),
        ("bot", pa.string()),
        ("variants", pa.string()),
        ("time_control", pa.string()),
        ("name", pa.string()),
    ]
)
"""The columns; ``player`` is ``person``, ``bot`` or ``unknown``; ``bot`` the bot's name (its
level); ``variants`` and ``time_control`` are JSON; ``name`` is null without ``--with-names``."""


WRITE_OPTIONS: dict[str, Any] = {
    "compression": "zstd",
    "use_dictionary": ["game", "table", "player", "bot", "variants", "time_control", "name"],
    "write_statistics": ["game", "table", "seat", "step", "action", "reward"],
}
"""Dictionaries and statistics for the small columns only: on the observation vectors they
cost most of the writing time and save nothing (zstd compresses their zeros)."""


def decision_rows(
    played: PlayedGame, encoders: dict[tuple[str, int], GameEncoder]
) -> dict[str, list[Any]]:
    """The game's decisions as columns (see :data:`SCHEMA`), checked step by step against
    the rules: RecordError for a step the rules refuse."""
    game = learning_game(played.game)
    config = played.config
    key = (played.game, config.num_players)
    encoder = encoders.get(key) or encoders.setdefault(key, GameEncoder(played.game, config))
    state = game.initial_state(config)
    columns: dict[str, list[Any]] = {name: [] for name in SCHEMA.names}
    variants = json.dumps(dict(config.variants), sort_keys=True)
    control = None if played.time_control is None else json.dumps(played.time_control)
    seats: list[int] = []
    for step, ((actor, action), players) in enumerate(
        zip(played.steps, played.players, strict=True)
    ):
        if actor != CHANCE:
            legal = game.legal_actions(state, actor)
            if action not in legal:
                raise RecordError(
                    f"table {played.table}: step {step + 1} ({actor=}, {action=}) is not legal"
                )
            player = players[actor]
            seats.append(actor)
            columns["step"].append(step)
            columns["observation"].append(encoder.state_observation(state, actor))
            columns["action_mask"].append(action_mask(encoder.num_actions, legal))
            columns["action"].append(action)
            columns["player"].append(player.kind)
            columns["bot"].append(player.bot)
            columns["name"].append(player.name)
        game.apply_in_place(state, actor, action)
    if not game.is_terminal(state):
        raise RecordError(f"table {played.table}: the stored steps do not finish the game")
    returns = game.returns(state)
    n = len(seats)
    columns.update(
        game=[played.game] * n,
        table=[played.table] * n,
        seat=seats,
        num_players=[config.num_players] * n,
        reward=[returns[s] for s in seats],
        variants=[variants] * n,
        time_control=[control] * n,
    )
    return columns


def table(columns: dict[str, list[Any]]) -> Any:
    """Columns as an Arrow table of :data:`SCHEMA` (observations as float32 lists)."""
    arrays = dict(columns)
    arrays["observation"] = _list_array(arrays["observation"], pa.float32(), np.float32)
    arrays["action_mask"] = _list_array(arrays["action_mask"], pa.int8(), np.int8)
    return pa.table(
        [
            arrays[f.name]
            if isinstance(arrays[f.name], pa.Array)
            else pa.array(arrays[f.name], f.type)
            for f in SCHEMA
        ],
        schema=SCHEMA,
    )


def _list_array(rows: list[Any], kind: Any, dtype: Any) -> Any:
    """Rows of numpy vectors as one Arrow list array (without a Python list per number)."""
    lengths = np.fromiter((len(r) for r in rows), np.int32, len(rows))
    offsets = np.concatenate([[0], np.cumsum(lengths, dtype=np.int32)]).astype(np.int32)
    values = np.concatenate(rows).astype(dtype) if rows else np.zeros(0, dtype)
    return pa.ListArray.from_arrays(pa.array(offsets), pa.array(values, kind))


@dataclass
class Manifest:
    """What an export has written so far, and with which options."""

    options: dict[str, Any]
    tables: list[str] = field(default_factory=list)
    parts: int = 0
    rows: int = 0

    @classmethod
    def open(cls, folder: Path, options: dict[str, Any]) -> Manifest:
        """The manifest of ``folder`` (a new one if there is none); ConfigError if the folder
        holds an export made with other options."""
        path = folder / MANIFEST
        if not path.exists():
            if any(folder.glob("part-*.parquet")):
                raise ConfigError(
                    f"{folder} holds Parquet parts but no {MANIFEST}: choose an empty folder"
                )
            return cls(options)
        try:
            data = json.loads(path.read_text(encoding="utf-8"))
            manifest = cls(
                data["options"], list(data["tables"]), int(data["parts"]), int(data["rows"])
            )
        except (OSError, ValueError, KeyError, TypeError) as err:
            raise ConfigError(f"{path} is not an export's manifest ({err})") from None
        if manifest.options != options:
            raise ConfigError(
                f"{folder} holds an export made with other options ({manifest.options}); "
                "choose another folder to export with these"
            )
        return manifest

    def save(self, folder: Path) -> None:
        """Write the manifest (atomically)."""
        data = {
            "options": self.options,
            "tables": self.tables,
            "parts": self.parts,
            "rows": self.rows,
        }
        tmp = folder / (MANIFEST + ".tmp")
        tmp.write_text(json.dumps(data, indent=1) + "\n", encoding="utf-8")
        tmp.replace(folder / MANIFEST)


def write(
    games: Iterable[PlayedGame],
    folder: Path,
    manifest: Manifest,
    advance: Callable[[int], None] = lambda _: None,
    games_per_part: int = GAMES_PER_PART,
) -> Manifest:
    """Write ``games`` into Parquet parts in ``folder``, recording each part in the manifest
    once it is written; ``advance(n)`` counts games done."""
    encoders: dict[tuple[str, int], GameEncoder] = {}
    for batch in _batches(games, games_per_part):
        columns = [decision_rows(played, encoders) for played in batch]
        merged = {name: [v for c in columns for v in c[name]] for name in SCHEMA.names}
        part = folder / PART.format(manifest.parts)
        tmp = part.with_suffix(".tmp")
        pq.write_table(table(merged), tmp, **WRITE_OPTIONS)
        tmp.replace(part)
        manifest.parts += 1
        manifest.rows += len(merged["step"])
        manifest.tables.extend(played.table for played in batch)
        manifest.save(folder)
        advance(len(batch))
    return manifest


def _batches(games: Iterable[PlayedGame], size: int) -> Iterator[list[PlayedGame]]:
    batch: list[PlayedGame] = []
    for played in games:
        batch.append(played)
        if len(batch) == size:
            yield batch
            batch = []
    if batch:
        yield batch
