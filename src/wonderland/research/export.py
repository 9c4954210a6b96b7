"""``wonderland export``: a server's finished games, or a folder of records, as a dataset."""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path

from sqlalchemy.exc import SQLAlchemyError

from wonderland.core import ConfigError, RecordError
from wonderland.research.dataset import GAMES_PER_PART, Manifest, write
from wonderland.research.played import (
    PlayedGame,
    database_url,
    from_database,
    from_record,
    record_files,
)
from wonderland.store import Store, StoreUnavailable


@dataclass(frozen=True, slots=True)
class ExportOptions:
    """What to export: the source (a database URL, an SQLite file or a folder of records)
    and the filters."""

    source: str
    game: str | None = None
    since: datetime | None = None
    min_humans: int = 0
    with_names: bool = False

    def key(self) -> dict[str, object]:
        """The options as the manifest keeps them (an export resumes only with the same)."""
        return {
            "source": self.source,
            "game": self.game,
            "since": None if self.since is None else self.since.isoformat(),
            "min_humans": self.min_humans,
            "with_names": self.with_names,
        }


@dataclass(frozen=True, slots=True)
class ExportResult:
    """What an export did: games and rows written now and in all, and how long it took."""

    games: int
    rows: int
    total_games: int
    total_rows: int
    parts: int
    seconds: float


Start = Callable[[int, int], None]
Advance = Callable[[int], None]


def export(
    options: ExportOptions,
    folder: Path,
    start: Start = lambda total, done: None,
    advance: Advance = lambda n: None,
    games_per_part: int = GAMES_PER_PART,
) -> ExportResult:
    """Export the finished games of ``options.source`` into ``folder``, carrying on an export
    that stopped there; ``start(total, done)`` and ``advance(n)`` report progress."""
    began = time.perf_counter()
    folder.mkdir(parents=True, exist_ok=True)
    manifest = Manifest.open(folder, options.key())
    before_games, before_rows = len(manifest.tables), manifest.rows
    done = frozenset(manifest.tables)
    games = _games(options, done, start)
    kept = (g for g in games if g is None or g.humans() >= options.min_humans)
    counted = _counting(kept, advance)
    write(counted, folder, manifest, games_per_part=games_per_part)
    return ExportResult(
        games=len(manifest.tables) - before_games,
        rows=manifest.rows - before_rows,
        total_games=len(manifest.tables),
        total_rows=manifest.rows,
        parts=manifest.parts,
        seconds=time.perf_counter() - began,
    )


def _counting(games: Iterator[PlayedGame | None], advance: Advance) -> Iterator[PlayedGame]:
    """The games to write; every game read (written or left out) advances the progress."""
    for played in games:
        advance(1)
        if played is not None:
            yield played


def _games(
    options: ExportOptions, done: frozenset[str], start: Start
) -> Iterator[PlayedGame | None]:
    """The source's finished games not yet exported (None for one left out as unfinished or
    of another game), after ``start`` was told how many there are."""
    url = database_url(options.source)
    if url is not None:
        try:
            store = Store(url)
            ids = store.finished_ids(options.game, options.since)
            store.close()
        except (SQLAlchemyError, StoreUnavailable) as err:
            first = str(err).splitlines()[0]
            raise ConfigError(f"cannot read the database {options.source}: {first}") from None
        todo = [t for t in ids if t not in done]
        start(len(ids), len(ids) - len(todo))
        yield from from_database(url, todo, options.with_names)
        return
    root = Path(options.source)
    if not root.is_dir():
        raise ConfigError(
            f"{options.source}: no such file or folder (give an SQLite file, a database URL "
            "or a folder of game records)"
        )
    if options.since is not None:
        raise ConfigError("--since needs a database: records carry no date")
    files = record_files(root)
    todo_files = [p for p in files if p.relative_to(root).with_suffix("").as_posix() not in done]
    start(len(files), len(files) - len(todo_files))
    for path in todo_files:
        try:
            played = from_record(path, root)
        except RecordError as err:
            raise ConfigError(f"{path}: {err}") from None
        yield played if played is not None and options.game in (None, played.game) else None
