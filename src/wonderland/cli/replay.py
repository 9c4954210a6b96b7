"""``wonderland replay FILE``: step through a recorded game."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from rich.console import Console

from wonderland.core import CHANCE, GameRecord, get_game, replay


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """Options of ``replay``."""
    parser.add_argument("file", type=Path, help="a record written by play or simulate --record")
    parser.add_argument(
        "--seat",
        type=int,
        default=None,
        help="show the game as this seat saw it (default: everything)",
    )
    parser.add_argument(
        "--all", action="store_true", help="print every step without waiting for Enter"
    )


def run(args: argparse.Namespace) -> int:
    """Print each step; wait for Enter between steps when attached to a terminal."""
    record = GameRecord.load(args.file)
    game = get_game(record.game)
    console = Console(highlight=False)
    step_by_step = sys.stdin.isatty() and not args.all
    players = ", ".join(record.players) if record.players else "unnamed"
    console.print(
        f"[bold]{game.spec.name}[/] record: {record.config.num_players} players ({players}), "
        f"seed {record.seed}, {len(record.actions)} steps"
    )
    for step in replay(game, record):
        who = "chance" if step.actor == CHANCE else f"seat {step.actor}"
        console.rule(f"step {step.index + 1}: {who} {game.action_to_string(step.action)}")
        console.print(game.render(step.state, args.seat))
        if step_by_step and input("[Enter] next, q quit > ").strip().lower() == "q":
            break
    return 0
