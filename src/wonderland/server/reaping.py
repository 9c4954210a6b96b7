"""No bot worker outlives the server that started it, however the server ends (SIGKILL too,
when no shutdown code runs). Each worker asks the kernel for ``SIGKILL`` the moment its parent
dies (Linux's ``prctl(PR_SET_PDEATHSIG)``), first thing after it starts, and looks whether the
parent is already gone (it may have died while the worker was starting); a thread that looks
again twice a second is the fallback where ``prctl`` does not exist. This module imports
nothing heavy, so a worker is covered before it loads the games and the bots."""

from __future__ import annotations

import ctypes
import os
import signal
import sys
import threading
import time

PR_SET_PDEATHSIG = 1
PARENT_POLL_SECONDS = 0.5
"""How often a worker without ``prctl`` looks whether the server is still there."""


def die_with_parent() -> bool:
    """Ask the kernel to kill this process when its parent dies; whether it could."""
    if not sys.platform.startswith("linux"):
        return False
    try:
        libc = ctypes.CDLL(None, use_errno=True)
        return int(libc.prctl(PR_SET_PDEATHSIG, signal.SIGKILL, 0, 0, 0)) == 0
    except (OSError, AttributeError):
        return False


def watch_parent(parent: int) -> None:
    """The initializer of a bot worker whose server is ``parent``: it ends with the server."""
    asked = die_with_parent()
    if os.getppid() != parent:  # the server died before the request was made
        os._exit(0)  # not sys.exit: no cleanup may wait on the dead parent
    if asked:
        return

    def watch() -> None:
        while os.getppid() == parent:
            time.sleep(PARENT_POLL_SECONDS)
        os._exit(0)

    threading.Thread(target=watch, name="watch-parent", daemon=True).start()
