"""What the games' compiled engines share (the optional extra ``wonderland[fast]``).

============  =============================================================================
``jit``       how functions are compiled: numba's nopython mode, cached, without reference
              counting; inlined helpers and separately called steps
``rng``       a counter-based random generator (SplitMix64 of key and counter): integers below
              a bound, uniform and normal floats
``budget``    a search's iterations and time, run in compiled chunks with the clock between
``policies``  bots' names to a game's compiled policy ids
============  =============================================================================

``jit`` and ``rng`` import numba; this package itself does not, so :func:`numba_available` can be
asked first.
"""

from __future__ import annotations

import importlib.util

INSTALL_HINT = "the fast engine needs numba: pip install 'wonderland[fast]'"


def numba_available() -> bool:
    """Whether numba can be imported (without importing it)."""
    return importlib.util.find_spec("numba") is not None
