"""``wonderland practice GAME``: practice tasks generated and checked by the engine."""

from __future__ import annotations

import argparse
import secrets

from rich.console import Console
from rich.panel import Panel

from wonderland.hosting.aids import aids_game_ids, get_aids
from wonderland.hosting.practice import (
    MAX_LEVEL,
    MIN_LEVEL,
    AnswerError,
    PracticeSession,
    Question,
    Task,
)
from wonderland.terminal.arguments import COUNT, SEED, WholeNumber
from wonderland.terminal.messages import refuse
from wonderland.terminal.screen import ask_line


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """Options of ``practice``."""
    parser.add_argument("game", choices=aids_game_ids(), help="which game")
    parser.add_argument("--count", type=COUNT, default=10, help="how many tasks (default 10)")
    parser.add_argument("--seed", type=SEED, default=None, help="seed for the same tasks again")
    parser.add_argument(
        "--level",
        type=WholeNumber(MIN_LEVEL, MAX_LEVEL),
        default=MIN_LEVEL,
        help=f"starting difficulty, {MIN_LEVEL}-{MAX_LEVEL} (default {MIN_LEVEL})",
    )
    parser.add_argument(
        "--kind", action="append", default=None, help="only this task kind (repeatable)"
    )


def ask(console: Console, question: Question) -> str | None:
    """Prompt until the text reads as an answer (None: the learner quits)."""
    console.print(f"[bold]{question.prompt}[/]")
    if question.choices:
        console.print("  ".join(f"{i + 1}) {c}" for i, c in enumerate(question.choices)))
    console.print(f"[dim]Answer: {question.form}[/]")
    while True:
        text = ask_line(console, "▸ ")
        if text is None or text.lower() in ("quit", "q"):
            return None
        try:
            question.mark(text)
        except AnswerError as err:
            refuse(console, str(err))
            continue
        return text


def practise(console: Console, session: PracticeSession) -> None:
    """Ask every task, check and explain it, then print the summary."""
    while not session.done:
        task: Task = session.task()
        console.rule(
            f"Task {session.index + 1} of {session.count} · level {task.level} · {task.title}"
        )
        console.print(Panel(task.table, expand=False))
        answers = []
        for question in task.questions:
            text = ask(console, question)
            if text is None:
                console.print("Stopped.")
                break
            answers.append(text)
        else:
            verdict = session.answer(answers)
            if verdict.correct:
                console.print("[green]✓ Right.[/]")
            else:
                wrong = [
                    f"{q.prompt} → {answer}"
                    for q, answer, mark in zip(
                        task.questions, verdict.expected, verdict.marks, strict=True
                    )
                    if not mark
                ]
                console.print("[red]✗ Not quite.[/] " + " ".join(wrong))
            console.print(task.explanation)
            continue
        break
    console.rule("Summary")
    for line in session.summary().lines():
        console.print(line)


def run(args: argparse.Namespace) -> int:
    """Practise ``--count`` tasks."""
    seed = args.seed if args.seed is not None else secrets.randbelow(2**31)
    session = PracticeSession(get_aids(args.game), args.count, seed, args.level, args.kind)
    console = Console(highlight=False)
    kinds = ", ".join(session.kinds)
    console.print(
        f"[bold]Practice[/]: {args.count} tasks ({kinds}), seed {seed}. "
        "A right answer raises the level, a wrong one lowers it. 'quit' stops."
    )
    practise(console, session)
    return 0
