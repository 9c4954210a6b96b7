"""``wonderland ladder GAME``: a seeded round-robin between bots, rated on the Elo scale."""

from __future__ import annotations

import argparse
import json
from pathlib import Path

from rich.console import Console
from rich.table import Table

from wonderland.bots import bot_names
from wonderland.bots.levels import LEVEL_NAMES, describe_level
from wonderland.cli.progress import game_progress
from wonderland.core import AnyGame, ConfigError, GameConfig
from wonderland.sim.backends import check_backend
from wonderland.sim.ladder import (
    DEFAULT_ENTRANTS,
    ELO_STEP_GOAL,
    Ladder,
    Standing,
    play_games,
    plot,
    rate,
)
from wonderland.sim.ladder_log import LadderLog, LadderSettings
from wonderland.sim.runner import GameResult
from wonderland.terminal.arguments import COUNT, NON_NEGATIVE, SEED, add_output, check_output
from wonderland.terminal.options import add_backend_arguments, add_game_arguments, game_and_config


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """Options of ``ladder``."""
    add_game_arguments(parser, players_default=None)
    parser.add_argument("--games", type=COUNT, default=400, help="how many games (default 400)")
    parser.add_argument("--seed", type=SEED, default=1, help="run seed (default 1)")
    parser.add_argument(
        "--bots",
        default=",".join(DEFAULT_ENTRANTS),
        help="entrants, weakest first (default: random,easy,medium,hard,expert)",
    )
    parser.add_argument(
        "--workers",
        type=COUNT,
        default=1,
        help="worker processes playing games in parallel (results do not depend on it)",
    )
    parser.add_argument(
        "--bootstrap",
        type=NON_NEGATIVE,
        default=200,
        help="bootstrap resamples for the 95 %% intervals (default 200)",
    )
    parser.add_argument("--json", action="store_true", help="print the ratings as JSON")
    add_output(
        parser,
        "--out",
        "folder",
        default=None,
        metavar="DIR",
        help="where the plot goes (default: the current directory)",
    )
    add_output(
        parser,
        "--plot",
        "file",
        default=None,
        metavar="PATH",
        help="the PNG of the ratings (default: ladder-GAME-Np.png in --out)",
    )
    parser.add_argument("--no-plot", action="store_true", help="do not draw the PNG")
    add_output(
        parser,
        "--results",
        "file",
        default=None,
        metavar="FILE",
        help="save every game here as it ends; run again with the same settings to resume "
        "(or with more --games to lengthen the ladder)",
    )
    add_backend_arguments(parser)


def run(args: argparse.Namespace) -> int:
    """Play the games with a progress bar, rate, print and plot."""
    game, config = game_and_config(args)
    game_id = game.spec.id
    entrants = _entrants(args, game_id)
    plot_path = None if args.no_plot else _plot_path(args, game_id, config.num_players)
    check_backend(args.workers, args.backend, args.address)
    played = _play(args, game, config, entrants)
    results = [played[i] for i in range(args.games)]
    ladder = rate(game_id, results, entrants, args.seed, args.bootstrap)
    if plot_path is not None:
        plot(ladder, str(plot_path))
    if args.json:
        out = ladder.to_json()
        out["variants"] = dict(config.variants)
        out["bots"] = {name: _describe(name, game_id, config.num_players) for name in entrants}
        out["plot"] = str(plot_path) if plot_path else None
        print(json.dumps(out, indent=2))
    else:
        print_ladder(Console(), ladder, game_id)
        if plot_path is not None:
            Console().print(f"Plot: {plot_path}")
    return 0


def _entrants(args: argparse.Namespace, game_id: str) -> list[str]:
    """The bots of ``--bots``, each a known bot of the game and named once."""
    entrants = [name.strip() for name in args.bots.split(",") if name.strip()]
    known = bot_names(game_id)
    for name in entrants:
        if name not in known:
            raise ConfigError(f"no bot {name!r} for {game_id}; choose from: {', '.join(known)}")
    if len(set(entrants)) != len(entrants) or len(entrants) < 2:
        raise ConfigError("--bots needs at least two different bots, each named once")
    return entrants


def _plot_path(args: argparse.Namespace, game_id: str, players: int) -> Path:
    """Where the plot goes, checked to be writable before any game is played (``--plot``
    and ``--out`` are checked as outputs; ``--out`` itself is made here when missing)."""
    if args.plot is not None:
        plot_path: Path = args.plot
        return plot_path
    folder = args.out if args.out is not None else Path.cwd()
    plot_path = folder / f"ladder-{game_id}-{players}p.png"
    check_output(plot_path, "file", "--out", mkdir=args.out is not None)
    return plot_path


def _play(
    args: argparse.Namespace, game: AnyGame, config: GameConfig, entrants: list[str]
) -> dict[int, GameResult]:
    """Every game of the ladder by index: those in ``--results`` and those played now (each
    saved there as it ends)."""
    settings = LadderSettings.of(game.spec.id, config, args.seed, entrants)
    log = LadderLog(args.results, settings) if args.results is not None else None
    played: dict[int, GameResult] = {}
    if log is not None:
        played = {i: result for i, result in log.games.items() if i < args.games}
    console = Console(stderr=True)
    missing = [i for i in range(args.games) if i not in played]
    if played and missing:
        console.print(f"Resuming: {len(played)} of {args.games} games are in {args.results}.")
    elif played:
        console.print(f"All {args.games} games are in {args.results}; rating them.")
    with game_progress(console, f"{game.spec.name} ladder", args.games, len(played)) as progress:
        stream = play_games(
            game.spec.id,
            config,
            entrants,
            missing,
            args.seed,
            workers=args.workers,
            backend=args.backend,
            address=args.address,
        )
        try:
            for index, result in stream:
                if log is not None:
                    log.append(index, result)
                played[index] = result
                if progress is not None:
                    progress.advance()
        except KeyboardInterrupt:
            if log is not None:
                console.print(
                    f"{len(played)} of {args.games} games are saved in {args.results}; "
                    "the same command resumes the ladder."
                )
            raise
    return played


def _describe(name: str, game_id: str, players: int) -> str:
    """What entrant ``name`` plays at a table of ``players``."""
    if name in LEVEL_NAMES:
        return describe_level(name, game_id, players)
    return f"the {name} bot"


def _search(standing: Standing) -> str:
    """The mean time and iterations of the entrant's searches (``-``: it did not search)."""
    if not standing.searches:
        return "-"
    seconds = standing.seconds_per_search
    time = f"{seconds * 1000:.0f} ms" if seconds < 0.1 else f"{seconds:.2f} s"
    return f"{time}, {standing.iterations_per_search:,.0f} it."


def _elo(value: float) -> str:
    return f"{value:+.0f}" if value else "0"


def print_ladder(console: Console, ladder: Ladder, game_id: str) -> None:
    """The ratings table, the steps between consecutive entrants and the head-to-head."""
    direction = {-1: "lower score wins", 1: "higher score wins", 0: "win share only"}
    console.print(
        f"[bold]{ladder.game}[/], {ladder.players} players, {ladder.games} games, seed "
        f"{ladder.seed}; seats rotated, one deal per rotation; placings by win share, then "
        f"score ({direction[ladder.score_direction]})"
    )
    table = Table(title="Ratings (Bradley–Terry, Elo scale; 95 % bootstrap CI)")
    for column, justify in (
        ("bot", "left"),
        ("Elo", "right"),
        ("95 % CI", "right"),
        ("seats", "right"),
        ("win share", "right"),
        ("mean place", "right"),
        ("search: time, it.", "right"),
    ):
        table.add_column(column, justify=justify)  # type: ignore[arg-type]
    for s in ladder.standings:
        table.add_row(
            s.bot,
            _elo(s.elo.mean),
            "reference"
            if s.bot == ladder.entrants[0]
            else f"[{s.elo.low:+.0f}, {s.elo.high:+.0f}]",
            str(s.seats),
            f"{100 * s.win_share.mean:.1f} %",
            f"{s.mean_place:.2f}",
            _search(s),
        )
    console.print(table)
    for name in ladder.entrants:
        console.print(f"  {name}: {_describe(name, game_id, ladder.players)}")
    steps = Table(
        title=f"Steps between consecutive bots (goal: ≥ {ELO_STEP_GOAL:.0f} Elo, interval above 0)"
    )
    for column in ("step", "Elo difference", "95 % CI", "goal"):
        steps.add_column(column, justify="left" if column == "step" else "right")
    for step in ladder.steps:
        mark = "[green]met[/]" if step.meets_goal else "[red]short[/]"
        steps.add_row(
            f"{step.lower} → {step.upper}",
            f"{step.diff.mean:+.0f}",
            f"[{step.diff.low:+.0f}, {step.diff.high:+.0f}]",
            mark,
        )
    console.print(steps)
    head = Table(title="Head to head: share of pairwise finishes the row bot won")
    head.add_column("")
    for name in ladder.entrants:
        head.add_column(name, justify="right")
    for name, row in zip(ladder.entrants, ladder.head_to_head, strict=True):
        cells = ["-" if value != value else f"{100 * value:.0f} %" for value in row]
        head.add_row(name, *cells)
    console.print(head)
