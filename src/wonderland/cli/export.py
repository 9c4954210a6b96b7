"""``wonderland export SOURCE --out DIR``: finished games as a dataset, one row per decision.

SOURCE is a server's database (an SQLite file, or a URL such as ``postgresql://…``) or a folder
of game records.  Rows hold each seat's observation as the learning environments encode it,
its legal-action mask, its action and its final reward (``docs/rl.md``, "Datasets from play").
"""

from __future__ import annotations

import argparse
from datetime import UTC, datetime
from pathlib import Path

from rich.console import Console

from wonderland.cli.progress import run_progress
from wonderland.core import ConfigError, game_ids
from wonderland.terminal.arguments import WholeNumber, add_output


def _date(text: str) -> datetime:
    """``2026-12-01`` or ``2026-12-01T18:00``: tables created then or later (UTC)."""
    try:
        when = datetime.fromisoformat(text)
    except ValueError:
        raise argparse.ArgumentTypeError(
            f"must be a date such as 2026-12-01 or 2026-12-01T18:00, not {text!r}"
        ) from None
    return when if when.tzinfo is None else when.astimezone(UTC).replace(tzinfo=None)


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """Options of ``export``."""
    parser.add_argument(
        "source",
        help="an SQLite file, a database URL (postgresql://…) or a folder of game records",
    )
    add_output(
        parser,
        "--out",
        "folder",
        required=True,
        metavar="DIR",
        help="the dataset's folder (Parquet parts and _manifest.json); run again to carry on",
    )
    parser.add_argument("--game", choices=game_ids(), help="only this game")
    parser.add_argument(
        "--since", type=_date, metavar="DATE", help="only tables created on or after DATE (UTC)"
    )
    parser.add_argument(
        "--min-humans",
        type=WholeNumber(0, 6),
        default=0,
        metavar="N",
        help="only games where at least N seats were played by a person (default 0)",
    )
    parser.add_argument(
        "--with-names",
        action="store_true",
        help="also write the names the players chose (left out by default)",
    )
    parser.add_argument("--quiet", action="store_true", help="no progress bar")


def run(args: argparse.Namespace) -> int:
    """Export; print what was written."""
    from wonderland.research.export import ExportOptions, export  # Arrow loads only here

    console = Console()
    options = ExportOptions(args.source, args.game, args.since, args.min_humans, args.with_names)
    out = Path(args.out)
    with run_progress(console, "export", hidden=args.quiet) as bar:
        result = export(options, out, start=bar.start, advance=bar.advance)
    if result.total_games == 0:
        raise ConfigError(f"{args.source} holds no finished game to export (with these filters)")
    rate = result.rows / result.seconds if result.seconds > 0 else 0.0
    console.print(
        f"{result.games} games, {result.rows:,} decisions written in {result.seconds:.1f} s "
        f"({rate:,.0f} rows/s); {out} holds {result.total_games} games, "
        f"{result.total_rows:,} rows in {result.parts} Parquet "
        f"{'part' if result.parts == 1 else 'parts'}"
    )
    return 0
