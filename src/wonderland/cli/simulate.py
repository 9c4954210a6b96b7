"""``wonderland simulate GAME``: many seeded bot games, summarised with confidence intervals.

Games run in worker processes (or on Ray); with ``--out DIR`` every game is stored as a
Parquet row and an interrupted run resumes where it stopped.
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path

from rich.console import Console
from rich.table import Table

from wonderland.cli.compiling import compile_first
from wonderland.cli.progress import run_progress
from wonderland.sim.backends import available_cores
from wonderland.sim.batch import (
    RunOutcome,
    check_job,
    pick_engine,
    run_simulation,
    summary_header,
)
from wonderland.sim.engine_cost import estimate_run
from wonderland.sim.fast import AUTO, EngineChoice
from wonderland.sim.job import SimJob
from wonderland.sim.summary import Estimate, Summary
from wonderland.terminal.arguments import add_output
from wonderland.terminal.options import (
    add_engine_argument,
    add_game_arguments,
    add_run_arguments,
    game_and_config,
    parse_bots,
)


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """Options of ``simulate``."""
    add_game_arguments(parser, players_default=None)
    add_run_arguments(parser)
    add_output(
        parser,
        "--out",
        "folder",
        default=None,
        metavar="DIR",
        help="store one Parquet row per game and summary.json in DIR; resumes a run there",
    )
    add_output(
        parser,
        "--record",
        "folder",
        default=None,
        metavar="DIR",
        help="write every game's record into DIR",
    )
    parser.add_argument("--json", action="store_true", help="print the summary as JSON")
    add_engine_argument(parser)
    parser.set_defaults(workers=None)  # all cores, or this process alone for a short run


def job_from_args(args: argparse.Namespace) -> tuple[SimJob, EngineChoice]:
    """The simulation job the options describe (checked configuration and bots), on the
    engine ``--engine`` picks for it, and why that one."""
    game, config = game_and_config(args)
    bots = parse_bots(args.bots, "random", config.num_players)
    job = SimJob(game.spec.id, config, tuple(bots), args.games, args.seed, args.rotate_seats)
    choice, (job,) = pick_engine(
        [job],
        getattr(args, "engine", AUTO),
        keep_records=getattr(args, "record", None) is not None,
        outs=[getattr(args, "out", None)],
    )
    return job, choice


def run(args: argparse.Namespace) -> int:
    """Run the games with a progress bar, then print the summary."""
    job, choice = job_from_args(args)
    first = check_job(job, keep_records=getattr(args, "record", None) is not None)
    if args.workers is None:
        local = args.backend == "local"
        args.workers = default_workers(job, choice, first) if local else available_cores()
    console = Console(stderr=True)
    hidden = args.json and not console.is_terminal
    outcome = execute(job, args, console, hidden, choice.reason, checked=True)
    header = summary_header(job, choice.reason)
    if args.json:
        print(json.dumps({**header, **outcome.summary.to_json()}, indent=2))
    else:
        print_summary(Console(), header, outcome.summary)
    return 0


def default_workers(job: SimJob, choice: EngineChoice, first: float | None = None) -> int:
    """Without ``--workers``: every core, unless the run is shorter than starting a worker
    (then this process plays it, and a compiled engine starts once). ``first``: the CPU
    seconds of the job's game 0, when its check played it."""
    (estimate,) = choice.estimates or (estimate_run(job, first_game=first),)
    return estimate.workers(job.engine, available_cores())


def execute(
    job: SimJob,
    args: argparse.Namespace,
    console: Console,
    hidden: bool = False,
    engine_reason: str | None = None,
    checked: bool = False,
) -> RunOutcome:
    """Run ``job`` with the run options of ``args`` behind a progress bar (a compiled engine
    that has never run here is compiled first, and says so; ``checked``: the job's check
    passed already)."""
    out: Path | None = args.out
    record = getattr(args, "record", None)
    tallies = out is None and record is None
    compile_first(job, console, tallies=tallies, keep_records=record is not None, hidden=hidden)
    with run_progress(console, job.game, hidden) as bar:
        try:
            outcome = run_simulation(
                job,
                workers=args.workers,
                backend=args.backend,
                address=args.address,
                out=out,
                chunk_size=args.chunk_size,
                record_dir=record,
                on_start=bar.start,
                on_progress=bar.advance,
                engine_reason=engine_reason,
                checked=checked,
            )
        except KeyboardInterrupt:
            if out is not None:
                console.print(f"finished games are kept in {out}; the same command resumes")
            raise
    if out is not None and not hidden:
        resumed = f", {outcome.already_done} of them already there" if outcome.already_done else ""
        console.print(f"{job.games} games in {out}{resumed}; summary in {out / 'summary.json'}")
    return outcome


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
    reason = header.get("engine_reason")
    console.print(f"engine: {header['engine']}" + (f" ({reason})" if reason else ""))
    seats = Table(title="By seat (win share with 95 % CI; shared wins split)")
    seats.add_column("seat", justify="right")
    if not header["rotate_seats"]:
        seats.add_column("bot")
    seats.add_column("win share", justify="right")
    seats.add_column("mean score", justify="right")
    for seat, (win, score) in enumerate(
        zip(summary.win_by_seat, summary.score_by_seat, strict=True)
    ):
        cells = [str(seat + 1)] + ([] if header["rotate_seats"] else [bots[seat]])
        seats.add_row(*cells, _pct(win), _num(score))
    console.print(seats)
    groups = [("bot", summary.win_by_bot)]
    if summary.win_by_label:
        groups.append((str(header["label"]), summary.win_by_label))
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
    stats.add_row("length", _num(summary.length))
    for name, est in summary.stats.items():
        stats.add_row(name, _num(est))
    console.print(stats)
