"""Error and refusal messages: printed whole, never hard-wrapped at the terminal's width.

A path or a ``file:key: reason`` locator must stay one unbroken line so that it can be copied
and found with ``grep``; tables and screens still lay themselves out for the terminal.
"""

from __future__ import annotations

from rich.console import Console
from rich.markup import escape


def refuse(console: Console, text: str) -> None:
    """One refusal in red, on one logical line whatever the console's width."""
    console.print(f"[red]{escape(text)}[/]", soft_wrap=True, highlight=False)


def say(console: Console, markup: str) -> None:
    """A line of console markup printed without hard wrapping."""
    console.print(markup, soft_wrap=True, highlight=False)


def show_command(console: Console, command: str) -> None:
    """A command for the person to type, on its own indented line, never wrapped by the
    console (a long one runs on at the terminal's edge, but stays one line to copy)."""
    console.print(f"  {escape(command)}", soft_wrap=True, highlight=False, markup=True)


def print_error(text: str) -> None:
    """``error: …`` on standard error, unwrapped."""
    say(Console(stderr=True), f"[bold red]error:[/] {escape(text)}")
