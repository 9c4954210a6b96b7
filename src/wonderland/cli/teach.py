"""``wonderland teach GAME``: a teaching script, step by step, on a real game state."""

from __future__ import annotations

import argparse
from pathlib import Path

from rich.console import Console
from rich.panel import Panel

from wonderland.core import ConfigError
from wonderland.core.words import rule_words
from wonderland.hosting.aids import aids_game_ids
from wonderland.hosting.teaching import (
    Lesson,
    StepCard,
    TeachScript,
    load_script,
    shipped_scripts,
)
from wonderland.terminal.screen import ask_line

HELP = "Type the move when asked; 'rule' repeats the rule, 'quit' stops."


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """Options of ``teach``."""
    parser.add_argument("game", choices=aids_game_ids(), help="which game")
    parser.add_argument(
        "--script",
        default=None,
        metavar="NAME|FILE",
        help="a shipped script by file name (see --list) or your own TOML file",
    )
    parser.add_argument("--list", action="store_true", help="list the shipped scripts")


def choose_script(game_id: str, name: str | None) -> TeachScript:
    """The script named (a shipped one by file name, else a file), or the first shipped."""
    scripts = shipped_scripts(game_id)
    if name is None:
        if not scripts:
            raise ConfigError(f"no teaching script is shipped for {game_id}")
        return scripts[0]
    for script in scripts:
        stem = script.source.rsplit("/", 1)[-1].removesuffix(".toml")
        if name in (stem, f"{stem}.toml"):
            return script
    path = Path(name)
    if not path.exists():
        known = ", ".join(s.source.rsplit("/", 1)[-1] for s in scripts) or "none"
        raise ConfigError(f"no teaching script {name!r}: not a file, nor one of {known}")
    return load_script(path, game_id)


def move_help(lesson: Lesson, seat: int) -> str:
    """How to answer, with a move of the lesson's own game written in its notation (one of
    the seat's legal moves: which one the step wants is still the learner's to find)."""
    game = lesson.aids.game
    legal = game.legal_actions(lesson.state, seat)
    example = f" (e.g. {game.action_to_string(legal[-1])})" if legal else ""
    return f"Type the move{example}; 'rule' repeats the rule, 'quit' stops."


def show(console: Console, card: StepCard) -> None:
    """The step: where we are, the table, what happens and why."""
    if card.step_number == 1:
        console.rule(f"[bold]Part {card.scene_number} of {card.scenes}: {card.scene}")
        if card.scene_intro:
            console.print(rule_words(card.scene_intro))
    console.print(Panel(card.table, title=f"step {card.step_number}/{card.steps}", expand=False))
    console.print(f"[bold]{card.title}[/]")
    console.print(rule_words(card.say))
    if card.rule_text:
        console.print(f"[dim]Rule {card.rule_text}[/]")


def teach(console: Console, lesson: Lesson) -> bool:
    """Run the lesson; False when the learner quits early."""
    model = lesson.script.model
    minutes = f" (about {model.minutes} minutes)" if model.minutes else ""
    console.print(f"[bold]{model.title}[/]{minutes}. {model.summary} {HELP}")
    while not lesson.done:
        card = lesson.card()
        show(console, card)
        if not card.asks:
            answer = ask_line(console, "[dim][Enter] continue, q quit ▸ [/]")
            if answer is None or answer.lower() in ("q", "quit"):
                return False
            feedback = lesson.proceed()
            if feedback.message:
                console.print(f"→ {rule_words(feedback.message)}")
            continue
        while True:
            text = ask_line(console, f"Your move for seat {card.seat + 1} ▸ ")
            if text is None or text.lower() in ("q", "quit"):
                return False
            if text.lower() in ("rule", "help", "?", ""):
                console.print(f"{move_help(lesson, card.seat)} Rule {card.rule_text}")
                continue
            feedback = lesson.attempt(text)
            if feedback.accepted:
                console.print(f"[green]✓[/] {rule_words(feedback.message)}")
                break
            console.print(f"[red]✗[/] {rule_words(feedback.message)}")
    console.print("[bold]That is the whole lesson.[/] Practise with: wonderland practice GAME")
    return True


def run(args: argparse.Namespace) -> int:
    """List the scripts, or teach one."""
    console = Console(highlight=False)
    if args.list:
        for script in shipped_scripts(args.game):
            name = script.source.rsplit("/", 1)[-1]
            console.print(f"{name}: {script.title} — {script.model.summary}")
        return 0
    lesson = Lesson(choose_script(args.game, args.script))
    teach(console, lesson)
    return 0
