"""Progress of long runs: a rich bar at a terminal (games done, games/s, elapsed time, ETA),
plain lines (``Parade ladder: 120/400 games``) in a log or a pipe."""

from __future__ import annotations

import math
import time
from collections.abc import Callable, Iterator
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


LINE_SECONDS = 10.0
"""Plain progress lines come at least this often while games finish."""


@dataclass
class LineProgress:
    """Progress as plain lines, for a console that is no terminal (a log, a pipe, CI): a line
    every tenth of the games, at least every :data:`LINE_SECONDS` while games finish, and
    when the last game ends."""

    console: Console
    title: str
    total: int
    done: int = 0
    clock: Callable[[], float] = time.monotonic
    _start: float = field(init=False, default=0.0)
    _said: float = field(init=False, default=0.0)
    _step: int = field(init=False, default=1)
    _next: int = field(init=False, default=0)

    def __post_init__(self) -> None:
        self._start = self._said = self.clock()
        self._step = max(1, math.ceil(self.total / 10))
        self._next = (self.done // self._step + 1) * self._step

    def advance(self, games: int = 1) -> None:
        """Count ``games`` more finished games; print a line when one is due."""
        self.done += games
        now = self.clock()
        if self.done >= self._next or self.done >= self.total or now - self._said >= LINE_SECONDS:
            self._said = now
            self._next = (self.done // self._step + 1) * self._step
            self.console.print(
                f"{self.title}: {self.done}/{self.total} games ({now - self._start:.0f} s)",
                markup=False,
                highlight=False,
                soft_wrap=True,
            )


class BarProgress:
    """A rich bar's task, advanced like :class:`LineProgress`."""

    def __init__(self, progress: Progress, task: TaskID) -> None:
        self.progress, self.task = progress, task

    def advance(self, games: int = 1) -> None:
        self.progress.update(self.task, advance=games)


@contextmanager
def game_progress(
    console: Console, title: str, total: int, done: int = 0, hidden: bool = False
) -> Iterator[LineProgress | BarProgress | None]:
    """The progress of ``total`` games, ``done`` of them already played: a transient bar at a
    terminal, plain lines otherwise, nothing when ``hidden``.  Yields what to ``advance``."""
    if hidden:
        yield None
    elif not console.is_terminal:
        yield LineProgress(console, title, total, done)
    else:
        with Progress(
            TextColumn(f"[bold]{title}[/]"),
            BarColumn(),
            MofNCompleteColumn(),
            TimeElapsedColumn(),
            console=console,
            transient=True,
        ) as progress:
            yield BarProgress(progress, progress.add_task("games", total=total, completed=done))
