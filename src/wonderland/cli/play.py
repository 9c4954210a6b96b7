"""``wonderland play GAME``: play in the terminal, at the table the game's plugin declares."""

from __future__ import annotations

import argparse
from collections.abc import Callable

from wonderland.core import ConfigError, get_plugin
from wonderland.terminal.options import add_game_arguments


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
    ref = get_plugin(args.game).terminal
    if ref is None:
        raise ConfigError(f"{args.game} has no terminal table; play it at the web table (serve)")
    play: Callable[[argparse.Namespace], int] = ref.load()
    return play(args)
