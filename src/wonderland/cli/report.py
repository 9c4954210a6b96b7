"""``wonderland report DIR``: ``report.html`` with plots for a run, two runs or a sweep."""

from __future__ import annotations

import argparse
from pathlib import Path

from rich.console import Console
from rich.markup import escape

from wonderland.sim.report import write_report
from wonderland.terminal.arguments import add_output
from wonderland.terminal.messages import say


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """Options of ``report``."""
    parser.add_argument("dir", type=Path, help="a folder written by simulate --out or by sweep")
    parser.add_argument(
        "--compare",
        type=Path,
        default=None,
        metavar="DIR2",
        help="a second run to put side by side with the first",
    )
    add_output(
        parser,
        "--output",
        "file",
        default=None,
        metavar="FILE",
        help="where to write the page (default DIR/report.html; plots beside it)",
    )


def run(args: argparse.Namespace) -> int:
    """Write the report and say where it is."""
    paths = [args.dir] + ([args.compare] if args.compare is not None else [])
    page = write_report(paths, args.output)
    say(Console(), f"report written to {escape(str(page))}")
    return 0
