"""Alice in Wonderdice compiled with numba for bulk simulation (the extra ``wonderland[fast]``).

The discrete-event simulation of ``sim/wonderdice.py`` -- the real-time driver, the speed
model and the ``random`` and ``greedy`` bots -- runs whole games inside compiled loops over
small integer arrays.  Every rules step mirrors the plain engine (``rules.py``), which the
tests prove by replaying the plain simulation's recorded events through both and comparing
the states after every event.  Nothing here is imported by the plain engine: load the
modules only after :func:`numba_available` (or through ``wonderland.sim``).

=============  ===========================================================================
``rng``        a counter-based random generator (SplitMix64 of key and counter), normals
``rules``      the state arrays and the steps: deal, rolls' actions, blocks, rounds, abilities
``policies``   the random and greedy choices (greedy as ``bots/wonderdice_greedy.py``)
``runner``     the event loop: whole games and batches of games in one compiled call
``bridge``     plain states to compiled state arrays, for the tests
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
