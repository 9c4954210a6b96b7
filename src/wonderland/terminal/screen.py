"""The terminal table's screen: what is shown, and the answers read, line by line.

A line screen prints through the console and asks with the console's prompt.  A paged screen
(a game's face asks for one) fits each screen to the terminal and lets a long log wait for
Enter, but only when a person reads it (standard input and output are terminals); piped
answers (``yes 1 | wonderland play …``) see every line at once.  Either way the end of the
input leaves the table as ``q`` does: :class:`Quit`.
"""

from __future__ import annotations

import sys
from collections.abc import Sequence
from dataclasses import dataclass

from rich.console import Console, RenderableType
from rich.text import Text

from wonderland.terminal.words import with_rule_words

MORE = "-- more: Enter goes on, q saves and leaves -- "


class Quit(Exception):  # noqa: N818 - what the person does
    """The person leaves the table (``q``, or the end of the input): the game is saved."""


@dataclass(frozen=True, slots=True)
class Part:
    """A part of a screen; one that is not ``kept`` gives way when room is short."""

    body: RenderableType
    kept: bool = True
    name: str = ""


def ask_line(console: Console, prompt: str) -> str | None:
    """One answer to ``prompt``, stripped; None at the end of the input (Ctrl-D), after which
    the next line starts below the prompt."""
    try:
        return console.input(prompt).strip()
    except EOFError:
        console.print()
        return None


def pages_wait() -> bool:
    """Whether screens are fitted to the terminal and a long log waits for Enter: only when a
    person reads them (standard input and output are terminals), not when answers are piped."""
    return sys.stdin.isatty() and sys.stdout.isatty()


class Screen:
    """The console, counting the lines shown since the last answer: when paged, a screen fits
    below the log or starts a new page, and a log never scrolls out unread (Enter shows more)."""

    def __init__(self, console: Console, paged: bool = False) -> None:
        self.console = console
        self.paged = paged
        self.used = 0
        self.paging = paged and pages_wait()
        self.prompting = False
        """Whether an answer is being read (the cursor is on the prompt's line)."""

    @property
    def page(self) -> int:
        """Lines above the prompt line."""
        return max(4, self.console.height - 1)

    def height(self, body: RenderableType) -> int:
        """Lines ``body`` takes at the console's width."""
        return len(self.console.render_lines(body, self.console.options, pad=False))

    def ask(self, prompt: str) -> str:
        """One answer, stripped (a paged screen leaves its prompt to ``input``, a line screen
        prints it through the console); the end of the input leaves the table."""
        self.prompting = True  # until answered: Ctrl-C leaves the cursor on the prompt's line
        try:
            answer = input(prompt) if self.paged else self.console.input(prompt)
        except EOFError:  # Ctrl-D: what follows starts on a line of its own
            self.console.print()
            raise Quit from None
        self.prompting = False
        self.used = 0
        return answer.strip()

    def more(self) -> None:
        """Wait before the next page (``q`` leaves)."""
        if self.used and self.paging and self.ask(MORE).lower() in ("q", "quit"):
            raise Quit

    def make_room(self, lines: int) -> None:
        """A new page first unless ``lines`` more fit on this one."""
        if self.paging and self.used + lines > self.page:
            self.more()

    def show(self, body: RenderableType) -> None:
        """Print ``body``, a page at a time (rule clauses in brackets read "rule P14")."""
        body = with_rule_words(body)
        if not self.paging:
            self.console.print(body)
            return
        lines = self.console.render_lines(body, self.console.options, pad=False)
        for line in lines:
            if self.used >= self.page:
                self.more()
            text = Text()
            for segment in line:
                text.append(segment.text, segment.style)
            text.rstrip()
            self.console.print(text)
            self.used += 1

    def screen(self, parts: Sequence[Part]) -> None:
        """The parts that fit below the log, in their order: all of them if they fit, else
        the kept ones and as many others as fit, with a note naming the rest; a new page when
        even the kept ones do not fit."""
        if not self.paging:
            for part in parts:
                self.console.print(with_rule_words(part.body))
            return
        heights = [self.height(p.body) for p in parts]
        room = self.page - self.used
        chosen = _fit(parts, heights, room)
        if chosen is None:
            self.more()
            chosen = _fit(parts, heights, self.page) or list(range(len(parts)))
        left_out = [p.name for i, p in enumerate(parts) if i not in chosen and p.name]
        for i in chosen:
            self.show(parts[i].body)
        if left_out:
            self.show(Text(f"(no room for {', '.join(left_out)}: 'table' shows them)", "dim"))


def _fit(parts: Sequence[Part], heights: Sequence[int], room: int) -> list[int] | None:
    """The parts shown in ``room`` lines: all, or the kept ones and what else fits (None: not
    even the kept ones fit)."""
    if sum(heights) <= room:
        return list(range(len(parts)))
    kept = [i for i, p in enumerate(parts) if p.kept]
    used = sum(heights[i] for i in kept) + 1  # the note
    if used > room:
        return None
    chosen = set(kept)
    for i, part in enumerate(parts):
        if not part.kept and used + heights[i] <= room:
            chosen.add(i)
            used += heights[i]
    return sorted(chosen)
