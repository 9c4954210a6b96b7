"""Parade compiled with numba for bulk simulation (the optional extra ``wonderland[fast]``).

Whole games of the ``random`` and ``greedy`` policies run inside compiled loops over small
integer arrays (the random generator and the compiling options are ``wonderland.compiled``'s);
every step mirrors the plain engine (``game.py``), which the tests prove by replaying recorded
games step by step.  Nothing here is imported by the plain engine:
load the modules only after :func:`numba_available` (or through ``wonderland.sim``).

=============  ===========================================================================
``rules``      the state arrays and the steps: deal, play, draw, keep, tie-break, scoring
``policies``   the random and greedy choices (greedy as ``bots/greedy.py``)
``heuristic``  the heuristic bot's prices (``bots/heuristic.py``), the search's rollouts
``search``     ISMCTS from a seat's view (``search_view``), the ``hard`` and ``expert`` levels
``runner``     whole games and batches of games in one compiled call
``bridge``     plain states to compiled state arrays and back, for the tests
=============  ===========================================================================
"""

from __future__ import annotations

from wonderland.compiled import INSTALL_HINT, numba_available

__all__ = ["INSTALL_HINT", "POLICY_NAMES", "numba_available"]

POLICY_NAMES = ("random", "greedy")
"""The bots that have a compiled policy (``policies.py``), by their plain names."""
