"""``wonderland play GAME``: play in the terminal; each game has its own table module."""

from __future__ import annotations

import argparse
import importlib

from wonderland.cli.options import add_game_arguments

# game id -> module with ``play(args) -> int``
TABLES = {
    "parade": "wonderland.cli.play_parade",
    "wonderlands_war": "wonderland.cli.play_wonderlands_war",
    "wonderdice": "wonderland.cli.play_wonderdice",
}


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """Options of ``play``."""
    add_game_arguments(parser, players_default=None)
    parser.add_argument("--seat", type=int, default=0, help="your seat (default 0)")
    parser.add_argument(
        "--bots",
        "--bot",
        default=None,
        help="bot per other seat, comma separated (a bot name or a level: easy, medium, hard, "
        "expert)",
    )
    parser.add_argument("--seed", type=int, default=None, help="seed for a reproducible game")
    parser.add_argument(
        "--hints",
        action="store_true",
        help="before each of your moves, show the hard bot's advice",
    )
    parser.add_argument(
        "--record",
        default=None,
        metavar="FILE",
        help="where to save the game record (default: under ~/.wonderland)",
    )


def run(args: argparse.Namespace) -> int:
    """Hand over to the game's own terminal table."""
    module = importlib.import_module(TABLES[args.game])
    result: int = module.play(args)
    return result
