"""Sweeps: one run per point of a grid of player counts and variant values, in one folder.

```
DIR/sweep.json                        the game, the axes and the points in order
DIR/<point>/...                       one run folder per point (see ``store``)
```
Every point uses the same run seed, so the points play the same sequence of game seeds and
differ only by their setting.
"""

from __future__ import annotations

import itertools
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from wonderland.core import ConfigError, RecordError
from wonderland.sim.store import read_json, write_json

FORMAT = "wonderland-sweep/1"
SWEEP_FILE = "sweep.json"
PLAYERS = "players"
_UNSAFE = re.compile(r"[^A-Za-z0-9_.=,+-]")


@dataclass(frozen=True, slots=True)
class SweepPoint:
    """One setting of the grid: its values along each axis, and its folder name."""

    values: tuple[tuple[str, str], ...]

    @property
    def name(self) -> str:
        """``players=4,two_player_plain_majority=true`` (``baseline`` for an empty grid)."""
        return ",".join(f"{axis}={value}" for axis, value in self.values) or "baseline"

    @property
    def folder(self) -> str:
        """The point's folder name inside the sweep folder."""
        return _UNSAFE.sub("_", self.name)

    def players(self, default: int | None) -> int | None:
        """The point's player count (``default`` when players is not an axis)."""
        for axis, value in self.values:
            if axis == PLAYERS:
                return int(value)
        return default

    def variants(self) -> dict[str, str]:
        """The point's variant values."""
        return {axis: value for axis, value in self.values if axis != PLAYERS}


def parse_axes(assignments: Sequence[str]) -> tuple[dict[str, str], dict[str, list[str]]]:
    """``NAME=A,B`` words -> (fixed variants, axes with two or more values).

    >>> parse_axes(["a=1,2", "b=x", "c"])
    ({'b': 'x', 'c': 'true'}, {'a': ['1', '2']})
    """
    fixed: dict[str, str] = {}
    axes: dict[str, list[str]] = {}
    for item in assignments:
        name, sep, text = item.partition("=")
        name = name.strip()
        if not name:
            raise ConfigError(f"variant {item!r}: expected NAME=VALUE or NAME=A,B,...")
        values = [v.strip() for v in text.split(",")] if sep else ["true"]
        if any(not v for v in values):
            raise ConfigError(f"variant {item!r}: empty value in the list")
        if len(set(values)) != len(values):
            raise ConfigError(f"variant {item!r}: a value is listed twice")
        if name in fixed or name in axes:
            raise ConfigError(f"variant {name!r} is given twice")
        if len(values) == 1:
            fixed[name] = values[0]
        else:
            axes[name] = values
    return fixed, axes


def grid(axes: Mapping[str, Sequence[str]]) -> list[SweepPoint]:
    """Every combination of the axes' values, the first axis varying slowest.

    >>> [p.name for p in grid({"players": ["2", "3"], "x": ["a", "b"]})]
    ['players=2,x=a', 'players=2,x=b', 'players=3,x=a', 'players=3,x=b']
    """
    names = list(axes)
    return [
        SweepPoint(tuple(zip(names, combo, strict=True)))
        for combo in itertools.product(*(axes[n] for n in names))
    ]


@dataclass(frozen=True, slots=True)
class Sweep:
    """A sweep folder's description."""

    path: Path
    game: str
    axes: dict[str, list[str]]
    points: tuple[SweepPoint, ...]

    def to_json(self) -> dict[str, Any]:
        """A JSON-ready dict."""
        return {
            "format": FORMAT,
            "game": self.game,
            "axes": self.axes,
            "points": [{"name": p.name, "folder": p.folder} for p in self.points],
        }

    def baseline(self, point: SweepPoint) -> SweepPoint:
        """The point ``point`` is compared with: the same player count, every variant axis at
        its first value (``point`` itself when it is one).

        >>> sweep = Sweep(Path("s"), "g", {"players": ["2", "3"], "x": ["a", "b"]}, ())
        >>> sweep.baseline(SweepPoint((("players", "3"), ("x", "b")))).name
        'players=3,x=a'
        """
        firsts = {axis: values[0] for axis, values in self.axes.items() if axis != PLAYERS}
        return SweepPoint(tuple((axis, firsts.get(axis, value)) for axis, value in point.values))

    def point_path(self, point: SweepPoint) -> Path:
        """The run folder of ``point``."""
        return self.path / point.folder

    def save(self) -> None:
        """Write ``sweep.json``; ConfigError if the folder holds another sweep or other files."""
        file = self.path / SWEEP_FILE
        if file.exists():
            if load_sweep(self.path).to_json() != self.to_json():
                raise ConfigError(
                    f"{self.path} holds another sweep; repeat its options to resume it, "
                    "or choose another --out"
                )
            return
        if self.path.exists() and any(self.path.iterdir()):
            raise ConfigError(f"{self.path} is not empty and holds no sweep; choose another")
        self.path.mkdir(parents=True, exist_ok=True)
        write_json(file, self.to_json())


def is_sweep_dir(path: Path) -> bool:
    """Whether ``path`` holds a sweep."""
    return (path / SWEEP_FILE).is_file()


def load_sweep(path: Path) -> Sweep:
    """The sweep stored in ``path``; RecordError otherwise."""
    data = read_json(path / SWEEP_FILE)
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise RecordError(f"{path / SWEEP_FILE} is not a sweep ({FORMAT})")
    try:
        axes = {str(k): [str(v) for v in vs] for k, vs in data["axes"].items()}
        return Sweep(path, str(data["game"]), axes, tuple(grid(axes)))
    except (KeyError, TypeError, AttributeError) as err:
        raise RecordError(f"{path / SWEEP_FILE} is malformed: {err}") from None
