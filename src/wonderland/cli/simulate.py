"""``wonderland simulate GAME``: many seeded bot games, summarised with confidence intervals."""

from __future__ import annotations

import argparse
import json
from pathlib import Path

from rich.console import Console
from rich.progress import (
    BarColumn,
    MofNCompleteColumn,
    Progress,
    TextColumn,
    TimeElapsedColumn,
    TimeRemainingColumn,
)
from rich.table import Table

from wonderland.bots import bot_names
from wonderland.cli.options import add_game_arguments, game_and_config, parse_bots
from wonderland.core import ConfigError
from wonderland.sim.runner import GameResult, run_games
from wonderland.sim.summary import Estimate, Summary, summarize


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """Options of ``simulate``."""
    add_game_arguments(parser, players_default=None)
    parser.add_argument("--games", type=int, default=1000, help="how many games (default 1000)")
    parser.add_argument("--bots", default=None, help="bot per seat, comma separated")
    parser.add_argument("--seed", type=int, default=0, help="run seed (default 0)")
    parser.add_argument(
        "--rotate-seats", action="store_true", help="rotate the bots one seat per game"
    )
    parser.add_argument(
        "--record",
        type=Path,
        default=None,
        metavar="DIR",
        help="write every game's record into DIR",
    )
    parser.add_argument("--json", action="store_true", help="print the summary as JSON")


def run(args: argparse.Namespace) -> int:
    """Run the games with a progress bar, then print the summary."""
    game, config = game_and_config(args)
    if args.games < 1:
        raise ConfigError("--games must be at least 1")
    bots = parse_bots(args.bots, "random", config.num_players)
    for name in {spec.split(":")[0] for spec in bots}:  # "greedy:fast": options after ':'
        if name not in bot_names(game.spec.id):
            raise ConfigError(
                f"no bot {name!r} for {game.spec.id}; choose from: "
                f"{', '.join(bot_names(game.spec.id))}"
            )
    results: list[GameResult] = []
    stream = run_games(
        game.spec.id,
        config,
        bots,
        args.games,
        args.seed,
        args.rotate_seats,
        keep_records=args.record is not None,
    )
    console = Console(stderr=True)
    with Progress(
        TextColumn(f"[bold]{game.spec.name}[/]"),
        BarColumn(),
        MofNCompleteColumn(),
        TextColumn("{task.fields[rate]} games/s"),
        TimeElapsedColumn(),
        TimeRemainingColumn(),
        console=console,
        disable=args.json and not console.is_terminal,
    ) as progress:
        task = progress.add_task("games", total=args.games, rate="-")
        for result in stream:
            results.append(result)
            if args.record is not None and result.record is not None:
                result.record.save(args.record / f"{game.spec.id}-{len(results) - 1:06d}.json")
            elapsed = progress.tasks[0].elapsed or 0.0
            rate = f"{len(results) / elapsed:,.0f}" if elapsed > 0 else "-"
            progress.update(task, advance=1, rate=rate)
    summary = summarize(results)
    header = {
        "game": game.spec.id,
        "players": config.num_players,
        "variants": dict(config.variants),
        "bots": bots,
        "seed": args.seed,
        "rotate_seats": args.rotate_seats,
        "label": getattr(game, "label_name", "side"),
    }
    if args.json:
        print(json.dumps({**header, **summary.to_json()}, indent=2))
    else:
        print_summary(Console(), header, summary)
    return 0


def _pct(e: Estimate) -> str:
    return f"{100 * e.mean:5.1f} %  [{100 * e.low:4.1f}, {100 * e.high:4.1f}]"


def _num(e: Estimate) -> str:
    return f"{e.mean:7.2f}  [{e.low:.2f}, {e.high:.2f}]"


def print_summary(console: Console, header: dict[str, object], summary: Summary) -> None:
    """Rich tables: by seat, by bot, by label, then game statistics."""
    bots = header["bots"]
    assert isinstance(bots, list)
    console.print(
        f"[bold]{header['game']}[/], {header['players']} players, {summary.games} games, "
        f"seed {header['seed']}" + (", seats rotated" if header["rotate_seats"] else "")
    )
    seats = Table(title="By seat (win share with 95 % CI; shared wins split)")
    seats.add_column("seat", justify="right")
    if not header["rotate_seats"]:
        seats.add_column("bot")
    seats.add_column("win share", justify="right")
    seats.add_column("mean score", justify="right")
    for seat, (win, score) in enumerate(
        zip(summary.win_by_seat, summary.score_by_seat, strict=True)
    ):
        cells = [str(seat)] + ([] if header["rotate_seats"] else [bots[seat]])
        seats.add_row(*cells, _pct(win), _num(score))
    console.print(seats)
    groups = [("bot", summary.win_by_bot)]
    if summary.win_by_label:
        groups.append((str(header.get("label", "side")), summary.win_by_label))
    for title, table_data in groups:
        table = Table(title=f"By {title} (win share per seat played, 95 % CI)")
        table.add_column(title)
        table.add_column("seats played", justify="right")
        table.add_column("win share", justify="right")
        for name, est in table_data.items():
            table.add_row(name, str(est.n), _pct(est))
        console.print(table)
    stats = Table(title="Per game (mean with 95 % CI)")
    stats.add_column("figure")
    stats.add_column("mean", justify="right")
    stats.add_row("turns", _num(summary.length))
    for name, est in summary.stats.items():
        if name != "turns":
            stats.add_row(name, _num(est))
    console.print(stats)
