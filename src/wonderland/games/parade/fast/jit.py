"""How the fast engine compiles: ``numba.njit(cache=True)``, inlined, without reference
counting.

The compiled functions allocate nothing (every array comes from the caller), so they run
without numba's reference counting (``_nrt=False``), which would otherwise cost two atomic
operations per array argument of every inlined call.  Each function is inlined into its
callers at numba's level (``inline="always"``): otherwise every call between compiled
functions is an indirect call that passes each array as its pointer, shape and strides, and
checks a status on return (``play_batch`` held over a hundred such call sites; inlined, a
random game costs about a sixth less, and a cold compile takes a few seconds more).

Compiled code is cached on disk next to the sources; numba checks only the file of the
function it loads, so after editing ``rules.py`` or ``rng.py`` delete the
``*.nbi``/``*.nbc`` files under ``__pycache__``.
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
