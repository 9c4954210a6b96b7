"""Bots' names to the compiled policy ids a game's compiled engine plays by."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

import numpy as np


def policy_ids(names: Sequence[str], policies: Mapping[str, int]) -> np.ndarray:
    """The ids in ``policies`` of bot names, as int64 (ValueError for a name without a
    compiled policy).

    >>> policy_ids(["greedy", "random"], {"random": 0, "greedy": 1}).tolist()
    [1, 0]
    """
    unknown = [name for name in names if name not in policies]
    if unknown:
        choices = ", ".join(sorted(policies))
        raise ValueError(f"no compiled policy {unknown[0]!r}; choose from: {choices}")
    return np.array([policies[name] for name in names], dtype=np.int64)
