"""Parade compiled with numba for bulk simulation (the optional extra ``wonderland[fast]``).

Whole games of the ``random`` and ``greedy`` policies run inside compiled loops over small
integer arrays; every step mirrors the plain engine (``game.py``), which the tests prove
by replaying recorded games step by step.  Nothing here is imported by the plain engine:
load the modules only after :func:`numba_available` (or through ``wonderland.sim``).

=============  ===========================================================================
``rng``        a counter-based random generator (SplitMix64 of key and counter)
``rules``      the state arrays and the steps: deal, play, draw, keep, tie-break, scoring
``policies``   the random and greedy choices (greedy as ``bots/parade_greedy.py``)
``runner``     whole games and batches of games in one compiled call
``bridge``     plain states to compiled state arrays and back, for the tests
=============  ===========================================================================
"""

from __future__ import annotations

import importlib.util

INSTALL_HINT = "the fast engine needs numba: pip install 'wonderland[fast]'"
POLICY_NAMES = ("random", "greedy")
"""The bots that have a compiled policy (``policies.py``), by their plain names."""


def numba_available() -> bool:
    """Whether numba can be imported (without importing it)."""
    return importlib.util.find_spec("numba") is not None
