"""A ladder's results file: every game saved the moment it ends, so a long ladder survives an
interruption and can be resumed, or lengthened with a larger ``--games``.

The file holds JSON lines.  The first names the ladder (game and its rules version, players,
variants, content, seed, entrants and what each of them plays); each further line is one
finished game: its place in the schedule and its result.  A file is only ever appended to.  A
last line cut short by an interruption (it has no line end) is the one thing set aside: its
game is played again.
"""

from __future__ import annotations

import json
import os
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from wonderland.bots.levels import level_definition
from wonderland.core import ConfigError, GameConfig, get_game
from wonderland.sim.ladder import in_schedule
from wonderland.sim.runner import GameResult

FORMAT = "wonderland-ladder/2"
OLD_FORMATS = {"wonderland-ladder/1": "what each entrant plays"}
"""Earlier formats, and what their header lacks."""


@dataclass(frozen=True, slots=True)
class LadderSettings:
    """What makes two ladder runs the same schedule of the same games."""

    game: str
    version: str
    config: GameConfig
    seed: int
    entrants: tuple[str, ...]
    plays: tuple[str, ...]
    """Each entrant's definition (its bot, or its search and budget)."""

    @classmethod
    def of(
        cls, game_id: str, config: GameConfig, seed: int, entrants: Sequence[str]
    ) -> LadderSettings:
        """The settings of a ladder of ``game_id`` (its rules version and what each entrant
        plays included)."""
        version = str(get_game(game_id).spec.version)
        plays = tuple(level_definition(name, game_id, config.num_players) for name in entrants)
        return cls(game_id, version, config, seed, tuple(entrants), plays)

    def to_json(self) -> dict[str, Any]:
        """The header line's fields."""
        return {
            "format": FORMAT,
            "game": self.game,
            "version": self.version,
            **self.config.to_json(),
            "seed": self.seed,
            "entrants": list(self.entrants),
            "plays": list(self.plays),
        }


def result_to_json(index: int, result: GameResult) -> dict[str, Any]:
    """One game's line (its record, if any, is not kept)."""
    return {
        "index": index,
        "seed": result.seed,
        "bots": list(result.bots),
        "scores": list(result.scores),
        "returns": list(result.returns),
        "winners": list(result.winners),
        "length": result.length,
        "labels": list(result.labels),
        "stats": dict(result.stats),
        "thinking": [list(seat) for seat in result.thinking],
    }


def result_from_json(data: Mapping[str, Any]) -> tuple[int, GameResult]:
    """The game index and result of one line; KeyError, TypeError or ValueError if damaged."""
    result = GameResult(
        seed=int(data["seed"]),
        bots=tuple(str(bot) for bot in data["bots"]),
        scores=tuple(float(score) for score in data["scores"]),
        returns=tuple(float(value) for value in data["returns"]),
        winners=tuple(int(seat) for seat in data["winners"]),
        length=float(data["length"]),
        labels=tuple(str(label) for label in data["labels"]),
        stats={str(key): float(value) for key, value in dict(data["stats"]).items()},
        thinking=tuple(
            (int(searches), float(seconds), int(iterations))
            for searches, seconds, iterations in data.get("thinking", [])
        ),
    )
    return int(data["index"]), result


class LadderLog:
    """The results file of one ladder: the games it already holds, and a way to add more."""

    def __init__(self, path: Path, settings: LadderSettings) -> None:
        """Open ``path`` (created with its header when missing).  ConfigError, leaving the file
        as it is, when it is not a results file, belongs to another ladder or is damaged."""
        self.path = path
        self.settings = settings
        self.games: dict[int, GameResult] = {}
        self.set_aside = 0
        """Bytes of an unfinished last line, left out (and overwritten by the next game)."""
        if path.is_dir():
            raise ConfigError(f"--results {path}: is a folder, not a file")
        if path.exists():
            self._read()
        elif not path.parent.is_dir():
            raise ConfigError(f"--results {path}: the folder {path.parent} does not exist")

    def _read(self) -> None:
        try:
            data = self.path.read_bytes()
        except OSError as err:
            raise ConfigError(f"--results {self.path}: cannot read it ({err.strerror})") from None
        lines = data.split(b"\n")
        if lines[-1]:  # no line end: cut short while it was written
            self.set_aside = len(lines[-1])
        lines.pop()
        if not lines:
            if self.set_aside:
                raise ConfigError(f"--results {self.path}: not a ladder results file")
            return
        self._check_header(lines[0])
        for number, line in enumerate(lines[1:], start=2):
            try:
                index, result = result_from_json(json.loads(line))
            except (ValueError, KeyError, TypeError, AttributeError):
                raise ConfigError(
                    f"--results {self.path}, line {number}: not a game result; "
                    "the file is damaged (nothing was changed)"
                ) from None
            if index in self.games:
                raise ConfigError(f"--results {self.path}, line {number}: game {index} twice")
            settings = self.settings
            players = settings.config.num_players
            if not in_schedule(settings.entrants, players, settings.seed, index, result):
                raise ConfigError(
                    f"--results {self.path}, line {number}: game {index} is not the game this "
                    "ladder's schedule plays there"
                )
            self.games[index] = result

    def _check_header(self, line: bytes) -> None:
        try:
            header = json.loads(line)
        except ValueError:
            header = None
        if isinstance(header, dict) and header.get("format") in OLD_FORMATS:
            lacks = OLD_FORMATS[header["format"]]
            raise ConfigError(
                f"--results {self.path}: an older ladder file ({header['format']}) that does "
                f"not record {lacks}; resume it with the version that wrote it, or start "
                "another file"
            )
        if not isinstance(header, dict) or header.get("format") != FORMAT:
            raise ConfigError(f"--results {self.path}: not a ladder results file")
        expected = self.settings.to_json()
        differences = [key for key in expected if header.get(key) != expected[key]]
        if differences:
            shown = ", ".join(f"{key} {header.get(key)!r}" for key in differences)
            raise ConfigError(
                f"--results {self.path} holds another ladder ({shown}); "
                "use the same settings to resume it, or another file"
            )

    def append(self, index: int, result: GameResult) -> None:
        """Save one finished game (to disk before returning)."""
        mode = "r+b" if self.path.exists() else "wb"
        with self.path.open(mode) as file:
            file.seek(0, os.SEEK_END)
            if self.set_aside:
                file.seek(-self.set_aside, os.SEEK_END)
                file.truncate()
                self.set_aside = 0
            if file.tell() == 0:
                file.write(_line(self.settings.to_json()))
            file.write(_line(result_to_json(index, result)))
            file.flush()
            os.fsync(file.fileno())
        self.games[index] = result


def _line(data: Mapping[str, Any]) -> bytes:
    return (json.dumps(data, separators=(",", ":")) + "\n").encode()
