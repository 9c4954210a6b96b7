"""``wonderland score GAME``: score a physical game from prompts or a small file."""

from __future__ import annotations

import argparse
import json
from pathlib import Path

from rich.console import Console
from rich.table import Table

from wonderland.core import ConfigError, VariantSet, VariantValue, get_game
from wonderland.core.words import rule_words
from wonderland.hosting.aids import get_score_calculator, scored_game_ids
from wonderland.hosting.scoring import (
    PlayerEntry,
    ScoreCalculator,
    ScoreInputError,
    ScoreReport,
)
from wonderland.terminal.messages import print_error, refuse


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """Options of ``score``."""
    parser.add_argument("game", choices=scored_game_ids(), help="which game")
    parser.add_argument(
        "--file",
        type=Path,
        default=None,
        help="a text file ('Name: ...' per line) or JSON ({\"players\": [...]})",
    )
    parser.add_argument(
        "--variant",
        action="append",
        default=[],
        metavar="NAME=VALUE",
        help="a rule variant that changes scoring (repeatable); see the game's RULES.md",
    )
    parser.add_argument("--json", action="store_true", help="print the result as JSON")


def calculator_for(game_id: str) -> ScoreCalculator:
    """The game's score calculator."""
    calculator = get_score_calculator(game_id)
    if calculator is None:
        raise ConfigError(f"{game_id} has no score calculator")
    return calculator


def prompt_entries(console: Console, calc: ScoreCalculator) -> list[PlayerEntry] | None:
    """Ask for the players and each one's values, re-asking whatever is wrong."""
    while True:
        text = console.input(f"How many players ({calc.min_players}-{calc.max_players})? ")
        count = int(text) if text.strip().isdigit() else -1
        problems = calc.player_count_problems(count) if count >= 0 else ["type a number"]
        if not problems:
            break
        refuse(console, str(problems[0]))
    entries: list[PlayerEntry] = []
    while len(entries) < count:
        number = len(entries) + 1
        name = console.input(f"Name of player {number} [player {number}]: ").strip()
        name = name or f"player {number}"
        values = {}
        for field in calc.fields:
            blank = f"; blank: {field.blank}" if field.blank is not None else ""
            values[field.key] = console.input(
                f"{name}'s {field.prompt} (e.g. {field.example}{blank}): "
            ).strip()
        entry = PlayerEntry(name, values)
        trial = [*entries, entry]
        problems = calc.name_problems(trial) + calc.problems(trial, count)
        if problems:
            for problem in problems:
                refuse(console, str(problem))
            console.print(f"Enter player {number} again.")
            continue
        entries.append(entry)
    return entries


def show_report(console: Console, report: ScoreReport) -> None:
    """The table, the notes and the winner."""
    direction = "lowest" if report.lowest_wins else "highest"
    table = Table(title=f"Scores ({direction} total wins)")
    table.add_column("player")
    for column in report.columns:
        table.add_column(column, justify="right")
    table.add_column("total", justify="right", style="bold")
    for p, name in enumerate(report.names):
        mark = " ★" if p in report.winners else ""
        table.add_row(name + mark, *report.cells[p], str(report.totals[p]))
    console.print(table)
    for note in report.notes:
        console.print(rule_words(note), markup=False)
    console.print(rule_words(report.explanation), style="bold", markup=False)


def run(args: argparse.Namespace) -> int:
    """Read the entries (file or prompts), score them, show the result."""
    calc = calculator_for(args.game)
    game = get_game(args.game)
    variants: dict[str, VariantValue] = dict(VariantSet.parse_assignments(args.variant))
    console = Console(highlight=False)
    if args.file is not None:
        try:
            text = args.file.read_text(encoding="utf-8")
        except OSError as err:
            raise ScoreInputError([f"cannot read {args.file}: {err.strerror}"]) from None
        try:
            entries, file_variants = calc.parse_file_text(text)
            variants = {**file_variants, **variants}
            report = calc.score(entries, game.variants.resolve(variants))
        except ScoreInputError as err:
            raise ScoreInputError(err.problems, source=str(args.file)) from None
    else:
        console.print(f"[bold]{calc.title}[/] score calculator. Enter each player in seat order.")
        try:
            entries = prompt_entries(console, calc) or []
        except EOFError:  # Ctrl-D, or a file of answers that stops short
            console.print()
            print_error("the input ended before every player was entered; nothing is scored")
            return 1
        report = calc.score(entries, game.variants.resolve(variants))
    if args.json:
        print(json.dumps(report.to_json(), ensure_ascii=False, indent=2))
    else:
        show_report(console, report)
    return 0
