"""``wonderland``: play, simulate and replay the Wonderland games."""

from __future__ import annotations

import argparse
import importlib
import os
import sys
from collections.abc import Callable, Sequence

from rich.console import Console

from wonderland import __version__
from wonderland.core import WonderlandError, game_ids
from wonderland.terminal.messages import print_error

# Each subcommand lives in its own module: ``add_arguments(parser)`` and ``run(args) -> int``.
COMMANDS: dict[str, tuple[str, str]] = {
    "play": ("wonderland.cli.play", "play a game in the terminal against bots"),
    "simulate": ("wonderland.cli.simulate", "simulate many bot games and summarise them"),
    "replay": ("wonderland.cli.replay", "replay a game record step by step"),
    "report": ("wonderland.cli.report", "write report.html with plots for simulation runs"),
    "sweep": ("wonderland.cli.sweep", "simulate a grid of variants and report the comparison"),
    "teach": ("wonderland.cli.teach", "learn a game step by step on a real table"),
    "practice": ("wonderland.cli.practice", "practise the tricky rules with checked tasks"),
    "score": ("wonderland.cli.score", "score a physical game and explain the winner"),
    "rules": ("wonderland.cli.rules", "the rules as implemented: by clause, by search, variants"),
    "serve": ("wonderland.cli.serve", "start the web table (http://127.0.0.1:8000)"),
    "content": ("wonderland.cli.content", "validate a content pack or export its JSON Schemas"),
    "ladder": ("wonderland.cli.ladder", "rate bots in a seeded round-robin tournament (Elo)"),
}


def build_parser() -> argparse.ArgumentParser:
    """The argument parser with every subcommand."""
    parser = argparse.ArgumentParser(
        prog="wonderland",
        description=f"Wonderland Table: play, teach, study and simulate {', '.join(game_ids())}.",
    )
    parser.add_argument("--version", action="version", version=f"wonderland {__version__}")
    commands = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")
    for name, (module_name, help_text) in COMMANDS.items():
        module = importlib.import_module(module_name)
        sub = commands.add_parser(name, help=help_text, description=help_text)
        module.add_arguments(sub)
        sub.set_defaults(handler=module.run)
    return parser


EXIT_BROKEN_PIPE = 141
"""The status of a command whose reader went away (``| head``): 128 + SIGPIPE, what the shell
reports for ``yes | head`` and other tools stopped by a closed pipe."""


def main(argv: Sequence[str] | None = None) -> int:
    """Entry point; returns the exit status (2 for bad input, with a message on stderr; 141
    when the output's reader closed the pipe early)."""
    parser = build_parser()
    args = parser.parse_args(argv)
    handler: Callable[[argparse.Namespace], int] = args.handler
    try:
        status = handler(args)
        sys.stdout.flush()  # a closed pipe shows here, not in the interpreter's last flush
        return status
    except BrokenPipeError:
        _discard_stdout()
        return EXIT_BROKEN_PIPE
    except SystemExit as stop:
        if isinstance(stop.__context__, BrokenPipeError):  # rich's console stops itself so
            return EXIT_BROKEN_PIPE  # (status 1, stdout already on the null device)
        raise
    except WonderlandError as err:
        print_error(str(err))
        return 2
    except KeyboardInterrupt:
        Console(stderr=True).print("interrupted")
        return 130


def _discard_stdout() -> None:
    """Point standard output at the null device, so that nothing left in its buffer fails
    again (with a traceback) when the interpreter flushes it on exit."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        os.close(devnull)
    except (OSError, ValueError):  # stdout is no file (a test's capture): nothing to flush
        pass


if __name__ == "__main__":
    sys.exit(main())
