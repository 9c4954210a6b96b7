"""``wonderland sweep GAME --variant NAME=A,B …``: every point of the grid, then the report."""

from __future__ import annotations

import argparse
import json
import math
from pathlib import Path

from rich.console import Console
from rich.markup import escape
from rich.table import Table

from wonderland.cli.compiling import compile_first
from wonderland.cli.progress import run_progress
from wonderland.core import ConfigError, game_ids, get_game
from wonderland.sim.backends import backend_session, check_backend
from wonderland.sim.batch import (
    RunOutcome,
    check_job,
    pick_engine,
    run_simulation,
    summary_header,
)
from wonderland.sim.compare import Comparison, seat_labels
from wonderland.sim.fast import AUTO, EngineChoice
from wonderland.sim.job import SimJob
from wonderland.sim.report import load_report_input, write_report
from wonderland.sim.summary import Estimate
from wonderland.sim.sweep import PLAYERS, Sweep, SweepPoint, grid, parse_axes
from wonderland.terminal.arguments import add_output
from wonderland.terminal.messages import say
from wonderland.terminal.options import add_engine_argument, add_run_arguments, parse_bots


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """Options of ``sweep``."""
    parser.add_argument("game", choices=game_ids(), help="which game")
    parser.add_argument(
        "--players",
        default=None,
        metavar="N[,N…]",
        help="player count, or a list of counts to sweep (default: the game's minimum)",
    )
    parser.add_argument(
        "--variant",
        action="append",
        default=[],
        metavar="NAME=A[,B…]",
        help="a rule variant: one value is fixed, a list is swept (repeatable)",
    )
    parser.add_argument("--content", default=None, metavar="DIR", help="your own content pack")
    add_run_arguments(parser)
    add_output(
        parser,
        "--out",
        "folder",
        default=None,
        metavar="DIR",
        help="sweep folder: one run folder per point, sweep.json, report.html "
        "(default sweep-GAME-AXES-seedS); resumes a sweep there",
    )
    parser.add_argument("--json", action="store_true", help="print every point's summary as JSON")
    add_engine_argument(parser)


def plan(
    args: argparse.Namespace,
) -> tuple[Sweep, list[tuple[SweepPoint, SimJob]], EngineChoice]:
    """The sweep, one checked job per point and the engine they all run on (the points are
    compared game by game, so they never mix engines); nothing is written."""
    game = get_game(args.game)
    fixed, axes = parse_axes(args.variant)
    players = _players(args.players, game.spec.min_players)
    if len(players) > 1:
        axes = {PLAYERS: [str(p) for p in players], **axes}
    if not axes:
        raise ConfigError("nothing to sweep: give a list, e.g. --variant NAME=A,B or --players 2,3")
    for name in axes:
        if name != PLAYERS:
            game.variants.get(name)
    points = grid(axes)
    jobs = []
    for point in points:
        count = point.players(players[0])
        assert count is not None
        config = game.make_config(count, {**fixed, **point.variants()}, args.content)
        bots = parse_bots(args.bots, "random", count)
        jobs.append(
            SimJob(game.spec.id, config, tuple(bots), args.games, args.seed, args.rotate_seats)
        )
    out = args.out or Path(f"sweep-{game.spec.id}-{'-'.join(axes)}-seed{args.seed}")
    sweep = Sweep(out, game.spec.id, axes, tuple(points))
    choice, jobs = pick_engine(
        jobs, getattr(args, "engine", AUTO), outs=[sweep.point_path(p) for p in points]
    )
    for job in jobs:
        check_job(job)
    return sweep, list(zip(points, jobs, strict=True)), choice


def _players(text: str | None, default: int) -> list[int]:
    if text is None:
        return [default]
    try:
        counts = [int(part) for part in text.split(",") if part.strip()]
    except ValueError:
        raise ConfigError(f"--players {text!r}: expected a number or a list like 2,3,4") from None
    if not counts or len(set(counts)) != len(counts):
        raise ConfigError(f"--players {text!r}: expected distinct numbers like 2,3,4")
    return counts


def run(args: argparse.Namespace) -> int:
    """Run every point (resuming finished ones), then write the comparison report."""
    sweep, jobs, choice = plan(args)
    check_backend(args.workers, args.backend, args.address)
    sweep.save()
    console = Console(stderr=True)
    hidden = args.json and not console.is_terminal
    if jobs:  # the points share one compiled engine: compiled once, before the first
        compile_first(jobs[0][1], console, tallies=False, keep_records=False, hidden=hidden)
    outcomes: list[tuple[SweepPoint, RunOutcome]] = []
    with backend_session(args.backend, args.workers, args.address):
        for point, job in jobs:
            with run_progress(console, point.name, hidden) as bar:
                outcome = run_simulation(
                    job,
                    workers=args.workers,
                    backend=args.backend,
                    address=args.address,
                    out=sweep.point_path(point),
                    chunk_size=args.chunk_size,
                    on_start=bar.start,
                    on_progress=bar.advance,
                    engine_reason=choice.reason,
                    checked=True,
                )
            outcomes.append((point, outcome))
    data = load_report_input([sweep.path])
    by_name = {run.name: (base.name, diff) for run, base, diff in data.comparisons()}
    page = write_report([sweep.path], data=data)
    if args.json:
        points = []
        for p, o in outcomes:
            entry = {"point": p.name, **summary_header(o.job, choice.reason), **o.summary.to_json()}
            base, diff = by_name.get(p.name, (None, None))
            entry["baseline"] = base
            entry["against_baseline"] = diff.to_json() if diff is not None else None
            points.append(entry)
        print(
            json.dumps(
                {"sweep": sweep.to_json(), "report": str(page), "points": points},
                indent=2,
            )
        )
        return 0
    console = Console(highlight=False)
    console.print(f"engine: {choice.describe()}")
    print_points(console, outcomes)
    print_differences(console, outcomes, by_name)
    say(console, f"report written to {escape(str(page))}")
    return 0


def print_points(console: Console, outcomes: list[tuple[SweepPoint, RunOutcome]]) -> None:
    """One row per point: games, each seat's win share ± half its 95 % interval, mean length."""
    labels = seat_labels(o.job for _, o in outcomes)
    seats = len(labels)
    axes = " / ".join(axis for axis, _ in outcomes[0][0].values)
    table = Table(title="Win share by seat (± half the 95 % interval) and mean length")
    table.add_column(axes)
    table.add_column("games", justify="right")
    for label in labels:
        table.add_column(label, justify="right")
    table.add_column("length", justify="right")
    for point, outcome in outcomes:
        shares = [
            f"{100 * e.mean:.1f} ±{100 * max(e.high - e.mean, e.mean - e.low):.1f}"
            for e in outcome.summary.win_by_seat
        ]
        shares += ["–"] * (seats - len(shares))
        table.add_row(
            " / ".join(value for _, value in point.values),
            str(outcome.summary.games),
            *shares,
            f"{outcome.summary.length.mean:.1f}",
        )
    console.print(table)


def _signed(e: Estimate, scale: float, digits: int) -> str:
    if math.isnan(e.mean):
        return "–"
    if math.isnan(e.low):
        return f"{scale * e.mean:+.{digits}f}"
    return (
        f"{scale * e.mean:+.{digits}f} [{scale * e.low:+.{digits}f}, {scale * e.high:+.{digits}f}]"
    )


def print_differences(
    console: Console,
    outcomes: list[tuple[SweepPoint, RunOutcome]],
    against: dict[str, tuple[str, Comparison]],
) -> None:
    """For each point that has a baseline, one row per figure: the change in each seat's win
    share (percentage points) and in mean length, each with its 95 % interval, paired over
    the seeds the point shares with its baseline."""
    rows = [(p, *against[p.name]) for p, _ in outcomes if p.name in against]
    if not rows:
        return
    labels = seat_labels(o.job for _, o in outcomes)
    values = {p.name: " / ".join(v for _, v in p.values) for p, _ in outcomes}
    methods = sorted({diff.method for _, _, diff in rows})
    table = Table(
        title=f"Against the baseline, {'; '.join(methods)}: the mean of the per-game "
        "differences with its 95 % interval"
    )
    table.add_column(" / ".join(axis for axis, _ in outcomes[0][0].values), max_width=24)
    table.add_column("figure", no_wrap=True)
    table.add_column("Δ (point − baseline)", justify="right", no_wrap=True)
    for point, base, diff in rows:
        cells = [
            (f"win share {label}", _signed(e, 100, 1) + " pp")
            for label, e in zip(labels, diff.win_share, strict=False)
        ]
        cells.append(("mean length", _signed(diff.length, 1, 2)))
        name = f"{values[point.name]}\nvs {values.get(base, base)}"
        for k, (figure, cell) in enumerate(cells):
            table.add_row(name if k == 0 else "", figure, cell, end_section=k == len(cells) - 1)
    console.print(table)
