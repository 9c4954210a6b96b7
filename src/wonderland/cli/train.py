"""``wonderland train GAME --out DIR``: train the ``learned`` bot's policy.

Imitation of a teacher level (``expert``), then rounds in which the policy plays and the
teacher labels its decisions (``docs/bots.md``, "The learned bot").  Seeded; run the same
command again to carry on a run that stopped.
"""

from __future__ import annotations

import argparse
from pathlib import Path

from rich.console import Console
from rich.markup import escape

from wonderland.bots.levels import clock_off
from wonderland.core import ConfigError, game_ids
from wonderland.terminal.arguments import WholeNumber, add_output
from wonderland.terminal.messages import say


def _sizes(text: str) -> tuple[int, ...]:
    """``2,4,3``: the table sizes, in the order they are trained."""
    try:
        sizes = tuple(int(part) for part in text.split(","))
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a list like 2,4,3, not {text!r}") from None
    if len(set(sizes)) != len(sizes) or not all(1 <= n <= 12 for n in sizes):
        raise argparse.ArgumentTypeError(f"expected distinct table sizes like 2,4,3, not {text!r}")
    return sizes


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """Options of ``train``."""
    parser.add_argument("game", choices=game_ids(), help="the game whose policy to train")
    add_output(
        parser,
        "--out",
        "folder",
        required=True,
        metavar="DIR",
        help="the run's folder (samples and networks of each stage, learned.npz at the end)",
    )
    parser.add_argument(
        "--players",
        type=_sizes,
        default=(2, 4, 3, 5, 6),
        metavar="N,N,…",
        help="table sizes to train, in order (default 2,4,3,5,6)",
    )
    parser.add_argument("--teacher", default="expert", help="the bot imitated (default expert)")
    parser.add_argument(
        "--games",
        type=WholeNumber(1, 100_000),
        default=24,
        help="games the teacher plays at two players; a table of n plays 2/n as many "
        "(about as many decisions; default 24)",
    )
    parser.add_argument(
        "--rounds",
        type=WholeNumber(0, 100),
        default=1,
        help="rounds in which the policy plays and the teacher labels (default 1)",
    )
    parser.add_argument(
        "--round-games",
        type=WholeNumber(1, 100_000),
        default=12,
        help="games per round at two players, scaled like --games (default 12)",
    )
    parser.add_argument(
        "--hidden", type=WholeNumber(1, 4096), default=64, help="hidden units (default 64)"
    )
    parser.add_argument("--seed", type=WholeNumber(0), default=1, help="the run's seed")


def run(args: argparse.Namespace) -> int:
    """Train; print each stage and where the policy is."""
    from wonderland.bots import bot_names
    from wonderland.research.training import TrainSettings, train  # scikit-learn loads here

    if args.teacher not in bot_names(args.game):
        choices = ", ".join(bot_names(args.game))
        raise ConfigError(f"--teacher {args.teacher!r}: no such bot; choose from {choices}")
    console = Console()
    settings = TrainSettings(
        args.game,
        args.players,
        args.teacher,
        args.games,
        args.rounds,
        args.round_games,
        args.hidden,
        args.seed,
    )
    out = Path(args.out)
    with clock_off():  # the levels play their iteration caps: the run is reproducible
        train(settings, out, lambda line: console.print(line, highlight=False))
    say(console, f"policy written to {escape(str(out / 'learned.npz'))}")
    return 0
