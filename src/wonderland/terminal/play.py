"""``wonderland play``: a game at the terminal table, with the face its plugin declares."""

from __future__ import annotations

import argparse

from rich.console import Console

from wonderland.core import ConfigError, get_game, get_plugin
from wonderland.terminal.face import Face
from wonderland.terminal.records import record_path, table_setup
from wonderland.terminal.table import FaceOfTable, TerminalTable

CONTENT_CHANGED = "the content pack of this game has changed since it was saved; it cannot go on"


def terminal_face(game_id: str) -> FaceOfTable:
    """The face the game declares, or the generic one."""
    ref = get_plugin(game_id).terminal
    if ref is None:
        return Face()
    face: FaceOfTable = ref.load()
    return face


def play(args: argparse.Namespace) -> int:
    """``wonderland play GAME`` (or ``--resume FILE``): the game at the terminal table, its
    record always saved (130: interrupted)."""
    game = get_game(args.game)
    path = record_path(args, game.spec.id)  # a game is never played into an unwritable path
    face = terminal_face(args.game)
    setup = table_setup(args, game, face.players or game.spec.min_players, face.bot)
    console = Console(highlight=False)
    table = TerminalTable(game, face, setup, console, bool(getattr(args, "hints", False)))
    resumed = getattr(args, "resumed", None)
    saved_hash = resumed.record.content_hash if resumed is not None else None
    if saved_hash not in (None, face.content_hash(table.state)):
        raise ConfigError(CONTENT_CHANGED)
    loop = face.loop(table)
    table.greet()
    return table.run(loop, path)
