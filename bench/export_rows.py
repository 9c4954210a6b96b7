"""``wonderland export`` speed: rows per second from a database of finished games.

Builds an SQLite database of ``--games`` finished tables (seeded random-bot games of
``--game`` at 2 to 4 seats, inserted as a server stores them), then exports it and prints the
games, rows and rows per second (wall clock, one process).

    .venv/bin/python bench/export_rows.py [--games 1000] [--game parade]
"""

from __future__ import annotations

import argparse
import random
import tempfile
import time
from pathlib import Path

from wonderland.bots import make_bot
from wonderland.core import get_game, play_out
from wonderland.research.export import ExportOptions, export
from wonderland.store import Store
from wonderland.store.values import SeatInfo, StoredTable


def finished_table(game_id: str, index: int) -> StoredTable:
    """Table ``index``: a seeded random-bot game at 2, 3 or 4 seats."""
    game = get_game(game_id)
    players = 2 + index % 3
    config = game.make_config(players)
    agents = [make_bot("random", game_id, index * 10 + s) for s in range(players)]
    played = play_out(game, game.initial_state(config), agents, random.Random(index))
    return StoredTable(
        id=f"t{index:06d}",
        game=game_id,
        rules_version=game.spec.version,
        config={"num_players": players, "variants": {}, "time_control": {"kind": "none"}},
        seed=index,
        seats=tuple(SeatInfo("bot", "random") for _ in range(players)),
        finished=True,
        actions=tuple((a, x, 0) for a, x in played.actions),
    )


def main() -> None:
    """Build the database, export it, print the figures."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--game", default="parade")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        db = Path(tmp) / "db.sqlite3"
        store = Store(f"sqlite:///{db}")
        start = time.perf_counter()
        store.insert_tables(finished_table(args.game, i) for i in range(args.games))
        store.close()
        print(
            f"database of {args.games} finished {args.game} games: "
            f"{time.perf_counter() - start:.1f} s"
        )
        result = export(ExportOptions(str(db)), Path(tmp) / "dataset")
        size = sum(p.stat().st_size for p in (Path(tmp) / "dataset").glob("*.parquet"))
        print(
            f"export: {result.games} games, {result.total_rows:,} rows in {result.seconds:.1f} s: "
            f"{result.total_rows / result.seconds:,.0f} rows/s, "
            f"{result.games / result.seconds:,.1f} games/s, {size / 1e6:.1f} MB of Parquet"
        )


if __name__ == "__main__":
    main()
