"""``wonderland replay FILE``: step through a recorded game."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

from rich.console import Console

from wonderland.core import (
    CHANCE,
    AnyGame,
    GameConfig,
    GameRecord,
    ReplayStep,
    get_game,
    replay,
)
from wonderland.core.words import rule_words
from wonderland.terminal.arguments import check_seat, seat_index


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """Options of ``replay``."""
    parser.add_argument("file", type=Path, help="a record written by play or simulate --record")
    parser.add_argument(
        "--seat",
        type=seat_index,
        default=None,
        help="show the game as this seat saw it, counted from 1 (default: everything)",
    )
    parser.add_argument(
        "--all", action="store_true", help="print every step without waiting for Enter"
    )


def step_header(game: AnyGame, before: Any, step: ReplayStep[Any], seat: int | None) -> str:
    """The step in words, as ``seat`` knew it (everything when ``seat`` is None), its rule
    clauses written as references.

    A seat's replay says only what that seat saw: a deal or a draw it could not see is a
    chance step with no outcome, another seat's pending secret choice is "has decided".
    Everything is each seat's action as its own seat saw it and each chance step as the
    table told it, the table below showing every hand.
    """
    viewer = seat if seat is not None or step.actor == CHANCE else step.actor
    line = game.describe_step(before, step.actor, step.action, step.state, viewer)
    if line is None:  # a step the game's log leaves out (a deal): what the table shows
        if step.actor == CHANCE:
            return "chance: what you see of it is on the table"
        line = (
            ""
            if seat is not None
            else f"seat {step.actor + 1}: {game.action_to_string(step.action)}"
        )
    return rule_words(line)


def record_config(game: AnyGame, record: GameRecord) -> GameConfig:
    """The record's configuration, checked by the game."""
    config = record.config
    return game.make_config(config.num_players, config.variants, config.content)


def run(args: argparse.Namespace) -> int:
    """Print each step; wait for Enter between steps when attached to a terminal."""
    record = GameRecord.load(args.file)
    game = get_game(record.game)
    check_seat(args.seat, record.config.num_players)
    console = Console(highlight=False)
    step_by_step = sys.stdin.isatty() and not args.all
    players = ", ".join(record.players) if record.players else "unnamed"
    console.print(
        f"[bold]{game.spec.name}[/] record: {record.config.num_players} players ({players}), "
        f"seed {record.seed}, {len(record.actions)} steps"
    )
    before = game.initial_state(record_config(game, record))
    for step in replay(game, record):
        console.rule(f"step {step.index + 1}: {step_header(game, before, step, args.seat)}")
        console.print(game.render(step.state, args.seat))
        before = step.state
        if step_by_step and not next_step():
            break
    return 0


def next_step() -> bool:
    """Whether the reader asks for the next step (Enter), not to stop (``q``, Ctrl-D)."""
    try:
        return input("[Enter] next, q quit > ").strip().lower() not in ("q", "quit")
    except EOFError:
        print()
        return False
