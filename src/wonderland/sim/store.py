"""A run's output folder: the job, its games as Parquet part files, and the summary.

```
DIR/run.json                                   the job: game, config, bots, seed, games
DIR/games/part-000000000-000000063.parquet     games 0..62, one row each (see ``rows``)
DIR/summary.json                               the summary of every game in DIR
```

Each part file holds one finished chunk of game indices.  It is written under a temporary
name and renamed when complete, so a run killed at any moment leaves only whole parts; a
later run with the same job skips the indices already there and plays the rest.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from wonderland import __version__
from wonderland.core import ConfigError, RecordError
from wonderland.sim.deps import require_parquet, require_pyarrow
from wonderland.sim.job import SimJob, missing_ranges
from wonderland.sim.rows import STAT_PREFIX, schema_fields, table_results
from wonderland.sim.runner import GameResult

FORMAT = "wonderland-sim/1"
RUN_FILE = "run.json"
SUMMARY_FILE = "summary.json"
GAMES_DIR = "games"
_PART = re.compile(r"part-(\d{9})-(\d{9})\.parquet")


def part_name(start: int, stop: int) -> str:
    """The file name of the part holding games ``start .. stop - 1``."""
    return f"part-{start:09d}-{stop:09d}.parquet"


def write_json(path: Path, data: object) -> None:
    """Write JSON atomically: a temporary file, then a rename."""
    tmp = path.with_name(f".{path.name}.tmp")
    tmp.write_text(json.dumps(data, indent=2) + "\n", encoding="utf-8")
    tmp.replace(path)


def read_json(path: Path) -> Any:
    """Parsed JSON of ``path``; RecordError naming the file otherwise."""
    try:
        return json.loads(path.read_text(encoding="utf-8"))
    except OSError as err:
        raise RecordError(f"cannot read {path}: {err.strerror}") from None
    except json.JSONDecodeError as err:
        raise RecordError(f"{path} is not valid JSON: {err}") from None


@dataclass(frozen=True, slots=True)
class RunDir:
    """An output folder holding (part of) one run."""

    path: Path
    job: SimJob
    rules_version: int

    # -- opening ----------------------------------------------------------------------------
    @classmethod
    def load(cls, path: Path) -> RunDir:
        """An existing run folder; RecordError when ``path`` holds none."""
        run_file = path / RUN_FILE
        if not run_file.is_file():
            raise RecordError(f"{path} holds no simulation run (no {RUN_FILE})")
        data = read_json(run_file)
        if not isinstance(data, dict) or data.get("format") != FORMAT:
            raise RecordError(f"{run_file} is not a simulation run ({FORMAT})")
        try:
            job = SimJob.from_json(data["job"])
            version = int(data["rules_version"])
        except (ConfigError, KeyError, TypeError, ValueError) as err:
            raise RecordError(f"{run_file} is malformed: {err}") from None
        return cls(path, job, version)

    @classmethod
    def open(cls, path: Path, job: SimJob, rules_version: int) -> RunDir:
        """The folder for ``job``: a new run, or the same run to resume or extend.

        Refuses, changing nothing, a folder that holds another run, a run of more games, or
        files that are not a run.
        """
        if (path / RUN_FILE).exists():
            existing = cls.load(path)
            _check_same_run(path, existing, job, rules_version)
            run = cls(path, job, rules_version)
            if job.games != existing.job.games:
                run._write_manifest()
            run._remove_temporary_files()
            return run
        if path.exists() and (not path.is_dir() or any(path.iterdir())):
            raise ConfigError(f"{path} is not empty and holds no simulation run; choose another")
        run = cls(path, job, rules_version)
        (path / GAMES_DIR).mkdir(parents=True, exist_ok=True)
        run._write_manifest()
        return run

    def _write_manifest(self) -> None:
        write_json(
            self.path / RUN_FILE,
            {
                "format": FORMAT,
                "wonderland_version": __version__,
                "rules_version": self.rules_version,
                "job": self.job.to_json(),
            },
        )

    def _remove_temporary_files(self) -> None:
        for leftover in (self.path / GAMES_DIR).glob(".*.tmp"):
            leftover.unlink()

    # -- games ------------------------------------------------------------------------------
    def parts(self) -> list[tuple[int, int, Path]]:
        """The complete part files as ``(start, stop, path)``, by start index."""
        found = []
        folder = self.path / GAMES_DIR
        if folder.is_dir():
            for path in folder.iterdir():
                match = _PART.fullmatch(path.name)
                if match:
                    found.append((int(match[1]), int(match[2]), path))
        return sorted(found)

    def done_ranges(self) -> list[tuple[int, int]]:
        """The ``[start, stop)`` ranges of games already stored."""
        return [(start, stop) for start, stop, _ in self.parts()]

    def games_done(self) -> int:
        """How many games are stored."""
        return sum(stop - start for start, stop in self.done_ranges())

    def missing(self) -> list[tuple[int, int]]:
        """The ranges of game indices still to play."""
        return missing_ranges(self.job.games, self.done_ranges())

    def write_part(self, start: int, stop: int, table: Any) -> Path:
        """Store games ``start .. stop - 1`` atomically."""
        pq = require_parquet()
        path = self.path / GAMES_DIR / part_name(start, stop)
        tmp = path.with_name(f".{path.name}.tmp")
        pq.write_table(table, tmp, compression="zstd")
        tmp.replace(path)
        return path

    def read_table(self) -> Any:
        """Every stored game as one ``pyarrow.Table``, sorted by ``game_index``.

        The columns are in a fixed order (the ``stat_*`` columns sorted by name), so two
        folders with the same games give equal tables however their parts were cut.
        """
        pa = require_pyarrow()
        pq = require_parquet()
        tables = [pq.read_table(path) for _, _, path in self.parts()]
        fixed = pa.schema(schema_fields())
        if not tables:
            return fixed.empty_table()
        table = pa.concat_tables(tables, promote_options="default")
        stats = sorted(name for name in table.column_names if name.startswith(STAT_PREFIX))
        table = table.select([*fixed.names, *stats]).sort_by("game_index")
        indices = table.column("game_index").to_pylist()
        if len(set(indices)) != len(indices):
            raise RecordError(f"{self.path} holds some games twice; its part files overlap")
        return table.combine_chunks()

    def results(self) -> Iterator[GameResult]:
        """Every stored game as a result, by game index, one part file at a time."""
        for _, result in self.indexed_results():
            yield result

    def indexed_results(self) -> Iterator[tuple[int, GameResult]]:
        """Every stored game as ``(game index, result)``, by game index."""
        pq = require_parquet()
        for _, _, path in self.parts():
            table = pq.read_table(path)
            indices = table.column("game_index").to_pylist()
            yield from zip(indices, table_results(table), strict=True)

    # -- summary ----------------------------------------------------------------------------
    def write_summary(self, summary: dict[str, Any]) -> Path:
        """Write ``summary.json``."""
        path = self.path / SUMMARY_FILE
        write_json(path, summary)
        return path


def _check_same_run(path: Path, existing: RunDir, job: SimJob, rules_version: int) -> None:
    """ConfigError unless ``job`` continues the run stored in ``path``."""
    old, new = existing.job.identity(), job.identity()
    differences = [
        f"{key} {old.get(key)!r} there, {new.get(key)!r} now"
        for key in sorted(set(old) | set(new))
        if old.get(key) != new.get(key)
    ]
    if existing.rules_version != rules_version:
        differences.append(f"rules version {existing.rules_version} there, {rules_version} now")
    if differences:
        raise ConfigError(
            f"{path} holds another run ({'; '.join(differences)}); "
            "repeat its options to resume it, or choose another --out"
        )
    if job.games < existing.job.games:
        raise ConfigError(
            f"{path} holds a run of {existing.job.games} games; ask for at least that many "
            "to resume or extend it"
        )


def is_run_dir(path: Path) -> bool:
    """Whether ``path`` holds a simulation run."""
    return (path / RUN_FILE).is_file()
