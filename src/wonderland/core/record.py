"""Game records: ``(game id, version, content hash, config, seed, actions)`` that replay exactly."""

from __future__ import annotations

import json
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Generic

from wonderland.core.errors import IllegalAction, RecordError, WonderlandError
from wonderland.core.game import Game, GameConfig, S

FORMAT = "wonderland-record/1"


@dataclass(frozen=True, slots=True)
class GameRecord:
    """Everything needed to replay a game: the actions include every chance outcome."""

    game: str
    version: int
    config: GameConfig
    seed: int | None
    actions: tuple[tuple[int, int], ...]
    content_hash: str | None = None
    players: tuple[str, ...] = field(default=())

    def to_json(self) -> dict[str, Any]:
        """A JSON-ready dict."""
        return {
            "format": FORMAT,
            "game": self.game,
            "version": self.version,
            "content_hash": self.content_hash,
            "config": self.config.to_json(),
            "seed": self.seed,
            "players": list(self.players),
            "actions": [list(pair) for pair in self.actions],
        }

    def dumps(self) -> str:
        """The record as JSON text."""
        return json.dumps(self.to_json(), indent=None, separators=(",", ":"))

    def save(self, path: Path) -> None:
        """Write the record to ``path`` (atomically: a temporary file, then a rename)."""
        path.parent.mkdir(parents=True, exist_ok=True)
        tmp = path.with_suffix(path.suffix + ".tmp")
        tmp.write_text(self.dumps() + "\n", encoding="utf-8")
        tmp.replace(path)

    @classmethod
    def from_json(cls, data: object) -> GameRecord:
        """Build a record from parsed JSON, with a clear RecordError for anything malformed."""
        if not isinstance(data, dict):
            raise RecordError("a game record must be a JSON object")
        if data.get("format") != FORMAT:
            raise RecordError(f"not a game record: 'format' must be {FORMAT!r}")
        try:
            config = data["config"]
            actions = tuple((int(a), int(b)) for a, b in data["actions"])
            return cls(
                game=str(data["game"]),
                version=int(data["version"]),
                config=GameConfig(
                    num_players=int(config["num_players"]),
                    variants=dict(config.get("variants") or {}),
                    content=config.get("content"),
                ),
                seed=None if data.get("seed") is None else int(data["seed"]),
                actions=actions,
                content_hash=data.get("content_hash"),
                players=tuple(str(p) for p in data.get("players") or ()),
            )
        except (KeyError, TypeError, ValueError) as err:
            raise RecordError(f"malformed game record: {type(err).__name__}: {err}") from None

    @classmethod
    def loads(cls, text: str) -> GameRecord:
        """Parse JSON text."""
        try:
            return cls.from_json(json.loads(text))
        except json.JSONDecodeError as err:
            raise RecordError(f"not valid JSON: {err}") from None

    @classmethod
    def load(cls, path: Path) -> GameRecord:
        """Read a record file."""
        try:
            text = path.read_text(encoding="utf-8")
        except OSError as err:
            raise RecordError(f"cannot read {path}: {err.strerror}") from None
        try:
            return cls.loads(text)
        except RecordError as err:
            raise RecordError(f"{path}: {err}") from None


@dataclass(frozen=True, slots=True)
class ReplayStep(Generic[S]):
    """One replayed step: who acted, what, and the state after it."""

    index: int
    actor: int
    action: int
    state: S


def replay(game: Game[S, Any], record: GameRecord) -> Iterator[ReplayStep[S]]:
    """Yield each step of ``record`` replayed on ``game``; RecordError if it does not fit."""
    if record.game != game.spec.id:
        raise RecordError(f"record is for {record.game!r}, not {game.spec.id!r}")
    if record.version != game.spec.version:
        raise RecordError(
            f"record was made with {game.spec.id} rules version {record.version}; "
            f"this program plays version {game.spec.version}"
        )
    try:
        config = game.make_config(
            record.config.num_players, record.config.variants, record.config.content
        )
    except WonderlandError as err:
        raise RecordError(f"record configuration rejected: {err}") from None
    state = game.initial_state(config)
    for index, (actor, action) in enumerate(record.actions):
        try:
            game.apply_in_place(state, actor, action)
        except IllegalAction as err:
            raise RecordError(f"step {index} does not replay: {err}") from None
        yield ReplayStep(index, actor, action, game.clone(state))


def final_state(game: Game[S, Any], record: GameRecord) -> S:
    """The state at the end of ``record`` (the initial state for an empty record)."""
    state = game.initial_state(
        game.make_config(record.config.num_players, record.config.variants, record.config.content)
    )
    for step in replay(game, record):
        state = step.state
    return state
