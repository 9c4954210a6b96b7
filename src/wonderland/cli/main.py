"""``wonderland``: play, simulate and replay the Wonderland games."""

from __future__ import annotations

import argparse
import importlib
import os
import re
import sys
from collections.abc import Callable, Sequence
from typing import NoReturn

from rich.console import Console

from wonderland import __version__
from wonderland.core import WonderlandError, game_ids
from wonderland.terminal.arguments import check_outputs
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
    "export": ("wonderland.cli.export", "turn finished games into a dataset for learning"),
    "train": ("wonderland.cli.train", "train the learned bot's policy by imitation and self-play"),
}


class Parser(argparse.ArgumentParser):
    """An argument parser whose refusals read like the command's other errors: the usage,
    then ``error: wonderland play: --seat must be at least 1, not 0`` (exit status 2)."""

    def error(self, message: str) -> NoReturn:
        """Print the usage and the refusal; exit with status 2."""
        self.print_usage(sys.stderr)
        sentence = re.sub(r"^argument ([^:]+): (must )", r"\1 \2", message)
        print_error(f"{self.prog}: {sentence}")
        self.exit(2)


def build_parser() -> argparse.ArgumentParser:
    """The argument parser with every subcommand."""
    parser = Parser(
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
    try:
        args = parser.parse_args(argv)
    except SystemExit as stop:  # --help, --version (0) or a refused argument (2)
        return stop.code if isinstance(stop.code, int) else 2
    handler: Callable[[argparse.Namespace], int] = args.handler
    try:
        check_outputs(args)  # before any game is played or any run computed
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
    except OSError as err:  # a file or folder that failed after the checks (a full disk…)
        print_error(os_error_text(err))
        return 1


def os_error_text(err: OSError) -> str:
    """``/x/y.json: No space left on device``, rather than a traceback."""
    if err.filename is None:
        return str(err)
    return f"{err.filename}: {err.strerror or err}"


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
