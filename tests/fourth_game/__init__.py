"""A fourth game, outside the ``wonderland`` package, found the way the built-in games are.

``wonderland_nim`` is the game's whole folder and ``wonderland_nim-0.1.dist-info`` declares
its entry point in the ``wonderland.games`` group: putting this directory on ``sys.path`` (or
``PYTHONPATH``) installs the game, and ``importlib.metadata`` finds it.  Nothing else in the
repository names it; ``tests/test_fourth_game.py`` proves that the generic layers (simulation,
the server, the learning environments, the conformance suite) take it as it is.

This directory is a package of ``tests`` (and the game uses relative imports) so that pytest's
doctest collection imports the game's modules as ``tests.fourth_game.wonderland_nim.*``
without putting this directory on ``sys.path``; the game stays uninstalled unless a test
installs it.
"""

from pathlib import Path

FOURTH_GAME = Path(__file__).resolve().parent
"""The directory whose place on ``sys.path`` installs the game (the ``nim_installed`` fixture)."""
