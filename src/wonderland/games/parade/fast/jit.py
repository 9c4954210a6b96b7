"""How the fast engine compiles: ``numba.njit(cache=True)``, without reference counting.

The compiled functions allocate nothing (every array comes from the caller), so they run
without numba's reference counting (``_nrt=False``), which would otherwise cost two atomic
operations per array argument of every inlined call.  Compiled code is cached on disk next
to the sources; numba checks only the file of the function it loads, so after editing
``rules.py`` or ``rng.py`` delete the ``*.nbi``/``*.nbc`` files under ``__pycache__``.
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
    """``function`` compiled in nopython mode, cached, without reference counting."""
    options: dict[str, Any] = {"cache": True, "_nrt": False}
    return cast(F, numba.njit(**options)(function))
