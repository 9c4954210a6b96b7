"""Alice in Wonderdice compiled with numba for bulk simulation (the extra ``wonderland[fast]``).

The discrete-event simulation of ``sim/wonderdice.py`` -- the real-time driver, the speed
model and the ``random`` and ``greedy`` bots -- runs whole games inside compiled loops over
small integer arrays (the random generator and the compiling options are
``wonderland.compiled``'s).  Every rules step mirrors the plain engine (``rules.py``), which
the tests prove by replaying the plain simulation's recorded events through both and comparing
the states after every event.  Nothing here is imported by the plain engine: load the
modules only after :func:`numba_available` (or through ``wonderland.sim``).

=============  ===========================================================================
``rules``      the state arrays and the steps: deal, rolls' actions, blocks, rounds, abilities
``policies``   the random and greedy choices (greedy as ``bots/wonderdice_greedy.py``)
``runner``     the event loop: whole games and batches of games in one compiled call
``bridge``     plain states to compiled state arrays, for the tests and the search
``search``     each roll's actions rolled out to the end of the round (``bots/fast_search.py``)
=============  ===========================================================================
"""

from __future__ import annotations

from wonderland.compiled import INSTALL_HINT, numba_available

__all__ = ["INSTALL_HINT", "POLICY_NAMES", "numba_available"]

POLICY_NAMES = ("random", "greedy")
"""The bots that have a compiled policy (``policies.py``), by their plain names."""
