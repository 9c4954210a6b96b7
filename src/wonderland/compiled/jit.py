"""How the fast engines compile: ``numba.njit(cache=True)`` without reference counting.

The compiled functions allocate nothing (every array comes from the caller), so they run
without numba's reference counting (``_nrt=False``), which would otherwise cost two atomic
operations per array argument of every call.  Functions are inlined into their callers at
numba's level (:func:`compiled`, ``inline="always"``): otherwise every call between compiled
functions is an indirect call that passes each array as its pointer, shape and strides and
checks a status on return (inlined, a random Parade game costs about a sixth less).  A few
large steps called from several places (Wonderdice's listing of a roll's actions, applying an
action, the greedy choice) stay separate functions (:func:`compiled_call`), so that the event
loop compiles in seconds.

Compiled code is cached on disk next to the sources; numba checks only the file of the
function it loads, so after editing a module whose functions another module inlines (a
game's ``rules.py``, this package's ``rng.py``) delete the ``*.nbi``/``*.nbc`` files under
``__pycache__``.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar, cast

import numba
import numpy as np

F = TypeVar("F", bound=Callable[..., Any])
Int = int | np.integer[Any]
"""An integer inside compiled code: a Python int or a numpy integer of any width."""


def compiled(function: F) -> F:
    """``function`` compiled in nopython mode, cached, inlined into compiled callers,
    without reference counting."""
    options: dict[str, Any] = {"cache": True, "_nrt": False, "inline": "always"}
    return cast(F, numba.njit(**options)(function))


def compiled_call(function: F) -> F:
    """``function`` compiled in nopython mode, cached, without reference counting, and
    called (not inlined) from compiled code."""
    options: dict[str, Any] = {"cache": True, "_nrt": False}
    return cast(F, numba.njit(**options)(function))
