"""A rich progress bar for simulation runs: games done, games/s, elapsed time and ETA."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field

from rich.console import Console
from rich.progress import (
    BarColumn,
    MofNCompleteColumn,
    Progress,
    TaskID,
    TextColumn,
    TimeElapsedColumn,
    TimeRemainingColumn,
)


@dataclass
class RunProgress:
    """Callbacks for ``run_simulation``: ``start(total, already_done)`` and ``advance(n)``."""

    progress: Progress
    title: str
    task: TaskID | None = None
    played: int = field(default=0)

    def start(self, total: int, already_done: int) -> None:
        """Show the bar, filled with the games a resumed run already has."""
        note = f" (resumed, {already_done} stored)" if already_done else ""
        self.task = self.progress.add_task(
            self.title + note, total=total, completed=already_done, rate="-"
        )

    def advance(self, games: int) -> None:
        """Count ``games`` more finished games and refresh the rate."""
        assert self.task is not None
        self.played += games
        elapsed = self.progress.tasks[self.task].elapsed or 0.0
        rate = f"{self.played / elapsed:,.0f}" if elapsed > 0 else "-"
        self.progress.update(self.task, advance=games, rate=rate)


@contextmanager
def run_progress(console: Console, title: str, hidden: bool = False) -> Iterator[RunProgress]:
    """A live bar on ``console`` (``hidden``: nothing shown)."""
    with Progress(
        TextColumn("[bold]{task.description}[/]"),
        BarColumn(),
        MofNCompleteColumn(),
        TextColumn("{task.fields[rate]} games/s"),
        TimeElapsedColumn(),
        TextColumn("ETA"),
        TimeRemainingColumn(),
        console=console,
        disable=hidden,
    ) as progress:
        yield RunProgress(progress, title)
