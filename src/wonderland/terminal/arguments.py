"""Checked command-line values: numbers within their range, output paths that can be written.

Every numeric option of the ``wonderland`` command parses with one of the types here, so a
value out of range is refused by the parser with a sentence (``--port must be from 1 to
65535, not 99999``) before any work starts.  Output paths are declared
with :func:`add_output`, which also gives the command ``--mkdir``; :func:`check_outputs`
checks them all (a missing folder is named, an unwritable one refused) before the command
runs, so that no game is played and no run computed into a path that cannot be written.
"""

from __future__ import annotations

import argparse
import math
import os
import tempfile
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Literal

from wonderland.core import ConfigError

OutputKind = Literal["file", "folder"]


@dataclass(frozen=True, slots=True)
class WholeNumber:
    """An argparse type: a whole number from ``low`` (to ``high``), refused in a sentence."""

    low: int
    high: int | None = None

    def __call__(self, text: str) -> int:
        try:
            value = int(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"expected a whole number, not {text!r}") from None
        if value < self.low or (self.high is not None and value > self.high):
            raise argparse.ArgumentTypeError(f"must be {self.span}, not {value}")
        return value

    @property
    def span(self) -> str:
        """``at least 1`` or ``from 1 to 65535``."""
        return f"at least {self.low}" if self.high is None else f"from {self.low} to {self.high}"


@dataclass(frozen=True, slots=True)
class Number:
    """An argparse type: a finite number above ``low`` (or from ``low``, when ``inclusive``)."""

    low: float = 0.0
    inclusive: bool = False

    def __call__(self, text: str) -> float:
        try:
            value = float(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"expected a number, not {text!r}") from None
        above = value >= self.low if self.inclusive else value > self.low
        if not above or not math.isfinite(value):
            span = f"{self.low:g} or more" if self.inclusive else f"above {self.low:g}"
            raise argparse.ArgumentTypeError(f"must be a number {span}, not {text}")
        return value


positive_number = Number(0.0)
"""Seconds, a rate: above 0."""
non_negative_number = Number(0.0, inclusive=True)
"""A delay: 0 or more."""

COUNT = WholeNumber(1)
"""How many games, tasks, workers, seats …: at least 1."""
NON_NEGATIVE = WholeNumber(0)
"""A count that may be 0."""
SEAT_NUMBER = WholeNumber(1)
"""A seat as people count it, from 1 (see :func:`seat_index`)."""
SEED = WholeNumber(0, 2**63 - 1)
"""A seed: what the random generators and the compiled engines accept."""
PORT = WholeNumber(1, 65535)
"""A TCP port."""


def seat_index(text: str) -> int:
    """An argparse type: a seat as people count it, from 1 (``--seat 1`` is the first seat),
    returned as the seat's index, from 0; its upper bound is the table's (:func:`check_seat`).

    >>> seat_index("1")
    0
    """
    return SEAT_NUMBER(text) - 1


def check_seat(seat: int | None, seats: int) -> None:
    """ConfigError unless ``seat`` (``--seat``'s index; None: not given) is one of a table's
    seats, which people count from 1."""
    if seat is not None and not 0 <= seat < seats:
        raise ConfigError(f"--seat {seat + 1}: this game has seats 1-{seats}")


# -- output paths ----------------------------------------------------------------------------
MKDIR = "--mkdir"


def add_output(
    parser: argparse.ArgumentParser, flag: str, kind: OutputKind, **options: Any
) -> None:
    """Add the output option ``flag`` (a ``file`` or a ``folder`` the command writes), checked
    by :func:`check_outputs` before the command runs; the command gets ``--mkdir`` with it."""
    action = parser.add_argument(flag, type=Path, **options)
    outputs: tuple[tuple[str, str, str], ...] = parser.get_default("outputs") or ()
    if not outputs:
        parser.add_argument(
            MKDIR, action="store_true", help="create the missing folders of the output paths"
        )
    parser.set_defaults(outputs=(*outputs, (action.dest, flag, kind)))


def check_outputs(args: argparse.Namespace) -> None:
    """Check every output path given to the command (see :func:`check_output`)."""
    for dest, flag, kind in getattr(args, "outputs", ()):
        path = getattr(args, dest, None)
        if path is not None:
            check_output(Path(path), kind, flag, bool(getattr(args, "mkdir", False)))


def check_output(path: Path, kind: OutputKind, flag: str, mkdir: bool) -> None:
    """ConfigError unless the command can write ``path``: a ``file`` in an existing folder, a
    ``folder`` that exists or whose parent does.  A missing folder is named, or created when
    ``mkdir`` is set; writing is tried (and undone) so that a read-only or virtual folder
    (``/proc``) is refused now, not after the work."""
    if kind == "file" and path.is_dir():
        raise ConfigError(f"{flag} {path}: that is a folder; name a file")
    if kind == "folder" and path.exists() and not path.is_dir():
        raise ConfigError(f"{flag} {path}: that is a file; name a folder")
    folder = path if kind == "folder" and path.is_dir() else path.parent
    if not folder.is_dir():
        existing = next(p for p in folder.parents if p.exists())
        missing = next(p for p in [folder, *folder.parents] if p.parent == existing)
        if not existing.is_dir():
            raise ConfigError(f"{flag} {path}: {existing} is a file, not a folder")
        if not mkdir:
            raise ConfigError(
                f"{flag} {path}: the folder {missing} does not exist ({MKDIR} creates it)"
            )
        _try_writing(existing, flag, path)
        try:
            folder.mkdir(parents=True, exist_ok=True)
        except OSError as err:
            raise ConfigError(f"{flag} {path}: cannot create {folder}: {err.strerror}") from None
    _try_writing(folder, flag, path)


def _try_writing(folder: Path, flag: str, path: Path) -> None:
    """Create and remove a file in ``folder``; ConfigError saying why that failed."""
    try:
        handle, probe = tempfile.mkstemp(prefix=".wonderland-", suffix=".tmp", dir=folder)
    except OSError as err:
        raise ConfigError(
            f"{flag} {path}: cannot create files in {folder} ({err.strerror})"
        ) from None
    os.close(handle)
    os.unlink(probe)
