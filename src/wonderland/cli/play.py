"""``wonderland play GAME``: play in the terminal against bots, at the generic terminal table
with the face the game's plugin declares (or the generic face)."""

from __future__ import annotations

import argparse
from pathlib import Path

from wonderland.core import ConfigError, game_ids
from wonderland.terminal.arguments import SEED, add_output, seat_index
from wonderland.terminal.options import add_game_arguments
from wonderland.terminal.play import play
from wonderland.terminal.records import resume_record


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """Options of ``play``."""
    add_game_arguments(parser, players_default=None, game_optional=True)
    parser.add_argument(
        "--seat", type=seat_index, default=0, help="your seat, counted from 1 (default 1)"
    )
    parser.add_argument(
        "--bots",
        "--bot",
        default=None,
        help="bot per other seat, comma separated (a bot name or a level: easy, medium, hard, "
        "expert)",
    )
    parser.add_argument("--seed", type=SEED, default=None, help="seed for a reproducible game")
    parser.add_argument(
        "--hints",
        action="store_true",
        help="before each of your moves, show advice: the best moves and why",
    )
    parser.add_argument(
        "--resume",
        type=Path,
        default=None,
        metavar="FILE",
        help="continue an unfinished game saved in FILE (its game, seats, bots and seed)",
    )
    add_output(
        parser,
        "--record",
        "file",
        default=None,
        metavar="FILE",
        help="where to save the game record (default: under ~/.wonderland)",
    )


def run(args: argparse.Namespace) -> int:
    """Check the game (or the record to resume) and play it at the terminal table."""
    args.resumed = None
    if args.resume is not None:
        resumed = resume_record(args.resume)
        if args.game not in (None, resumed.record.game):
            raise ConfigError(f"{args.resume} is a game of {resumed.record.game}, not {args.game}")
        args.game, args.resumed = resumed.record.game, resumed
        args.record = args.record or str(args.resume)
    elif args.game is None:
        raise ConfigError(f"name a game to play ({', '.join(game_ids())}) or --resume FILE")
    elif args.game not in game_ids():
        raise ConfigError(f"unknown game {args.game!r}; known games: {', '.join(game_ids())}")
    return play(args)
