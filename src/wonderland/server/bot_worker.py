"""Bot decisions in worker processes: the event loop never runs a bot."""

from __future__ import annotations

import os
import threading
import time
from typing import Any

from wonderland.bots import Advice, make_bot
from wonderland.core import get_game

PARENT_POLL_SECONDS = 0.5
"""How often a worker looks whether the server that started it is still there."""


def decide(game_id: str, bot_name: str, seed: int, view: Any, legal: list[int]) -> int:
    """One bot decision from a seat's view and legal actions (runs in a worker process)."""

    return make_bot(bot_name, game_id, seed).choose(get_game(game_id), view, legal)


def advise(game_id: str, level: str, seed: int, view: Any, legal: list[int]) -> Advice:
    """A level's advice for a seat's view and legal actions (runs in a worker process)."""

    return make_bot(level, game_id, seed).advise(get_game(game_id), view, legal)


def watch_parent(parent: int) -> None:
    """The initializer of a worker: a daemon thread ends the worker as soon as its parent,
    the server, is gone (killed with SIGKILL too, when no shutdown code runs), so no worker
    outlives it; the pool's resource tracker then sees its last pipe close and ends too."""

    def watch() -> None:
        while os.getppid() == parent:
            time.sleep(PARENT_POLL_SECONDS)
        os._exit(0)  # not sys.exit: no cleanup may wait on the dead parent

    threading.Thread(target=watch, name="watch-parent", daemon=True).start()
