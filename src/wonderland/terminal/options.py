"""Argument helpers shared by the subcommands."""

from __future__ import annotations

import argparse

from wonderland.core import AnyGame, ConfigError, GameConfig, VariantSet, game_ids, get_game
from wonderland.sim.backends import BACKENDS, available_cores
from wonderland.sim.fast import AUTO, ENGINE_CHOICES
from wonderland.terminal.arguments import COUNT, SEED


def add_game_arguments(
    parser: argparse.ArgumentParser, players_default: int | None, game_optional: bool = False
) -> None:
    """GAME, --players, --variant and --content (GAME may be left out where another option
    names the game; the command then checks it)."""
    if game_optional:
        parser.add_argument("game", nargs="?", help=f"which game: {', '.join(game_ids())}")
    else:
        parser.add_argument("game", choices=game_ids(), help="which game")
    parser.add_argument("--players", type=COUNT, default=players_default, help="number of players")
    parser.add_argument(
        "--variant",
        action="append",
        default=[],
        metavar="NAME=VALUE",
        help="a rule variant (repeatable); see the game's RULES.md",
    )
    parser.add_argument("--content", default=None, metavar="DIR", help="your own content pack")


def game_and_config(args: argparse.Namespace) -> tuple[AnyGame, GameConfig]:
    """The game and its checked configuration from the parsed arguments."""
    game = get_game(args.game)
    players = args.players if args.players is not None else game.spec.min_players
    variants = VariantSet.parse_assignments(args.variant)
    return game, game.make_config(players, variants, args.content)


def parse_bots(text: str | None, default: str, players: int) -> list[str]:
    """``random,greedy`` -> one bot name per seat (a single name fills every seat)."""
    names = [part.strip() for part in (text or default).split(",") if part.strip()]
    if len(names) == 1:
        names *= players
    if len(names) != players:
        raise ConfigError(f"--bots names {len(names)} bots for {players} players")
    return names


def add_backend_arguments(parser: argparse.ArgumentParser) -> None:
    """``--backend`` and ``--address``: local worker processes or Ray."""
    parser.add_argument(
        "--backend",
        choices=BACKENDS,
        default="local",
        help="local worker processes (default) or Ray",
    )
    parser.add_argument(
        "--address",
        default=None,
        metavar="ADDR",
        help="Ray cluster address (default: start a local Ray with --workers CPUs)",
    )


def add_run_arguments(parser: argparse.ArgumentParser) -> None:
    """How many games, which bots and seed, and where and how to run them."""
    parser.add_argument("--games", type=COUNT, default=1000, help="how many games (default 1000)")
    parser.add_argument("--bots", default=None, help="bot per seat, comma separated")
    parser.add_argument("--seed", type=SEED, default=0, help="run seed (default 0)")
    parser.add_argument(
        "--rotate-seats", action="store_true", help="rotate the bots one seat per game"
    )
    parser.add_argument(
        "--workers",
        type=COUNT,
        default=available_cores(),
        metavar="W",
        help=f"worker processes (default: all {available_cores()} cores); 1 runs in this process",
    )
    add_backend_arguments(parser)
    parser.add_argument(
        "--chunk-size",
        type=COUNT,
        default=None,
        metavar="K",
        help="games per task and per Parquet part (default: about 8 chunks per worker, ≤ 500)",
    )


def add_engine_argument(parser: argparse.ArgumentParser) -> None:
    """``--engine auto|plain|fast``."""
    parser.add_argument(
        "--engine",
        choices=ENGINE_CHOICES,
        default=AUTO,
        help="auto (default): the game's compiled engine whenever it can play the run (its "
        "bots and options; numba installed: pip install 'wonderland[fast]'), else plain; "
        "plain: the game engine through its protocol; fast: the compiled engine, or a refusal "
        "saying why not",
    )
